"""The harness's Slurm parsing against Slurm's own answers, captured byte for byte from two
versions (tests/unit/data/slurm-<version>/, README.md there): 22.05 (Debian bookworm, this
host) and 24.11 (Debian trixie, site B: scripts/site-b/run.sh --capture=DIR).

Each capture made jobs end in known ways (roles.json: completed, failed with exit 3, a
timeout, an array with one failing task, cancelled while running, pending behind a full
cluster, a pending array, a dependency that can never be met, a begin time, a held job) and
saved what squeue, sacct, scontrol, sinfo, sacctmgr and sbatch answered. The expectations here
come from roles.json (what each job was made to do), never from the captured text itself.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from scalestudy import profile_detect, sbatch_options
from scalestudy.executors import slurmctl
from scalestudy.localcluster.config import cgroup_conf, slurm_version
from scalestudy.profiles import slurm_minutes

DATA = Path(__file__).parent / "data"
VERSIONS = sorted(p.name.removeprefix("slurm-") for p in DATA.glob("slurm-*") if p.is_dir())


class Capture:
    def __init__(self, version: str):
        self.dir = DATA / f"slurm-{version}"
        self.version = version
        meta = json.loads((self.dir / "roles.json").read_text())
        self.roles: dict[str, dict] = meta["roles"]
        self.meta = meta

    def out(self, name: str) -> str:
        return (self.dir / f"{name}.stdout").read_text()

    def err(self, name: str) -> str:
        path = self.dir / f"{name}.stderr"
        return path.read_text() if path.exists() else ""

    def code(self, name: str) -> int:
        return self.meta["commands"][name]["returncode"]

    def answer(self, cmd: list[str], name: str) -> subprocess.CompletedProcess:
        return subprocess.CompletedProcess(cmd, self.code(name), self.out(name), self.err(name))

    def job(self, role: str) -> str:
        return self.roles[role]["job_id"]


@pytest.fixture(params=VERSIONS)
def cap(request) -> Capture:
    return Capture(request.param)


def test_both_versions_are_captured():
    assert {"22.05", "24.11"} <= set(VERSIONS), VERSIONS


def test_each_capture_is_the_version_its_folder_names(cap):
    assert slurm_version(cap.out("version")) == tuple(int(x) for x in cap.version.split("."))


def fake_run(cap: Capture, answers: dict[str, str], calls: list | None = None):
    """subprocess.run answering each Slurm command (by its name) with a captured answer."""

    def run(cmd, *args, **kwargs):
        if calls is not None:
            calls.append(list(cmd))
        name = answers.get(cmd[0])
        if name is None:
            raise AssertionError(f"unexpected command {cmd}")
        return cap.answer(list(cmd), name)

    return run


# -- sacct, read by submitit's public reader: the state of every job of a sweep -------------


def watcher_states(cap: Capture, name: str) -> dict[str, str]:
    return slurmctl.sacct_info(cap.out(name))


def test_sacct_states_map_to_what_each_job_was_made_to_do(cap):
    states = watcher_states(cap, "sacct-watcher")
    for role, spec in cap.roles.items():
        job = cap.job(role)
        if "tasks" in spec and isinstance(spec["tasks"], dict):
            for index, want in spec["tasks"].items():
                word = states[f"{job}_{index}"].split()[0]
                assert word == want, (role, index, states[f"{job}_{index}"])
            continue
        if isinstance(spec.get("tasks"), int):  # a pending array: one compressed line
            for index in range(spec["tasks"]):
                word = states[f"{job}_{index}"].split()[0]
                assert word == spec["expect"], (role, index)
            continue
        word = states[job].split()[0].rstrip("+")
        assert word == spec["expect"], (role, states[job])
        # the manifest has a state for it (COMPLETED: the job's exit marker decides)
        assert word in slurmctl.SLURM_STATES or word == "COMPLETED", word


def test_cancelled_by_a_user_keeps_its_state_word(cap):
    states = watcher_states(cap, "sacct-watcher")
    text = states[cap.job("running")]
    assert text.startswith("CANCELLED by "), text  # "CANCELLED by <uid>": the word is first
    assert slurmctl.SLURM_STATES[text.split()[0]] == "cancelled"


# -- squeue: pending reasons, array tasks, the queue's answer to an unknown id ---------------


def test_squeue_states_and_reasons(cap, monkeypatch):
    monkeypatch.setattr(slurmctl.subprocess, "run", fake_run(cap, {"squeue": "squeue-queue"}))
    queued_roles = {r: s for r, s in cap.roles.items() if "queue_state" in s}
    queue = slurmctl._queue([cap.job(r) for r in queued_roles])
    assert queue is not None
    for role, spec in queued_roles.items():
        job = cap.job(role)
        ids = [f"{job}_{i}" for i in range(spec["tasks"])] if "tasks" in spec else [job]
        for jid in ids:  # -r: one line per array task, as the manifest names them
            state, reason = queue[jid]
            assert state == spec["queue_state"], (role, jid, state)
            if "reasons" in spec:
                assert reason in spec["reasons"], (role, reason)
            assert slurmctl.SLURM_STATES[state] in ("pending", "running")


def test_squeue_of_an_unknown_job_is_an_empty_queue_not_an_outage(cap, monkeypatch):
    assert "Invalid job id" in cap.err("squeue-error-invalid")
    run = fake_run(cap, {"squeue": "squeue-error-invalid"})
    monkeypatch.setattr(slurmctl.subprocess, "run", run)
    assert slurmctl._queue(["999999"]) == {}


# -- sacct for collect: exit codes, elapsed, memory, nodes ---------------------------------


def test_accounting_rows(cap, monkeypatch):
    monkeypatch.setattr(slurmctl.subprocess, "run", fake_run(cap, {"sacct": "sacct-accounting"}))
    roles = {r: s for r, s in cap.roles.items() if "queue_state" not in s}
    rows = slurmctl.accounting([cap.job(r) for r in roles])
    for role, spec in roles.items():
        job = cap.job(role)
        keys = [f"{job}_{i}" for i in spec["tasks"]] if "tasks" in spec else [job]
        for key in keys:
            row = rows[key]
            want = spec["tasks"][key.split("_")[1]] if "tasks" in spec else spec["expect"]
            assert row["slurm_state"] == want, (role, key, row)
            assert slurm_minutes(row["elapsed"]) is not None, row["elapsed"]
            assert row["node_list"] and row["node_list"] != "None assigned", row
        if "exit_code" in spec:
            assert rows[job]["slurm_exit_code"] == spec["exit_code"]
    # the timeout job ran for a minute: its batch step was sampled (JobAcctGatherFrequency)
    assert rows[cap.job("timeout")]["sacct_maxrss_step_max"] > 0


def test_accounting_of_jobs_that_never_ran(cap, monkeypatch):
    monkeypatch.setattr(slurmctl.subprocess, "run", fake_run(cap, {"sacct": "sacct-accounting"}))
    waited = {r: s for r, s in cap.roles.items() if s.get("queue_state") == "PENDING"}
    rows = slurmctl.accounting([cap.job(r) for r in waited])
    for role, spec in waited.items():
        job = cap.job(role)
        key = next(k for k in rows if k == job or k.startswith(f"{job}_"))
        assert rows[key]["slurm_state"] == spec["expect"], (role, rows[key])
        assert rows[key]["sacct_maxrss_step_max"] is None  # no step, no memory


# -- a lost sbatch answer: the job looked up by name and comment ----------------------------


def test_jobs_named_finds_every_job_by_squeue_or_sacct(cap, monkeypatch):
    answers = {"squeue": "squeue-named", "sacct": "sacct-named"}
    monkeypatch.setattr(slurmctl.subprocess, "run", fake_run(cap, answers))
    monkeypatch.setattr(slurmctl, "accounting_enabled", lambda: True)
    found = slurmctl._jobs_named(sorted(s["name"] for s in cap.roles.values()), since=0.0)
    assert found is not None
    by_job = {j["id"].split("_")[0]: j for j in found}
    for role, spec in cap.roles.items():
        job = by_job[cap.job(role)]
        assert job["name"] == spec["name"]
        assert job["submit"] > 0  # squeue's %V and sacct's Submit parse as times
        # squeue carries the comment (the identity a lost submit is matched by); sacct's
        # Comment is empty unless AccountingStoreFlags=job_comment: then the submit time
        # after the intent decides (find_submitted)
        if job["source"] == "squeue":
            assert job["comment"] == f"capture-{role}"


def test_sacct_comment_needs_the_job_comment_flag(cap):
    """What the capture shows about sacct's Comment column on a default slurmdbd: empty."""
    rows = [line.split("|") for line in cap.out("sacct-named").splitlines()]
    assert rows and all(row[3] == "" for row in rows)


# -- sbatch: the job id, refusals, an absent controller --------------------------------------


def test_sbatch_reply_gives_the_job_id(cap):
    for role in cap.roles:
        reply = cap.out(f"sbatch-{role}")
        assert slurmctl.job_id(reply) == cap.job(role)
    assert slurmctl.job_id("4242;cluster\n") == "4242"  # --parsable, on a federation
    assert slurmctl.job_id("sbatch: error: Batch job submission failed") is None


def test_sbatch_refusals_are_not_retried_and_an_absent_controller_is(cap, monkeypatch):
    monkeypatch.setattr(slurmctl.subprocess, "run", fake_run(cap, {"sinfo": "sinfo-states"}))
    for name in ("sbatch-error-memory", "sbatch-error-partition"):
        assert cap.code(name) != 0
        assert not slurmctl._retry_now(cap.err(name), was_unreachable=False), name
    unreachable = cap.err("sbatch-error-unreachable")
    assert slurmctl._retry_now(unreachable, was_unreachable=False), unreachable


def test_test_only_refusal_names_the_reason(cap, monkeypatch):
    from scalestudy.errors import SchedulerRefused

    answers = {"sbatch": "sbatch-error-memory", "sinfo": "sinfo-states"}
    monkeypatch.setattr(slurmctl.subprocess, "run", fake_run(cap, answers))
    monkeypatch.setenv("SCALESTUDY_SBATCH_RETRY_S", "0")
    with pytest.raises(SchedulerRefused) as err:
        slurmctl.test_only({"p1": "#!/bin/bash\n#SBATCH --nodes=1\ntrue\n"})
    last = cap.err("sbatch-error-memory").strip().splitlines()[-1]
    assert last.replace("sbatch: error: ", "") in str(err.value)


def test_test_only_acceptance(cap, monkeypatch):
    answers = {"sbatch": "sbatch-test-only"}
    monkeypatch.setattr(slurmctl.subprocess, "run", fake_run(cap, answers))
    assert cap.code("sbatch-test-only") == 0 and "to start at" in cap.err("sbatch-test-only")
    assert slurmctl.test_only({"p1": "#!/bin/bash\n#SBATCH --nodes=1\ntrue\n"}) == 1


def test_sinfo_states_say_no_node_is_registering(cap, monkeypatch):
    for name in ("sinfo-states", "sinfo-states-after"):
        monkeypatch.setattr(slurmctl.subprocess, "run", fake_run(cap, {"sinfo": name}))
        assert cap.out(name).split(), name
        assert not slurmctl._nodes_registering(), cap.out(name)


def test_sbatch_help_lists_every_option_the_harness_writes(cap, monkeypatch):
    monkeypatch.setattr(sbatch_options.subprocess, "run", fake_run(cap, {"sbatch": "sbatch-help"}))
    found = sbatch_options._help_options({})
    written = set(sbatch_options.BY_OPTION) | set(sbatch_options.HARNESS_OWNED)
    assert written <= found, sorted(written - found)


# -- accounting limits, the cluster's configuration ------------------------------------------


def test_association_limit_reads_the_smallest(cap, monkeypatch):
    calls: list = []

    def run(cmd, *args, **kwargs):
        calls.append(cmd)
        name = "sacctmgr-assoc" if cmd[4] == "assoc" else "sacctmgr-qos"
        return cap.answer(cmd, name)

    monkeypatch.setattr(slurmctl.subprocess, "run", run)
    monkeypatch.setattr("getpass.getuser", lambda: cap.meta["user"])
    limit, source = slurmctl.association_limit()
    assert [c[4] for c in calls] == ["assoc", "qos"]
    assert limit == min(cap.meta["limits"].values())
    assert "QOS capture-qos" in source  # the QOS's per-user limit was the smallest


def test_scontrol_show_config(cap, monkeypatch):
    slurmctl._config.cache_clear()
    answers = {"scontrol": "scontrol-show-config"}
    monkeypatch.setattr(slurmctl.subprocess, "run", fake_run(cap, answers))
    monkeypatch.setenv("SLURM_CONF", f"/captured/{cap.version}/slurm.conf")
    try:
        assert slurmctl.accounting_enabled()  # the capture's cluster ran slurmdbd
        assert slurmctl.max_array_size() == 1001  # Slurm's default: the local cluster sets none
    finally:
        slurmctl._config.cache_clear()


def test_profile_detect_reads_partitions_nodes_and_plugins(cap):
    answers = profile_detect.Answers(
        partitions=cap.out("scontrol-show-partition"),
        nodes=cap.out("scontrol-show-node"),
        mpi_list=cap.out("srun-mpi-list") + cap.err("srun-mpi-list"),
        config=cap.out("scontrol-show-config"),
    )
    profile = yaml.safe_load(profile_detect.detect(answers))
    assert [p["name"] for p in profile["partitions"]] == ["debug"]
    assert profile["scheduler"] == "slurm"
    nodes = profile_detect._records(cap.out("scontrol-show-node"))
    assert len(nodes) == cap.meta["nodes"]
    cpus = profile["sockets"] * profile["cores_per_socket"] * profile["threads_per_core"]
    assert {int(n["CPUTot"]) for n in nodes} == {cpus}
    text = cap.out("srun-mpi-list") + cap.err("srun-mpi-list")
    plugins = profile_detect.mpi_plugins(text)
    assert "pmix" in plugins  # both Debian builds carry srun's PMIx plugin
    # 24.11 names its PMIx versions on a last line of its own: each is a plugin, the line not
    assert set(re.findall(r"\bpmix_v\d+\b", text)) <= set(plugins)
    assert all(" " not in p for p in plugins), plugins


def test_scontrol_show_job_one_line(cap):
    (record,) = profile_detect._records(cap.out("scontrol-show-job-pending"))
    assert record["JobId"] == cap.job("pending")
    assert record["JobState"] == "PENDING"
    assert record["Reason"] in cap.roles["pending"]["reasons"]


def test_local_cluster_cgroup_conf_follows_the_version(cap):
    version = slurm_version(cap.out("version"))
    text = cgroup_conf(version)
    if version < (23, 2):
        assert text is None
    else:
        assert "CgroupPlugin=disabled" in text
