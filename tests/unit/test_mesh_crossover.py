"""The projected crossover of data parallelism and a data x model mesh (issue #25,
report/crossover.py): the exchange and the compute of a layout worked out here from the
numbers, and the choice of M from the layouts."""

from __future__ import annotations

import pytest

from scalestudy.cost_models import memory_model
from scalestudy.report import crossover
from scalestudy.report.projection import Link

LINK = Link("test", latency_us=2.0, bandwidth_gbps=80.0)  # 10 GB/s, 2 us


def _layout(m: int, nodes: int = 64, ppn: int = 1, memory: float = 1e12) -> crossover.Layout:
    spec = crossover.spec_of("big", 33_708)
    return crossover.layout(
        spec,
        model="big",
        nodes=nodes,
        ppn=ppn,
        m=m,
        tokens_per_worker=4096,
        s_per_flop=1e-11,
        link=LINK,
        node_memory_bytes=memory,
    )


def test_data_parallelism_allreduces_every_parameter_over_every_rank():
    x = _layout(1)
    params = memory_model.parameter_count(crossover.spec_of("big", 33_708))
    n = 64
    # ring: each rank sends 2 (n - 1) / n of the fp32 gradient; 2 (n - 1) latencies
    want = 2 * (n - 1) / n * 4 * params / 10e9 + 2 * (n - 1) * 2e-6
    assert x.data_parallel_s == pytest.approx(want)
    assert x.model_parallel_s == 0.0


def test_a_mesh_trades_the_exchange_for_its_group_allreduces():
    one, two = _layout(1), _layout(2)
    assert two.compute_s == one.compute_s  # a rank computes an M-th of M x its tokens
    # an M-th of the split parameters (and all of the few replicated ones) over N / M ranks
    assert two.data_parallel_s < 0.6 * one.data_parallel_s
    params, n = memory_model.parameter_count(crossover.spec_of("big", 33_708), 2), 32
    want = 2 * (n - 1) / n * 4 * params / 10e9 + 2 * (n - 1) * 2e-6  # over the N / M = 32
    assert two.data_parallel_s == pytest.approx(want)
    assert two.model_parallel_s > 0
    assert two.memory_bytes < one.memory_bytes


def test_the_fastest_layout_that_fits_is_chosen_and_why_is_said():
    one, two, four = _layout(1), _layout(2), _layout(4)
    fastest = min((one, two, four), key=lambda x: x.step_s)
    m, why = crossover.crossover([one, two, four])
    assert m == fastest.m
    # memory decides when the replicated model does not fit a rank
    tight = (one.memory_bytes + two.memory_bytes) / 2
    small = [_layout(k, memory=tight) for k in (1, 2, 4)]
    m, why = crossover.crossover(small)
    assert m in (2, 4) and why.startswith("only a mesh fits")
    assert crossover.crossover([_layout(1, memory=1.0)]) == (None, "no layout fits in memory")


def test_the_compute_draws_of_two_rows_stay_finite_where_a_cauchy_draw_passes_exps_range():
    """The crossover's compute-per-FLOP draws from two rows are a t of 1 df (a Cauchy); with the
    report's fixed seed one of its 2,000 draws is 11,912, so rows 20% apart (a log scale of
    0.09) put exp past its range: the draw is bounded (noise.LOG_CLIP) and every one finite."""
    import numpy as np
    import pandas as pd

    from scalestudy.report import analysis

    done = pd.DataFrame(
        {
            "compute_s_median": [0.5, 0.6],
            "model_flops_per_s_per_rank": [1e11, 1e11],
            "step_s_median": [1.0, 1.0],
        }
    )
    draws, at = analysis._factor_draws(done, rng_seed=1)
    for d in (draws, at(4)):
        assert np.isfinite(d).all() and (d > 0).all()
    assert draws.max() > 1e20  # the far draw is there, bounded, not dropped
