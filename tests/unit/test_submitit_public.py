"""No private name of submitit is used (issue #47, item 3): a submitit release may rename or
drop any of them without notice, and submission would break only when jobs are submitted. The
harness owns the sbatch call (executors/slurmctl.py) and reads sacct's answer with submitit's
public `SlurmInfoWatcher.read_info`; this test fails on a subclass of a submitit class (whose
private hooks it would override), an import of a private name, or an attribute access whose
name is private to submitit's classes, in any file of the project that names submitit."""

from __future__ import annotations

import ast
from pathlib import Path

import submitit

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("scalestudy", "tests", "benchmarks", "scripts")


def _submitit_private_names() -> set[str]:
    """Every non-dunder name starting with _ that submitit's own sources define: functions,
    methods, class attributes and the attributes their methods set (`self._output = ...`)."""
    names: set[str] = set()
    for path in Path(submitit.__file__).parent.rglob("*.py"):
        if path.name.startswith("test_") or path.name == "conftest.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return {n for n in names if n.startswith("_") and not n.endswith("__")}


PRIVATE = _submitit_private_names()


def uses(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) of every use of submitit beyond its public API in a module."""
    from_submitit: set[str] = set()  # local names bound to submitit objects
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("submitit"):
            if any(part.startswith("_") for part in (node.module or "").split(".")):
                found.append((node.lineno, f"imports private module {node.module}"))
            for alias in node.names:
                from_submitit.add(alias.asname or alias.name)
                if alias.name.startswith("_"):
                    found.append((node.lineno, f"imports private {alias.name}"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("submitit"):
                    from_submitit.add((alias.asname or alias.name).split(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                root = base
                while isinstance(root, ast.Attribute):
                    root = root.value
                if isinstance(root, ast.Name) and root.id in from_submitit:
                    found.append((node.lineno, f"class {node.name} subclasses submitit's"))
        elif isinstance(node, ast.Attribute) and node.attr in PRIVATE:
            found.append((node.lineno, f"uses private attribute {node.attr}"))
    return found


def test_the_project_uses_only_submitits_public_api():
    assert "_submit_command" in PRIVATE and "_output" in PRIVATE  # the names it used to use
    offenders = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text()
            if "submitit" not in text or path == Path(__file__).resolve():
                continue
            for line, what in uses(ast.parse(text, str(path))):
                offenders.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert offenders == [], "\n".join(offenders)


def test_the_check_sees_what_it_is_about():
    code = (
        "import submitit\n"
        "from submitit.slurm.slurm import SlurmInfoWatcher\n"
        "from submitit.core.utils import _something\n"
        "class Mine(submitit.SlurmExecutor):\n    pass\n"
        "class Watch(SlurmInfoWatcher):\n    pass\n"
        "job = executor._submit_command('x')\n"
        "fine = SlurmInfoWatcher(delay_s=0).read_info('')\n"
    )
    assert [line for line, _ in uses(ast.parse(code))] == [3, 4, 6, 8]
