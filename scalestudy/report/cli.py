"""The `report` verb's arguments and entry point; scalestudy/cli.py wires them in."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scalestudy.errors import EXIT_CHECK_FAILED, EXIT_OK


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "sweeps",
        nargs="*",
        metavar="SWEEP",
        help="sweep names (folders under --results), sweep files (their `name:`), results "
        "folders or archives from `scalestudy archive` (.tar.gz); several make one combined "
        "report; none: the only or newest sweep under --results",
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
        "--check",
        action="store_true",
        help="also judge every expectation of the sweeps' `expect:` blocks on its 95%% "
        "interval: holds, fails or inconclusive (a table with each expectation's file:line, in "
        "summary.md, report.html and check.json too); exit 1 when one fails, is not measured, "
        "or is inconclusive under policy fail",
    )
    parser.add_argument(
        "--inconclusive",
        choices=("fail", "warn", "pass"),
        help="what a verdict whose interval straddles the bound (or that has none: one repeat) "
        "counts as where the expectation's own `inconclusive:` does not say: fail (default: "
        "exit 1), warn (said, exit 0) or pass",
    )
    parser.add_argument(
        "--junit",
        metavar="FILE",
        help="also write the check's verdicts as JUnit XML (one testsuite per sweep, one "
        "testcase per expectation, variant and size) for CI; implies --check",
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
    if getattr(args, "inconclusive", None) and not (args.check or args.junit):
        print("scalestudy report: note: --inconclusive is only used by --check", file=sys.stderr)
    if args.out:  # before any work: a path that cannot be a folder is exit 3, said
        from scalestudy.fileio import output_folder

        output_folder(Path(args.out), "--out")
    if not args.sweeps:
        from scalestudy.sweepfile.locate import collected_sweep

        # by name: the results folder is all a report needs (not the sweep file it came from)
        name, note = collected_sweep(Path(args.results))
        print(f"scalestudy report: {note}", file=sys.stderr)
        args.sweeps = [name]
    from scalestudy.report.build import build  # pandas/matplotlib only when reporting
    from scalestudy.report.markdown import terminal

    with _staged(list(args.sweeps), Path(args.results), args.out) as (sweeps, root, out):
        report = build(
            sweeps,
            root,
            out,
            args.project_to,
            Path(calibration) if calibration else None,
        )
        junit = getattr(args, "junit", None)
        checking = getattr(args, "check", False) or junit is not None
        policy = getattr(args, "inconclusive", None)
        outcomes = _check(report, policy, Path(junit) if junit else None) if checking else None
    print(terminal(report.summary))
    n = len(report.rendered)
    print(f"wrote {n} figure(s) (PNG + SVG), report.html, summary.md to {report.out}")
    if outcomes is None:
        return EXIT_OK
    from scalestudy.report import check

    print("\n".join(["", *check.lines(outcomes)]))
    return EXIT_OK if all(o.ok for o in outcomes) else EXIT_CHECK_FAILED


def _check(report, policy: str | None, junit: Path | None) -> list:
    """The expectations judged (inside the staging: an archive's sweep file is there), their
    verdicts added to summary.md and report.html, check.json and the JUnit file written."""
    from scalestudy.report import check

    outcomes = check.check(report.analysis, policy)
    check.publish(report, outcomes, junit)
    return outcomes


@contextmanager
def _staged(args: list[str], results: Path, out: str | None) -> Iterator[tuple]:
    """The sweeps as `build` takes them (names under one results root), the root, and the
    output folder. Names and sweep files as given; when an argument is an archive (read
    through scalestudy.archive: checked, extracted once into the cache) or a results folder's
    path, every sweep is reached through a link in a temporary root instead. Default output:
    an archive's report goes beside it (`X.tar.gz` -> `X-report/`), a folder's into it."""
    from scalestudy import archive, inputs

    def given_as_path(a: str) -> bool:
        return archive.is_archive(a) or (Path(a).is_dir() and "/" in a)

    if not any(given_as_path(a) for a in args):
        yield args, results, Path(out) if out else None
        return
    found = [inputs.resolve(a, results) for a in args]
    if out is None and len(found) == 1:
        only = found[0]
        if only.kind == "archive":
            out = str(Path(only.arg).with_name(f"{only.label}-report"))
        else:
            out = str(only.folder / "report")
    elif out is None:
        out = str(results / ("report-" + "+".join(i.label for i in found)))
    staging = Path(tempfile.mkdtemp(prefix="scalestudy-report-"))
    try:
        for i in found:
            link = staging / i.name
            if link.exists() or link.is_symlink():
                raise inputs.InputError(
                    f"two inputs hold a sweep named {i.name!r} ({i.arg})",
                    "one combined report takes each sweep once; `scalestudy compare` puts two "
                    "runs of one sweep side by side",
                )
            link.symlink_to(i.folder.resolve(), target_is_directory=True)
        yield [i.name for i in found], staging, Path(out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
