import json
import math

import pytest

from scalestudy.cost_models import comm_model
from scalestudy.cost_models.comm_model import allreduce_item_bytes
from scalestudy.formats import step_log
from scalestudy.formats.point_config import ConfigError, load_point_config


def test_figure1_ratio_at_64_nodes():
    # the `accumulation-64` reference (formats/references.yaml): V = 33,708, Tsrc + Ttgt ~ 9,480
    # padded slots, 64 workers -> ~82x (values only).
    rows = comm_model.tf1_rows(33708, 4740, 4740)
    ratio = 64 * rows * 4 * 1024 / comm_model.logical_allreduce_bytes(33708, 1024)
    assert 81 < ratio < 83


def test_logical_bytes_formulas():
    assert comm_model.logical_allgather_bytes([10, 12], hidden=64) == 22 * (4 * 64 + 8)
    assert comm_model.logical_allreduce_bytes(1000, 64) == 256_000


def test_fp16_compression_halves_the_allreduced_values():
    assert allreduce_item_bytes("fp16") == 2
    assert allreduce_item_bytes("none") == 4
    assert comm_model.logical_allreduce_bytes(33708, 512, 2) == 2 * 33708 * 512


def test_ring_models():
    assert comm_model.ring_allreduce_wire(1000, 1) == (0.0, 0.0)
    assert comm_model.ring_allreduce_wire(1000, 4) == (1500.0, 1500.0)
    # rank 1 forwards every block but rank 2's, receives all but its own
    assert comm_model.ring_allgatherv_wire([10, 20, 30], 1) == (30.0, 40.0)


def test_sparse_reduce_formulas():
    # N = 4 ranks, H = 64, a rank with R_r = 1,000 rows of U_r = 400 ids, U = 1,200 in all
    row = 4 * 64 + 8
    f = comm_model.sparse_reduce_bytes(4, 64, rows=1000, unique_rows=400, union_rows=1200)
    assert f["local_rows_bytes"] == 1000 * row
    assert f["deduplicated_bytes"] == 400 * row
    assert f["logical_bytes"] == comm_model.logical_sparse_reduce_bytes(1200, 64) == 1200 * row
    assert f["wire_sent_alltoall"] == 4 * 3 + 300 * row  # (N-1)/N of U_r rows + the splits
    assert f["wire_sent_allgather"] == 900 * row  # (N-1)/N of U rows
    assert f["wire_sent"] == f["wire_sent_alltoall"] + f["wire_sent_allgather"]
    # the exact model with the counts of one step: evenly split, it is the formula
    (a2a_sent, a2a_recv), (ag_sent, ag_recv) = comm_model.sparse_reduce_wire(
        [100] * 4, [100] * 4, [300] * 4, 1, 64
    )
    assert a2a_sent == a2a_recv == f["wire_sent_alltoall"]
    assert ag_sent == ag_recv == f["wire_sent_allgather"]
    # uneven: rank 0 keeps its own block, sends the others', receives what the others sent it
    (a2a_sent, a2a_recv), (ag_sent, ag_recv) = comm_model.sparse_reduce_wire(
        [5, 7], [5, 2], [6, 9], 0, 64
    )
    assert (a2a_sent, a2a_recv) == (4 + 7 * row, 4 + 2 * row)
    assert (ag_sent, ag_recv) == (6 * row, 9 * row)  # 2-ring: own block out, the other's in
    # one rank moves nothing
    assert comm_model.sparse_reduce_wire([5], [5], [5], 0, 64) == ((0.0, 0.0), (0.0, 0.0))
    one = comm_model.sparse_reduce_bytes(1, 64, rows=10, unique_rows=8, union_rows=8)
    assert one["wire_sent"] == 0 and one["logical_bytes"] == 8 * row
    # against the paper's two at the same point: U rows instead of N x R, and below 4VH here
    assert f["logical_bytes"] < comm_model.logical_allgather_bytes([1000] * 4, 64)
    assert f["logical_bytes"] < comm_model.logical_allreduce_bytes(33708, 64)


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def _header(start):
    return {"type": "header", "schema": step_log.SCHEMA, "segment_start_step": start}


def test_merge_restarts_without_gap_or_repeat(tmp_path):
    log = tmp_path / "rank00000.jsonl"
    recs = [_header(1)] + [{"type": "step", "step": s} for s in range(1, 8)]
    recs += [_header(6)] + [{"type": "step", "step": s} for s in range(6, 11)]
    recs += [{"type": "footer", "status": "completed"}]
    _write(log, recs)
    assert [r["step"] for r in step_log.merged_steps(log)] == list(range(1, 11))


def test_torn_last_line_is_ignored_but_corruption_inside_is_not(tmp_path):
    log = tmp_path / "r.jsonl"
    log.write_text(json.dumps(_header(1)) + '\n{"type": "step", "st')
    assert step_log.merged_steps(log) == []
    log.write_text(json.dumps(_header(1)) + '\n{"type": "st\n' + json.dumps(_header(2)) + "\n")
    with pytest.raises(ValueError, match="corrupt"):
        step_log.merged_steps(log)


def _steps(start, stop, peak):
    return [{"type": "step", "step": s, "peak_rss": peak(s)} for s in range(start, stop)]


def test_peak_rss_is_read_from_the_footer_alone_when_its_segment_started_at_step_1(tmp_path):
    log = tmp_path / "rank00001.jsonl"
    recs = [_header(1), *_steps(1, 4, lambda s: 100 * s)]
    footer = {"type": "footer", "status": "completed", "segment_start_step": 1, "peak_rss": 900}
    _write(log, [*recs, footer])
    assert step_log.peak_rss(log) == 900
    # the steps are not read: a corrupt one in the middle does not matter here...
    text = log.read_text().split("\n")
    log.write_text("\n".join([*text[:2], '{"type": "st', *text[2:]]))
    assert step_log.peak_rss(log) == 900
    # ...but does when there is no footer to answer
    log.write_text("\n".join([*text[:2], '{"type": "st', *text[2:4]]) + "\n")
    with pytest.raises(ValueError, match="corrupt"):
        step_log.peak_rss(log)


def test_peak_rss_of_a_resumed_run_follows_the_merge_rule(tmp_path):
    log = tmp_path / "rank00000.jsonl"
    # killed after step 7 (no footer), resumed from the checkpoint at step 5
    recs = [_header(1), *_steps(1, 8, lambda s: 100 * s)]
    recs += [_header(6), *_steps(6, 11, lambda s: 50)]
    recs += [{"type": "footer", "status": "completed", "segment_start_step": 6, "peak_rss": 60}]
    _write(log, recs)
    # steps 6 and 7 of the first process (600, 700) were redone: steps 1-5 and the second
    # process remain
    assert step_log.peak_rss(log) == 500
    assert step_log.peak_rss(log) == max(r["peak_rss"] for r in step_log.merged_steps(log))
    # interrupted with a footer instead: that process's peak counts (steps 1-5 are its own);
    # a segment wholly redone (restarted from step 1 again) no longer does
    first = {"type": "footer", "status": "interrupted", "segment_start_step": 1, "peak_rss": 650}
    _write(log, [*recs[:8], first, *recs[8:]])
    assert step_log.peak_rss(log) == 650
    redo = [_header(1), *_steps(1, 3, lambda s: 10)]
    redo += [{"type": "footer", "status": "completed", "segment_start_step": 1, "peak_rss": 20}]
    _write(log, [*recs[:8], first, *redo])
    assert step_log.peak_rss(log) == 20


def test_nan_records_and_long_last_lines_are_read(tmp_path):
    log = tmp_path / "r.jsonl"
    long = {"type": "footer", "padding": "x" * 5000, "loss": float("nan")}
    _write(log, [_header(1), {"type": "step", "step": 1, "loss": float("nan")}, long])
    assert "NaN" in log.read_text()  # what json.dumps writes for a diverged loss
    (step,) = step_log.merged_steps(log)
    assert math.isnan(step["loss"])
    last = step_log.last_record(log, tail=64)  # a line longer than the first read
    assert last["padding"] == "x" * 5000 and math.isnan(last["loss"])


def test_the_trainers_footer_carries_its_segment_and_peak(tmp_path):
    from scalestudy.trainer.steplog_writer import StepLogWriter

    log = StepLogWriter(str(tmp_path), 3)
    log.header(7)
    log.step({"step": 7, "peak_rss": 1 << 50})  # larger than this process can reach
    log.footer(status="completed")
    footer = step_log.last_record(log.path)
    assert footer["segment_start_step"] == 7 and footer["peak_rss"] == 1 << 50
    assert footer["status"] == "completed"


def test_point_config_errors_name_file_and_key(tmp_path):
    p = tmp_path / "point.json"
    p.write_text(json.dumps({"tokens_per_worker": 100, "acumulation": "tf1"}))
    with pytest.raises(ConfigError, match=r"point.json: acumulation"):
        load_point_config(p)
    p.write_text(json.dumps({"mode": "strong"}))
    with pytest.raises(ConfigError, match="global_batch_tokens"):
        load_point_config(p)
    p.write_text("{bad json")
    with pytest.raises(ConfigError, match=r"point.json:1: not valid JSON"):
        load_point_config(p)


def test_point_config_paths_are_relative_to_the_file(tmp_path):
    p = tmp_path / "pt" / "point.json"
    p.parent.mkdir()
    p.write_text(json.dumps({"tokens_per_worker": 100, "log_dir": "logs"}))
    assert load_point_config(p).log_dir == str(tmp_path / "pt" / "logs")


@pytest.mark.parametrize(
    ("given", "exchange", "dense"),
    [
        ({}, "allgather", False),
        ({"sparse_as_dense": True}, "allreduce", True),
        ({"exchange": "allgather"}, "allgather", False),
        ({"exchange": "allreduce"}, "allreduce", True),
        ({"exchange": "sparse_reduce"}, "sparse_reduce", False),
        ({"sparse_as_dense": False, "exchange": "sparse_reduce"}, "sparse_reduce", False),
        ({"sparse_as_dense": True, "exchange": "allreduce"}, "allreduce", True),
    ],
)
def test_exchange_and_sparse_as_dense_resolve_to_one_method(tmp_path, given, exchange, dense):
    p = tmp_path / "point.json"
    p.write_text(json.dumps({"tokens_per_worker": 100, **given}))
    cfg = load_point_config(p)
    assert (cfg.exchange, cfg.sparse_as_dense) == (exchange, dense)
    # the paper's two methods dump as they always did (no `exchange` key: the same point ids
    # and point.json files); sparse_reduce says itself; a dump reads back the same
    dumped = cfg.model_dump(mode="json")
    assert dumped.get("exchange") == ("sparse_reduce" if exchange == "sparse_reduce" else None)
    assert dumped["sparse_as_dense"] is dense
    p.write_text(json.dumps(dumped))
    assert load_point_config(p).exchange == exchange


@pytest.mark.parametrize(
    "given",
    [
        {"sparse_as_dense": True, "exchange": "allgather"},
        {"sparse_as_dense": True, "exchange": "sparse_reduce"},
        {"sparse_as_dense": False, "exchange": "allreduce"},
    ],
)
def test_exchange_contradicting_sparse_as_dense_names_both_keys(tmp_path, given):
    p = tmp_path / "point.json"
    p.write_text(json.dumps({"tokens_per_worker": 100, **given}))
    with pytest.raises(
        ConfigError, match=r"exchange: \w+ contradicts sparse_as_dense: (true|false)"
    ):
        load_point_config(p)
