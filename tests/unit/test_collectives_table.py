"""The collectives' table (cost_models/collectives.py, issue #35 item 2): a test-only collective
registered in it alone is fitted (cost_models/comm_fit.py), named in the fit's model text and the
list of collectives, and costed by the report's projection (report/projection/), fitted and
nominal. The comm workload's size sweep reads the same entry (its Horovod call and elements);
that part needs MPI (tests/mpi/test_comm_workload.py)."""

from __future__ import annotations

import pytest

from scalestudy.cost_models import collectives, comm_fit
from scalestudy.report import projection

ALPHA, BW, OVERHEAD, LOCAL = 30e-6, 1.25e9, 0.8e-3, 2e-10  # s, bytes/s, s, s per byte
NAME = "test_scatter"


def _by_hand(workers: int, ppn: int, nbytes: float) -> float:
    """The test collective's model written out: a scatter of a whole buffer, (N-1) messages,
    (N-1)/N of the bytes on the link shared by ppn ranks, the buffer copied once."""
    t = OVERHEAD + LOCAL * nbytes
    if workers > 1:
        t += (workers - 1) * ALPHA + (workers - 1) / workers * nbytes * ppn / BW
    return t


@pytest.fixture
def scatter():
    entry = collectives.register(
        collectives.Collective(
            NAME,
            "a test-only scatter",
            alpha=lambda n: float(n - 1),
            wire=lambda n: (n - 1) / n,
            result=lambda n: 1,
            formula=f"{NAME} t = o + g b + (N-1) alpha + (N-1)/N x b x ppn / bw",
            call=lambda hvd, tensor, name, **kw: [tensor],
        )
    )
    yield entry
    del collectives.TABLE[NAME]


def _samples() -> list[comm_fit.Sample]:
    out = []
    for nodes, ppn in ((1, 1), (2, 1), (4, 1), (4, 2), (8, 1)):
        for nbytes in (1e3, 1e4, 1e5, 1e6, 1e7):
            w = nodes * ppn
            t = _by_hand(w, ppn, nbytes)
            out.append(comm_fit.Sample(NAME, nodes, ppn, w, nbytes, t))
    return out


def test_a_registered_collective_is_fitted_and_listed(scatter):
    assert NAME in comm_fit.COLLECTIVES
    assert scatter.formula in comm_fit.MODEL_TEXT
    fits, errors = comm_fit.fit_all(_samples())
    assert errors == {}
    f = fits[NAME]
    assert f.alpha_s == pytest.approx(ALPHA, rel=1e-6)
    assert f.bandwidth_bytes_per_s == pytest.approx(BW, rel=1e-6)
    assert f.overhead_s == pytest.approx(OVERHEAD, rel=1e-6)
    assert f.local_s_per_byte == pytest.approx(LOCAL, rel=1e-6)
    assert f.max_abs_relative < 1e-9


def test_a_registered_collective_is_projected_nominal_and_fitted(scatter):
    # nominal: the profile's link, no overhead, no local cost: 7/8 x 1 MB over 10 Gb/s shared
    # by 2 ranks (625 MB/s each) + 7 x 5 us
    link = projection.Link("test", 5.0, 10.0)
    nominal = projection.CommModel.nominal(link, "test-profile", "test")
    t = projection.calls_s([(NAME, 1e6)], 8, 2, nominal.links)
    assert t == pytest.approx(7 / 8 * 1e6 / 625e6 + 7 * 5e-6, rel=1e-12)
    # fitted: a calibration holding its fit gives the projection the fitted figures
    fits, _ = comm_fit.fit_all(_samples())
    allreduce = comm_fit.fit(
        [
            comm_fit.Sample("allreduce", n, 1, n, b, 1e-3 + 2 * (n - 1) * 1e-5 + b * 1e-9)
            for n in (1, 2, 4)
            for b in (1e4, 1e6)
        ],
        "allreduce",
    )
    cal = {
        "sweep": "test-comm",
        "profile": "test-profile",
        "collectives": {NAME: fits[NAME].as_dict(), "allreduce": allreduce.as_dict()},
    }
    model = projection.fitted_model(cal, "calibration.json", ["allreduce", NAME])
    assert f"({NAME})" in model.description
    for w, ppn, b in ((8, 1, 1e6), (64, 4, 3.3e7), (2, 2, 1024)):
        t = projection.calls_s([(NAME, b)], w, ppn, model.links)
        assert t == pytest.approx(_by_hand(w, ppn, b), rel=1e-6)


def test_the_table_holds_the_models_written_out():
    """The three exchange collectives and the model group's, against their formulas by hand
    (N = 8, ppn 2, 1 MB): latency terms and bytes on the link."""
    n, ppn, b = 8, 2, 1e6
    expect = {
        "allreduce": (14.0, 2 * 7 / 8 * b * ppn),
        "allgather": (7.0, 7 * b * ppn),
        "alltoall": (14.0, 7 / 8 * b * ppn),
        "group_allreduce": (14.0, 2 * 7 / 8 * b * ppn),
    }
    for name, (alpha, wire) in expect.items():
        assert collectives.get(name).terms(n, ppn, b) == pytest.approx((alpha, wire))
    assert comm_fit.local_bytes("allgather", n, b) == n * b
    assert comm_fit.local_bytes("alltoall", n, b) == b
    assert collectives.names(exchange=True) == ("allreduce", "allgather", "alltoall")


def _sweep_texts() -> dict[str, str]:
    from scalestudy.sweepfile import docgen
    from scalestudy.sweepfile.schema import Sweep

    return {row.key: row.text for _prefix, _model, row in docgen.rows(Sweep)}


def test_the_docs_list_the_tables_collectives(scatter):
    """The sweep reference's comm.collectives names every exchange collective of the table
    with its summary, a registered one too; a sweep's comm block may ask for it (the schema
    reads the table when it validates) and not for the mesh's own."""
    from pydantic import ValidationError

    from scalestudy.formats.comm_options import CommOptions

    text = next(t for k, t in _sweep_texts().items() if k.endswith("collectives"))
    assert f"`{NAME}`: a test-only scatter" in text
    for name in ("allreduce", "allgather", "alltoall"):
        assert f"`{name}`: {collectives.get(name).summary}" in text
    assert "group_allreduce" not in text  # a mesh's own, not a choice of comm.collectives
    asked = CommOptions.model_validate({"collectives": [NAME, "alltoall"]})
    assert asked.collectives == [NAME, "alltoall"]
    with pytest.raises(ValidationError, match="Input should be 'allreduce', 'allgather'"):
        CommOptions.model_validate({"collectives": ["group_allreduce"]})
