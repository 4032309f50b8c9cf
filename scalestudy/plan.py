"""Sweep -> points. All weak/strong arithmetic lives here.

A point is one variant at one node count, one repeat and (schedule: bundled) one allocation.
Its id (_point_id) is `n<nodes, 4 digits>-p<ppn>-<hash>-r<repeat>`, or
`n<nodes>-p<ppn>-<hash>-a<allocation>-r<repeat>` when bundled. <hash> is the first 10 hex
digits of the SHA-256 of the point's scientific parameters as sorted JSON: the profile's name,
mode, nodes, ppn, threads per worker, the trainer configuration (PointConfig without log_dir and
checkpoint_dir), the environment (the profile's env under the sweep's) and, for another
workload, its name (and the comm options). Repeat and allocation are the suffix, not hashed.
So editing a template, a time limit, Slurm options or modules never turns old results into new
points. The template's hash is kept as provenance.

A variant is one combination of the sweep's matrix values, leaving out NOT_VARIANT_KEYS (the
size and how the jobs run): one experiment, measured at every node count, repeat and
allocation. The plan names it once, here: `variant` (an id hashed from the sweep's name and
those matrix values) and `variant_label` (what a reader sees in legends: the keys that vary
between the sweep's variants). collect writes both into results.csv and the report groups by
the id alone, so a new matrix dimension needs no change in the report.
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
import math
from dataclasses import dataclass, field
from typing import Any

from scalestudy import sbatch_options
from scalestudy.cost_models import strategies
from scalestudy.cost_models.memory_model import MemoryEstimate, estimate
from scalestudy.formats.point_config import OWN_FOLDERS, PointConfig
from scalestudy.profiles import Profile
from scalestudy.sweepfile import baseline
from scalestudy.sweepfile.sweep import (
    Issue,
    LoadedSweep,
    SweepError,
    SweepModel,
    time_limit_minutes,
)
from scalestudy.sweepfile.sweep import Variant as SweepVariant
from scalestudy.workloads import table as workloads


@dataclass
class Point:
    id: str
    sweep: SweepModel
    nodes: int
    repeat: int
    config: PointConfig
    overrides: dict = field(default_factory=dict)
    memory: MemoryEstimate | None = None
    node_memory_bytes: float = 0.0
    allocation: int | None = None  # bundled schedule: which independent allocation
    variant: str = ""  # the experiment this point is one size/repeat of (variant_id)
    variant_label: str = ""  # how legends name that variant (variant_labels)
    baseline: bool = False  # its variant is the sweep's baseline (sweepfile/baseline.py)

    @property
    def ppn(self) -> int:
        return self.sweep.ppn

    @property
    def workers(self) -> int:
        return self.nodes * self.sweep.ppn

    @property
    def tokens_per_worker(self) -> int:
        c = self.config
        return c.tokens_per_worker if c.mode == "weak" else c.global_batch_tokens // self.workers

    @property
    def global_batch_tokens(self) -> int:
        c = self.config
        return c.tokens_per_worker * self.workers if c.mode == "weak" else c.global_batch_tokens

    @property
    def memory_per_node(self) -> int:
        assert self.memory is not None
        return self.memory.per_rank * self.ppn

    @property
    def fits(self) -> bool:
        return self.memory_per_node <= self.node_memory_bytes

    @property
    def flags(self) -> str:
        if not workloads.get(self.sweep.workload).trains:
            return self.sweep.workload
        c = self.config
        flags = f"{c.accumulation},{_exchange_word(c.exchange)}"
        # the defaults (overlapped, fp32) go unsaid, so the usual table stays narrow
        if c.timing != "overlapped":
            flags += f",{c.timing}"
        if c.precision != "fp32":
            flags += f",{c.precision}"
        if c.compression != "none":
            flags += f",{c.compression} allreduce"  # Horovod compresses allreduces only
        if c.mesh.model > 1:
            flags += f",mesh {c.mesh.model}"
        return flags


def submitted(point: Point, allow_oom: bool = False) -> bool:
    """The out-of-memory rule, its one home: a point predicted not to fit in a node's memory
    is not submitted unless `--allow-oom`. `plan` (its jobs and node-hours), `render` (the
    scripts it writes) and `submit` (what it runs) all ask this."""
    return point.fits or allow_oom


# Sweep keys a matrix may vary that do not make another experiment: the size (a variant is
# every size of one experiment) and how its jobs are run (limits, site options, interpreter).
NOT_VARIANT_KEYS = frozenset(
    {"nodes", "repeats", "time_limit", "slurm", "modules", "python", "max_jobs_in_queue"}
)


def variant_overrides(overrides: dict[str, Any]) -> dict[str, Any]:
    """The matrix values that make a variant: all but the size and how the jobs run."""
    return {k: v for k, v in overrides.items() if k.split(".")[0] not in NOT_VARIANT_KEYS}


def variant_id(sweep_name: str, overrides: dict[str, Any]) -> str:
    """Short and stable: the same sweep and matrix values give the same id in every plan."""
    payload = {"sweep": sweep_name, "overrides": variant_overrides(overrides)}
    text = json.dumps(payload, sort_keys=True, default=str)
    return "v" + hashlib.sha256(text.encode()).hexdigest()[:8]


def _label_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, (dict, list)):
        return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return str(value)


def _exchange_word(exchange: str) -> str:
    """The word plans and legends use for an exchange (the strategy table's)."""
    return strategies.get(exchange).word


def _label_part(key: str, value: Any) -> str:
    # the report's long-standing words for its two most compared settings
    if key == "trainer.sparse_as_dense":
        return "dense" if value else "sparse"
    if key == "trainer.exchange":
        return _exchange_word(value)
    if key == "trainer.learning_rate":
        return f"lr={_label_value(value)}"
    return f"{key.removeprefix('trainer.')}={_label_value(value)}"


def variant_labels(variants: list[SweepVariant], sweep_name: str) -> dict[str, str]:
    """Each variant's id -> its label: a trainer variant says its exchange first (the
    comparison the report is about: sparse or dense, the paper's words, or the method's name,
    e.g. sparse_reduce), then key=value for every matrix key whose value differs between the
    sweep's variants. One variant reads "sparse" or "dense" (another workload: its name)."""
    found: dict[str, tuple[dict[str, Any], SweepModel]] = {}
    for v in variants:
        found.setdefault(
            variant_id(sweep_name, v.overrides), (variant_overrides(v.overrides), v.sweep)
        )
    keys: list[str] = []
    for overrides, _ in found.values():
        keys += [k for k in overrides if k not in keys]

    def seen(k: str) -> set[str]:
        return {json.dumps(o.get(k), sort_keys=True, default=str) for o, _ in found.values()}

    differing = [k for k in keys if len(seen(k)) > 1]
    out = {}
    for vid, (overrides, sw) in found.items():
        parts = []
        if workloads.get(sw.workload).trains:
            # `exchange` when set (it decides, see PointConfig), else sparse_as_dense
            method = sw.trainer.exchange or strategies.from_switch(sw.trainer.sparse_as_dense).name
            parts.append(_label_part("trainer.exchange", method))
        parts += [
            _label_part(k, overrides.get(k))
            for k in differing
            if k not in ("trainer.sparse_as_dense", "trainer.exchange")
        ]
        out[vid] = ", ".join(parts) or sw.workload
    return out


def _science_digest(science: dict) -> str:
    """The part of a point id its configuration decides (its repeats share it)."""
    return hashlib.sha256(json.dumps(science, sort_keys=True).encode()).hexdigest()[:10]


def _point_id(
    science: dict | str, nodes: int, ppn: int, repeat: int, allocation: int | None = None
) -> str:
    """n<nodes>-p<ppn>-<digest>-[a<allocation>-]r<repeat>; `science` or its digest."""
    digest = science if isinstance(science, str) else _science_digest(science)
    sample = f"a{allocation}-r{repeat}" if allocation is not None else f"r{repeat}"
    return f"n{nodes:04d}-p{ppn}-{digest}-{sample}"


def allocations_of(sweep: SweepModel) -> list[int | None]:
    if sweep.schedule != "bundled":
        return [None]
    return list(range(sweep.allocation_count))


@dataclass
class Bundle:
    """Points that share one allocation (schedule: bundled), in the order they run."""

    id: str
    nodes: int
    ppn: int
    allocation: int
    members: list[Point]

    @property
    def sweep(self) -> SweepModel:
        return self.members[0].sweep


def make_bundles(points: list[Point], attempt_salt: str = "") -> list[Bundle]:
    """Group bundled points by (nodes, ppn, threads, allocation) and shuffle each group into
    a random interleaved order, seeded by its members (and the attempt) so it is reproducible
    and recorded, not chosen by hand."""
    import random

    groups: dict[tuple, list[Point]] = {}
    for p in points:
        key = (p.nodes, p.ppn, p.sweep.threads_per_worker, p.allocation)
        groups.setdefault(key, []).append(p)
    out = []
    for (nodes, ppn, threads, alloc), members in sorted(groups.items()):
        ids = sorted(m.id for m in members)
        digest = hashlib.sha256("|".join([*ids, attempt_salt]).encode()).hexdigest()[:8]
        order = sorted(members, key=lambda m: m.id)
        random.Random(digest).shuffle(order)
        bid = f"b{nodes:04d}-p{ppn}-t{threads}-a{alloc}-{digest}"
        out.append(Bundle(bid, nodes, ppn, alloc, order))
    return out


def make_plan(loaded: LoadedSweep) -> list[Point]:
    profile = loaded.profile
    points: list[Point] = []
    labels = variant_labels(loaded.variants, loaded.sweep.name)
    for variant in loaded.variants:
        sw = variant.sweep
        vid = variant_id(loaded.sweep.name, variant.overrides)
        for nodes, cfg in variant.point_configs.items():
            science = {
                "cluster": profile.name,
                "mode": sw.mode,
                "nodes": nodes,
                "ppn": sw.ppn,
                "threads": sw.threads_per_worker,
                "trainer": cfg.identity(exclude=set(OWN_FOLDERS)),
                "env": {**profile.env, **sw.env},
            }
            # the default workload goes unsaid (the ids of trainer points stay as they were)
            if sw.workload != workloads.DEFAULT:
                science["workload"] = sw.workload
            science.update(workloads.get(sw.workload).options_of(sw))
            # what a point's repeats share, worked out once (a sweep of 500 repeats spent
            # most of its plan on these, once per repeat)
            digest, memory = _science_digest(science), None
            is_baseline = baseline.matches(loaded.sweep.baseline, sw, cfg)
            node_memory = sbatch_options.node_memory_bytes(
                sw.slurm, profile.slurm, sw.ppn * sw.threads_per_worker
            ) or (profile.memory_gb * 1e9)  # what Slurm enforces, when the sweep says it
            for allocation, repeat in itertools.product(allocations_of(sw), range(sw.repeats)):
                pid = _point_id(digest, nodes, sw.ppn, repeat, allocation)
                point = Point(pid, sw, nodes, repeat, cfg, variant.overrides)
                point.allocation = allocation
                point.variant, point.variant_label = vid, labels[vid]
                point.baseline = is_baseline
                if memory is None:
                    memory = estimate(
                        cfg.model.resolved(),
                        workers=point.workers,
                        tokens_per_worker=point.tokens_per_worker,
                        config=cfg,
                    )
                point.memory = copy.copy(memory)  # each point its own
                point.node_memory_bytes = node_memory
                points.append(point)
    ids = [p.id for p in points]
    if len(set(ids)) != len(ids):
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        line = loaded.located.line_of(("matrix",)) if loaded.located else None
        raise SweepError(
            loaded.path,
            [
                Issue(
                    line,
                    "matrix",
                    f"the matrix produces identical points: {', '.join(dupes[:5])}; give each "
                    "combination a value that changes the point (or drop the repeated values)",
                )
            ],
        )
    if issues := _walltime_issues(loaded, points):
        raise SweepError(loaded.path, issues)
    return points


def plan_issues(loaded: LoadedSweep) -> list[Issue]:
    """The plan's problems (identical points, a job beyond its partition's MaxTime) of a sweep
    that loaded only in part (SweepError.partial), so they are said with the sweep's own."""
    try:
        make_plan(loaded)
    except SweepError as exc:
        return exc.issues
    except ValueError:
        # a plan the sweep's problems (already said) keep from being made, e.g. nodes
        # beyond every partition: it adds nothing to them
        return []
    return []


def load_checked(path) -> LoadedSweep:
    """load_sweep, and when the sweep has problems, the plan's too: every problem of the
    sweep, its profile and its plan in one SweepError (validate, plan, render, submit)."""
    from scalestudy.sweepfile.sweep import load_sweep, unique

    try:
        return load_sweep(path)
    except SweepError as exc:
        if not isinstance(exc.partial, LoadedSweep):
            raise
        issues = unique([*exc.issues, *plan_issues(exc.partial)])
        raise SweepError(exc.path, issues) from None


def node_hours(points: list[Point]) -> float:
    """Each point's nodes x its time limit, summed (the excluded points' share of a plan)."""
    return sum(p.nodes * time_limit_minutes(p.sweep.time_limit) / 60 for p in points)


@dataclass
class Job:
    """One job `submit` queues for a plan: a point (one job per point), or a bundle (on a
    backend that runs a bundle as one job) whose `--time` is the sum of its runs' time limits."""

    id: str
    nodes: int
    runs: int
    minutes: float  # the #SBATCH --time the script asks for
    partition: str
    max_minutes: float | None  # the partition's MaxTime; None: unlimited or unknown
    max_time: str | None
    members: list[str] = field(default_factory=list)  # the points it runs, in order

    @property
    def walltime(self) -> str:
        return slurm_time(self.minutes)

    @property
    def node_hours(self) -> float:
        return self.nodes * self.minutes / 60

    @property
    def over_max_time(self) -> bool:
        return self.max_minutes is not None and self.minutes > self.max_minutes


def slurm_time(minutes: float) -> str:
    """Minutes as Slurm's time format: HH:MM:SS, D-HH:MM:SS from a day on (whole seconds,
    rounded up: a limit is never shortened)."""
    seconds = math.ceil(round(minutes * 60, 3))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    clock = f"{hours:02d}:{rest // 60:02d}:{rest % 60:02d}"
    return f"{days}-{clock}" if days else clock


def bundle_minutes(bundle: Bundle) -> float:
    """A bundle's time limit: its runs one after another, each with its own time_limit."""
    return sum(time_limit_minutes(m.sweep.time_limit) or 0 for m in bundle.members)


def _job(
    profile: Profile,
    id_: str,
    nodes: int,
    members: list[Point],
    minutes: float,
    known: dict | None = None,
) -> Job:
    """The job that runs `members` for `minutes`: the partition that takes it and its MaxTime
    (`known`: the answers for a sweep's settings, nodes and minutes already worked out, which
    the jobs of one plan mostly share)."""
    slurm, known = members[0].sweep.slurm, {} if known is None else known
    key = (id(slurm), nodes, minutes)
    if key not in known:
        name = sbatch_options.partition(slurm, profile, nodes, minutes)
        partition = profile.partition_named(name)
        limit, text = (partition.max_minutes, partition.max_time) if partition else (None, None)
        known[key] = (slurm, name, limit, text)  # slurm kept: its id names no other object
    _, name, limit, text = known[key]
    return Job(id_, nodes, len(members), minutes, name, limit, text, [m.id for m in members])


def point_job(point: Point, profile: Profile, known: dict | None = None) -> Job:
    """A point's own job (one job per point, or a task of an array of such)."""
    minutes = time_limit_minutes(point.sweep.time_limit) or 0
    return _job(profile, point.id, point.nodes, [point], minutes, known)


def bundle_job(bundle: Bundle, profile: Profile) -> Job:
    """A bundle's job: its runs one after another (`bundle_minutes`)."""
    return _job(profile, bundle.id, bundle.nodes, bundle.members, bundle_minutes(bundle))


def jobs_of(loaded: LoadedSweep, points: list[Point], bundles_are_jobs: bool) -> list[Job]:
    """The jobs a first `submit` of this plan queues: the points predicted to fit (the others
    wait for --allow-oom), one job each, or their bundles (`make_bundles`, as submit draws
    them for a fresh results folder) on a backend that runs a bundle as one job (Slurm). The
    job scripts (render.py) ask the same `point_job` / `bundle_job` for their partition."""
    run = [p for p in points if submitted(p)]
    if bundles_are_jobs and loaded.sweep.schedule == "bundled":
        return [bundle_job(b, loaded.profile) for b in make_bundles(run, "0")]
    known: dict = {}
    return [point_job(p, loaded.profile, known) for p in run]


def _walltime_issues(loaded: LoadedSweep, points: list[Point]) -> list[Issue]:
    """A job asking for more than its partition's MaxTime never starts (Slurm holds it with
    PartitionTimeLimit, or refuses it): said at the time limit, once per distinct cause."""
    located = loaded.located
    line = None
    if located:
        line = located.line_of(("time_limit",)) or located.line_of(("matrix", "time_limit"))
    said: dict[tuple, Issue] = {}
    # a bundle taken as one job: only a Slurm partition has a MaxTime, and Slurm runs a
    # bundle as one job (on this machine its runs are scripts of their own, under no limit)
    for j in jobs_of(loaded, points, bundles_are_jobs=True):
        if not j.over_max_time:
            continue
        limit = f"partition {j.partition}'s MaxTime {j.max_time}"
        if j.runs > 1:
            each = slurm_time(j.minutes / j.runs)
            message = (
                f"a bundle runs its {j.runs} runs in one job: {j.runs} x {each} = {j.walltime} "
                f"(e.g. {j.id}, {j.nodes} nodes), beyond {limit}: Slurm would never start it; "
                f"give time_limit at most {slurm_time(j.max_minutes / j.runs)}, fewer variants x "
                "repeats per allocation, or schedule: separate"
            )
        else:
            message = (
                f"{j.walltime} is beyond {limit} (e.g. {j.id}, {j.nodes} nodes): Slurm would "
                f"never start the job; give time_limit at most {j.max_time}"
            )
        said.setdefault((j.partition, j.runs, j.minutes), Issue(line, "time_limit", message))
    return list(said.values())
