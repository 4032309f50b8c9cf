"""The trainer's benchmarks at their smallest size (issue #47 point 5: a benchmark nobody runs
rots). Each runs as `make bench` runs it, at the CI_SMALLEST its own file declares (read there,
written once: tests/support/benchmarks.py), and must exit 0 and print its figures. At this size
they are a check that the benchmark still runs end to end against today's trainer and formats,
not figures: their speed claims are measured at their default sizes (docs/benchmarks.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.benchmarks import BENCHMARKS, assert_runs_at_smallest, declared

pytestmark = pytest.mark.mpi

# each a file name in the code, as tests/unit/test_benchmarks_in_ci.py's run_by check reads it.
# Their runs are their own (none shared with tests/mpi), so they are split between the two lanes
# (scripts/heavy_lanes.py) by their cost at this size (CPU seconds measured alone, 2026-11-29,
# AMD EPYC): bf16_convergence 36, mesh_cycle_time 40, matmul_ratio 4, wire_bytes 47 and
# trainer_throughput 55 in the compute lane, memory_model 8 in the cluster lane (in the first
# CI-like run with them the cluster lane ended 2.4 min after the compute lane), and overlap
# (4 two-rank runs: 53 s wall, 81 CPU s with its ranks, 2026-11-30, beside another job), in the
# compute lane, which ended 81 s before the cluster lane in the last CI (2,078 s). With it the
# compute lane ended 87 s after the cluster lane (f2d3802's CI-like run: 1,567 against 1,480 s),
# so bf16_convergence (40 s there) moved to the cluster lane.
# With network_latency and network_shaped added to the cluster lane (173 s there), bf16_convergence
# is back in the compute lane. embrace_schedule (six 2-rank runs, 114 s alone) took 211 s of the
# compute lane in 5494ad7's CI-like run and, with backtest_slurm (143 s of the cluster lane),
# the run to 40.2 min, so both were out; with the fast tests beside the lanes (821b3e7) the
# runs took 31-33 min (ci23, ci24), and both are back (2026-12-01).
TRAINER_BENCHMARKS = [
    "embrace_schedule.py",
    "overlap.py",
    "bf16_convergence.py",
    "mesh_cycle_time.py",
    "matmul_ratio.py",
    "wire_bytes.py",
    "trainer_throughput.py",
    pytest.param("memory_model.py", marks=pytest.mark.cluster_lane),
]


@pytest.mark.parametrize("name", TRAINER_BENCHMARKS)
def test_a_trainer_benchmark_runs_at_its_smallest_size(name, tmp_path):
    path = BENCHMARKS / name
    spec = declared(path)
    assert spec is not None and spec.get("run_by") == "tests/mpi/" + Path(__file__).name, spec
    assert_runs_at_smallest(path, tmp_path, timeout=900)
