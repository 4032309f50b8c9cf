"""YAML loading that remembers where every key came from.

PyYAML's composer gives nodes with line marks; we construct plain Python values ourselves so
that duplicate keys, non-string keys and any tag that would construct an object are errors that
name the line, instead of being silently accepted or raising deep inside a constructor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from scalestudy.errors import BadInput

Path_ = tuple[str | int, ...]

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


@dataclass
class Located:
    """A loaded document and the line (1-based) of every key path in it."""

    data: object
    lines: dict[Path_, int] = field(default_factory=dict)

    def line_of(self, path: Path_) -> int | None:
        """Line of the longest prefix of `path` that exists in the file."""
        for n in range(len(path), -1, -1):
            if path[:n] in self.lines:
                return self.lines[path[:n]]
        return None


@dataclass
class LoadIssue:
    line: int | None
    path: Path_
    message: str


class YamlError(BadInput):
    def __init__(self, issues: list[LoadIssue]):
        super().__init__("; ".join(i.message for i in issues))
        self.issues = issues


def load_located(text: str) -> Located:
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise YamlError([LoadIssue(line, (), f"YAML syntax error: {exc.problem}")]) from None
    except yaml.YAMLError as exc:
        raise YamlError([LoadIssue(None, (), f"YAML error: {exc}")]) from None
    if node is None:
        raise YamlError([LoadIssue(1, (), "the file is empty")])
    out = Located(None)
    issues: list[LoadIssue] = []
    out.data = _build(node, (), out.lines, issues)
    if issues:
        raise YamlError(issues)
    out.lines.setdefault((), node.start_mark.line + 1)
    return out


def load_file(path: str | Path) -> Located:
    return load_located(Path(path).read_text(encoding="utf-8"))


def _build(node, path: Path_, lines: dict, issues: list[LoadIssue]):
    line = node.start_mark.line + 1
    if node.tag not in _PLAIN_TAGS:
        issues.append(LoadIssue(line, path, f"tag {node.tag!r} is not allowed (plain YAML only)"))
        return None
    if isinstance(node, yaml.MappingNode):
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                issues.append(
                    LoadIssue(
                        key_node.start_mark.line + 1, path, "merge keys (<<) are not supported"
                    )
                )
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != "tag:yaml.org,2002:str":
                issues.append(
                    LoadIssue(
                        key_node.start_mark.line + 1,
                        path,
                        f"key {key_node.value!r} must be a string",
                    )
                )
                continue
            key = key_node.value
            key_line = key_node.start_mark.line + 1
            if key in result:
                issues.append(
                    LoadIssue(
                        key_line,
                        (*path, key),
                        f"duplicate key (first at line {lines[(*path, key)]})",
                    )
                )
                continue
            lines[(*path, key)] = key_line
            result[key] = _build(value_node, (*path, key), lines, issues)
        return result
    if isinstance(node, yaml.SequenceNode):
        items = []
        for i, child in enumerate(node.value):
            lines[(*path, i)] = child.start_mark.line + 1
            items.append(_build(child, (*path, i), lines, issues))
        return items
    return _SCALARS.construct_object(node, deep=True)


# Scalars only reach here with a plain tag: the safe constructor turns them into str/int/...
_SCALARS = yaml.SafeLoader("")
