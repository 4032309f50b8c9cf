"""What `submit` on this machine prints while points run: plain lines when not on a terminal
(each point, its state, elapsed and time left), a live display on one."""

from __future__ import annotations

import io
from types import SimpleNamespace

from scalestudy import progress


def _point(i: int):
    return SimpleNamespace(id=f"n000{i}-p1-x", nodes=i, ppn=1, flags="sparse")


def test_plain_lines_when_not_on_a_terminal(monkeypatch):
    clock = iter([0.0, 0.0, 10.0, 10.0, 10.0, 30.0, 30.0])
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(clock))
    out = io.StringIO()
    p = progress.PlainProgress(3, out)
    for i, (state) in enumerate(["completed", "failed"], start=1):
        p.start(_point(i))
        p.done(_point(i), state)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("[1/3] n0001-p1-x (1 node(s) x 1, sparse) ... completed in 0:10")
    # after two points of 10 s and 20 s, one left: the median (20 s) x 1
    assert lines[1].endswith("failed in 0:20 (elapsed 0:30, about 0:20 left)")
    p.close()


def test_time_left_counts_each_size_by_its_own_points(monkeypatch):
    """Sizes alternating 2 and 4 ranks (10 s and 40 s): the estimate charges each point left
    the median of its own size, not one median that swings with the last point."""
    clock = iter([0.0, 0.0, 10.0, 10.0, 10.0, 50.0, 50.0])
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(clock))
    out = io.StringIO()
    sizes = [2, 4, 2, 4, 2, 4]
    p = progress.PlainProgress(len(sizes), out, sizes=sizes)
    for i in (2, 4):
        p.start(_point(i))
        p.done(_point(i), "completed")
    # after the first 2-rank point (10 s): the 5 left at 10 s each, the only median known
    assert out.getvalue().splitlines()[0].endswith("about 0:50 left)")
    # after a 4-rank point (40 s) too: 2 x 10 s + 2 x 40 s
    assert out.getvalue().splitlines()[1].endswith("(elapsed 0:50, about 1:40 left)")


def test_the_display_is_chosen_by_the_terminal(monkeypatch):
    monkeypatch.setattr(progress.sys.stdout, "isatty", lambda: False, raising=False)
    assert isinstance(progress.for_terminal([_point(1), _point(2)]), progress.PlainProgress)
    monkeypatch.setattr(progress.sys.stdout, "isatty", lambda: True, raising=False)
    live = progress.for_terminal([_point(1), _point(2)])
    assert isinstance(live, progress.LiveProgress)
    live.close()  # never started: nothing to stop


def test_long_loops_show_a_bar_only_on_a_terminal_and_only_when_long(monkeypatch):
    monkeypatch.setattr(progress.sys.stderr, "isatty", lambda: False, raising=False)
    assert isinstance(progress.work("collect", 1000), progress._Quiet)
    monkeypatch.setattr(progress.sys.stderr, "isatty", lambda: True, raising=False)
    assert isinstance(progress.work("collect", 10), progress._Quiet)
    with progress.work("collect", 60) as shown:
        assert isinstance(shown, progress._Bar)
        for i in range(60):
            shown.advance(f"p{i}")
        assert shown.bar.tasks[0].completed == 60
