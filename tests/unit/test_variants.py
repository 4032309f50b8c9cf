"""Variants from plan to figure: the plan names each variant once (id and label), collect writes
them (and each point's configuration), the report groups by the id alone; and one rule answers
"is this run sparse?" wherever it is asked."""

from __future__ import annotations

import itertools
from pathlib import Path

import pandas as pd
import pytest
from support.report import variants_of
from support.rows import results_row, results_table

from scalestudy.collect import point_record
from scalestudy.cost_models import comm_model, memory_model, strategies
from scalestudy.formats.point_config import PointConfig
from scalestudy.plan import make_plan
from scalestudy.report import legacy
from scalestudy.report.analysis import analyse
from scalestudy.report.load import SweepResults
from scalestudy.sweepfile.sweep import load_sweep
from scalestudy.workloads.comm import trainer_shapes


def typed(config) -> PointConfig:
    """Each form a configuration takes, as the one typed shape the rule reads: a PointConfig
    as it is; points.jsonl's `config` (a dump: it has `model`) and a results row through the
    report's one upgrade (report/legacy.py)."""
    if isinstance(config, PointConfig):
        return config
    if "model" in config:
        return legacy.point_config({"point_id": "p", "config": config})
    return legacy.row_config(config)


def _exchange_of(config) -> str:
    return typed(config).strategy().name


def is_sparse(config) -> bool:
    """The paper's sparse path: every rank's rows allgathered."""
    return typed(config).strategy() is strategies.PAPER_SPARSE


# trainer.seed is no column of results.csv and was never one of the report's variant columns
SWEEP = """\
name: novel
cluster: local
mode: weak
nodes: [1, 2]
repeats: 2
trainer: {model: tiny, tokens_per_worker: 1024, steps: 20, timing_warmup_steps: 2}
matrix:
  trainer.micro_batches: [1, 2]
  trainer.seed: [1, 7]
"""


def _plan(tmp_path: Path):
    path = tmp_path / "novel.yaml"
    path.write_text(SWEEP)
    return make_plan(load_sweep(path))


def _table(points) -> pd.DataFrame:
    """What collect writes for these points, with made-up throughputs: each variant's own
    throughput per worker, so a curve that mixed two variants would show it."""
    speed = {}
    rows = []
    for p in points:
        speed.setdefault(p.variant, 100.0 * (len(speed) + 1))
        tput = speed[p.variant] * p.workers * (0.9 if p.workers > 1 else 1.0)
        row = results_row(
            point_id=p.id,
            sweep=p.sweep.name,
            variant=p.variant,
            variant_label=p.variant_label,
            mode="weak",
            cluster="local",
            nodes=p.nodes,
            ppn=p.ppn,
            workers=p.workers,
            model="tiny",
            accumulation=p.config.accumulation,
            sparse_as_dense=p.config.sparse_as_dense,
            timing=p.config.timing,
            micro_batches=p.config.micro_batches,
            tokens_per_worker=p.tokens_per_worker,
            repeat=p.repeat,
            status="completed",
            tokens_per_s=tput + p.repeat,
            step_s_median=1.0,
        )
        rows.append(row)
    return results_table(rows)


def test_plan_names_each_variant_once(tmp_path):
    points = _plan(tmp_path)
    by_variant: dict[str, set] = {}
    for p in points:
        by_variant.setdefault(p.variant, set()).add(p.variant_label)
    # 4 variants, every size and repeat of one sharing its id and label
    assert len(by_variant) == 4 and all(len(labels) == 1 for labels in by_variant.values())
    assert sorted(label for (label,) in by_variant.values()) == [
        "sparse, micro_batches=1, seed=1",
        "sparse, micro_batches=1, seed=7",
        "sparse, micro_batches=2, seed=1",
        "sparse, micro_batches=2, seed=7",
    ]
    assert all(len(p.variant) == 9 for p in points)
    # deterministic: another plan of the same sweep names them the same
    assert [p.variant for p in _plan(tmp_path)] == [p.variant for p in points]


def test_a_matrix_key_the_report_never_heard_of_gets_its_own_curves(tmp_path):
    points = _plan(tmp_path)
    table = _table(points)
    records = {p.id: point_record(p) for p in points}
    vs = variants_of(table, records)
    assert len(vs) == 4
    for v in vs:
        ids = set(v.rows["point_id"])
        mine = [p for p in points if p.variant == v.key]
        assert ids == {p.id for p in mine}  # exactly its own rows
        assert v.label == mine[0].variant_label
        assert v.planned_workers == [1, 2]
        assert [pt.asked for pt in v.points] == [len(mine) // 2] * 2  # repeats x allocations
        assert v.configuration["seed"] == mine[0].config.seed
        assert v.configuration["micro_batches"] == mine[0].config.micro_batches
        assert v.model_spec == mine[0].config.model.resolved()
        assert v.strategy.name == "allgather"
    # the analysis every figure draws from: one efficiency curve per variant, named by its
    # label (the legends), each normalised to its own N0
    a = analyse(
        [SweepResults("novel", tmp_path, table, tmp_path / "results.csv", points=records)],
        {},
        None,
        [],
    )
    curves = {s.variant.label: s for s in a.scaling["weak"]}
    assert sorted(curves) == sorted({p.variant_label for p in points})
    for s in curves.values():
        assert s.efficiency[1].value == pytest.approx(1.0)
        assert s.efficiency[2].value == pytest.approx(0.9, rel=0.02)
    assert not a.problems


def test_a_table_without_variant_columns_falls_back_to_its_columns(tmp_path):
    # collected before the plan named variants: grouped by the old columns, so the seed (no
    # column) is not seen and its variants merge; `scalestudy collect` rewrites the table
    table = _table(_plan(tmp_path)).drop(columns=["variant", "variant_label"])
    vs = variants_of(table)
    assert sorted(v.label for v in vs) == ["sparse, micro_batches=1", "sparse, micro_batches=2"]
    assert all(v.key.startswith("legacy-") for v in vs)


@pytest.mark.parametrize("accumulation", ["tf1", "native"])
@pytest.mark.parametrize("tied", [True, False])
def test_sparse_reduce_is_its_own_exchange(accumulation, tied):
    cfg = PointConfig.model_validate(
        {
            "model": {"preset": "tiny", "tie_embeddings": tied},
            "tokens_per_worker": 512,
            "accumulation": accumulation,
            "exchange": "sparse_reduce",
        }
    )
    # native with a tied weight: TensorFlow sums the gradient densely, it is allreduced
    want = "allreduce" if accumulation == "native" and tied else "sparse_reduce"
    as_json = cfg.model_dump(mode="json")
    row = {"sparse_as_dense": "False", "exchange": "sparse_reduce", "accumulation": accumulation}
    for form in (cfg, as_json, {**row, "tie_embeddings": tied}):
        assert _exchange_of(form) == want
        assert is_sparse(form) is False  # not the paper's allgather
    # a table without the column: sparse_as_dense decides, as before
    assert _exchange_of({"sparse_as_dense": "True"}) == "allreduce"
    assert _exchange_of({"sparse_as_dense": float("nan"), "exchange": float("nan")}) == "allgather"
    # the plan's memory model: neither the gathered buffer nor the dense one
    spec = cfg.model.resolved()
    est = memory_model.estimate(spec, workers=4, tokens_per_worker=512, config=typed(as_json))
    dense_acc = 2 * comm_model.logical_allreduce_bytes(int(spec["vocab"]), int(spec["hidden"]))
    assert (est.accumulation != dense_acc) is (want == "sparse_reduce")


CASES = list(itertools.product([False, True], ["tf1", "native"], [True, False]))


@pytest.mark.parametrize(("dense", "accumulation", "tied"), CASES)
def test_one_sparse_rule_everywhere(dense, accumulation, tied):
    cfg = PointConfig.model_validate(
        {
            "model": {"preset": "tiny", "tie_embeddings": tied},
            "tokens_per_worker": 512,
            "sparse_as_dense": dense,
            "accumulation": accumulation,
        }
    )
    want = not dense and (accumulation == "tf1" or not tied)
    # the rule itself, on each form a configuration takes
    assert is_sparse(cfg) is want
    as_json = cfg.model_dump(mode="json")
    assert is_sparse(as_json) is want
    row = {"sparse_as_dense": str(dense), "accumulation": accumulation, "tie_embeddings": tied}
    assert is_sparse(row) is want
    # the plan's memory model: the sparse path's gathered buffer, or the dense allreduce's
    spec = cfg.model.resolved()
    est = memory_model.estimate(spec, workers=4, tokens_per_worker=512, config=typed(as_json))
    dense_acc = 2 * comm_model.logical_allreduce_bytes(int(spec["vocab"]), int(spec["hidden"]))
    assert (est.accumulation != dense_acc) is want
    # the comm workload's "does the trainer allgather?"
    assert trainer_shapes(cfg, 0, 2)["trainer_allgathers"] is want
    # the report's variant, from its configuration and from a table alone
    table = pd.DataFrame(
        [
            {
                "point_id": "p-r0",
                "mode": "weak",
                "nodes": 1,
                "workers": 1,
                "status": "completed",
                "tokens_per_s": 1.0,
                "step_s_median": 1.0,
                "variant": "v1",
                "variant_label": "x",
                **row,
            }
        ]
    )
    (v,) = variants_of(table, {"p-r0": {"config": as_json}})
    assert (v.strategy is strategies.PAPER_SPARSE) is want
    (v,) = variants_of(table)
    assert (v.strategy is strategies.PAPER_SPARSE) is want
