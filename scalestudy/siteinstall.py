"""`scalestudy site-install PATH [--write DIR]`: what docs/site-install.md's paths need, from
the installed package alone (a wheel carries these files in scalestudy/site_install/: setup.py's
build step copies them there; a checkout has them at their own places), so a site admin with
the wheel and no checkout can follow every path:

- harness:   constraints-harness.txt, the harness's pins (`pip install -r` them in its venv);
- modules:   venv-over-modules.sh and the trainer's pins (constraints.txt, which the script
             reads beside itself): a venv over the site's TensorFlow module, Horovod built
             against the loaded MPI;
- container: scalestudy.def, the Apptainer/SingularityCE definition of the trainer's stack;
- spack:     spack.yaml, the Spack environment of the stack (the site's MPI as an external).

One table (PATHS): each path's files and the commands that follow; docs/site-install.md and
`doctor`'s hints name the verb, never a checkout file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from scalestudy.errors import BadInput
from scalestudy.fileio import write_atomic
from scalestudy.templating import PACKAGE

INSIDE = PACKAGE / "site_install"  # a wheel's copy (setup.py: SITE_FILES)
# where each file is in a checkout (an editable install, the source tree on PYTHONPATH)
IN_CHECKOUT = {
    "constraints-harness.txt": "constraints-harness.txt",
    "constraints.txt": "constraints.txt",
    "venv-over-modules.sh": "scripts/site-install/venv-over-modules.sh",
    "scalestudy.def": "scripts/site-install/scalestudy.def",
    "spack.yaml": "scripts/site-install/spack.yaml",
}
WHEEL = "scalestudy-*.whl"  # how the next commands name the wheel the admin installed


@dataclass(frozen=True)
class SitePath:
    name: str
    summary: str
    files: tuple[str, ...]
    then: tuple[str, ...]  # the commands that follow, {dir}: where the files were written


PATHS: dict[str, SitePath] = {
    p.name: p
    for p in (
        SitePath(
            "harness",
            "the harness's pinned dependencies (tested on Python 3.10 and 3.13)",
            ("constraints-harness.txt",),
            ("pip install -r {dir}/constraints-harness.txt   # in the harness's venv",),
        ),
        SitePath(
            "modules",
            "(a) a venv over the site's TensorFlow module, Horovod built against the loaded MPI",
            ("venv-over-modules.sh", "constraints.txt"),
            (
                "module load <compilers> <cmake> <mpi> <tensorflow 2.15>   # the site's names",
                "{dir}/venv-over-modules.sh --venv ~/scalestudy-trainer --harness " + WHEEL,
            ),
        ),
        SitePath(
            "container",
            "(b) the trainer's stack as an Apptainer/SingularityCE image",
            ("scalestudy.def",),
            ("apptainer build scalestudy.sif {dir}/scalestudy.def",),
        ),
        SitePath(
            "spack",
            "(c) the trainer's stack as a Spack environment (edit the MPI external first)",
            ("spack.yaml",),
            (
                "spack env create scalestudy {dir}/spack.yaml",
                "spack -e scalestudy concretize -f && spack -e scalestudy install",
                "spack env activate scalestudy && pip install " + WHEEL,
            ),
        ),
    )
}


def source(name: str) -> Path:
    """The shipped file `name`: the wheel's copy, else the checkout's."""
    inside = INSIDE / name
    return inside if inside.is_file() else PACKAGE.parent / IN_CHECKOUT[name]


def describe(path: SitePath, folder: str = "DIR") -> list[str]:
    return [
        f"{path.name}: {path.summary}",
        *(f"  file: {name}" for name in path.files),
        "then:",
        *(f"  {line.format(dir=folder)}" for line in path.then),
    ]


def write(name: str, folder: Path) -> list[str]:
    """Write the path's files into `folder` (made if missing; a different file already there
    is never overwritten: BadInput); the lines to print (what was written, what follows)."""
    path = PATHS[name]
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for file in path.files:
        data = source(file).read_bytes()
        target = folder / file
        if target.exists() and target.read_bytes() != data:
            raise BadInput(
                f"{target} exists and differs from the shipped {file}: not overwritten "
                "(move it away, or --write another folder)"
            )
        write_atomic(target, data.decode("utf-8"))
        if file.endswith(".sh"):
            target.chmod(target.stat().st_mode | 0o111)
        out.append(f"wrote {target}")
    return out + describe(path, os.fspath(folder))[len(path.files) + 1 :]
