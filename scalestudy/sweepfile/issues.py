"""How a sweep's problems are said: `file:line: key: message`, every problem at once, with
the closest valid key when one is misspelt (the wording is the YAML leaf's, yamlfile/issues.py)."""

from __future__ import annotations

import difflib
from pathlib import Path

from scalestudy.errors import BadInput
from scalestudy.sweepfile.schema import TrainerSection, sweep_model
from scalestudy.yamlfile.issues import Issue, pydantic_issues, unique
from scalestudy.yamlfile.loader import Located, YamlError, load_file

__all__ = ["Issue", "SweepError", "located", "matrix_key_issue", "pydantic_issues", "unique"]


class SweepError(BadInput):
    names_its_file = True

    def __init__(self, path: Path, issues: list[Issue], partial: object = None):
        self.path, self.issues = path, issues
        # the sweep as far as it loaded (a LoadedSweep), so a later stage can still add its
        # problems to these; None when too little loaded
        self.partial = partial
        super().__init__("\n".join(i.format(path) for i in issues))


def matrix_key_issue(key: str) -> str | None:
    parts = key.split(".")
    if parts[0] == "trainer" and len(parts) >= 2:
        allowed = list(TrainerSection.model_fields)
        if parts[1] not in allowed:
            close = difflib.get_close_matches(parts[1], allowed, n=1, cutoff=0.6)
            return "unknown trainer key" + (
                f"; did you mean 'trainer.{close[0]}'?" if close else ""
            )
        return None
    # how the sweep is scheduled is one choice for all its variants, never a variant itself
    fixed = ("name", "cluster", "matrix", "schedule", "allocations")
    allowed = [k for k in sweep_model().model_fields if k not in fixed]
    if len(parts) == 1 and parts[0] in allowed:
        return None
    close = difflib.get_close_matches(
        key, [*allowed, *(f"trainer.{k}" for k in TrainerSection.model_fields)], n=1
    )
    return "not a key a matrix can vary" + (f"; did you mean {close[0]!r}?" if close else "")


def located(path: Path) -> Located:
    """A sweep file parsed with its lines; what cannot be read is a SweepError at its line."""
    try:
        return load_file(path)
    except YamlError as exc:
        raise SweepError(
            path, [Issue(i.line, ".".join(map(str, i.path)), i.message) for i in exc.issues]
        ) from None
    except UnicodeDecodeError:
        raise SweepError(path, [Issue(None, "", "not a UTF-8 text file")]) from None
    except OSError as exc:
        raise SweepError(path, [Issue(None, "", f"cannot read it ({exc.strerror})")]) from None
