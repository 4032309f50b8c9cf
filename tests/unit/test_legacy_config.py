"""A record's configuration is made a PointConfig once, in report/legacy.py (issue #35 point 1):
points.jsonl's `config` reads back as the configuration the plan validated; a table without
points.jsonl gives a configuration from its columns, timed in phases where the table has no
timing (the tables from before the key); a configuration PointConfig refuses is said with its
point and key (exit 2, a hint), never guessed."""

from __future__ import annotations

import json

import pytest
from support.report import variants_of
from support.rows import results_table

from scalestudy.errors import EXIT_BAD_INPUT
from scalestudy.formats.point_config import PointConfig
from scalestudy.report import legacy


def _row(point_id: str, **cells) -> dict:
    base = dict(
        point_id=point_id,
        mode="weak",
        status="completed",
        workers=2,
        nodes=2,
        model="tiny",
        vocab_size=1000,
        hidden_size=64,
        tokens_per_worker=512,
        tokens_per_s=1000.0,
        step_s_median=1.0,
    )
    return base | cells


def test_a_stored_configuration_reads_back_as_the_plans():
    cfg = PointConfig.model_validate(
        {
            "model": {"preset": "tiny", "tie_embeddings": False},
            "tokens_per_worker": 512,
            "exchange": "allgather",
            "micro_batches": 2,
            "compression": "fp16",
            "mesh": {"model": 2},
        }
    )
    record = {
        "point_id": "p-r0",
        "variant": "v1",
        "variant_label": "x",
        "mode": "weak",
        "config": cfg.model_dump(mode="json", exclude={"log_dir", "checkpoint_dir"}),
    }
    (v,) = variants_of(
        results_table([_row("p-r0", variant="v1", variant_label="x")]), {"p-r0": record}
    )
    assert v.config.model_dump() == cfg.model_dump()
    assert (v.strategy.name, v.micro_batches, v.mesh_model, v.timing) == (
        "allgather",
        2,
        2,
        "overlapped",
    )


def test_a_table_without_timing_was_timed_in_phases():
    # no points.jsonl, no timing cell: a table from before the key; PointConfig's own default
    # (overlapped) is not what such a table measured
    (v,) = variants_of(results_table([_row("p-r0")]))
    assert v.from_table and v.timing == "phases"
    (w,) = variants_of(results_table([_row("q-r0", timing="overlapped")]))
    assert w.timing == "overlapped"


def test_a_table_row_keeps_how_the_gradient_really_went():
    # collect writes the exchange as it really went: native + tied is the dense allreduce
    # beside sparse_as_dense false; the record reads it without calling it a contradiction
    row = _row("p-r0", accumulation="native", tie_embeddings=True, exchange="allreduce")
    (v,) = variants_of(results_table([{**row, "sparse_as_dense": False}]))
    assert v.strategy.name == "allreduce"
    row = _row("q-r0", exchange="sparse_reduce", sparse_as_dense=False, tie_embeddings=True)
    (w,) = variants_of(results_table([row]))
    assert w.strategy.name == "sparse_reduce"


def test_a_configuration_that_cannot_be_read_is_said_with_its_point_and_key():
    record = {"point_id": "p-r3", "config": {"exchange": "carrier_pigeon"}}
    with pytest.raises(legacy.RecordError) as caught:
        legacy.point_config(record)
    message = str(caught.value)
    assert message.startswith("point p-r3: its configuration cannot be read (exchange: ")
    assert "'allgather', 'allreduce'" in message  # the table's names, as a Literal says them
    assert caught.value.exit_code == EXIT_BAD_INPUT
    assert "scalestudy collect" in caught.value.hint


def test_a_record_of_an_unknown_schema_is_not_guessed():
    record = {"point_id": "p-r0", "schema": "scalestudy.point/9", "config": {}}
    with pytest.raises(legacy.RecordError, match=r"schema scalestudy\.point/9"):
        legacy.point_config(record)
    # the schema collect writes, and a record from before it wrote one, are read
    for schema in ({"schema": "scalestudy.point/1"}, {}):
        assert legacy.point_config({"point_id": "p", "config": {}, **schema}).timing == "overlapped"


def test_the_report_says_an_unreadable_record_with_exit_2(tmp_path, capsys):
    from support.rows import write_results

    from scalestudy.cli import main

    folder = tmp_path / "results" / "odd"
    write_results(folder, [_row("p-r0", sweep="odd", variant="v1", variant_label="x")])
    record = {"point_id": "p-r0", "variant": "v1", "variant_label": "x", "mode": "weak"}
    record["config"] = {"exchange": "carrier_pigeon", "tokens_per_worker": 512}
    (folder / "points.jsonl").write_text(json.dumps(record) + "\n")
    assert main(["report", "odd", "--results", str(tmp_path / "results")]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "point p-r0: its configuration cannot be read (exchange: " in err
    assert "scalestudy collect" in err and "Traceback" not in err
