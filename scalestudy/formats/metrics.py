"""The figures of merit a sweep's `expect:` block may gate on, declared once: a name, its unit,
what it is, which scaling mode has it and which way is better. The spec checks an expectation
against this table (sweepfile/expectations.py), `scalestudy report --check` measures each one
(report/check.py: every metric here has its measurement there, a test checks both agree), and
docs/sweep-reference.md's metric table is generated from it.

A metric measured per point is a median over the point's completed repeats with the interval
of the run's noise model (scalestudy/uncertainty); the efficiencies and the speedup are the
report's own (report/scaling.py: against the variant's smallest size N0, with the baseline's
spread in the interval).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Metric:
    name: str
    unit: str  # "" for a ratio
    meaning: str
    modes: tuple[str, ...]  # the scaling modes that have it
    better: Literal["higher", "lower"]  # the bound a published reference gives: at_least/at_most
    column: str | None = None  # measured from this results column, median over repeats
    scale: float = 1.0  # column value x scale = the metric in its unit


BOTH = ("weak", "strong")

METRICS: dict[str, Metric] = {
    m.name: m
    for m in (
        Metric("tokens_per_s", "tokens/s", "global training throughput", BOTH, "higher",
               column="tokens_per_s"),
        Metric("step_time_s", "s", "time per training step (median of a run's timed steps)",
               BOTH, "lower", column="step_s_median"),
        Metric("weak_efficiency", "", "T(N) / ((N/N0) x T(N0)), T the global tokens/s",
               ("weak",), "higher"),
        Metric("strong_speedup", "", "t(N0) / t(N), t the time per step", ("strong",), "higher"),
        Metric("strong_efficiency", "", "speedup x N0 / N", ("strong",), "higher"),
        Metric("peak_memory_gib", "GiB", "the largest rank's peak resident memory", BOTH,
               "lower", column="peak_rss_max", scale=1 / 2**30),
        Metric("model_gflops_per_rank", "GFLOP/s", "the model's matmul FLOPs a rank computed "
               "per second (cost_models/flops.py)", BOTH, "higher",
               column="model_flops_per_s_per_rank", scale=1e-9),
        Metric("embedding_bytes_per_step", "bytes", "the embedding gradient's logical bytes a "
               "rank exchanges per step", BOTH, "lower",
               column="logical_embedding_bytes_per_step"),
    )
}  # fmt: skip
