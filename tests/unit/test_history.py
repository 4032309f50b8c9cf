"""The history (issue #45, docs/history.md): runs kept without a lock where flock fails, counted
once, versions of a run grouped by their attempts, a damaged entry said and skipped; series,
change points at the right run with the provenance that changed, the gate, and a one-run
history that says so. Synthetic results folders (tests/support/compare.py), seeded noise."""

from __future__ import annotations

import errno
import fcntl
import json
import math
import multiprocessing
import os
import random
from pathlib import Path

import pytest
from scipy.stats import t as student
from support.compare import make_run

from scalestudy.cli import main
from scalestudy.history import changes, store

SLOW = 0.88  # the slowdown the synthetic history's dense points take at run index 7


def _samples(rng: random.Random, factor_dense: float) -> dict:
    return {
        (d, n): [
            1000.0
            * n
            * (1.3 if d else 1.0)
            * (factor_dense if d else 1.0)
            * math.exp(rng.gauss(0, 0.03))
            for _ in range(2)
        ]
        for d in (False, True)
        for n in (1, 2)
    }


def _no_locks(fd, operation):
    raise OSError(errno.ENOLCK, "No locks available")


def _add_runs(root: str, history: str, names: list[str]) -> None:
    fcntl.flock = _no_locks  # a file system whose locks fail, in this process
    for name in names:
        assert main(["history", "add", f"{root}/{name}", "--history", history]) == 0


def test_two_concurrent_adds_where_locks_fail_lose_nothing(tmp_path):
    rng = random.Random(1)
    names = [f"r{k}" for k in range(8)]
    for name in names:
        make_run(tmp_path, name, _samples(rng, 1.0), salt="same")
    history = str(tmp_path / "shared-history")
    ctx = multiprocessing.get_context("fork")
    procs = [
        ctx.Process(target=_add_runs, args=(str(tmp_path), history, names[i::2])) for i in (0, 1)
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0]
    loaded = store.read(Path(history))
    assert sorted(r.sweep for r in loaded.runs) == names and not loaded.damaged


def test_the_same_run_twice_is_counted_once_and_an_update_replaces_it(tmp_path, capsys):
    rng = random.Random(2)
    folder = make_run(tmp_path, "q", _samples(rng, 1.0))
    history = tmp_path / "h"
    argv = ["history", "add", str(folder), "--history", str(history)]
    assert main(argv) == 0 and main(argv) == 0
    assert "already in" in capsys.readouterr().out
    assert len(list((history / "runs").glob("*.json"))) == 1
    # an incremental collect: one point's repeat rerun (a new attempt), the rest as they were
    table = (folder / "results.csv").read_text().splitlines()
    head = table[0].split(",")
    row = table[1].split(",")
    row[head.index("attempt")] = "2"
    row[head.index("tokens_per_s")] = "5.0"
    (folder / "results.csv").write_text("\n".join([table[0], ",".join(row), *table[2:]]) + "\n")
    assert main(argv) == 0
    assert "updated in" in capsys.readouterr().out
    runs = store.read(history).runs
    assert len(runs) == 1 and 5.0 in [x for p in runs[0].points for x in p.tokens]


def test_a_new_campaign_of_the_same_sweep_is_a_new_run(tmp_path):
    rng = random.Random(3)
    history = tmp_path / "h"
    for site in ("a", "b"):  # the same sweep, points and attempt numbers, measured anew
        folder = make_run(tmp_path / site, "q", _samples(rng, 1.0), salt="same")
        assert main(["history", "add", str(folder), "--history", str(history)]) == 0
    assert len(store.read(history).runs) == 2


def _history(tmp_path: Path, runs: int = 10, change_at: int = 7) -> Path:
    rng = random.Random(4)
    history = tmp_path / "h"
    for k in range(runs):
        slow = k >= change_at
        folder = make_run(
            tmp_path,
            f"run{k:02d}",
            _samples(rng, SLOW if slow else 1.0),
            salt="same",
            allocations=2,
            exports={"HOROVOD_CYCLE_TIME": "50" if slow else "5"},
        )
        assert main(["history", "add", str(folder), "--history", str(history)]) == 0
    return history


def test_a_damaged_entry_is_said_and_skipped(tmp_path, capsys):
    history = _history(tmp_path, runs=3, change_at=99)
    victim = sorted((history / "runs").glob("*.json"))[1]
    victim.write_text(victim.read_text()[:100])
    capsys.readouterr()
    gate = ["history", "--history", str(history), "--fail-on-change", "5%"]
    assert main(gate) == 1  # the gate cannot pass what it did not read
    out, err = capsys.readouterr()
    assert f"{victim}: damaged history entry" in err and "skipped" in err
    assert "Traceback" not in err and "2 run(s)" in out
    assert main([*gate, "--allow-unjudged"]) == 0


def test_a_change_is_found_at_its_run_on_the_points_it_hit_with_what_changed(tmp_path, capsys):
    history = _history(tmp_path)
    capsys.readouterr()
    junit = tmp_path / "j.xml"
    argv = ["history", "--history", str(history), "--fail-on-change", "5%", "--junit", str(junit)]
    assert main(argv) == 1
    out, _ = capsys.readouterr()
    data = json.loads((history / "report" / "history.json").read_text())
    found = {p["point"]: [c["run"] for c in p["changes"]] for p in data["points"]}
    assert found == {"dense@1x1": [8], "dense@2x1": [8], "sparse@1x1": [], "sparse@2x1": []}
    for p in data["points"]:
        for c in p["changes"]:
            assert c["ratio"]["lo"] < SLOW < c["ratio"]["hi"]
            changed = {(f["field"], tuple(f["base"]), tuple(f["new"])) for f in c["provenance"]}
            assert ("HOROVOD_CYCLE_TIME", ("5",), ("50",)) in changed
    assert "slower than TOL: dense@1x1" in out and "slower than TOL: sparse" not in out
    assert junit.read_text().count("<failure") == 2
    assert (history / "report" / "trend-1.png").is_file()
    assert main(["history", "--history", str(history), "--point", "sparse@2x1"]) == 0
    data = json.loads((history / "report" / "history.json").read_text())
    assert [p["point"] for p in data["points"]] == ["sparse@2x1"]


def test_a_one_run_history_says_so_and_draws_no_trend(tmp_path, capsys):
    history = _history(tmp_path, runs=1)
    capsys.readouterr()
    assert main(["history", "--history", str(history)]) == 0
    out, _ = capsys.readouterr()
    assert "the history holds one run" in out
    assert not list((history / "report").glob("trend-*.png"))
    assert main(["history", "--history", str(history), "--fail-on-change", "5%"]) == 1


def test_a_step_is_judged_with_the_t_test_it_states():
    x = [0.0, 0.01, -0.01, 0.0, -0.1, -0.09, -0.11]
    se = [0.05] * len(x)  # the noise model's figure dominates the series' own spread here
    ratio, p = changes.step(x, changes.variances(x, se), range(0, 4), range(4, 7))
    d = sum(x[4:]) / 3 - sum(x[:4]) / 4
    sd = math.sqrt(0.05**2 / 4 + 0.05**2 / 3)
    assert p == pytest.approx(2 * student.sf(abs(d) / sd, 5), rel=1e-9)
    half = student.ppf(0.975, 5) * sd
    assert (ratio.lo, ratio.hi) == pytest.approx((math.exp(d - half), math.exp(d + half)))


def test_one_slow_run_is_no_change():
    rng = random.Random(5)
    x = [rng.gauss(0, 0.01) for _ in range(16)]
    x[8] = math.log(0.8)  # one run 20% slow (a bad node once), then back
    assert changes.detect(x, [0.01] * len(x), points=4) == []
    x[9] = math.log(0.8)  # two runs slow and the rest back: a change there and back
    assert [c.index for c in changes.detect(x, [0.01] * len(x), points=4)] != []


def test_a_candidate_the_noise_proposed_does_not_cut_a_real_changes_window():
    # tokens/s of a 2-node point over 8 real campaigns on the emulated cluster (2026-11-29,
    # benchmarks/history_real.py), HOROVOD_CYCLE_TIME=50 from the 6th: the noise of the runs
    # before made ruptures propose a split at the 4th too; judged between the two candidates,
    # the real change had 2 runs before it and was lost, judged alone it is clear
    measured = [23359, 29788, 30589, 24463, 25152, 17143, 16870, 17260]
    x = [math.log(v) for v in measured]
    sd = math.sqrt(sorted(changes.variances(x, [None] * 8))[4])
    assert changes.candidates([v / sd for v in x], 2 * math.log(8)) == [3, 5]
    (found,) = changes.detect(x, [None] * len(x), points=2)
    assert (found.index, found.before, found.after) == (5, (0, 5), (5, 8))
    assert found.ratio.hi < 0.7


def _collect_with_history_locks_failing(sweep: str, results: str, history: str) -> None:
    real = fcntl.flock

    def flock(fd, operation):  # the history's file system refuses locks; the results' works
        if os.readlink(f"/proc/self/fd/{fd}").startswith(history):
            raise OSError(errno.ENOLCK, "No locks available")
        return real(fd, operation)

    fcntl.flock = flock
    assert main(["collect", sweep, "--results", results]) == 0


def test_two_concurrent_collects_add_their_runs_once_where_the_history_cannot_lock(
    tmp_path, monkeypatch, capsys
):
    import fake_slurm
    from support.damage import mark_completed, submit_sweep
    from support.sweeps import separate_jobs

    fake_slurm.activate(tmp_path, monkeypatch)
    monkeypatch.setenv("SCALESTUDY_SBATCH_RETRY_S", "0.01,0.01,0.01")
    history = tmp_path / "shared" / "history"
    monkeypatch.setenv(store.ENV_VAR, str(history))
    for n in ("ha", "hb"):
        (tmp_path / n).mkdir()
    done = [submit_sweep(tmp_path / n, separate_jobs(n)) for n in ("ha", "hb")]
    for d in done:
        mark_completed(d, d.point_ids()[0])
    ctx = multiprocessing.get_context("fork")
    procs = [
        ctx.Process(
            target=_collect_with_history_locks_failing,
            args=(str(d.sweep), str(d.results), str(history)),
        )
        for d in done
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0]
    assert sorted(r.sweep for r in store.read(history).runs) == ["ha", "hb"]
    capsys.readouterr()
    assert done[0].run("collect") == 0  # the same run collected again: counted once
    assert "already in" in capsys.readouterr().out
    assert len(list((history / store.RUNS).glob("*.json"))) == 2


def test_a_long_field_is_shown_where_it_changed():
    # a launch line that gained `-x HOROVOD_CYCLE_TIME` in its middle (the real history's):
    # cut at its start, both sides read the same
    from scalestudy.history.render import _where_they_differ

    head = "mpirun -np 1 --map-by ppr:1:node --bind-to none --report-bindings -x PATH"
    before, after = _where_they_differ(f"{head} -x OMPI_MCA_btl", f"{head} -x HOROVOD_CYCLE_TIME")
    assert before != after and "HOROVOD_CYCLE_TIME" in after and before.startswith("...")
    assert _where_they_differ("5", "50") == ("5", "50")


def test_a_found_changes_ratio_interval_covers_the_true_ratio():
    """The interval `history` prints beside a change point (after / before, 95%) covers the
    true ratio in at least 93% of seeded histories whose change was found at its run (issue
    #44's lower bound for a 95% interval), whole (offline) and as first found (online): 60
    histories of a 20% drop at the quickstart's noise, through benchmarks/history_changes.py's
    ratio_coverage (measured at 200 a size in docs/history.md: 0.965 and 0.960). An interval
    40% too narrow covers 0.883 offline here and fails."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "history_changes.py"
    spec = importlib.util.spec_from_file_location("history_changes", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.ratio_coverage(random.Random(7), 60, 0.20, changes.BUDGET)
    for how in ("offline", "online"):
        assert got[how]["found"] >= 55, got  # found nearly always: the coverage is of them all
        assert got[how]["coverage"] >= 0.93, got


def test_a_shared_histories_sweeps_are_each_judged_against_their_own_newest_run(tmp_path, capsys):
    """Four flat runs of sweep q, then three of sweep `other` (another configuration), in one
    history, as collect adds every sweep's runs to a site's shared one: q's points are in q's
    newest run, and are judged (the review's finding: every q point was "unjudged: not
    measured in the newest run" and the gate exited 1)."""
    rng, history = random.Random(1), tmp_path / "h"
    for i in range(4):
        folder = make_run(tmp_path / f"q{i}", "q", _samples(rng, 1.0), salt="same")
        assert main(["history", "add", str(folder), "--history", str(history)]) == 0
    for i in range(3):
        folder = make_run(tmp_path / f"o{i}", "other", _samples(rng, 1.0), salt="same2", steps=20)
        assert main(["history", "add", str(folder), "--history", str(history)]) == 0
    capsys.readouterr()
    junit = tmp_path / "j.xml"
    main(["history", "--history", str(history), "--fail-on-change", "5%", "--junit", str(junit)])
    out = capsys.readouterr().out
    assert "not measured in" not in out, out
    # the two sweeps' points share their names: the JUnit cases are still told apart (the
    # review's finding: a 12-character prefix of keys that all start '{"nodes":N,"')
    import xml.etree.ElementTree as ET

    names = [c.get("name") for c in ET.fromstring(junit.read_text()).iter("testcase")]
    assert len(names) == len(set(names)) == 8, names


@pytest.mark.parametrize(
    "options", [[], ["--strict"], ["--allow-unjudged"], ["--strict", "--allow-unjudged"]]
)
def test_the_junit_file_fails_what_the_gate_fails_on(tmp_path, capsys, options):
    """The JUnit file's failures are the points the exit code failed on, under the same
    --strict and --allow-unjudged (the review's finding: it always failed "slower" and
    "unjudged", so under --strict --allow-unjudged it failed the allowed unjudged point and
    passed the inconclusive ones that failed the gate). Five runs, the newest without
    dense@2x1 (both its repeats failed): that point is unjudged."""
    import xml.etree.ElementTree as ET

    rng, history = random.Random(1), tmp_path / "h"
    lost = {(True, 2, 0): "failed", (True, 2, 1): "failed"}
    for i in range(5):
        folder = make_run(
            tmp_path / f"q{i}", "q", _samples(rng, 1.0), salt="same",
            statuses=lost if i == 4 else None,
        )  # fmt: skip
        assert main(["history", "add", str(folder), "--history", str(history)]) == 0
    junit = tmp_path / "j.xml"
    capsys.readouterr()
    argv = ["history", "--history", str(history), "--fail-on-change", "5%", "--junit", str(junit)]
    code = main([*argv, *options])
    outcomes = {}
    for line in capsys.readouterr().out.splitlines():
        outcome, _, rest = line.partition(": ")
        if outcome in ("slower than TOL", "inconclusive", "unjudged"):
            outcomes[rest.split(": ")[0]] = outcome
    assert outcomes.get("dense@2x1") == "unjudged", outcomes
    strict, allowed = "--strict" in options, "--allow-unjudged" in options
    fails = {"slower than TOL"} | ({"unjudged"} - ({"unjudged"} if allowed else set()))
    fails |= {"inconclusive"} if strict else set()
    failing = {n for n, o in outcomes.items() if o in fails}
    root = ET.fromstring(junit.read_text())
    failed = {c.get("name") for c in root.iter("testcase") if c.find("failure") is not None}
    names = [c.get("name") for c in root.iter("testcase")]
    assert failed == failing and len(names) == len(set(names)) == 4
    assert code == (1 if failing else 0)


def test_runs_whose_tokens_were_not_clock_checked_leave_a_series_that_has_checked_ones(
    tmp_path, capsys
):
    """compare's clock rule over time: seven runs of a trainer whose timed window held the
    compute probe (tokens/s read 0.6x, never checked against the step records), then three
    checked runs of the fixed trainer. The fix is no change of the machine: the unchecked runs
    leave the series, said on stderr, and the gate finds nothing (without the guard every
    point 'changes' at run 7, 1/0.6 faster)."""
    rng = random.Random(8)
    history = tmp_path / "h"
    for k in range(10):
        checked = k >= 7
        samples = {
            key: [v * (1.0 if checked else 0.6) for v in values]
            for key, values in _samples(rng, 1.0).items()
        }
        folder = make_run(
            tmp_path,
            f"run{k:02d}",
            samples,
            salt="same",
            allocations=2,
            clock_check="ok" if checked else None,
        )
        assert main(["history", "add", str(folder), "--history", str(history)]) == 0
    capsys.readouterr()
    gate = ["history", "--history", str(history), "--fail-on-change", "5%", "--allow-unjudged"]
    assert main(gate) == 0
    out, err = capsys.readouterr()
    assert "slower than TOL" not in out
    data = json.loads((history / "report" / "history.json").read_text())
    assert {p["point"]: p["changes"] for p in data["points"]} == {
        "dense@1x1": [],
        "dense@2x1": [],
        "sparse@1x1": [],
        "sparse@2x1": [],
    }
    assert err.count("7 run(s) left out") == 4 and "not checked against their step records" in err


def test_another_sweeps_runs_in_a_shared_history_do_not_lower_this_sweeps_alpha(tmp_path):
    """The budget is per run over a sweep's points (docs/history.md): sweep q's 4 series are
    tested at alpha = B / (100 x 4) whether or not sweep `other`'s runs share the history (the
    review's finding: P counted all 8 series, halving q's alpha and hiding its change)."""
    from scalestudy.history import series

    def history(with_other: bool) -> list:
        rng, h = random.Random(5), tmp_path / f"h{with_other}"
        for i in range(10):
            folder = make_run(
                tmp_path / f"q{with_other}{i}", "q", _samples(rng, 1.0 if i < 6 else 0.86),
                salt="same",
            )  # fmt: skip
            assert main(["history", "add", str(folder), "--history", str(h)]) == 0
        if with_other:
            other = random.Random(99)
            for i in range(3):
                folder = make_run(
                    tmp_path / f"o{i}", "other", _samples(other, 1.0), salt="s2", steps=20
                )
                assert main(["history", "add", str(folder), "--history", str(h)]) == 0
        runs = store.read(h).runs
        return [
            (s.name, [(c.index, c.alpha) for c in s.changes])
            for s in series.build(runs)
            if {runs[p.run].sweep for p in s.points} == {"q"}
        ]

    alone, shared = history(False), history(True)
    assert alone == shared
    assert any(changes for _, changes in alone), alone  # the change is there to be lost
    assert {a for _, cs in alone for _, a in cs} == {changes.alpha_for(changes.BUDGET, 4)}


def test_an_entry_whose_samples_and_allocations_differ_in_number_is_damaged(tmp_path, capsys):
    """Valid JSON of the right schema, but a point's allocations cut by one: said and skipped
    as damaged (the file named), never a traceback from the noise model."""
    history = _history(tmp_path, runs=3, change_at=99)
    victim = sorted((history / "runs").glob("*.json"))[0]
    entry = json.loads(victim.read_text())
    entry["points"][0]["token_allocations"] = entry["points"][0]["token_allocations"][:-1]
    victim.write_text(json.dumps(entry))
    capsys.readouterr()
    assert main(["history", "--history", str(history)]) == 0
    _, err = capsys.readouterr()
    assert f"{victim}" in err and "samples and allocations differ in number" in err
