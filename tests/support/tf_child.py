"""One child process for the TensorFlow work of the trainer-marked unit tests that run it in a
child (support/child.py's reason: TensorFlow's logging must stay out of pytest's process):
test_step_graph, test_flops, test_strategy_counters and trainer_kernels.py each started their
own, and a child's time is mostly TensorFlow's import (~4 s of each on 2 cores). The first
test that asks runs every part in one child; the others read its answer (one per session).
A part that raises is reported as its error, which fails that part's test alone.

Each part is a module of tests/unit and its function returning JSON-able data."""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import sys
import traceback
from pathlib import Path

# name -> (module of tests/unit, its function); the order is the child's: trainer_kernels sets
# Keras's global mixed-precision policy, so it runs last
PARTS = {
    "step_graph": ("test_step_graph", "_control_inputs"),
    "flops": ("test_flops", "child_result"),
    "strategy_counters": ("test_strategy_counters", "_trainer_side"),
    "kernels": ("trainer_kernels", "main"),
}
_ANSWERS: dict = {}


def part(name: str):
    """The part's result, made in the session's one child on first use."""
    if not _ANSWERS:
        from support.child import json_of

        _ANSWERS.update(json_of(__file__, timeout=900))
    got = _ANSWERS[name]
    assert "error" not in got, f"{name} raised in the child:\n{got['error']}"
    return got["result"]


def _run(module: str, function: str):
    """The function's result; a printing function's (trainer_kernels.main) is what it printed."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        result = getattr(importlib.import_module(module), function)()
    return printed.getvalue() if result is None else result


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))
    answers = {}
    for name, (module, function) in PARTS.items():
        try:
            answers[name] = {"result": _run(module, function)}
        except Exception:  # reported to the part's test, which fails
            answers[name] = {"error": traceback.format_exc()}
    print(json.dumps(answers))
