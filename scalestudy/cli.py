# PYTHON_ARGCOMPLETE_OK  (argcomplete reads this marker: the CLI completes its own words)
"""`scalestudy`: thin argument parsing, one function per verb, errors mapped to exit codes.

Exit codes (docs/cli.md): 0 ok, 1 the verdict is negative (doctor: a check failed), 2 bad input
(the message names file, line and key), 3 a results file could not be written, 4 a bug (with
its traceback), 130 Ctrl-C.
Nothing here imports TensorFlow or Horovod (login nodes, fast --help); pandas only in collect.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
import time
import traceback
from pathlib import Path

from scalestudy import fileio
from scalestudy.errors import (
    EXIT_BUG,
    EXIT_CANNOT_WRITE,
    EXIT_CHECK_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    ScalestudyError,
    UsageError,
)
from scalestudy.sweepfile.sweep import LoadedSweep

# a full disk, a read-only or foreign results folder: said plainly, never a traceback
_CANNOT_WRITE = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM}


def _load(args: argparse.Namespace) -> LoadedSweep:
    """The sweep named on the command line: a file, a submitted sweep's name, or (status,
    collect) none: the only or newest sweep under --results, said on stderr."""
    from scalestudy.plan import load_checked
    from scalestudy.sweepfile.locate import sweep_file

    located = sweep_file(args.sweep, Path(args.results))
    if located.note:
        print(f"scalestudy {args.verb}: {located.note}", file=sys.stderr)
    args.sweep = located.path
    loaded = load_checked(located.path)
    for w in loaded.warnings:
        print(f"warning: {w.format(loaded.path)}", file=sys.stderr)
    return loaded


def cmd_validate(args) -> int:
    loaded = _load(args)
    from scalestudy.plan import make_plan

    points = make_plan(loaded)
    print(f"{loaded.path}: ok ({len(points)} points on {loaded.profile.name})")
    return EXIT_OK


def cmd_plan(args) -> int:
    from scalestudy import views
    from scalestudy.compare.power import advice, plan_line  # what compare could tell (#32, #44)
    from scalestudy.plan import make_plan

    loaded = _load(args)
    points = make_plan(loaded)
    print(views.plan(loaded, points))
    print(plan_line(loaded.sweep, points, Path(args.results)))
    for line in advice(loaded.sweep, points, Path(args.results)):
        print(line)
    return EXIT_OK


def cmd_render(args) -> int:
    from scalestudy.plan import make_plan, submitted
    from scalestudy.submit import bundles_are_jobs, render_all

    loaded = _load(args)
    points = make_plan(loaded)
    out = Path(args.out) if args.out else Path(args.results) / loaded.sweep.name / "rendered"
    fileio.output_folder(out, "--out" if args.out else "--results")
    scripts = render_all(loaded, points, Path(args.results), allow_oom=args.allow_oom)
    for name, script in scripts.items():
        (out / f"{name}.sh").write_text(script)
    what = "bundle" if bundles_are_jobs(loaded) else "point"
    left = [p for p in points if not submitted(p, args.allow_oom)]
    print(f"wrote {len(scripts)} job scripts (one per {what}) to {out}")
    if left:
        print(
            f"{len(left)} point(s) predicted not to fit in memory are not rendered, as submit "
            "would not run them (--allow-oom renders them)"
        )
    return EXIT_OK


MIN_POLL_S = 5.0  # the controller is shared: never poll it faster than this


def _poll_interval(args) -> float:
    if args.interval < MIN_POLL_S:
        raise UsageError(
            f"--interval {args.interval:g}: at least {MIN_POLL_S:g} s between refreshes "
            "(every refresh asks the shared controller and accounting database)"
        )
    return args.interval


def _submit_once(args, loaded: LoadedSweep, points) -> int | None:
    """One pass of submit; returns how many points still wait for room in the queue, or None
    when it was interrupted."""
    from scalestudy import views
    from scalestudy.executors import registry
    from scalestudy.executors.manifest import Manifest
    from scalestudy.progress import for_terminal
    from scalestudy.submit import decide, submit, sweep_dir

    preview = decide(
        points,
        Manifest(sweep_dir(Path(args.results), loaded)).read(),
        allow_oom=args.allow_oom,
        retry_failed=args.retry_failed,
        force=args.force,
    )
    progress = for_terminal(preview.run)
    try:
        decision = submit(
            loaded,
            points,
            Path(args.results),
            dry_run=args.dry_run,
            allow_oom=args.allow_oom,
            retry_failed=args.retry_failed,
            force=args.force,
            progress=progress,
            executor=args.executor,
        )
    finally:
        progress.close()
    out, err = views.submit_pass(decision, registry.get(args.executor).queues_jobs, args.dry_run)
    for line in err:
        print(line, file=sys.stderr)
    print("\n".join(out))
    return len(decision.waiting)


def cmd_submit(args) -> int:
    import time

    from scalestudy.executors import registry
    from scalestudy.plan import make_plan

    loaded = _load(args)
    points = make_plan(loaded)
    args.executor = args.executor or loaded.profile.scheduler
    backend = registry.get(args.executor)
    if args.watch and not backend.queues_jobs:
        queues = [n for n in registry.names() if registry.get(n).queues_jobs]
        raise UsageError(
            "--watch tops up a scheduler's queue: use it with "
            + " or ".join(f"--executor {n}" for n in queues)
        )
    interval = _poll_interval(args) if args.watch else 0.0
    try:
        waiting = _submit_once(args, loaded, points)
        # --watch: keep topping the queue up to its limit until every point is in
        while args.watch and waiting and not args.dry_run:
            print(f"{waiting} point(s) wait for room in the queue; next look in {interval:g} s")
            time.sleep(interval)
            waiting = _submit_once(args, loaded, points)
    except KeyboardInterrupt:
        print(
            "\ninterrupted: jobs already queued stay queued"
            if backend.queues_jobs
            else "\ninterrupted: the running point is marked cancelled, the rest not started",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    return EXIT_OK


def cmd_status(args) -> int:
    from scalestudy.plan import make_plan
    from scalestudy.status import plain, refresh, watch
    from scalestudy.submit import sweep_dir

    loaded = _load(args)
    points = make_plan(loaded)
    sdir = sweep_dir(Path(args.results), loaded)
    if not args.watch:
        print(plain(refresh(sdir, points)))
        return EXIT_OK
    interval = _poll_interval(args)
    try:
        watch(sdir, points, interval, f"{loaded.sweep.name} on {loaded.profile.name}", MIN_POLL_S)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    return EXIT_OK


def cmd_collect(args) -> int:
    from scalestudy import views
    from scalestudy.collect import collect
    from scalestudy.plan import make_plan
    from scalestudy.submit import sweep_dir

    loaded = _load(args)
    points = make_plan(loaded)
    done = collect(loaded, points, sweep_dir(Path(args.results), loaded))
    if done.calibrated:
        print("\n".join(done.calibrated.said))
        for line in done.calibrated.warned:
            print(line, file=sys.stderr)
    print(views.collected(done.rows, points))
    print(f"wrote {done.table}")
    from scalestudy.history import cli as history_cli
    from scalestudy.history import store

    # every collect adds its run to the history (docs/history.md): no lock is needed there
    where = store.place(Path(args.results), args.history)
    side, capture = store.collected_source(done.table.parent, Path(args.results), done)
    added = store.add(
        store.entry_of(side, capture, str(done.table.parent.resolve())),
        where,
        "--history" if args.history else "--results",
    )
    history_cli.say(added, side.label, where)
    return EXIT_OK


def cmd_doctor(args) -> int:
    from scalestudy import doctor

    if args.nodes < 1 or args.ppn < 1:
        raise UsageError("--nodes and --ppn must be at least 1")
    start = time.monotonic()
    if args.threads is not None and args.threads < 1:
        raise UsageError("--threads must be at least 1")
    if args.peak_seconds is not None:
        bound = _peak_seconds().violated(args.peak_seconds)
        if bound:
            raise UsageError(f"--peak-seconds must be {bound}")
    checks = doctor.run(
        args.profile,
        Path(args.results),
        args.nodes,
        args.ppn,
        not args.no_jobs,
        args.threads,
        args.peak_seconds,
    )
    for check in checks:
        print("\n".join(check.lines()), flush=True)
    failed = [c.name for c in checks if c.status == "FAIL"]
    took = time.monotonic() - start
    if failed:
        print(f"doctor: {len(failed)} check(s) failed ({', '.join(failed)}) in {took:.0f} s")
        return EXIT_CHECK_FAILED
    print(f"doctor: {args.profile} is ready ({len(checks)} checks in {took:.0f} s)")
    return EXIT_OK


def cmd_site_install(args) -> int:
    from scalestudy import siteinstall

    names = list(dict.fromkeys(args.path))
    if args.write is None:
        for name in names:
            print("\n".join(siteinstall.describe(siteinstall.PATHS[name])))
        print(f"(scalestudy site-install {' '.join(names)} --write DIR writes them)")
        return EXIT_OK
    folder = fileio.output_folder(Path(args.write), "--write")
    for name in names:
        print("\n".join(siteinstall.write(name, folder)))
    return EXIT_OK


def cmd_archive(args) -> int:
    from scalestudy import archive, inputs

    if archive.is_archive(args.sweep):
        raise UsageError(f"{args.sweep}: already an archive")
    found = inputs.resolve(args.sweep, Path(args.results))
    if not inputs.is_results_folder(found.folder):
        raise archive.ArchiveError(
            f"{found.folder}: no results.csv or results.parquet to archive",
            f"run `scalestudy collect {args.sweep}` first",
        )
    out = Path(args.output) if args.output else Path(args.results) / f"{found.name}.tar.gz"
    if not archive.is_archive(out):
        raise UsageError(f"-o {out}: an archive's name ends in .tar.gz or .tgz")
    fileio.output_file(out, "-o" if args.output else "--results")
    done = archive.write(found.folder, out, with_logs=args.with_logs)
    print(
        f"wrote {done.path}: {done.files} file(s) of {found.folder} "
        f"({done.path.stat().st_size / 1e6:.1f} MB compressed)"
    )
    print(f"  sweep file: {done.sweep_file or 'not found (see archive/archive.json)'}")
    print(f"  profile:    {done.profile or 'not found'}")
    for item in done.left_out:
        print(f"  left out: {item}")
    print(f"read it with `scalestudy report {done.path}` or `scalestudy compare {done.path} ...`")
    return EXIT_OK


def cmd_init(args) -> int:
    from scalestudy import starter

    detected = None
    if args.detect:
        from scalestudy import profile_detect

        detected = profile_detect.detect(profile_detect.ask(), args.partition, args.name)
    elif args.partition:
        raise UsageError("--partition goes with --detect")
    done = starter.start(Path(args.dir), args.experiment, args.profile, detected, args.name)
    print(f"wrote {done.sweep} and {done.profile} (the sweep's cluster); next:")
    sweep = done.sweep if Path(args.dir) != Path(".") else Path(done.sweep.name)
    print(f"  edit them, then: scalestudy validate {sweep}")
    print(f"  scalestudy plan {sweep}; scalestudy submit {sweep}")
    return EXIT_OK


def cmd_profile_detect(args) -> int:
    from scalestudy import profile_detect

    sys.stdout.write(profile_detect.detect(profile_detect.ask(), args.partition, args.name))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scalestudy",
        description="Scaling studies of the "
        "densified Transformer trainer on Slurm or this machine.",
    )
    sub = parser.add_subparsers(dest="verb", required=True)
    for add in (
        _add_init,
        _add_sweep_verbs,
        _add_doctor,
        _add_profile,
        _add_site_install,
        _add_reading_verbs,
        _add_archive,
    ):
        add(sub)
    return parser


def _verb(sub, name: str, func, help_: str, optional: bool = False):
    """A verb that takes a sweep (a file or a submitted sweep's name) and --results."""
    p = sub.add_parser(name, help=help_)
    sweep = p.add_argument(
        "sweep",
        nargs="?" if optional else None,
        help="the sweep file (YAML) or a submitted sweep's name"
        + (" (default: the only or newest sweep under --results)" if optional else ""),
    )
    sweep.completer = _complete_sweeps  # type: ignore[attr-defined]
    p.add_argument("--results", default="results", help="results root (default: ./results)")
    p.set_defaults(func=func)
    return p


def _add_init(sub) -> None:
    """init: a starter sweep and profile."""
    init = sub.add_parser(
        "init", help="write a starter sweep and a cluster profile to edit (never overwrites)"
    )
    init.add_argument("dir", nargs="?", default=".", help="the folder (default: here)")
    init.add_argument(
        "--experiment",
        default="quickstart",
        help="the shipped experiment to start from (default quickstart)",
    )
    source = init.add_mutually_exclusive_group()
    source.add_argument(
        "--profile", help="the shipped profile to copy (default: the experiment's cluster)"
    )
    source.add_argument(
        "--detect",
        action="store_true",
        help="the profile read off this Slurm cluster (`profile detect`) instead",
    )
    init.add_argument("--partition", help="with --detect: the partition to describe")
    init.add_argument(
        "--name", default="mysite", help="with --detect: the profile's name (default mysite)"
    )
    init.set_defaults(func=cmd_init)


def _add_sweep_verbs(sub) -> None:
    """The verbs of one sweep's life: validate, plan, render, submit, status, collect."""
    _verb(sub, "validate", cmd_validate, "check a sweep file")
    _verb(sub, "plan", cmd_plan, "print the points, predicted memory and node-hours")
    render = _verb(
        sub, "render", cmd_render, "write the job scripts submit would run, submitting none"
    )
    render.add_argument("--out", help="folder for the scripts (default results/<sweep>/rendered)")
    render.add_argument(
        "--allow-oom", action="store_true", help="also the points predicted not to fit"
    )
    submit = _verb(sub, "submit", cmd_submit, "run or submit what is not done yet")
    from scalestudy.executors import registry  # names only: no backend is imported yet

    submit.add_argument(
        "--executor",
        choices=registry.names(),
        help="where points run (default: the profile's scheduler)",
    )
    submit.add_argument("--dry-run", action="store_true")
    submit.add_argument(
        "--allow-oom", action="store_true", help="submit points predicted not to fit"
    )
    submit.add_argument("--retry-failed", action="store_true")
    submit.add_argument("--force", action="store_true", help="run completed points again")
    submit.add_argument(
        "--watch",
        action="store_true",
        help="keep topping the queue up to max_jobs_in_queue until every point is submitted",
    )
    status = _verb(sub, "status", cmd_status, "the state of every point", optional=True)
    status.add_argument(
        "--watch", action="store_true", help="refresh until nothing is queued or running"
    )
    for p in (submit, status):
        p.add_argument(
            "--interval",
            type=float,
            default=30.0,
            help=f"seconds between refreshes with --watch (default 30, at least {MIN_POLL_S:g})",
        )
    collect = _verb(sub, "collect", cmd_collect, "parse the logs into results.csv", optional=True)
    collect.add_argument(
        "--history",
        help="the history the run is added to (default: $SCALESTUDY_HISTORY, else "
        "<results>/scalestudy-history)",
    )


def _peak_seconds():
    """The peak workload's `peak_seconds` key, which doctor's --peak-seconds sets."""
    from scalestudy.workloads.table import sweep_key

    return sweep_key("peak", "peak_seconds")


def _add_doctor(sub) -> None:
    """doctor: a profile checked, with jobs."""
    doctor = sub.add_parser(
        "doctor", help="check a cluster profile: Python, TF/Horovod/MPI, a probe job, a trainer job"
    )
    doctor.add_argument("profile", help="a profile name (templates/clusters) or a .yaml path")
    doctor.add_argument("--results", default="results", help="jobs go to <results>/doctor/")
    doctor.add_argument("--nodes", type=int, default=2, help="nodes for the jobs (default 2)")
    doctor.add_argument("--ppn", type=int, default=1, help="ranks per node (default 1)")
    doctor.add_argument(
        "--threads",
        type=int,
        help="threads per rank of the matmul peak (the study's threads_per_worker; default: a "
        "rank's share of the node's cores)",
    )
    doctor.add_argument(
        "--peak-seconds",
        type=float,
        help="seconds the matmul peak times each precision (default: the peak workload's "
        f"peak_seconds, {_peak_seconds().default:g}): fewer time fewer matrix sizes (the "
        "smallest always), so the peak may read lower",
    )
    doctor.add_argument(
        "--no-jobs", action="store_true", help="only the checks that submit nothing"
    )
    doctor.set_defaults(func=cmd_doctor)


def _add_profile(sub) -> None:
    """profile detect."""
    profile = sub.add_parser("profile", help="site profiles: `profile detect > mysite.yaml`")
    profile_verbs = profile.add_subparsers(dest="profile_verb", required=True)
    detect = profile_verbs.add_parser(
        "detect", help="write a profile read off this Slurm cluster (scontrol/srun/mpirun)"
    )
    detect.add_argument(
        "--partition",
        help="the partition whose nodes to describe (default: the cluster's default partition)",
    )
    detect.add_argument("--name", default="mysite", help="the profile's name (default mysite)")
    detect.set_defaults(func=cmd_profile_detect)


def _add_site_install(sub) -> None:
    """site-install: the files of docs/site-install.md from the package."""
    from scalestudy.siteinstall import PATHS

    site = sub.add_parser(
        "site-install",
        help="the files docs/site-install.md's paths need, from this installed package "
        "(no checkout): " + ", ".join(PATHS),
    )
    site.add_argument("path", nargs="+", choices=list(PATHS), help="which paths' files")
    site.add_argument(
        "--write", metavar="DIR", help="write them into DIR (never overwriting another file)"
    )
    site.set_defaults(func=cmd_site_install)


def _add_reading_verbs(sub) -> None:
    """report, compare and history: their own modules add their arguments."""
    from scalestudy.report import cli as report_cli  # argparse only: no pandas/matplotlib yet

    report = sub.add_parser(
        "report", help="figures, HTML and a summary from results.csv (several sweeps at once)"
    )
    report_cli.add_arguments(report)
    report.set_defaults(func=report_cli.run)
    from scalestudy.compare import cli as compare_cli  # argparse only

    compare = sub.add_parser(
        "compare",
        help="NEW against BASE: matched points, NEW/BASE ratios with intervals, what changed",
    )
    compare_cli.add_arguments(compare)
    compare.set_defaults(func=compare_cli.run)
    from scalestudy.history import cli as history_cli  # argparse only

    history = sub.add_parser(
        "history",
        help="every run kept: per point its series, change points and what changed "
        "(`history add RESULTS|ARCHIVE` adds runs)",
    )
    history_cli.add_arguments(history)
    history.set_defaults(func=history_cli.run)


def _add_archive(sub) -> None:
    """archive: one .tar.gz of a sweep."""
    archive = sub.add_parser(
        "archive",
        help="one .tar.gz of a sweep's results, captures, scripts, sweep file, profile, report",
    )
    archive.add_argument(
        "sweep", help="a submitted sweep's name, its sweep file, or a results folder"
    ).completer = _complete_sweeps  # type: ignore[attr-defined]
    archive.add_argument("--results", default="results", help="results root (default: ./results)")
    archive.add_argument(
        "-o", "--output", metavar="FILE", help="the archive (default: <results>/<sweep>.tar.gz)"
    )
    archive.add_argument(
        "--with-logs",
        action="store_true",
        help="also the step logs and job outputs (large at scale)",
    )
    archive.set_defaults(func=cmd_archive)


def _complete_sweeps(prefix: str, parsed_args: argparse.Namespace, **_) -> list[str]:
    """Completions of a sweep argument: sweep files here and in experiments/, and the names of
    sweeps under --results."""
    results = Path(getattr(parsed_args, "results", None) or "results")
    files = [str(p) for d in (Path("."), Path("experiments")) for p in sorted(d.glob("*.y*ml"))]
    names = sorted(p.parent.name for p in results.glob("*/manifest.json"))
    return [c for c in (*files, *names) if c.startswith(prefix)]


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    if "_ARGCOMPLETE" in os.environ:  # the shell asks for completions (docs/cli.md): answer, exit
        import argcomplete

        argcomplete.autocomplete(parser)
    args = parser.parse_args(argv)
    verb = " ".join(filter(None, (args.verb, getattr(args, "profile_verb", None))))
    try:
        return args.func(args)
    except ScalestudyError as exc:
        # a sweep's own errors name file:line:key first; the rest say which verb refused
        print(str(exc) if exc.names_its_file else f"scalestudy {verb}: {exc}", file=sys.stderr)
        if exc.hint:
            print(f"hint: {exc.hint}", file=sys.stderr)
        return exc.exit_code
    except OSError as exc:
        if exc.errno not in _CANNOT_WRITE:
            return _bug()
        print(
            f"scalestudy {verb}: cannot write {exc.filename or 'a results file'}: "
            f"{exc.strerror}. Files written before are intact (each is replaced whole, never "
            "half-written).\nhint: free space or make the results folder writable, then run "
            "the same command again (it picks up where it stopped)",
            file=sys.stderr,
        )
        return EXIT_CANNOT_WRITE
    except Exception:
        return _bug()


def _bug() -> int:
    """An exception nothing expected: its traceback, and a code of its own, so that a crash
    never reads as a negative verdict (1) to a CI gate."""
    traceback.print_exc()
    return EXIT_BUG


if __name__ == "__main__":
    sys.exit(main())
