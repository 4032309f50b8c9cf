"""Throughput computed without the trainer's help (issue #32): from the step records' own Unix
times (every rank's timed steps, their start and end, the flushes and checkpoints excluded
between them) against the footer's tokens/s, on real runs. For a whole round the footer's
window held the compute probe (its compile included) and the tokens/s read 1.75x low while
every test passed: these runs keep the probe on (overlapped) and put a checkpoint and a flush
inside the window, where a window that holds the wrong things shows. Two 2-rank runs, made once
(shared_runs): the overlapped one is read by all three tests (it also stalls after its last
timed step and writes Horovod's timeline, whose summary is tested here too), the phases one by
the footer test. A 1-rank overlapped run was a third (CI: 19 s): every check it carried holds
per rank and over the slowest rank's window, which the 2-rank runs check on both ranks."""

from __future__ import annotations

import json

import pytest
from trainer_configs import TINY

from scalestudy.collect import clocks
from scalestudy.collect.rows import _usable_probe
from scalestudy.formats import step_log
from scalestudy.formats.point_config import COMPUTE_PROBE_STEPS

pytestmark = pytest.mark.mpi

# 12 timed steps, a flush every 3 and a checkpoint every 4 inside the window; the compute probe
# at its default (the tests' fixtures turn it off unless named): its passes must stay outside
CLOCKED = {
    **TINY,
    "compute_probe_steps": COMPUTE_PROBE_STEPS,
    "steps": 14,
    "timing_warmup_steps": 2,
    "log_flush_every": 3,
    "checkpoint_every": 4,
}
# Each run is made once (shared_runs). The overlapped run stalls 1.5 s after its last timed
# step's record (trainer key inject_stall) on every rank, where the compute probe once sat
# inside the window: the stall test and the footer test's overlapped case read it, and a stall
# inside the window would break both. It also writes Horovod's timeline (timeline: true): the
# timeline test reads it (the phases run keeps both off).
OVERLAPPED = {
    **CLOCKED,
    "timing": "overlapped",
    "inject_stall": {"step": CLOCKED["steps"], "seconds": 1.5},
    "timeline": True,
}
PHASES = {**CLOCKED, "timing": "phases"}
RANKS = 2


def _clocked(timing: str) -> dict:
    return OVERLAPPED if timing == "overlapped" else PHASES


def _records(path) -> list[dict]:
    """A rank's step records, read with the json module alone (not the product's reader)."""
    out = []
    for line in path.read_text().splitlines():
        rec = json.loads(line)
        if rec.get("type") == "step":
            out.append(rec)
    return out


def _throughput_from_records(run, ranks: int) -> tuple[float, float]:
    """Every rank's timed tokens / the slowest rank's window, from the records alone."""
    tokens, windows = 0, []
    for r in range(ranks):
        timed = [s for s in _records(run.rank_log(r)) if s["timed"]]
        assert len(timed) >= 8
        tokens += sum(s["tokens"]["total"] for s in timed)
        inside = sum(s["excluded_before_s"] for s in timed[1:])
        windows.append(timed[-1]["t_end"] - timed[0]["t_start"] - inside)
    return tokens / max(windows), max(windows)


@pytest.mark.parametrize("timing", ["overlapped", "phases"])
def test_footer_throughput_agrees_with_the_step_records(shared_runs, timing):
    """Each run made once (shared_runs: a failed run fails here); the overlapped one is
    OVERLAPPED (stalled, timeline on)."""
    ranks = RANKS
    done = shared_runs(ranks, _clocked(timing))
    footer = done.footer(0)
    timing_ = footer["timing"]
    from_records, window = _throughput_from_records(done, ranks)
    reported = timing_["throughput_tokens_per_s"]["total"]
    print(
        f"{ranks} rank(s) {timing}: footer {reported:.1f} tokens/s over {timing_['window_s']:.3f}"
        f" s; records {from_records:.1f} over {window:.3f} s"
    )
    assert reported == pytest.approx(from_records, rel=0.01)
    # the excluded flushes and checkpoints did happen inside the window
    timed = [s for s in _records(done.rank_log(0)) if s["timed"]]
    assert sum(s["excluded_before_s"] > 0 for s in timed[1:]) >= 3
    # and the window holds its steps
    assert timing_["window_s"] >= sum(s["step_s"] for s in timed)
    if timing == "overlapped":  # the probe ran after the window, in lockstep, with a verdict
        probe = timing_["compute_only_s_max_over_ranks"]
        assert probe["n"] == 4
        longer = probe["median"] > timing_["step_s_max_over_ranks"]["median"]
        assert timing_["compute_probe"]["usable"] is (not longer)  # a JSON boolean
        # collect uses the probe exactly when it is no longer than the step
        assert _usable_probe(timing_) == (None if longer else probe["median"])
    # collect's own check (its reader, the same records) agrees
    verdict = clocks.check(done.logs, ranks, 1, timing_, done.seconds, "the test's clock")
    assert verdict.state == clocks.OK, verdict.reason


def test_a_stall_after_the_last_timed_step_is_outside_the_window(shared_runs):
    """The trainer's stall hook sleeps 1.5 s after the last timed step's record (where the
    compute probe once sat inside the window): the footer's window ends at that record, so the
    stall is in neither the footer nor the records, and the clocks agree. With the window
    closed after the loop instead, the footer holds the stall and the point is inconsistent.
    Every rank stalls; the footer's window is the slowest rank's, as the records' is. The run
    is the footer test's overlapped one (OVERLAPPED, shared_runs)."""
    done = shared_runs(RANKS, _clocked("overlapped"))
    footer = step_log.read_segments(done.rank_log(0))[-1].footer
    from_records, window = _throughput_from_records(done, RANKS)
    assert footer["timing"]["window_s"] < window + 0.5  # 1.5 s would show
    assert footer["timing"]["throughput_tokens_per_s"]["total"] == pytest.approx(
        from_records, rel=0.01
    )
    verdict = clocks.check(done.logs, RANKS, 1, footer["timing"], done.seconds, "the test's clock")
    assert verdict.state == clocks.OK, verdict.reason


def test_horovod_timeline_is_summarised_per_timed_step(shared_runs):
    """timeline: true writes Horovod's trace of the timed steps (rank 0) and the footer gives,
    per step, the gradient collectives seen, their busy time and the communication left after
    the last gradient was handed to Horovod; each within the step it belongs to. The run is the
    footer test's overlapped one (OVERLAPPED: 12 timed steps, a checkpoint and a flush
    between some of them, the stall and the compute probe after them)."""
    run = shared_runs(RANKS, _clocked("overlapped"))
    assert (run.logs / "horovod-timeline.json").stat().st_size > 0
    summary = run.footer(0)["timeline"]
    assert "error" not in summary, summary
    per_step = summary["per_step"]
    timed = list(range(CLOCKED["timing_warmup_steps"] + 1, CLOCKED["steps"] + 1))
    assert [s["step"] for s in per_step] == timed
    counts = {s["collectives"] for s in per_step}
    assert len(counts) == 1 and counts.pop() > 10  # every gradient, every step
    for s in per_step:
        assert 0 <= s["exposed_comm_s"] <= s["step_s"] + 0.01
        assert 0 < s["comm_busy_s"] <= s["step_s"] + 0.01
    assert summary["exposed_comm_s"]["n"] == len(timed)
    header = step_log.read_segments(run.rank_log(0))[0].header
    assert header["horovod_settings"]["HOROVOD_TIMELINE"] == "DYNAMIC"
    assert any("timeline on" in n for n in header["notes"])
