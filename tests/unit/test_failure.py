"""Why an attempt failed, read from its output: both ways a rank runs out of memory (C++ abort,
or the trainer catching the allocation error and exiting with its own code) read alike."""

from __future__ import annotations

from pathlib import Path

from scalestudy.executors import failure
from scalestudy.formats.manifest import Attempt

TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "loop.py", line 1, in train\n'
    "tensorflow.python.framework.errors_impl.ResourceExhaustedError: {{function_node}} "
    "OOM when allocating tensor with shape[524288,512]\n"
)


def _out(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "stdout.log"
    path.write_text(text)
    return path


def test_a_cpp_abort_turns_failed_into_out_of_memory(tmp_path):
    out = _out(tmp_path, "step 0\nterminate called after throwing 'std::bad_alloc'\n")
    state, reason = failure.classify("failed", [out])
    assert state == "out_of_memory"
    assert reason == "an allocation failed: terminate called after throwing 'std::bad_alloc'"


def test_the_trainers_own_out_of_memory_exit_gets_the_same_reason(tmp_path):
    state, reason = failure.classify("out_of_memory", [_out(tmp_path, TRACEBACK)])
    assert state == "out_of_memory"
    assert reason.startswith("an allocation failed: tensorflow.python.framework")
    assert "ResourceExhaustedError" in reason


def test_other_failures_and_states_are_left_alone(tmp_path):
    out = _out(tmp_path, "ValueError: bad shape\n")
    assert failure.classify("failed", [out]) == (
        "failed",
        "the first error of its output: ValueError: bad shape",
    )
    assert failure.classify("out_of_memory", [out]) == ("out_of_memory", None)
    assert failure.classify("failed", [_out(tmp_path, "step 1\nall fine\n")]) == ("failed", None)
    assert failure.classify("completed", [_out(tmp_path, TRACEBACK)]) == ("completed", None)
    assert failure.classify("failed", [tmp_path / "missing.log"]) == ("failed", None)


def test_refine_reads_an_attempts_output_once(tmp_path):
    out = _out(tmp_path, TRACEBACK)
    attempt = Attempt(state="out_of_memory", reason=None)
    failure.refine(attempt, [out])
    assert attempt.reason.startswith("an allocation failed: ")
    assert attempt.failure_checked is True
    out.write_text("std::bad_alloc\n")
    failure.refine(attempt, [out])  # checked already: the first reason stays
    assert "ResourceExhaustedError" in attempt.reason


def test_a_failed_points_reason_is_the_first_error_of_its_output(tmp_path):
    # issue #46 item 6: the reason was empty while stdout.log held the ModuleNotFoundError
    out = _out(
        tmp_path,
        "scalestudy: capture done\nTraceback (most recent call last):\n"
        '  File "x.py", line 1, in <module>\n'
        "ModuleNotFoundError: No module named 'tensorflow'\n"
        "srun: error: node1: task 0: Exited with exit code 1\n",
    )
    state, reason = failure.classify("failed", [out])
    assert (state, reason) == (
        "failed",
        "the first error of its output: ModuleNotFoundError: No module named 'tensorflow'",
    )
    srun = _out(tmp_path, "srun: error: node1: task 0: Exited with exit code 1\n")
    assert failure.classify("failed", [srun])[1].endswith(
        "srun: error: node1: task 0: Exited with exit code 1"
    )
