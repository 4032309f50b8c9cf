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

A choice is named only where the intervals separate it (issue #44): R_r and U_r carry the t
intervals of their levels over the runs that measured them (scalestudy/uncertainty: alone), each
link's time a factor (a fitted collective: its RMS relative residual at 95%; the profile's
nominal figures: a factor of 2, an assumption shared with the mesh crossover), and a strategy is
the cheapest (by bytes, by time, by vocabulary) at a size only where it costs less than every
other strategy at every corner of those intervals, both costed at the same corner (paired: the
inputs they share cancel). Elsewhere the choice says "indistinguishable at this design" and the
notes say how many more runs would settle it (the spread as measured, the interval shrinking as
t(k - 1) / sqrt(k) on k runs), or that more runs cannot (the links' error alone spans it).

A vocabulary-parallel softmax is not in the trainer: its line is comm_model's formula alone,
labelled "model only", against the dense allreduce of the softmax weights it would replace.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass, field

import pandas as pd

from scalestudy.cost_models import comm_model, strategies, token_model
from scalestudy.report import projection
from scalestudy.report.scaling import Variant
from scalestudy.uncertainty import model as uncertainty
from scalestudy.uncertainty.model import NO_NOISE, Estimate

# beyond the paper's two: what this figure is for
NEW = tuple(
    s.name
    for s in strategies.STRATEGIES.values()
    if s not in (strategies.PAPER_SPARSE, strategies.PAPER_DENSE)
)
DENSE = strategies.PAPER_DENSE
GRID = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]
VOCAB_GRID = [2**k for k in range(10, 21)]  # 1k .. 1M ids: where the vocabulary crossover falls
TIE = "indistinguishable at this design"
MAX_SETTLE = 1000  # more runs beyond which "would settle it" is not worth saying


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
    # the runs R_r and U_r were measured on (their intervals: uncertainty.alone)
    rows_samples: list[float] = field(default_factory=list)
    unique_samples: list[float] = field(default_factory=list)
    links: dict[str, projection.Link] = field(default_factory=dict)
    link_factors: dict[str, float] = field(default_factory=dict)  # 95% factor per collective
    undecided: list[str] = field(default_factory=list)  # the ties and what would settle them

    def shape(
        self,
        workers: int,
        vocab: int | None = None,
        rows: float | None = None,
        unique: float | None = None,
    ) -> strategies.Shape:
        """The formulas' inputs at N = workers (and another vocabulary size; R_r and U_r
        other than the measured medians: a corner of their intervals)."""
        r = self.rows if rows is None else rows
        u = self.unique if unique is None else unique
        if vocab is None:
            union = _ids(u, self.vocab, workers)[1]
        else:
            r, u, union = self.at_vocab(vocab, workers, r, u)
        return strategies.Shape(workers, vocab or self.vocab, self.hidden, r, u, union)

    def cheapest_at(self, workers: int) -> str:
        return strategies.cheapest(self.shape(workers)).name

    def union_at(self, workers: int) -> float:
        return _ids(self.unique, self.vocab, workers)[1]

    def at_vocab(
        self, vocab: int, workers: int, rows: float | None = None, unique: float | None = None
    ) -> tuple[float, float, float]:
        """(R_r, U_r, U) at another vocabulary size: the same draws per rank (the measured
        U_r's), R_r unchanged (untied: the rows are the slots)."""
        r = self.rows if rows is None else rows
        u = self.unique if unique is None else unique
        at, union = _ids(u, self.vocab, workers, vocab)
        if token_model.draws_for(u, self.vocab) is None:
            # every id named each step (tied tf1): R_r = V + slots
            return r - self.vocab + vocab, at, union
        return r, at, union

    def cheapest_at_vocab(self, vocab: int, workers: int) -> str:
        return strategies.cheapest(self.shape(workers, vocab)).name

    def beats_dense_from(self, strategy: str, workers: int) -> int | None:
        """The smallest vocabulary of the grid from which `strategy` sends fewer wire bytes
        than the dense allreduce (4VH) at N = workers at every corner of R_r's and U_r's
        intervals, or None on the whole grid."""
        for vocab in VOCAB_GRID:
            shapes = [self.shape(workers, vocab, r, u) for r, u in self.corners()]
            if all(strategies.get(strategy).wire(x) < DENSE.wire(x) for x in shapes):
                return vocab
        return None

    # -- the choices, gated by the intervals ----------------------------------------------------

    def inputs(self, more: int = 0) -> tuple[Estimate | None, Estimate | None]:
        """R_r's and U_r's intervals (uncertainty.alone), or as they would be with `more`
        runs at the spread measured."""
        return tuple(  # type: ignore[return-value]
            uncertainty.alone(xs, len(xs) + more) if xs else None
            for xs in (self.rows_samples, self.unique_samples)
        )

    def judged(self) -> bool:
        """False where an input was measured once (no spread known): no choice is judged."""
        return all(e is None or e.judged for e in self.inputs())

    def corners(self, more: int | None = 0) -> list[tuple[float, float]]:
        """(R_r, U_r) at the medians and the ends of their intervals (`more` runs; None: the
        medians alone, as if measured exactly)."""
        if more is None:
            return [(self.rows, self.unique)]
        ends = []
        for e, value in zip(self.inputs(more), (self.rows, self.unique), strict=True):
            ends.append(sorted({value} if e is None else {e.lo, value, e.hi}))
        return list(itertools.product(*ends))

    def _costs(
        self, by: str, x: int, more: int | None, spread_links: bool = True
    ) -> list[dict[str, float]]:
        """Every strategy's cost at each corner: wire bytes at N = x ("bytes"), the same at
        vocabulary x and N = vocab_workers ("vocab"), or exchange seconds at N = x ("time",
        each collective's time scaled by each end of its factor unless not spread_links)."""
        out = []
        for r, u in self.corners(more):
            if by == "vocab":
                shape = self.shape(self.vocab_workers, x, r, u)
                out.append({k: strategies.get(k).wire(shape) for k in strategies.NAMES})
                continue
            shape = self.shape(x, None, r, u)
            if by == "bytes":
                out.append({k: strategies.get(k).wire(shape) for k in strategies.NAMES})
                continue
            parts = {k: _per_collective(k, shape, self.ppn, self.links) for k in strategies.NAMES}
            used = sorted({c for p in parts.values() for c in p})
            factor = {c: self.link_factors.get(c, 1.0) if spread_links else 1.0 for c in used}
            for scale in itertools.product(*((1.0 / factor[c], factor[c]) for c in used)):
                f = dict(zip(used, scale, strict=True))
                out.append({k: sum(f[c] * t for c, t in p.items()) for k, p in parts.items()})
        return out

    def choose(self, by: str, x: int, more: int | None = 0) -> tuple[str, list[str]]:
        """(the cheapest strategy, []) where it costs less than every other at every corner
        (both costed at the same corner); (TIE, the strategies not told apart, cheapest at the
        medians first) otherwise. more: runs beyond those measured (None: R_r and U_r exact)."""
        costs = self._costs(by, x, more)
        centre = self._costs(by, x, None, spread_links=False)[0]
        best = min(strategies.NAMES, key=lambda k: centre[k])
        close = [k for k in strategies.NAMES if k != best and any(c[k] <= c[best] for c in costs)]
        if not close:
            return best, []
        return TIE, sorted([best, *close], key=lambda k: centre[k])

    def label(self, by: str, x: int) -> str:
        """The choice as the caption says it: a strategy, or the tie and its candidates."""
        if not self.judged():
            return f"not judged ({NO_NOISE}: R_r or U_r measured on one run)"
        best, tied = self.choose(by, x)
        # the candidates in the strategies' own order: a tie whose medians reorder is one tie
        return best if not tied else f"{TIE}: {', '.join(sorted(tied, key=strategies.NAMES.index))}"

    def settle_note(self, by: str, x: int, tied: list[str]) -> str:
        """What would settle a tie: the runs after which the intervals separate the
        candidates (the spread as measured), or why more runs cannot."""
        where = {"bytes": f"by wire bytes at N={x}", "time": f"by time at N={x}"}.get(
            by, f"by wire bytes at V={x:,}, N={self.vocab_workers}"
        )
        head = (
            f"{where}: {', '.join(sorted(tied, key=strategies.NAMES.index))} {TIE} (the medians "
            f"favour {tied[0]})"
        )
        if self.choose(by, x, more=None)[1]:
            if by == "time" and self.link_factors:
                return (
                    f"{head}; more runs cannot settle it: the links' error alone spans it "
                    "(a comm sweep's calibration of the collectives narrows it)"
                )
            return f"{head}; the medians themselves tie"
        now = max(len(self.rows_samples), len(self.unique_samples))
        k = uncertainty.settle(lambda m: not self.choose(by, x, m)[1], 0, MAX_SETTLE)
        if k is None:
            return f"{head}; more than {MAX_SETTLE} more runs would be needed"
        return (
            f"{head}; about {k} more completed run(s) ({now} now) would settle it, if R_r and "
            "U_r keep the spread measured (a t interval of their levels, df = runs - 1)"
        )


def exchange_seconds(
    strategy: str, s: Strategies, workers: int, links: dict[str, projection.Link]
) -> float:
    """Projected time of one rank's exchange of the input embedding's gradient: the
    strategy's own calls (cost_models/strategies.py), each timed with its collective's link;
    ids' owners spread evenly."""
    calls = strategies.get(strategy).calls(s.shape(workers))
    return projection.calls_s(calls, workers, s.ppn, links)


@functools.lru_cache(maxsize=4096)
def _ids(unique: float, vocab: int, workers: int, at_vocab: int | None = None):
    """token_model.calibrated_ids (a root solve, ~10 ms), kept: each choice asks it at every
    corner of R_r's and U_r's intervals."""
    return token_model.calibrated_ids(unique, vocab, workers, at_vocab=at_vocab)


def _per_collective(
    strategy: str, shape: strategies.Shape, ppn: int, links: dict[str, projection.Link]
) -> dict[str, float]:
    """A strategy's exchange time by collective (its calls grouped)."""
    out: dict[str, float] = {}
    for c, nbytes in strategies.get(strategy).calls(shape):
        out[c] = out.get(c, 0.0) + projection.calls_s([(c, nbytes)], shape.workers, ppn, links)
    return out


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
    link_factors: dict[str, float] | None = None,
) -> list[Strategies]:
    """One comparison per vocabulary size with a new strategy beside another; [] otherwise.
    Each variant's strategy is its own (its configuration, PointConfig.strategy), never a column.
    With `links` (allreduce, allgather, alltoall) the exchange times are projected too;
    link_factors: each collective's time's 95% factor (none: the links taken as exact)."""
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
        s.rows_samples = _samples(rows["emb_grad_rows_per_worker"])
        s.unique_samples = _samples(rows.get("emb_unique_rows_per_worker"))
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
        s.crossover = _changes((n, s.label("bytes", n)) for n in GRID[1:])  # N = 1 sends nothing
        if "ppn" in rows and not rows["ppn"].isna().all():
            s.ppn = int(rows["ppn"].max())
        if links is not None:
            s.links_source = links_source
            s.links, s.link_factors = dict(links), dict(link_factors or {})
            for strategy in strategies.NAMES:
                s.seconds[strategy] = [exchange_seconds(strategy, s, n, links) for n in GRID]
            s.time_crossover = _changes((n, s.label("time", n)) for n in GRID if n > 1)
        s.vocab_workers = max(2, int(rows["workers"].max()))
        s.vocab_crossover = _changes((v, s.label("vocab", v)) for v in VOCAB_GRID)
        s.undecided = _undecided(s)
        out.append(s)
    return out


def _samples(column) -> list[float]:
    if column is None:
        return []
    return [float(x) for x in column if pd.notna(x) and math.isfinite(float(x)) and x > 0]


def _undecided(s: Strategies) -> list[str]:
    """A note for each tie where a crossover list enters it: what would settle it."""
    out = []
    for by, changes in (("bytes", s.crossover), ("time", s.time_crossover)):
        for x, label in changes:
            if is_tie(label):
                out.append(s.settle_note(by, x, s.choose(by, x)[1]))
    for x, label in s.vocab_crossover:
        if is_tie(label):
            out.append(s.settle_note("vocab", x, s.choose("vocab", x)[1]))
    return out


def is_tie(label: str) -> bool:
    """A crossover entry that names no strategy (a tie, or nothing judged)."""
    return label not in strategies.NAMES


def _changes(pairs) -> list[tuple[int, str]]:
    """(x, best) at the first x and wherever the best strategy changes."""
    out: list[tuple[int, str]] = []
    for x, best in pairs:
        if not out or out[-1][1] != best:
            out.append((x, best))
    return out
