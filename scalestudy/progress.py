"""How `submit` on this machine shows its points running: a live display on a terminal (points
done / total, the running point, elapsed, time left estimated from the points already run),
plain lines anywhere else (CI, logs, a pipe)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


def _clock(seconds: float) -> str:
    s = round(seconds)
    if s >= 3600:
        return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


class _Estimate:
    """Time left = for each point left, the median time of the points of its size (ranks)
    already run, else of all points run: a sweep alternates sizes whose times differ several
    fold, and one median of all would swing with the last point's size. Said to be an
    estimate wherever it is shown."""

    def __init__(self, total: int, sizes: list[int] | None = None):
        self.total, self.n, self.durations = total, 0, []
        self.sizes = list(sizes) if sizes and len(sizes) == total else None
        self.by_size: dict[int, list[float]] = {}
        self.began = time.monotonic()
        self.point_began = self.began

    def start(self) -> None:
        self.n += 1
        self.point_began = time.monotonic()

    def done(self) -> float:
        took = time.monotonic() - self.point_began
        if self.sizes is not None:
            self.by_size.setdefault(self.sizes[len(self.durations)], []).append(took)
        self.durations.append(took)
        return took

    def left(self) -> float | None:
        if not self.durations:
            return None
        overall = _median(self.durations)
        if self.sizes is None:
            return overall * (self.total - len(self.durations))
        return sum(
            _median(self.by_size[size]) if size in self.by_size else overall
            for size in self.sizes[len(self.durations) :]
        )


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


class PlainProgress:
    """One line when a point starts and its state when it ends."""

    def __init__(self, total: int, out: TextIO | None = None, sizes: list[int] | None = None):
        self.est, self.out = _Estimate(total, sizes), out or sys.stdout

    def start(self, point) -> None:
        self.est.start()
        print(
            f"[{self.est.n}/{self.est.total}] {point.id} ({point.nodes} node(s) x {point.ppn}, "
            f"{point.flags}) ...",
            end="",
            flush=True,
            file=self.out,
        )

    def done(self, point, state: str) -> None:
        took = self.est.done()
        elapsed = time.monotonic() - self.est.began
        left = self.est.left()
        tail = f", about {_clock(left)} left" if left and self.est.n < self.est.total else ""
        print(
            f" {state} in {_clock(took)} (elapsed {_clock(elapsed)}{tail})",
            flush=True,
            file=self.out,
        )

    def close(self) -> None:
        pass


class LiveProgress:
    """rich's live display: a bar of points, the running one, elapsed and time left; each
    finished point stays printed above the bar."""

    def __init__(self, total: int, sizes: list[int] | None = None):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self.est = _Estimate(total, sizes)
        self.console = Console()
        self.bar = Progress(
            TextColumn("[bold]points"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[running]}"),
            TextColumn("elapsed {task.fields[elapsed]}  {task.fields[left]}"),
            console=self.console,
            refresh_per_second=2,
        )
        self.task = self.bar.add_task("points", total=total, running="", elapsed="0:00", left="")
        self.started = False

    def _fields(self) -> dict:
        left = self.est.left()
        return {
            "elapsed": _clock(time.monotonic() - self.est.began),
            "left": f"about {_clock(left)} left" if left is not None else "time left: after 1st",
        }

    def start(self, point) -> None:
        if not self.started:
            self.bar.start()
            self.started = True
        self.est.start()
        self.bar.update(self.task, running=f"running {point.id}", **self._fields())

    def done(self, point, state: str) -> None:
        took = self.est.done()
        self.bar.console.print(f"{point.id} ({point.flags}): {state} in {_clock(took)}")
        self.bar.update(self.task, advance=1, running="", **self._fields())

    def close(self) -> None:
        if self.started:
            self.bar.stop()


def for_terminal(points: list) -> PlainProgress | LiveProgress:
    """The display for the points about to run, in their order (their sizes feed the
    estimate of time left)."""
    sizes = [p.nodes * p.ppn for p in points]
    if sys.stdout.isatty():
        return LiveProgress(len(points), sizes)
    return PlainProgress(len(points), sizes=sizes)


class _Quiet:
    """No display (not a terminal, or too little work to show)."""

    def advance(self, what: str = "") -> None:
        pass

    def __enter__(self) -> _Quiet:
        return self

    def __exit__(self, *exc) -> None:
        pass


class _Bar:
    """A transient rich bar on stderr: it goes away when the work is done, so what the command
    prints on stdout stays as it was."""

    def __init__(self, label: str, total: int):
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self.bar = Progress(
            TextColumn(f"[bold]{label}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("{task.fields[what]}"),
            console=Console(stderr=True),
            transient=True,
        )
        self.task = self.bar.add_task(label, total=total, what="")

    def advance(self, what: str = "") -> None:
        self.bar.update(self.task, advance=1, what=what)

    def __enter__(self) -> _Bar:
        self.bar.start()
        return self

    def __exit__(self, *exc) -> None:
        self.bar.stop()


def work(label: str, total: int, long: bool | None = None) -> _Bar | _Quiet:
    """Progress of a long loop in `collect` or `report` (`with work("collect", n) as w:` then
    `w.advance()` per item): a bar on a terminal when the loop is long (`long`; by default 50
    items or more), nothing otherwise (logs and pipes get the command's own output only)."""
    if (total >= 50 if long is None else long) and sys.stderr.isatty():
        return _Bar(label, total)
    return _Quiet()
