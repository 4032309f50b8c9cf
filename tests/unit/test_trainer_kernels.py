"""The trainer's faster kernels (the loss without a one-hot tensor, the fused Adam, the layer
norm with its gradient written out) compute what
the standard ops compute: checked in a subprocess (trainer_kernels.py) so that TensorFlow is
never imported into pytest's own process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.trainer


def test_the_trainers_kernels_match_the_standard_ops():
    script = Path(__file__).with_name("trainer_kernels.py")
    proc = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300
    )
    print(proc.stdout)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
    assert "all kernel checks passed" in proc.stdout
