"""`peak`: what a rank of this node can do, as a dense matmul rate in fp32 and bf16, with the
trainer's thread settings (the point's intra_op_threads, oneDNN), so the trainer's model FLOP/s
can be read as a fraction of it (docs/report.md#how-close-to-the-machine).

Run once per rank by the same launcher line as the trainer (`python -m scalestudy.workloads.peak
--config point.json`), every rank of a node at once, as the trainer's ranks share the node's
cores and memory. No MPI: each rank writes <log_dir>/peak.rank<r>.json (atomically) with its
host, CPU model and the best rate over square sizes; `doctor` reads them per node type. Each
precision is timed for the sweep's `peak_seconds` (point.json; `doctor --peak-seconds`): its
smallest size always, the next ones while time is left.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import time
from pathlib import Path

from scalestudy import rankenv
from scalestudy.fileio import write_atomic

SIZES = (512, 1024, 2048)  # square matmuls: the trainer's are [tokens, H] x [H, F] and alike
CHAIN = 4  # matmuls per timed call: one call's overhead spread over several
REPEATS = 3  # timed calls per size (after one that traces and one that warms up)


def cpu_model() -> str:
    """The node type: /proc/cpuinfo's model name (what lscpu calls Model name)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def rate(tf, dtype: str, n: int) -> float:
    """FLOP/s of a chain of n x n matmuls in dtype (median of REPEATS timed calls)."""
    a = tf.random.uniform([n, n], dtype=tf.float32, seed=1)
    b = tf.random.uniform([n, n], dtype=tf.float32, seed=2) / n  # keeps the chain finite
    a, b = tf.cast(a, dtype), tf.cast(b, dtype)

    @tf.function
    def chain(x, y):
        for _ in range(CHAIN):
            x = tf.matmul(x, y)
        return x

    chain(a, b).numpy()  # traces
    chain(a, b).numpy()  # warms the kernels and caches
    times = []
    for _ in range(REPEATS):
        t = time.perf_counter()
        chain(a, b).numpy()
        times.append(time.perf_counter() - t)
    return 2.0 * n**3 * CHAIN / statistics.median(times)


def measure(tf, budget_s: float) -> dict:
    """Per dtype, the best rate over SIZES, smallest first, for `budget_s` seconds: a slow
    bf16 (no native support) stops at the sizes done."""
    out: dict = {}
    for dtype in ("float32", "bfloat16"):
        rates, start = {}, time.perf_counter()
        for n in SIZES:
            rates[str(n)] = rate(tf, dtype, n)
            if time.perf_counter() - start > budget_s:
                break
        out[dtype] = {"flops_per_s": max(rates.values()), "by_size": rates}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scalestudy.workloads.peak")
    parser.add_argument("--config", required=True)
    args = parser.parse_args(argv)
    from scalestudy.formats.point_config import PointConfig
    from scalestudy.trainer import runtime

    config = json.loads(Path(args.config).read_text())
    budget_s = float(config.pop("peak_seconds"))  # the workload's key, not the trainer's
    cfg = PointConfig.model_validate(config)
    tf = runtime.configure_tensorflow(cfg)  # the trainer's threads and oneDNN setting
    rank = rankenv.rank()
    if rank is None:
        print("peak: no rank in the environment: not started by a launcher", file=sys.stderr)
        return 5
    report = {
        "rank": rank,
        "host": socket.gethostname(),
        "slurm_node": os.environ.get("SLURMD_NODENAME"),
        "cpu_model": cpu_model(),
        "intra_op_threads": cfg.intra_op_threads,
        "onednn": cfg.onednn,
        "tensorflow": tf.__version__,
        "peak_seconds": budget_s,
        "peak": measure(tf, budget_s),
    }
    log_dir = Path(cfg.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    write_atomic(log_dir / f"peak.rank{rank}.json", json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
