import json

import pytest

from scalestudy.contract import comm_model, step_log
from scalestudy.contract.point_config import ConfigError, load_point_config


def test_figure1_ratio_at_64_nodes():
    # MISSION §2: V = 33,708, Tsrc + Ttgt ~ 9,480 padded slots, 64 workers -> ~82x (values only).
    rows = comm_model.tf1_rows(33708, 4740, 4740)
    ratio = 64 * rows * 4 * 1024 / comm_model.logical_allreduce_bytes(33708, 1024)
    assert 81 < ratio < 83


def test_logical_bytes_formulas():
    assert comm_model.logical_allgather_bytes([10, 12], hidden=64) == 22 * (4 * 64 + 8)
    assert comm_model.logical_allreduce_bytes(1000, 64) == 256_000


def test_ring_models():
    assert comm_model.ring_allreduce_wire(1000, 1) == (0.0, 0.0)
    assert comm_model.ring_allreduce_wire(1000, 4) == (1500.0, 1500.0)
    # rank 1 forwards every block but rank 2's, receives all but its own
    assert comm_model.ring_allgatherv_wire([10, 20, 30], 1) == (30.0, 40.0)


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
