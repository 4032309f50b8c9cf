"""What the verbs print: the plan table, the schedule, a submit pass, the collected table.

Plain text for terminals, logs and pipes; `status` has its own (scalestudy/status.py). Nothing here
decides or writes anything: each function turns what a layer returned into lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from scalestudy.plan import Point, submitted
from scalestudy.sweepfile.sweep import LoadedSweep


def columns(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """Aligned columns: the first left-aligned (ids), the rest right-aligned (numbers)."""
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows, strict=False)]
    return "\n".join(
        "  ".join(
            str(x).rjust(w) if i else str(x).ljust(w)
            for i, (x, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in (head, *rows)
    )


def _gb(n: float) -> str:
    return f"{n / 1e9:,.1f}"


PLAN_HEAD = (
    "id",
    "mode",
    "nodes",
    "ppn",
    "workers",
    "tok/worker",
    "global batch",
    "flags",
    "GB/rank",
    "GB/node",
    "fits",
    "job walltime",
)
JOBS_HEAD = ("job", "nodes", "runs", "walltime", "partition", "MaxTime", "node-hours")


def plan(loaded: LoadedSweep, points: list[Point]) -> str:
    from scalestudy.executors import registry
    from scalestudy.plan import jobs_of, node_hours

    bundled = loaded.sweep.schedule == "bundled"
    bundles_are_jobs = bundled and registry.get(loaded.profile.scheduler).bundles_are_jobs
    jobs = jobs_of(loaded, points, bundles_are_jobs)
    walltime = {pid: j.walltime for j in jobs for pid in j.members}
    rows = [
        (
            p.id,
            p.config.mode,
            p.nodes,
            p.ppn,
            p.workers,
            p.tokens_per_worker,
            p.global_batch_tokens,
            p.flags,
            _gb(p.memory.per_rank),
            _gb(p.memory_per_node),
            "yes" if p.fits else "NO (OOM)",
            walltime.get(p.id, "-"),
        )
        for p in points
    ]
    oom = [p for p in points if not submitted(p)]
    lines = [columns(PLAN_HEAD, rows), ""]
    lines += _jobs(jobs, bundles_are_jobs)
    lines += [
        f"{len(points)} points; requested node-hours (nodes x walltime of the "
        f"{len(jobs)} job(s) that run them): {sum(j.node_hours for j in jobs):,.1f}",
        schedule(loaded, points),
        f"memory is a prediction (model state + activations + the embedding gradient's "
        f"exchange buffers, doubled for averaging on the sparse path) against "
        f"{loaded.profile.memory_gb:g} GB per {loaded.profile.name} node",
    ]
    if oom:
        lines.append(
            f"{len(oom)} point(s) predicted NOT to fit: not submitted unless --allow-oom, "
            f"not in the jobs nor the node-hours above (they would add "
            f"{node_hours(oom):,.1f} node-hours); excluded as out of memory:"
        )
        for nodes in sorted({p.nodes for p in oom}):
            ids = [p.id for p in oom if p.nodes == nodes]
            lines.append(f"  {nodes} node(s): {', '.join(ids)}")
    return "\n".join(lines)


def _jobs(jobs: list, bundled: bool) -> list[str]:
    """Each job's walltime (its #SBATCH --time) against its partition's MaxTime: a table of
    the bundles, or for one job per point a line per walltime and partition."""

    def limit(j) -> str:
        return f"{j.max_time or 'unlimited'}" + (" EXCEEDED" if j.over_max_time else "")

    if bundled:
        rows = [
            (j.id, j.nodes, j.runs, j.walltime, j.partition, limit(j), f"{j.node_hours:,.1f}")
            for j in jobs
        ]
        head = "jobs (one per bundle; walltime = #SBATCH --time = its runs x time_limit):"
        return [head, columns(JOBS_HEAD, rows), ""] if rows else []
    shapes: dict[tuple, int] = {}
    for j in jobs:
        shape = (j.walltime, j.partition, limit(j))
        shapes[shape] = shapes.get(shape, 0) + 1
    return [
        f"jobs: {n} x walltime {w} (#SBATCH --time) on partition {part}, MaxTime {m}"
        for (w, part, m), n in shapes.items()
    ]


def schedule(loaded: LoadedSweep, points: list[Point]) -> str:
    sw = loaded.sweep
    if sw.schedule != "bundled":
        return f"schedule: separate, one job per point ({loaded.schedule_reason})"
    from scalestudy.executors import registry
    from scalestudy.plan import make_bundles

    jobs = len(make_bundles(points))
    where = (
        "jobs, one per node count and allocation"
        if registry.get(loaded.profile.scheduler).bundles_are_jobs
        else "bundles run one after another on this machine, one per node count and pass"
    )
    return (
        f"schedule: bundled ({loaded.schedule_reason}): {jobs} {where} ({sw.allocation_count} "
        "allocations), each running its variants and repeats in a recorded random order; "
        "`schedule: separate` gives one job per point"
    )


def submit_pass(decision, queues_jobs: bool, dry_run: bool) -> tuple[list[str], list[str]]:
    """One submit pass as (stdout lines, stderr lines)."""
    out: list[str] = []
    err: list[str] = []
    if decision.template_changed:
        err.append(
            f"note: the job template changed since earlier points were submitted "
            f"({decision.template_changed} -> now); their ids are unchanged"
        )
    if decision.queue_limit:
        out.append(f"queue limit: {decision.queue_limit}")
    out += [f"skipped {len(ids)}: {reason}" for reason, ids in decision.skipped.items()]
    if queues_jobs:
        out += [f"submitted {pid} as job {job}" for pid, job in decision.job_ids.items()]
        verb = "would submit" if dry_run else "submitted"
        runs = f" ({len(decision.run)} points)" if decision.jobs != len(decision.run) else ""
        calls = f" in {decision.calls} submission(s)" if 0 < decision.calls < decision.jobs else ""
        out.append(f"{verb} {decision.jobs} job(s){runs}{calls}; follow with `scalestudy status`")
    else:
        out.append(f"{'would run' if dry_run else 'ran'} {len(decision.run)} point(s)")
    return out, err


COLLECT_HEAD = (
    "point",
    "nodes",
    "workers",
    "flags",
    "status",
    "tokens/s",
    "step s",
    "emb bytes/step",
    "peak RSS MB",
)


def collected(rows: list[dict], points: list[Point]) -> str:
    """The collected table, one line per row (a probe or comm point names its workload)."""
    flags_of = {p.id: p.flags for p in points}

    def num(value, fmt: str) -> str:
        return format(value, fmt) if value else "-"

    lines = [
        (
            r["point_id"],
            str(r["nodes"]),
            str(r["workers"]),
            flags_of.get(r["point_id"], "-"),
            r["status"],
            num(r["tokens_per_s"], ",.0f"),
            num(r["step_s_median"], ".3f"),
            num(r["logical_embedding_bytes_per_step"], ",.0f"),
            num(r["peak_rss_max"] and r["peak_rss_max"] / 2**20, ",.0f"),
        )
        for r in rows
    ]
    return "\n".join("  ".join(cells) for cells in (COLLECT_HEAD, *lines))
