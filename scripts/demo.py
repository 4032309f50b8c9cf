"""Run the tiny trainer on 2 ranks with sparse_as_dense off and on (TF 1.x aggregation), and
print what each rank accumulated per step against the formula. Writes under runs/demo/."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

from scalestudy.contract import comm_model, step_log
from scalestudy.launchers import mpirun_env, trainer_command

RANKS = 2
out = Path("runs/demo")
rows_out = []
for dense in (False, True):
    point = out / ("dense" if dense else "sparse")
    point.mkdir(parents=True, exist_ok=True)
    for old in point.glob("logs/*.jsonl"):
        old.unlink()
    cfg = {
        "model": {"preset": "tiny"},
        "tokens_per_worker": 1024,
        "steps": 30,
        "timing_warmup_steps": 5,
        "accumulation": "tf1",
        "sparse_as_dense": dense,
        "log_dir": "logs",
        "expect_ranks": RANKS,
    }
    (point / "point.json").write_text(json.dumps(cfg, indent=1))
    print(f"running {RANKS} ranks, sparse_as_dense={dense} ...", flush=True)
    proc = subprocess.run(
        trainer_command(RANKS, str(point / "point.json")),
        env=mpirun_env(),
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        sys.exit(f"trainer failed ({proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    steps = step_log.merged_steps(point / "logs" / step_log.rank_log_name(0))
    footer = step_log.read_segments(point / "logs" / step_log.rank_log_name(0))[-1].footer
    spec = steps[0]
    hidden, vocab = 64, 1000
    predicted = [
        comm_model.logical_allreduce_bytes(vocab, hidden)
        if dense
        else comm_model.logical_allgather_bytes(s["embedding_rows_per_rank"], hidden)
        for s in steps
    ]
    rows_out.append(
        (
            "dense" if dense else "sparse",
            statistics.median(s["bytes"]["logical_embedding"] for s in steps),
            statistics.median(predicted),
            footer["timing"]["throughput_tokens_per_s"]["total"],
            max(s["peak_rss"] for s in steps) / 2**20,
        )
    )
head = ("variant", "measured B/step", "formula B/step", "tokens/s", "peak RSS MiB")
print(f"\n{head[0]:8} {head[1]:>16} {head[2]:>15} {head[3]:>10} {head[4]:>13}")
for name, measured, formula, tput, rss in rows_out:
    print(f"{name:8} {measured:16,.0f} {formula:15,.0f} {tput:10,.0f} {rss:13,.0f}")
print(f"\nsparse/dense accumulation ratio: {rows_out[0][1] / rows_out[1][1]:.2f}x at {RANKS} ranks")
print(f"logs: {out}/*/logs/rank*.jsonl")
