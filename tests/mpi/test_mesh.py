"""A data x model mesh trains the model one rank would (issue #25).

The reference is the unsplit model on ONE rank with the same global batch (strong scaling): it
calls no collective, so a missing allreduce of a copy's gradient, a row-parallel output not
summed, a head split by contiguous columns instead of by head, smoothing constants taken from
the shard's V / M or a data set averaging over the wrong ranks all show as gradients that
differ. The split weights are put back together here from the layout the issue describes
(vocabulary and feed-forward width in contiguous blocks; the fused query/key/value by head),
not by the trainer's own slicing code.

Statistics (fp32, deterministic runs, tiny model, dropout 0):
- step 1, per variable: ||g - g_ref|| / ||g_ref|| <= 1e-5, all gradients together <= 1e-6
  (measured: M = 2 worst 3.7e-7; the floor is summation order, see test_gradient_equivalence).
- after 20 steps, per variable <= 1e-3: Adam amplifies rounding (M = 2 measured 7.1e-5 on an
  FFN bias; the same one-rank batch split into micro-batches, no exchange at all, ends 1.0e-4
  apart), so 1e-5 would test the rounding, not the mesh. A wrong split moves weights by O(1).
- bytes: every step's model-parallel allreduces, counted from the tensors handed to Horovod,
  equal cost_models/mesh.py's formula on the step's slots to the element.
"""

from __future__ import annotations

import numpy as np
import pytest
from support.gradients import overall, relative

from scalestudy.cost_models import mesh as layout
from scalestudy.formats.point_config import PointConfig

pytestmark = pytest.mark.mpi

H, HEADS, V = 64, 4, 1000  # tiny
BASE = {
    "model": {"preset": "tiny", "dropout": 0.0, "tie_embeddings": False},
    "mode": "strong",
    "global_batch_tokens": 3072,
    "steps": 20,
    "timing_warmup_steps": 1,
    "deterministic": True,
    "accumulation": "native",
    "micro_batches": 2,
    "data": {"kind": "synthetic", "zipf_exponent": 1.3},
    "dump_final_weights": True,
    "dump_gradients_step": 1,
    "compute_probe_steps": 0,
    "exchange": "allreduce",
}
# (name, ranks, M, overrides, the reference's ranks). Two runs carry the options: one model
# group of 4 with phases timing, the allgather exchange and the tied embedding with tf1
# accumulation (each checked by the same comparison with its unsplit reference, the one-rank
# tied tf1 run), and two groups of 2 with the untied model, native accumulation, overlapped.
# One group of M = 2 on 2 ranks (two cases before, untied and tied-tf1: 2 trainer starts
# each) showed no property these do not: M = 2's split is M2x2's in each group, one group
# alone is M4's.
TIED_TF1 = {"model": {"preset": "tiny", "dropout": 0.0}, "accumulation": "tf1"}
CASES = [
    (
        "M4-phases-allgather-tied-tf1",
        4,
        4,
        {"timing": "phases", "exchange": "allgather", **TIED_TF1},
        1,
    ),
    ("M2x2-data", 4, 2, {}, 2),  # two model groups: the same maths as 2-rank data parallelism
]


def _config(overrides: dict, model_ranks: int) -> dict:
    cfg = {**BASE, **overrides}
    if model_ranks > 1:
        cfg["mesh"] = {"model": model_ranks}
    return cfg


def _load(run, rank: int, stem: str) -> dict[str, np.ndarray]:
    with np.load(run.logs / f"{stem.format(rank=rank)}.npz") as f:
        return {k: np.asarray(f[k], np.float64) for k in f.files}


def _whole(parts: list[dict], want: dict) -> dict[str, np.ndarray]:
    """One model group's split variables put together: vocabulary rows and feed-forward width
    in contiguous blocks, attention projections by head ([H, parts, heads, width] columns,
    the output transform's rows); replicated variables must agree across the group."""
    out = {}
    for key, ref in want.items():
        ps = [p[key] for p in parts]
        if ps[0].shape == ref.shape:
            for p in ps[1:]:
                np.testing.assert_array_equal(p, ps[0], err_msg=f"{key} differs in the group")
            out[key] = ps[0]
        elif ps[0].shape[0] != ref.shape[0]:  # rows: vocabulary, FFN outer, output transform
            out[key] = np.concatenate(ps, axis=0)
        elif "filter_layer" in key:  # FFN inner: contiguous columns (and its bias, axis 0)
            out[key] = np.concatenate(ps, axis=ps[0].ndim - 1)
        else:  # fused attention projections: each rank holds its heads of every part
            n = ref.shape[1] // H
            blocks = [p.reshape(H, n, -1, H // HEADS) for p in ps]
            out[key] = np.concatenate(blocks, axis=2).reshape(ref.shape)
    return out


def _runs(shared_runs, case):
    _, ranks, m, overrides, ref_ranks = case
    run = shared_runs(ranks, _config(overrides, m))
    # the reference: the same configuration unsplit (data parallelism over ref_ranks), in the
    # default timing: a reference's timing changes none of its figures (one rank, phases against
    # overlapped: the same gradients, weights and global tokens to the bit), so M4-phases reads
    # a one-rank overlapped run (the tied tf1 one; test_gradient_equivalence's for the untied)
    unsplit = {k: v for k, v in overrides.items() if k != "timing"}
    reference = shared_runs(ref_ranks, _config({**unsplit, "exchange": "allreduce"}, 1))
    return run, reference, ranks, m, ref_ranks


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_the_mesh_gradient_is_the_unsplit_models(shared_runs, mpi_stack, case):
    run, reference, ranks, m, ref_ranks = _runs(shared_runs, case)
    stem = "grads.rank{rank}.step1"
    for group in range(ranks // m):
        got = _whole([_load(run, group * m + p, stem) for p in range(m)], _load(reference, 0, stem))
        want = _load(reference, group % ref_ranks, stem)
        per_variable = relative(got, want)
        worst = max(per_variable, key=per_variable.get)
        print(f"{case[0]} group {group}: worst {worst} {per_variable[worst]:.2e}")
        assert per_variable[worst] <= 1e-5, (worst, per_variable[worst])
        assert overall(got, want) <= 1e-6
    # every rank logged the reference's global gradient norm (a shard's share counted once)
    norms = [run.steps(r)[0]["grad_norm"] for r in range(ranks)]
    assert norms == pytest.approx([reference.steps(0)[0]["grad_norm"]] * ranks, rel=1e-6)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_after_20_steps_the_mesh_weights_are_the_unsplit_models(shared_runs, mpi_stack, case):
    run, reference, _ranks, m, _ = _runs(shared_runs, case)
    stem = "weights.rank{rank}"
    want = _load(reference, 0, stem)
    got = _whole([_load(run, p, stem) for p in range(m)], want)
    per_variable = relative(got, want)
    worst = max(per_variable, key=per_variable.get)
    print(f"{case[0]}: weights worst {worst} {per_variable[worst]:.2e}")
    assert per_variable[worst] <= 1e-3, (worst, per_variable[worst])


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_model_parallel_bytes_follow_the_formula_to_the_element(shared_runs, mpi_stack, case):
    run, _, ranks, m, _ = _runs(shared_runs, case)
    spec = PointConfig.model_validate(_config(case[3], m)).model.resolved()
    for rank in range(ranks):
        for record in run.steps(rank):
            slots = layout.Slots(
                record["slots"]["src"], record["slots"]["tgt"], record["tokens"]["tgt"]
            )
            elements = layout.activation_elements(
                slots, H, int(spec["enc_layers"]), int(spec["dec_layers"])
            )
            mesh = record["mesh"]
            assert mesh["model"] == m
            assert mesh["elements"] == sum(elements.values()), (rank, record["step"])
            assert mesh["logical_bytes"] == 4 * sum(elements.values())
            assert mesh["wire_sent_model"] == pytest.approx(2 * (m - 1) / m * 4 * mesh["elements"])


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_the_memory_models_parameters_are_what_a_rank_holds(shared_runs, mpi_stack, case):
    """cost_models/memory_model.py's parameter count per rank against the variables the trainer
    built (its header counts them)."""
    from scalestudy.cost_models import memory_model

    run, _, _ranks, m, _ = _runs(shared_runs, case)
    spec = PointConfig.model_validate(_config(case[3], m)).model.resolved()
    header = step_log_header(run)
    assert header["model"]["parameters"] == memory_model.parameter_count(spec, m)


def step_log_header(run) -> dict:
    from scalestudy.formats import step_log

    return step_log.read_segments(run.rank_log(0))[0].header


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_groups_batch_counts_once_in_the_global_tokens(shared_runs, mpi_stack, case):
    """M ranks train on one batch: the global tokens of the timed window are the unsplit
    run's (the same global batch), not M times them."""
    run, reference, _ranks, _, _ = _runs(shared_runs, case)
    got = run.footer(0)["timing"]["global_tokens"]
    want = reference.footer(0)["timing"]["global_tokens"]
    assert got["total"] == pytest.approx(want["total"]) and got["tgt"] == pytest.approx(want["tgt"])


def test_with_dropout_the_groups_replicated_weights_stay_equal(shared_runs, mpi_stack):
    """Dropout on (0.1), M = 2 on 2 ranks, 8 deterministic steps: the masks on replicated
    activations come from the group's shared seed, so both ranks see the same replicated
    activations and their replicated weights (layer norms, the row-parallel biases) stay
    bit-identical; masks drawn per rank there would make the two ranks' layer-norm gradients,
    hence weights, differ after the first update. Nothing here compares with an unsplit
    run: a dropout mask over split activations cannot be drawn as one rank draws it."""
    cfg = _config({"model": {"preset": "tiny", "dropout": 0.1, "tie_embeddings": False}}, 2)
    cfg.update(steps=8, dump_gradients_step=None)
    run = shared_runs(2, cfg)
    assert run.returncode == 0, run.output[-3000:]
    w0, w1 = _load(run, 0, "weights.rank{rank}"), _load(run, 1, "weights.rank{rank}")
    same_shape = [k for k in w0 if w0[k].shape == w1[k].shape]
    replicated = [k for k in same_shape if "norm" in k or "output_layer/bias" in k]
    assert len(replicated) > 10, sorted(w0)
    for k in replicated:
        np.testing.assert_array_equal(w0[k], w1[k], err_msg=k)
    losses = [s["loss"] for s in run.steps(0)]
    assert all(np.isfinite(losses)) and losses[-1] < losses[0]


def test_a_bf16_mesh_adds_no_error_beyond_bf16s_own(shared_runs, mpi_stack):
    """bf16 (bf16 compute, fp32 weights and gradients), M = 2 on 2 ranks against the unsplit
    model on one rank, step 1's gradients. Exact equality cannot hold: the split matmuls round
    in other places (and the group's allreduces sum in fp32). The statement tested: the mesh's
    gradients are no farther from the unsplit bf16 model's than bf16's own rounding moves that
    model from fp32 (two independent roundings of one size sit about sqrt(2) times one apart:
    the bound is 2 times); a wrong split or a missing sum is O(1) away. Not caught: a small
    error in every sum (each model-parallel sum scaled by 1.02: 2.2e-2, inside the bound).
    The bf16 runs are one step (only step 1's gradients are read: one trace, no weights); the
    fp32 model is the unsplit reference of the other cases (step 1's gradients are the same
    whatever the run's length)."""
    bf16 = {"precision": "bf16", "steps": 1, "timing_warmup_steps": 0, "dump_final_weights": False}
    run = shared_runs(2, _config(bf16, 2))
    ref16 = shared_runs(1, _config(bf16, 1))
    ref32 = shared_runs(1, _config({}, 1))
    stem = "grads.rank{rank}.step1"
    want16, want32 = _load(ref16, 0, stem), _load(ref32, 0, stem)
    got = _whole([_load(run, p, stem) for p in range(2)], want16)
    mesh_error, bf16_error = overall(got, want16), overall(want16, want32)
    print(f"bf16 mesh vs bf16 unsplit {mesh_error:.2e}; bf16 vs fp32 unsplit {bf16_error:.2e}")
    assert 0 < bf16_error < 0.1  # bf16 really computed in bf16, and it is close to fp32
    assert mesh_error <= 2 * bf16_error
