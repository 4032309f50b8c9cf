"""The embedding exchange strategies side by side (issue #13): per strategy the measured
logical bytes, the wire-bytes model of the real counts and tokens/s against N, the formula
lines in N, and where each strategy is predicted to be the cheapest.

The lines' inputs are measured: R_r (rows a rank's backward pass gives) and U_r (its unique ids)
from the table; the union U(N) of N ranks' ids follows the synthetic data's Zipf law
(cost_models/token_model.py), calibrated so that U(1) is the measured U_r. A tied model with tf1
accumulation names every id each step: U_r = U = V. The same calibration (the number of draws
that gives U_r) predicts U_r at other vocabulary sizes, hence the vocabulary crossover.

With latency and bandwidth per collective (a comm sweep's calibration.json with allreduce,
allgather and alltoall fitted, else the profile's nominal interconnect for all three, said which),
each strategy's exchange time is projected on the grid: allgather two ring allgathers (values,
ids), allreduce one ring allreduce of 4VH, sparse_reduce an alltoall of U_r rows and an allgather
of U/N rows, sharded_embedding three alltoalls (ids; rows; gradient rows). The crossover by time
counts each message's latency, which the crossover by bytes does not.

A vocabulary-parallel softmax is not in the trainer: its line is comm_model's formula alone,
labelled "model only", against the dense allreduce of the softmax weights it would replace.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from scalestudy.cost_models import comm_model, strategies, token_model
from scalestudy.report import projection
from scalestudy.report.scaling import Variant

# beyond the paper's two: what this figure is for
NEW = tuple(
    s.name
    for s in strategies.STRATEGIES.values()
    if s not in (strategies.PAPER_SPARSE, strategies.PAPER_DENSE)
)
DENSE = strategies.PAPER_DENSE
GRID = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]
VOCAB_GRID = [2**k for k in range(10, 21)]  # 1k .. 1M ids: where the vocabulary crossover falls


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
    target_tokens: float = 0.0  # T per rank: half the padded slots
    softmax_model: tuple[list[float], list[float]] = ([], [])  # vocab-parallel, model only
    vocab_workers: int = 0  # the N of the vocabulary crossover (the largest measured)
    vocab_crossover: list[tuple[int, str]] = field(default_factory=list)  # (from V, cheapest)
    ppn: int = 1
    seconds: dict[str, list[float]] = field(default_factory=dict)  # projected exchange time
    time_crossover: list[tuple[int, str]] = field(default_factory=list)  # (from N, fastest)
    links_source: str = ""  # which latency/bandwidth the times use

    def shape(self, workers: int, vocab: int | None = None) -> strategies.Shape:
        """The formulas' inputs at N = workers (and another vocabulary size)."""
        if vocab is None:
            rows, unique, union = self.rows, self.unique, self.union_at(workers)
        else:
            rows, unique, union = self.at_vocab(vocab, workers)
        return strategies.Shape(workers, vocab or self.vocab, self.hidden, rows, unique, union)

    def cheapest_at(self, workers: int) -> str:
        return strategies.cheapest(self.shape(workers)).name

    def union_at(self, workers: int) -> float:
        return token_model.calibrated_ids(self.unique, self.vocab, workers)[1]

    def at_vocab(self, vocab: int, workers: int) -> tuple[float, float, float]:
        """(R_r, U_r, U) at another vocabulary size: the same draws per rank (the measured
        U_r's), R_r unchanged (untied: the rows are the slots)."""
        unique, union = token_model.calibrated_ids(self.unique, self.vocab, workers, at_vocab=vocab)
        if token_model.draws_for(self.unique, self.vocab) is None:
            # every id named each step (tied tf1): R_r = V + slots
            return self.rows - self.vocab + vocab, unique, union
        return self.rows, unique, union

    def cheapest_at_vocab(self, vocab: int, workers: int) -> str:
        return strategies.cheapest(self.shape(workers, vocab)).name

    def beats_dense_from(self, strategy: str, workers: int) -> int | None:
        """The smallest vocabulary of the grid from which `strategy` sends fewer wire bytes
        than the dense allreduce (4VH) at N = workers, or None on the whole grid."""
        for vocab in VOCAB_GRID:
            shape = self.shape(workers, vocab)
            if strategies.get(strategy).wire(shape) < DENSE.wire(shape):
                return vocab
        return None


def exchange_seconds(
    strategy: str, s: Strategies, workers: int, links: dict[str, projection.Link]
) -> float:
    """Projected time of one rank's exchange of the input embedding's gradient: the
    strategy's own calls (cost_models/strategies.py), each timed with its collective's link;
    ids' owners spread evenly."""
    calls = strategies.get(strategy).calls(s.shape(workers))
    return projection.calls_s(calls, workers, s.ppn, links)


def _wire(rows: pd.DataFrame, strategy: str) -> float | None:
    cols = strategies.get(strategy).wire_columns
    if not cols or any(c not in rows for c in cols):
        return None  # fused with the other dense gradients: only the model splits it
    value = sum(rows[c].median() for c in cols)
    return None if pd.isna(value) else float(value)


def compare(
    variants: list[Variant],
    links: dict[str, projection.Link] | None = None,
    links_source: str = "",
) -> list[Strategies]:
    """One comparison per vocabulary size with a new strategy beside another; [] otherwise.
    Each variant's strategy is its own (its configuration, PointConfig.strategy), never a column.
    With `links` (allreduce, allgather, alltoall) the exchange times are projected too."""
    need = ("logical_embedding_bytes_per_step", "emb_grad_rows_per_worker")
    by_vocab: dict[int, list[Variant]] = {}
    for v in variants:
        # a mesh exchanges a vocabulary shard's gradient over N / M ranks: not these lines
        if v.mesh_model == 1 and v.vocab and v.hidden and all(c in v.rows for c in need):
            by_vocab.setdefault(int(v.vocab), []).append(v)
    out = []
    for vocab, vs in sorted(by_vocab.items()):
        found = {v.strategy.name for v in vs}
        if not (found & set(NEW)) or len(found) < 2:
            continue
        of = {
            name: pd.concat([v.rows for v in vs if v.strategy.name == name])
            for name in strategies.NAMES
            if name in found
        }
        of = {k: r[r["status"] == "completed"] for k, r in of.items()}
        rows = pd.concat(list(of.values()))
        if rows.empty:
            continue
        r = rows["emb_grad_rows_per_worker"].median()
        u = rows.get("emb_unique_rows_per_worker", pd.Series(dtype=float)).median()
        if pd.isna(r) or pd.isna(u):
            continue
        hidden = int(vs[0].hidden)
        s = Strategies(vocab, hidden, float(r), float(u), [])
        slots = rows.get("padded_slots_per_worker", pd.Series(dtype=float)).median()
        s.target_tokens = float(slots) / 2 if not pd.isna(slots) else s.rows / 2
        for strategy, mine in of.items():
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
        for strategy in strategies.NAMES:
            pairs = [strategies.get(strategy).bytes(s.shape(n)) for n in GRID]
            s.model[strategy] = ([p[0] for p in pairs], [p[1] for p in pairs])
        softmax = [
            comm_model.vocab_parallel_softmax_bytes(n, s.hidden, s.target_tokens) for n in GRID
        ]
        s.softmax_model = ([b["logical_bytes"] for b in softmax], [b["wire_sent"] for b in softmax])
        s.crossover = _changes((n, s.cheapest_at(n)) for n in GRID[1:])  # N = 1 sends nothing
        if "ppn" in rows and not rows["ppn"].isna().all():
            s.ppn = int(rows["ppn"].max())
        if links is not None:
            s.links_source = links_source
            for strategy in strategies.NAMES:
                s.seconds[strategy] = [exchange_seconds(strategy, s, n, links) for n in GRID]
            s.time_crossover = _changes(
                (n, min(s.seconds, key=lambda k, i=i: s.seconds[k][i]))
                for i, n in enumerate(GRID)
                if n > 1
            )
        s.vocab_workers = max(2, int(rows["workers"].max()))
        s.vocab_crossover = _changes(
            (v, s.cheapest_at_vocab(v, s.vocab_workers)) for v in VOCAB_GRID
        )
        out.append(s)
    return out


def _changes(pairs) -> list[tuple[int, str]]:
    """(x, best) at the first x and wherever the best strategy changes."""
    out: list[tuple[int, str]] = []
    for x, best in pairs:
        if not out or out[-1][1] != best:
            out.append((x, best))
    return out
