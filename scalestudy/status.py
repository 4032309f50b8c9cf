"""`scalestudy status`: one refresh of a sweep's state (one sacct and one squeue call for all of
its Slurm jobs, through the executor's reconcile), as rows, counts and a table."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from scalestudy.executors import registry
from scalestudy.executors.manifest import ACTIVE, OPEN, Attempt, Manifest
from scalestudy.formats import attempt_files
from scalestudy.formats.manifest import ManifestFile, known
from scalestudy.plan import Point


@dataclass
class Snapshot:
    rows: list[tuple[str, ...]] = field(default_factory=list)
    gates: list[str] = field(default_factory=list)  # the probe jobs points wait on
    notices: list[str] = field(default_factory=list)  # scheduler services that did not answer
    counts: Counter = field(default_factory=Counter)
    markers: list[Path] = field(default_factory=list)  # what the active jobs will write last

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
    snap.markers = exit_markers(sdir, data)
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


def exit_markers(sdir: Path, data: ManifestFile) -> list[Path]:
    """The exit_code files the queued and running points' attempts will write: a job script's
    last write (its EXIT trap), so a point's state is worth asking the scheduler for once its
    marker is there."""
    lasts = (e.last for e in data.points.values())
    return [
        sdir / a.folder / attempt_files.EXIT_CODE
        for a in lasts
        if a is not None and a.state in ACTIVE and isinstance(a.folder, str)
    ]


# how often a wait looks for the markers: files on the user's own file system, not the
# controller (a look is a stat per open point)
MARKER_POLL_S = 0.4


def sleep_until_ended(
    markers: list[Path], seconds: float, at_least: float, poll: float = MARKER_POLL_S
) -> None:
    """Sleep `seconds`, or from `at_least` s on only until every marker exists: the jobs have
    all ended and the next refresh will see it, without waiting out the rest of the interval.
    A job that ends without writing its marker (killed, its node lost) is seen at `seconds`."""
    import time

    start = time.monotonic()
    end, early = start + seconds, start + min(at_least, seconds)
    time.sleep(max(early - time.monotonic(), 0.0))
    while time.monotonic() < end and not (markers and all(m.exists() for m in markers)):
        time.sleep(min(poll, max(end - time.monotonic(), 0.0)))


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


def watch(sdir: Path, points: list[Point], interval: float, title: str, at_least: float) -> None:
    """Refresh every `interval` s until nothing is queued or running: a live table on a
    terminal, one block per refresh in a log or a pipe. A refresh comes sooner (never before
    `at_least` s: the controller is shared) once every queued or running point's job has
    written its exit marker."""
    import sys
    import time

    least = at_least
    if sys.stdout.isatty():
        from rich.live import Live

        snap = refresh(sdir, points)
        with Live(table(snap, title), auto_refresh=False) as live:
            while not snap.settled:
                least = _least_wait(snap.markers, least, at_least, interval)
                sleep_until_ended(snap.markers, interval, least)
                snap = refresh(sdir, points)
                live.update(table(snap, title), refresh=True)
        return
    while True:
        snap = refresh(sdir, points)
        print(f"--- {time.strftime('%H:%M:%S')} {title}\n{plain(snap)}", flush=True)
        if snap.settled:
            return
        least = _least_wait(snap.markers, least, at_least, interval)
        sleep_until_ended(snap.markers, interval, least)


def _least_wait(markers: list[Path], least: float, at_least: float, interval: float) -> float:
    """The least wait before the next refresh: `at_least`, doubled (up to the interval) each
    refresh that already saw every marker written and still not settled: the scheduler has not
    caught up (accounting may lag minutes), and the shared controller is not asked every
    `at_least` s meanwhile."""
    if markers and all(m.exists() for m in markers):
        return min(least * 2.0, interval)
    return at_least
