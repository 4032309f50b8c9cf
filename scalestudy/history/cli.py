"""The `history` verb (argparse only at import): `scalestudy history add RESULTS|ARCHIVE ...`
adds runs; `scalestudy history` shows the series, change points and what changed."""

from __future__ import annotations

import argparse
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from scalestudy.errors import EXIT_OK, UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "words",
        nargs="*",
        metavar="add SOURCE",
        help="`add` and results folders, sweep names or archives to add; none: show the history",
    )
    parser.add_argument("--results", default="results", help="results root (default: ./results)")
    parser.add_argument(
        "--history",
        help="the history's folder (default: $SCALESTUDY_HISTORY, else "
        "<results>/scalestudy-history); a shared path may lie where file locks fail",
    )
    parser.add_argument("--out", help="report folder (default: <history>/report)")
    parser.add_argument("--since", help="only runs from this date on (YYYY-MM-DD[THH:MM])")
    parser.add_argument("--variant", help="only the points of this variant (its label)")
    parser.add_argument(
        "--point", help="only this point: NODESxPPN, or LABEL@NODESxPPN (e.g. dense@2x1)"
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        help="the false-alarm budget: false alerts per 100 stable runs over all points "
        "(default 1; docs/history.md)",
    )
    parser.add_argument(
        "--fail-on-change",
        metavar="TOL",
        help="judge each point (5%% or 0.05): slower than TOL (a change point whose interval "
        "lies below 1 - TOL), within, inconclusive or unjudged; exit 1 on slower and unjudged",
    )
    parser.add_argument("--strict", action="store_true", help="inconclusive points fail too")
    parser.add_argument(
        "--allow-unjudged", action="store_true", help="unjudged points do not fail the gate"
    )
    parser.add_argument("--junit", metavar="FILE", help="with the gate: its verdicts as JUnit XML")


def _usage(message: str, hint: str) -> UsageError:
    error = UsageError(message)
    error.hint = hint
    return error


def _since(text: str | None) -> float | None:
    if text is None:
        return None
    try:
        d = datetime.fromisoformat(text)
    except ValueError:
        raise _usage(
            f"--since {text!r}: not a date", "give YYYY-MM-DD or YYYY-MM-DDTHH:MM (UTC)"
        ) from None
    return (d if d.tzinfo else d.replace(tzinfo=timezone.utc)).timestamp()


def _point_filter(variant: str | None, point: str | None):
    want_label, want_size = variant, None
    if point:
        m = re.fullmatch(r"(?:(.+)@)?(\d+)x(\d+)", point.strip())
        if not m:
            raise _usage(
                f"--point {point!r}: not NODESxPPN or LABEL@NODESxPPN", "e.g. --point dense@2x1"
            )
        want_size = (int(m.group(2)), int(m.group(3)))
        if m.group(1):
            want_label = m.group(1)

    def keep(s) -> bool:
        if want_label is not None and s.label != want_label:
            return False
        return want_size is None or (s.nodes, s.ppn) == want_size

    return keep


def run(args: argparse.Namespace) -> int:
    from scalestudy.history import store

    results = Path(args.results)
    where = store.place(results, args.history)
    if args.words:
        if args.words[0] != "add" or len(args.words) < 2:
            raise _usage(
                f"history {' '.join(args.words)}: unknown words",
                "`scalestudy history add RESULTS|ARCHIVE ...`, or `scalestudy history` to show",
            )
        return add(args.words[1:], results, where, "--history" if args.history else "--results")
    return show(args, where)


def add(sources: list[str], results: Path, where: Path, option: str) -> int:
    from scalestudy.history import store

    for source in sources:
        side, capture, damage = store.load_source(source, results)
        for note in damage:
            print(f"scalestudy history: warning: {note}", file=sys.stderr)
        absolute = str(Path(source).resolve()) if Path(source).exists() else source
        done = store.add(store.entry_of(side, capture, absolute), where, option)
        say(done, side.label, where)
    return EXIT_OK


def say(done, label: str, where: Path) -> None:
    if not done.new:
        print(f"history: {label}: already in {where} (this run, unchanged): nothing added")
    elif done.replaces:
        print(f"history: {label}: updated in {where} (a newer version of a run it holds)")
    else:
        print(f"history: {label}: added to {where}")


def show(args: argparse.Namespace, where: Path) -> int:
    from scalestudy.compare.cli import parse_tolerance
    from scalestudy.fileio import output_file, output_folder
    from scalestudy.history import changes, judge, render, series, store

    tolerance = None
    if args.fail_on_change is not None:
        try:
            tolerance = parse_tolerance(args.fail_on_change)
        except UsageError as exc:
            raise UsageError(str(exc).replace("--fail-on-regression", "--fail-on-change")) from None
    elif args.strict or args.allow_unjudged or args.junit:
        raise UsageError("--strict, --allow-unjudged and --junit qualify --fail-on-change TOL")
    budget = changes.BUDGET if args.budget is None else args.budget
    if not 0 < budget <= 50:
        raise UsageError(f"--budget {budget:g}: false alerts per 100 runs, in (0, 50]")
    since = _since(args.since)
    loaded = store.read(where)
    for note in loaded.damaged:
        print(f"scalestudy history: warning: {note}", file=sys.stderr)
    runs = loaded.runs
    if not runs:
        raise store.HistoryError(
            f"{where}: no run in this history"
            + (f" ({len(loaded.damaged)} damaged entr(y/ies) skipped)" if loaded.damaged else ""),
            "`scalestudy collect` adds each run; `scalestudy history add RESULTS|ARCHIVE` adds "
            "older ones",
        )
    first = next((i for i, r in enumerate(runs) if since is None or r.when >= since), len(runs))
    keep = _point_filter(args.variant, args.point)
    found = series.build(runs, budget=budget, keep=keep)
    if not found:
        raise _usage(
            "no point of the history matches --variant/--point",
            "labels: " + ", ".join(sorted({p.label for r in runs for p in r.points})),
        )
    for s in found:
        for note in s.left_out:
            print(f"scalestudy history: warning: {note}", file=sys.stderr)
    text = render.terminal(found, runs, first, budget)
    if len(runs) < 2:
        text += render.ONE_RUN + "\n"
    print(text, end="")
    judged = []
    if tolerance is not None:
        sweeps = [r.sweep for r in runs]
        judged = [judge.judge(s, tolerance, judge.newest_run(s, sweeps), first) for s in found]
    out = output_folder(
        Path(args.out) if args.out else where / "report", "--out" if args.out else "--history"
    )
    written = render.write_all(found, runs, first, text, judged, out)
    print(f"wrote {', '.join(p.name for p in written)} to {out}")
    if tolerance is None:
        return EXIT_OK
    verdict = judge.gate(
        judged,
        tolerance,
        damaged=len(loaded.damaged),
        strict=args.strict,
        allow_unjudged=args.allow_unjudged,
    )
    if args.junit:
        from scalestudy.fileio import write_atomic

        xml = render.junit(
            judged,
            tolerance,
            strict=args.strict,
            allow_unjudged=args.allow_unjudged,
            damaged=len(loaded.damaged),
        )
        write_atomic(output_file(Path(args.junit), "--junit"), xml)
    for line in verdict.out:
        print(line)
    for line in verdict.err:
        print(line, file=sys.stderr)
    return verdict.code
