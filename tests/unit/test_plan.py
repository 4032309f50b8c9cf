"""Plan arithmetic: points, ids, memory predictions checked against hand-computed cases."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scalestudy.cli import main
from scalestudy.cost_models.memory_model import RUNTIME_OVERHEAD, estimate, parameter_count
from scalestudy.formats.point_config import PRESETS, PointConfig
from scalestudy.plan import make_plan, node_hours
from scalestudy.sweepfile.sweep import load_sweep

ROOT = Path(__file__).resolve().parents[2]
TINY = dict(PRESETS["tiny"], tie_embeddings=True)


def _config(keys: dict) -> PointConfig:
    """A configuration with these keys (the memory model takes its batch from its argument)."""
    return PointConfig.model_validate({"tokens_per_worker": 1000, **keys})


def test_parameter_count_by_hand():
    # tiny: V 1000, H 64, F 256, 2+2 layers (the trainer logs 296,192 for this model)
    emb = 1000 * 64
    attn, ffn, norm = 4 * 64 * 64, 64 * 256 + 256 + 256 * 64 + 64, 2 * 64
    enc = 2 * (attn + ffn + 2 * norm)
    dec = 2 * (2 * attn + ffn + 3 * norm)
    assert parameter_count(TINY) == emb + enc + dec + 2 * norm == 296_192


def test_sparse_buffer_by_hand():
    # 4 workers x rows (V + 0.95 x 2 x tokens) x (4H + 8) bytes, doubled for the averaged copy
    e = estimate(
        TINY,
        workers=4,
        tokens_per_worker=1000,
        config=_config({"accumulation": "tf1", "sparse_as_dense": False, "micro_batches": 1}),
    )
    assert e.accumulation == 2 * 4 * (1000 + 1900) * (4 * 64 + 8)
    dense = estimate(
        TINY,
        workers=4,
        tokens_per_worker=1000,
        config=_config({"accumulation": "tf1", "sparse_as_dense": True, "micro_batches": 1}),
    )
    assert dense.accumulation == 2 * 4 * 1000 * 64
    assert dense.model_state == e.model_state == 16 * 296_192
    assert e.runtime == RUNTIME_OVERHEAD
    # the dense buffer does not grow with the workers; the sparse one is linear in them
    e8 = estimate(
        TINY,
        workers=8,
        tokens_per_worker=1000,
        config=_config({"accumulation": "tf1", "sparse_as_dense": False, "micro_batches": 1}),
    )
    assert e8.accumulation == 2 * e.accumulation


def test_activations_and_exchanged_copies_by_hand():
    """tiny (H 64, F 256, 4 heads, 2 + 2 layers, V 1000), 1,000 tokens in one pass, fp32, the
    lengths the model assumes (64): the values the trainer's layers keep, counted per sublayer
    (docs/trainer.md#memory-per-rank), not by the module's helper."""
    h, f, heads, length, tokens = 64, 256, 4, 64, 1000
    cfg = {"accumulation": "native", "sparse_as_dense": True, "micro_batches": 1}
    e = estimate(TINY, workers=2, tokens_per_worker=tokens, config=_config(cfg))
    # attention sublayer: input, norm output, q, k, v, context, output, its dropout mask (8 H)
    # and the probabilities, their mask and the masked copy (3 x heads x L); 2 + 2 x 2 of them
    attention = 8 * h + 3 * heads * length
    ffn = 4 * h + 3 * f  # input, norm, output, mask; ReLU output, its mask, masked copy
    per_token = 6 * attention + 4 * ffn
    logits = 3 * 1000  # the loss's fp32 [T, V] peak
    assert e.activations == 4 * tokens * per_token + 4 * tokens * logits
    # every gradient but the (tied) table's is averaged into a new tensor; Horovod's fusion
    # buffer (64 MiB) once
    assert e.exchanged == 4 * (296_192 - 1000 * 64) + 64 * 2**20
    quiet = estimate(
        dict(TINY, dropout=0.0),
        workers=2,
        tokens_per_worker=tokens,
        config=_config({**cfg, "deterministic": True}),
    )
    # no dropout: no masks, outputs or masked copies; deterministic: no fusion buffer
    attention0, ffn0 = 6 * h + heads * length, 2 * h + f
    assert quiet.activations == 4 * tokens * (6 * attention0 + 4 * ffn0) + 4 * tokens * logits
    assert quiet.exchanged == 4 * (296_192 - 1000 * 64)


def test_micro_batches_keep_their_live_passes_and_the_earlier_gradients_by_hand():
    """2,000 tokens in 4 micro-batches of 500: in sequential order one pass's activations (the
    one-pass count above, at 500 tokens), in dataflow order two passes' (half of them alive,
    as measured), in both the earlier micro-batches' summed gradients (4 bytes per parameter:
    296,192 on tiny) and 3 more micro-batches of the compiled step's ops; `timing: phases`
    compiles one micro-batch and calls it 4 times."""
    cfg = {"accumulation": "native", "sparse_as_dense": True, "micro_batches": 1}
    pass_of = {
        n: estimate(TINY, workers=2, tokens_per_worker=n, config=_config(cfg)) for n in (500, 1000)
    }
    four = {"micro_batches": 4}
    seq = estimate(
        TINY,
        workers=2,
        tokens_per_worker=2000,
        config=_config({**cfg, **four, "micro_batch_order": "sequential"}),
    )
    flow = estimate(TINY, workers=2, tokens_per_worker=2000, config=_config({**cfg, **four}))
    phases = estimate(
        TINY, workers=2, tokens_per_worker=2000, config=_config({**cfg, **four, "timing": "phases"})
    )
    assert seq.activations == phases.activations == pass_of[500].activations
    assert flow.activations == pass_of[1000].activations
    assert pass_of[500].micro_batch_sum == 0
    assert seq.micro_batch_sum == flow.micro_batch_sum == phases.micro_batch_sum == 4 * 296_192
    assert seq.runtime == flow.runtime == RUNTIME_OVERHEAD + 3 * (40 + 7 * 4) * 2**20
    assert phases.runtime == RUNTIME_OVERHEAD  # tiny: 2 + 2 layers above
    assert seq.model_state == pass_of[500].model_state
    assert seq.exchanged == pass_of[500].exchanged


def test_a_mesh_rank_keeps_the_split_activations_an_mth():
    h, f, heads, length, tokens, m = 64, 256, 4, 64, 1000, 2
    cfg = {"accumulation": "native", "sparse_as_dense": True, "mesh": {"model": m}}
    e = estimate(TINY, workers=2, tokens_per_worker=tokens, config=_config(cfg))
    # the group trains on M x the tokens; q, k, v, context, probabilities and the ReLU's
    # values are split, the inputs, norms, outputs and their masks replicated
    attention = 4 * h + (4 * h + 3 * heads * length) / m
    ffn = 4 * h + 3 * f / m
    group_tokens = m * tokens
    want = int(4 * group_tokens * (6 * attention + 4 * ffn)) + int(4 * 3 * group_tokens * 1000 / m)
    assert e.activations == want


def test_paper_oom_at_256_ranks():
    # big, 4 ppn x 64 nodes, 5,000 tokens: ~46 GB for one gathered copy per rank
    # (256 workers x (V + ~9,500 slots) rows of 4H + 8 bytes)
    big = dict(PRESETS["big"], tie_embeddings=True)
    e = estimate(
        big,
        workers=256,
        tokens_per_worker=5000,
        config=_config({"accumulation": "tf1", "sparse_as_dense": False, "micro_batches": 1}),
    )
    assert e.accumulation / 2 == pytest.approx(46e9, rel=0.02)
    assert 4 * e.per_rank > 192e9


def test_stampede2_weak_plan_flags_sparse_oom_and_node_hours(capsys):
    sweep = ROOT / "experiments" / "stampede2-weak.yaml"
    points = make_plan(load_sweep(sweep))
    assert len(points) == 10 * 2 * 2 * 2  # node counts x variants x allocations x repeats
    oom = {(p.nodes, p.config.sparse_as_dense) for p in points if not p.fits}
    assert oom == {(n, False) for n in (32, 64, 128, 256, 300)}
    # (1+2+4+...+256+300 = 811 nodes) x 2 variants x 2 allocations x 2 repeats x 0.5 h
    assert node_hours(points) == pytest.approx(811 * 2 * 2 * 2 * 0.5)
    assert main(["plan", str(sweep)]) == 0
    out = capsys.readouterr().out
    # what runs: the 20 bundles of the points that fit; the out-of-memory ones apart
    assert "requested node-hours (nodes x walltime of the 20 job(s) that run them): 1,684.0" in out
    assert "they would add 1,560.0 node-hours" in out
    assert "20 point(s) predicted NOT to fit" in out
    assert "schedule: bundled (default: the matrix compares 2 variants): 20 jobs" in out


def test_point_ids_ignore_non_scientific_keys(tmp_path):
    base = (ROOT / "experiments" / "quickstart.yaml").read_text()
    a = tmp_path / "a.yaml"
    a.write_text(base)
    b = tmp_path / "b.yaml"
    b.write_text(
        base.replace('time_limit: "00:10:00"', 'time_limit: "00:20:00"')
        + "slurm: {account: other}\n"
    )
    c = tmp_path / "c.yaml"
    c.write_text(base.replace("steps: 40", "steps: 41"))
    ids = [p.id for p in make_plan(load_sweep(a))]
    assert ids == [p.id for p in make_plan(load_sweep(b))]
    assert set(ids).isdisjoint(p.id for p in make_plan(load_sweep(c)))
    assert len(set(ids)) == len(ids) == 8


def test_exchange_changes_the_point_only_when_it_names_another_method(tmp_path):
    base = (ROOT / "experiments" / "quickstart.yaml").read_text()
    assert "trainer.sparse_as_dense: [false, true]" in base

    def plan(matrix: str):
        path = tmp_path / f"s{abs(hash(matrix))}.yaml"
        path.write_text(base.replace("trainer.sparse_as_dense: [false, true]", matrix))
        return make_plan(load_sweep(path))

    old = plan("trainer.sparse_as_dense: [false, true]")
    same = plan("trainer.exchange: [allgather, allreduce]")
    assert [p.id for p in old] == [p.id for p in same]
    assert [p.variant_label for p in old] == [p.variant_label for p in same]
    assert {p.variant_label for p in same} == {"sparse", "dense"}
    assert {p.flags for p in same} == {"tf1,sparse", "tf1,dense"}
    three = plan("trainer.exchange: [allgather, allreduce, sparse_reduce]")
    new = [p for p in three if p.config.exchange == "sparse_reduce"]
    assert {p.id for p in three} - {p.id for p in new} == {p.id for p in old}
    assert len(new) == 4 and {p.id for p in new}.isdisjoint(p.id for p in old)
    assert {p.variant_label for p in new} == {"sparse_reduce"}
    assert {p.flags for p in new} == {"tf1,sparse_reduce"}
    # neither the gathered N x R rows nor 2 x 4VH: at most twice each stage's rows
    dense = next(p for p in three if p.config.exchange == "allreduce" and p.nodes == 2)
    reduced = next(p for p in new if p.nodes == 2)
    assert reduced.memory.accumulation != dense.memory.accumulation


def test_strong_scaling_points_keep_the_global_batch():
    points = make_plan(load_sweep(ROOT / "experiments" / "stampede2-strong.yaml"))
    assert {p.global_batch_tokens for p in points} == {409600}
    assert all(p.tokens_per_worker * p.workers == 409600 for p in points)


def test_cli_does_not_import_tensorflow_or_horovod():
    code = (
        "import sys\n"
        "from scalestudy.cli import main\n"
        f"main(['plan', {str(ROOT / 'experiments' / 'quickstart.yaml')!r}])\n"
        f"main(['validate', {str(ROOT / 'experiments' / 'stampede2-weak.yaml')!r}])\n"
        "heavy = [m for m in ('tensorflow', 'horovod', 'keras') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    help_ = subprocess.run(
        [sys.executable, "-m", "scalestudy.cli", "--help"],
        check=True,
        capture_output=True,
        text=True,
    )
    assert "submit" in help_.stdout


def test_compression_is_a_new_point_only_when_it_compresses(tmp_path):
    """`compression: none` (the default, said or not) keeps every point id of sweeps written
    before the key; fp16 makes other points, flagged, with the column in the results table."""
    base = (ROOT / "experiments" / "quickstart.yaml").read_text()
    assert "\n  steps: 40\n" in base

    def plan(extra: str):
        path = tmp_path / f"s{abs(hash(extra))}.yaml"
        path.write_text(base.replace("\n  steps: 40\n", f"\n  steps: 40\n{extra}"))
        return make_plan(load_sweep(path))

    old, said = plan(""), plan("  compression: none\n")
    half = plan("  compression: fp16\n")
    assert [p.id for p in old] == [p.id for p in said]
    assert {p.id for p in half}.isdisjoint(p.id for p in old)
    assert {p.flags for p in half} == {"tf1,sparse,fp16 allreduce", "tf1,dense,fp16 allreduce"}
    assert all(p.config.compression == "fp16" for p in half)
    assert "compression" not in old[0].config.model_dump(mode="json")
    assert half[0].config.model_dump(mode="json")["compression"] == "fp16"


def test_a_points_repeats_share_its_id_and_estimate_but_each_holds_its_own(tmp_path):
    """The plan works out what a point's repeats share once: the same digest in their ids, an
    equal memory estimate, each its own copy (one repeat's edited estimate is not another's)."""
    path = tmp_path / "repeats.yaml"
    path.write_text(
        "name: repeats\ncluster: emulated\nmode: weak\nnodes: [1, 2]\nrepeats: 3\n"
        "trainer: {model: tiny, steps: 4, tokens_per_worker: 512}\n"
    )
    points = make_plan(load_sweep(path))
    assert len(points) == 6
    for nodes in (1, 2):
        mine = [p for p in points if p.nodes == nodes]
        assert len({p.id.rsplit("-", 1)[0] for p in mine}) == 1  # n..-p..-<digest>
        assert len({p.id for p in mine}) == 3
        assert all(p.memory == mine[0].memory for p in mine)
        assert len({id(p.memory) for p in mine}) == 3
        cfg = mine[0].config
        alone = estimate(cfg.model.resolved(), workers=nodes, tokens_per_worker=512, config=cfg)
        assert mine[2].memory == alone  # the estimate of a point's own inputs
    one, two = (next(p for p in points if p.nodes == n) for n in (1, 2))
    assert one.memory != two.memory  # the hoisted estimate is not carried across node counts
