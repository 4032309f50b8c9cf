"""Synthetic sweeps for the report's tests (imported by the other test_report_* modules):
a results table with the collect columns and per-rank step logs in the trainer's schema, with
failed, diverged and missing points where a test asks for them. Also tests that the synthetic
logs are what the real reader accepts, so the report tests exercise the real parsing."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd
from support.rows import TINY, point_row, results_table

from scalestudy.collect import COLUMNS
from scalestudy.cost_models import comm_model
from scalestudy.formats import step_log

V, H = 1000, 64
SLOTS = (975, 975)  # padded source, target slots per worker per step
ROWS = V + sum(SLOTS)  # tf1, tied: M x V + Tsrc + Ttgt


def point_id(nodes: int, dense: bool, repeat: int, tag: str = "") -> str:
    return f"n{nodes:04d}-p1-{'d' if dense else 's'}{tag}{nodes:08x}-r{repeat}"


def write_logs(
    folder: Path, *, workers: int, dense: bool, status: str, steps: int = 12, lr_peak: float = 1e-3
) -> None:
    """Every rank's JSONL log; a diverged run's loss blows up and its lr stops being applied,
    a failed run stops without a footer."""
    folder.mkdir(parents=True, exist_ok=True)
    last = steps if status == "completed" else steps // 2
    for rank in range(workers):
        recs = [
            {
                "type": "header",
                "schema": step_log.SCHEMA,
                "segment_start_step": 1,
                "config": {"accumulation": "tf1", "micro_batches": 1, "sparse_as_dense": dense},
                "model": {"vocab": V, "hidden": H, "tie_embeddings": True},
            }
        ]
        for s in range(1, last + 1):
            diverging = status == "diverged" and s > last - 2
            loss = (
                float("nan")
                if status == "diverged" and s == last
                else (7.0 - 0.1 * s + (5.0 * s if diverging else 0.0))
            )
            rows = [ROWS] * workers
            logical = 4 * V * H if dense else sum(rows) * comm_model.row_bytes(H)
            recs.append(
                {
                    "type": "step",
                    "step": s,
                    "timed": s > 2,
                    "step_s": 0.1,
                    "micro_batches": 1,
                    "slots": {"src": SLOTS[0], "tgt": SLOTS[1]},
                    "loss": loss,
                    "grad_norm": 2.0 / s,
                    "lr": None if status == "diverged" and s == last else lr_peak * s / 100,
                    "applied": not (status == "diverged" and s == last),
                    "embedding_grad": {
                        "form": "dense" if dense else "indexed_slices",
                        "rows": 0 if dense else ROWS,
                        "width": H,
                    },
                    "embedding_rows_per_rank": [] if dense else rows,
                    "bytes": {"logical_embedding": logical, "logical_total": logical + 900_000},
                    "rss": 8e8,
                    "peak_rss": 8e8,
                }
            )
        if status != "failed":
            recs.append(
                {
                    "type": "footer",
                    "status": status,
                    "exit_code": 0 if status == "completed" else 3,
                    "reason": "non-finite loss nan" if status == "diverged" else "",
                    "last_step": last,
                }
            )
        text = "".join(json.dumps(r) + "\n" for r in recs)
        (folder / step_log.rank_log_name(rank)).write_text(text)


def make_sweep(
    root: Path,
    name: str,
    *,
    mode: str = "weak",
    nodes=(1, 2, 4),
    repeats: int = 3,
    samples: dict | None = None,
    statuses: dict | None = None,
    logs: bool = True,
    reference: str | None = None,
    tag: str = "",
) -> pd.DataFrame:
    """A results folder root/name with results.csv and logs. samples[(dense, nodes)] is a list
    of per-repeat throughputs (weak) or step times (strong); statuses[(dense, nodes, repeat)]
    overrides 'completed'."""
    samples = samples or {}
    statuses = statuses or {}
    folder = root / name
    rows = []
    global_batch = 8192
    for dense in (False, True):
        for n in nodes:
            for r in range(repeats):
                if (dense, n) not in samples:
                    continue
                status = statuses.get((dense, n, r), "completed")
                val = samples[(dense, n)][r]
                pid = point_id(n, dense, r, tag)
                row = point_row(
                    pid,
                    name,
                    n,
                    mode=mode,
                    threads=1,
                    **TINY,
                    sparse_as_dense=dense,
                    repeat=r,
                    status=status,
                    attempt=1,
                    tokens_per_worker=1024 if mode == "weak" else global_batch // n,
                    global_batch_tokens=1024 * n if mode == "weak" else global_batch,
                    vocab_size=V,
                    hidden_size=H,
                    tie_embeddings=True,
                    micro_batches=1,
                    steps=12,
                    learning_rate=1e-3,
                    lr_warmup_steps=100,
                    node_memory_gb=24.0,
                    interconnect="test link",
                    interconnect_latency_us=1.0,
                    interconnect_bandwidth_gbps=40.0,
                    reference=reference,
                    status_reason="non-finite loss nan" if status == "diverged" else None,
                )
                if status == "completed":
                    step = val if mode == "strong" else 1024 * n / val
                    tput = val if mode == "weak" else global_batch / val
                    row.update(
                        steps_timed=10,
                        tokens_per_s=tput,
                        tokens_per_s_per_worker=tput / n,
                        step_s_median=step,
                        compute_s_median=0.8 * step,
                        comm_s_median=0.1 * step,
                        apply_s_median=0.05 * step,
                        emb_grad_rows_per_worker=None if dense else ROWS,
                        logical_embedding_bytes_per_step=4 * V * H
                        if dense
                        else n * ROWS * comm_model.row_bytes(H),
                        logical_allreduce_bytes_per_step=900_000 + (4 * V * H if dense else 0),
                        wire_sent_bytes_per_step_model=0.0 if n == 1 else 1e6 * n,
                        peak_rss_max=8e8 + (0 if dense else n * 1e6),
                        peak_rss_mean=8e8,
                        padded_slots_per_worker=sum(SLOTS),
                    )
                rows.append(row)
                if logs and status != "planned":
                    write_logs(
                        folder / pid / "attempt-1" / "logs", workers=n, dense=dense, status=status
                    )
    frame = results_table(rows)
    folder.mkdir(parents=True, exist_ok=True)
    frame.to_csv(folder / "results.csv", index=False)
    return frame


WEAK = {
    (True, 1): [1000, 1100, 900],
    (True, 2): [1800, 1900, 1700],
    (True, 4): [3200, 3300, 3100],
    (False, 1): [950, 1000, 900],
    (False, 2): [1600, 1650, 0],  # r2 diverged
    (False, 4): [0, 2800, 2900],  # r0 failed
}
WEAK_STATUS = {(False, 2, 2): "diverged", (False, 4, 0): "failed"}
STRONG = {(True, 2): [10.0, 10.5, 9.5], (True, 4): [6.0, 6.2, 5.8], (True, 8): [4.0, 4.1, 3.9]}


def weak_and_strong(root: Path) -> list[str]:
    """A weak sweep (WEAK, with its failed and diverged repeats) and a strong one of 2-8 nodes
    in root: every figure of a trainer report has something to draw. Their names."""
    make_sweep(root, "synth", samples=WEAK, statuses=WEAK_STATUS)
    make_sweep(root, "synth-strong", mode="strong", nodes=(2, 4, 8), samples=STRONG, tag="x")
    return ["synth", "synth-strong"]


def test_synthetic_logs_read_like_real_ones(tmp_path):
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS)
    folder = tmp_path / "synth" / point_id(2, False, 2) / "attempt-1" / "logs"
    segs = step_log.read_segments(folder / step_log.rank_log_name(1))
    assert segs[-1].footer["status"] == "diverged"
    steps = step_log.merged_steps(folder / step_log.rank_log_name(0))
    assert math.isnan(steps[-1]["loss"]) and steps[-1]["lr"] is None
    failed = tmp_path / "synth" / point_id(4, False, 0) / "attempt-1" / "logs"
    assert step_log.read_segments(failed / step_log.rank_log_name(0))[-1].footer is None
    table = pd.read_csv(tmp_path / "synth" / "results.csv")
    assert list(table.columns) == COLUMNS
