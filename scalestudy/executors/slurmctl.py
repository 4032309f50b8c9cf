"""What the Slurm backend asks Slurm's commands, and how their answers map to the manifest.

sbatch receives our rendered script byte for byte (so what `render` showed is what runs, and no
#SBATCH default of a library, such as submitit's wckey, reaches the site): the harness owns
that call, as render owns the script, because submitit's public API submits pickled Python
functions, not a script. Job states come from one sacct call for every job of a sweep, its
answer read by submitit's public sacct reader (`SlurmInfoWatcher.read_info`: array ids and
ranges); no private name of submitit is used (tests/unit/test_submitit_public.py). Without
accounting, squeue and the exit markers decide, and what cannot be known is UNKNOWN, never a
guess. submitit is imported only when a sweep's states are read, so that `plan` and `render`
of a Slurm sweep start fast.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path

from scalestudy.errors import SchedulerRefused
from scalestudy.executors import failure
from scalestudy.executors.job_identity import JobIdentity
from scalestudy.executors.local import state_from_exit
from scalestudy.executors.manifest import NOT_QUEUED, Attempt
from scalestudy.executors.states import OPEN
from scalestudy.formats import attempt_files
from scalestudy.formats.manifest import UNSET
from scalestudy.formats.step_log import EXIT_INTERRUPTED

# Slurm job states -> the manifest's states
SLURM_STATES = {
    "PENDING": "pending",
    "CONFIGURING": "pending",
    "REQUEUED": "pending",
    "REQUEUE_HOLD": "pending",
    "REQUEUE_FED": "pending",
    "RESV_DEL_HOLD": "pending",
    "RUNNING": "running",
    "COMPLETING": "running",
    "SUSPENDED": "running",
    "STAGE_OUT": "running",
    "RESIZING": "running",
    "SIGNALING": "running",
    "FAILED": "failed",
    "BOOT_FAIL": "failed",
    "DEADLINE": "timeout",
    "TIMEOUT": "timeout",
    "NODE_FAIL": "node_fail",
    "PREEMPTED": "preempted",
    "CANCELLED": "cancelled",
    "OUT_OF_MEMORY": "out_of_memory",
    "REVOKED": "cancelled",
}


class SubmitFailed(Exception):
    """sbatch did not give a job id. `maybe_queued`: the controller may have queued the job
    anyway (the answer was lost), so it must be looked up, never simply resubmitted."""

    def __init__(self, reason: str, maybe_queued: bool):
        super().__init__(reason)
        self.reason, self.maybe_queued = reason, maybe_queued


# sbatch's answers that mean "the controller was never reached": safe to retry
_UNREACHABLE = ("Unable to contact slurm controller", "Connection refused", "connect failure")
# answers after which the job may exist all the same
_AMBIGUOUS = ("timed out", "Socket timed out", "killed for an unknown reason")
# a controller that has just come back knows its nodes only once their slurmd register again
# (seconds): until then a valid job "is not available". Retried only after an unreachable try
# or while sinfo shows nodes of unknown state (sbatch may have waited out the outage itself).
_RESTARTING = ("Requested node configuration is not available",)


def _say_retry(answer: str, waits: list[float], attempt: int) -> None:
    """Tell the user why submission pauses, then wait the backoff's next step."""
    what = (
        "slurmctld is back but its nodes have not registered yet"
        if any(m in answer for m in _RESTARTING)
        else "slurmctld unreachable"
    )
    print(
        f"{what} ({answer.replace('sbatch: error: ', '')}): retrying in {waits[attempt]:g} s "
        f"({attempt + 1} of {len(waits)})",
        file=sys.stderr,
    )
    time.sleep(waits[attempt])


def _retry_now(reason: str, was_unreachable: bool) -> bool:
    """Whether an sbatch failure is the controller's absence (or its return) and worth a retry."""
    return any(m in reason for m in _UNREACHABLE) or (
        any(m in reason for m in _RESTARTING) and (was_unreachable or _nodes_registering())
    )


def _nodes_registering() -> bool:
    """Whether the controller still waits for nodes to register (sinfo state `unk`)."""
    try:
        out = subprocess.run(
            ["sinfo", "-h", "-o", "%t"], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return any(state.startswith("unk") for state in out.stdout.split())


def _backoff() -> list[float]:
    """Seconds to wait before each retry while the controller is unreachable (about a minute
    in all by default; SCALESTUDY_SBATCH_RETRY_S="1,2" shortens it, e.g. in tests)."""
    spec = os.environ.get("SCALESTUDY_SBATCH_RETRY_S", "2,4,8,16,30")
    return [float(x) for x in spec.split(",") if x.strip()]


def submit_script(
    script: str, folder: Path, after_ok: str | None = None, comment: str | None = None
) -> str:
    """sbatch the script and return the job id; with after_ok, the job starts only if that job
    succeeds and is cancelled if it fails; `comment` tags the job. Retries with backoff while
    the controller cannot be reached; raises SubmitFailed otherwise. The script submitted is
    kept in `folder` as <job id>_submission.sh."""
    # The job inherits this environment (sbatch --export=ALL): make `python3` this harness's.
    bin_dir = str(Path(sys.executable).parent)
    if not os.environ.get("PATH", "").startswith(bin_dir):
        os.environ["PATH"] = f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f".submission_{uuid.uuid4().hex}.sh"
    path.write_text(script)
    # a gate is an sbatch option, not a script line: the archived script stays the one
    # `render` showed, and the dependency is recorded in the manifest
    gate = [f"--dependency=afterok:{after_ok}", "--kill-on-invalid-dep=yes"] if after_ok else []
    # the job's identity (sweep, job, attempt) lets a later `submit` or `status` find a job
    # whose id never reached the manifest (a submit killed right after sbatch)
    tag = [f"--comment={comment}"] if comment else []
    waits = _backoff()
    was_unreachable = False
    for attempt in range(len(waits) + 1):
        try:
            out = subprocess.run(["sbatch", *gate, *tag, str(path)], capture_output=True, text=True)
        except FileNotFoundError as exc:
            raise SubmitFailed("sbatch not found: is this a Slurm login node?", False) from exc
        except OSError as exc:
            out = subprocess.CompletedProcess([], 1, "", str(exc))
        job = job_id(out.stdout) if out.returncode == 0 else None
        if job is not None:
            path.rename(folder / f"{job}_submission.sh")
            return job
        reason = out.stderr.strip().replace("sbatch: error: ", "") or (
            f"sbatch exit {out.returncode}, no job id in its answer {out.stdout.strip()!r}"
        )
        if any(m in reason for m in _AMBIGUOUS):
            raise SubmitFailed(reason, True)
        if not _retry_now(reason, was_unreachable) or attempt == len(waits):
            raise SubmitFailed(reason, False)
        was_unreachable = True
        _say_retry(f"sbatch: {reason.splitlines()[-1]}", waits, attempt)
    raise AssertionError("unreachable")


def job_id(reply: str) -> str | None:
    """The job id in sbatch's answer: "Submitted batch job 123", or --parsable's
    "123[;cluster]"."""
    m = re.search(r"Submitted batch job (\d+)", reply) or re.match(r"\s*(\d+)(?:;\S*)?\s*$", reply)
    return m.group(1) if m else None


def directives(script: str) -> tuple[str, ...]:
    """What the controller judges a job by: its #SBATCH lines, less name and output path."""
    return tuple(
        line
        for line in script.splitlines()
        if line.startswith("#SBATCH")
        and not line.startswith(("#SBATCH --job-name", "#SBATCH --output"))
    )


def test_only(scripts: dict[str, str]) -> int:
    """`sbatch --test-only` once per distinct job shape; raises SchedulerRefused naming the
    first point the controller would reject and its reason. Returns how many shapes passed."""
    shapes: dict[tuple[str, ...], str] = {}
    for pid, script in scripts.items():
        shapes.setdefault(directives(script), pid)
    for shape, pid in shapes.items():
        out = _test_only(scripts[pid])
        if out.returncode != 0:
            why = out.stderr.strip().replace("sbatch: error: ", "") or f"exit {out.returncode}"
            raise SchedulerRefused(
                f"nothing submitted: Slurm would refuse point {pid} ({' '.join(shape)}): {why}"
                "\nhint: check the profile's partition/account/qos and the sweep's nodes, ppn, "
                "threads_per_worker and time_limit against `sinfo` and `sacctmgr show assoc`"
            )
    return len(shapes)


def _test_only(script: str) -> subprocess.CompletedProcess:
    """One `sbatch --test-only`, retried with backoff while the controller cannot be reached
    (as a submission is)."""
    waits = _backoff()
    was_unreachable = False
    for attempt in range(len(waits) + 1):
        try:
            out = subprocess.run(
                ["sbatch", "--test-only"], input=script, capture_output=True, text=True, timeout=60
            )
        except FileNotFoundError as exc:
            raise SchedulerRefused(
                "nothing submitted: sbatch not found: is this a Slurm login node?"
            ) from exc
        except subprocess.SubprocessError as exc:
            raise SchedulerRefused(
                f"nothing submitted: sbatch --test-only did not answer: {exc}"
            ) from exc
        retry = out.returncode != 0 and _retry_now(out.stderr, was_unreachable)
        if not retry or attempt == len(waits):
            return out
        was_unreachable = True
        _say_retry(f"sbatch --test-only: {out.stderr.strip().splitlines()[-1]}", waits, attempt)
    raise AssertionError("unreachable")


def association_limit() -> tuple[int, str] | None:
    """The user's job-count limit from accounting: the smallest MaxSubmitJobs / MaxJobs of
    their associations and of those associations' QOS (per user). None when there is none or
    accounting cannot be asked."""
    import getpass

    def ask(entity: str, where: str, fields: list[str]) -> list[dict[str, str]]:
        try:
            out = subprocess.run(
                ["sacctmgr", "-n", "-P", "show", entity, where, f"format={','.join(fields)}"],
                capture_output=True,
                text=True,
                timeout=30,
            )
        except (OSError, subprocess.SubprocessError):
            return []
        if out.returncode != 0:
            return []
        return [
            dict(zip(fields, line.split("|"), strict=False)) for line in out.stdout.splitlines()
        ]

    user = getpass.getuser()
    limits: list[tuple[int, str]] = []
    qos_names: set[str] = set()
    for row in ask("assoc", f"user={user}", ["Account", "MaxSubmit", "MaxJobs", "QOS"]):
        for key in ("MaxSubmit", "MaxJobs"):
            if row.get(key, "").isdigit():
                limits.append((int(row[key]), f"{key} of association {user}/{row['Account']}"))
        qos_names.update(q for q in row.get("QOS", "").split(",") if q)
    if qos_names:
        for row in ask(
            "qos", f"names={','.join(sorted(qos_names))}", ["Name", "MaxSubmitPU", "MaxJobsPU"]
        ):
            for key in ("MaxSubmitPU", "MaxJobsPU"):
                if row.get(key, "").isdigit():
                    limits.append((int(row[key]), f"{key} of QOS {row['Name']}"))
    if not limits:
        return None
    limit, source = min(limits)
    return limit, f"{source}, from sacctmgr"


def jobs_in_queue() -> int:
    """How many jobs the user has queued or running (one squeue call)."""
    out = subprocess.run(
        ["squeue", "--me", "-h", "-o", "%i"], capture_output=True, text=True, timeout=60
    )
    return len(out.stdout.split()) if out.returncode == 0 else 0


def accounting_enabled() -> bool:
    """Whether this cluster stores accounting (asked once per process and cluster)."""
    config = _config(os.environ.get("SLURM_CONF"))
    return config is None or "accounting_storage/none" not in config  # None: try sacct


def max_array_size() -> int:
    """How many tasks one job array may have here (Slurm's MaxArraySize: indices 0 to
    MaxArraySize-1; 0 or 1 means no arrays). Slurm's default, 1001, when it cannot be read."""
    for line in (_config(os.environ.get("SLURM_CONF")) or "").splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "MaxArraySize" and value.strip().isdigit():
            return int(value.strip())
    return 1001


@functools.lru_cache(maxsize=16)
def _config(slurm_conf: str | None) -> str | None:
    """`scontrol show config` (once per process and cluster); None when it cannot be asked."""
    try:
        out = subprocess.run(
            ["scontrol", "show", "config"], capture_output=True, text=True, timeout=60
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout if out.returncode == 0 else None


SLOW_ANSWER_S = 10.0  # an squeue answer slower than this is said to the user


def _queue(job_ids: list[str]) -> dict[str, tuple[str, str]] | None:
    """(state, reason) of the jobs the controller still knows, from one squeue call; None when
    the controller cannot be asked."""
    try:
        out = subprocess.run(
            # -r: one line per array task (A_i), as the manifest names them
            ["squeue", "-h", "-r", "-o", "%i|%T|%r", "-j", ",".join(job_ids)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0 and "Invalid job id" not in out.stderr:
        return None
    rows = (line.strip().split("|", 2) for line in out.stdout.splitlines() if "|" in line)
    return {r[0]: (r[1], r[2]) for r in rows if len(r) == 3}


def find_submitted(records: list[Attempt], sweep_dir: Path) -> None:
    """Resolve records left "submitting" (the intent to sbatch is on disk, the job id is not:
    a submit was killed between the two writes, or sbatch's answer was lost). Each is adopted
    when its job is found (its output file in the attempt folder, else squeue, else sacct, by
    job name and the identity comment, submitted after the intent), and marked not_queued only
    when every source answered and none knows it. A record that never reached sbatch (no
    identity yet) is not_queued at once. The controller unreachable: left as it is."""
    waiting = [r for r in records if r.state == "submitting" and not r.job_id]
    if not waiting:
        return
    claimed = {r.job_id: r.identity or None for r in records if r.job_id}
    lookup = []
    for r in waiting:
        outputs = sorted((sweep_dir / r.folder).glob("slurm-*.out"))
        if not r.identity:
            r.update(state=NOT_QUEUED, reason="its submit ended before handing it to sbatch")
        elif outputs:  # the job started: its output file is named after its id
            _adopt(r, outputs[-1].stem.removeprefix("slurm-"), "its output file")
        else:
            lookup.append(r)
    if not lookup:
        return
    found = _jobs_named(sorted({r.job_name for r in lookup}), min(r.intent_at for r in lookup))
    if found is None:
        for r in lookup:
            r.reason = "controller unreachable: its job is looked up on the next status"
        return
    for r in lookup:
        ours = JobIdentity.parse(r.identity)
        mine = [
            (_task_of(j["id"], r), j["source"])
            for j in found
            if j["name"] == r.job_name
            and (
                (ours is not None and JobIdentity.parse(j["comment"]) == ours)
                or (not j["comment"] and j["submit"] >= r.intent_at - 5)
            )
        ]
        mine = [(job, src) for job, src in mine if claimed.get(job, r.identity) == r.identity]
        if mine:
            _adopt(r, *mine[0])
            claimed[mine[0][0]] = r.identity
        else:
            r.update(
                state=NOT_QUEUED,
                reason="sbatch never queued it (squeue and sacct know no such job)",
            )


def _task_of(found_id: str, record: Attempt) -> str:
    """The job id a record adopts: a job array's member is task <array job>_<its index>,
    whichever of the array's lines (A_3, A_[4-9]) was found."""
    if record.array_index is UNSET:
        return found_id
    return f"{found_id.split('_')[0]}_{record.array_index}"


def _adopt(record: Attempt, job_id: str, source: str) -> None:
    record.update(job_id=job_id, state="submitted", adopted_from=source)


def _jobs_named(names: list[str], since: float) -> list[dict] | None:
    """Jobs with these names known to the controller (squeue, all states) and, with accounting,
    to sacct since `since`: id, name, comment, submit time and where it was found. None when a
    source that should answer did not."""
    import datetime as dt

    def when(text: str) -> float:
        try:
            return dt.datetime.fromisoformat(text.strip()).timestamp()
        except ValueError:
            return 0.0

    def ask(cmd: list[str], timeout: float) -> str | None:
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except (OSError, subprocess.SubprocessError):
            return None
        return out.stdout if out.returncode == 0 else None

    jobs: dict[str, dict] = {}

    def add(text: str, source: str) -> None:  # id|name|submit|comment (comment last: any text)
        for line in text.splitlines():
            f = line.split("|", 3)
            if len(f) == 4 and f[0] not in jobs:
                jobs[f[0]] = dict(
                    id=f[0], name=f[1], submit=when(f[2]), comment=f[3], source=source
                )

    name_list = f"--name={','.join(names)}"
    queued = ask(["squeue", "-h", "--states=all", "-o", "%i|%j|%V|%k", name_list], 60)
    if queued is None:
        return None
    add(queued, "squeue")
    if accounting_enabled():
        start = dt.datetime.fromtimestamp(since - 60).strftime("%Y-%m-%dT%H:%M:%S")
        fields = "--format=JobID,JobName,Submit,Comment"
        accounted = ask(["sacct", "-X", "-n", "-P", name_list, "-S", start, fields], 120)
        if accounted is None:
            return None
        add(accounted, "sacct")
    return list(jobs.values())


def reconcile(attempts: list[Attempt], sweep_dir: Path) -> list[str]:
    """Refresh the state of Slurm attempts in place: one sacct call for all
    of them, one squeue call for the pending Reason or where accounting has nothing, and the
    exit markers the job scripts write. Returns a notice for each of sacct and squeue that did
    not answer (slurmdbd or slurmctld down), saying what the states rest on instead."""
    active = [a for a in attempts if a.executor == "slurm" and a.job_id and a.state in OPEN]
    if not active:
        return []
    notices = []
    # without accounting sacct fails on every call: skip it; the squeue fallback below
    # decides, and status says UNKNOWN where it cannot know
    states: dict[str, str] = {}
    accounted = False  # sacct answered: a job it does not know yet, it will (ACCOUNTING_LAG_S)
    if accounting_enabled():
        ids = [str(a.job_id) for a in active]
        # and each array whole: a task scancelled while pending leaves no record of its own
        # (_array_known), which only the array's other tasks (or its own id) show
        answer = sacct_states(ids + sorted({i.split("_")[0] for i in ids if "_" in i}))
        states, accounted = answer or {}, answer is not None
        if answer is None:
            notices.append(
                "accounting did not answer (sacct failed: is slurmdbd down?): states come from "
                "squeue and the jobs' exit markers; what neither knows is unknown, not resubmitted"
            )
    asked = time.monotonic()
    queued = _queue([str(a.job_id) for a in active])  # the one squeue call
    waited = time.monotonic() - asked
    if queued is not None and waited > SLOW_ANSWER_S:
        # Slurm's clients keep trying an absent controller for a while before they fail
        notices.append(
            f"the controller took {waited:.0f} s to answer squeue (slurmctld restarting or "
            "overloaded?)"
        )
    if queued is None:
        notices.append(
            "the controller did not answer (squeue failed: is slurmctld down?): states come "
            "from accounting and the jobs' exit markers; pending reasons are not known"
        )
    queue_answered, queued = queued is not None, queued or {}
    for a in active:
        slurm_state = states.get(str(a.job_id), "UNKNOWN")
        word = slurm_state.split()[0].rstrip("+") if slurm_state else "UNKNOWN"
        a.slurm_state = word
        marker = sweep_dir / a.folder / attempt_files.EXIT_CODE
        code = int(marker.read_text()) if marker.exists() else None
        if code is not None:
            a.exit_code = code
        if a.bundle:
            if word == "UNKNOWN":  # no accounting record: the queue knows a live job
                word = queued.get(str(a.job_id), ("UNKNOWN", ""))[0]
            _bundle_member_state(a, word, code, sweep_dir / a.folder)
        elif word in ("COMPLETED", "FAILED") and code is not None:
            # the batch script ended: its exit code says what the trainer did
            a.state = state_from_exit(code)
        elif word == "TIMEOUT":
            # checkpointed on the signal before the limit (exit 4) or cut off without one
            a.state = "interrupted" if code == EXIT_INTERRUPTED else "timeout"
        elif word in SLURM_STATES:
            a.state = SLURM_STATES[word]
            if (
                a.state == "pending"
                and code is None
                and _left_unstarted(a, queued, queue_answered, sweep_dir)
            ):
                # a scancel reaches accounting's pending range late (6 s to 3 min seen)
                a.slurm_state = f"GONE (left the queue before it started; accounting: {word})"
                a.state = "cancelled"
        elif code is not None and accounted and _age(marker) < ACCOUNTING_LAG_S:
            # the script ended, Slurm has not said how yet: a cancelled job's marker can read
            # like its own end (143 from a setup scancel interrupted), so wait for the record
            a.slurm_state = "ENDED (not in accounting yet)"
            a.state = "unknown"
        elif code is not None:  # no accounting record (none kept, or long overdue)
            a.state = state_from_exit(code)
        elif word == "COMPLETED":  # it ended, and its script's last write is not there (yet)
            a.slurm_state = "COMPLETED (no exit marker yet)"
            a.state = "unknown"
        else:  # accounting has no record: ask the queue, never guess
            word = queued.get(str(a.job_id), ("UNKNOWN", ""))[0]
            a.slurm_state = f"{word} (squeue)"
            a.state = SLURM_STATES.get(word, "unknown")
            if (
                word == "UNKNOWN"
                and _array_known(a, states)
                and _left_unstarted(a, queued, queue_answered, sweep_dir)
            ):
                a.slurm_state = "GONE (an array task cancelled before it started: no record)"
                a.state = "cancelled"
    for a in active:
        pending = a.state == "pending"
        a.reason = queued.get(str(a.job_id), ("", None))[1] if pending else None
        if pending and a.bundle and word_of(a) in ("RUNNING", "SUSPENDED"):
            a.reason = f"waiting in its bundle (run {a.run_order + 1})"
            if word_of(a) == "SUSPENDED":  # the queue's reason for it is "None"
                a.reason += "; the bundle's job is suspended"
        # a rank's failed allocation shows in the job's output, not in its exit code
        failure.refine(a, sorted((sweep_dir / a.folder).glob("slurm-*.out")))
    return notices


# slurmctld sends slurmdbd its job records asynchronously: on a loaded machine a job that ended
# was missing from sacct for over 16 s (CI). Past this, a record still missing is taken as lost
# and the job's exit marker decides.
ACCOUNTING_LAG_S = 300


def _age(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return float("inf")


def sacct_states(job_ids: list[str]) -> dict[str, str] | None:
    """Job id (an array task's `<job>_<i>`) -> its State, from one sacct call; None when sacct
    did not answer (slurmdbd down)."""
    cmd = ["sacct", "-o", "JobID,State,NodeList", "--parsable2", "-j", ",".join(job_ids)]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    return sacct_info(out.stdout) if out.returncode == 0 else None


def sacct_info(text: str) -> dict[str, str]:
    """sacct --parsable2's JobID/State lines -> job id -> State, read by submitit's public
    reader (array tasks and pending ranges such as 123_[0-3] expanded, job steps skipped)."""
    from submitit.slurm.slurm import SlurmInfoWatcher

    info = SlurmInfoWatcher(delay_s=0).read_info(text)
    return {job: row.get("State", "") for job, row in info.items()}


def _array_known(a: Attempt, accounted: dict[str, str]) -> bool:
    """An array task without an accounting record of its own, of an array accounting knows
    (another task's record, or the array's own id). A task scancelled while it waits in its
    array's pending range gets no record of its own, ever (Slurm 22.05 and 24.11; seen in CI,
    reproduced on both: `sacct -j A_i` empty, `sacct -j A` lists only the other tasks), and
    tasks cancelled before accounting recorded the array leave one record of the bare id
    (`43|CANCELLED by 0`)."""
    array, _, task = str(a.job_id).partition("_")
    if not task or str(a.job_id) in accounted:
        return False
    return array in accounted or any(j.startswith(f"{array}_") for j in accounted)


def _left_unstarted(
    a: Attempt, queued: dict[str, tuple[str, str]], answered: bool, sweep_dir: Path
) -> bool:
    """The queue answered and no longer lists the job, and its output file was never opened
    (as a job starts: the point's slurm-*.out, or an array task's slurm-<A>_<i>.out in the
    array's folder): it left the queue without running, cancelled (a pending job is never
    forgotten by the queue; a job that ran has its output file)."""
    if not answered or str(a.job_id) in queued:
        return False
    if any((sweep_dir / a.folder).glob("slurm-*.out")):
        return False
    array = a.array_folder if isinstance(a.array_folder, str) else None
    return not (array and (sweep_dir / array / f"slurm-{a.job_id}.out").exists())


def word_of(attempt: Attempt) -> str:
    return str(attempt.slurm_state or "").split(" ")[0]


def _bundle_member_state(a: Attempt, word: str, code: int | None, folder: Path) -> None:
    """A point of a bundle: its own exit marker decides once it ran; before that, the
    bundle's job state says whether it waits, runs, or will never run."""
    started = (folder / attempt_files.STARTED_AT).exists()
    if code is not None:
        a.state = state_from_exit(code)
    elif word in ("PENDING", "CONFIGURING", "REQUEUED"):
        a.state = "pending"
    elif word in ("RUNNING", "COMPLETING"):
        a.state = "running" if started else "pending"
    elif word in ("COMPLETED", "FAILED", "TIMEOUT") and not started:
        a.state = "cancelled"  # the bundle ended before this run started (e.g. a signal)
    elif word == "FAILED":  # it started and the bundle's job failed before its exit marker
        a.state = "failed"
    elif word == "COMPLETED":  # it ran; its last write is not there (yet): as an array task's
        a.slurm_state = "COMPLETED (no exit marker yet)"
        a.state = "unknown"
    elif SLURM_STATES.get(word) in ("pending", "running"):
        # the bundle's job lives on (SUSPENDED, SIGNALING, REQUEUE_HOLD...): a run not started
        # waits in it (it was read cancelled, for good, while its bundle was suspended)
        a.state = SLURM_STATES[word] if started else "pending"
    elif word in SLURM_STATES:
        a.state = SLURM_STATES[word] if started else "cancelled"
    else:
        a.state = "unknown"


_UNITS = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def _bytes(value: str) -> int | None:
    value = value.strip()
    if not value:
        return None
    if value[-1] in _UNITS:
        return int(float(value[:-1]) * _UNITS[value[-1]])
    return int(float(value))


def _unix(value: str | None) -> float | None:
    """sacct's Start or End under SLURM_TIME_FORMAT=%s; None for Unknown/None (not yet)."""
    try:
        return float(value) if value and value.strip().isdigit() else None
    except ValueError:
        return None


def accounting(job_ids: list[str]) -> dict[str, dict]:
    """State, exit code, elapsed time, node list and the largest step MaxRSS (with its node) of
    each job, from one sacct call. Under mpirun a step's MaxRSS is the node daemon's (orted and
    the ranks it started), not one rank's: the column names say so. Empty when accounting is
    off."""
    if not job_ids:
        return {}
    fields = ["JobID", "State", "ExitCode", "Elapsed", "MaxRSS", "MaxRSSNode", "NodeList"]
    fields += ["Start", "End"]  # Unix times: SLURM_TIME_FORMAT=%s (no time zone to guess)
    try:
        out = subprocess.run(
            [
                "sacct",
                "-j",
                ",".join(job_ids),
                "--parsable2",
                "--noheader",
                f"--format={','.join(fields)}",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "SLURM_TIME_FORMAT": "%s"},
        )
    except (OSError, subprocess.SubprocessError):
        return {}
    if out.returncode != 0:
        return {}
    result: dict[str, dict] = {}
    for line in out.stdout.splitlines():
        row = dict(zip(fields, line.split("|"), strict=False))
        job, _, step = row["JobID"].partition(".")
        entry = result.setdefault(job, {"sacct_maxrss_step_max": None})
        if not step:
            entry.update(
                slurm_state=row["State"].split()[0],
                slurm_exit_code=row["ExitCode"],
                elapsed=row["Elapsed"],
                node_list=row["NodeList"],
                start=_unix(row.get("Start")),
                end=_unix(row.get("End")),
            )
        rss = _bytes(row.get("MaxRSS", ""))
        if rss is not None and (entry["sacct_maxrss_step_max"] or 0) < rss:
            entry["sacct_maxrss_step_max"] = rss
            entry["sacct_maxrss_node"] = row.get("MaxRSSNode")
    return result
