"""How close to the machine (issue #26 item 6), without TensorFlow: doctor's reading of the
peak job's per-rank files, the peak a report finds, and a point's share of it in the report.
The expected figures are worked out here from the numbers the test writes."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from support.compare import make_run

from scalestudy import doctor
from scalestudy.cost_models import flops
from scalestudy.measure import peak as machine_peak
from scalestudy.report.build import build


def _rank(rank: int, node: str, model: str, fp32: float, bf16: float) -> dict:
    return {
        "rank": rank,
        "host": node,
        "slurm_node": node,
        "cpu_model": model,
        "peak": {"float32": {"flops_per_s": fp32}, "bfloat16": {"flops_per_s": bf16}},
    }


def test_doctor_gives_each_node_type_its_median_rank():
    reports = [
        _rank(0, "n1", "Xeon 8160", 60e9, 20e9),
        _rank(1, "n1", "Xeon 8160", 70e9, 22e9),
        _rank(2, "n2", "Xeon 8160", 90e9, 24e9),
        _rank(3, "n3", "EPYC 7742", 40e9, 50e9),
    ]
    types = doctor.node_types(reports)
    assert types["Xeon 8160"] == {
        "nodes": ["n1", "n2"],
        "ranks": 3,
        "bfloat16": 22e9,
        "float32": 70e9,
    }
    assert types["EPYC 7742"]["float32"] == 40e9 and types["EPYC 7742"]["nodes"] == ["n3"]
    # a job runs as fast as its slowest rank: the slowest type's rate, in the point's precision
    peak = {"node_types": types}
    assert machine_peak.rate(peak, "fp32") == 40e9
    assert machine_peak.rate(peak, "bf16") == 22e9


def test_the_newest_peak_of_the_profile_is_found_and_a_damaged_one_passed_over(tmp_path):
    def write(folder: str, profile: str, when: float, text: str | None = None) -> None:
        path = tmp_path / "doctor" / folder / "peak.json"
        path.parent.mkdir(parents=True)
        data = {"profile": profile, "measured_at": when, "node_types": {}}
        path.write_text(text if text is not None else json.dumps(data))

    assert machine_peak.newest(tmp_path, "local") == (None, None)
    write("local-20260101-000000", "local", 100.0)
    write("local-20260102-000000", "local", 200.0)
    write("local-20260103-000000", "local", 300.0, text='{"profile": "lo')  # cut short
    write("localx-20260104-000000", "localx", 400.0)  # another profile
    found, path = machine_peak.newest(tmp_path, "local")
    assert found["measured_at"] == 200.0 and path.parent.name == "local-20260102-000000"


def _with_flops(folder, gflops: float, threads: int = 1) -> None:
    table = pd.read_csv(folder / "results.csv")
    table["model_flops_per_s_per_rank"] = gflops * 1e9
    table["threads"] = threads
    table.to_csv(folder / "results.csv", index=False)


def _peak(root, threads: int) -> None:
    path = root / "doctor" / "local-20260101-000000" / "peak.json"
    path.parent.mkdir(parents=True)
    types = {"AMD EPYC": {"nodes": ["vm"], "ranks": 2, "float32": 80e9, "bfloat16": 100e9}}
    peak = {"profile": "local", "measured_at": 1.0, "threads_per_rank": threads}
    path.write_text(json.dumps({**peak, "node_types": types}))


SAMPLES = {(False, 1): [1000.0, 1010.0], (True, 1): [990.0, 1000.0]}


@pytest.mark.parametrize(("peak_threads", "share"), [(1, "25%"), (2, "-")])
def test_a_point_is_read_against_the_peak_of_its_threads(tmp_path, peak_threads, share):
    folder = make_run(tmp_path, "qs", SAMPLES)
    _with_flops(folder, 20.0)
    _peak(tmp_path, peak_threads)
    summary = build(["qs"], tmp_path).summary
    head = summary.points.head
    rows = [dict(zip(head, r, strict=True)) for r in summary.points.rows]
    assert {r["GFLOP/s per rank"] for r in rows} == {"20.0"}
    # 20 GFLOP/s of an 80 GFLOP/s fp32 peak; a peak of 2 threads says nothing of 1-thread ranks
    assert {r.get("of matmul peak", "-") for r in rows} == {share}  # an empty column is left out
    assert any("matmul peak from" in m for m in summary.machine)


def test_a_report_without_a_peak_says_how_to_measure_one(tmp_path):
    make_run(tmp_path, "qs", SAMPLES)
    summary = build(["qs"], tmp_path).summary
    assert summary.machine == [
        "local: no matmul peak measured (run `scalestudy doctor local` with --threads set to "
        "the sweep's threads_per_worker, --results as here)"
    ]


def test_a_step_of_micro_batches_counts_each_at_its_own_padded_length():
    """Attention grows with the square of the padded length: two micro-batches padded to 8
    and to 32 are not one batch padded to 20."""
    spec = {"hidden": 8, "filter": 32, "vocab": 100, "enc_layers": 1, "dec_layers": 1}
    short, long = flops.BatchShape(4, 8, 8, 20), flops.BatchShape(4, 32, 32, 90)
    both = flops.micro_batches(spec, [short, long])
    assert both == flops.step(spec, short)["total"] + flops.step(spec, long)["total"]
    assert both != flops.step(spec, flops.BatchShape(8, 20, 20, 110))["total"]
    assert flops.micro_batches(spec, [short, long], model_ranks=2) == both / 2
