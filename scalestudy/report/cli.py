"""The `report` verb's arguments and entry point; scalestudy/cli.py wires them in."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scalestudy.errors import EXIT_OK


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "sweeps",
        nargs="*",
        metavar="SWEEP",
        help="sweep names (folders under --results) or sweep files (their `name:`); "
        "several make one combined report; none: the only or newest sweep under --results",
    )
    parser.add_argument("--results", default="results", help="results root (default: ./results)")
    parser.add_argument(
        "--out",
        help="output folder (default: results/<sweep>/report, or results/report-<a>+<b> "
        "for several sweeps)",
    )
    parser.add_argument(
        "--project-to",
        type=int,
        metavar="N",
        help="also project to N nodes with the stated models (labelled projection, dashed)",
    )
    parser.add_argument(
        "--calibration",
        metavar="PATH",
        help="calibration.json of a `workload: comm` sweep (results/<comm-sweep>/) whose fitted "
        "latency/bandwidth the projection uses; default: the newest one of the same profile "
        "under --results, else the profile's nominal figures (the report says which)",
    )


def run(args: argparse.Namespace) -> int:
    """Bad input raises (ReportError, UnknownReference, UsageError...): scalestudy.cli says it."""
    from scalestudy.errors import UsageError

    if args.project_to is not None and args.project_to < 1:
        raise UsageError("--project-to must be a node count >= 1")
    calibration = getattr(args, "calibration", None)
    if calibration is not None:
        if not Path(calibration).is_file():
            raise UsageError(f"--calibration {calibration}: no such file")
        if args.project_to is None:
            print(
                "scalestudy report: note: --calibration is only used by --project-to",
                file=sys.stderr,
            )
    if not args.sweeps:
        from scalestudy.spec.locate import sweep_file

        located = sweep_file(None, Path(args.results))
        print(f"scalestudy report: {located.note}", file=sys.stderr)
        args.sweeps = [located.path]
    from scalestudy.report.build import build  # pandas/matplotlib only when reporting
    from scalestudy.report.markdown import terminal

    report = build(
        list(args.sweeps),
        Path(args.results),
        Path(args.out) if args.out else None,
        args.project_to,
        Path(calibration) if calibration else None,
    )
    print(terminal(report.summary))
    n = len(report.rendered)
    print(f"wrote {n} figure(s) (PNG + SVG), report.html, summary.md to {report.out}")
    return EXIT_OK
