"""The embedding-gradient exchange strategies, each described ONCE (TF-free).

The science axis of the product: how the input embedding's gradient, an IndexedSlices that
touches R_r rows (U_r unique ids) of a V x H table, goes from every rank to every rank. One
`Strategy` entry per method holds everything another layer may ask of it: its name and the
paper's word for it, which model shapes it allows (and the validation message), the collectives
it calls and their bytes, its logical and wire bytes per rank per step, its memory, the results
columns it fills, the text the trainer's header and the report print, and which trainer class
runs it. Every layer asks this table; none decides anything by a strategy's name.

A parallel layout combines with these exchanges: the data x model mesh (cost_models/mesh.py) is
the one there is, a point is (layout, strategy), and a strategy's `with_mesh` says whether it
runs inside a mesh (its exchange then runs over the mesh's data-parallel set).

The symbols (per rank and step, float32 rows unless `item` says otherwise):
  N ranks, V vocabulary rows, H width, R_r rows the backward pass gives (tf1 + tied:
  M V + Tsrc + Ttgt; else Tsrc + Ttgt), U_r of them unique, U the union of the ranks' ids,
  M micro-batches (the sharded embedding looks up once per micro-batch).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scalestudy.cost_models import comm_model

FLOAT32 = comm_model.FLOAT32
INT64 = comm_model.INT64


@dataclass(frozen=True)
class Shape:
    """What the formulas need of one rank's step (averaged over ranks where it varies)."""

    workers: int
    vocab: int
    hidden: int
    rows: float = 0.0  # R_r
    unique: float = 0.0  # U_r
    union: float = 0.0  # U
    micro_batches: int = 1
    item: int = FLOAT32  # bytes an allreduced value travels in (2 under fp16 compression)


@dataclass(frozen=True)
class Logged:
    """What one step log record says of the embedding's exchange (trainer/exchanges/)."""

    form: dict  # embedding_grad
    rows_per_rank: list[int] | None  # embedding_rows_per_rank
    vocab: int
    hidden: int
    item: int = FLOAT32  # bytes an allreduced value travels in


def _form_count(g: Logged, key: str) -> float | None:
    value = g.form.get(key)
    return float(value) if isinstance(value, (int, float)) else None


# The step-log records a counter can live in, and what its value is per step: `embedding_grad`
# the embedding gradient's own count (its exchange's form), `bytes` the step's bytes of a kind
# (summed over the step's sparse exchanges, 0 when none ran)
RECORDS = ("embedding_grad", "bytes")
# the fields every step record holds in those records whatever the strategy (the exchange's
# form and the modelled bytes): a counter may not take one's name. The bytes fields' names and
# order are the step log's: trainer/exchanges/base.py writes its values by this tuple.
FIXED_FIELDS = {
    "embedding_grad": ("form", "rows", "width", "shape"),
    "bytes": (
        "logical_embedding",
        "logical_total",
        "wire_sent_model",
        "wire_recv_model",
        "wire_sent_allgather_model",
        "wire_sent_allreduce_model",
    ),
}


@dataclass(frozen=True)
class Counter:
    """A count a strategy's exchange writes in every step record and collect turns into a
    results column, declared once here: the record's `record` object's `field`
    (embedding_grad.unique_rows, bytes.wire_sent_alltoall_model), its median over the timed
    steps in `column`, with the column's unit and meaning. The trainer's exchange fills the
    counters its strategy declares (trainer/exchanges/base.py, refusing a missing or an
    undeclared one); formats/results_columns.py makes their columns (after its anchor column of
    `record`); collect/rows.py and the rows check (collect/rows_check.py) read them. None of
    them names a counter."""

    record: str  # one of RECORDS
    field: str
    column: str
    unit: str  # the column's unit ("" when none)
    meaning: str  # the column's meaning, as docs/results-layout.md shows it
    kind: str = "float"  # the column's kind (a median over steps)

    def __post_init__(self):
        if self.record not in RECORDS:
            raise ValueError(
                f"counter {self.field}: record {self.record!r} is not one of {', '.join(RECORDS)}"
            )
        if self.field in FIXED_FIELDS[self.record]:
            raise ValueError(
                f"counter {self.record}.{self.field}: every step record holds that field "
                "(trainer/exchanges/base.py); a counter takes a name of its own"
            )

    def read(self, step: Mapping) -> Any:
        """Its value in one step record (a dict as the step log holds it), None if absent."""
        return (step.get(self.record) or {}).get(self.field)


# the counters the table's strategies declare (two share some: one declaration each)
UNIQUE_ROWS = Counter(
    "embedding_grad",
    "unique_rows",
    "emb_unique_rows_per_worker",
    "rows",
    "U_r: this rank's unique ids",
)
UNION_ROWS = Counter(
    "embedding_grad", "union_rows", "emb_union_rows", "rows", "U: the union of every rank's ids"
)
SERVED_ROWS = Counter(
    "embedding_grad",
    "served_rows",
    "emb_served_rows_per_worker",
    "rows",
    "Q_r: ids this rank served as owner",
)
ALLTOALL_WIRE = Counter(
    "bytes",
    "wire_sent_alltoall_model",
    "wire_sent_alltoall_bytes_per_step_model",
    "bytes",
    "of which alltoalls",
)


# (collective, bytes): allreduce the whole tensor, allgather one rank's share, alltoall one
# rank's whole send buffer (its own block included) -- the units of cost_models/comm_fit.py
Call = tuple[str, float]


@dataclass(frozen=True)
class Strategy:
    name: str
    word: str  # what plans and legends call it (the paper's "sparse" and "dense")
    summary: str  # one sentence: how the gradient moves
    collectives: tuple[str, ...]  # those its embedding exchange calls (comm fit, projection)
    calls: Callable[[Shape], list[Call]]  # one step's calls of the embedding's exchange
    logical: Callable[[Shape], float]  # bytes a rank holds after the exchange
    wire: Callable[[Shape], float]  # bytes a rank sends, ids' owners spread evenly
    peak: Callable[[Shape], float]  # memory the exchange needs per rank at most (planning)
    formula: str  # the logical bytes, as the report's accumulation check states it
    # the logical bytes from one step log record's counts (its embedding_grad form and
    # embedding_rows_per_rank), for the rows check of every logged step (collect/rows_check.py,
    # carried to the report); None: no counts
    logged: Callable[[Logged], float | None]
    wire_model: str  # the trainer header's sentence on how the wire bytes are modelled
    densifies: bool = False  # IndexedSlices made dense first (Horovod's sparse_as_dense)
    gathers_rows: bool = False  # every rank's rows allgathered: bytes grow with N
    # the input table split by row over the ranks: a tied model cannot (its projection needs
    # the whole table), each rank checkpoints its own shard
    shards_table: bool = False
    # results columns of the embedding's wire bytes (empty: fused with the dense allreduce)
    wire_columns: tuple[str, ...] = ()
    # the counts its exchange logs per step and their results columns (a strategy without
    # them leaves those columns empty)
    counters: tuple[Counter, ...] = ()
    # `timing: phases`: where its collectives' time is counted, if not all in comm_s
    phases_note: str = ""
    # runs over a data x model mesh's data-parallel set (a vocabulary-split embedding's
    # gradient rows); the others are not built for a mesh (cost_models/mesh.py)
    with_mesh: bool = False

    @property
    def own_columns(self) -> tuple[str, ...]:
        """The results columns it fills that a strategy without them leaves empty."""
        return tuple(dict.fromkeys(c.column for c in self.counters))

    def bytes(self, shape: Shape) -> tuple[float, float]:
        """(logical bytes held, wire bytes sent) per rank per step."""
        return self.logical(shape), self.wire(shape)

    def table_rows(self, vocab: int, workers: int) -> int:
        """Rows of the V-row input table one rank holds (ceil(V / N) when sharded)."""
        return -(-vocab // workers) if self.shards_table else vocab

    def refusal(self, tied: bool) -> str | None:
        """Why this strategy cannot run with the model, or None."""
        if self.shards_table and tied:
            return (
                f"exchange: {self.name} splits the input embedding's rows over the ranks, but "
                "a tied model also uses that table as the pre-softmax projection, which every "
                "rank needs whole: set model.tie_embeddings: false (or choose another exchange)"
            )
        return None


def _row(s: Shape) -> int:
    return comm_model.row_bytes(s.hidden)


def _share(s: Shape) -> float:
    return (s.workers - 1) / s.workers


ALLGATHER = Strategy(
    name="allgather",
    word="sparse",
    summary="Horovod's IndexedSlices path: every rank's rows and ids allgathered (the paper's "
    "sparse baseline; bytes grow with N)",
    collectives=("allgather",),
    calls=lambda s: [("allgather", s.rows * FLOAT32 * s.hidden), ("allgather", s.rows * INT64)],
    logical=lambda s: s.workers * s.rows * _row(s),
    # two ring allgathers of N R rows (values, ids) and the 8-byte row counts
    wire=lambda s: (s.workers - 1) * s.rows * _row(s) + INT64 * (s.workers - 1),
    # the gathered buffer and its averaged copy
    peak=lambda s: comm_model.sparse_accumulation_peak_bytes(s.workers, int(s.rows), s.hidden),
    formula="sum(R_r)·(4H+8)",
    logged=lambda g: (
        sum(g.rows_per_rank) * comm_model.row_bytes(g.hidden) if g.rows_per_rank else None
    ),
    wire_model="ring allgatherv of the IndexedSlices values and indices, and of the row counts",
    gathers_rows=True,
    with_mesh=True,
    wire_columns=("wire_sent_allgather_bytes_per_step_model",),
)

ALLREDUCE = Strategy(
    name="allreduce",
    word="dense",
    summary="sparse_as_dense: the gradient made a dense [V, H] tensor and allreduced (the "
    "paper's fix; bytes constant in N, always the whole vocabulary)",
    collectives=("allreduce",),
    calls=lambda s: [("allreduce", s.item * s.vocab * s.hidden)],
    logical=lambda s: float(comm_model.logical_allreduce_bytes(s.vocab, s.hidden, s.item)),
    wire=lambda s: 2 * _share(s) * s.item * s.vocab * s.hidden,
    # the dense gradient and its averaged copy, plus a float16 copy under fp16 compression
    peak=lambda s: (
        2 * FLOAT32 * s.vocab * s.hidden + (s.item * s.vocab * s.hidden) * (s.item != FLOAT32)
    ),
    formula="item·V·H (4VH; 2VH under fp16 compression)",
    logged=lambda g: float(g.item * g.vocab * g.hidden),
    wire_model="ring allreduce of the densified gradient, fused with the dense gradients",
    densifies=True,
    with_mesh=True,
)

SPARSE_REDUCE = Strategy(
    name="sparse_reduce",
    word="sparse_reduce",
    summary="reduction by row owner: de-duplicated rows sent to their owners (id mod N) by "
    "alltoall, summed there, the reduced rows allgathered (bytes follow unique rows)",
    collectives=("alltoall", "allgather"),
    calls=lambda s: [
        ("alltoall", s.unique * _row(s)),
        ("allgather", s.union / s.workers * _row(s)),
    ],
    logical=lambda s: float(comm_model.logical_sparse_reduce_bytes(int(s.union), s.hidden)),
    wire=lambda s: comm_model.sparse_reduce_bytes(
        s.workers, s.hidden, int(s.rows), int(s.unique), int(s.union)
    )["wire_sent"],
    peak=lambda s: comm_model.sparse_reduce_peak_bytes(s.workers, int(s.rows), s.vocab, s.hidden),
    formula="U·(4H+8)",
    logged=lambda g: (
        None if (u := _form_count(g, "union_rows")) is None else u * comm_model.row_bytes(g.hidden)
    ),
    wire_model="alltoall of int32 splits and of the rows to their owners (direct, own block "
    "local) + ring allgatherv of the owners' rows",
    wire_columns=(
        "wire_sent_alltoall_bytes_per_step_model",
        "wire_sent_allgather_bytes_per_step_model",
    ),
    counters=(UNIQUE_ROWS, UNION_ROWS, ALLTOALL_WIRE),
)


def _sharded_calls(s: Shape) -> list[Call]:
    # per lookup (one per micro-batch): ids to owners, rows back, gradient rows to owners
    lookups = max(s.micro_batches, 1)
    u = s.unique / lookups
    rows = u * FLOAT32 * s.hidden
    return [("alltoall", u * INT64), ("alltoall", rows), ("alltoall", rows)] * lookups


SHARDED_EMBEDDING = Strategy(
    name="sharded_embedding",
    word="sharded_embedding",
    summary="the input table split by row over the ranks (EmbRace): lookups and their "
    "gradients move by alltoall (bytes follow tokens x H, not V nor N)",
    collectives=("alltoall",),
    calls=_sharded_calls,
    logical=lambda s: comm_model.sharded_embedding_bytes(s.workers, s.hidden, int(s.unique))[
        "logical_bytes"
    ],
    wire=lambda s: comm_model.sharded_embedding_bytes(s.workers, s.hidden, int(s.unique))[
        "wire_sent"
    ],
    peak=lambda s: comm_model.sharded_embedding_peak_bytes(
        s.workers, int(s.rows), s.vocab, s.hidden
    ),
    formula="U_r·4H + Q_r·(8+4H)",
    logged=lambda g: (
        None
        if (u := _form_count(g, "unique_rows")) is None
        or (q := _form_count(g, "served_rows")) is None
        else float(comm_model.logical_sharded_embedding_bytes(int(u), int(q), g.hidden))
    ),
    wire_model="per lookup three alltoalls (ids to owners, rows back, gradient rows to owners; "
    "direct, own block local), each after its int32 splits",
    shards_table=True,
    wire_columns=("wire_sent_alltoall_bytes_per_step_model",),
    counters=(UNIQUE_ROWS, SERVED_ROWS, ALLTOALL_WIRE),
    phases_note="timing phases with a sharded embedding: its lookups' alltoalls (ids, rows, "
    "gradient rows) run inside the forward and backward passes, so their time is counted in "
    "compute_s, not in comm_s (comm_s holds the dense gradients' allreduces only)",
)

STRATEGIES: dict[str, Strategy] = {
    s.name: s for s in (ALLGATHER, ALLREDUCE, SPARSE_REDUCE, SHARDED_EMBEDDING)
}
NAMES: tuple[str, ...] = tuple(STRATEGIES)
# The paper's two, named by its own switch (Horovod's sparse_as_dense)
PAPER_SPARSE, PAPER_DENSE = ALLGATHER, ALLREDUCE
# The report's baseline when a sweep names none: the paper's fix, the dense allreduce
DEFAULT_BASELINE = ALLREDUCE


def get(name: str) -> Strategy:
    try:
        return STRATEGIES[name]
    except KeyError:
        known = ", ".join(STRATEGIES)
        raise ValueError(f"unknown exchange {name!r} (known: {known})") from None


def names() -> tuple[str, ...]:
    """Every strategy's name, in the table's order, as it is now (a registered one too)."""
    return tuple(STRATEGIES)


def register(strategy: Strategy) -> Strategy:
    """Add a strategy to the table (a test's or a site's): validation, collect and the report
    read it from here at each use. A counter filling a column another strategy's counter fills
    must be that declaration (same step-log field, unit and meaning)."""
    for c in strategy.counters:
        other = next((o for o in counters() if o.column == c.column and o != c), None)
        if other is not None:
            raise ValueError(
                f"exchange {strategy.name}: counter {c.record}.{c.field} fills "
                f"{c.column}, which {other.record}.{other.field} already fills"
                + (" (described otherwise)" if other.field == c.field else "")
            )
    STRATEGIES[strategy.name] = strategy
    return strategy


def counters() -> tuple[Counter, ...]:
    """Every strategy's declared counters, each once, in the table's order: what collect reads
    of every step log (a log without one gives an empty cell) and the rows check."""
    return tuple(dict.fromkeys(c for s in STRATEGIES.values() for c in s.counters))


def from_switch(sparse_as_dense: bool) -> Strategy:
    """The strategy the paper's switch names: sparse_as_dense densifies, else allgather."""
    return PAPER_DENSE if sparse_as_dense else PAPER_SPARSE


def resolve(accumulation: str, tied: bool, exchange: str | None, sparse_as_dense: bool) -> Strategy:
    """How a run's embedding gradient really goes (PointConfig.strategy() asks here with its
    own fields). Native accumulation with a tied embedding is the dense allreduce whatever was
    asked: TF 2.15 sums the mixed dense + sparse gradients of the shared table into one dense
    tensor. Else `exchange` (always set once a configuration is validated), else the switch."""
    if dense_anyway(accumulation, tied):
        return PAPER_DENSE
    return get(exchange) if exchange is not None else from_switch(sparse_as_dense)


def dense_anyway(accumulation: str, tied: bool) -> bool:
    """Whether TensorFlow sums the embedding gradient densely whatever the exchange asks."""
    return accumulation == "native" and bool(tied)


def flag(value: Any, default: bool) -> bool:
    """A boolean as a table or JSON may hold it (True, "true", 1, NaN/None = unknown)."""
    if value is None or (isinstance(value, float) and value != value):
        return default
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def cheapest(shape: Shape) -> Strategy:
    """The strategy that sends the fewest wire bytes per rank (bandwidth only)."""
    return min(STRATEGIES.values(), key=lambda s: s.wire(shape))
