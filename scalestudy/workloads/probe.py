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
import sys
import time
from pathlib import Path

ENV_PREFIXES = ("SLURM_", "OMPI_", "PMIX_", "PMI_", "I_MPI_", "HOROVOD_", "OMP_", "KMP_")


def _first(*names: str) -> int | None:
    for name in names:
        if os.environ.get(name, "").isdigit():
            return int(os.environ[name])
    return None


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
    rank = _first("OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID")
    report = {
        "host": socket.gethostname(),
        "slurm_node": os.environ.get("SLURMD_NODENAME"),
        "rank": rank,
        "size": _first("OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_NTASKS"),
        "local_rank": _first("OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID"),
        "local_size": _first("OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS"),
        "pid": os.getpid(),
        "affinity": sorted(os.sched_getaffinity(0)),
        "launched_at": started,
        "env": {k: v for k, v in sorted(os.environ.items()) if k.startswith(ENV_PREFIXES)},
    }
    deadline = started + seconds
    while time.time() < deadline and not received:
        time.sleep(0.05)
    report.update(received_signals=received, ended_at=time.time())
    if rank is None:
        print(
            "probe: no rank in the environment: not started by an MPI launcher or srun",
            file=sys.stderr,
        )
        return 5
    log_dir = Path(config.get("log_dir", "."))
    log_dir.mkdir(parents=True, exist_ok=True)
    tmp = log_dir / f".probe.rank{rank}.json.tmp"
    tmp.write_text(json.dumps(report, indent=1))
    os.replace(tmp, log_dir / f"probe.rank{rank}.json")
    return 4 if received else 0


if __name__ == "__main__":
    sys.exit(main())
