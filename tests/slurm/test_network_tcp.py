"""benchmarks/network_tcp.py at its declared smallest size (issue #47 point 5), on the session's
2-node cluster of shaped namespaces (netns_pair, `--running`): the C exchange program built
(cached by its source), the five cases timed before and after the emulated site's TCP settings.
What is checked is that it runs and what it prints is physical: no exchange faster than the
link's payload rate allows (a ratio under 1 is a clock or a rate read wrongly); the 2x itself
is the benchmark's to measure (docs/network.md), not a test's on a loaded machine."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.benchmarks import option, smallest_args

pytestmark = pytest.mark.slurm

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^(oneway|sendrecv|allgather|alltoall)\s+(\d+) B:((?: [\d.]+)+)$", re.M)


def test_network_tcp_times_every_case_before_and_after_at_no_better_than_the_link(
    netns_pair, tmp_path
):
    args = smallest_args("network_tcp")
    cmd = [sys.executable, str(ROOT / "benchmarks" / "network_tcp.py"), *args]
    cmd += ["--work", str(tmp_path), "--cluster-dir", str(netns_pair.dir), "--running"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    before, after = proc.stdout.split("\nafter (", 1)
    for part in (before, after):
        cases = LINE.findall(part)
        assert len(cases) == 5, part  # oneway, sendrecv x 2 sizes, allgather, alltoall
        for what, _, ratios in cases:
            values = [float(r) for r in ratios.split()]
            assert len(values) == int(option(args, "--iterations")), (what, values)
            assert all(v >= 0.9 for v in values), (what, values)
