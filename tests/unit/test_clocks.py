"""collect's three clocks (collect/clocks.py) on written step logs: the records' window, the
footer's, the job's wall time; which point is ok, inconsistent or unchecked, and why."""

from __future__ import annotations

import json

import pytest
from support import manifest

from scalestudy.collect import clocks
from scalestudy.formats import step_log
from scalestudy.formats.manifest import Attempt

T0 = 1_700_000_000.0


def _write(folder, rank: int, steps: int, step_s: float, gap: float, excluded: dict, legacy=False):
    """A rank's log: `steps` timed steps of `step_s`, `gap` between them, plus the excluded
    seconds before the steps named in `excluded`; tokens 100 a step."""
    lines = [{"type": "header", "schema": step_log.SCHEMA, "segment_start_step": 1}]
    t = T0
    for k in range(1, steps + 1):
        t += excluded.get(k, 0.0)
        rec = {
            "type": "step",
            "step": k,
            "timed": True,
            "step_s": step_s,
            "tokens": {"total": 100},
            # what collect's other columns read
            "loss": 7.0,
            "embedding_rows_per_rank": [],
            "bytes": {k: 1000 for k in ("logical_embedding", "logical_total")}
            | {k: 1000 for k in ("wire_sent_model", "wire_recv_model")},
        }
        if not legacy:
            rec.update(t_start=t, t_end=t + step_s, excluded_before_s=excluded.get(k, 0.0))
        lines.append(rec)
        t += step_s + gap
    folder.mkdir(parents=True, exist_ok=True)
    (folder / step_log.rank_log_name(rank)).write_text("".join(json.dumps(x) + "\n" for x in lines))


def _timing(tokens_per_s: float, window: float) -> dict:
    return {"window_s": window, "throughput_tokens_per_s": {"total": tokens_per_s}}


def test_agreeing_clocks_are_ok(tmp_path):
    # 10 steps of 0.1 s, 0.01 s apart, 0.5 s of checkpoint before step 5: window 1.09 s
    for r in range(2):
        _write(tmp_path, r, 10, 0.1, 0.01, {5: 0.5})
    window = 10 * 0.1 + 9 * 0.01
    v = clocks.check(tmp_path, 2, 1, _timing(2000 / window, window), 30.0, "test")
    assert v.state == clocks.OK, v.reason
    assert v.columns["records_window_s"] == pytest.approx(window)
    assert v.columns["records_tokens_per_s"] == pytest.approx(2000 / window)


def test_a_window_that_holds_more_than_the_steps_is_inconsistent(tmp_path):
    _write(tmp_path, 0, 10, 0.1, 0.01, {})
    window = 1.09 + 1.5  # a probe's compile inside the footer's window
    v = clocks.check(tmp_path, 1, 1, _timing(1000 / window, window), 30.0, "test")
    assert v.state == clocks.INCONSISTENT
    assert "step records give" in v.reason


def test_a_footer_off_by_two_percent_is_caught_and_one_half_percent_is_not(tmp_path):
    _write(tmp_path, 0, 10, 0.1, 0.01, {})
    right = 1000 / 1.09
    assert clocks.check(tmp_path, 1, 1, _timing(right * 1.02, 1.09), None, "").state == (
        clocks.INCONSISTENT
    )
    assert clocks.check(tmp_path, 1, 1, _timing(right * 1.005, 1.09), None, "").state == clocks.OK


def test_a_window_longer_than_the_job_is_inconsistent(tmp_path):
    _write(tmp_path, 0, 10, 0.1, 0.01, {})
    v = clocks.check(tmp_path, 1, 1, _timing(1000 / 1.09, 1.09), 0.05, "sacct's Elapsed")
    assert v.state == clocks.INCONSISTENT and "longer than the job" in v.reason


def test_a_window_shorter_than_its_steps_is_inconsistent(tmp_path):
    # records whose own times say less than their step_s (a clock that jumped back)
    _write(tmp_path, 0, 10, 0.1, -0.05, {})
    window = 10 * 0.1 - 9 * 0.05
    v = clocks.check(tmp_path, 1, 1, _timing(1000 / window, window), None, "")
    assert v.state == clocks.INCONSISTENT and "shorter than the timed steps" in v.reason


def test_old_step_logs_are_unchecked_and_say_why(tmp_path):
    _write(tmp_path, 0, 10, 0.1, 0.01, {}, legacy=True)
    v = clocks.check(tmp_path, 1, 1, _timing(500.0, 2.0), None, "")
    assert v.state == clocks.UNCHECKED and "compute probe" in v.reason


@pytest.mark.parametrize(
    "text,seconds",
    [
        ("00:01:05", 65),
        ("1-00:00:02", 86_402),
        ("12:30", 750),
        ("", None),
        (None, None),
        # sacct's Elapsed past a day with non-zero hours (issue #44): D x 86400 + HH:MM:SS
        ("2-03:04:05", 2 * 86_400 + 3 * 3600 + 4 * 60 + 5),
        ("1-23:59:59", 86_400 + 23 * 3600 + 59 * 60 + 59),
        ("13-07:00:30", 13 * 86_400 + 7 * 3600 + 30),
    ],
)
def test_elapsed_seconds(text, seconds):
    assert clocks.elapsed_seconds(text) == seconds


def test_job_wall_prefers_the_executor_then_markers_then_sacct(tmp_path):
    assert clocks.job_wall(Attempt(started_at=10.0, ended_at=25.5), tmp_path, "00:01:00")[0] == 15.5
    (tmp_path / "started_at").write_text(f"{T0}\n")
    (tmp_path / "exit_code").write_text("0\n")
    import os

    os.utime(tmp_path / "exit_code", (T0 + 42, T0 + 42))
    assert clocks.job_wall(Attempt(), tmp_path, "00:01:00")[0] == pytest.approx(42)
    (tmp_path / "exit_code").unlink()
    assert clocks.job_wall(Attempt(), tmp_path, "00:01:00") == (60, "sacct's Elapsed")


@pytest.mark.parametrize("footer_window,status", [(1.09, "completed"), (2.59, "inconsistent")])
def test_collect_marks_a_point_whose_clocks_disagree_inconsistent(tmp_path, footer_window, status):
    """Through collect: the row's status, clock_check and figures, from logs on disk."""
    from scalestudy.collect.rows import collect_rows
    from scalestudy.executors.manifest import Manifest
    from scalestudy.plan import make_plan
    from scalestudy.sweepfile.sweep import load_sweep

    loaded = load_sweep("experiments/quickstart.yaml")
    p = make_plan(loaded)[0]
    sdir = tmp_path / "quickstart"
    folder = f"{p.id}/attempt-1"
    attempt = Attempt(attempt=1, state="completed", folder=folder, executor="local")
    attempt.update(exit_code=0, started_at=T0 - 5, ended_at=T0 + 20)
    sdir.mkdir(parents=True)
    Manifest(sdir).flush(manifest.made({p.id: [attempt]}))
    logs = sdir / folder / "logs"
    for r in range(p.workers):
        _write(logs, r, 10, 0.1, 0.01, {})
        q = {"median": 0.1, "p10": 0.1, "p90": 0.1}
        timing = {
            "timed_steps": 10,
            "window_s": footer_window,
            "throughput_tokens_per_s": {
                k: 1000 * p.workers / footer_window for k in ("total", "src", "tgt", "slots")
            },
            "step_s_max_over_ranks": q,
            "this_rank": {"step_s": q},
        }
        footer = {"type": "footer", "status": "completed", "exit_code": 0, "timing": timing}
        with open(logs / step_log.rank_log_name(r), "a") as fh:
            fh.write(json.dumps({**footer, "reason": "", "last_step": 10}) + "\n")
    (row,) = collect_rows([p], sdir, loaded.profile.name, profile=loaded.profile)
    assert row["status"] == status
    assert row["records_window_s"] == pytest.approx(1.09)
    assert row["job_wall_s"] == pytest.approx(25)
    if status == "inconsistent":
        assert "1.090 s" in row["status_reason"] and "2.590 s" in row["status_reason"]
    else:
        assert row["clock_check"] == "ok"


@pytest.mark.parametrize("probe,used", [(0.08, True), (0.12, False)])
def test_collect_uses_a_compute_probe_only_when_it_fits_in_the_step(probe, used):
    from scalestudy.collect.rows import _usable_probe

    timing = {
        "step_s_max_over_ranks": {"median": 0.1},
        "compute_only_s": {"median": 0.05},  # rank 0's alone: the slowest rank's wins
        "compute_only_s_max_over_ranks": {"median": probe},
    }
    assert _usable_probe(timing) == (probe if used else None)
    # the footer's own verdict wins, as JSON writes it (or as text, numpy's bool by default=str)
    for said in (used, str(used)):
        timing["compute_probe"] = {"usable": said}
        assert _usable_probe(timing) == (probe if used else None)
    del timing["compute_probe"]
    # a footer from before the verdict: the same test, by collect
    del timing["compute_only_s_max_over_ranks"]
    timing["compute_only_s"]["median"] = probe
    assert _usable_probe(timing) == (probe if used else None)


def test_a_short_window_allows_a_few_milliseconds_not_more(tmp_path):
    """4 tiny steps last 0.1 s: the last record's write (or a preemption there) is several
    percent of it; a compute probe inside the window is far more."""
    _write(tmp_path, 0, 4, 0.025, 0.0, {})
    window = 0.1
    near = clocks.check(tmp_path, 1, 1, _timing(400 / (window + 0.003), window + 0.003), None, "")
    assert near.state == clocks.OK, near.reason
    far = clocks.check(tmp_path, 1, 1, _timing(400 / (window + 0.02), window + 0.02), None, "")
    assert far.state == clocks.INCONSISTENT
