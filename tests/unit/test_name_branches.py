"""No launcher or container runtime is named in a branch outside its table (issue #47, item
4): a behaviour that differs per launcher or runtime is a field of its entry in
launchers.LAUNCHERS or containers.RUNTIMES, which every layer asks; a comparison with the name
(`launcher == "ibrun"`, `runtime in ("pyxis", ...)`) or a lookup of one named entry
(`LAUNCHERS["ibrun"]`) elsewhere is a second home for that behaviour."""

from __future__ import annotations

import ast
from pathlib import Path

from scalestudy import containers, launchers

PACKAGE = Path(__file__).resolve().parents[2] / "scalestudy"
NAMES = set(launchers.LAUNCHERS) | set(containers.RUNTIMES)
TABLES = {"LAUNCHERS", "RUNTIMES"}


def _literals(node: ast.AST) -> list[str]:
    """The string constants of a comparison's side: a constant, or a tuple/list/set of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant)]
    return []


def branches(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) of every comparison with a table's name and every named table lookup."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                for name in _literals(side):
                    if name in NAMES:
                        found.append((node.lineno, f"compares with {name!r}"))
        elif isinstance(node, ast.Subscript):
            table = node.value
            key = node.slice
            if (
                isinstance(table, (ast.Name, ast.Attribute))
                and (table.id if isinstance(table, ast.Name) else table.attr) in TABLES
                and isinstance(key, ast.Constant)
            ):
                found.append((node.lineno, f"looks up {key.value!r} by name"))
    return found


def test_no_module_branches_on_a_launcher_or_runtime_name():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for line, what in branches(ast.parse(path.read_text(), str(path))):
            offenders.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {what}")
    assert offenders == [], "a field of the table's entry instead:\n" + "\n".join(offenders)


def test_the_check_sees_the_branches_it_is_about():
    code = (
        'if profile.launcher == "ibrun": pass\n'
        'if "srun" != launcher: pass\n'
        'ok = runtime in ("pyxis", "other")\n'
        'entry = launchers.LAUNCHERS["ibrun"]\n'
        'rt = RUNTIMES["charliecloud"]\n'
        'fine = profile.scheduler == "slurm"\n'
    )
    assert [line for line, _ in branches(ast.parse(code))] == [1, 2, 3, 4, 5]
