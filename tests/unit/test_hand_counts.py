"""Counts and rules that once changed without a CPU test noticing (issue #35 point 7), each
checked against figures worked out by hand here, term by term, not by calling the product's
formula: the manifest rebuilt around a missing middle attempt, the micro-batches alive at once,
the sharded lookup's alltoalls per micro-batch, a mesh's activation allreduces and their ring
wire, the crossover's allreduce calls per step, and the model's matmul FLOPs."""

from __future__ import annotations

from pathlib import Path

from scalestudy.cost_models import flops, memory_model, mesh, strategies
from scalestudy.executors import rebuild
from scalestudy.formats.point_config import RECORDED, PointConfig
from scalestudy.report import crossover


# -- executors/rebuild.py --------------------------------------------------------------------
def _attempt(sweep: Path, point: str, k: int, exit_code: int) -> None:
    folder = sweep / point / f"attempt-{k}"
    folder.mkdir(parents=True)
    (folder / "point.json").write_text("{}")
    (folder / "exit_code").write_text(f"{exit_code}\n")


def test_a_rebuilt_manifest_keeps_the_last_attempt_when_a_middle_one_is_missing(tmp_path):
    point = "n0001-p1-abcdef0123-r0"
    _attempt(tmp_path, point, 1, 1)  # failed
    _attempt(tmp_path, point, 3, 0)  # the retry after attempt 2 (whose folder is gone) completed
    attempts = rebuild.from_attempt_folders(tmp_path).points[point].attempts
    assert [a.attempt for a in attempts] == [1, 2, 3]
    assert [a.state for a in attempts] == ["failed", "not_queued", "completed"]
    assert attempts[1].reason == "rebuilt: its folder is missing"
    assert attempts[2].folder == f"{point}/attempt-3" and attempts[2].exit_code == 0


# -- cost_models/memory_model.py: live_passes --------------------------------------------------
def _live(**keys) -> int:
    """live_passes of a configuration with these keys (values checked, no batch needed)."""
    return memory_model.live_passes(PointConfig.model_validate(keys, context=RECORDED))


def test_dataflow_order_holds_half_the_micro_batches_rounded_up():
    # ceil(m / 2) in dataflow order (the default): 1 -> 1, 2 -> 1, 3 -> 2, 4 -> 2, 5 -> 3
    by_hand = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 7: 4}
    for m, live in by_hand.items():
        assert _live(micro_batches=m) == live, m
        assert _live(micro_batches=m, micro_batch_order="dataflow") == live, m
    # one at a time: sequential order, or timing phases (each micro-batch its own call)
    assert _live(micro_batches=5, micro_batch_order="sequential") == 1
    assert _live(micro_batches=5, timing="phases") == 1


# -- cost_models/strategies.py: the sharded lookup's calls --------------------------------------
def test_each_sharded_lookup_carries_its_micro_batchs_share_of_the_unique_rows():
    h = 64
    one = strategies.Shape(workers=4, vocab=1000, hidden=h, unique=600, micro_batches=1)
    # one lookup: 600 int64 ids (4,800 B) to their owners, 600 rows of 64 float32 (153,600 B)
    # back, and as many gradient rows to the owners
    assert strategies.SHARDED_EMBEDDING.calls(one) == [
        ("alltoall", 4_800),
        ("alltoall", 153_600),
        ("alltoall", 153_600),
    ]
    three = strategies.Shape(workers=4, vocab=1000, hidden=h, unique=600, micro_batches=3)
    # three lookups of 200 ids each: 1,600 B of ids, 51,200 B of rows, twice; 312,000 B in all,
    # as with one lookup
    calls = strategies.SHARDED_EMBEDDING.calls(three)
    assert calls == [("alltoall", 1_600), ("alltoall", 51_200), ("alltoall", 51_200)] * 3
    assert sum(b for _, b in calls) == 312_000


# -- cost_models/mesh.py -------------------------------------------------------------------------
def test_a_mesh_micro_batchs_activation_allreduces_counted_by_hand():
    slots = mesh.Slots(src=10, tgt=12, real=9)
    got = mesh.activation_elements(slots, hidden=4, enc_layers=2, dec_layers=3)
    # forward: the two lookups (10 + 12) x 4 = 88; per encoder layer the attention's and the
    # feed-forward's outputs on 10 slots, 2 x 2 x 40 = 160; per decoder layer the self- and
    # cross-attention's and the feed-forward's outputs on 12 slots, 3 x 3 x 48 = 432
    assert got["forward"] == 88 + 160 + 432
    # backward: per encoder layer the attention's and the feed-forward's inputs, 160; per
    # decoder layer the self-attention's, the cross-attention queries' and the feed-forward's
    # inputs (3 x 48) and the cross-attention's keys/values from the encoder output (40):
    # 3 x 184 = 552; the projection's input on the 9 real target tokens, 9 x 4 = 36
    assert got["backward"] == 160 + 552 + 36
    # the cross entropy: 4 terms a real target token (max, sum of exponentials, target logit,
    # sum of logits)
    assert got["xent"] == 36
    assert mesh.activation_bytes(slots, 4, 2, 3) == 4 * (680 + 748 + 36)


def test_the_ring_sends_2_m_minus_1_over_m_of_each_allreduce():
    assert mesh.ring_wire(1000.0, 1) == 0.0
    assert mesh.ring_wire(1000.0, 2) == 1000.0
    assert mesh.ring_wire(1000.0, 4) == 1500.0
    assert mesh.ring_wire(1000.0, 8) == 1750.0


# -- report/crossover.py ----------------------------------------------------------------------
def test_the_crossover_counts_every_model_parallel_allreduce_call():
    spec = {"enc_layers": 2, "dec_layers": 3}
    # forward: 2 lookups + 2 per encoder layer + 3 per decoder layer = 15; backward: 2 per
    # encoder layer + 4 per decoder layer + the projection's input = 17; cross entropy: 4
    assert crossover.calls_per_step(spec) == 15 + 17 + 4
    assert crossover.calls_per_step({"enc_layers": 0, "dec_layers": 1}) == 5 + 5 + 4


# -- cost_models/flops.py ------------------------------------------------------------------------
def test_the_matmul_flops_of_a_small_model_counted_by_hand():
    spec = {"hidden": 2, "filter": 3, "vocab": 5, "enc_layers": 1, "dec_layers": 1}
    b = flops.BatchShape(sentences=2, src_len=3, tgt_len=4, real_tgt=7)  # 6 and 8 slots
    # encoder layer: qkv 2*6*2*6 = 144, output 2*6*2*2 = 48, scores and values
    # 2*2*2*3*3*2 = 144, feed-forward 2*2*6*2*3 = 144
    encoder = 144 + 48 + 144 + 144
    # decoder self-attention: qkv 2*8*2*6 = 192, output 2*8*2*2 = 64, scores and values
    # 2*2*2*4*4*2 = 256; cross-attention: queries and output 2*2*8*2*2 = 128, keys and values
    # from 6 source slots 2*6*2*4 = 96, scores and values 2*2*2*4*3*2 = 192; feed-forward
    # 2*2*8*2*3 = 192
    decoder = (192 + 64 + 256) + (128 + 96 + 192) + 192
    projection = 2 * 7 * 2 * 5  # the real target tokens only
    assert flops.forward(spec, b) == encoder + decoder + projection == 1740
    assert flops.step(spec, b) == {"forward": 1740, "backward": 3480, "total": 5220}
    assert flops.step(spec, b, model_ranks=2)["total"] == 2610
