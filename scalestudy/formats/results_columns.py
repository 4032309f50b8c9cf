"""The results table (results.csv / results.parquet, one row per point and repeat), declared
once: every column's name, type, unit and meaning, in the table's order. `collect` writes its
rows with these columns and types (PANDAS_DTYPES), the report reads them typed from here, and
docs/results-layout.md's column table is generated from here (`make docs`;
tests/unit/test_docs_schema.py checks it).
A strategy's counters' columns (name, unit, meaning) are declared with the strategy
(cost_models/strategies.py: Counter) and placed here after their record's anchor column
(COUNTERS_AFTER); which exchanges fill them is the strategy's to say (own_columns)."""

from __future__ import annotations

import functools
import math
import sys
from dataclasses import dataclass
from typing import Literal

from scalestudy.cost_models import strategies

Kind = Literal["text", "int", "float", "bool"]


@dataclass(frozen=True)
class Column:
    name: str
    kind: Kind
    unit: str  # "" when none
    meaning: str


def _c(name: str, kind: Kind, unit: str, meaning: str) -> Column:
    return Column(name, kind, unit, meaning)


# The columns every table has; the strategies' counters' columns go in after them (columns())
_FIXED: tuple[Column, ...] = (
    # the point
    _c("point_id", "text", "", "the point's id: `n<nodes>-p<ppn>-<hash>[-a<alloc>]-r<repeat>`"),
    _c("sweep", "text", "", "the sweep's name"),
    _c("variant", "text", "", "the plan's id of the experiment this row is one size/repeat of"),
    _c("variant_label", "text", "", "how legends name the variant (points.jsonl has its config)"),
    _c("mode", "text", "", "weak or strong scaling"),
    _c("cluster", "text", "", "the cluster profile"),
    _c("nodes", "int", "nodes", "nodes of the point"),
    _c("ppn", "int", "ranks", "ranks per node"),
    _c("workers", "int", "ranks", "ranks in all (nodes x ppn)"),
    _c("threads", "int", "threads", "intra-op threads per rank"),
    _c("model", "text", "", "the model preset"),
    _c("accumulation", "text", "", "tf1 or native gradient accumulation"),
    _c("sparse_as_dense", "bool", "", "Horovod's switch, as the configuration resolved it"),
    _c("exchange", "text", "", "how the embedding gradient really went (PointConfig.strategy)"),
    _c("timing", "text", "", "overlapped or phases"),
    _c("precision", "text", "", "fp32 or bf16 compute"),
    _c("compression", "text", "", "Horovod's gradient compression: none or fp16"),
    _c("mesh_model", "int", "ranks", "ranks per model group of a data x model mesh (1: none)"),
    _c("tokens_per_worker", "int", "tokens", "the batch per rank (strong: its share)"),
    _c("global_batch_tokens", "int", "tokens", "the batch of all ranks"),
    _c("repeat", "int", "", "the repeat's index"),
    _c("allocation", "int", "", "schedule bundled: the allocation (the sample of placement)"),
    _c("bundle", "text", "", "schedule bundled: the bundle job"),
    _c("run_order", "int", "", "schedule bundled: the run's place in its bundle's order"),
    # the run
    _c("status", "text", "", "the latest attempt's state (completed, failed, diverged, ...)"),
    _c("exit_code", "int", "", "the trainer's exit code (its footer), else the job script's"),
    _c("attempt", "int", "", "the latest attempt's number"),
    _c("job_id", "text", "", "the Slurm job id (local: empty)"),
    _c(
        "start",
        "float",
        "s",
        "when the attempt started (Unix time): the local executor's record, a bundled run's "
        "marker, else sacct's Start",
    ),
    _c("end", "float", "s", "when the attempt ended (Unix time): the same records, sacct's End"),
    # the trainer's timed window
    _c("steps_timed", "int", "steps", "steps in the timed window"),
    _c("step_s_median", "float", "s", "median over timed steps of each step's slowest rank"),
    _c("step_s_p10", "float", "s", "10th percentile of the same"),
    _c("step_s_p90", "float", "s", "90th percentile of the same"),
    _c("tokens_per_s", "float", "tokens/s", "global non-padding tokens / wall time of the window"),
    _c("src_tokens_per_s", "float", "tokens/s", "the same, source side"),
    _c("tgt_tokens_per_s", "float", "tokens/s", "the same, target side"),
    _c("slots_per_s", "float", "slots/s", "padded slots computed per second"),
    _c("tokens_per_s_per_worker", "float", "tokens/s", "tokens_per_s / workers"),
    _c(
        "model_flops_per_s_per_rank",
        "float",
        "FLOP/s",
        "the model's matmul FLOPs (cost_models/flops.py) a rank computed per second of the timed "
        "window, mean over ranks",
    ),
    # the three clocks (collect/clocks.py): a throughput is used only when they agree
    _c(
        "clock_check",
        "text",
        "",
        "ok, inconsistent (status too: the figures in status_reason) or unchecked (why)",
    ),
    _c("window_s", "float", "s", "the trainer's timed window (footer; the slowest rank's)"),
    _c(
        "records_window_s",
        "float",
        "s",
        "the same window from the step records' Unix times (slowest rank)",
    ),
    _c(
        "records_tokens_per_s",
        "float",
        "tokens/s",
        "every rank's timed tokens / records_window_s, computed by collect",
    ),
    _c("timed_steps_sum_s", "float", "s", "the timed steps' durations summed (slowest rank)"),
    _c(
        "job_wall_s",
        "float",
        "s",
        "the job's own wall time: the executor's start and end, a run's markers, or Elapsed",
    ),
    _c(
        "compute_s_median",
        "float",
        "s",
        "forward + backward per step: the phase (phases) or the compute probe (overlapped)",
    ),
    _c(
        "compute_probe_s_median",
        "float",
        "s",
        "overlapped: the compute probe's median pass (slowest rank), used as compute_s_median "
        "only when no longer than step_s_median",
    ),
    _c("comm_s_median", "float", "s", "phases: the exchange per step"),
    _c("apply_s_median", "float", "s", "phases: the optimizer update per step"),
    # the exchange (medians over timed steps, rank 0); the strategies' embedding_grad
    # counters follow (U_r, U, Q_r: COUNTERS_AFTER)
    _c(
        "emb_grad_rows_per_worker",
        "float",
        "rows",
        "R_r: rows of the embedding gradient (the mean over ranks where every rank's is logged)",
    ),
    _c(
        "logical_allgather_bytes_per_step",
        "float",
        "bytes",
        "the embedding's logical bytes when its exchange ends in an allgather",
    ),
    _c(
        "logical_allreduce_bytes_per_step",
        "float",
        "bytes",
        "the allreduced gradients' bytes (the embedding's too when densified)",
    ),
    _c("logical_embedding_bytes_per_step", "float", "bytes", "the embedding's logical bytes"),
    _c("wire_sent_bytes_per_step_model", "float", "bytes", "wire bytes a rank sends, modelled"),
    _c("wire_recv_bytes_per_step_model", "float", "bytes", "wire bytes a rank receives, modelled"),
    _c("wire_sent_allgather_bytes_per_step_model", "float", "bytes", "of which allgathers"),
    _c("wire_sent_allreduce_bytes_per_step_model", "float", "bytes", "of which allreduces"),
    # the strategies' bytes counters follow (alltoalls)
    # memory and loss
    _c("peak_rss_max", "float", "bytes", "the largest rank's peak RSS"),
    _c("peak_rss_mean", "float", "bytes", "the ranks' mean peak RSS"),
    _c("predicted_bytes_per_rank", "float", "bytes", "the plan's memory model"),
    _c("final_loss", "float", "nats/token", "the last step's loss (mean over ranks)"),
    # Slurm accounting (empty for the local executor or with accounting off)
    _c("slurm_state", "text", "", "sacct's state of the job"),
    _c("slurm_exit_code", "text", "", "sacct's exit code"),
    _c("elapsed", "text", "", "sacct's elapsed time"),
    _c("node_list", "text", "", "the job's nodes"),
    _c(
        "sacct_maxrss_per_node_daemon",
        "float",
        "bytes",
        "the job's largest step MaxRSS (under mpirun: a node daemon's ranks together)",
    ),
    _c("sacct_maxrss_node", "text", "", "the node of that MaxRSS"),
    # what the report needs to work from the table alone
    _c("vocab_size", "int", "rows", "V"),
    _c("hidden_size", "int", "", "H"),
    _c("tie_embeddings", "bool", "", "one weight for the embeddings and the projection"),
    _c("micro_batches", "int", "", "forward/backward passes per step"),
    _c("steps", "int", "steps", "steps asked"),
    _c("learning_rate", "float", "", "the peak learning rate"),
    _c("lr_warmup_steps", "int", "steps", "the schedule's warm-up"),
    _c("node_memory_gb", "float", "GB", "a node's memory (the profile's)"),
    _c("interconnect", "text", "", "the profile's interconnect"),
    _c("interconnect_latency_us", "float", "us", "its nominal latency"),
    _c("interconnect_bandwidth_gbps", "float", "Gb/s", "its nominal bandwidth"),
    _c("reference", "text", "", "the published reference the sweep names"),
    _c(
        "status_reason",
        "text",
        "",
        "why the point ended so (the footer's reason; a comm sweep: its timings' count)",
    ),
    _c("last_step", "int", "steps", "the last step logged"),
    _c("padded_slots_per_worker", "float", "slots", "padded source + target slots per step"),
    _c(
        "mesh_logical_bytes_per_step",
        "float",
        "bytes",
        "a mesh: the model group's activation allreduces a rank takes part in (rank 0)",
    ),
    _c(
        "mesh_wire_sent_bytes_per_step_model",
        "float",
        "bytes",
        "a mesh: what a rank sends for them (ring model over the group)",
    ),
    _c(
        "grad_norm_median",
        "float",
        "",
        "global L2 norm of the averaged gradient (rank 0), median over the timed steps",
    ),
)

# Where each step-log record's counters (cost_models/strategies.py: Counter.record) go: after
# this column, in the strategies' table order
COUNTERS_AFTER: dict[str, str] = {
    "embedding_grad": "emb_grad_rows_per_worker",
    "bytes": "wire_sent_allreduce_bytes_per_step_model",
}


def columns() -> tuple[Column, ...]:
    """The table's columns as the strategy table is now (a strategy registered after import
    too): the fixed ones, each strategy's declared counters' after their record's anchor."""
    return _with_counters(strategies.counters())


@functools.cache
def _with_counters(counters: tuple[strategies.Counter, ...]) -> tuple[Column, ...]:
    fixed = {c.name for c in _FIXED}
    after: dict[str, list[Column]] = {}
    for counter in counters:
        if counter.column in fixed:
            raise ValueError(
                f"counter {counter.record}.{counter.field}: its column {counter.column} is a "
                "fixed results column (formats/results_columns.py): name another"
            )
        column = Column(counter.column, counter.kind, counter.unit, counter.meaning)  # type: ignore[arg-type]
        after.setdefault(COUNTERS_AFTER[counter.record], []).append(column)
    return tuple(
        c for fixed_column in _FIXED for c in (fixed_column, *after.get(fixed_column.name, ()))
    )


def names() -> tuple[str, ...]:
    """The columns' names as the strategy table is now (columns())."""
    return tuple(c.name for c in columns())


# the table of the built-in strategies (a strategy registered later: columns(), names())
COLUMNS: tuple[Column, ...] = columns()
NAMES: tuple[str, ...] = tuple(c.name for c in COLUMNS)

# `clock_check`'s values (collect/clocks.py decides them; report and compare read them here):
# an `inconsistent` point's `status` says so too
CLOCK_OK, CLOCK_INCONSISTENT, CLOCK_UNCHECKED = "ok", "inconsistent", "unchecked"


def clock_checked(cell) -> bool:
    """Whether a row's tokens/s was checked against its step records and the job's clock
    (`clock_check` "ok", with or without a note); empty (a table collected before the check)
    or "unchecked: ..." is not."""
    return isinstance(cell, str) and cell.startswith(CLOCK_OK)


# each kind's pandas dtype (and so its parquet type) when collect writes the table: nullable,
# so an empty cell stays empty and an int column never turns float (CSV "4.0") for a gap
PANDAS_DTYPES: dict[str, str] = {
    "text": "string",
    "int": "Int64",
    "float": "float64",
    "bool": "boolean",
}
BY_NAME = {c.name: c for c in COLUMNS}


def of_kind(*kinds: Kind) -> tuple[str, ...]:
    return tuple(c.name for c in columns() if c.kind in kinds)


def markdown_table() -> list[str]:
    """The columns as docs/results-layout.md shows them."""
    lines = ["| column | type | unit | meaning |", "| --- | --- | --- | --- |"]
    for c in columns():
        by = [s.name for s in strategies.STRATEGIES.values() if c.name in s.own_columns]
        meaning = c.meaning + (f" ({', '.join(by)} only)" if by else "")
        lines.append(f"| `{c.name}` | {c.kind} | {c.unit or '-'} | {meaning} |")
    return lines


def cell_value(v):
    """A cell as plain Python: None for a gap (None, NaN, pandas' NA), ints for integral
    floats, numpy's scalars as Python's. Neither pandas nor numpy is imported for it (a
    collect's history entry reads its rows without them): a value of theirs exists only
    where they already are."""
    t = type(v)
    if t is str or t is int or t is bool or v is None:
        return v
    if t is not float:
        pd, np = sys.modules.get("pandas"), sys.modules.get("numpy")
        if pd is not None and v is pd.NA:
            return None
        if np is not None and isinstance(v, np.integer | np.floating | np.bool_):
            v = v.item()
    if isinstance(v, float):
        if math.isnan(v):
            return None
        if v.is_integer():
            return int(v)
    return v
