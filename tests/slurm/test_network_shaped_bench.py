"""benchmarks/network_shaped.py at its declared smallest size (issue #47 point 5): the paper's
pair (sparse vs densified) on 2 nodes, once on a 2-node cluster of namespaces shaped to the
benchmark's rate and once unshaped, each cluster its own, brought up and down by the benchmark;
each sweep submitted, collected and reported. What is checked: it runs end to end and prints,
per variant, a completed run on both networks with the wire bytes the trainer modelled; the
shaped network's cost is the benchmark's figure at its default size (docs/network.md), not a
test's at one repeat of 4 timed steps."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.benchmarks import smallest_args
from support.netns import need_netns

pytestmark = pytest.mark.slurm

ROOT = Path(__file__).resolve().parents[2]
# "<variant> <nodes> <n shaped>/<n unshaped> | <step s> (unshaped ...) | ... | <emb> | <wire> | ..."
ROW = re.compile(r"^(sparse|dense) (\d+) (\d+)/(\d+) \|.*\| ([\d.]+) \| ([\d.]+) \| \S+$", re.M)


def test_network_shaped_runs_the_pair_shaped_and_unshaped(tmp_path):
    need_netns()
    cmd = [sys.executable, str(ROOT / "benchmarks" / "network_shaped.py")]
    cmd += [*smallest_args("network_shaped"), "--work", str(tmp_path)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    print(proc.stdout, proc.stderr[-1500:])
    rows = {
        (v, int(n)): (int(a), int(b), float(w)) for v, n, a, b, _, w in ROW.findall(proc.stdout)
    }
    assert set(rows) == {("sparse", 2), ("dense", 2)}, proc.stdout
    for shaped_n, unshaped_n, wire in rows.values():
        assert (shaped_n, unshaped_n) == (1, 1) and wire > 0, proc.stdout
    for label in ("shaped", "unshaped"):  # each sweep reported
        assert (tmp_path / "results" / f"network-{label}" / "report").is_dir(), label
