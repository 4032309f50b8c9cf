"""Data parallelism against a data x model mesh for models and vocabularies never run here
(issue #25): each layout's projected step time and memory per rank at a node count, from this
machine's measured compute per FLOP and the communication model, and the smallest M that is
faster, or that fits at all. A formula, labelled as a projection: no figure here is measured.

Per rank and step, for a mesh of M (M = 1: data parallelism, the paper's dense exchange):
- compute: the model's matmul FLOPs (cost_models/flops.py, an M-th of the group's batch of M x
  tokens_per_worker: the same FLOPs as M = 1) x the seconds per FLOP measured on the sweep's
  own model (compute_s / model FLOPs per step); a small model's matmuls run below a big one's
  rate, so compute is over-estimated alike for every M;
- the data-parallel exchange: an allreduce of the rank's parameters' gradients (an M-th of
  the split ones, cost_models/memory_model.py) over the N / M ranks of its data-parallel set,
  timed by a comm sweep's fitted allreduce when there is one, else as a ring on the link;
- the model-parallel allreduces (cost_models/mesh.py: activation bytes of the group's batch, and
  one call per split layer and loss term) over the M ranks of the group: with a comm sweep's
  fitted `group_allreduce` (the group's own link, shared memory on one node; comm_fit), each
  call is that fit's time; without one, each call is a ring allreduce on the interconnect's
  link model (a group on one node is then charged the network);
- memory per rank: cost_models/memory_model.py at M, against the node's memory over its ranks.

Each layout's step time carries draws (`with_draws`, issue #32): the compute per FLOP re-drawn
from the repeats it was measured on, each collective's time scaled by its fit's error (a fitted
collective: log-normal with its RMS relative residual; the link's nominal figures: within a
factor of 2 at 95%, a stated assumption), these shared by every layout of a draw, and one
relative residual of the layout model on the sweep's own measured points of the same M (all
M's when that M was not measured), with a random sign, each layout its own. An M is named only
where its step is shorter than every other fitting layout's in 97.5% of the draws (the paired
ratio's 95% interval above 1); elsewhere the candidates are said to be indistinguishable at
this design, with the more runs of the measured variant that would settle it (its compute per
FLOP's interval shrinking with the runs, the links' and the model's error unchanged: the same
draws re-scaled, `Layout.draws_at`), or that no number of runs would.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from scalestudy.cost_models import comm_fit, flops, memory_model, strategies
from scalestudy.cost_models import mesh as mesh_layout
from scalestudy.formats.point_config import PRESETS, MeshSpec, PointConfig
from scalestudy.report.projection import Link, ring_allreduce_s
from scalestudy.report.projection.intervals import Interval, interval_of

PAPER_NODES = (64, 300)  # the seed paper's sizes
PAPER_VOCABS = (33_708, 128_000)  # its big model's vocabulary, and a large modern one
SENTENCE = 32  # padded tokens per sentence of the representative batch (a shape, not a law)


@dataclass(frozen=True)
class Layout:
    model: str
    vocab: int
    nodes: int
    ppn: int
    m: int
    compute_s: float
    data_parallel_s: float
    model_parallel_s: float
    memory_bytes: int
    fits: bool
    tokens_per_worker: int = 0
    node_memory_bytes: float = 0.0
    # draws of the step time (with_draws); None: no uncertainty worked out
    step_draws: np.ndarray | None = field(default=None, compare=False, repr=False)
    # the step draws as they would be with `more` runs measuring the compute per FLOP (None:
    # runs cannot change them)
    draws_at: Callable[[int], np.ndarray] | None = field(default=None, compare=False, repr=False)

    @property
    def step_s(self) -> float:
        return self.compute_s + self.data_parallel_s + self.model_parallel_s

    @property
    def step_pi(self) -> Interval | None:
        return None if self.step_draws is None else interval_of(self.step_draws, self.step_s)

    def tokens_pi(self) -> Interval | None:
        if self.step_draws is None:
            return None
        tokens = self.nodes * self.ppn * self.tokens_per_worker
        return interval_of(tokens / self.step_draws, self.tokens_per_s)

    @property
    def tokens_per_s(self) -> float:
        """Global tokens/s: a mesh point has the global batch of the data-parallel point with
        the same ranks (tokens_per_worker stays per rank)."""
        return self.nodes * self.ppn * self.tokens_per_worker / self.step_s


def grid_nodes(also: tuple[int, ...] = ()) -> list[int]:
    """The node counts a projection draws: powers of two to 512 and the sizes asked for."""
    return sorted({*(2**k for k in range(10)), *also})


def choices(layouts: list[Layout]) -> dict[tuple[int, int], tuple[int | None, str]]:
    """Per (vocabulary, nodes): the M to run and why (crossover())."""
    groups: dict[tuple[int, int], list[Layout]] = {}
    for x in layouts:
        groups.setdefault((x.vocab, x.nodes), []).append(x)
    return {key: crossover(group) for key, group in sorted(groups.items())}


def changes(layouts: list[Layout]) -> dict[int, list[tuple[int, int | None, str]]]:
    """Per vocabulary: (nodes, M, why) where the M to run changes as nodes grow (its first
    entry is the smallest size drawn)."""
    out: dict[int, list[tuple[int, int | None, str]]] = {}
    for (vocab, nodes), (m, why) in choices(layouts).items():
        seen = out.setdefault(vocab, [])
        kind = lambda m, why: (m, why.split(":")[0] if m is None else "")  # noqa: E731
        if not seen or kind(*seen[-1][1:]) != kind(m, why):
            seen.append((nodes, m, why))
    return out


def spec_of(model: str, vocab: int) -> dict:
    spec = {k: v for k, v in PRESETS[model].items()}
    spec["vocab"] = vocab
    spec.setdefault("tie_embeddings", True)
    return spec


def _batch(tokens_per_worker: int) -> flops.BatchShape:
    """A rank's batch of `tokens_per_worker` (source + target) as sentences of SENTENCE
    padded slots a side, every target slot real."""
    sentences = max(tokens_per_worker // (2 * SENTENCE), 1)
    return flops.BatchShape(sentences, SENTENCE, SENTENCE, sentences * SENTENCE)


def calls_per_step(spec: dict) -> int:
    """Model-parallel allreduces of one micro-batch (cost_models/mesh.py's operators): forward,
    the two lookups and each row-parallel output; backward, each replicated input of a split
    layer and the projection's input; the cross entropy's terms."""
    e, d = int(spec["enc_layers"]), int(spec["dec_layers"])
    return (2 + 2 * e + 3 * d) + (2 * e + 4 * d + 1) + mesh_layout.XENT_TERMS


def layout(
    spec: dict,
    *,
    model: str,
    nodes: int,
    ppn: int,
    m: int,
    tokens_per_worker: int,
    s_per_flop: float,
    link: Link,
    node_memory_bytes: float,
    group_fit: comm_fit.Fit | None = None,
    dp_fit: comm_fit.Fit | None = None,
) -> Layout:
    workers = nodes * ppn
    b = _batch(tokens_per_worker)
    compute = s_per_flop * flops.step(spec, b)["total"]  # a group's M x batch over M ranks
    params = memory_model.parameter_count(spec, m)
    if dp_fit is not None:  # a comm sweep's fitted allreduce
        dp = dp_fit.predict(workers // m, ppn, 4.0 * params)
    else:
        dp = ring_allreduce_s(4.0 * params, workers // m, ppn, link)
    mp = 0.0
    if m > 1:
        group = mesh_layout.Slots(m * b.src_slots, m * b.tgt_slots, m * b.real_tgt)
        logical = mesh_layout.activation_bytes(
            group, int(spec["hidden"]), int(spec["enc_layers"]), int(spec["dec_layers"])
        )
        calls = calls_per_step(spec)
        if group_fit is not None:  # measured on the group's own link
            mp = calls * group_fit.predict(m, 1, logical / calls)
        else:
            mp = calls * ring_allreduce_s(logical / calls, m, ppn, link)
    # a layout never run: the model is `spec` (not a preset's), so the configuration is built
    # without PointConfig's checks of its own model; the defaults but the dense exchange and M
    config = PointConfig.model_construct(
        exchange=strategies.PAPER_DENSE.name, sparse_as_dense=True, mesh=MeshSpec(model=m)
    )
    memory = memory_model.estimate(
        spec, workers=workers, tokens_per_worker=tokens_per_worker, config=config
    ).per_rank
    return Layout(
        model,
        int(spec["vocab"]),
        nodes,
        ppn,
        m,
        compute,
        dp,
        mp,
        memory,
        memory * ppn <= node_memory_bytes,
        tokens_per_worker,
        node_memory_bytes,
    )


NO_FIT = "no layout fits in memory"
INDISTINGUISHABLE = "indistinguishable at this design"
MAX_MORE_RUNS = 1000


def with_draws(
    layouts: list[Layout],
    *,
    compute: np.ndarray,
    data_parallel: np.ndarray,
    model_parallel: np.ndarray,
    residuals: dict[int, list[float]],
    seed: int = 20190513,
    compute_at: Callable[[int], np.ndarray] | None = None,
) -> list[Layout]:
    """The layouts with step-time draws: compute, data_parallel and model_parallel are factor
    draws shared by every layout (one per draw); residuals, the layout model's relative errors
    on measured points by M, give each layout its own (random sign). compute_at(more): the
    compute factor's draws with `more` runs (compute_at(0) is `compute`)."""
    rng = np.random.default_rng(seed)
    n = compute.size
    pooled = [r for rs in residuals.values() for r in rs]
    out = []
    for x in layouts:
        comm = x.data_parallel_s * data_parallel + x.model_parallel_s * model_parallel
        factor = np.ones(n)
        seen = residuals.get(x.m) or pooled
        if seen:
            size = np.abs(np.log1p(np.asarray(seen, dtype=float)))[rng.integers(0, len(seen), n)]
            factor = np.exp(size * rng.choice([-1.0, 1.0], size=n))
        draws = (x.compute_s * compute + comm) * factor
        at = None
        if compute_at is not None:
            at = lambda more, c=x.compute_s, comm=comm, f=factor: (c * compute_at(more) + comm) * f  # noqa: E731
        out.append(replace(x, step_draws=draws, draws_at=at))
    return out


def _separated(best: Layout, other: Layout, more: int | None = None) -> bool:
    """best's step is shorter than other's in 97.5% of the paired draws (with `more` runs:
    the draws as they would be)."""
    if best.step_draws is None or other.step_draws is None:
        return True
    if more is not None and best.draws_at is not None and other.draws_at is not None:
        a, b = best.draws_at(more), other.draws_at(more)
    else:
        a, b = best.step_draws, other.step_draws
    return float(np.percentile(b / a, 2.5)) > 1.0


def more_runs(best: Layout, close: list[Layout]) -> int | None:
    """The fewest more runs of the measured variant after which best is told apart from every
    layout in close; None when MAX_MORE_RUNS do not (or the draws cannot change with runs)."""
    if best.draws_at is None or any(x.draws_at is None for x in close):
        return None
    from scalestudy.uncertainty.model import settle

    return settle(lambda m: all(_separated(best, x, m) for x in close), 0, MAX_MORE_RUNS)


def crossover(layouts: list[Layout]) -> tuple[int | None, str]:
    """The M to run at one (model, vocabulary, nodes): the fastest that fits, and why; None
    with the reason when nothing fits or (with draws) the fastest is not told apart from
    another that fits (and what more runs would do)."""
    fitting = [x for x in layouts if x.fits]
    if not fitting:
        return None, NO_FIT
    best = min(fitting, key=lambda x: x.step_s)
    one = next((x for x in layouts if x.m == 1), None)
    close = [x for x in fitting if x is not best and not _separated(best, x)]
    if close:
        ms = ", ".join(str(m) for m in sorted({best.m, *(x.m for x in close)}))
        runner_up = min(close, key=lambda x: x.step_s)  # the margin that matters: the least
        more = more_runs(best, close)
        settle = (
            f"about {more} more run(s) of the measured variant would settle it (its compute per "
            "FLOP's spread as measured)"
            if more is not None
            else "more runs of this sweep would not settle it: the links' and the layout model's "
            "error span it"
        )
        return None, (
            f"{INDISTINGUISHABLE}: M = {ms} (the central figures favour M = {best.m} by "
            f"{runner_up.step_s / best.step_s:.2f}x over the next, M = {runner_up.m}, inside "
            "the model's error); "
            f"{settle}"
        )
    if best.m == 1:
        return 1, "data parallelism is fastest"
    if one is None:  # _layouts always models M = 1; a caller's own list may not
        return best.m, "the fastest that fits (M = 1 not modelled)"
    if not one.fits:
        return best.m, f"only a mesh fits (M = 1 needs {one.memory_bytes / 2**30:.1f} GiB)"
    return best.m, f"the mesh is {one.step_s / best.step_s:.2f}x faster than M = 1"
