"""The workloads a sweep may run, one entry each: what exists, and everything the harness does
differently for one. A new workload is an entry here (`register`) and the module its job runs.

Each entry says
- `module`: what the job script runs (`python -m <module> --config point.json`), by dotted name:
  the table imports no workload (comm and peak need TensorFlow, the harness does not);
- `summary`: its sentence in the sweep reference (docgen);
- `trains`: whether it is the trainer the sweep's trainer checks are about (the mesh, the
  baseline, `expect:`, the batch a user must give, the exchange in the variant's label and its
  flags); a workload that does not train gets any valid batch and is named by its name;
- `options`: the sweep key of its options block (the `comm:` block), or None, and
  `options_model`: the pydantic model of that block (a class of formats/, below this table;
  its fields' `description`s are the sweep reference's sentences); the options go into
  point.json, into the point's identity and points.jsonl record, and compare matches on them;
- `sweep_keys`: its other sweep keys (`SweepKey`: name, type, default, bounds, sentence).
  The sweep schema (sweepfile/schema.py) gets its fields from these two, after `workload`, in
  the table's order; validate refuses them under another workload;
- `job_extras(sweep, binds)`: what else its point.json holds (the probe's seconds and whether
  ranks must not share CPUs: `binds`, the profile's launcher pins ranks);
- `collect`: "module:function" collect runs after the rows, `(points, rows, sweep_dir,
  cluster)`, for what its job wrote beyond step logs (comm: comm.csv and the fit), or None;
- `report_part`: the report's Analysis attribute holding what it read of this workload's points
  (trainer: variants, probe: probes, comm: comm results), and `figures`: "module:function"s
  drawing them, `(analysis) -> figure or list of figures`, drawn when that part is not empty;
- `log_marks`: files in a point's logs only its job writes; with `collected` (the file collect
  writes for it beside results.csv) they name the workload of a point in a table without
  points.jsonl's `workload` (report/analysis.py's one legacy rule).

Hooks are named by string so that this module, below the sweep file, collect and report in the
package's layers, imports none of them: the consumer resolves its own (`hook`). An options model
lives in formats/, below this table, which imports it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from scalestudy.formats.comm_options import CommOptions

DEFAULT = "trainer"  # a sweep without `workload:`, a record without one


@dataclass(frozen=True)
class SweepKey:
    """A top-level sweep key only one workload reads (the probe's `probe_seconds`), as the sweep
    schema declares it: `type` a Python type or annotation, `default`, `bounds` pydantic
    `Field`'s constraints as pairs (("gt", 0), ("le", 3600)), `description` its sentence in the
    sweep reference."""

    name: str
    type: Any
    default: Any
    description: str
    bounds: tuple[tuple[str, Any], ...] = ()

    def violated(self, value) -> str | None:
        """The bounds `value` breaks, said as a user reads them ("above 0 and at most 600"),
        else None: for a command-line option that sets this key (doctor's --peak-seconds)."""
        said = {"gt": "above", "ge": "at least", "lt": "below", "le": "at most"}
        holds = {
            "gt": lambda a, b: a > b,
            "ge": lambda a, b: a >= b,
            "lt": lambda a, b: a < b,
            "le": lambda a, b: a <= b,
        }
        for op, bound in self.bounds:
            if not holds[op](value, bound):
                return " and ".join(f"{said[o]} {b:g}" for o, b in self.bounds)
        return None


@dataclass(frozen=True)
class Workload:
    name: str
    summary: str
    module: str
    trains: bool = False
    options: str | None = None
    options_model: type[BaseModel] | None = None
    sweep_keys: tuple[SweepKey, ...] = ()
    job_extras: Callable[[Any, bool], dict] | None = None
    collect: str | None = None
    collected: str | None = None
    report_part: str | None = None
    figures: tuple[str, ...] = ()
    log_marks: tuple[str, ...] = ()

    def options_of(self, sweep) -> dict:
        """{options key: the sweep's options, as JSON} (empty without options)."""
        if self.options is None:
            return {}
        return {self.options: getattr(sweep, self.options).model_dump(mode="json")}

    def own_keys(self) -> tuple[str, ...]:
        """The sweep keys that are its own: its other keys, then its options block."""
        return (*(k.name for k in self.sweep_keys), *((self.options,) if self.options else ()))

    def point_json(self, sweep, binds: bool) -> dict:
        """What its point.json holds beyond the trainer's configuration."""
        extras = self.job_extras(sweep, binds) if self.job_extras else {}
        return {**extras, **self.options_of(sweep)}


def _probe_extras(sweep, binds: bool) -> dict:
    return {"probe_seconds": sweep.probe_seconds, "expect_disjoint_cpus": binds}


def _peak_extras(sweep, binds: bool) -> dict:
    return {"peak_seconds": sweep.peak_seconds}


TABLE: dict[str, Workload] = {}


def register(w: Workload) -> Workload:
    TABLE[w.name] = w
    return w


register(
    Workload(
        "trainer",
        "the Transformer trainer",
        "scalestudy.trainer",
        trains=True,
        report_part="variants",
        figures=("scalestudy.report.figures:trainer_figures",),
    )
)
register(
    Workload(
        "probe",
        "a seconds-long check of placement, binding and signal delivery (no TensorFlow, no "
        "MPI initialisation)",
        "scalestudy.workloads.probe",
        sweep_keys=(
            SweepKey(
                "probe_seconds",
                float,
                3.0,
                "`workload: probe`: seconds of CPU timing each rank runs.",
                bounds=(("gt", 0), ("le", 3600)),
            ),
        ),
        job_extras=_probe_extras,
        report_part="probes",
        log_marks=("probe-check.json", "probe.rank0.json"),
    )
)
register(
    Workload(
        "comm",
        "Horovod collectives alone, on the trainer's exchange shapes plus a size sweep",
        "scalestudy.workloads.comm",
        options="comm",
        options_model=CommOptions,
        collect="scalestudy.collect.comm:collect_comm",
        collected="comm.csv",
        report_part="comm",
        figures=("scalestudy.report.figures.comm:draw",),
    )
)
register(
    Workload(
        "peak",
        "each rank's dense matmul rate in fp32 and bf16 with the sweep's threads (`doctor` "
        "runs it: the trainer's FLOP/s is reported as a share of it)",
        "scalestudy.workloads.peak",
        sweep_keys=(
            SweepKey(
                "peak_seconds",
                float,
                20.0,
                "`workload: peak`: seconds of timing per precision (fp32, then bf16): each "
                "times its smallest matmul size whatever the budget, then larger ones while "
                "time is left (fewer seconds: fewer sizes, a lower rate where a larger size "
                "runs faster).",
                bounds=(("gt", 0), ("le", 600)),
            ),
        ),
        job_extras=_peak_extras,
    )
)


def sweep_key(workload: str, name: str) -> SweepKey:
    """One workload's sweep key, as its entry declares it."""
    return next(k for k in TABLE[workload].sweep_keys if k.name == name)


def names() -> tuple[str, ...]:
    """The workloads' names, read at each call (a test's or a site's entry included)."""
    return tuple(TABLE)


def get(name: str | None) -> Workload:
    """The entry of `name` (None: the default)."""
    return TABLE[name or DEFAULT]


def keys_of_workload() -> dict[str, str]:
    """sweep key -> the workload it belongs to."""
    return {k: w.name for w in TABLE.values() for k in w.own_keys()}


def options_keys() -> tuple[str, ...]:
    """Every workload's options key (a points.jsonl record holds its own workload's)."""
    return tuple(w.options for w in TABLE.values() if w.options)


def hook(name: str) -> Any:
    """What a "module:name" string names (a hook's function, an options model), imported now."""
    module, _, function = name.partition(":")
    return getattr(importlib.import_module(module), function)
