"""Provenance in the report and the archive (issue #33, item 7): per point the job id, nodes,
start and end; per run the commit, the scalestudy / TensorFlow / Horovod / MPI / Slurm
versions, the modules and the container image's digest, read from what the jobs recorded.

The fixture tests/unit/data/provenance/prov/ is a real 4-point Slurm run, collected, then
made mixed by hand (its README): one point with another commit, TensorFlow and an image, one
with no env/ at all. The values the report shows are checked against the raw files read here
with json/csv/re alone, and against clocks the report does not use (the capture's own time
and node list, written inside the job)."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import tarfile
from pathlib import Path

import pytest
from support import manifest

from scalestudy import archive
from scalestudy import provenance_table as provenance
from scalestudy.cli import main
from scalestudy.formats.env_capture import EnvFolder, modules_loaded

FIXTURE = Path(__file__).parent / "data" / "provenance" / "prov"
NAME = "prov"


@pytest.fixture
def results(tmp_path) -> Path:
    """A copy of the fixture under tmp_path/results (the report writes into its folder)."""
    shutil.copytree(FIXTURE, tmp_path / "results" / NAME)
    return tmp_path / "results"


def _rows(folder: Path) -> list[dict]:
    with (folder / "results.csv").open(newline="") as fh:
        return list(csv.DictReader(fh))


def _read(folder: Path) -> provenance.Provenance:
    return provenance.read([(NAME, folder, _rows(folder))])


def _raw(env: Path) -> dict[str, str]:
    """The run fields from the raw files, read without the product's code."""
    cap = json.loads((env / "capture.json").read_text())["harness"]
    # a container's trainer ran the image's packages, not the host's
    image_pip = env / "pip-freeze-image.txt"
    pip = (image_pip if image_pip.exists() else env / "pip-freeze.txt").read_text()
    tf = re.search(r"^tensorflow-cpu==(\S+)$", pip, re.M).group(1)
    hvd = re.search(r"^horovod @ \S*/horovod-([^-]+)-", pip, re.M).group(1)
    mpi = re.search(r"\(Open MPI\) (\S+)", (env / "mpi.txt").read_text()).group(1)
    slurm = (env / "slurm-version.txt").read_text().split()[1]
    image = env / "image.json"
    return {
        "commit": cap["commit"],
        "TensorFlow": tf,
        "Horovod": hvd,
        "MPI": mpi,
        "Slurm": slurm,
        "Python": cap["python"],
        "image": json.loads(image.read_text())["digest"] if image.exists() else "",
        "nodelist": cap["slurm_nodelist"],
        "job": cap["slurm_job_id"],
        "captured_at": cap["captured_at"],
    }


def test_values_are_the_recorded_ones(results):
    folder = results / NAME
    prov = _read(folder)
    by_id = {p.point_id: p for p in prov.points}
    rows = {r["point_id"]: r for r in _rows(folder)}
    assert set(by_id) == set(rows) and len(rows) == 4
    checked = 0
    for pid, row in rows.items():
        p = by_id[pid]
        # per point: the table's job id and nodes, as collect wrote them from the manifest/sacct
        assert p.job_id == row["job_id"] and p.nodes == row["node_list"]
        env = folder / pid / f"attempt-{row['attempt']}" / "env"
        if not env.is_dir():
            assert all(v == provenance.NOT_RECORDED for v in p.values.values()), p.values
            continue
        raw = _raw(env)
        # the job's own record, written inside it: the same job and the same nodes as sacct
        assert (raw["job"], raw["nodelist"]) == (row["job_id"], row["node_list"])
        # another clock: the capture ran inside the job, so between sacct's Start and End
        # (whole seconds)
        assert float(row["start"]) <= raw["captured_at"] <= float(row["end"]) + 1
        assert p.start == provenance.utc(float(row["start"]))
        assert p.values["commit"].split()[0] == raw["commit"]
        assert p.values["TensorFlow"].split()[0] == raw["TensorFlow"]
        assert p.values["Horovod"].split()[0] == raw["Horovod"]
        assert p.values["MPI"] == f"Open MPI {raw['MPI']}"
        assert p.values["Slurm"] == raw["Slurm"]
        assert p.values["Python"] == raw["Python"]
        if raw["image"]:
            assert p.values["container image"].split()[0] == raw["image"]
        else:
            assert p.values["container image"] == "none (no container)"
        checked += 1
    assert checked == 3


def test_mixed_fields_are_named_with_their_points(results):
    folder = results / NAME
    seen: dict[str, set[str]] = {}
    for row in _rows(folder):
        env = folder / row["point_id"] / "attempt-1" / "env"
        if env.is_dir():
            for k, v in _raw(env).items():
                seen.setdefault(k, set()).add(str(v))
    expect = {
        "commit": "commit",
        "TensorFlow": "TensorFlow",
        "image": "container image",
        "MPI": "MPI",
        "Slurm": "Slurm",
        "Horovod": "Horovod",
    }
    want = [f for f in provenance.FIELDS if f in {expect[k] for k in expect if len(seen[k]) > 1}]
    prov = _read(folder)
    assert prov.mixed() == want and want  # commit, TensorFlow, container image
    assert prov.notes()[0].startswith("MIXED")
    for name in want:
        assert name in prov.notes()[0]
    # each value's row names its points
    tf = [r for r in prov.run_rows() if r[0].startswith("TensorFlow")]
    assert any("2.15.0" in r[1] and "n0002-p1-8e08ae577e-r1" in r[2] for r in tf), tf


def test_report_shows_it_in_summary_and_a_collapsed_html_section(results, capsys):
    assert main(["report", NAME, "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert "provenance: MIXED" in out
    report = results / NAME / "report"
    md = (report / "summary.md").read_text()
    section = md[md.index("## Provenance") :]
    for row in _rows(results / NAME):
        line = next(ln for ln in section.splitlines() if ln.startswith(f"| {row['point_id']} |"))
        assert f"| {row['job_id']} | {row['node_list']} |" in line
    assert "| TensorFlow (MIXED) | 2.15.0 (tensorflow-cpu) | 1 of 4: n0002-p1-8e08ae577e-r1 |" in (
        section
    )
    html = (report / "report.html").read_text()
    details = re.search(r"<details id=\"provenance\"[^>]*>", html)
    assert details and " open" not in details.group(0)  # collapsed
    summary = html[details.end() : html.index("</summary>", details.end())]
    assert "MIXED (commit, TensorFlow, container image)" in summary


def test_a_point_without_a_record_says_not_recorded(results):
    """A local run: no job id, the host as its node, the executor's own times."""
    folder = results / NAME
    data = manifest.read(folder)
    pid = "n0001-p1-041988fb05-r0"
    data.last(pid).executor = "local"
    manifest.write(folder, data)
    rows = _rows(folder)
    for r in rows:
        if r["point_id"] == pid:
            r.update(job_id="", node_list="", start="", end="")
    env = folder / pid / "attempt-1" / "env"
    cap = json.loads((env / "capture.json").read_text())
    cap["harness"].update(slurm_job_id=None, slurm_nodelist=None)
    (env / "capture.json").write_text(json.dumps(cap))
    (env / "scontrol-job.txt").unlink()
    (env / "slurm-version.txt").write_text("scontrol: not found on vm\n")
    cap["files"]["slurm-version.txt"]["exit_code"] = None
    (env / "capture.json").write_text(json.dumps(cap))
    p = next(x for x in provenance.read([(NAME, folder, rows)]).points if x.point_id == pid)
    assert p.job_id == "not recorded (local executor)"
    assert p.nodes == f"{cap['harness']['host']} (local executor)"
    assert (p.start, p.end) == ("not recorded", "not recorded")
    assert p.values["Slurm"] == "not recorded (scontrol: not found on vm)"


def _damage_a_key(folder: Path) -> tuple[Path, str]:
    """One attempt's state stored as a number: the manifest reads, but that key is wrong."""
    path = folder / "manifest.json"
    raw = json.loads(path.read_text())  # the file's bytes damaged by hand, as a user would
    pid = sorted(raw["points"])[2]
    raw["points"][pid]["attempts"][0]["state"] = 5
    path.write_text(json.dumps(raw, indent=1))
    return path, f"key points.{pid}.attempts[0].state: Expected `str`, got `int`"


def test_a_damaged_manifest_key_is_said_and_its_cells_read_manifest_damaged(results, capsys):
    """Not "not recorded" in silence (the provenance read the damaged manifest as no manifest
    before): a warning naming the file, the key and the hint, on stderr and in the report's
    warnings, and the cells only the manifest could have filled say why they are empty."""
    folder = results / NAME
    bare = "n0001-p1-041988fb05-r1"  # its attempt has no env/: only the manifest could say
    rows = _rows(folder)
    for r in rows:
        if r["point_id"] == bare:
            r.update(job_id="", node_list="")
    intact = next(p for p in provenance.read([(NAME, folder, rows)]).points if p.point_id == bare)
    assert (intact.job_id, intact.nodes) == (provenance.NOT_RECORDED, provenance.NOT_RECORDED)
    path, key = _damage_a_key(folder)
    capsys.readouterr()
    prov = provenance.read([(NAME, folder, rows)])
    err = capsys.readouterr().err
    said = f"{path}: {key}"
    assert f"warning: {said}" in err and "hint: fix that key by hand" in err, err
    assert [w for w in prov.warnings if said in w], prov.warnings
    p = next(x for x in prov.points if x.point_id == bare)
    assert (p.job_id, p.nodes) == (provenance.MANIFEST_DAMAGED, provenance.MANIFEST_DAMAGED)
    assert set(p.values.values()) == {provenance.MANIFEST_DAMAGED}
    # a point whose env/ is where it always is still reads its recorded values
    other = next(x for x in prov.points if x.point_id == "n0002-p1-8e08ae577e-r1")
    assert other.values["commit"] != provenance.MANIFEST_DAMAGED and other.job_id[0].isdigit()


def test_the_report_says_a_damaged_manifest_and_goes_on(results, capsys):
    folder = results / NAME
    path, key = _damage_a_key(folder)
    assert main(["report", NAME, "--results", str(results)]) == 0
    err = capsys.readouterr().err
    assert f"warning: {path}: {key}" in err and "Traceback" not in err, err
    md = (folder / "report" / "summary.md").read_text()
    assert f"{path}: {key}" in md and provenance.MANIFEST_DAMAGED in md


@pytest.mark.parametrize(
    "damage",
    ["truncated", "not-json", "binary", "folder", "image"],
)
def test_a_damaged_env_file_is_a_warning_and_not_recorded(results, capsys, damage):
    folder = results / NAME
    env = folder / "n0002-p1-8e08ae577e-r1" / "attempt-1" / "env"
    target = env / ("image.json" if damage == "image" else "capture.json")
    text = target.read_text()
    if damage == "truncated":
        target.write_text(text[: len(text) // 2])
    elif damage in ("not-json", "image"):
        target.write_text("[1, 2")
    elif damage == "binary":
        target.write_bytes(b"\x00\x01\x02" * 10)
    else:
        target.unlink()
        target.mkdir()
    assert main(["report", NAME, "--results", str(results)]) == 0  # no traceback, exit 0
    err_out = capsys.readouterr().out
    md = (folder / "report" / "summary.md").read_text()
    warning = next(ln for ln in md.splitlines() if str(target) in ln)
    assert "damaged" in warning and "not recorded" in warning
    assert str(target) in err_out  # the terminal's warnings too
    p = next(x for x in _read(folder).points if x.point_id == "n0002-p1-8e08ae577e-r1")
    field = "container image" if damage == "image" else "commit"
    assert p.values[field] == provenance.NOT_RECORDED


def test_archive_carries_the_provenance(results, tmp_path):
    out = tmp_path / "prov.tar.gz"
    archive.write(results / NAME, out)
    with tarfile.open(out) as tar:
        index = json.load(tar.extractfile(f"{NAME}/archive/archive.json"))
        full = json.load(tar.extractfile(f"{NAME}/archive/provenance.json"))
    assert index["provenance"]["mixed"] == ["commit", "TensorFlow", "container image"]
    rows = {r["point_id"]: r for r in _rows(results / NAME)}
    assert {p["point_id"]: (p["job_id"], p["nodes"]) for p in full["points"]} == {
        pid: (r["job_id"], r["node_list"]) for pid, r in rows.items()
    }
    env = results / NAME / "n0002-p1-8e08ae577e-r1" / "attempt-1" / "env"
    digest = json.loads((env / "image.json").read_text())["digest"]
    assert any(v.startswith(digest) for v in full["fields"]["container image"])


# the outputs of mpirun --version, ompi_info, mpichversion, Intel's mpiexec.hydra --version
# (PyPI impi-rt 2021.17) and MPICH's mpiexec.hydra --version on this machine (first lines)
@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("mpirun (Open MPI) 4.1.4\n\nReport bugs to http://www.open-mpi.org/\n", "Open MPI 4.1.4"),
        (
            "                 Package: Debian OpenMPI\n                Open MPI: 4.1.4\n",
            "Open MPI 4.1.4",
        ),
        ("MPICH Version:    \t4.0.2\nMPICH Release date:\tThu Apr  7 2022\n", "MPICH 4.0.2"),
        (
            "Intel(R) MPI Library for Linux* OS, Version 2021.17 Build 20251215 (id: 2ac2f63)\n"
            "Copyright 2003-2025, Intel Corporation.\n",
            "Intel MPI 2021.17",
        ),
        (
            "HYDRA build details:\n    Version:                                 4.0.2\n",
            "MPICH/Hydra 4.0.2",
        ),
    ],
)
def test_mpi_families_are_read(text, want):
    from scalestudy.formats.env_capture import mpi_version

    assert mpi_version(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("bash: module: command not found\nno module command\n", "none (no module command)"),
        ("No modules loaded\n", "none"),
        (
            "\nCurrently Loaded Modules:\n  1) openmpi/4.1   2) ss33/1.0 (D)\n\n"
            "  Where:\n   D:  Default\n",
            "openmpi/4.1 ss33/1.0",
        ),
        ("Currently Loaded Modulefiles:\n 1) dot   2) use.own\n", "dot use.own"),
    ],
)
def test_module_lists_are_read(text, want):
    assert modules_loaded(text) == want


def test_collect_reads_sacct_start_and_end_as_unix_times(tmp_path, monkeypatch):
    """A stand-in sacct that answers as Slurm does: ISO local times unless SLURM_TIME_FORMAT
    asks for %s; collect's accounting must ask, so no time zone is guessed."""
    from scalestudy.executors import slurmctl

    fake = tmp_path / "bin" / "sacct"
    fake.parent.mkdir()
    fake.write_text(
        "#!/bin/bash\n"
        'if [ "$SLURM_TIME_FORMAT" = "%s" ]; then s=1795715008; e=1795715012;\n'
        "else s=2026-11-26T17:43:28; e=2026-11-26T17:43:32; fi\n"
        'echo "11_1|COMPLETED|0:0|00:00:04|||n[2-3]|$s|$e"\n'
        'echo "11_1.batch|COMPLETED|0:0|00:00:04|1200K|n2|n2|$s|$e"\n'
    )
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}:{os.environ['PATH']}")
    got = slurmctl.accounting(["11_1"])["11_1"]
    assert (got["node_list"], got["start"], got["end"]) == ("n[2-3]", 1795715008.0, 1795715012.0)


def test_a_failed_capture_command_says_why_in_its_own_words(tmp_path):
    # issue #46 item 6: provenance said "Slurm | not recorded ([stderr])"
    env = tmp_path / "env"
    env.mkdir()
    files = {"slurm-version.txt": 1, "mpi.txt": 0, "empty.txt": 2}
    (env / "capture.json").write_text(
        json.dumps({"files": {n: {"exit_code": c} for n, c in files.items()}})
    )
    (env / "slurm-version.txt").write_text(
        "\n[stderr]\nscontrol: error: resolve_ctls_from_dns_srv: res_nsearch error\n"
    )
    (env / "mpi.txt").write_text("\n[stderr]\nmpirun: command not found\n")
    (env / "empty.txt").write_text("")
    e = EnvFolder(env, [])
    assert e.command_output("slurm-version.txt") == (
        None,
        "scontrol: error: resolve_ctls_from_dns_srv: res_nsearch error",
    )
    assert e.command_output("mpi.txt") == (None, "mpirun: command not found")
    assert e.command_output("empty.txt") == (None, "exit code 2, no output")


def test_a_job_that_ran_another_mpi_than_its_profile_is_marked(tmp_path):
    # issue #46 item 3: `mpi: intelmpi`, a module that did not set I_MPI_ROOT, the job loaded
    # Open MPI: capture.json said intelmpi, mpi.txt Open MPI 4.1.4, the report no warning
    env = tmp_path / "env"
    env.mkdir()
    harness = {"mpi_family": "intelmpi", "mpi_family_from": "asked"}
    (env / "capture.json").write_text(json.dumps({"harness": harness, "files": {}}))
    (env / "mpi.txt").write_text("mpirun (Open MPI) 4.1.4\n\nReport bugs to ...\n")
    values = provenance.run_values(EnvFolder(env, []))
    assert values["MPI"] == "Open MPI 4.1.4 (NOT the profile's Intel MPI)"
    from scalestudy.compare.envdiff import Capture, capture_fields

    cap = Capture()
    capture_fields(env, cap)
    assert cap.values[("software", "MPI")] == {"Open MPI 4.1.4 (NOT the profile's Intel MPI)"}
    # the family the profile names: no mark
    harness["mpi_family"] = "openmpi"
    (env / "capture.json").write_text(json.dumps({"harness": harness, "files": {}}))
    assert provenance.run_values(EnvFolder(env, []))["MPI"] == "Open MPI 4.1.4"
