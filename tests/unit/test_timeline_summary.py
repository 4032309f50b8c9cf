"""trainer/timeline.py reads Horovod's timeline (no TensorFlow needed): per step, the gradient
collectives and, with a sharded embedding, when each micro-batch's lookup was handed over,
its rows arrived and its gradients reached their owners."""

from __future__ import annotations

import json

from scalestudy.trainer import timeline

START = 1_700_000_000.0  # the timeline's start, epoch seconds


def _trace(path, ops):
    """ops: (tensor name, negotiation start, op begin, op end) in timeline seconds."""
    events = []
    for pid, (name, neg, begin, end) in enumerate(ops, 1):
        args = {"name": name}
        if pid == 1:
            args["start_time_since_epoch_in_micros"] = START * 1e6
        events.append({"name": "process_name", "ph": "M", "pid": pid, "args": args})
        events += [
            {"name": "NEGOTIATE_ALLTOALL", "ph": "B", "pid": pid, "ts": neg * 1e6},
            {"ph": "E", "pid": pid, "ts": begin * 1e6},
            {"name": "ALLTOALL", "ph": "B", "pid": pid, "ts": begin * 1e6},
            {"ph": "E", "pid": pid, "ts": end * 1e6},
        ]
    # Horovod leaves the array open
    path.write_text(json.dumps(events)[:-1] + ",\n")


def test_lookup_times_are_read_per_micro_batch_relative_to_the_step(tmp_path):
    path = tmp_path / "horovod-timeline.json"
    _trace(
        path,
        [
            ("emb_lookup0_ids", 10.001, 10.002, 10.003),
            ("emb_lookup1_ids", 10.0015, 10.003, 10.004),
            ("emb_lookup0_rows", 10.004, 10.005, 10.006),
            ("emb_lookup1_rows", 10.004, 10.0065, 10.007),
            ("emb_lookup1_grads", 10.040, 10.041, 10.045),
            ("emb_lookup0_grads", 10.050, 10.051, 10.052),
            ("grad3", 10.051, 10.053, 10.060),
            # the next step's lookup: not this step's
            ("emb_lookup0_ids", 10.2, 10.201, 10.202),
        ],
    )
    # the trainer's clock: perf_counter = epoch - 1000 here; the step ran [10.0, 10.1] after START
    epoch_minus_pc = 1000.0
    t0 = START + 10.0 - epoch_minus_pc
    summary = timeline.summarise(path, epoch_minus_pc, [(7, t0, t0 + 0.1)])
    (step,) = summary["per_step"]
    assert step["step"] == 7
    first, second = step["lookups"]
    assert abs(first["ids_ready_s"] - 0.001) < 1e-6
    assert abs(second["ids_ready_s"] - 0.0015) < 1e-6
    assert abs(first["rows_done_s"] - 0.006) < 1e-6
    assert abs(second["rows_done_s"] - 0.007) < 1e-6
    assert abs(second["grads_done_s"] - 0.045) < 1e-6
    assert abs(first["grads_done_s"] - 0.052) < 1e-6
    # the gradient collectives: emb_lookup*_grads and grad3; exposed after grad3 was handed over
    assert step["collectives"] == 3
    assert abs(step["exposed_comm_s"] - 0.009) < 1e-6


def test_a_step_without_a_sharded_embedding_has_no_lookups(tmp_path):
    path = tmp_path / "horovod-timeline.json"
    _trace(path, [("grad0", 5.0, 5.001, 5.002)])
    t0 = START + 4.99
    (step,) = timeline.summarise(path, 0.0, [(1, t0, t0 + 0.05)])["per_step"]
    assert "lookups" not in step and step["collectives"] == 1
