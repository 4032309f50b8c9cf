"""The trainer's speed against TF Model Garden's Transformer, side by side in one run (issue #11).

Same batch for all: `base` (V = 33,708), 32 sentences x 64 tokens per side (--sentences,
--length), random ids, no padding, fp32 unless said. Interleaved repeats (every configuration
once per round, the order shuffled per round), so drift on a shared machine hits all alike;
medians and spreads over rounds.

- reference: `official.legacy.transformer` (tf-models-official 2.15.0), its bare train step
  (benchmarks/reference/model_garden_step.py) in its own venv (`make bench-reference`), run twice:
  as TensorFlow configures itself on this CPU (what a user gets) and with oneDNN forced on
  (TF_ENABLE_ONEDNN_OPTS=1, what the trainer uses): the trainer must beat both.
- trainer: `python -m scalestudy.trainer` under mpirun, 1 rank x 2 intra-op threads, data kind
  `fixed`, timing overlapped, its own logged throughput (footer), fp32 and bf16.
- 2 ranks x 1 thread: the trainer (Horovod allreduce between the ranks) and, for scale, two
  reference processes of 1 thread side by side (no exchange at all: a ceiling, not a peer).
- this machine's bf16/fp32 matmul ratio (benchmarks/matmul_ratio.py) in the same run.

Prints JSON. Usage: .venv/bin/python benchmarks/trainer_vs_reference.py [--repeats 3]
[--skip-two-ranks | --only-two-ranks] [--samples-out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from scalestudy.measure.run_local import run_point

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
# At it: one reference run (oneDNN on) and one trainer run (fp32), a 4 x 16 batch, one timed
# step: 53 s wall, 57 CPU s beside two other jobs (2026-11-30); a check that both still run and
# the trainer's footer agrees with its step records, not a speed figure.
CI_SMALLEST = {
    "needs": "reference",
    "args": [
        "--repeats",
        "1",
        "--steps",
        "1",
        "--warmup",
        "1",
        "--skip-two-ranks",
        "--only",
        "reference_onednn_on,trainer_fp32",
        "--sentences",
        "4",
        "--length",
        "16",
    ],
    "run_by": "tests/mpi/test_trainer_vs_reference.py",
}

ROOT = Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("--repeats", type=int, default=3)
parser.add_argument("--steps", type=int, default=6, help="timed steps per run")
parser.add_argument("--warmup", type=int, default=2, help="untimed steps per run")
parser.add_argument(
    "--reference-python",
    help="TF Model Garden's interpreter (default: its venv, built once and cached by its pins: "
    "scripts/bench-venv.sh reference)",
)
parser.add_argument(
    "--sentences", type=int, default=32, help="sentences a step (the batch: sentences x length)"
)
parser.add_argument("--length", type=int, default=64, help="tokens a sentence, each side")
parser.add_argument("--skip-two-ranks", action="store_true")
parser.add_argument(
    "--only-two-ranks", action="store_true", help="the 2 x 1-thread configurations alone"
)
parser.add_argument(
    "--samples-out", help="append every sample as a JSON line as it is measured (partial runs)"
)
parser.add_argument(
    "--only", help="comma-separated configurations to run (e.g. reference_onednn_on,trainer_fp32)"
)
args = parser.parse_args()
if args.reference_python is None:
    args.reference_python = (
        subprocess.run(
            ["bash", str(ROOT / "scripts" / "bench-venv.sh"), "reference"],
            check=True,
            stdout=subprocess.PIPE,
            text=True,
        )
        .stdout.strip()
        .splitlines()[-1]
    )
if not Path(args.reference_python).exists():
    sys.exit(f"{args.reference_python} missing: run `make bench-reference` first")
SENTENCES, LENGTH = args.sentences, args.length
work = Path(tempfile.mkdtemp(prefix="bench-ref-"))


def reference(threads: int, onednn: str | None) -> float:
    env = {k: v for k, v in os.environ.items() if k != "TF_ENABLE_ONEDNN_OPTS"}
    if onednn is not None:
        env["TF_ENABLE_ONEDNN_OPTS"] = onednn
    cmd = [
        args.reference_python,
        str(ROOT / "benchmarks" / "reference" / "model_garden_step.py"),
        f"--sentences={SENTENCES}",
        f"--length={LENGTH}",
        f"--steps={args.steps}",
        f"--warmup={args.warmup}",
        f"--intra={threads}",
    ]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        sys.exit(f"reference failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])["tokens_per_s"]


def reference_pair(onednn: str | None) -> float:
    """Two 1-thread reference processes at once; their summed tokens/s."""
    procs = []
    env = {k: v for k, v in os.environ.items() if k != "TF_ENABLE_ONEDNN_OPTS"}
    if onednn is not None:
        env["TF_ENABLE_ONEDNN_OPTS"] = onednn
    for _ in range(2):
        cmd = [
            args.reference_python,
            str(ROOT / "benchmarks" / "reference" / "model_garden_step.py"),
            f"--sentences={SENTENCES}",
            f"--length={LENGTH}",
            f"--steps={args.steps}",
            f"--warmup={args.warmup}",
            "--intra=1",
        ]
        procs.append(subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, text=True))
    total = 0.0
    for p in procs:
        out, _ = p.communicate(timeout=3600)
        if p.returncode != 0:
            sys.exit("reference (pair) failed")
        total += json.loads(out.strip().splitlines()[-1])["tokens_per_s"]
    return total


counter = iter(range(10_000))
CLOCKS: list[dict] = []  # each trainer run's footer and step-record figures


def trainer(ranks: int, precision: str, timing: str = "overlapped") -> dict:
    run = run_point(
        work / f"t{next(counter)}",
        ranks,
        {
            "model": {"preset": "base"},
            "tokens_per_worker": SENTENCES * LENGTH,
            "data": {"kind": "fixed", "fixed_length": LENGTH},
            "steps": args.steps + args.warmup,
            "timing_warmup_steps": args.warmup,
            "accumulation": "native",
            "sparse_as_dense": True,
            "timing": timing,
            "precision": precision,
            "intra_op_threads": 2 if ranks == 1 else 1,
            "inter_op_threads": 1,
        },
        timeout=3600,
    )
    if run.returncode != 0:
        sys.exit(f"trainer ({ranks} ranks, {precision}) failed:\n{run.output[-3000:]}")
    t = run.footer(0)["timing"]
    # the same figure without the trainer's help: its step records' own Unix times
    timed = [s for r in range(ranks) for s in run.steps(r) if s.get("timed")]
    windows = []
    for r in range(ranks):
        mine = [s for s in run.steps(r) if s.get("timed")]
        inside = sum(s["excluded_before_s"] for s in mine[1:])
        windows.append(mine[-1]["t_end"] - mine[0]["t_start"] - inside)
    from_records = sum(s["tokens"]["total"] for s in timed) / max(windows)
    footer = t["throughput_tokens_per_s"]["total"]
    if abs(footer / from_records - 1) > 0.01:
        sys.exit(f"trainer footer {footer:.1f} tokens/s vs its step records {from_records:.1f}")
    CLOCKS.append(
        {"ranks": ranks, "precision": precision, "footer": footer, "records": from_records}
    )
    return {
        "tokens_per_s": footer,
        "records_tokens_per_s": from_records,
        "slots_per_s": t["throughput_tokens_per_s"]["slots"],
    }


def matmul(threads: int = 2) -> dict:
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "matmul_ratio.py"),
            "--repeats=3",
            f"--threads={threads}",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


configs = {}
if not args.only_two_ranks:
    configs |= {
        "reference_tf_default": lambda: reference(2, None),
        "reference_onednn_on": lambda: reference(2, "1"),
        "trainer_fp32": lambda: trainer(1, "fp32")["tokens_per_s"],
        "trainer_bf16": lambda: trainer(1, "bf16")["tokens_per_s"],
        "matmul": matmul,
    }
if not args.skip_two_ranks:
    configs |= {
        "2x1_reference_pair_onednn_on": lambda: reference_pair("1"),
        "2x1_trainer_fp32": lambda: trainer(2, "fp32")["tokens_per_s"],
        "2x1_trainer_bf16": lambda: trainer(2, "bf16")["tokens_per_s"],
        # each 2x1 rank computes on one thread: its bf16 gain is judged against 1-thread matmuls
        "matmul_1thread": lambda: matmul(1),
    }
if args.only:
    configs = {k: v for k, v in configs.items() if k in args.only.split(",")}
samples: dict[str, list] = {k: [] for k in configs}
rng = random.Random(11)
for rnd in range(args.repeats):
    order = list(configs)
    rng.shuffle(order)
    for name in order:
        samples[name].append(configs[name]())
        print(f"round {rnd}: {name} done", file=sys.stderr, flush=True)
        if args.samples_out:
            with open(args.samples_out, "a") as fh:
                fh.write(json.dumps({"round": rnd, "config": name, "value": samples[name][-1]}))
                fh.write("\n")


def spread(values: list[float]) -> dict:
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "n": len(values),
    }


def ratio(a: str, b: str) -> dict:
    """Per-round ratios a/b (paired within a round), summarised."""
    return spread([x / y for x, y in zip(samples[a], samples[b], strict=True)])


out: dict = {
    "batch": {"model": "base", "sentences": SENTENCES, "length": LENGTH, "padding": 0},
    "tokens_per_s": {k: spread(v) for k, v in samples.items() if not k.startswith("matmul")},
    "ratios": {},
    "goals": {},
    "samples": samples,
    # every trainer run's footer against its step records (the run stops above past 1%)
    "trainer_footer_over_records": spread([c["footer"] / c["records"] for c in CLOCKS])
    if CLOCKS
    else None,
}
r = out["ratios"]


def have(*names: str) -> bool:
    return all(n in samples for n in names)


for ref in ("reference_tf_default", "reference_onednn_on"):
    if have("trainer_fp32", ref):
        r[f"trainer_fp32_over_{ref}"] = ratio("trainer_fp32", ref)
if have("trainer_fp32", "reference_tf_default", "reference_onednn_on"):
    fp32_gain = min(
        r["trainer_fp32_over_reference_tf_default"]["median"],
        r["trainer_fp32_over_reference_onednn_on"]["median"],
    )
    out["goals"]["fp32_at_least_1.10x_reference (both reference settings)"] = fp32_gain >= 1.10
if have("matmul"):
    mm = samples["matmul"]
    out["cpu"] = mm[0]["cpu"]
    out["matmul_bf16_over_fp32"] = spread([m["bf16_over_fp32"] for m in mm])
    out["matmul_gflops"] = {
        "fp32": spread([m["fp32_gflops"]["median"] for m in mm]),
        "bf16": spread([m["bf16_gflops"]["median"] for m in mm]),
    }
if have("trainer_bf16", "trainer_fp32"):
    r["trainer_bf16_over_trainer_fp32"] = ratio("trainer_bf16", "trainer_fp32")
if have("trainer_bf16", "trainer_fp32", "matmul"):
    mm_ratio = statistics.median(m["bf16_over_fp32"] for m in samples["matmul"])
    bf16_gain = r["trainer_bf16_over_trainer_fp32"]["median"]
    out["goals"]["bf16_gain_at_least_0.75x_matmul_ratio"] = bf16_gain >= 0.75 * mm_ratio
    out["goals"]["bf16_gain_over_0.75x_matmul_ratio"] = bf16_gain / (0.75 * mm_ratio)
if have("2x1_trainer_fp32", "2x1_reference_pair_onednn_on"):
    r["2x1_trainer_fp32_over_reference_pair"] = ratio(
        "2x1_trainer_fp32", "2x1_reference_pair_onednn_on"
    )
    out["goals"]["2x1_fp32_at_least_1.10x_reference_pair"] = (
        r["2x1_trainer_fp32_over_reference_pair"]["median"] >= 1.10
    )
if have("2x1_trainer_bf16", "2x1_trainer_fp32"):
    r["2x1_trainer_bf16_over_fp32"] = ratio("2x1_trainer_bf16", "2x1_trainer_fp32")
if have("matmul_1thread"):
    mm1 = samples["matmul_1thread"]
    out.setdefault("cpu", mm1[0]["cpu"])
    out["matmul_1thread_bf16_over_fp32"] = spread([m["bf16_over_fp32"] for m in mm1])
    if "2x1_trainer_bf16_over_fp32" in r:
        mm1_ratio = statistics.median(m["bf16_over_fp32"] for m in mm1)
        gain2 = r["2x1_trainer_bf16_over_fp32"]["median"]
        out["goals"]["2x1_bf16_gain_at_least_0.75x_1thread_matmul_ratio"] = (
            gain2 >= 0.75 * mm1_ratio
        )
print(json.dumps(out, indent=1))
