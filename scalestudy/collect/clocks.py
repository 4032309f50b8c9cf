"""Three clocks on every trainer point: a throughput is used only when they agree.

(a) the step records: every rank's timed steps carry their start and end in Unix time and the
    flushes and checkpoints excluded since the step before (`t_start`, `t_end`,
    `excluded_before_s`), so tokens / (end of the last - start of the first - excluded) is
    computed here from the records alone, on the wall clock;
(b) the trainer's footer: its window (perf_counter, the slowest rank's) and its tokens/s;
(c) the job's own wall time (the local executor's start and end, a bundled run's markers, or
    Slurm's Elapsed).
The window cannot be shorter than the timed steps it holds nor longer than the job, and (a)
and (b) agree within `AGREEMENT` (or `AGREEMENT_FLOOR_S` of the window, when it is short).
A point that fails is `inconsistent`, with the figures.

Step logs written before the window fix (no `t_start` in their records) cannot be checked:
their footer's window held the compute probe (and the timeline's stop, the weights dump), so
their tokens/s reads low; only the sum of the step times (an upper bound on the throughput)
can be recomputed from them. They are `unchecked`, and say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import msgspec

from scalestudy.formats import attempt_files, step_log
from scalestudy.formats.manifest import Attempt, known
from scalestudy.formats.results_columns import CLOCK_INCONSISTENT, CLOCK_OK, CLOCK_UNCHECKED
from scalestudy.profiles import slurm_minutes

AGREEMENT = 0.01  # (a) against (b): relative,
# and at least this much in absolute terms: the two ends are each read on two clocks in a row
# (perf_counter for the footer, time.time() for the records), and a preemption between the two
# readings on a busy host shows; a window of 4 tiny steps lasts 0.1 s (the compute probe this
# check is about took seconds)
AGREEMENT_FLOOR_S = 0.005
# the job's clock: sacct's Elapsed is in whole seconds, a marker file's time in ms
JOB_SLACK_S = 1.0
STEPS_SLACK = 1e-3  # the window against the sum of its steps: rounding of two clocks

OK, INCONSISTENT, UNCHECKED = CLOCK_OK, CLOCK_INCONSISTENT, CLOCK_UNCHECKED
LEGACY = (
    "step records without start times (written before the timed window was "
    "fixed): this point's tokens/s may count the compute probe's time (too low); only the "
    "sum of its step times can be recomputed"
)


class _Tokens(msgspec.Struct):
    total: int = 0


class _StepView(msgspec.Struct):
    """The fields of a record the clocks need; the rest of each line is skipped."""

    type: str
    schema: str = ""
    step: int = 0
    segment_start_step: int = 0
    timed: bool = False
    step_s: float = 0.0
    t_start: float | None = None
    t_end: float | None = None
    excluded_before_s: float = 0.0
    tokens: _Tokens | None = None


_STEPS = step_log.Decoder(_StepView)


@dataclass
class RankWindow:
    window_s: float  # from the records: last end - first start - excluded inside
    steps_s: float  # the timed steps' own durations, summed
    tokens: int
    start: float  # Unix time of the first timed step's start
    end: float


def rank_window(path: Path) -> RankWindow | None:
    """One rank's timed window from its step records; None when they have no start times
    (an older trainer) or no timed step."""
    timed = [s for s in step_log.merge(step_log.read_segments(path, _STEPS)) if s.timed]
    if not timed or any(s.t_start is None or s.t_end is None for s in timed):
        return None
    excluded = sum(s.excluded_before_s for s in timed[1:])
    return RankWindow(
        window_s=timed[-1].t_end - timed[0].t_start - excluded,
        steps_s=sum(s.step_s for s in timed),
        tokens=sum(s.tokens.total if s.tokens else 0 for s in timed),
        start=timed[0].t_start,
        end=timed[-1].t_end,
    )


def elapsed_seconds(text) -> float | None:
    """sacct's Elapsed ([D-]HH:MM:SS) in seconds, read as the sweep's time limits are read;
    None when absent or unreadable."""
    if not isinstance(text, str) or not text.strip():
        return None
    minutes = slurm_minutes(text)
    return None if minutes is None else round(minutes * 60, 3)


def job_wall(attempt: Attempt, run_dir: Path, elapsed) -> tuple[float | None, str]:
    """The job's own wall time for this attempt and where it comes from: the executor's
    start and end (local), a bundled run's start marker and exit-code file (Slurm bundles:
    the job's Elapsed spans every run of the bundle), else Slurm's Elapsed."""
    start, end = known(attempt.started_at), known(attempt.ended_at)
    if start is not None and end is not None:
        return float(end) - float(start), "the executor's start and end"
    marker, code = run_dir / attempt_files.STARTED_AT, run_dir / attempt_files.EXIT_CODE
    if marker.exists() and code.exists():
        try:
            return code.stat().st_mtime - float(marker.read_text().strip()), "the run's markers"
        except ValueError:
            pass
    seconds = elapsed_seconds(elapsed)
    if seconds is not None:
        return seconds, "sacct's Elapsed"
    return None, ""


@dataclass
class Verdict:
    state: str  # ok, inconsistent, unchecked
    reason: str
    columns: dict


def rank_windows(logs: Path, workers: int) -> list[RankWindow] | str:
    """Every rank's timed window from its records, or why the point cannot be checked (the
    first rank without a log or without start times)."""
    windows = []
    for r in range(workers):
        path = logs / step_log.rank_log_name(r)
        w = rank_window(path) if path.exists() else None
        if w is None:
            return LEGACY if path.exists() else f"no step log {path.name}"
        windows.append(w)
    return windows


def check(
    logs: Path | None,
    workers: int,
    model_ranks: int,
    timing: dict,
    job_s: float | None,
    job_from: str,
    windows: list[RankWindow] | str | None = None,
) -> Verdict:
    """The three clocks of one completed point (`timing`: its footer's; `windows`: the ranks'
    from rank_windows, read here from `logs` when not given)."""
    if windows is None:
        if logs is None:
            raise ValueError("clocks.check: neither the logs nor their windows given")
        windows = rank_windows(logs, workers)
    if isinstance(windows, str):
        return Verdict(UNCHECKED, windows, {})
    window = max(w.window_s for w in windows)
    steps = max(w.steps_s for w in windows)
    records_tps = sum(w.tokens for w in windows) / model_ranks / window if window > 0 else 0.0
    footer_window = float(timing["window_s"])
    footer_tps = float(timing["throughput_tokens_per_s"]["total"])
    columns = dict(
        records_tokens_per_s=records_tps,
        window_s=footer_window,
        records_window_s=window,
        timed_steps_sum_s=steps,
        job_wall_s=job_s,
    )
    problems = []
    allowed = max(AGREEMENT, AGREEMENT_FLOOR_S / window) if window > 0 else AGREEMENT
    if footer_tps <= 0 or abs(records_tps / footer_tps - 1) > allowed:
        problems.append(
            f"the step records give {records_tps:,.1f} tokens/s over a window of {window:.3f} s, "
            f"the footer {footer_tps:,.1f} over {footer_window:.3f} s (more than "
            f"{allowed:.1%} apart)"
        )
    if footer_window < steps * (1 - STEPS_SLACK):
        problems.append(
            f"the footer's window ({footer_window:.3f} s) is shorter than the timed steps it "
            f"holds ({steps:.3f} s)"
        )
    if job_s is not None and footer_window > job_s + JOB_SLACK_S:
        problems.append(
            f"the footer's window ({footer_window:.3f} s) is longer than the job ({job_s:.3f} s, "
            f"{job_from})"
        )
    if problems:
        return Verdict(INCONSISTENT, "; ".join(problems), columns)
    if job_s is None:
        return Verdict(OK, "no job wall time bounds the window (no start/end, no Elapsed)", columns)
    return Verdict(OK, "", columns)
