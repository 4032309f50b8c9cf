"""`mpi_probe`: does an MPI family really start here? A tiny C program, compiled with the family's
own `mpicc`, that initialises MPI, prints `MPI_Get_library_version`, its rank and size from MPI
itself (never from the launcher's environment), and checks an allreduce.

Why C and not mpi4py: the probe has to be built once per MPI family (Open MPI, MPICH, Intel
MPI); a C file compiles in a second with each family's wrapper and needs no Python in the rank,
where mpi4py would be a source build per family (and a venv for each) for the same three calls.

    python -m scalestudy.workloads.mpi_probe build --family mpich    # prints the binary
    python -m scalestudy.workloads.mpi_probe check --ranks 4 < output     # exit 0 when complete

Each rank prints one line `MPIPROBE {json}`: rank, size, node, the library version, and the
allreduce's sum of (rank + 1) over all ranks with the value it must be, size * (size + 1) / 2.
The binary is cached under ~/.cache/scalestudy/mpi-probe/<hash>: the hash of the source, the
wrapper's resolved path and what the wrapper says it runs (`-show`), so a new MPI rebuilds it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = r"""
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* one record per rank, built whole and written with one write(2): long lines from several
   ranks written piecewise interleave in the launcher's output */
static char line[4096];
static size_t used;

static void add(const char *s) {
    size_t n = strlen(s);
    if (used + n < sizeof line - 2) { memcpy(line + used, s, n); used += n; }
}

/* a JSON string; the library version's first line only (MPICH and Intel MPI add many lines
   of configure options; the first names the family and its version) */
static void add_json(const char *s) {
    char esc[8];
    add("\"");
    for (; *s && *s != '\n'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { esc[0] = '\\'; esc[1] = c; esc[2] = 0; add(esc); }
        else if (c < 0x20) { snprintf(esc, sizeof esc, "\\u%04x", c); add(esc); }
        else { esc[0] = c; esc[1] = 0; add(esc); }
    }
    add("\"");
}

int main(int argc, char **argv) {
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    char host[256], num[128];
    int rank = -1, size = -1, len = 0;
    long mine, sum = 0;
    const char *node = getenv("SLURMD_NODENAME");

    if (MPI_Init(&argc, &argv) != MPI_SUCCESS) return 3;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Get_library_version(version, &len);
    mine = rank + 1;
    MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    gethostname(host, sizeof host);
    host[sizeof host - 1] = 0;
    snprintf(num, sizeof num, "MPIPROBE {\"rank\": %d, \"size\": %d, \"node\": ", rank, size);
    add(num);
    add_json(node ? node : "");
    add(", \"host\": ");
    add_json(host);
    snprintf(num, sizeof num, ", \"allreduce\": %ld, \"expected\": %ld, \"library\": ", sum,
             (long)size * (size + 1) / 2);
    add(num);
    add_json(version);
    add("}\n");
    fflush(stdout);
    if (write(1, line, used) != (ssize_t)used) return 4;
    MPI_Finalize();
    return 0;
}
"""

CACHE = Path(os.environ.get("SCALESTUDY_CACHE", Path.home() / ".cache" / "scalestudy"))
MARK = "MPIPROBE "


class ProbeError(RuntimeError):
    pass


# Intel MPI from PyPI lives in a prefix of its own (scripts/setup-mpi-families.sh), never on PATH
IMPI_PREFIXES = CACHE / "mpi"
# Slurm's PMI-2 client library (Debian libpmi2-0): Intel MPI under `srun --mpi=pmi2` loads it
LIBPMI2 = "/usr/lib/x86_64-linux-gnu/libpmi2.so.0"


def intelmpi_root() -> Path | None:
    """SCALESTUDY_IMPI_ROOT, else the newest complete ~/.cache/scalestudy/mpi/intelmpi-<v>."""
    if os.environ.get("SCALESTUDY_IMPI_ROOT"):
        return Path(os.environ["SCALESTUDY_IMPI_ROOT"])
    done = [p.parent for p in IMPI_PREFIXES.glob("intelmpi-*/.complete")]

    def version(p: Path) -> tuple[int, ...]:
        return tuple(int(x) for x in p.name.split("-", 1)[1].split(".") if x.isdigit())

    return max(done, key=version) if done else None


def toolchain(family: str) -> dict:
    """How to build and start the probe under one family, every binary named explicitly
    (Debian's alternatives make `mpicc`/`mpirun` whichever MPI was installed with the higher
    priority): mpicc, hydra (its mpiexec.hydra, or None), env (what its ranks need).
    Raises ProbeError naming what is missing and what installs it."""
    if family == "openmpi":
        need, tc = "mpicc.openmpi", {"mpicc": "mpicc.openmpi", "hydra": None, "env": {}}
    elif family == "mpich":
        need = "mpicc.mpich"
        tc = {"mpicc": "mpicc.mpich", "hydra": "/usr/bin/mpiexec.hydra", "env": {}}
    elif family == "intelmpi":
        root = intelmpi_root()
        if root is None:
            raise ProbeError(
                f"no Intel MPI under {IMPI_PREFIXES}/intelmpi-*: install it there (a "
                "checkout's scripts/setup-mpi-families.sh intelmpi does)"
            )
        need = str(root / "bin" / "mpicc")
        tc = {
            "mpicc": need,
            "hydra": str(root / "bin" / "mpiexec.hydra"),
            # I_MPI_ROOT: its wrappers' prefix is a placeholder; FI_PROVIDER: no fabric here
            "env": {"I_MPI_ROOT": str(root), "FI_PROVIDER": "tcp"},
            "libpmi2": LIBPMI2,
        }
    else:
        raise ProbeError(f"unknown MPI family {family!r}: openmpi, mpich or intelmpi")
    if shutil.which(need) is None:
        raise ProbeError(
            f"{need} not found: install Debian's MPICH and Open MPI (apt-get install mpich "
            "libmpich-dev openmpi-bin libopenmpi-dev; a checkout's scripts/install-system.sh does)"
        )
    return tc


def _show(mpicc: str, env: dict | None = None) -> str:
    """What the wrapper runs (compiler, include and library paths): Open MPI and MPICH/Intel
    MPI both answer `-show`."""
    r = subprocess.run(
        [mpicc, "-show"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )
    if r.returncode:
        raise ProbeError(f"{mpicc} -show failed ({r.returncode}): {r.stderr.strip()}")
    return r.stdout.strip()


def key(mpicc: str, env: dict | None = None) -> str:
    path = shutil.which(mpicc)
    if path is None:
        raise ProbeError(
            f"{mpicc}: not on PATH (load the MPI's module; a checkout's "
            "scripts/setup-mpi-families.sh installs this machine's)"
        )
    real = os.path.realpath(path)
    h = hashlib.sha256()
    for part in (SOURCE, real, _show(path, env)):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def build(mpicc: str, cache: Path | None = None, env: dict | None = None) -> Path:
    """The probe compiled by `mpicc` (cached by key()); the path of the binary. `env`: what
    the wrapper needs (Intel MPI's I_MPI_ROOT)."""
    folder = (cache or CACHE / "mpi-probe") / key(mpicc, env)
    binary = folder / "mpi_probe"
    if binary.exists():
        return binary
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        src = Path(tmp) / "mpi_probe.c"
        src.write_text(SOURCE)
        out = Path(tmp) / "mpi_probe"
        r = subprocess.run(
            [mpicc, "-O1", "-o", str(out), str(src)],
            capture_output=True,
            text=True,
            timeout=300,
            env={**os.environ, **(env or {})},
        )
        if r.returncode:
            raise ProbeError(f"{mpicc} could not compile the probe:\n{r.stdout}{r.stderr}")
        os.replace(out, binary)  # atomic: a concurrent build sees the old or the new file
    (folder / "mpicc.txt").write_text(f"{mpicc}\n{_show(mpicc, env)}\n")
    return binary


def parse(output: str) -> list[dict]:
    """The ranks' records from the probe's output (other lines are ignored), by rank."""
    recs = [
        json.loads(line[line.index(MARK) + len(MARK) :])
        for line in output.splitlines()
        if MARK in line
    ]
    return sorted(recs, key=lambda r: r["rank"])


def check(records: list[dict], ranks: int) -> list[str]:
    """What is wrong with a probe run of `ranks` ranks (empty when it is complete): every rank
    once, all of one world of that size, every allreduce right, one library for all."""
    problems = []
    seen = [r["rank"] for r in records]
    if sorted(seen) != list(range(ranks)):
        problems.append(f"ranks {seen}, expected 0..{ranks - 1} once each")
    sizes = {r["size"] for r in records}
    if sizes != {ranks}:
        problems.append(f"world sizes {sorted(sizes)}, expected {ranks} (singletons?)")
    bad = [r["rank"] for r in records if r["allreduce"] != ranks * (ranks + 1) // 2]
    if bad:
        problems.append(f"allreduce wrong on ranks {bad}")
    if len({r["library"] for r in records}) > 1:
        problems.append("ranks report different MPI libraries")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m scalestudy.workloads.mpi_probe")
    sub = p.add_subparsers(dest="verb", required=True)
    b = sub.add_parser("build", help="compile (or find cached) the probe; print its path")
    b.add_argument("--family", choices=("openmpi", "mpich", "intelmpi"), required=True)
    c = sub.add_parser("check", help="read a probe's output on stdin; exit 1 when incomplete")
    c.add_argument("--ranks", type=int, required=True)
    a = p.parse_args(argv)
    if a.verb == "build":
        try:
            tc = toolchain(a.family)
            print(build(tc["mpicc"], env=tc["env"]))
        except ProbeError as exc:
            print(f"mpi_probe: {exc}", file=sys.stderr)
            return 2
        return 0
    records = parse(sys.stdin.read())
    problems = check(records, a.ranks)
    from scalestudy.formats.env_capture import mpi_family

    fams = sorted({mpi_family(r["library"]) or "unknown" for r in records})
    print(json.dumps({"ranks": len(records), "families": fams, "problems": problems}))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
