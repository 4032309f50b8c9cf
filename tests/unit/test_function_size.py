"""No function of the package over 100 lines (issue #47, item 7): past that a function does
several jobs, which get names of their own."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "scalestudy"
LIMIT = 100


def long_functions(tree: ast.AST) -> list[tuple[str, int]]:
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno - node.lineno + 1 > LIMIT
    ]


def test_no_function_is_over_100_lines():
    found = [
        f"{path.relative_to(PACKAGE.parent)}: {name} ({lines} lines)"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name, lines in long_functions(ast.parse(path.read_text(), str(path)))
    ]
    assert found == [], "split these:\n" + "\n".join(found)


def test_the_count_sees_a_long_function():
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    assert long_functions(ast.parse(f"def f():\n{body}\n")) == [("f", LIMIT + 1)]
    assert long_functions(ast.parse(f"def f():\n{body[: body.rindex(chr(10))]}\n")) == []
