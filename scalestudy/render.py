"""One point's (or bundle's, or job array's) Slurm script from the cluster templates, in the
project's one Jinja2 setup (templating.py: StrictUndefined, every user value shell-quoted)."""

from __future__ import annotations

import hashlib
import json
import shlex
from pathlib import Path

import jinja2

from scalestudy import containers, launchers, sbatch_options, templating
from scalestudy.formats import attempt_files
from scalestudy.plan import Bundle, Job, Point, bundle_job, point_job
from scalestudy.profiles import CLUSTERS, Profile
from scalestudy.provenance import commit_string
from scalestudy.workloads import table as workloads


def environment(root: Path = CLUSTERS) -> jinja2.Environment:
    """The Jinja2 environment of the cluster templates (templates/clusters by default)."""
    return templating.environment(root)


def template_hash(profile: Profile, root: Path = CLUSTERS) -> str:
    """Provenance of the scripts: the job and bundle templates, their partials and the
    profile's launcher partial."""
    h = hashlib.sha256()
    names = ["job.sh.j2", "bundle.sh.j2", "array.sh.j2", launchers.template(profile)]
    names += sorted(str(p.relative_to(root)) for p in (root / "partials").glob("*.j2"))
    for name in names:
        if (root / name).exists():
            h.update(name.encode() + b"\0" + (root / name).read_bytes())
    return h.hexdigest()[:16]


def _hostlist(exprs: list[str]) -> str:
    """Several hostlist expressions as one compressed list (n[1,3-4])."""
    import hostlist

    names = [n for e in exprs for n in hostlist.expand_hostlist(e)]
    return hostlist.collect_hostlist(names) if names else ""


def harness_commit() -> str:
    return commit_string()


def render_script(
    point: Point,
    profile: Profile,
    attempt_dir: Path,
    attempt: int,
    env: jinja2.Environment | None = None,
) -> str:
    context = _context(point, profile, attempt_dir, attempt)
    return (env or environment()).get_template("job.sh.j2").render(context)


def render_bundle(
    bundle: Bundle,
    profile: Profile,
    attempt_dir: Path,
    attempt: int,
    run_dirs: dict[str, Path],
    env: jinja2.Environment | None = None,
) -> str:
    """One job for a bundle: its runs in the bundle's order, the time limit their sum."""
    first = bundle.members[0]
    job = bundle_job(bundle, profile)
    context = _context(first, profile, attempt_dir, attempt, job=job)
    context.update(
        job_name=f"ss-{first.sweep.name}-{bundle.id}",
        point_id=bundle.id,
        time_limit=job.walltime,  # what `plan` shows as its walltime
        runs=[
            {
                "point_id": m.id,
                "attempt_dir": str(run_dirs[m.id]),
                "point_json": str(run_dirs[m.id] / attempt_files.POINT_JSON),
            }
            for m in bundle.members
        ],
    )
    return (env or environment()).get_template("bundle.sh.j2").render(context)


def render_array(
    members: list[tuple[Point, Path]],
    array_id: str,
    profile: Profile,
    attempt_dir: Path,
    attempt: int,
    env: jinja2.Environment | None = None,
) -> str:
    """One job array for separate points of one shape (their #SBATCH lines equal but for the
    name and output): task i execs member i's own job.sh in its attempt folder."""
    first = members[0][0]
    context = _context(first, profile, attempt_dir, attempt)
    context.update(
        job_name=f"ss-{first.sweep.name}-{array_id}",
        point_id=array_id,
        output=f"{attempt_dir}/slurm-%A_%a.out",
        runs=[{"point_id": p.id, "attempt_dir": str(d)} for p, d in members],
    )
    return (env or environment()).get_template("array.sh.j2").render(context)


def _context(
    point: Point, profile: Profile, attempt_dir: Path, attempt: int, job: Job | None = None
) -> dict:
    """The templates' values for a job of `point`'s shape; `job`: the plan's job when it is not
    the point's own (a bundle's, whose --time is its runs' sum), for the partition it asks."""
    sw = point.sweep
    job = job or point_job(point, profile)
    context = {
        "scheduler": profile.scheduler,
        "job_name": f"ss-{sw.name}-{point.id}",
        "sweep_name": sw.name,
        "point_id": point.id,
        "attempt": attempt,
        "nodes": point.nodes,
        "ppn": point.ppn,
        "workers": point.workers,
        "threads": sw.threads_per_worker,
        "sockets": profile.sockets,
        "time_limit": sw.time_limit,
        "partition": job.partition,
        "slurm": sw.slurm.model_dump(),
        **_sbatch(sw, profile),
        "exclude_nodes": _hostlist(sw.slurm.exclude_nodes),
        "signal_margin": sw.slurm.signal_margin_s or profile.checkpoint_signal_margin_s,
        "modules": [*profile.modules, *sw.modules],
        "module_purge": profile.module_purge,
        "env": {**profile.env, **sw.env},
        "python": sw.python or profile.python,
        "launcher": profile.launcher,
        # the launchers table (launchers.py): the partial for this launcher and MPI family,
        # its binary, srun's PMI plugin
        "launch_template": launchers.template(profile),
        "launch_command": launchers.binary(profile),
        "mpi": profile.mpi,
        "srun_mpi": profile.srun_mpi,
        "bind": profile.bind,
        "workload_module": workloads.get(sw.workload).module,
        "attempt_dir": str(attempt_dir),
        "output": f"{attempt_dir}/slurm-%j.out",
        "rank_memory_limit_kb": (
            int(sw.rank_memory_limit_gb * 2**20) if sw.rank_memory_limit_gb else None
        ),
        "point_json": str(attempt_dir / attempt_files.POINT_JSON),
        "files": attempt_files.template_names(),
    }
    context.update(_container(profile, attempt_dir, context["python"], sw.name))
    return context


def _sbatch(sweep, profile: Profile) -> dict:
    """The #SBATCH options after the partition (sbatch_options.lines: the sweep's over the
    profile's `slurm:` defaults) and the comment naming those that came from the profile."""
    lines = sbatch_options.lines(sweep.slurm, profile.slurm)
    site = [line.split("=")[0] for line, source in lines if source == "profile"]
    if not sweep.slurm.partition and profile.slurm.partition:
        site.insert(0, "--partition")
    note = (
        "# from the profile's slurm: defaults (a sweep key wins): " + " ".join(site) if site else ""
    )
    return {"sbatch_lines": [line for line, _ in lines], "sbatch_sources": note}


def _container(profile: Profile, attempt_dir: Path, python: str, sweep_name: str) -> dict:
    """The container's pieces of the scripts, each already shell-quoted (containers.py builds
    the argv): `wrap` before the workload's python, `srun_container` (pyxis) on srun's line,
    `container_exports` for the job's environment, `capture_container` for capture."""
    c = profile.container
    if c is None:
        return {
            "wrap": "",
            "workload_python": python,
            "srun_container": "",
            "container": None,
            "container_exports": {},
            "container_lines": [],
            "capture_container": "",
        }
    # the sweep's results folder (results/<sweep>/...): every attempt and bundle run is in it
    results = next((p for p in attempt_dir.parents if p.name == sweep_name), attempt_dir)
    mounts, env = containers.harness_mounts(c, results), containers.harness_env(c)
    wrap = containers.wrapper(c, mounts, env)
    flags = containers.srun_flags(c, mounts, env)
    spec = {
        "runtime": c.runtime,
        "image": c.image,
        "mounts": mounts,
        "env": env,
        "python": c.python,
    }
    return {
        "wrap": shlex.join(wrap) + " " if wrap else "",
        "workload_python": c.python,
        "srun_container": " " + shlex.join(flags) if flags else "",
        "container": c.model_dump(),
        "container_exports": containers.exports(c, env),
        "container_lines": containers.shell_lines(c),  # the runtime's own (constants)
        "capture_container": json.dumps(spec, separators=(",", ":")),
    }
