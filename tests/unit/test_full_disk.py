"""A results folder on a file system that is full (a real 16 MiB tmpfs, filled up): `submit` and
`collect` exit 3 with one clear sentence, and what was written before is intact and valid.
Slurm's commands are stand-ins (fake_slurm.py): no sbatch may be called once the disk is full."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import subprocess
from pathlib import Path

import fake_slurm
import pytest
import yaml
from test_submit_crash_safety import SWEEP as CRASH_SWEEP

from scalestudy.cli import main

SWEEP = dict(CRASH_SWEEP, name="full")  # 4 separate points on the generic slurm profile


@pytest.fixture
def small_fs(tmp_path):
    mount = tmp_path / "fs"
    mount.mkdir()
    r = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        reason = f"a full-disk test needs to mount a small tmpfs (root): {r.stderr.strip()}"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run this test, but: {reason}")
        pytest.skip(reason)
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=False)


def _fill(mount: Path) -> None:
    """Take every free byte of the file system (a filler file written until ENOSPC)."""
    with open(mount / "filler", "wb", buffering=0) as fh:  # unbuffered: nothing left to flush
        try:
            while True:
                fh.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def sweep(tmp_path, monkeypatch):
    queue = fake_slurm.activate(tmp_path, monkeypatch)
    path = tmp_path / "full.yaml"
    path.write_text(yaml.safe_dump(SWEEP))
    return path, queue


def _says_the_disk_is_full(err: str, sdir: Path) -> None:
    assert "cannot write" in err and "No space left on device" in err, err
    assert "hint: free space" in err and "Traceback" not in err
    assert not list(sdir.glob(".*.tmp")), "a temporary file was left behind"


def test_submit_on_a_full_disk_sends_nothing_and_keeps_the_manifest(small_fs, sweep, capsys):
    path, queue = sweep
    args = ["submit", str(path), "--results", str(small_fs), "--executor", "slurm"]
    assert main(args) == 0
    sdir = small_fs / "full"
    before = _digest(sdir / "manifest.json")
    assert len(fake_slurm.jobs(queue)) == 4
    _fill(small_fs)
    capsys.readouterr()
    assert main([*args, "--force"]) == 3  # would write 4 new attempts first
    _says_the_disk_is_full(capsys.readouterr().err, sdir)
    assert len(fake_slurm.jobs(queue)) == 4  # no sbatch once nothing could be recorded
    assert _digest(sdir / "manifest.json") == before
    json.loads((sdir / "manifest.json").read_text())


def test_collect_on_a_full_disk_keeps_the_table(small_fs, sweep, capsys):
    path, _ = sweep
    results = ["--results", str(small_fs)]
    assert main(["submit", str(path), *results, "--executor", "slurm"]) == 0
    assert main(["collect", str(path), *results]) == 0
    sdir = small_fs / "full"
    table = {f: _digest(sdir / f) for f in ("results.csv", "points.jsonl", "manifest.json")}
    _fill(small_fs)
    # nothing new: the tables and points.jsonl already hold what collect would write, and
    # are left as they are (collect/tables.py): nothing to write, nothing fails
    assert main(["collect", str(path), *results]) == 0
    assert {f: _digest(sdir / f) for f in table} == table
    (sdir / ".collect-cache.msgpack").unlink()  # without its record collect writes the table
    capsys.readouterr()
    assert main(["collect", str(path), *results]) == 3
    _says_the_disk_is_full(capsys.readouterr().err, sdir)
    assert {f: _digest(sdir / f) for f in table} == table
    assert (sdir / "results.csv").read_text().startswith("point_id,")
