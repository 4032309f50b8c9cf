"""How a sweep's problems are said: `file:line: key: message`, every problem at once, with
the closest valid key when one is misspelt."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from scalestudy.errors import BadInput
from scalestudy.spec.schema import Sweep, TrainerSection
from scalestudy.spec.yamlload import Located, YamlError, load_file


@dataclass
class Issue:
    line: int | None
    key: str
    message: str

    def format(self, path: Path) -> str:
        where = f"{path}:{self.line}" if self.line else str(path)
        return f"{where}: {self.key or '<top>'}: {self.message}"


class SweepError(BadInput):
    names_its_file = True

    def __init__(self, path: Path, issues: list[Issue]):
        self.path, self.issues = path, issues
        super().__init__("\n".join(i.format(path) for i in issues))


def _allowed_keys(model: type[BaseModel], loc: tuple) -> list[str]:
    """Field names (and aliases) valid at the mapping that holds loc[-1]."""
    current: Any = model
    for part in loc[:-1]:
        if isinstance(part, int):  # an item of a list of mappings (expect[i])
            continue
        fields = getattr(current, "model_fields", None)
        if not fields or part not in fields:
            return []
        ann = fields[part].annotation
        options = [a for a in getattr(ann, "__args__", (ann,)) if hasattr(a, "model_fields")]
        if not options:
            return []
        current = options[0]
    fields = getattr(current, "model_fields", {})
    return [f.alias or k for k, f in fields.items()]


def pydantic_issues(exc: ValidationError, located: Located, model, prefix=()) -> list[Issue]:
    issues = []
    for err in exc.errors():
        loc = tuple(
            x
            for x in err["loc"]
            if x not in ("list[int]", "NodeRange", "str", "ModelSpec", "[key]")
        )
        loc = (*prefix, *loc)
        key = ".".join(map(str, loc))
        msg = err["msg"].removeprefix("Value error, ")  # a validator's own sentence
        if err["type"] == "extra_forbidden":
            close = difflib.get_close_matches(
                str(loc[-1]), _allowed_keys(model, loc[len(prefix) :]), n=1, cutoff=0.6
            )
            msg = "unknown key" + (f"; did you mean {close[0]!r}?" if close else "")
        elif err["type"] == "missing":
            msg = "required key is missing"
        elif loc[-1:] == ("time_limit",) and err["type"] == "string_type":
            msg += "; quote it (unquoted YAML reads 1:30:00 as the number 5400)"
        issues.append(Issue(located.line_of(loc), key, msg))
    # A key's failure under a union reports once per union member: keep the first of each.
    seen, unique = set(), []
    for i in issues:
        if (i.key, i.line) not in seen:
            seen.add((i.key, i.line))
            unique.append(i)
    return unique


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
    allowed = [k for k in Sweep.model_fields if k not in fixed]
    if len(parts) == 1 and parts[0] in allowed:
        return None
    close = difflib.get_close_matches(
        key, [*allowed, *(f"trainer.{k}" for k in TrainerSection.model_fields)], n=1
    )
    return "not a key a matrix can vary" + (f"; did you mean {close[0]!r}?" if close else "")


def unique(issues: list[Issue]) -> list[Issue]:
    seen, out = set(), []
    for i in issues:
        if (i.line, i.key, i.message) not in seen:
            seen.add((i.line, i.key, i.message))
            out.append(i)
    return out


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
