"""The alpha/beta fit of the comm workload's timings (scalestudy.cost_models.comm_fit): it recovers
known values from data made with the ring model plus noise (the model written out here, not
the code's model_s), reports its residuals, uses the projection's own model, and refuses data it
cannot fit."""

from __future__ import annotations

import numpy as np
import pytest

from scalestudy.cost_models import comm_fit
from scalestudy.cost_models.comm_fit import FitError, Sample
from scalestudy.report import projection

ALPHA, BW = 25e-6, 1.5e9  # 25 us, 1.5 GB/s per node link
OVERHEAD = 400e-6  # per call, network or not (Horovod's cycle: about this on one rank)
LOCAL = 1 / 3e9  # s per byte of the result: copies at 3 GB/s, network or not
SIZES = [4**k for k in range(5, 13)]  # 1 KiB .. 16 MiB


def by_hand(collective: str, n: int, ppn: int, b: float, alpha, bw, overhead, local) -> float:
    """One call's time by the ring model, written out here (not the code's model_s): overhead
    o, local cost g per byte of the result, alpha per hop, the node's link shared by its ppn
    ranks. allreduce (b: the whole tensor): o + g b + 2(N-1) alpha + 2(N-1)/N b ppn / bw;
    allgather (b: one rank's share): o + g N b + (N-1) alpha + (N-1) b ppn / bw; alltoall
    (b: the send buffer): o + g b + 2(N-1) alpha + (N-1)/N b ppn / bw."""
    if collective == "allreduce":
        return overhead + local * b + 2 * (n - 1) * alpha + 2 * (n - 1) / n * b * ppn / bw
    if collective == "allgather":
        return overhead + local * n * b + (n - 1) * alpha + (n - 1) * b * ppn / bw
    assert collective == "alltoall"
    return overhead + local * b + 2 * (n - 1) * alpha + (n - 1) / n * b * ppn / bw


def test_the_model_is_the_ring_model_written_out():
    for collective in ("allreduce", "allgather", "alltoall"):
        for n, ppn, b in ((2, 1, 1024.0), (8, 2, 4.0**9), (64, 4, 3e6)):
            want = by_hand(collective, n, ppn, b, ALPHA, BW, OVERHEAD, LOCAL)
            got = comm_fit.model_s(collective, n, ppn, b, ALPHA, BW, OVERHEAD, LOCAL)
            assert got == pytest.approx(want, rel=1e-12), (collective, n, ppn, b)


def synthetic(
    collective: str,
    nodes=(2, 4, 8),
    ppns=(1, 2),
    noise: float = 0.05,
    seed: int = 7,
    alpha: float = ALPHA,
    bw: float = BW,
    overhead: float = OVERHEAD,
    local: float = LOCAL,
) -> list[Sample]:
    rng = np.random.default_rng(seed)
    out = []
    for n in nodes:
        for ppn in ppns:
            w = n * ppn
            for b in SIZES:
                t = by_hand(collective, w, ppn, b, alpha, bw, overhead, local)
                out.append(Sample(collective, n, ppn, w, b, t * float(rng.lognormal(0, noise))))
    return out


@pytest.mark.parametrize("collective", ["allreduce", "allgather", "alltoall"])
def test_recovers_known_alpha_and_bandwidth(collective):
    f = comm_fit.fit(synthetic(collective), collective)
    assert f.alpha_s == pytest.approx(ALPHA, rel=0.1)
    assert f.bandwidth_bytes_per_s == pytest.approx(BW, rel=0.05)
    assert f.n_points == f.distinct_points == 3 * 2 * len(SIZES)
    assert f.node_counts == [2, 4, 8]
    # residuals: one per point, relative to the measurement, of the size of the noise
    assert len(f.residuals) == f.n_points
    for r in f.residuals:
        assert r["relative"] == pytest.approx((r["measured_s"] - r["model_s"]) / r["measured_s"])
    assert 0.02 < f.rms_relative < 0.1
    assert f.r2 > 0.99
    d = f.as_dict()
    assert d["latency_us"] == pytest.approx(f.alpha_s * 1e6)
    assert d["rms_relative_residual"] == pytest.approx(f.rms_relative)


def test_exact_data_is_fitted_exactly():
    f = comm_fit.fit(synthetic("allgather", noise=0.0), "allgather")
    assert f.alpha_s == pytest.approx(ALPHA, rel=1e-6)
    assert f.bandwidth_bytes_per_s == pytest.approx(BW, rel=1e-6)
    assert f.overhead_s == pytest.approx(OVERHEAD, rel=1e-6)
    assert f.local_s_per_byte == pytest.approx(LOCAL, rel=1e-6)
    assert f.max_abs_relative < 1e-6
    assert f.as_dict()["overhead_us"] == pytest.approx(OVERHEAD * 1e6)
    assert f.as_dict()["local_gbytes_per_s"] == pytest.approx(3.0)


def test_the_overhead_is_not_charged_to_alpha():
    """A constant per call (no network in it) must land in the overhead, not in alpha: alpha
    is per hop, so charging it there would grow it with the node count in a projection."""
    f = comm_fit.fit(synthetic("allreduce", overhead=2e-3, noise=0.02), "allreduce")
    assert f.overhead_s == pytest.approx(2e-3, rel=0.1)
    assert f.alpha_s == pytest.approx(ALPHA, rel=0.3)
    no_overhead = comm_fit.fit(
        synthetic("allreduce", overhead=0.0, local=0.0, noise=0.0), "allreduce"
    )
    assert no_overhead.overhead_s == pytest.approx(0.0, abs=1e-9)


def test_one_rank_measures_the_overhead_and_the_local_copies_alone():
    """One rank: no network, but copies that grow with the size; they must not be charged to
    the bandwidth of the network."""
    data = [*synthetic("allreduce", nodes=(2,), ppns=(1,), noise=0.0)]
    data += [Sample("allreduce", 1, 1, 1, b, OVERHEAD + LOCAL * b) for b in SIZES]
    f = comm_fit.fit(data, "allreduce")
    assert f.overhead_s == pytest.approx(OVERHEAD, rel=1e-6)
    assert f.local_s_per_byte == pytest.approx(LOCAL, rel=1e-6)
    assert f.alpha_s == pytest.approx(ALPHA, rel=1e-6)
    assert f.bandwidth_bytes_per_s == pytest.approx(BW, rel=1e-6)
    assert any("one rank (no network) used for the per-call overhead" in n for n in f.notes)


def test_one_network_size_without_single_ranks_holds_the_local_terms_at_zero():
    """With one node count and no single-rank points, a constant is alpha's column and the
    local bytes are the bandwidth's: both are held at 0 and said so (they sit inside alpha and
    bw)."""
    data = synthetic("allreduce", nodes=(2,), ppns=(1,), noise=0.0)
    f = comm_fit.fit(data, "allreduce")
    assert f.overhead_s == 0.0 and f.local_s_per_byte == 0.0
    assert f.alpha_s == pytest.approx(ALPHA + OVERHEAD / 2, rel=1e-6)  # 2(N-1) = 2 hops
    # 2(N-1)/N B / bw' = 2(N-1)/N B / bw + LOCAL B, with N = 2: 1/bw' = 1/bw + LOCAL
    assert 1 / f.bandwidth_bytes_per_s == pytest.approx(1 / BW + LOCAL, rel=1e-6)
    assert any("held at 0 (it is inside alpha)" in n for n in f.notes)
    assert any("held at 0 (it is inside bw)" in n for n in f.notes)


def test_the_fitted_model_is_the_projections_model():
    """The fit feeds the projection: with the fitted values as a Link, projection's ring
    formulas (ranks of a node sharing its link) give the fit's own predictions."""
    for collective, ring in (
        ("allreduce", projection.ring_allreduce_s),
        ("allgather", projection.ring_allgather_s),
        ("alltoall", projection.direct_alltoall_s),
    ):
        f = comm_fit.fit(synthetic(collective, noise=0.03), collective)
        link = projection.Link(
            "fit",
            f.alpha_s * 1e6,
            f.bandwidth_bytes_per_s * 8 / 1e9,
            f.overhead_s * 1e6,
            f.local_s_per_byte,
        )
        for w, ppn, b in ((8, 1, 1e6), (64, 4, 3.3e7), (2, 2, 1024)):
            assert ring(b, w, ppn, link) == pytest.approx(f.predict(w, ppn, b), rel=1e-9)


def test_small_messages_decide_alpha_not_the_large_ones():
    """Relative weighting: a 10% error on the 16 MiB points must not swamp the latency."""
    data = [
        Sample(s.collective, s.nodes, s.ppn, s.workers, s.nbytes, s.time_s * 1.1)
        if s.nbytes == SIZES[-1]
        else s
        for s in synthetic("allreduce", noise=0.0)
    ]
    f = comm_fit.fit(data, "allreduce")
    assert f.alpha_s == pytest.approx(ALPHA, rel=0.1)


def test_single_node_points_are_not_used_and_said_so():
    data = synthetic("allreduce", nodes=(1, 2, 4), noise=0.02)
    f = comm_fit.fit(data, "allreduce")
    # several ranks on one node: shared memory, not used; one rank: the overhead only
    assert f.node_counts == [1, 2, 4]
    assert any("several ranks on 1 node not used" in n for n in f.notes)
    assert f.n_points == 2 * 2 * len(SIZES) + len(SIZES)


def test_refuses_a_single_node():
    with pytest.raises(FitError, match="single node has no network"):
        comm_fit.fit(synthetic("allreduce", nodes=(1,), ppns=(1, 2)), "allreduce")


def test_refuses_fewer_than_three_distinct_points():
    data = [
        Sample("allgather", 2, 1, 2, 1024, 1e-4),
        Sample("allgather", 2, 1, 2, 1024, 1.1e-4),  # a repeat is not a new point
        Sample("allgather", 2, 1, 2, 4096, 2e-4),
    ]
    with pytest.raises(FitError, match="at least 3"):
        comm_fit.fit(data, "allgather")


def test_refuses_when_time_does_not_grow_with_size():
    data = [Sample("allreduce", n, 1, n, b, 1e-3) for n in (2, 4) for b in SIZES]
    data = [Sample(s.collective, s.nodes, 1, s.workers, s.nbytes, 1e-3 * 2 * (s.workers - 1))
            for s in data]  # fmt: skip
    with pytest.raises(FitError, match="does not grow with the message size"):
        comm_fit.fit(data, "allreduce")


def test_negative_latency_is_held_at_zero():
    data = synthetic("allgather", alpha=0.0, overhead=0.0, local=0.0, noise=0.0)
    # shave the smallest messages so an unconstrained fit would want alpha < 0
    data = [
        Sample(s.collective, s.nodes, s.ppn, s.workers, s.nbytes, s.time_s * 0.5)
        if s.nbytes <= 4096
        else s
        for s in data
    ]
    f = comm_fit.fit(data, "allgather")
    assert f.alpha_s == 0.0 and f.bandwidth_bytes_per_s > 0
    assert any("held at 0" in n for n in f.notes)


def test_fit_all_keeps_errors_apart():
    data = [*synthetic("allreduce"), Sample("allgather", 1, 1, 1, 1024, 1e-5)]
    fits, errors = comm_fit.fit_all(data)
    assert set(fits) == {"allreduce"}
    assert "single node" in errors["allgather"]
    assert "alpha=" in comm_fit.describe(fits["allreduce"])
    assert "residuals RMS" in comm_fit.describe(fits["allreduce"])


def _group_samples(m: int, alpha: float, bw: float, noise: float = 0.03) -> list[Sample]:
    """A mesh's model group of m ranks on one node (shared memory: its own link), timed by the
    comm workload's size sweep: the ring allreduce with N = m and no link sharing, written
    out here (2 (m - 1) latencies, 2 (m - 1) / m of the bytes over the link)."""
    rng = np.random.default_rng(3)
    out = []
    for b in SIZES:
        t = OVERHEAD + LOCAL * b + 2 * (m - 1) * alpha + 2 * (m - 1) / m * b / bw
        out.append(Sample(comm_fit.GROUP, 1, 1, m, b, t * float(rng.lognormal(0, noise))))
    return out


def test_a_model_groups_allreduce_is_fitted_on_its_own_node():
    """group_allreduce fits the points of one node that allreduce leaves out: a model group's
    link is the node's shared memory (issue #25), with a latency and bandwidth of its own."""
    alpha, bw = 3e-6, 8e9  # shared memory: faster than the network above
    # noiseless: the model's own points are given back exactly (with noise the local copy,
    # larger than the link's term here, makes bw the least determined parameter)
    data = _group_samples(2, alpha, bw, noise=0.0) + _group_samples(4, alpha, bw, noise=0.0)
    alone = [Sample(comm_fit.GROUP, 1, 1, 1, b, OVERHEAD + LOCAL * b) for b in SIZES]
    f = comm_fit.fit(data + alone, comm_fit.GROUP)
    assert f.alpha_s == pytest.approx(alpha, rel=1e-6)
    assert f.bandwidth_bytes_per_s == pytest.approx(bw, rel=1e-6)
    assert f.node_counts == [1]
    assert not any("not used" in n for n in f.notes)
    # the same points as a plain allreduce: one node, nothing to fit
    plain = [Sample("allreduce", *(x for x in (s.nodes, s.ppn, s.workers, s.nbytes, s.time_s)))
             for s in data]  # fmt: skip
    with pytest.raises(FitError, match="single node has no network"):
        comm_fit.fit(plain, "allreduce")
    # calibration.json keeps it as a dict; read back, it predicts the same
    back = comm_fit.Fit.from_dict(f.as_dict())
    assert back.predict(4, 1, 2**20) == f.predict(4, 1, 2**20)


def test_the_crossover_charges_the_group_its_fitted_link():
    """With a fitted group_allreduce the mesh's model-parallel time is its calls on that fit,
    not the interconnect's ring (report/crossover.py)."""
    from scalestudy.cost_models import mesh as mesh_layout
    from scalestudy.report import crossover

    alpha, bw = 3e-6, 8e9
    f = comm_fit.fit(_group_samples(2, alpha, bw, noise=0.0) + _group_samples(4, alpha, bw, 0.0),
                     comm_fit.GROUP)  # fmt: skip
    spec = crossover.spec_of("big", 33_708)
    link = projection.Link("ib", 2.0, 100.0)
    args = dict(model="big", nodes=64, ppn=4, m=2, tokens_per_worker=4096, s_per_flop=1e-11,
                link=link, node_memory_bytes=1e12)  # fmt: skip
    on_link = crossover.layout(spec, **args)
    fitted = crossover.layout(spec, **args, group_fit=f)
    b = crossover._batch(4096)
    group = mesh_layout.Slots(2 * b.src_slots, 2 * b.tgt_slots, 2 * b.real_tgt)
    logical = mesh_layout.activation_bytes(group, 1024, 6, 6)
    calls = crossover.calls_per_step(spec)
    per_call = OVERHEAD + LOCAL * logical / calls + 2 * alpha + (logical / calls) / bw  # m = 2
    assert fitted.model_parallel_s == pytest.approx(calls * per_call, rel=1e-6)
    assert fitted.model_parallel_s != pytest.approx(on_link.model_parallel_s, rel=0.05)
    assert fitted.data_parallel_s == on_link.data_parallel_s
