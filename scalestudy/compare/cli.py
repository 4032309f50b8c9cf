"""The `compare` verb's arguments and entry point; scalestudy/cli.py wires them in (argparse
only at import: pandas and matplotlib load when it runs)."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from scalestudy.errors import EXIT_OK, BadInput, UsageError
from scalestudy.fileio import output_folder


class CompareError(BadInput):
    def __init__(self, message: str, hint: str | None = None):
        self.hint = hint
        super().__init__(message)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "base",
        metavar="BASE",
        help="the reference: a sweep name (folder under --results), a sweep file, a results "
        "folder or an archive from `scalestudy archive` (.tar.gz)",
    )
    parser.add_argument(
        "new", nargs="+", metavar="NEW", help="what is compared with BASE (as BASE; several)"
    )
    parser.add_argument("--results", default="results", help="results root (default: ./results)")
    parser.add_argument(
        "--out",
        help="output folder (default: <results>/compare-<base>-vs-<new>[+<new>...])",
    )
    parser.add_argument(
        "--fail-on-regression",
        metavar="TOL",
        help="judge each matched point's tokens/s against TOL (5%% or 0.05): slower than TOL "
        "(its interval's upper end below 1 - TOL), within TOL (its lower end at or above), "
        "or inconclusive; exit 1 on any slower, and on any unjudged point (no noise "
        "estimate, or not measured on one side) unless --allow-unjudged",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="with --fail-on-regression: inconclusive points fail the gate too",
    )
    parser.add_argument(
        "--allow-unjudged",
        action="store_true",
        help="with --fail-on-regression: points that cannot be judged (one repeat everywhere: "
        "no noise estimate; or not measured on one side) do not fail the gate",
    )
    parser.add_argument(
        "--confidence",
        type=float,
        default=None,
        help="the level of the intervals and verdicts (default 0.95)",
    )
    parser.add_argument(
        "--min-samples",
        type=int,
        default=None,
        help="completed repeats each side needs for a point to be judged on its own repeats "
        "(judged on their own spread; default 5); other points are judged on the runs' pooled "
        "noise (docs/compare.md)",
    )


def parse_tolerance(text: str) -> float:
    """'5%' or '0.05' -> 0.05; anything else is refused (a bare 5 could mean either)."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(%?)\s*", text)
    if m:
        value = float(m.group(1))
        value = value / 100.0 if m.group(2) else value
        if 0.0 <= value < 1.0 and (m.group(2) or value < 1.0):
            return value
    raise UsageError(
        f"--fail-on-regression {text!r}: a tolerance is a percentage below 100% (5%) or a "
        "fraction below 1 (0.05)"
    )


def _default_out(results: Path, labels: list[str]) -> Path:
    safe = [re.sub(r"[^A-Za-z0-9._#-]+", "_", x) for x in labels]
    return results / f"compare-{safe[0]}-vs-{'+'.join(safe[1:])}"


def run(args: argparse.Namespace) -> int:
    from scalestudy.uncertainty.model import CONFIDENCE

    tolerance = (
        None if args.fail_on_regression is None else parse_tolerance(args.fail_on_regression)
    )
    if tolerance is None and (args.strict or args.allow_unjudged):
        flag = "--strict" if args.strict else "--allow-unjudged"
        raise UsageError(f"{flag} qualifies the gate: give --fail-on-regression TOL with it")
    confidence = CONFIDENCE if args.confidence is None else args.confidence
    if not 0.5 <= confidence < 1.0:
        raise UsageError(f"--confidence {confidence:g}: a level in [0.5, 1), e.g. 0.95")
    from scalestudy.compare import analysis, envdiff, match, render

    min_samples = analysis.MIN_SAMPLES if args.min_samples is None else args.min_samples
    if min_samples < 2:
        raise UsageError(f"--min-samples {min_samples}: at least 2 (one repeat has no spread)")
    from scalestudy import inputs

    results = Path(args.results)
    given = [inputs.resolve(a, results) for a in [args.base, *args.new]]
    labels = match.labels_for(given)
    sides = [match.load_side(i, label) for i, label in zip(given, labels, strict=True)]
    for side in sides:  # damaged points.jsonl lines: those points are left out, said here
        for note in side.sweep.damage:
            print(f"scalestudy compare: warning: {note}", file=sys.stderr)
    base, news = sides[0], sides[1:]
    base_capture = envdiff.gather(base)
    comparisons = [
        analysis.compare(
            base,
            new,
            tolerance=tolerance,
            min_samples=min_samples,
            confidence=confidence,
            base_capture=base_capture,
        )
        for new in news
    ]
    for c in comparisons:
        if not c.pairs:
            nearest = next(iter(c.only_base), None)
            why = "; ".join(nearest.nearest) if nearest else "BASE has no point"
            raise CompareError(
                f"no point of {c.new.label} matches one of {c.base.label}: points are matched "
                "by workload, mode, configuration, nodes and ranks per node "
                f"(the nearest differ in: {why})",
                "compare runs of the same sweep (or sweeps that measure the same points); "
                "the sweep's name, profile and environment may differ, its trainer settings not",
            )
    settings = render.Settings(confidence, min_samples, tolerance, args.strict, args.allow_unjudged)
    out = output_folder(
        Path(args.out) if args.out else _default_out(results, labels),
        "--out" if args.out else "--results",
    )
    written = render.write_all(base, news, comparisons, settings, out)
    print(render.terminal(comparisons, settings), end="")
    print(f"wrote {', '.join(p.name for p in written)} and the figures to {out}")
    if tolerance is None:
        unjudged = sum(not p.tokens.judged for c in comparisons for p in c.pairs)
        if unjudged:
            print(f"note: {unjudged} matched point(s) unjudged (see the table); no gate asked")
        return EXIT_OK
    verdict = analysis.gate(
        comparisons, tolerance, strict=args.strict, allow_unjudged=args.allow_unjudged
    )
    for line in verdict.err:
        print(line, file=sys.stderr)
    for line in verdict.out:
        print(line)
    return verdict.code
