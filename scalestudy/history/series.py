"""The history's runs -> one series per matched point: each run's median tokens/s with its
interval from the product's one noise model (scalestudy/uncertainty: the run's noise pooled
over its points, as `compare` pools one run), the change points found in it (changes.py), and
what changed in the provenance across each (compare/envdiff.py's comparison of the two runs'
captures). Points are matched across runs by configuration identity (compare/match.py's key),
never by label or point id."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from scalestudy.compare import envdiff
from scalestudy.compare.analysis import runs_noise
from scalestudy.history import changes
from scalestudy.history.store import Entry, PointEntry
from scalestudy.uncertainty import model as uncertainty
from scalestudy.uncertainty.model import CONFIDENCE, Clustered, Estimate, Noise

# the provenance fields a change is first explained by (issue #45), then every other change
KEY_FIELDS = (
    ("software", "scalestudy commit"),
    ("software", "MPI"),
    ("site", "modules (module list)"),
    ("site", "modules loaded (job.sh)"),
    ("software", "Slurm"),
    ("site", "container image"),
    ("machine", "nodes"),
)


@dataclass
class RunPoint:
    run: int  # index into the history's runs
    level: Estimate  # median tokens/s with the interval of the run's level
    log_level: float  # mean log of the units (what the change search reads)
    se: float | None  # the noise model's standard error of log_level (None: unjudged)
    completed: int
    unclocked: int | None = None  # its tokens/s unchecked by the step records (None: unknown)


@dataclass
class Series:
    key: str
    variant_key: str
    label: str
    mode: str
    nodes: int
    ppn: int
    workers: int
    points: list[RunPoint] = field(default_factory=list)
    changes: list[changes.Change] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)  # run points not judged, and why

    @property
    def name(self) -> str:
        label = self.label or "?"
        return f"{label}@{self.nodes}x{self.ppn}" + (
            "" if self.mode == "weak" else f" [{self.mode}]"
        )


def samples_of(p: PointEntry) -> uncertainty.Samples:
    return Clustered.of(p.tokens, p.token_allocations)


def run_noise(entry: Entry) -> Noise:
    """A run's noise of tokens/s, pooled over its points (compare's rule for one run)."""
    return runs_noise([[(samples_of(p), p.workers) for p in entry.points]])


def build(
    runs: list[Entry],
    *,
    budget: float = changes.BUDGET,
    confidence: float = CONFIDENCE,
    keep=lambda s: True,
) -> list[Series]:
    out: dict[str, Series] = {}
    for i, entry in enumerate(runs):
        noise = run_noise(entry)
        for p in entry.points:
            samples = samples_of(p)
            level = uncertainty.level(samples, noise, p.workers, confidence)
            logs = uncertainty.units(samples)
            if level is None or not logs:
                continue
            s = out.get(p.key)
            if s is None:
                s = out[p.key] = Series(
                    p.key, p.variant_key, p.label, p.mode, p.nodes, p.ppn, p.workers
                )
            sd = noise.s_at(p.workers) if noise.judged else None
            se = sd / math.sqrt(len(logs)) if sd else None
            s.points.append(
                RunPoint(i, level, sum(logs) / len(logs), se, len(p.tokens), p.unclocked)
            )
    chosen = [s for s in out.values() if keep(s)]
    for s in chosen:
        clock_guard(s, runs)
    sweeps = {s.key: {runs[p.run].sweep for p in s.points} for s in chosen}
    for s in chosen:
        # the budget is per run over a sweep's points: P counts the series of its sweep(s), not
        # every sweep's in a site's shared history (another sweep's runs lowered alpha here)
        mine = sweeps[s.key]
        s.changes = changes.detect(
            [p.log_level for p in s.points],
            [p.se for p in s.points],
            points=max(1, sum(1 for o in chosen if sweeps[o.key] & mine)),
            budget=budget,
            confidence=confidence,
        )
    return sorted(chosen, key=lambda s: (s.mode, s.label, s.workers, s.key))


def clock_guard(s: Series, runs: list[Entry]) -> None:
    """compare's clock rule over time (compare/analysis.clock_mismatch): where some runs'
    tokens/s of a point were checked against their step records and others' were not (a
    trainer whose timed window held the compute probe read up to 2x low), the unchecked runs
    leave the series, said in `left_out`, so that the fix is not read as a change. Runs that
    do not say (entries written before the count was kept) stay."""
    checked = [p for p in s.points if p.unclocked == 0]
    unchecked = [p for p in s.points if p.unclocked]
    if not checked or not unchecked:
        return
    s.points = [p for p in s.points if not p.unclocked]
    names = ", ".join(runs[p.run].label for p in unchecked[:4])
    more = f" and {len(unchecked) - 4} more" if len(unchecked) > 4 else ""
    s.left_out.append(
        f"{s.name}: {len(unchecked)} run(s) left out ({names}{more}): their tokens/s were not "
        "checked against their step records (collected before the three-clock check, or by a "
        "trainer whose timed window held the compute probe), other runs' were; re-collect them "
        "and `scalestudy history add` again"
    )


def capture_of(entry: Entry) -> envdiff.Capture:
    cap = envdiff.Capture()
    for section, name, values in entry.provenance:
        for v in values:
            cap.add(section, name, v)
    return cap


def provenance_changes(before: Entry, after: Entry) -> list[envdiff.Field]:
    """What changed between two runs (envdiff's fields), the issue's key fields first."""
    fields = [f for f in envdiff.compare(capture_of(before), capture_of(after)) if f.changed]
    rank = {k: i for i, k in enumerate(KEY_FIELDS)}
    return sorted(fields, key=lambda f: rank.get((f.section, f.name), len(rank)))
