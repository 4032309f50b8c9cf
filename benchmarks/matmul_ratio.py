"""This machine's own bf16 / fp32 matmul speed (2048 x 2048 x 2048, tf.matmul), with the CPU
model and the flags that decide it (avx512_bf16, amx_bf16). Prints JSON. The trainer's bf16 gain
is judged against this ratio, measured in the same run (benchmarks/trainer_vs_reference.py).

Usage: .venv/bin/python benchmarks/matmul_ratio.py [--threads 2] [--size 2048] [--repeats 7]"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "trainer",
    "args": ["--size", "256", "--repeats", "1"],
    "run_by": "tests/mpi/test_benchmarks_at_smallest.py",
}

parser = argparse.ArgumentParser()
parser.add_argument("--threads", type=int, default=2)
parser.add_argument("--size", type=int, default=2048)
parser.add_argument("--repeats", type=int, default=7)
args = parser.parse_args()
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "1")  # as the trainer runs (onednn: on)

import tensorflow as tf  # noqa: E402

tf.config.threading.set_intra_op_parallelism_threads(args.threads)
tf.config.threading.set_inter_op_parallelism_threads(1)


def cpu() -> dict:
    model, flags = "unknown", set()
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "model name":
            model = value.strip()
        elif key.strip() == "flags":
            flags = set(value.split())
    wanted = ("avx2", "fma", "avx512f", "avx512_bf16", "avx512_vnni", "amx_bf16", "amx_tile")
    return {"model": model, "flags": {f: f in flags for f in wanted}}


@tf.function
def mm(x, y):
    return tf.reduce_sum(tf.cast(tf.matmul(x, y)[:1, :1], tf.float32))


def rates(dtype, repeats: int) -> list[float]:
    n = args.size
    a = tf.cast(tf.random.normal([n, n]), dtype)
    b = tf.cast(tf.random.normal([n, n]), dtype)
    mm(a, b).numpy()  # one trace per dtype
    out = []
    for _ in range(repeats):
        t = time.perf_counter()
        mm(a, b).numpy()
        out.append(2 * n**3 / (time.perf_counter() - t) / 1e9)
    return out


def spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


# Rounds of both, interleaved, so drift on a shared machine hits both alike.
fp32: list[float] = []
bf16: list[float] = []
for _ in range(3):
    fp32 += rates(tf.float32, args.repeats)
    bf16 += rates(tf.bfloat16, args.repeats)
fp32_s, bf16_s = spread(fp32), spread(bf16)
print(
    json.dumps(
        {
            "cpu": cpu(),
            "threads": args.threads,
            "size": args.size,
            "onednn": os.environ["TF_ENABLE_ONEDNN_OPTS"],
            "fp32_gflops": fp32_s,
            "bf16_gflops": bf16_s,
            "bf16_over_fp32": bf16_s["median"] / fp32_s["median"],
        }
    )
)
