"""manifest.json's typed records (scalestudy/formats/manifest.py): a manifest read and written
again is the same bytes (old manifests read, new ones identical), a key absent and a key stored
as null stay apart, a damaged key is named with its file (exit 2, the file left as it was), the
job identity's format and parse are one, and the executors' queueing fact lives below the
provenance table that reads it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import fake_slurm
import pytest
from support.damage import submit_sweep
from support.manifest import lasts
from support.manifest import read as read_manifest

from scalestudy.errors import DamagedFile
from scalestudy.executors import registry
from scalestudy.executors.base import Executor
from scalestudy.executors.job_identity import JobIdentity, identity
from scalestudy.executors.layout import next_attempt_dir
from scalestudy.executors.manifest import Manifest
from scalestudy.formats.manifest import (
    QUEUES_JOBS,
    UNSET,
    Attempt,
    Attempts,
    ManifestFile,
    decode,
    encode,
)
from scalestudy.provenance_table import _unqueued

DATA = Path(__file__).parent / "data"
# every key a submit, a reconcile and a rebuild write, with nulls, ints in time fields and
# non-ASCII text, written as manifest.json always was (json.dumps, indent 1, keys sorted)
EVERY_KEY = DATA / "manifest" / "every-key.json"
# a manifest a real submit (job arrays on the local Slurm cluster) wrote before the records
FROM_A_CLUSTER = DATA / "provenance" / "prov" / "manifest.json"


@pytest.mark.parametrize("path", [EVERY_KEY, FROM_A_CLUSTER], ids=["every-key", "from-a-cluster"])
def test_a_manifest_read_and_written_again_is_the_same_bytes(path, tmp_path):
    raw = path.read_bytes()
    assert encode(decode(raw, path)).encode() == raw
    # and through the manifest's own edit (read under the lock, written back atomically)
    sdir = tmp_path / "sweep"
    sdir.mkdir()
    shutil.copy(path, sdir / "manifest.json")
    with Manifest(sdir).edit() as data:
        assert isinstance(data, ManifestFile)
    assert (sdir / "manifest.json").read_bytes() == raw


def test_the_fixture_holds_every_key_of_the_records():
    """So that the byte test above covers every field: a field added to the records must be
    added to the fixture too."""
    data = json.loads(EVERY_KEY.read_text())
    jobs = [
        a
        for kind in ("points", "bundles", "arrays")
        for e in data[kind].values()
        for a in e["attempts"]
    ]
    keys = {k for a in [*jobs, *data["gates"]] for k in a}
    assert keys == set(Attempt.__struct_fields__)
    assert set(data) == set(ManifestFile.__struct_fields__)


def test_a_key_absent_and_a_key_stored_as_null_stay_apart():
    raw = b'{"points": {"p": {"attempts": [{"attempt": 1, "reason": null}, {"attempt": 2}]}}}'
    first, second = decode(raw, "m.json").points["p"].attempts
    assert first.reason is None and second.reason is UNSET
    assert json.loads(encode(ManifestFile(points={"p": Attempts([first, second])}))) == json.loads(
        raw
    )


def test_readers_see_attributes():
    data = decode(EVERY_KEY.read_bytes(), EVERY_KEY)
    pid = "n0002-p2-0a1b2c3d4e-r0"
    last = data.last(pid)
    assert (last.job_id, last.state, last.run_order, last.exit_code) == ("18", "pending", 1, UNSET)
    assert data.state(pid) == "pending"
    assert data.state("n0008-p1-5f6e7d8c9b-r0") == "planned" == data.state("no-such-point")
    # what a scheduler reconciles: the points' 6 attempts, the gate, the bundles' 2 jobs
    assert len(data.records()) == 6 + 1 + 2
    with pytest.raises(AttributeError, match="no field 'stat'"):
        last.update(stat="completed")  # a misspelt key is never written


def test_a_new_attempt_is_numbered_after_the_last():
    data = ManifestFile.empty()
    data.new_attempt("p", folder="p/attempt-1")
    second = data.new_attempt("p", folder="p/attempt-2", state="submitting")
    assert (second.attempt, second.state) == (2, "submitting")
    assert json.loads(encode(data)) == {
        "version": 1,
        "points": {
            "p": {
                "attempts": [
                    {"attempt": 1, "state": "submitted", "folder": "p/attempt-1"},
                    {"attempt": 2, "state": "submitting", "folder": "p/attempt-2"},
                ]
            }
        },
    }


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda a: a.update(state=5), "attempts[0].state: Expected `str`, got `int`"),
        (lambda a: a.update(stat="completed"), "attempts[0]: Object contains unknown field `stat`"),
    ],
    ids=["wrong-type", "unknown-key"],
)
@pytest.mark.parametrize(
    "verb", [("status",), ("submit", "--dry-run", "--executor", "slurm"), ("collect",)]
)
def test_a_damaged_key_is_named_with_its_file_and_exits_2(
    tmp_path, monkeypatch, capsys, change, said, verb
):
    fake_slurm.activate(tmp_path, monkeypatch)
    done = submit_sweep(tmp_path)
    path = done.folder / "manifest.json"
    data = json.loads(path.read_text())
    pid = sorted(data["points"])[1]
    change(data["points"][pid]["attempts"][0])
    path.write_text(json.dumps(data))
    damaged = path.read_bytes()
    capsys.readouterr()
    assert done.run(*verb) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    assert f"{path}: key points.{pid}.{said}" in err, err
    assert "rebuilds it from the attempt folders" in err  # the hint
    # said, never rebuilt over: the file as it was, no damaged copy beside it
    assert path.read_bytes() == damaged and not list(done.folder.glob("manifest.json.damaged-*"))


def test_the_hint_of_a_damaged_key_works_an_emptied_file_is_rebuilt(tmp_path, monkeypatch):
    """What the exit-2 hint says to do: empty the file; the next status rebuilds every point's
    attempt from its folder (a file moved aside is not rebuilt: it reads as no submit yet)."""
    fake_slurm.activate(tmp_path, monkeypatch)
    done = submit_sweep(tmp_path)
    before = lasts(read_manifest(done.folder))
    path = done.folder / "manifest.json"
    path.write_text(path.read_text().replace('"version"', '"sweep_flie": 1, "version"', 1))
    assert done.run("status") == 2
    path.write_text("")
    assert done.run("status") == 0
    after = lasts(read_manifest(done.folder))
    assert {p: a.folder for p, a in after.items()} == {p: a.folder for p, a in before.items()}


def test_decode_names_a_damaged_gate_and_tells_no_manifest_from_a_damaged_one():
    raw = json.dumps({"points": {}, "gates": [{"job_id": 17}]}).encode()
    with pytest.raises(DamagedFile, match=r"m\.json: key gates\[0\]\.job_id: Expected `str`"):
        decode(raw, "m.json")
    for not_one in (b"", b'{"points": {"n1', b"[]", b'{"version": 1}'):
        with pytest.raises(ValueError) as caught:  # rebuilt by Manifest.read, not exit 2
            decode(not_one, "m.json")
        assert not isinstance(caught.value, DamagedFile)


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"points": {}, "bundles": [1]}, "key bundles: Expected `object`, got `array`"),
        ({"points": {}, "arrays": "x"}, "key arrays: Expected `object`, got `str`"),
        ({"points": {"p": None}}, "key points.p: Expected `object`, got `null`"),
        (
            {"points": {}, "sweep_flie": "x"},
            "key sweep_flie: Object contains unknown field `sweep_flie`",
        ),
    ],
    ids=["bundles-a-list", "arrays-a-string", "a-point-null", "a-top-level-key"],
)
def test_decode_names_a_whole_section_or_entry_of_the_wrong_type(data, said):
    """Not a key inside an attempt: a section that is no mapping, an entry that is no object
    (a traceback and a garbled message before the review's fix)."""
    with pytest.raises(DamagedFile) as caught:
        decode(json.dumps(data).encode(), "m.json")
    assert str(caught.value).startswith(f"m.json: {said}"), str(caught.value)


def test_the_job_identity_is_formatted_and_parsed_in_one_place():
    job = JobIdentity("every-key", "a0001-p2-8c42485e", 3)
    assert job.comment == "scalestudy sweep=every-key job=a0001-p2-8c42485e attempt=3"
    assert identity("every-key", "a0001-p2-8c42485e", 3) == job.comment
    assert JobIdentity.parse(job.comment) == job
    assert JobIdentity.parse(f" {job.comment}\n") == job  # as sacct may pad it
    for other in (None, "", "my own comment", "scalestudy sweep=s job=j attempt=x"):
        assert JobIdentity.parse(other) is None
    # every identity the fixture records parses back to its own comment
    data = decode(EVERY_KEY.read_bytes(), EVERY_KEY)
    stored = [a.identity for a in data.records() if a.identity]
    assert stored and all(JobIdentity.parse(c).comment == c for c in stored)


def test_whether_an_executor_queues_jobs_is_one_table_the_backends_agree_with():
    assert {name: registry.get(name).queues_jobs for name in QUEUES_JOBS} == QUEUES_JOBS
    assert set(QUEUES_JOBS) == set(registry.BUILTIN)
    # the provenance table reads it without importing the backends
    assert [_unqueued(n) for n in ("local", "slurm", "elsewhere", None)] == [
        "local",
        None,
        None,
        None,
    ]

    class Disagrees(Executor):
        name = "local"  # says it queues jobs, where the table says local runs here
        queues_jobs = True

        def submit(self, sub):
            pass

        def reconcile(self, records, sweep_dir):
            return None

    with pytest.raises(TypeError, match="QUEUES_JOBS says False"):
        registry.register(Disagrees)
    assert registry.get("local").queues_jobs is False  # the real one is still registered


def test_the_next_attempt_folder_follows_the_recorded_attempts(tmp_path):
    """A retry gets a folder of its own: attempt-<recorded attempts + 1>, never a used one."""
    data = decode(EVERY_KEY.read_bytes(), EVERY_KEY)
    tried_twice, never = "n0001-p1-0a1b2c3d4e-r0", "n0008-p1-5f6e7d8c9b-r0"
    assert next_attempt_dir(tmp_path, data, SimpleNamespace(id=tried_twice)) == (
        3,
        tmp_path / tried_twice / "attempt-3",
    )
    for pid in (never, "not-in-the-manifest"):
        assert next_attempt_dir(tmp_path, data, SimpleNamespace(id=pid))[0] == 1
