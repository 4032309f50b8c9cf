"""Import boundaries: no cycle in scalestudy/ (between modules and between its parts), each part
importing only the layers below its own (LAYERS), TensorFlow/Horovod only in the trainer, a CLI
that starts without them (checked both statically, with ast, and by importing). Every import
statement counts, those inside functions too."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


def test_harness_side_imports_without_tensorflow():
    code = (
        "import sys\n"
        "import scalestudy.formats.point_config, scalestudy.formats.step_log\n"
        "import scalestudy.cost_models.comm_model, scalestudy.trainer.data, scalestudy.launchers\n"
        "import scalestudy.measure.ompi_monitoring, scalestudy.trainer.schedule\n"
        "import scalestudy.report.build, scalestudy.report.cli, scalestudy.collect\n"
        "import scalestudy.cost_models.comm_fit, scalestudy.workloads.comm\n"
        "heavy = [m for m in ('tensorflow', 'horovod', 'keras') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_report_verb_imports_no_pandas_or_matplotlib_until_it_runs():
    # scalestudy/cli.py imports the report's argument parser at start-up: keep --help fast
    code = (
        "import sys\n"
        "import scalestudy.report.cli\n"
        "heavy = [m for m in ('pandas', 'matplotlib', 'numpy') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- static: every import of every module, read with ast (nothing is imported) ----------------
PACKAGE = Path(__file__).resolve().parents[2] / "scalestudy"
HEAVY = {"tensorflow", "horovod", "keras"}
# Modules outside scalestudy/trainer/ allowed a TensorFlow/Horovod import, and why. Each entry
# must still import one (a stale entry fails), so the list can only shrink.
HEAVY_ALLOWED = {
    # the comm workload is a Horovod job of its own (run under mpirun, like the trainer); it
    # imports TensorFlow inside run(), never when the harness imports it
    "scalestudy.workloads.comm": "tensorflow",
}


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the module imported (a scalestudy module, or a top-level third-party name)
    line: int
    lazy: bool  # inside a function (runs when called), not at import time


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str, path: Path, known: set[str]) -> list[Import]:
    """Every import statement in the module, at any depth (functions, TYPE_CHECKING blocks),
    resolved to module names; `from pkg import mod` names the submodule when it is one."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(), str(path))
    lazy_lines = {
        n.lineno
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
        for n in ast.walk(f)
        if isinstance(n, ast.Import | ast.ImportFrom)
    }
    out = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the importing module's package
                package = name.split(".") if is_package else name.split(".")[:-1]
                anchor = package[: len(package) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [base]
            targets += [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
        for t in targets:
            top = t.split(".")[0]
            target = t if top == "scalestudy" else top
            if target != name:
                out.append(Import(name, target, node.lineno, node.lineno in lazy_lines))
    return out


def _graph() -> dict[str, list[Import]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycles(graph: dict[str, list[Import]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each a cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for imp in graph.get(v, []):
            w = imp.target
            if w not in graph:
                continue  # third-party
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_in_the_package_lazy_imports_included():
    """A cycle is a design smell even when a function-level import lets it run: every import
    statement counts (module level, in functions, under TYPE_CHECKING). Importing a submodule
    is an edge to that submodule only (not to its package's __init__)."""
    graph = _graph()
    problems = []
    for component in _cycles(graph):
        members = set(component)
        edges = [
            f"  {i.source}:{i.line} -> {i.target}{' (lazy)' if i.lazy else ''}"
            for m in component
            for i in graph[m]
            if i.target in members
        ]
        problems.append("cycle: " + ", ".join(component) + "\n" + "\n".join(edges))
    assert not problems, "\n".join(problems)


def test_the_cycle_finder_sees_a_lazy_cycle():
    lazy = {
        "a": [Import("a", "b", 1, False)],
        "b": [Import("b", "c", 1, False)],
        "c": [Import("c", "a", 9, True), Import("c", "numpy", 1, False)],
        "d": [Import("d", "a", 1, False)],
    }
    assert _cycles(lazy) == [["a", "b", "c"]]
    assert _cycles({**lazy, "c": []}) == []


def test_only_the_trainer_imports_tensorflow_or_horovod():
    heavy_users = {
        i.source: i.target
        for imports in _graph().values()
        for i in imports
        if i.target in HEAVY and not i.source.startswith("scalestudy.trainer")
    }
    assert heavy_users == HEAVY_ALLOWED


def test_the_cli_reaches_no_tensorflow_or_horovod_import():
    """Everything `scalestudy` (the console script) can import, following every import
    statement (lazy ones too) except into the trainer and the allowed Horovod workloads, which
    it only starts as separate processes (python -m) and never imports."""
    graph = _graph()
    seen, todo = set(), ["scalestudy.cli"]
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        todo += [i.target for i in graph.get(m, [])]
    heavy = sorted(seen & HEAVY)
    reached = sorted(m for m in seen if m.startswith("scalestudy.trainer") or m in HEAVY_ALLOWED)
    assert heavy == [] and reached == [], (heavy, reached)


def _unit(module: str) -> str:
    """The part of the package a module belongs to: a top-level module (scalestudy.profiles)
    or a subpackage (scalestudy.sweepfile, with everything under it)."""
    return ".".join(module.split(".")[:2])


def _unit_graph(graph: dict[str, list[Import]]) -> dict[str, list[Import]]:
    """The same imports between the package's parts: an edge from part A to part B for each
    import of a module of B by a module of A (imports inside one part drop out); `source`
    keeps the importing module, for the message."""
    units: dict[str, list[Import]] = {}
    for source, imports in graph.items():
        edges = units.setdefault(_unit(source), [])
        for i in imports:
            if i.target.startswith("scalestudy.") and _unit(i.target) != _unit(source):
                edges.append(Import(i.source, _unit(i.target), i.line, i.lazy))
    units.pop("scalestudy", None)  # the package's own __init__
    return units


def _unit_cycles(units: dict[str, list[Import]]) -> list[list[str]]:
    return _cycles({u: [Import(u, i.target, i.line, i.lazy) for i in e] for u, e in units.items()})


# Cycles between parts still to be broken, and why. Each must still be a cycle (a stale entry
# fails), so the list can only shrink.
UNIT_CYCLES_ALLOWED: set[tuple[str, ...]] = set()


def test_no_import_cycle_between_the_package_parts_lazy_imports_included():
    """A cycle between two parts of the package (profiles.py imported the sweep file's YAML
    loader while the sweep file's loader imported profiles.py) is a cycle even when no two
    modules import each other: the parts cannot be read, tested or moved apart."""
    units = _unit_graph(_graph())
    problems = []
    found = _unit_cycles(units)
    for component in found:
        if tuple(component) in UNIT_CYCLES_ALLOWED:
            continue
        members = set(component)
        edges = [
            f"  {i.source}:{i.line} -> {i.target}{' (lazy)' if i.lazy else ''}"
            for u in component
            for i in units[u]
            if i.target in members
        ]
        problems.append("cycle: " + ", ".join(component) + "\n" + "\n".join(edges))
    stale = UNIT_CYCLES_ALLOWED - {tuple(c) for c in found}
    assert not problems and not stale, "\n".join(problems) + f"\nno longer cycles: {stale}"


def test_the_part_graph_sees_a_cycle_that_no_two_modules_make():
    edge = Import
    graph = {
        "scalestudy.a": [edge("scalestudy.a", "scalestudy.b.leaf", 3, False)],
        "scalestudy.b.leaf": [],
        "scalestudy.b.top": [edge("scalestudy.b.top", "scalestudy.a", 5, True)],
    }
    assert _cycles(graph) == []  # the module graph has none
    assert _unit_cycles(_unit_graph(graph)) == [["scalestudy.a", "scalestudy.b"]]
    graph["scalestudy.b.top"] = []
    assert _unit_cycles(_unit_graph(graph)) == []


def test_workloads_import_no_report():
    """A workload runs inside the job; the report reads its output afterwards. What both need
    (the padded slots' share, SLOT_FRACTION) lives below both, in cost_models/."""
    upward = [
        f"{i.source}:{i.line} -> {i.target}"
        for imports in _graph().values()
        for i in imports
        if i.source.startswith("scalestudy.workloads") and i.target.startswith("scalestudy.report")
    ]
    assert upward == []


# -- layering: each part of the package imports only parts of the layers below its own --------
# The data flow, lowest first: what every part reads (errors, files, YAML, the contract), the
# site and the job (profiles, the trainer and the workloads a job runs), the sweep file, the
# plan, the rendered scripts, the executors that run them, collect, the report, compare, the
# history (runs over time, judged as compare judges), and
# the command line over all. A part of one layer imports none of its own layer either (peers).
# A new part of the package must be placed here (the test names it).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "rankenv", "progress", "templating", "provenance", "launchers", "sbatch_options"),
    ("fileio", "yamlfile", "cost_models", "containers", "localcluster", "uncertainty"),
    ("formats",),
    ("profiles", "trainer", "measure", "provenance_table"),
    ("workloads",),
    ("sweepfile", "capture", "starter", "profile_detect", "archive", "siteinstall"),
    ("plan", "inputs"),
    ("render",),
    ("executors",),
    ("collect", "submit", "status", "views"),
    ("report", "doctor"),
    ("compare",),
    ("history",),
    ("cli",),
)
# Imports of a part of the same or a higher layer that are there today, and why. Each must
# still be made (a stale entry fails), so the list can only shrink. Empty: the last one (the
# provenance table asking the executors' registry whether an executor queues jobs) reads
# formats/manifest.QUEUES_JOBS now, below both.
UPWARD_ALLOWED: dict[tuple[str, str], str] = {}


def _layer_of() -> dict[str, int]:
    return {f"scalestudy.{part}": k for k, layer in enumerate(LAYERS) for part in layer}


def _not_downward(units: dict[str, list[Import]], layer_of: dict[str, int]) -> list[Import]:
    """Every import of a part from a part whose layer is not below the importer's (the
    same-layer and upward ones), lazy ones included."""
    return [
        i
        for u, imports in units.items()
        for i in imports
        if i.target in layer_of and layer_of[i.target] >= layer_of[u]
    ]


def test_each_layer_imports_only_the_layers_below_it_lazy_imports_included():
    units = _unit_graph(_graph())
    layer_of = _layer_of()
    unplaced = sorted(set(units) - set(layer_of))
    gone = sorted(set(layer_of) - set(units))
    assert not unplaced and not gone, f"not in LAYERS: {unplaced}; in LAYERS, no part: {gone}"
    bad = _not_downward(units, layer_of)
    found = {(_unit(i.source), i.target) for i in bad}
    problems = sorted(
        {
            f"  {i.source}:{i.line} -> {i.target}{' (lazy)' if i.lazy else ''} "
            f"(layer {layer_of[_unit(i.source)]} imports layer {layer_of[i.target]})"
            for i in bad
            if (_unit(i.source), i.target) not in UPWARD_ALLOWED
        }
    )
    stale = sorted(set(UPWARD_ALLOWED) - found)
    assert not problems and not stale, (
        "imports of the same or a higher layer:\n" + "\n".join(problems) + f"\nstale: {stale}"
    )


def test_the_layer_check_sees_an_upward_and_a_same_layer_import():
    edge = Import
    layer_of = {"scalestudy.low": 0, "scalestudy.mid": 1, "scalestudy.peer": 1, "scalestudy.hi": 2}
    units = {
        "scalestudy.low": [edge("scalestudy.low.x", "scalestudy.hi", 7, True)],  # up, lazy
        "scalestudy.mid": [
            edge("scalestudy.mid", "scalestudy.low", 1, False),  # down: fine
            edge("scalestudy.mid", "scalestudy.peer", 2, False),  # same layer
        ],
        "scalestudy.hi": [edge("scalestudy.hi", "scalestudy.mid", 1, False)],
    }
    assert [(i.source, i.target) for i in _not_downward(units, layer_of)] == [
        ("scalestudy.low.x", "scalestudy.hi"),
        ("scalestudy.mid", "scalestudy.peer"),
    ]


# -- imports named as strings: the tables' "module:name" hooks, which the statements above do not
# show. Each is resolved by one part of the package (the consumer imports its own hook); its
# module must be of that part or of a layer below it, as an import statement would have to be.
HOOK_RESOLVERS = {
    # workloads' table field -> the part that imports it
    "collect": "scalestudy.collect",
    "figures": "scalestudy.report",
}


def _hooks() -> list[tuple[str, str, str]]:
    """(what names it, the part that resolves it, the module it names) of every hook in the
    workloads' table as it is."""
    from scalestudy.workloads import table as workloads

    out = []
    for w in workloads.TABLE.values():
        for field, resolver in HOOK_RESOLVERS.items():
            value = getattr(w, field)
            for hook in value if isinstance(value, tuple) else (value,):
                if hook:
                    out.append((f"workload {w.name}.{field}", resolver, hook.split(":")[0]))
    return out


def _hook_problems(hooks: list[tuple[str, str, str]], layer_of: dict[str, int]) -> list[str]:
    return [
        f"{what}: {module} (layer {layer_of[_unit(module)]}) is resolved by {resolver} "
        f"(layer {layer_of[resolver]})"
        for what, resolver, module in hooks
        if _unit(module) != resolver and layer_of[_unit(module)] >= layer_of[resolver]
    ]


def test_the_tables_hooks_name_modules_at_or_below_the_part_that_imports_them():
    hooks = _hooks()
    assert len(hooks) >= 3  # the comm workload's collect and figures, the trainer's figures
    layer_of = _layer_of()
    assert _hook_problems(hooks, layer_of) == []
    # a collect hook in the report would be an upward import when collect runs
    upward = [("workload x.collect", "scalestudy.collect", "scalestudy.report.figures")]
    assert len(_hook_problems(upward, layer_of)) == 1
