"""How a YAML file's problems are said: `file:line: key: message`, every problem at once,
with the closest valid key when one is misspelt. A leaf: the sweep file and the cluster
profiles both use it, and it imports neither."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from scalestudy.yamlfile.loader import Located


@dataclass
class Issue:
    line: int | None
    key: str
    message: str
    # the file it is in, when not the one being read (a sweep's profile)
    file: Path | None = None

    def format(self, path: Path) -> str:
        path = self.file or path
        where = f"{path}:{self.line}" if self.line else str(path)
        return f"{where}: {self.key or '<top>'}: {self.message}"


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


def unique(issues: list[Issue]) -> list[Issue]:
    seen, out = set(), []
    for i in issues:
        if (i.file, i.line, i.key, i.message) not in seen:
            seen.add((i.file, i.line, i.key, i.message))
            out.append(i)
    return out
