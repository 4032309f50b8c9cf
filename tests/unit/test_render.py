"""Job scripts: byte identity of every experiment's render (a small golden per template and
launcher, a digest per experiment), structure checked against the plan, launcher placement,
inert user values."""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import shlex
import stat
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import hostlist
import pytest
import yaml

from scalestudy.plan import Point, make_plan
from scalestudy.profiles import CLUSTERS
from scalestudy.render import environment, template_hash
from scalestudy.submit import bundles_are_jobs, render_all
from scalestudy.sweepfile.sweep import LoadedSweep, SweepModel, load_sweep, time_limit_minutes

ROOT = Path(__file__).resolve().parents[2]
EXPERIMENTS = sorted((ROOT / "experiments").glob("*.yaml"))
GOLDEN = ROOT / "tests" / "golden"
DIGESTS = GOLDEN / "digests.json"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
RESULTS = "@RESULTS@"  # the results folder in goldens: renders compare across machines

# The golden of each (template, launcher) pair the experiments use is the first script
# (smallest size, first allocation) of one experiment: the paper's machines where they use
# the pair, and between them both pinned mpirun mappings (per socket, per node).
REPRESENTATIVE = {
    "job-mpirun.sh": "zenith-strong",
    "job-mpirun-local.sh": "quickstart",
    "job-ibrun.sh": "stampede2-strong",
    "bundle-mpirun.sh": "accumulation-64",
    "bundle-ibrun.sh": "stampede2-weak",
}

HOW_TO_UPDATE = (
    "If the change is intended: UPDATE_GOLDEN=1 python -m pytest tests/unit/test_render.py, "
    "then review `git diff tests/golden` (the small goldens show the change for each template "
    "and launcher; digests.json only which experiments changed) and commit it with the change."
)


@dataclass
class Render:
    """One experiment's plan and every script render_all makes of it (what submit writes)."""

    name: str
    loaded: LoadedSweep
    points: dict[str, Point]  # the plan, by point id
    scripts: dict[str, str]  # script id (point or bundle) -> script, results folder @RESULTS@

    @property
    def template(self) -> str:
        return "bundle" if bundles_are_jobs(self.loaded) else "job"

    @property
    def golden(self) -> str:
        return f"{self.template}-{self.loaded.profile.launcher}.sh"

    @cached_property
    def text(self) -> str:
        """Every script under its id: the text the old per-experiment goldens held."""
        return "".join(f"##### {sid}\n{script}" for sid, script in self.scripts.items())


def render(sweep: Path, results: Path) -> Render:
    loaded = load_sweep(sweep)
    plan = make_plan(loaded)
    base = str(results.resolve())
    scripts = {
        sid: script.replace(base, RESULTS)
        for sid, script in render_all(loaded, plan, results).items()
    }
    return Render(sweep.stem, loaded, {p.id: p for p in plan}, scripts)


def rendered(sweep: Path, results: Path) -> str:
    return render(sweep, results).text


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.fixture(scope="module")
def renders(tmp_path_factory) -> dict[str, Render]:
    return {p.stem: render(p, tmp_path_factory.mktemp(p.stem)) for p in EXPERIMENTS}


def golden_text(r: Render) -> str:
    sid, script = next(iter(r.scripts.items()))
    return f"##### {r.name} {sid}\n{script}"


def representatives(renders: dict[str, Render]) -> dict[str, Render]:
    used = {r.golden for r in renders.values()}
    assert used == set(REPRESENTATIVE), (
        f"goldens needed {sorted(used)}, REPRESENTATIVE names {sorted(REPRESENTATIVE)}: "
        "give every (template, launcher) pair the experiments use one representative"
    )
    for golden, name in REPRESENTATIVE.items():
        assert renders[name].golden == golden, f"{name} renders {renders[name].golden}"
    return {golden: renders[name] for golden, name in REPRESENTATIVE.items()}


def test_experiments_render_byte_identical(renders):
    """Any byte of any experiment's scripts changed fails here, naming the experiment; the
    golden of its template and launcher shows the change when its representative has it."""
    goldens = {g: golden_text(r) for g, r in representatives(renders).items()}
    digests = {
        name: {"golden": r.golden, "scripts": len(r.scripts), "sha256": sha256(r.text)}
        for name, r in renders.items()
    }
    if UPDATE:
        for stale in set(p.name for p in GOLDEN.glob("*.sh")) - set(goldens):
            (GOLDEN / stale).unlink()
        for g, text in goldens.items():
            (GOLDEN / g).write_text(text)
        DIGESTS.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")

    problems: list[str] = []
    stale = sorted(set(p.name for p in GOLDEN.glob("*.sh")) - set(goldens))
    if stale:
        problems.append(f"golden files no experiment renders: {', '.join(stale)}")
    diffs: dict[str, str] = {}
    for g, text in goldens.items():
        path = GOLDEN / g
        old = path.read_text() if path.exists() else ""
        if old != text:
            diffs[g] = "".join(
                difflib.unified_diff(
                    old.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    f"tests/golden/{g}" if path.exists() else "/dev/null",
                    f"{g} as rendered now",
                )
            )
    recorded = json.loads(DIGESTS.read_text()) if DIGESTS.exists() else {}
    for name in sorted(set(recorded) | set(digests)):
        was, now = recorded.get(name), digests.get(name)
        if was == now:
            continue
        if was is None or now is None:
            problems.append(f"{name}: {'not in digests.json' if was is None else 'gone'}")
            continue
        g = now["golden"]
        changed = f"sha256 {was['sha256'][:12]} -> {now['sha256'][:12]}"
        if was["scripts"] != now["scripts"]:
            changed += f", {was['scripts']} -> {now['scripts']} scripts"
        if was["golden"] != g:
            changed += f", golden {was['golden']} -> {g}"
        where = (
            f"its golden {g} changed too (diff below)"
            if g in diffs
            else f"its golden {g} (from {REPRESENTATIVE[g]}) did not change, so the change is in "
            f"scripts no golden shows: `scalestudy render experiments/{name}.yaml --out DIR` "
            "with and without the change (git stash), and diff the two folders"
        )
        problems.append(f"{name}: full render changed ({changed}); {where}")
    if diffs and not problems:  # a golden edited by hand, or another representative
        problems += [f"{g}: differs from the render of {REPRESENTATIVE[g]}" for g in diffs]
    message = "\n".join(
        ["the rendered job scripts changed:", *(f"  {p}" for p in problems), ""]
        + [diffs[g] for g in sorted(diffs)]
        + [HOW_TO_UPDATE]
    )
    if problems or diffs:
        pytest.fail(message, pytrace=False)  # the message says it all: no traceback


# --- structure: what each script must say, from the plan, for every experiment and script


def sbatch(script: str) -> dict[str, str]:
    """The #SBATCH options of a script (a flag maps to "")."""
    out: dict[str, str] = {}
    for line in script.splitlines():
        if line.startswith("#SBATCH "):
            key, _, value = line.removeprefix("#SBATCH --").partition("=")
            assert key not in out, f"#SBATCH --{key} given twice"
            out[key] = value
    return out


def expected_sbatch(
    sw: SweepModel, r: Render, job_name: str, nodes: int, ppn: int, time: str, attempt_dir: str
) -> dict[str, str]:
    profile = r.loaded.profile
    if profile.scheduler != "slurm":
        return {}
    fitting = [p for p in profile.partitions if p.max_nodes >= nodes]
    partition = sw.slurm.partition or min(fitting, key=lambda p: p.max_nodes).name
    out = {
        "job-name": job_name,
        "nodes": str(nodes),
        "ntasks-per-node": str(ppn),
        "cpus-per-task": str(sw.threads_per_worker),
        "time": time,
        "partition": partition,
        "output": f"{attempt_dir}/slurm-%j.out",  # next to the script, in this attempt
        # the checkpoint signal goes to the batch shell, which forwards it to the launcher
        "signal": f"B:USR1@{sw.slurm.signal_margin_s or profile.checkpoint_signal_margin_s}",
        "no-requeue": "",  # the manifest owns retries
    }
    for key in ("account", "qos", "constraint"):
        if value := getattr(sw.slurm, key):
            out[key] = value
    if sw.slurm.exclusive:
        out["exclusive"] = ""
    if sw.slurm.exclude_nodes:
        names = [n for e in sw.slurm.exclude_nodes for n in hostlist.expand_hostlist(e)]
        out["exclude"] = hostlist.collect_hostlist(names)
    return out


def archives(folder: str, code: str) -> str:
    """The line that writes an exit code into a folder atomically (tmp file, then mv)."""
    tmp, final = f'"${folder}/exit_code.tmp"', f'"${folder}/exit_code"'
    return f"printf '%s\\n' \"${code}\" > {tmp} && mv -f {tmp} {final}"


def check_job(
    script: str, r: Render, sw: SweepModel, sbatch_expected: dict[str, str], attempt_dir: str
) -> None:
    """What a point's and a bundle's script share: directives, folder, exit code, modules,
    environment."""
    assert script.startswith("#!/bin/bash\n")
    assert not re.search(r"\{\{|\{%|\{#|\}\}|%\}", script), "template syntax left in the script"
    assert sbatch(script) == sbatch_expected
    lines = script.splitlines()
    if sbatch_expected:
        # sbatch reads directives only up to the first command
        last = max(i for i, line in enumerate(lines) if line.startswith("#SBATCH "))
        assert all(line.startswith("#") for line in lines[: last + 1])
        assert "trap forward USR1 TERM" in lines, "the checkpoint signal is not forwarded"
    assert lines.count(f"attempt_dir={attempt_dir}") == 1
    assert lines[lines.index(f"attempt_dir={attempt_dir}") + 1] == 'cd "$attempt_dir" || exit 97'
    # the exit code is archived whatever ends the script: the trap is set before anything runs
    assert "  " + archives("attempt_dir", "code") in lines
    trap = lines.index("trap finish EXIT")
    first_command = next(
        i for i, line in enumerate(lines) if re.match(r"(module |mkdir |\S+ -m |export )", line)
    )
    assert trap < first_command, "a command runs before the exit code trap is set"
    profile = r.loaded.profile
    loads = [line for line in lines if line.startswith("module load ")]
    modules = [line.removeprefix("module load ").split(" || setup_failed ")[0] for line in loads]
    assert modules == [shlex.quote(m) for m in [*profile.modules, *sw.modules]]
    # a failed load stops the job before the launch, naming the module (exit 96)
    assert all(" || setup_failed " in line for line in loads)
    exports = dict(
        line.removeprefix("export ").split("=", 1) for line in lines if line.startswith("export ")
    )
    env = {**profile.env, **sw.env, "OMP_NUM_THREADS": str(sw.threads_per_worker)}
    assert {k: shlex.split(exports.get(k, "''"))[0] for k in env} == env


def launches(script: str, r: Render) -> list[list[str]]:
    """The launch commands (continuation lines joined) as argument lists."""
    module = {
        "trainer": "scalestudy.trainer",
        "probe": "scalestudy.workloads.probe",
        "comm": "scalestudy.workloads.comm",
    }[r.loaded.sweep.workload]
    joined = script.replace("\\\n", " ").splitlines()
    found = [line for line in joined if f" -m {module} --config " in line]
    for line in found:
        assert line.endswith(" &"), f"the launcher must run in the background: {line}"
    return [shlex.split(line.removesuffix(" &")) for line in found]


def check_launch(
    argv: list[str], r: Render, point: Point, point_json: str, sbatch_lines: dict[str, str]
) -> None:
    """The launcher starts nodes x ppn ranks of the right workload on this point's config,
    placed and bound as the profile says."""
    profile, sw = r.loaded.profile, point.sweep
    m = argv.index("-m")
    args, python = argv[: m - 1], argv[m - 1]
    assert python == (sw.python or profile.python)
    assert argv[m + 2 :] == ["--config", point_json]
    threads, ppn, workers = sw.threads_per_worker, point.ppn, point.workers
    match profile.launcher:
        case "mpirun":
            assert args[:3] == ["mpirun", "-np", str(workers)]
            forwarded = [args[i + 1] for i, a in enumerate(args) if a == "-x"]
            # every exported variable reaches the ranks on the other nodes
            env = {**profile.env, **sw.env}
            assert forwarded == ["PATH", "LD_LIBRARY_PATH", "OMP_NUM_THREADS", *env]
            mapping = args[args.index("--map-by") + 1]
            binding = args[args.index("--bind-to") + 1]
            if profile.bind == "none":
                assert (mapping, binding) == (f"ppr:{ppn}:node", "none")
            else:
                pinned = re.fullmatch(r"ppr:(\d+):(socket|node):pe=(\d+)", mapping)
                assert pinned, f"--map-by {mapping}: not ranks per socket or node, pinned"
                per, unit, pe = pinned.groups()
                per_node = int(per) * (profile.sockets if unit == "socket" else 1)
                cores = profile.cores_per_socket if unit == "socket" else profile.cores_per_node
                assert per_node == ppn and int(pe) == threads and binding == "core"
                assert int(per) * threads <= cores, f"{mapping}: more cores than a {unit} has"
        case "mpirun-local":
            # every emulated node is ranks on this host: no binding on its shared cores
            assert args == ["mpirun", "-np", str(workers), "--oversubscribe", "--bind-to", "none"]
        case "srun":
            assert args[0] == "srun" and f"--nodes={point.nodes}" in args
            assert f"--ntasks={workers}" in args and f"--ntasks-per-node={ppn}" in args
            assert f"--cpus-per-task={threads}" in args and f"--cpu-bind={profile.bind}" in args
        case "ibrun":
            # ibrun starts one rank per Slurm task: nodes x ntasks-per-node of the allocation
            assert args == ["ibrun"]
            assert int(sbatch_lines["nodes"]) * int(sbatch_lines["ntasks-per-node"]) == workers
        case other:
            pytest.fail(f"no structural check for launcher {other}: add one")


@contextmanager
def in_script(r: Render, sid: str) -> Iterator[None]:
    """A failed check names the experiment and script it failed on."""
    try:
        yield
    except AssertionError as exc:
        exc.add_note(f"in {r.name}'s script {sid} (template and launcher: {r.golden})")
        raise


def bundle_time(members: list[Point]) -> str:
    minutes = sum(time_limit_minutes(m.sweep.time_limit) or 0 for m in members)
    return f"{int(minutes // 60):02d}:{int(minutes % 60):02d}:00"


def check_points(r: Render) -> None:
    assert list(r.scripts) == list(r.points), "one script per point of the plan, in its order"
    for pid, script in r.scripts.items():
        with in_script(r, pid):
            check_point(r, pid, script)


def check_point(r: Render, pid: str, script: str) -> None:
    point, sw = r.points[pid], r.points[pid].sweep
    adir = f"{RESULTS}/{sw.name}/{pid}/attempt-1"
    expected = expected_sbatch(
        sw, r, f"ss-{sw.name}-{pid}", point.nodes, point.ppn, sw.time_limit, adir
    )
    check_job(script, r, sw, expected, adir)
    assert f"export SCALESTUDY_POINT={pid}" in script.splitlines()
    (argv,) = launches(script, r)
    check_launch(argv, r, point, f"{adir}/point.json", sbatch(script))
    assert script.endswith('\nexit "$rc"\n')


def check_bundles(r: Render) -> None:
    seen: list[str] = []
    groups: list[tuple] = []
    for bid, script in r.scripts.items():
        with in_script(r, bid):
            members = check_bundle(r, bid, script)
            # a bundle is every point of one size and allocation: the variants share its nodes
            group = {(m.nodes, m.ppn, m.sweep.threads_per_worker, m.allocation) for m in members}
            assert len(group) == 1, f"members of different jobs: {sorted(group)}"
            assert group.isdisjoint(groups), f"another bundle has the same nodes: {group}"
        groups += group
        seen += [m.id for m in members]
    # bundles hold what submit would run now: every point predicted to fit in memory, once
    fitting = [pid for pid, p in r.points.items() if p.fits]
    assert sorted(seen) == sorted(fitting), "every point that fits runs in exactly one bundle"


def check_bundle(r: Render, bid: str, script: str) -> list[Point]:
    """One bundle's job: its runs in order, each on its own folder and exit code; returns
    its members."""
    head, *blocks = script.split("\n\n# run ")
    found = [re.match(r"(\d+) of (\d+): point (\S+)\n", b) for b in blocks]
    assert found and all(found), "a bundle's runs each start with # run i of n: point <id>"
    runs = [m.groups() for m in found if m]
    assert [(int(i), int(n)) for i, n, _ in runs] == [
        (i, len(runs)) for i in range(1, len(runs) + 1)
    ]
    members = [r.points[pid] for _, _, pid in runs]
    first = members[0]
    sw = first.sweep
    adir = f"{RESULTS}/{sw.name}/bundles/{bid}/attempt-1"
    threads = sw.threads_per_worker
    assert bid.startswith(f"b{first.nodes:04d}-p{first.ppn}-t{threads}-a{first.allocation}-")
    expected = expected_sbatch(
        sw, r, f"ss-{sw.name}-{bid}", first.nodes, first.ppn, bundle_time(members), adir
    )
    check_job(script, r, sw, expected, adir)
    assert f"bundle {bid}, attempt 1: {len(runs)} runs\n" in head
    for block, member in zip(blocks, members, strict=True):
        run_dir = f"{RESULTS}/{sw.name}/{member.id}/attempt-1"
        lines = [line.strip() for line in block.splitlines()]
        assert f"run_dir={run_dir}" in lines
        assert f"export SCALESTUDY_POINT={member.id}" in lines
        assert archives("run_dir", "rc") in lines, f"{member.id}: exit code not archived"
        (argv,) = launches(block, r)
        check_launch(argv, r, member, f"{run_dir}/point.json", sbatch(script))
    assert script.endswith('\nexit "$failed"\n')
    return members


@pytest.mark.parametrize("name", [p.stem for p in EXPERIMENTS])
def test_every_script_says_what_the_plan_says(renders, name):
    r = renders[name]
    if r.template == "bundle":
        check_bundles(r)
    else:
        check_points(r)
    # the scripts parse (bash -n reads, runs nothing)
    proc = subprocess.run(["bash", "-n"], input=r.text, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_launchers_place_processes_per_site(tmp_path):
    stampede = rendered(ROOT / "experiments/stampede2-weak.yaml", tmp_path)
    assert "ibrun python3 -m scalestudy.trainer" in stampede
    assert "export I_MPI_PIN_DOMAIN=omp:compact" in stampede
    assert "export OMP_NUM_THREADS=11" in stampede
    assert (
        "#SBATCH --partition=skx-normal" in stampede and "#SBATCH --partition=skx-large" in stampede
    )
    zenith = rendered(ROOT / "experiments/zenith-weak.yaml", tmp_path)
    assert "--map-by ppr:1:socket:pe=19 --bind-to core --report-bindings" in zenith
    one_ppn = rendered(ROOT / "experiments/accumulation-64.yaml", tmp_path)
    assert "--map-by ppr:1:node:pe=38" in one_ppn
    sweep = tmp_path / "generic.yaml"
    sweep.write_text(
        "name: g\ncluster: slurm\nmode: weak\nnodes: [2]\nppn: 4\n"
        "threads_per_worker: 8\ntrainer: {model: tiny, tokens_per_worker: 512}\n"
    )
    generic = rendered(sweep, tmp_path)
    assert "srun --kill-on-bad-exit=1 --mpi=pmi2 --nodes=2 --ntasks=8" in generic
    assert "--cpus-per-task=8 --cpu-bind=cores" in generic
    assert "#SBATCH --signal=B:USR1@120" in generic


HOSTILE = "$(touch {marker}); touch {marker}; `touch {marker}` a'b\"c ${{HOME}}"
# a module name has no blanks (refused at load): the same without them
HOSTILE_MODULE = "$(touch${{IFS}}{marker});`touch${{IFS}}{marker}`;a'b\"c${{HOME}}"


def _hostile_sweep(tmp_path: Path, marker: Path) -> Path:
    bad = HOSTILE.format(marker=marker)
    sweep = tmp_path / "hostile.yaml"
    sweep.write_text(
        yaml.safe_dump(
            {
                "name": "hostile",
                "cluster": "slurm",
                "mode": "weak",
                "nodes": [1],
                "ppn": 1,
                "python": bad,
                "modules": [HOSTILE_MODULE.format(marker=marker)],
                "env": {"SITE_VAR": bad},
                "trainer": {"model": "tiny", "tokens_per_worker": 512},
            }
        )
    )
    return sweep


def test_hostile_values_render_inert(tmp_path):
    """Every string a user controls that reaches the script is quoted: run the script with the
    launchers and `module` stubbed, and check that nothing the values say was executed."""
    marker = tmp_path / "pwned"
    loaded = load_sweep(_hostile_sweep(tmp_path, marker))
    results = tmp_path / "results"
    ((pid, script),) = render_all(loaded, make_plan(loaded), results).items()
    bin_dir = tmp_path / "stubs"
    bin_dir.mkdir()
    calls = tmp_path / "calls.log"
    for name in ("srun", "mpirun", "ibrun", "module"):
        stub = bin_dir / name
        stub.write_text(f'#!/bin/bash\nprintf "%s\\n" "{name}" "$@" >> {calls}\n')
        stub.chmod(stub.stat().st_mode | stat.S_IEXEC)
    attempt = results.resolve() / "hostile" / pid / "attempt-1"
    attempt.mkdir(parents=True)
    # the hostile `python` is a relative path from the attempt folder: there, the capture (a
    # setup step: one that fails stops the job) finds a stub, called by its literal name
    python = attempt / HOSTILE.format(marker=marker)
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/bash\nexit 0\n")
    python.chmod(0o755)
    path = tmp_path / "job.sh"
    path.write_text(script)
    env = {"PATH": f"{bin_dir}:{os.environ['PATH']}", "HOME": str(tmp_path)}
    proc = subprocess.run(["bash", str(path)], env=env, capture_output=True, text=True, timeout=60)
    assert not marker.exists(), "a value from the sweep was executed by the shell"
    assert proc.returncode == 0, proc.stderr
    logged = calls.read_text()
    bad = HOSTILE.format(marker=marker)
    assert bad in logged.splitlines()  # reached the launcher as one literal argument
    assert (attempt / "exit_code").read_text().strip() == "0"


def test_template_comment_changes_hash_not_point_ids(tmp_path):
    loaded = load_sweep(ROOT / "experiments/quickstart.yaml")
    ids = [p.id for p in make_plan(loaded)]
    copy = tmp_path / "clusters"
    copy.mkdir()
    for f in CLUSTERS.rglob("*"):
        if f.is_file():
            dest = copy / f.relative_to(CLUSTERS)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(f.read_bytes())
    job = copy / "partials" / "prologue.sh.j2"  # a partial counts too
    job.write_text(
        job.read_text().replace(
            "# The exit code of this script", "# The exit status of this script"
        )
    )
    assert template_hash(loaded.profile, copy) != template_hash(loaded.profile)
    assert [p.id for p in make_plan(load_sweep(ROOT / "experiments/quickstart.yaml"))] == ids
    assert environment(copy).get_template("job.sh.j2")  # still renders


def test_missing_template_value_fails_at_render_time(tmp_path):
    import jinja2

    env = environment()
    with pytest.raises(jinja2.UndefinedError):
        env.get_template("job.sh.j2").render({"scheduler": "local"})


def test_excluded_nodes_become_one_compressed_hostlist(tmp_path):
    sweep = tmp_path / "ex.yaml"
    sweep.write_text(
        "name: ex\ncluster: emulated\nmode: weak\nnodes: [1]\n"
        "trainer: {model: tiny, tokens_per_worker: 512, steps: 4}\n"
        "slurm: {exclude_nodes: ['n3', 'n[1,4]']}\n"
    )
    from scalestudy.plan import make_plan
    from scalestudy.render import render_script
    from scalestudy.sweepfile.sweep import load_sweep

    loaded = load_sweep(sweep)
    (point,) = make_plan(loaded)
    script = render_script(point, loaded.profile, tmp_path / "a", 1)
    assert "#SBATCH --exclude=n[1,3-4]\n" in script


def test_a_bad_hostlist_names_file_line_and_key(tmp_path, capsys):
    from scalestudy.cli import main

    sweep = tmp_path / "ex.yaml"
    sweep.write_text(
        "name: ex\ncluster: emulated\nmode: weak\nnodes: [1]\n"
        "trainer: {model: tiny, tokens_per_worker: 512, steps: 4}\n"
        "slurm:\n  exclude_nodes: ['n[3-1]']\n"
    )
    assert main(["validate", str(sweep)]) == 2
    err = capsys.readouterr().err
    assert f"{sweep}:7: slurm.exclude_nodes" in err and "not a Slurm hostlist" in err


def test_bind_none_maps_ranks_per_node_without_pinning(tmp_path):
    """Profile `bind: none` (emulated nodes sharing one host's cores): ppn ranks per node, no
    core binding, for mpirun and srun alike; ibrun pins through Intel MPI and refuses it."""
    from scalestudy.profiles import Profile, load_profile

    loaded = load_sweep(ROOT / "experiments/comm-emulated.yaml")
    assert loaded.profile.bind == "none"
    script = next(iter(render_all(loaded, make_plan(loaded), tmp_path).values()))
    assert "--map-by ppr:1:node --bind-to none" in script and "pe=" not in script
    pinned, _ = load_profile("emulated")
    assert pinned.bind == "cores"
    srun = Profile.model_validate(
        {**load_profile("emulated-srun")[0].model_dump(), "bind": "none", "name": "x"}
    )
    env = environment()
    line = env.get_template("launch/srun.sh.j2").render(
        nodes=2, workers=4, ppn=2, threads=1, bind=srun.bind, workload_python="python3",
        wrap="", srun_container="", workload_module="m", point_json="p.json",
        launch_command="srun", srun_mpi=srun.srun_mpi,
    )  # fmt: skip
    assert "--cpu-bind=none" in line
    with pytest.raises(ValueError, match="bind: none is for mpirun and srun"):
        Profile.model_validate({**load_profile("stampede2-skx")[0].model_dump(), "bind": "none"})


def test_an_array_task_runs_its_own_points_script_with_its_output_beside_it(tmp_path):
    """A job array of separate points: task i execs point i's job.sh (in a folder whose name
    the shell must not read: quoted), its output in that folder as slurm-<array>_<task>.out;
    a task the array does not have exits 97. Run with bash, as Slurm would, without Slurm."""
    from scalestudy.render import render_array

    loaded = load_sweep(ROOT / "experiments/stampede2-weak.yaml")
    points = make_plan(loaded)[:3]
    members = []
    for i, p in enumerate(points):
        folder = tmp_path / f"p{i} $(touch pwned) 'q\"`touch pwned`"
        folder.mkdir()
        (folder / "job.sh").write_text(f'echo "point {i} ran in $PWD"; pwd > ran\n')
        members.append((p, folder))
    script = render_array(members, "a0001-test", loaded.profile, tmp_path / "array", 1)
    assert "#SBATCH --array=0-2" in script and "#SBATCH --job-name=ss-" in script
    assert f"#SBATCH --output={tmp_path}/array/slurm-%A_%a.out" in script
    path = tmp_path / "array.sh"
    path.write_text(script)
    for task in (1, 2):
        env = dict(os.environ, SLURM_ARRAY_JOB_ID="55", SLURM_ARRAY_TASK_ID=str(task))
        subprocess.run(["bash", str(path)], env=env, check=True, cwd=members[task][1])
        out = members[task][1] / f"slurm-55_{task}.out"
        assert out.read_text() == f"point {task} ran in {members[task][1]}\n"
    assert not (members[0][1] / "slurm-55_0.out").exists()
    env = dict(os.environ, SLURM_ARRAY_JOB_ID="55", SLURM_ARRAY_TASK_ID="3")
    proc = subprocess.run(["bash", str(path)], env=env, capture_output=True, text=True)
    assert proc.returncode == 97 and "no point for array task '3'" in proc.stderr
    assert not list(tmp_path.rglob("pwned"))


def test_job_scripts_name_the_attempt_files_from_their_one_home(tmp_path, monkeypatch):
    """The files a job writes and runs in its folders (exit_code, started_at, job.sh) are named
    once (formats/attempt_files), where the executors, collect and doctor take them from: the
    templates take them from render too, so renamed there, no script keeps the old name."""
    from scalestudy.formats import attempt_files
    from scalestudy.plan import make_bundles
    from scalestudy.render import render_array, render_bundle, render_script

    names = attempt_files.template_names()
    monkeypatch.setattr(
        attempt_files, "template_names", lambda: {k: f"X-{v}" for k, v in names.items()}
    )
    loaded = load_sweep(ROOT / "experiments/stampede2-weak.yaml")
    points = make_plan(loaded)
    (b, *_) = make_bundles(points)
    scripts = {
        "point": render_script(points[0], loaded.profile, tmp_path / "a", 1),
        "bundle": render_bundle(
            b, loaded.profile, tmp_path / "b", 1, {m.id: tmp_path / m.id for m in b.members}
        ),
        "array": render_array([(points[0], tmp_path / "p")], "a1", loaded.profile, tmp_path, 1),
    }
    for kind, script in scripts.items():
        written = re.findall(r'/([\w.-]+)"', script)  # "$dir/NAME" in the shell lines
        for old in ("exit_code", "started_at", "job.sh"):
            assert old not in written, (kind, old)
    assert '/X-exit_code"' in scripts["point"] and '/X-exit_code"' in scripts["bundle"]
    assert '/X-started_at"' in scripts["bundle"] and '/X-job.sh"' in scripts["array"]
