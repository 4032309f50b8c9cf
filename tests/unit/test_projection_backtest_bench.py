"""benchmarks/projection_backtest.py at its smallest size (2 trials a row, 200 interval draws,
Extra-P left out): every row of the table is made, so the benchmark cannot rot unseen. The
figures themselves are measured by `make bench-backtest` (docs/report.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    path = ROOT / "benchmarks" / "projection_backtest.py"
    spec = importlib.util.spec_from_file_location("projection_backtest", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_backtest_benchmark_runs_every_row_at_its_smallest_size():
    bench = _bench()
    rows = bench.run(2, None, draws=200)
    targets = sum(len(t) for _, t in bench.DESIGNS)
    assert len(rows) == len(bench.CASES) * len(bench.NOISES) * targets == 24
    assert {r["case"] for r in rows} == {"alpha-beta", "N^1.5", "N log N", "step at 16"}
    assert {r["sizes"] for r in rows} == {"1..16 -> 32", "1..16 -> 64", "1..64 -> 128"}
    for r in rows:
        assert r["trials"] == 2 and 0.0 <= r["scalestudy 95% covered"] <= 1.0
        assert r["scalestudy |err| median"] >= 0 and r["extrap |err| median"] is None
    table = bench.table(rows).splitlines()
    assert len(table) == 2 + 24 and all(line.endswith("| no |") for line in table[2:])


def test_the_noise_kinds_have_the_spread_they_say():
    """--noise-kind: t3 keeps the log sd and adds tails; sd~sqrt(N) scales the same draws."""
    import numpy as np

    bench = _bench()
    a = bench.draw(np.random.default_rng(1), 16, 0.1, "lognormal")
    b = bench.draw(np.random.default_rng(1), 16, 0.1, "sd~sqrt(N)")
    np.testing.assert_allclose(b, 4 * a)  # sqrt(16) x the log-normal's own draws
    bench.REPEATS = 200_000
    t3 = bench.draw(np.random.default_rng(2), 1, 0.1, "t3")
    normal = bench.draw(np.random.default_rng(2), 1, 0.1, "lognormal")
    assert 0.09 < t3.std() < 0.11 and 0.099 < normal.std() < 0.101
    tails = np.mean(np.abs(t3) > 0.4), np.mean(np.abs(normal) > 0.4)  # beyond 4 sd
    assert tails[0] > 20 * max(tails[1], 1e-5), tails
