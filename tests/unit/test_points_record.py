"""points.jsonl's record (issue #35, build point 1): `config` is the full view of the point's
configuration under schema scalestudy.point/2; a record of schema /1 (the identity view, its
later fields left out at their defaults) or without a schema is upgraded in one place
(report/legacy.upgrade_record) and reads as the same configuration, so the report and compare
of a sweep come out the same from either file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.rows import results_row, write_results

from scalestudy.collect import point_record
from scalestudy.collect.tables import POINTS_SCHEMA
from scalestudy.compare.match import measured_points
from scalestudy.errors import EXIT_BAD_INPUT
from scalestudy.formats.point_config import PointConfig
from scalestudy.plan import make_plan
from scalestudy.report import legacy, load
from scalestudy.report.build import build
from scalestudy.sweepfile.sweep import load_sweep

# A points.jsonl line as scalestudy wrote it at 78f2400 (schema /1: the identity view), kept as
# written: exchange sparse_reduce, compression fp16 and two micro-batches, every field added
# later at its default (so left out: compute_probe_steps, micro_batch_order, mesh, ...).
RECORD_1 = (
    '{"allocation": null, "baseline": false, "baseline_keys": ["trainer.exchange", '
    '"trainer.sparse_as_dense"], "cluster": "local", "config": {"accumulation": "tf1", '
    '"checkpoint_every": 0, "compression": "fp16", "data": {"fixed_length": 64, "kind": '
    '"synthetic", "source": null, "spm_dir": null, "spm_model": null, "target": null, '
    '"task_max_length": 12, "task_vocab": 64}, "deterministic": false, "divergence": {"ema": '
    '0.9, "margin": 1.0, "patience": 10}, "dump_final_weights": false, "exchange": '
    '"sparse_reduce", "expect_ranks": 1, "expect_ranks_per_node": 1, "global_batch_tokens": '
    'null, "inject_failure": null, "inter_op_threads": 1, "intra_op_threads": 1, '
    '"learning_rate": 0.001, "log_flush_every": 50, "lr_reference_batch_tokens": null, '
    '"lr_scaling": "none", "lr_warmup_steps": 100, "micro_batches": 2, "mode": "weak", '
    '"model": {"dec_layers": null, "dropout": null, "enc_layers": null, "filter": null, '
    '"heads": null, "hidden": null, "max_length": null, "preset": "tiny", "tie_embeddings": '
    'true, "vocab": null}, "onednn": "on", "precision": "fp32", "seed": 1234, '
    '"sparse_as_dense": false, "steps": 40, "timeline": false, "timing": "overlapped", '
    '"timing_warmup_steps": 10, "tokens_per_worker": 1024}, "env": {}, "global_batch_tokens": '
    '1024, "mode": "weak", "model_spec": {"dec_layers": 2, "dropout": 0.1, "enc_layers": 2, '
    '"filter": 256, "heads": 4, "hidden": 64, "max_length": 64, "tie_embeddings": true, '
    '"vocab": 1000}, "nodes": 1, "point_id": "n0001-p1-816fe80a68-r0", "ppn": 1, "repeat": 0, '
    '"schema": "scalestudy.point/1", "sweep": "old", "threads": 1, "tokens_per_worker": 1024, '
    '"variant": "v39eb8503", "variant_label": "sparse_reduce", "variant_overrides": {}, '
    '"workers": 1, "workload": "trainer"}'
)
PATHS = {"log_dir", "checkpoint_dir"}


def test_the_current_schema_is_2():
    assert POINTS_SCHEMA == "scalestudy.point/2"


def test_a_1_record_is_upgraded_to_the_full_view():
    old = json.loads(RECORD_1)
    new = legacy.upgrade_record(old)
    assert new["schema"] == "scalestudy.point/2"
    config = new["config"]
    # every field but the point's own folders, the ones the /1 record left out at defaults
    assert set(config) == set(PointConfig.model_fields) - PATHS
    assert (config["compute_probe_steps"], config["micro_batch_order"]) == (5, "dataflow")
    assert (config["mesh"], config["inject_stall"], config["dump_gradients_step"]) == (
        {"model": 1},
        None,
        None,
    )
    assert config["data"]["zipf_exponent"] == 1.0
    # what it said is kept as it said it
    for key, value in old["config"].items():
        if isinstance(value, dict):
            assert {k: config[key][k] for k in value} == value, key
        else:
            assert config[key] == value, key
    # the rest of the record is untouched, and the stored record itself is not changed
    assert {k: v for k, v in new.items() if k not in ("schema", "config")} == {
        k: v for k, v in old.items() if k not in ("schema", "config")
    }
    assert old == json.loads(RECORD_1)
    # the configuration reads back the same from either view
    assert legacy.point_config(new) == legacy.point_config(old)
    assert legacy.point_config(new).full(exclude=PATHS) == config


def test_a_record_without_schema_is_read_as_1():
    old = json.loads(RECORD_1)
    del old["schema"]
    assert (
        legacy.upgrade_record(old)["config"]
        == legacy.upgrade_record(json.loads(RECORD_1))["config"]
    )


@pytest.mark.parametrize(
    "keys",
    [
        {},
        {"exchange": "sparse_reduce", "compression": "fp16", "micro_batches": 2},
        {"mesh": {"model": 2}, "micro_batch_order": "sequential", "data": {"zipf_exponent": 0}},
    ],
)
def test_a_2_record_round_trips_to_the_same_configuration(keys):
    cfg = PointConfig(tokens_per_worker=512, **keys)
    record = {"point_id": "p", "schema": POINTS_SCHEMA, "config": cfg.full(exclude=PATHS)}
    record = json.loads(json.dumps(record))  # as the file holds it
    assert legacy.upgrade_record(record) == record  # nothing to upgrade
    back = legacy.point_config(record)
    assert back.full(exclude=PATHS) == record["config"]
    assert back.identity(exclude=PATHS) == cfg.identity(exclude=PATHS)  # the same point id


def test_a_2_record_from_before_a_field_existed_reads_it_at_its_default():
    """A /2 record written before PointConfig had a field (here: one taken out of the dump)
    is upgraded to today's full view, so compare and the phases twin, which match stored
    configurations, see it equal to a record written today."""
    cfg = PointConfig(tokens_per_worker=512, exchange="sparse_reduce")
    today = {"point_id": "p", "schema": POINTS_SCHEMA, "config": cfg.full(exclude=PATHS)}
    older = json.loads(json.dumps(today))
    for late in ("compute_probe_steps", "micro_batch_order", "mesh"):
        del older["config"][late]
    assert legacy.upgrade_record(older) == today


@pytest.mark.parametrize("schema", ["scalestudy.point/3", "scalestudy.point/0", 2])
def test_a_record_of_an_unknown_schema_exits_2_naming_point_and_key(schema):
    record = {"point_id": "p-r1", "schema": schema, "config": {}}
    for read in (legacy.upgrade_record, legacy.point_config):
        with pytest.raises(legacy.RecordError) as caught:
            read(record)
        assert str(caught.value).startswith(f"point p-r1: its record is schema {schema}, ")
        assert caught.value.exit_code == EXIT_BAD_INPUT


def test_a_1_record_that_cannot_be_read_exits_2_naming_point_and_key():
    record = json.loads(RECORD_1)
    record["config"]["micro_batches"] = 0
    with pytest.raises(legacy.RecordError) as caught:
        legacy.upgrade_record(record)
    assert str(caught.value).startswith(
        "point n0001-p1-816fe80a68-r0: its configuration cannot be read (micro_batches: "
    )
    assert "scalestudy collect" in caught.value.hint


SWEEP = """\
name: mix
cluster: local
mode: weak
nodes: [1, 2]
repeats: 2
trainer: {model: tiny, tokens_per_worker: 1024, steps: 20, timing_warmup_steps: 2}
matrix:
  trainer.exchange: [allgather, sparse_reduce]
  trainer.compression: [none, fp16]
  trainer.timing: [overlapped, phases]
"""


def _planned_sweep(root: Path) -> list:
    """A planned sweep's results table (made-up, repeatable measurements) at root/mix; its
    points returned for points.jsonl."""
    sweep = root / "mix.yaml"
    sweep.write_text(SWEEP)
    points = make_plan(load_sweep(sweep))
    rows, speed = [], {}
    for p in points:
        s = speed.setdefault(p.variant, 100.0 * (len(speed) + 1))
        c = p.config
        rows.append(
            results_row(
                **dict(point_id=p.id, sweep="mix", variant=p.variant, mode="weak"),
                **dict(variant_label=p.variant_label, cluster="local", nodes=p.nodes),
                **dict(ppn=p.ppn, workers=p.workers, status="completed", model="tiny"),
                **dict(vocab_size=1000, hidden_size=64, tie_embeddings=True),
                **dict(exchange=c.exchange, sparse_as_dense=c.sparse_as_dense),
                **dict(accumulation="tf1", micro_batches=1, timing=c.timing),
                **dict(compression=c.compression, tokens_per_worker=1024, repeat=p.repeat),
                tokens_per_s=s * p.workers * 0.9 ** (p.nodes - 1) * (1 + 0.01 * p.repeat),
                step_s_median=1000.0 / s * 1.1 ** (p.nodes - 1),
                compute_s_median=500.0 / s,
                comm_s_median=0.2,
                emb_grad_rows_per_worker=2000.0,
                emb_unique_rows_per_worker=300.0,
                emb_union_rows=500.0,
            )
        )
    write_results(root / "mix", rows)
    return points


def _write_points(folder: Path, records: list[dict]) -> None:
    text = "".join(json.dumps(r, sort_keys=True) + "\n" for r in records)
    (folder / "points.jsonl").write_text(text)


def _as_schema_1(record: dict, point) -> dict:
    """The record the code before /2 wrote: the identity view under schema /1."""
    return {**record, "schema": "scalestudy.point/1", "config": point.config.identity(PATHS)}


def test_the_report_is_the_same_from_a_1_and_a_2_points_file(tmp_path: Path):
    points = _planned_sweep(tmp_path)
    records = [point_record(p) for p in points]
    assert {r["schema"] for r in records} == {"scalestudy.point/2"}
    # the later fields the sweep leaves at their defaults are in /2's records, not in /1's
    assert all("compute_probe_steps" in r["config"] for r in records)
    old = [_as_schema_1(r, p) for r, p in zip(records, points, strict=True)]
    assert not any("compute_probe_steps" in r["config"] for r in old)
    out = {}
    for name, written in (("2", records), ("1", old)):
        _write_points(tmp_path / "mix", written)
        report = build(["mix"], tmp_path, out=tmp_path / f"out-{name}").out
        out[name] = {f: (report / f).read_bytes() for f in ("summary.md", "figures.json")}
        out[name]["figures.json"] = out[name]["figures.json"].replace(b"out-" + name.encode(), b"")
    assert out["1"] == out["2"]
    assert b"sparse_reduce" in out["2"]["summary.md"]  # a report of this fixture, not empty


def test_compare_matches_a_1_points_file_with_a_2_one(tmp_path: Path):
    points = _planned_sweep(tmp_path)
    records = [point_record(p) for p in points]
    keys = {}
    for name, written in (
        ("2", records),
        ("1", [_as_schema_1(r, p) for r, p in zip(records, points, strict=True)]),
    ):
        _write_points(tmp_path / "mix", written)
        (sweep,) = load.load_sweeps(["mix"], tmp_path)
        keys[name] = sorted(measured_points(sweep))
    # one per variant and size (repeats and allocations pooled): every /1 point matched a /2 one
    assert keys["1"] == keys["2"]
    assert len(keys["2"]) == len({(p.variant, p.nodes) for p in points})
