"""A real multi-node Slurm cluster on this host, for tests and for trying the harness without a
cluster: munge, MariaDB + slurmdbd (accounting), slurmctld and K slurmd daemons
(`slurmd -N nX`, one port each, NodeAddr 127.0.0.1). All state and logs live under one folder;
ports are picked free at first start and kept, so it never clashes with a cluster already
running. It is a scheduler and protocol test bed: no timing claims come from it.

    python -m scalestudy.localcluster up [--nodes 4] [--dir DIR] [--no-accounting]
    python -m scalestudy.localcluster down | status | env

Clients need SLURM_CONF=<dir>/etc/slurm.conf (printed by `env`).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from scalestudy.localcluster.cluster import DEFAULT_DIR, ClusterError, LocalCluster


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m scalestudy.localcluster",
        description=__doc__,  # the module docstring is the --help text
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("action", choices=["up", "down", "status", "env", "crash-node", "revive-node"])
    p.add_argument("node", nargs="?", help="for crash-node / revive-node: a node name, e.g. n2")
    p.add_argument("--nodes", type=int, default=4)
    p.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    p.add_argument("--no-accounting", action="store_true")
    p.add_argument(
        "--task-plugin",
        choices=["none", "affinity"],
        default="none",
        help="task/affinity makes srun --cpu-bind bind tasks to cores",
    )
    a = p.parse_args(argv)
    cluster = LocalCluster(
        a.dir, a.nodes, accounting=not a.no_accounting, task_plugin=a.task_plugin
    )
    try:
        if a.action == "up":
            start = time.monotonic()
            cluster.up()
            print(
                f"cluster up: {a.nodes} nodes in {time.monotonic() - start:.1f} s; "
                f"export SLURM_CONF={cluster.conf}"
            )
        elif a.action == "down":
            cluster.down()
            print("cluster down")
        elif a.action in ("crash-node", "revive-node"):
            if not a.node:
                p.error(f"{a.action} needs a node name, e.g. n2")
            if a.action == "crash-node":
                print(f"{a.node}: killed {cluster.crash_node(a.node)} process(es)")
            else:
                cluster.revive_node(a.node)
                print(f"{a.node}: back in service")
        elif a.action == "status":
            print(cluster.status())
        else:
            print(f"export SLURM_CONF={cluster.conf}")
    except ClusterError as exc:
        print(f"localcluster: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
