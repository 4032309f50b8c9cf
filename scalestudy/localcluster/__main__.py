"""A real multi-node Slurm cluster on this host, for tests and for trying the harness without a
cluster: munge, MariaDB + slurmdbd (accounting), slurmctld and K slurmd daemons
(`slurmd -N nX`, one port each, NodeAddr 127.0.0.1). All state and logs live under one folder;
ports are picked free at first start and kept, so it never clashes with a cluster already
running. It is a scheduler and protocol test bed: no timing claims come from it.

    python -m scalestudy.localcluster up [--nodes 4] [--shape emulated|skx] [--dir DIR]
                                         [--no-accounting] [--task-plugin none|affinity]
                                         [--netns [--link-rate 200mbit]] [--site]
    python -m scalestudy.localcluster down | status | env
    python -m scalestudy.localcluster crash-node n2 | revive-node n2
    python -m scalestudy.localcluster stop slurmctld | start slurmctld   (or slurmdbd)

--netns: each slurmd in its own network + UTS namespace (hostname = node name) on a bridge,
addresses of 198.18.0.0/15 (network.py); --link-rate shapes each node's link per direction
with tbf (the kernel has no netem here: no added delay). Off by default. `down` removes the
namespaces, links and qdiscs after ending every process inside them.

--site: as a site runs it: associations, limits and QOS enforced (a job needs an account it
belongs to and a QOS it may use; `sacctmgr` adds them), partitions `debug` (the default, MaxTime
4 h) and `short` (at most 2 nodes, MaxTime 10 min) with their limits enforced at submission,
and node features (`skylake` on the first half of the nodes, `icelake` on the rest).

Clients need SLURM_CONF=<dir>/etc/slurm.conf (printed by `env`).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from scalestudy.localcluster.cluster import DEFAULT_DIR, ClusterError, LocalCluster


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m scalestudy.localcluster",
        description=__doc__,  # the module docstring is the --help text
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "action",
        choices=["up", "down", "status", "env", "crash-node", "revive-node", "stop", "start"],
    )
    p.add_argument(
        "node",
        nargs="?",
        help="crash-node / revive-node: a node name, e.g. n2; stop / start: slurmctld or "
        "slurmdbd (a controller or accounting outage; jobs keep running)",
    )
    p.add_argument("--nodes", type=int, default=4)
    p.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    p.add_argument("--no-accounting", action="store_true")
    p.add_argument(
        "--task-plugin",
        choices=["none", "affinity"],
        default="none",
        help="task/affinity makes srun --cpu-bind bind tasks to cores",
    )
    p.add_argument(
        "--shape",
        choices=["emulated", "skx"],
        default="emulated",
        help="skx: declare the paper's Stampede2 nodes (2 x 24 cores, 192 GB; partitions "
        "skx-normal up to 128 nodes, skx-large above) for scheduler-scale tests",
    )
    p.add_argument(
        "--netns",
        action="store_true",
        help="emulated network: each node in its own network + UTS namespace on a bridge",
    )
    p.add_argument(
        "--link-rate",
        metavar="RATE",
        help="with --netns: shape each node's link to RATE per direction (tc units, e.g. 200mbit)",
    )
    p.add_argument(
        "--site",
        action="store_true",
        help="as a site runs: accounts and QOS enforced, partitions with MaxTime, node features",
    )
    return p


def _say_up(cluster: LocalCluster, a: argparse.Namespace, seconds: float) -> None:
    """What `up` prints: the cluster, its daemons' memory, SLURM_CONF, the emulated network."""
    print(
        f"cluster up: {a.nodes} nodes ({a.shape}) in {seconds:.1f} s, "
        f"daemons {cluster.daemon_memory() / 2**20:.0f} MiB; "
        f"export SLURM_CONF={cluster.conf}"
    )
    if a.netns:
        net = cluster.network.state()
        rate = (
            f"{net['link_rate']} per direction (tbf burst {net['burst_bytes']} B)"
            if net["link_rate"]
            else "unshaped"
        )
        print(
            f"network: {net['subnet']} on {net['bridge']}, nodes "
            f"{' '.join(f'{k}={v}' for k, v in net['nodes'].items())}, links {rate};"
            f" {net['said']}"
        )


def main(argv: list[str] | None = None) -> int:
    p = _parser()
    a = p.parse_args(argv)
    if a.link_rate and not a.netns:
        p.error("--link-rate needs --netns")
    try:
        cluster = LocalCluster(
            a.dir,
            a.nodes,
            accounting=not a.no_accounting,
            task_plugin=a.task_plugin,
            shape=a.shape,
            netns=a.netns,
            link_rate=a.link_rate,
            site=a.site,
        )
    except ClusterError as exc:
        p.error(str(exc))
    try:
        if a.action == "up":
            start = time.monotonic()
            cluster.up()
            _say_up(cluster, a, time.monotonic() - start)
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
        elif a.action in ("stop", "start"):
            if a.node not in ("slurmctld", "slurmdbd"):
                p.error(f"{a.action} needs slurmctld or slurmdbd")
            if a.action == "stop":
                cluster.stop_service(a.node)
            else:
                cluster.start_service(a.node)
            print(f"{a.node}: {'stopped' if a.action == 'stop' else 'running'}")
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
