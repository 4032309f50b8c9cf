"""The embedding exchange strategies side by side (issue #13): per strategy the measured
logical bytes, the wire-bytes model of the real counts and tokens/s against N, the formula
lines in N, and where each strategy is predicted to be the cheapest.

The lines' inputs are measured: R_r (rows a rank's backward pass gives) and U_r (its unique ids)
from the table; the union U(N) of N ranks' ids follows the synthetic data's Zipf law
(contract/token_model.py), calibrated so that U(1) is the measured U_r. A tied model with tf1
accumulation names every id each step: U_r = U = V.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from scalestudy.contract import comm_model, token_model

NEW = ("sparse_reduce", "sharded_embedding")  # beyond the paper's two: what this figure is for
GRID = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]


@dataclass
class Measured:
    strategy: str
    workers: list[int]
    logical: list[float]  # bytes per rank per step, median over repeats
    wire: list[float]  # the trainer's wire model of the real counts (embedding's share)
    tokens_per_s: list[float]


@dataclass
class Strategies:
    vocab: int
    hidden: int
    rows: float  # R_r
    unique: float  # U_r
    measured: list[Measured]
    grid: list[int] = field(default_factory=list)
    union: list[float] = field(default_factory=list)  # U(N) on the grid
    model: dict[str, tuple[list[float], list[float]]] = field(default_factory=dict)
    crossover: list[tuple[int, str]] = field(default_factory=list)  # (from N, cheapest)

    def cheapest_at(self, workers: int) -> str:
        return comm_model.cheapest(
            workers, self.vocab, self.hidden, self.rows, self.unique, self.union_at(workers)
        )

    def union_at(self, workers: int) -> float:
        return _union(self.vocab, self.unique, workers)


def _union(vocab: int, unique: float, workers: int) -> float:
    """U(N) of the Zipf law whose U(1) is the measured U_r (bisection on the draws)."""
    most = token_model.expected_unique(1e15, vocab)
    if unique >= most - 0.5:
        return float(unique)
    lo, hi = 0.0, 1.0
    while token_model.expected_unique(hi, vocab) < unique:
        hi *= 2
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if token_model.expected_unique(mid, vocab) < unique else (lo, mid)
    return token_model.expected_unique(workers * hi, vocab)


def _wire(rows: pd.DataFrame, strategy: str) -> float | None:
    col = {
        "allgather": ["wire_sent_allgather_bytes_per_step_model"],
        "sparse_reduce": [
            "wire_sent_alltoall_bytes_per_step_model",
            "wire_sent_allgather_bytes_per_step_model",
        ],
        "sharded_embedding": ["wire_sent_alltoall_bytes_per_step_model"],
    }.get(strategy)
    if not col or any(c not in rows for c in col):
        return None  # allreduce: fused with the other dense gradients, only the model splits it
    value = sum(rows[c].median() for c in col)
    return None if pd.isna(value) else float(value)


def compare(table: pd.DataFrame) -> list[Strategies]:
    """One comparison per vocabulary size with a new strategy beside another; [] otherwise."""
    need = ("exchange", "vocab_size", "hidden_size", "logical_embedding_bytes_per_step")
    if table.empty or any(c not in table for c in need):
        return []
    done = table[table["status"] == "completed"]
    out = []
    for vocab, rows in done.groupby("vocab_size"):
        found = set(rows["exchange"].dropna())
        if not (found & set(NEW)) or len(found) < 2:
            continue
        r = (
            rows["emb_grad_rows_per_worker"].median()
            if "emb_grad_rows_per_worker" in rows
            else None
        )
        u = rows.get("emb_unique_rows_per_worker", pd.Series(dtype=float)).median()
        if pd.isna(r) or pd.isna(u):
            continue
        s = Strategies(int(vocab), int(rows["hidden_size"].iloc[0]), float(r), float(u), [])
        for strategy in comm_model.STRATEGIES:
            mine = rows[rows["exchange"] == strategy]
            if mine.empty:
                continue
            by_w = mine.groupby("workers")
            ws = sorted(int(w) for w in by_w.groups)
            wire = [_wire(by_w.get_group(w), strategy) for w in ws]
            s.measured.append(
                Measured(
                    strategy,
                    ws,
                    [
                        float(by_w.get_group(w)["logical_embedding_bytes_per_step"].median())
                        for w in ws
                    ],
                    [float("nan") if x is None else x for x in wire],
                    [float(by_w.get_group(w)["tokens_per_s"].median()) for w in ws],
                )
            )
        s.grid = GRID
        s.union = [s.union_at(n) for n in GRID]
        for strategy in comm_model.STRATEGIES:
            pairs = [
                comm_model.strategy_bytes(strategy, n, s.vocab, s.hidden, s.rows, s.unique, un)
                for n, un in zip(GRID, s.union, strict=True)
            ]
            s.model[strategy] = ([p[0] for p in pairs], [p[1] for p in pairs])
        last = None
        for n in GRID[1:]:  # at N = 1 nothing is sent
            best = s.cheapest_at(n)
            if best != last:
                s.crossover.append((n, best))
                last = best
        out.append(s)
    return out
