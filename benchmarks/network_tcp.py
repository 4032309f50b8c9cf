"""The 2x of two-way exchanges on the emulated network, measured without Horovod (issue #36,
docs/network.md "The 2x"). A 2-node local cluster, each node in its own network namespace, links
shaped to --rate; a small C program (built once with mpicc, cached by its source's hash under
~/.cache/scalestudy/network_tcp) times MPI_Sendrecv, MPI_Allgather and MPI_Alltoall between the
two nodes and one-way MPI_Send, each iteration against the ideal (bytes one rank sends / the
link's payload rate), twice:

- before: Open MPI's defaults (TCP BTL with PUT) and the host's tcp_notsent_lowat (unlimited),
- after: the emulated site's settings (network.OMPI_TCP_ENV, network.NOTSENT_LOWAT).

Measured 2026-11-27 before: 2.00x in every iteration at 8 MiB (one way 1.00x). About 2 minutes.

Usage: .venv/bin/python benchmarks/network_tcp.py [--work DIR] [--rate 200mbit] [--iterations 8]
       [--cluster-dir DIR --running]  (a 2-node cluster on shaped namespaces already up: used
       at its own link rate, its tcp_notsent_lowat left as the site sets it, not stopped)
Needs root (namespaces) and mpicc (Debian libopenmpi-dev, scripts/install-system.sh).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from scalestudy.localcluster.network import NOTSENT_LOWAT, OMPI_TCP_ENV, Network

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "root",
    "args": ["--iterations", "1"],
    "run_by": "tests/slurm/test_network_tcp.py",
}

SOURCE = r"""
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* xch BYTES ITERATIONS RATE_BITS WHAT: 2 ranks; each iteration's time (max over ranks) over the
   ideal, bytes one rank sends at the payload rate (rate x 1448/1514) */
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long n = atol(argv[1]); int it = atoi(argv[2]); double rate = atof(argv[3]);
  const char *what = argv[4];
  char *a = malloc(n), *b = malloc(2 * n); memset(a, 1, n);
  double sent = strcmp(what, "alltoall") ? n : n / 2;
  double ideal = sent / (rate / 8 * 1448 / 1514);
  char line[4096]; int off = snprintf(line, sizeof line, "%-9s %9ld B:", what, n);
  for (int i = 0; i < it; i++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime(), t, m;
    if (!strcmp(what, "sendrecv"))
      MPI_Sendrecv(a, n, MPI_BYTE, 1 - rank, 0, b, n, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
    else if (!strcmp(what, "allgather"))
      MPI_Allgather(a, n, MPI_BYTE, b, n, MPI_BYTE, MPI_COMM_WORLD);
    else if (!strcmp(what, "alltoall"))
      MPI_Alltoall(a, n / 2, MPI_BYTE, b, n / 2, MPI_BYTE, MPI_COMM_WORLD);
    else if (rank == 0)
      MPI_Send(a, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    else
      MPI_Recv(b, n, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    t = MPI_Wtime() - t0;
    MPI_Allreduce(&t, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    off += snprintf(line + off, sizeof line - off, " %.2f", m / ideal);
  }
  if (rank == 0) printf("%s\n", line);
  MPI_Finalize();
  return 0;
}
"""
CASES = [("oneway", 8388608), ("sendrecv", 1048576), ("sendrecv", 8388608),
         ("allgather", 8388608), ("alltoall", 8388608)]  # fmt: skip

parser = argparse.ArgumentParser()
parser.add_argument("--work", default=None)
parser.add_argument("--rate", default="200mbit")
parser.add_argument("--iterations", type=int, default=8)
parser.add_argument("--cluster-dir", type=Path, default=None)
parser.add_argument("--running", action="store_true", help="--cluster-dir is up: not started")
args = parser.parse_args()
if args.running and args.cluster_dir is None:
    parser.error("--running needs --cluster-dir")
work = Path(args.work or tempfile.mkdtemp(prefix="network-tcp-"))
work.mkdir(parents=True, exist_ok=True)


def build() -> Path:
    digest = hashlib.sha256(SOURCE.encode()).hexdigest()[:16]
    folder = Path.home() / ".cache" / "scalestudy" / "network_tcp" / digest
    binary = folder / "xch"
    if not binary.exists():
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "xch.c").write_text(SOURCE)
        subprocess.run(["mpicc", "-O2", "-o", str(binary), str(folder / "xch.c")], check=True)
    return binary


def lowat(net: Network, value: int) -> None:
    for i in (1, 2):
        subprocess.run(["ip", "netns", "exec", net.namespace(i), "sysctl", "-qw",
                        f"net.ipv4.tcp_notsent_lowat={value}"], check=True)  # fmt: skip


def job(binary: Path, subnet: str, env: dict, rate_bits: float, label: str) -> str:
    exports = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
               "OMPI_MCA_btl": "self,vader,tcp", "OMPI_MCA_mpi_yield_when_idle": "1",
               "OMPI_MCA_btl_tcp_if_include": subnet, "OMPI_MCA_oob_tcp_if_include": subnet,
               **env}  # fmt: skip
    lines = ["#!/bin/bash", f"#SBATCH -N2 --ntasks-per-node=1 -t 10:00 -o {work}/{label}.out"]
    lines += [f"export {k}={shlex.quote(v)}" for k, v in exports.items()]
    lines += [
        f"timeout 120 mpirun -n 2 --map-by node {binary} {n} {args.iterations} {rate_bits} {what}"
        for what, n in CASES
    ]
    script = work / f"{label}.sh"
    script.write_text("\n".join(lines) + "\n")
    subprocess.run(["sbatch", "--wait", str(script)], check=True, capture_output=True)
    return (work / f"{label}.out").read_text()


binary = build()
cl = args.cluster_dir or work / "cluster"
if not args.running:
    up = [sys.executable, "-m", "scalestudy.localcluster", "up", "--nodes", "2", "--dir", str(cl)]
    subprocess.run([*up, "--netns", "--link-rate", args.rate], check=True)
os.environ["SLURM_CONF"] = str(cl / "etc" / "slurm.conf")
try:
    net = Network(cl, 2, args.rate)
    state = net.state()
    if not state.get("link_rate_bits"):
        sys.exit(f"{cl}: no shaped network (net.json): a cluster of `localcluster up --netns`")
    lowat(net, 2**32 - 1)  # the host's default: unlimited
    before = job(binary, state["subnet"], {}, state["link_rate_bits"], "before")
    lowat(net, NOTSENT_LOWAT)
    after = job(binary, state["subnet"], OMPI_TCP_ENV, state["link_rate_bits"], "after")
    print(f"each iteration's time / ideal, 2 nodes x 1 rank, links {state['link_rate_bits']:g} b/s")
    print("before (Open MPI's defaults, tcp_notsent_lowat unlimited):\n" + before)
    print(f"after ({OMPI_TCP_ENV}, tcp_notsent_lowat {NOTSENT_LOWAT}):\n" + after)
    print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
finally:
    if args.running:  # the site's setting back, whatever happened
        lowat(Network(cl, 2, args.rate), NOTSENT_LOWAT)
    else:
        subprocess.run([sys.executable, "-m", "scalestudy.localcluster", "down", "--dir", str(cl)])
