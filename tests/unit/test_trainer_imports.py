"""A trainer rank imports only what it runs: Keras would import pandas, SciPy and pyarrow for
helpers the trainer never calls (~1 CPU s of every rank's start), and the trainer's entry point
keeps them out. Seen from outside: `python -X importtime` lists every module a process imported,
and a one-process run that asks for two ranks stops (exit 5) right after TensorFlow, Keras and
Horovod are imported."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scalestudy.formats import step_log
from scalestudy.launchers import mpirun_env
from scalestudy.trainer.__main__ import NOT_IMPORTED

pytestmark = pytest.mark.trainer


def test_a_rank_imports_tensorflow_and_keras_but_not_their_unused_helpers(tmp_path):
    config = tmp_path / "point.json"
    cfg = {"log_dir": str(tmp_path / "logs"), "expect_ranks": 2, "tokens_per_worker": 512}
    config.write_text(json.dumps(cfg))
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "scalestudy.trainer", "--config", str(config)],
        env=mpirun_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == step_log.EXIT_LAUNCH_MISMATCH, proc.stderr[-3000:]
    # importtime's lines: "import time: self | cumulative | <indent>module", in microseconds;
    # an import refused at once (None in sys.modules) is listed too, at ~10 us, where loading
    # pandas or SciPy takes ~100,000
    cumulative: dict[str, int] = {}
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if line.startswith("import time:") and parts[1].strip().isdigit():
            name = parts[2].strip()
            cumulative[name] = max(cumulative.get(name, 0), int(parts[1]))
    assert {"tensorflow", "keras", "horovod.tensorflow"} <= set(cumulative)  # the listing sees them
    assert set(NOT_IMPORTED) == {"pandas", "scipy", "pyarrow"}
    loaded = {m: us for m, us in cumulative.items() if m.split(".")[0] in NOT_IMPORTED}
    assert all(us < 2000 for us in loaded.values()), loaded
