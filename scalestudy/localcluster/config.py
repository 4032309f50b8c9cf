"""The local cluster's configuration files, rendered from templates/ (slurm.conf, and
slurmdbd.conf when accounting is on). Rendering only: the cluster writes the files."""

from __future__ import annotations

from pathlib import Path

from scalestudy.templating import environment

CLUSTER = "scalestudy"
DB_PASS = "scalestudy-local"  # a local test database on loopback only

TEMPLATES = Path(__file__).resolve().parent / "templates"

# a missing value fails here, not as a daemon that will not start (templating.py)
_env = environment(TEMPLATES)


# Node shapes (their node lines and partitions are in templates/slurm.conf.j2): "emulated"
# declares what a slurmd here really has to give (2 CPUs, 4 GB); "skx" declares the paper's
# Stampede2 SKX node (2 sockets x 24 cores, 192 GB), which Slurm schedules by but this host
# cannot provide: for scheduler-scale tests (placement, hostlists, accounting of hundreds of
# nodes), never for timing.
SHAPES = ("emulated", "skx")


def slurm_conf(
    *,
    dir: Path,
    host: str,
    ports: dict,
    nodes: int,
    cpus: int,
    memory_mb: int,
    accounting: bool,
    task_plugin: str,
    shape: str = "emulated",
) -> str:
    if shape not in SHAPES:
        raise ValueError(f"node shape {shape!r}: one of {', '.join(SHAPES)}")
    return _env.get_template("slurm.conf.j2").render(
        cluster=CLUSTER,
        dir=dir,
        host=host,
        ports=ports,
        nodes=nodes,
        cpus=cpus,
        memory_mb=memory_mb,
        shape=shape,
        accounting=accounting,
        task_plugin=task_plugin,
    )


def slurmdbd_conf(*, dir: Path, ports: dict) -> str:
    return _env.get_template("slurmdbd.conf.j2").render(dir=dir, ports=ports, db_pass=DB_PASS)
