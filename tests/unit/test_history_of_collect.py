"""The history entry a collect adds is made from what the collect just wrote (its rows and
points.jsonl's records, history/store.collected_source), not from the tables read back: it
must be the entry `history add` makes of the same folder from its files (store.load_source),
or every collect would add a second version of its run. Checked on sweeps submitted to the
Slurm stand-ins with completed, failed and queued points, repeats, bundled allocations and
an env/ capture."""

from __future__ import annotations

import json

import msgspec
import pytest
from support import manifest
from support.damage import mark_completed, submit_sweep
from support.sweeps import separate_jobs

from scalestudy.cli import main
from scalestudy.collect import collect
from scalestudy.history import store
from scalestudy.plan import make_plan
from scalestudy.sweepfile.sweep import load_sweep


def _designs() -> dict[str, dict]:
    separate = separate_jobs("hsep")
    separate["repeats"] = 2
    bundled = separate_jobs("hbun")
    bundled.update(schedule="bundled", repeats=2, allocations=2)
    bundled["slurm"] = {}
    return {"separate": separate, "bundled": bundled}


def _plain(entry: store.Entry) -> dict:
    """The entry's content (when it was added and from where are not)."""
    return msgspec.to_builtins(msgspec.structs.replace(entry, added_at=0.0, source=""))


@pytest.mark.parametrize("design", sorted(_designs()))
def test_a_collects_entry_is_the_entry_of_its_files(tmp_path, monkeypatch, capsys, design):
    import fake_slurm

    fake_slurm.activate(tmp_path, monkeypatch)
    done = submit_sweep(tmp_path, _designs()[design])
    ids = done.point_ids()
    for pid in ids[: len(ids) // 2]:
        mark_completed(done, pid)
    failed = ids[len(ids) // 2]
    data = manifest.read(done.folder)
    data.last(failed).update(state="failed", exit_code=1)
    manifest.write(done.folder, data)
    env = done.folder / data.last(ids[0]).folder / "env"
    env.mkdir(parents=True, exist_ok=True)
    harness = {"mpi_family": "openmpi", "host": "c401-001"}
    (env / "capture.json").write_text(json.dumps({"harness": harness}))
    (env / "kernel.txt").write_text("Linux 6.1.0\n")

    loaded = load_sweep(done.sweep)
    collected = collect(loaded, make_plan(loaded), done.folder)
    side, capture = store.collected_source(done.folder, done.results, collected)
    mine = store.entry_of(side, capture, "")
    side, capture, _ = store.load_source(str(done.folder), done.results)
    theirs = store.entry_of(side, capture, "")
    assert _plain(mine) == _plain(theirs)
    statuses = {s for p in mine.points for s in p.statuses}
    assert {"completed", "failed"} <= statuses and len(statuses) >= 3  # and the queued ones
    assert any(p.tokens for p in mine.points)
    said = {(sec, name): list(values) for sec, name, values in mine.provenance}
    assert said.get(("machine", "host")) == ["c401-001"]  # the env/ capture was read
    if design == "bundled":
        assert any(a is not None for p in mine.points for a in p.token_allocations)

    # through the verbs: the collect's entry, then `history add` of its folder: the same file
    history = tmp_path / "history"
    assert done.run("collect", "--history", str(history)) == 0
    capsys.readouterr()
    assert main(["history", "add", str(done.folder), "--history", str(history)]) == 0
    assert "already in" in capsys.readouterr().out
    assert len(list((history / store.RUNS).glob("*.json"))) == 1


BLOCK_PANDAS = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] == "pandas":
            raise ImportError(f"{name}: blocked (collect must not need it)")
sys.meta_path.insert(0, Block())
from scalestudy.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_collect_and_its_history_entry_run_without_pandas(tmp_path, monkeypatch):
    """pandas' import costs a collect's start 0.17-0.18 CPU s beyond the numpy and pyarrow its
    parquet writer imports; the rows, tables and history entry need none of it."""
    import subprocess
    import sys

    import fake_slurm

    fake_slurm.activate(tmp_path, monkeypatch)
    done = submit_sweep(tmp_path, _designs()["separate"])
    mark_completed(done, done.point_ids()[0])
    history = tmp_path / "history"
    argv = ["collect", str(done.sweep), "--results", str(done.results), "--history", str(history)]
    out = subprocess.run(
        [sys.executable, "-c", BLOCK_PANDAS, *argv], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert (done.folder / "results.parquet").is_file()
    assert len(list((history / store.RUNS).glob("*.json"))) == 1
