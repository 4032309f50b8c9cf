"""scripts/cpu_by_test.py: the CPU seconds of the processes a test starts are that test's, read
from outside (/proc), whatever started them; the trainer's ranks are counted apart."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")


def _module():
    spec = importlib.util.spec_from_file_location("cpu_by_test", ROOT / "scripts/cpu_by_test.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_tests_processes_are_summed_under_its_file_and_ranks_apart():
    seen = {
        "1:10": {"cmd": "mpirun -np 2", "test": "tests/mpi/test_a.py::t[x] (setup)", "cpu": 0.5},
        "2:11": {
            "cmd": "/venv/bin/python -m scalestudy.trainer --config p.json",
            "test": "tests/mpi/test_a.py::t[x] (call)",
            "cpu": 4.0,
        },
        "3:12": {
            "cmd": "python -m scalestudy.trainer --config q.json",
            "test": "tests/mpi/test_a.py::u (call)",
            "cpu": 5.5,
        },
        "4:13": {"cmd": "/usr/sbin/slurmd -D", "test": "", "cpu": 2.0},
        "5:14": {"cmd": "sbatch job.sh", "test": "tests/slurm/test_b.py::v (call)", "cpu": 0.25},
    }
    rows = {r[0]: r[1:] for r in _module().summarise(seen)}
    assert rows["tests/mpi/test_a.py"] == (10.0, 3, 9.5, 2)
    assert rows["tests/slurm/test_b.py"] == (0.25, 1, 0.0, 0)
    assert rows["<no test> slurmd"] == (2.0, 1, 0.0, 0)
    assert _module().summarise(seen)[0][0] == "tests/mpi/test_a.py"  # the most CPU first


def test_the_sampler_charges_a_child_with_the_test_in_its_environment(tmp_path):
    """A child that burns 2.5 CPU seconds, started with PYTEST_CURRENT_TEST set as pytest
    sets it, is charged to that test by a sampler that only reads /proc."""
    out = tmp_path / "seen.json"
    sampler = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts/cpu_by_test.py"), "sample", out]
    )
    env = {**os.environ, "PYTEST_CURRENT_TEST": "tests/unit/test_x.py::burn (call)"}
    burn = "import time\nt = time.process_time()\nwhile time.process_time() - t < 2.5: pass\n"
    time.sleep(0.5)  # the sampler's first pass has begun
    subprocess.run([sys.executable, "-c", burn], env=env, check=True)
    time.sleep(1.5)  # a reading after the child's last second (lost: a lower bound)
    sampler.send_signal(signal.SIGTERM)
    assert sampler.wait(timeout=30) == 0
    rows = {r[0]: r[1:] for r in _module().summarise(json.loads(out.read_text()))}
    cpu, procs, _, _ = rows["tests/unit/test_x.py"]
    assert procs == 1
    # readings at most ~1.3 s apart: one at least 1.2 s into its 2.5 s; never more than it burnt
    assert 1.0 <= cpu <= 2.7, cpu
