"""`probe`: checks a profile's template, launcher and binding on a real allocation in seconds.

Run once per rank by the same launcher line as the trainer (`python -m scalestudy.workloads.probe
--config point.json`). No TensorFlow and no MPI initialisation: every rank reports its host, rank,
local rank, CPU affinity, launch time, whether the checkpoint signal reached it, and its
environment, into <log_dir>/probe.rank<r>.json (written atomically).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import sys
import time
from pathlib import Path

from scalestudy import rankenv
from scalestudy.fileio import write_atomic

ENV_PREFIXES = ("SLURM_", "OMPI_", "PMIX_", "PMI_", "I_MPI_", "HOROVOD_", "OMP_", "KMP_")


def check(
    reports: list[dict], expect_ranks: int, per_node: int | None, disjoint: bool = True
) -> list[str]:
    """What is wrong with a launch, from every rank's report: missing or repeated ranks, the
    wrong number of ranks on a node, ranks of one node sharing CPUs (when the launcher is meant
    to bind them: `disjoint`). Empty when all is well."""
    problems = []
    ranks = sorted(r["rank"] for r in reports)
    if ranks != list(range(expect_ranks)):
        missing = sorted(set(range(expect_ranks)) - set(ranks))
        problems.append(
            f"expected ranks 0..{expect_ranks - 1}, got {len(ranks)} report(s)"
            + (f"; missing {missing[:10]}" if missing else "; some ranks repeat")
        )
    by_node: dict[str, list[dict]] = {}
    for r in reports:
        by_node.setdefault(r.get("slurm_node") or r["host"], []).append(r)
    for node, group in sorted(by_node.items()):
        if per_node and len(group) != per_node:
            problems.append(f"{node}: {len(group)} rank(s), expected {per_node} per node")
        for i, a in enumerate(group if disjoint else []):
            for b in group[i + 1 :]:
                shared = set(a["affinity"]) & set(b["affinity"])
                if shared:
                    problems.append(
                        f"{node}: ranks {a['rank']} and {b['rank']} share CPUs "
                        f"{sorted(shared)[:8]}: binding is wrong (check the launcher's "
                        "--bind-to/--cpu-bind and cpus-per-task)"
                    )
    return problems


def _speed(repeats: int = 3) -> float:
    """Seconds for a fixed piece of CPU work (median of 3): comparable between nodes of one
    allocation, so a node much slower than the others stands out."""
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        total = 0
        for i in range(300_000):
            total += i * i % 7
        times.append(time.perf_counter() - t)
    return sorted(times)[len(times) // 2]


def slow_nodes(reports: list[dict], factor: float = 1.5) -> dict[str, float]:
    """Nodes whose median speed_s is more than `factor` x the allocation's median: node ->
    how many times slower."""
    by_node: dict[str, list[float]] = {}
    for r in reports:
        if r.get("speed_s"):
            by_node.setdefault(r.get("slurm_node") or r["host"], []).append(r["speed_s"])
    if len(by_node) < 2:
        return {}
    med = {n: statistics.median(v) for n, v in by_node.items()}
    overall = statistics.median(med.values())
    return {n: round(t / overall, 2) for n, t in sorted(med.items()) if t > factor * overall}


def _gather(log_dir: Path, expect_ranks: int, timeout: float) -> list[dict]:
    """Rank 0 waits (on the shared file system) for every rank's report, up to timeout."""
    deadline = time.time() + timeout
    paths = [log_dir / f"probe.rank{r}.json" for r in range(expect_ranks)]
    while time.time() < deadline and not all(p.exists() for p in paths):
        time.sleep(0.2)
    return [json.loads(p.read_text()) for p in paths if p.exists()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scalestudy.workloads.probe")
    parser.add_argument("--config", required=True)
    parser.add_argument("--seconds", type=float, default=None)
    args = parser.parse_args(argv)
    started = time.time()
    config = json.loads(Path(args.config).read_text())
    seconds = args.seconds if args.seconds is not None else float(config.get("probe_seconds", 3))
    received: list[str] = []
    for sig in (signal.SIGUSR1, signal.SIGTERM):
        signal.signal(sig, lambda s, _f: received.append(signal.Signals(s).name))
    rank = rankenv.rank()
    report = {
        "host": socket.gethostname(),
        "slurm_node": os.environ.get("SLURMD_NODENAME"),
        "rank": rank,
        "size": rankenv.first(rankenv.SIZE),
        "local_rank": rankenv.first(rankenv.LOCAL_RANK),
        "local_size": rankenv.first(rankenv.LOCAL_SIZE),
        "pid": os.getpid(),
        "affinity": sorted(os.sched_getaffinity(0)),
        "launched_at": started,
        "env": {k: v for k, v in sorted(os.environ.items()) if k.startswith(ENV_PREFIXES)},
    }
    log_dir = Path(config.get("log_dir", "."))
    log_dir.mkdir(parents=True, exist_ok=True)
    if rank is not None:  # handlers are in place: a checkpoint signal from now on is caught
        (log_dir / f"probe.rank{rank}.started").touch()
    report["speed_s"] = _speed()
    deadline = started + seconds
    while time.time() < deadline and not received:
        time.sleep(0.2)  # a signal ends the wait within 0.2 s; 1,200 ranks on one host stay idle
    report.update(received_signals=received, ended_at=time.time())
    failing = config.get("inject_failure") or {}
    if rank is not None and failing.get("rank") == rank:
        # the trainer's test hook: this rank fails at start (a gated sweep must not run)
        print(f"probe: rank {rank} fails on purpose (inject_failure)", file=sys.stderr)
        return 1
    if rank is None:
        print(
            "probe: no rank in the environment: not started by an MPI launcher or srun",
            file=sys.stderr,
        )
        return 5
    write_atomic(log_dir / f"probe.rank{rank}.json", json.dumps(report, indent=1))
    expect = config.get("expect_ranks")
    if rank != 0:
        # Only rank 0 carries the job's exit code: a non-zero exit here would make mpirun kill
        # the ranks that have not yet written their report (on a loaded node, some would not).
        return 0
    if expect:
        # rank 0 judges the whole launch; its exit code fails the job (and a gated sweep).
        # After a checkpoint signal the others write within seconds; the job's margin is short.
        reports = _gather(log_dir, int(expect), timeout=30 if received else seconds + 30)
        problems = check(
            reports,
            int(expect),
            config.get("expect_ranks_per_node"),
            disjoint=config.get("expect_disjoint_cpus", True),
        )
        verdict = {"ok": not problems, "problems": problems, "slow_nodes": slow_nodes(reports)}
        write_atomic(log_dir / "probe-check.json", json.dumps(verdict, indent=1))
        for line in problems:
            print(f"probe: {line}", file=sys.stderr)
        if problems:
            return 1
    return 4 if received else 0  # 4: interrupted (the trainer's code too)


if __name__ == "__main__":
    sys.exit(main())
