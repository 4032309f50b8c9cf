"""The comm workload under mpirun on this machine (issue #6): the trainer's exchange shapes with
the byte counts of the formulas, the size sweep, per-iteration times, the launch check."""

from __future__ import annotations

import json
import subprocess

import pytest
from support.skips import require

from scalestudy.cost_models import comm_fit, comm_model
from scalestudy.formats.point_config import PointConfig
from scalestudy.launchers import mpirun_available, mpirun_command, mpirun_env
from scalestudy.trainer.data import WorkerBatches

pytestmark = pytest.mark.mpi

V, H = 1000, 64
SIZES = [1024, 16384, 131072, 524288]
ITERATIONS = 5


def _run(folder, ranks: int, config: dict, timeout: float = 300) -> subprocess.CompletedProcess:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "point.json").write_text(json.dumps(config, indent=1))
    cmd = mpirun_command(
        ranks, ["-m", "scalestudy.workloads.comm", "--config", str(folder / "point.json")]
    )
    return subprocess.run(
        cmd, env=mpirun_env(), capture_output=True, text=True, timeout=timeout, check=False
    )


CONFIG = {
    "model": {"preset": "tiny"},
    "tokens_per_worker": 256,
    "accumulation": "tf1",
    "timing_warmup_steps": 1,
    "log_dir": "logs",
    "comm": {"sizes_bytes": SIZES, "iterations": ITERATIONS, "warmup": 1},
}


def test_comm_workload_two_ranks(mpi_stack, tmp_path):
    ranks = 2
    proc = _run(tmp_path / "run", ranks, {**CONFIG, "expect_ranks": ranks})
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    doc = json.loads((tmp_path / "run" / "logs" / "comm.json").read_text())
    assert doc["size"] == ranks
    recs = doc["records"]
    assert len(recs) == 2 + 2 * len(SIZES)

    # the trainer's shapes, with the formulas' byte counts
    (dense,) = [r for r in recs if r["kind"] == "trainer" and r["collective"] == "allreduce"]
    assert dense["shape"] == [V, H]
    assert dense["bytes"] == dense["logical_bytes"] == comm_model.logical_allreduce_bytes(V, H)
    assert dense["bytes"] == 4 * V * H
    (rows,) = [r for r in recs if r["kind"] == "trainer" and r["collective"] == "allgather"]
    cfg = PointConfig.model_validate({k: v for k, v in CONFIG.items() if k != "comm"})
    expect_rows = []
    for rank in range(ranks):  # the batch the trainer draws at its first timed step (step 2)
        b, _ = WorkerBatches(cfg, rank, ranks).batch(2)
        expect_rows.append(V + b.src_slots + b.tgt_slots)
    assert rows["rows_per_rank"] == expect_rows
    assert rows["rows"] == expect_rows[0]  # rank 0 wrote the document
    assert rows["bytes"] == expect_rows[0] * (4 * H + 8)
    assert rows["logical_bytes"] == sum(expect_rows) * (4 * H + 8)
    assert rows["trainer_allgathers"] is True

    # the size sweep: every size, both collectives, float32 elements
    sweep = [r for r in recs if r["kind"] == "sweep"]
    assert sorted((r["collective"], r["bytes"]) for r in sweep) == sorted(
        (c, b) for c in ("allreduce", "allgather") for b in SIZES
    )
    for r in sweep:
        want = r["bytes"] * (ranks if r["collective"] == "allgather" else 1)
        assert r["logical_bytes"] == want

    for r in recs:
        assert r["iterations"] == ITERATIONS and len(r["times_s"]) == ITERATIONS
        assert all(t > 0 for t in r["times_s"])
        assert r["p10_s"] <= r["median_s"] <= r["p90_s"]
        assert max(r["times_s"]) < 60
        assert len(r["per_rank_median_s"]) == ranks
        # the iteration's time is the slowest rank's: never below a rank's own median overall
        assert max(r["times_s"]) >= min(r["per_rank_median_s"])

    # what the fit makes of 2 local ranks (shared memory, a busy 2-core machine): printed, not
    # asserted; the unit tests check the fit itself
    samples = [
        comm_fit.Sample(r["collective"], ranks, 1, ranks, r["bytes"], r["median_s"]) for r in sweep
    ]
    fits, errors = comm_fit.fit_all(samples)
    for c, f in fits.items():
        print(f"2 local ranks, {c}: {comm_fit.describe(f)}")
    for c, e in errors.items():
        print(f"2 local ranks, {c}: not fitted: {e}")


# one run for two tests (a comm run's time is mostly its ranks' start): the untied model, whose
# alltoall sends this rank's unique ids, under fp16 compression, which changes the dense
# allreduce's dtype alone (IndexedSlices and alltoall rows stay float32); all three
# collectives, two sweep sizes
UNTIED_FP16 = {
    **CONFIG,
    "expect_ranks": 2,
    "model": {"preset": "tiny", "tie_embeddings": False},
    "compression": "fp16",
    "comm": {
        **CONFIG["comm"],
        "collectives": ["allreduce", "allgather", "alltoall"],
        "sizes_bytes": [1024, 65536],
    },
}


@pytest.fixture(scope="module")
def untied_fp16(tmp_path_factory) -> dict:
    """UNTIED_FP16's comm.json (made once for the module's two tests that read it)."""
    require(mpirun_available())
    folder = tmp_path_factory.mktemp("untied-fp16") / "run"
    proc = _run(folder, 2, UNTIED_FP16)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    return json.loads((folder / "logs" / "comm.json").read_text())


def test_alltoall_times_the_sparse_reduce_exchange_and_even_blocks(mpi_stack, untied_fp16):
    """alltoall (issue #13): the trainer's rows to their owners, as sparse_reduce sends them
    (this rank's unique ids, split by id mod N), and the size sweep in N even blocks."""
    import numpy as np

    ranks, doc = 2, untied_fp16
    (trainer,) = [
        r for r in doc["records"] if r["kind"] == "trainer" and r["collective"] == "alltoall"
    ]
    cfg = PointConfig.model_validate({k: v for k, v in UNTIED_FP16.items() if k != "comm"})
    b, _ = WorkerBatches(cfg, 0, ranks).batch(2)  # rank 0's first timed batch
    ids = np.unique(np.concatenate([b.src.ravel(), b.tgt.ravel()]))
    assert trainer["collective"] == "alltoall" and trainer["rows"] == len(ids)
    assert trainer["splits"] == np.bincount(ids % ranks, minlength=ranks).tolist()
    assert trainer["bytes"] == len(ids) * comm_model.row_bytes(H)
    assert doc["shapes"]["unique_rows"] == len(ids)
    sweep = sorted(
        r["bytes"] for r in doc["records"] if r["kind"] == "sweep" and r["collective"] == "alltoall"
    )
    assert sweep == [1024, 65536]  # already multiples of N float32 blocks
    assert all(r["median_s"] > 0 for r in doc["records"])


def test_launch_mismatch_exits_5(mpi_stack, tmp_path):
    proc = _run(tmp_path / "bad", 2, {**CONFIG, "expect_ranks": 3, "comm": {"sizes_bytes": [1024]}})
    assert proc.returncode == 5, (proc.stdout + proc.stderr)[-3000:]
    assert "launcher mismatch" in proc.stderr and "3 were expected" in proc.stderr
    assert not (tmp_path / "bad" / "logs" / "comm.json").exists()


def test_fp16_compression_times_the_dense_shape_in_float16(mpi_stack, untied_fp16):
    """`compression: fp16`: the densified embedding is timed as Horovod's compression sends it,
    float16 (2VH); the IndexedSlices rows stay float32 (4H + 8), as Horovod leaves them."""
    records = untied_fp16["records"]
    trainer = {r["collective"]: r for r in records if r["kind"] == "trainer"}
    assert trainer["allreduce"]["bytes"] == 2 * V * H
    assert "float16" in trainer["allreduce"]["label"]
    assert trainer["allgather"]["bytes"] == trainer["allgather"]["rows"] * (4 * H + 8)
    assert trainer["alltoall"]["bytes"] == trainer["alltoall"]["rows"] * (4 * H + 8)


def test_a_mesh_point_times_its_model_groups_allreduces(mpi_stack, tmp_path):
    """trainer.mesh.model 2 on 2 ranks (issue #25): besides the data-parallel shapes, the model
    group's allreduces over its process set on the layout's shapes (one micro-batch's
    [Tsrc, H] and [Ttgt, H] activations and the cross entropy's 4 x Treal terms, the group's
    batch of 2 x tokens_per_worker) and the size sweep; each record names the group (2 ranks,
    1 node: the group's own link)."""
    from scalestudy.cost_models import mesh as mesh_layout

    ranks = 2
    config = {**CONFIG, "expect_ranks": ranks, "mesh": {"model": 2}, "accumulation": "native"}
    config["model"] = {"preset": "tiny", "tie_embeddings": False}
    config["comm"] = {**CONFIG["comm"], "collectives": ["allreduce"], "sizes_bytes": SIZES[:3]}
    proc = _run(tmp_path / "run", ranks, config)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    doc = json.loads((tmp_path / "run" / "logs" / "comm.json").read_text())
    group = [r for r in doc["records"] if r["collective"] == comm_fit.GROUP]
    assert all(
        (r["process_set"], r["workers"], r["nodes"], r["ppn"]) == ("model group", 2, 1, 1)
        for r in group
    )
    # the group's batch, drawn here as the trainer draws it: both ranks of group 0 read the
    # batch of 2 x 256 tokens at the first timed step
    cfg = PointConfig.model_validate({k: v for k, v in config.items() if k != "comm"})
    wide = cfg.model_copy(update={"tokens_per_worker": 2 * cfg.tokens_per_worker})
    b, _ = WorkerBatches(wide, 0, 1).batch(2)
    item = mesh_layout.ACTIVATION_ITEM
    trainer = sorted(r["bytes"] for r in group if r["kind"] == "trainer")
    assert trainer == sorted(
        [item * b.src_slots * H, item * b.tgt_slots * H, item * 4 * b.tgt_tokens]
    )
    assert sorted(r["bytes"] for r in group if r["kind"] == "sweep") == SIZES[:3]
    for r in group:
        assert len(r["times_s"]) == ITERATIONS and r["median_s"] > 0
