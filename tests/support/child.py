"""A test file run as its own child process, for TensorFlow work inside a fast test: its
logging, imported into pytest's own process, outlives the captured streams it was given and
broke a later test's output. The child prints one JSON line last."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]  # the child imports `support` as pytest does


def json_of(script: str, timeout: float = 600) -> dict:
    out = subprocess.run(
        [sys.executable, script],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={
            **os.environ,
            "TF_CPP_MIN_LOG_LEVEL": "2",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")])),
        },
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])
