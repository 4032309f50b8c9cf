"""`scalestudy status`: one refresh of a sweep's state (one sacct and one squeue call for all of
its Slurm jobs, through the executor's reconcile), as rows, counts and a table."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from scalestudy.executors import registry
from scalestudy.executors.manifest import OPEN, Attempt, Manifest
from scalestudy.formats.manifest import known
from scalestudy.plan import Point


@dataclass
class Snapshot:
    rows: list[tuple[str, ...]] = field(default_factory=list)
    gates: list[str] = field(default_factory=list)  # the probe jobs points wait on
    notices: list[str] = field(default_factory=list)  # scheduler services that did not answer
    counts: Counter = field(default_factory=Counter)

    @property
    def settled(self) -> bool:
        """Nothing is queued or running (and nothing is of unknown state)."""
        return not any(s in OPEN for s in self.counts)

    def summary(self) -> str:
        return "  ".join(f"{k}: {v}" for k, v in sorted(self.counts.items()))


HEAD = ("point", "nodes x ppn", "flags", "state", "job", "Slurm state", "reason")


def refresh(sdir: Path, points: list[Point]) -> Snapshot:
    manifest = Manifest(sdir)
    snap = Snapshot()
    if manifest.path.exists():
        with manifest.edit() as data:
            snap.notices = [f"note: {n}" for n in registry.reconcile(sdir, data)]
    else:
        data = manifest.read()
    for g in data.gates or []:
        snap.gates.append(
            f"gate: probe job {g.job_id} on {g.nodes} node(s) x {g.ppn}: {g.state}"
            f" ({known(g.slurm_state, '?')}); {len(g.gates)} point(s) wait on it (afterok)"
        )
    for p in points:
        state = data.state(p.id)
        snap.counts[state] += 1
        last = data.last(p.id) or Attempt()
        snap.rows.append(
            (
                p.id,
                f"{p.nodes} x {p.ppn}",
                p.flags,
                state,
                str(last.job_id or ""),
                str(last.slurm_state or ""),
                str(last.reason or ""),
            )
        )
    return snap


def table(snap: Snapshot, title: str):
    from rich.table import Table

    caption = "\n".join([*snap.notices, *snap.gates, snap.summary()])
    t = Table(title=title, caption=caption, caption_justify="left")
    for h in HEAD:
        t.add_column(h, no_wrap=h != "reason")
    for row in snap.rows:
        t.add_row(*row)
    return t


def plain(snap: Snapshot) -> str:
    """Fixed-width lines for pipes and logs (one point per line, then the counts)."""
    widths = [max(len(r[i]) for r in (HEAD, *snap.rows)) for i in range(len(HEAD))]
    lines = [
        "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
        for r in (HEAD, *snap.rows)
    ]
    return "\n".join([*snap.notices, *snap.gates, *lines, snap.summary()])


def watch(sdir: Path, points: list[Point], interval: float, title: str) -> None:
    """Refresh every `interval` s until nothing is queued or running: a live table on a
    terminal, one block per refresh in a log or a pipe."""
    import sys
    import time

    if sys.stdout.isatty():
        from rich.live import Live

        snap = refresh(sdir, points)
        with Live(table(snap, title), auto_refresh=False) as live:
            while not snap.settled:
                time.sleep(interval)
                snap = refresh(sdir, points)
                live.update(table(snap, title), refresh=True)
        return
    while True:
        snap = refresh(sdir, points)
        print(f"--- {time.strftime('%H:%M:%S')} {title}\n{plain(snap)}", flush=True)
        if snap.settled:
            return
        time.sleep(interval)
