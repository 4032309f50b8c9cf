"""`history --fail-on-change TOL`: each point series judged against TOL with compare's four
outcomes (docs/history.md, "The gate"):

- *slower than TOL*: a change point found (within --since) whose interval's upper end lies
  below 1 - TOL (a confirmed change, at the false-alarm budget's level);
- *within TOL*: no such change, and the newest run against the runs since the last change
  (up to changes.WINDOW) has an interval whose lower end is at or above 1 - TOL;
- *inconclusive*: neither (a change whose interval straddles 1 - TOL; a newest run below the
  level that is not yet a confirmed change: a change needs changes.MIN_SIZE runs after it);
- *unjudged*: one run only, the point not in the newest run, or no noise estimate.

Exit 1 on any slower; on unjudged unless --allow-unjudged (damaged entries count as such: the
gate cannot pass what it did not read); on inconclusive with --strict."""

from __future__ import annotations

import math
from dataclasses import dataclass

from scalestudy.compare.analysis import INCONCLUSIVE, SLOWER_THAN_TOL, UNJUDGED, WITHIN_TOL
from scalestudy.errors import EXIT_CHECK_FAILED, EXIT_OK
from scalestudy.history import changes
from scalestudy.history.series import Series
from scalestudy.uncertainty.model import CONFIDENCE, Estimate


@dataclass
class Judged:
    series: Series
    outcome: str
    why: str
    ratio: Estimate | None = None


def _text(e: Estimate | None) -> str:
    return "-" if e is None else f"{e.value:.3f} [{e.lo:.3f}, {e.hi:.3f}]"


def newest_run(s: Series, sweeps: list[str]) -> int:
    """The index of the newest run of the sweeps the series was measured in (`sweeps`: each
    run's sweep, oldest first). A site's shared history holds every sweep's runs (collect adds
    each); a point of one sweep is not expected in another's, so the history's newest run
    would leave every sweep but the last unjudged."""
    mine = {sweeps[p.run] for p in s.points}
    return max(i for i, sweep in enumerate(sweeps) if sweep in mine)


def judge(
    s: Series, tolerance: float, newest: int, shown_from: int = 0, confidence: float = CONFIDENCE
) -> Judged:
    """One series against TOL; newest: the index of the newest run of its sweeps (newest_run);
    shown_from: the first run --since keeps."""
    threshold = 1.0 - tolerance
    if len(s.points) < 2:
        return Judged(s, UNJUDGED, "one run of this point: no trend to judge")
    if s.points[-1].run != newest:
        return Judged(s, UNJUDGED, "not measured in its sweep's newest run")
    recent = [c for c in s.changes if s.points[c.index].run >= shown_from]
    slower = [c for c in recent if c.ratio.hi < threshold]
    if slower:
        c = slower[-1]
        return Judged(s, SLOWER_THAN_TOL, f"changed at run {s.points[c.index].run + 1}", c.ratio)
    straddle = [c for c in recent if c.ratio.lo < threshold]
    if straddle:
        c = straddle[-1]
        return Judged(
            s,
            INCONCLUSIVE,
            f"a change at run {s.points[c.index].run + 1} straddles {threshold:.3f}",
            c.ratio,
        )
    if all(p.se is None for p in s.points) and len(s.points) < 3:
        return Judged(s, UNJUDGED, "no noise estimate (one repeat everywhere) and 2 runs")
    x = [p.log_level for p in s.points]
    var = changes.variances(x, [p.se for p in s.points])
    last = len(x) - 1
    start = max(s.changes[-1].index if s.changes else 0, last - changes.WINDOW)
    if start >= last:  # the newest run starts the last change's segment
        start = max(0, last - changes.WINDOW)
    ratio, _ = changes.step(x, var, range(start, last), range(last, last + 1), confidence)
    if not math.isfinite(ratio.lo) or ratio.lo == ratio.hi:
        return Judged(s, UNJUDGED, "no spread to judge the newest run with")
    if ratio.lo >= threshold:
        return Judged(s, WITHIN_TOL, "newest run against the level before it", ratio)
    why = "newest run against the level before it straddles"
    if ratio.hi < threshold:
        why = (
            f"newest run below {threshold:.3f}, not yet a confirmed change "
            f"({changes.MIN_SIZE} runs after a change confirm it)"
        )
    return Judged(s, INCONCLUSIVE, why, ratio)


def fails(outcome: str, *, strict: bool = False, allow_unjudged: bool = False) -> bool:
    """Whether a point's outcome fails the gate: what the exit code and the JUnit file both
    say (the JUnit file failed "slower" and "unjudged" whatever the options)."""
    return (
        outcome == SLOWER_THAN_TOL
        or (outcome == UNJUDGED and not allow_unjudged)
        or (outcome == INCONCLUSIVE and strict)
    )


@dataclass
class Gate:
    code: int
    out: list[str]
    err: list[str]


def gate(
    judged: list[Judged],
    tolerance: float,
    *,
    damaged: int = 0,
    strict: bool = False,
    allow_unjudged: bool = False,
) -> Gate:
    by = {
        k: [j for j in judged if j.outcome == k]
        for k in (SLOWER_THAN_TOL, WITHIN_TOL, INCONCLUSIVE, UNJUDGED)
    }
    out = [
        f"{j.outcome}: {j.series.name}: {_text(j.ratio)}; {j.why}"
        for j in judged
        if j.outcome != WITHIN_TOL
    ]
    err: list[str] = []
    if by[SLOWER_THAN_TOL]:
        said = ", ".join(f"{j.series.name} ({_text(j.ratio)})" for j in by[SLOWER_THAN_TOL])
        err.append(
            f"scalestudy history: {len(by[SLOWER_THAN_TOL])} point(s) changed to slower by more "
            f"than {tolerance:.1%}: {said}"
        )
    unjudged = len(by[UNJUDGED]) + damaged
    if unjudged and not allow_unjudged:
        err.append(
            f"scalestudy history: {len(by[UNJUDGED])} point(s) unjudged"
            + (f" and {damaged} damaged history entr(y/ies)" if damaged else "")
            + ": the gate cannot pass what it did not judge; --allow-unjudged to pass anyway"
        )
    if by[INCONCLUSIVE] and strict:
        err.append(
            f"scalestudy history: {len(by[INCONCLUSIVE])} point(s) inconclusive and --strict"
        )
    # the exit code is judge.fails' verdict, as the JUnit file's (the messages above say why)
    opts = {"strict": strict, "allow_unjudged": allow_unjudged}
    failed = any(fails(j.outcome, **opts) for j in judged) or (damaged and not allow_unjudged)
    code = EXIT_CHECK_FAILED if failed else EXIT_OK
    counts = (
        f"{len(by[SLOWER_THAN_TOL])} slower than {tolerance:.1%}, {len(by[WITHIN_TOL])} within "
        f"it, {len(by[INCONCLUSIVE])} inconclusive, {len(by[UNJUDGED])} unjudged, of "
        f"{len(judged)} point(s)"
    )
    out.append(("gate FAILED: " if code else "gate passed: ") + counts)
    return Gate(code, out, err)
