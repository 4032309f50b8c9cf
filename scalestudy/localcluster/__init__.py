"""The local Slurm test bed: a real multi-node Slurm on this host for the tests and for trying
the harness without a cluster (`python -m scalestudy.localcluster up|down|status|env`).
Nothing in the harness imports it; no timing claims come from it.

    cluster.py   LocalCluster: the daemons (munge, MariaDB, slurmdbd, slurmctld, K slurmd)
    config.py    slurm.conf and slurmdbd.conf, rendered from templates/
    __main__.py  the command line
"""

from scalestudy.localcluster.cluster import DEFAULT_DIR, ClusterError, LocalCluster

__all__ = ["DEFAULT_DIR", "ClusterError", "LocalCluster"]
