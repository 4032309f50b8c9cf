"""The emulated network's tests (issue #36): each slurmd in its own namespaces on a shaped link
(scalestudy/localcluster/network.py). What they share: the rate, the skip and the counters."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import yaml

from scalestudy.localcluster.network import NODE_IFACE, OMPI_TCP_ENV, rate_bits
from support.skips import require

LINK_RATE = "200mbit"  # the shaped links of the 2-node cluster the comm and trainer checks share


def need_netns() -> None:
    """Skip (fail in CI) without the tools or the rights namespaces need."""
    missing = [t for t in ("ip", "tc", "nsenter", "unshare", "slurmd") if not shutil.which(t)]
    require(
        f"{', '.join(missing)} missing: run `make system`"
        if missing
        else ("namespaces need root" if os.geteuid() else None)
    )


def tx_bytes(cluster, nodes=(1, 2)) -> dict[str, int]:
    """Each node's interface counter of bytes sent, read inside its namespace."""
    out = {}
    for i in nodes:
        ns = cluster.network.namespace(i)
        r = subprocess.run(
            ["ip", "netns", "exec", ns, "cat", f"/sys/class/net/{NODE_IFACE}/statistics/tx_bytes"],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        out[f"n{i}"] = int(r.stdout)
    return out


def write_profile(folder: Path, cluster, name: str, description: str, env: dict) -> Path:
    """A profile of the shaped cluster (the bundled emulated-unbound one, its interconnect the
    link's rate) whose Open MPI talks TCP on the cluster's subnet only, with the emulated
    network's TCP settings (network.OMPI_TCP_ENV, as templates/clusters/emulated-netns.yaml),
    plus `env`; prof.yaml."""
    subnet = cluster.network.state()["subnet"]
    base = yaml.safe_load(
        (Path(__file__).parents[2] / "templates/clusters/emulated-unbound.yaml").read_text()
    )
    profile = {
        **base,
        "name": name,
        "description": description,
        "interconnect": {"name": f"veth-{LINK_RATE}", "latency_us": 50.0,
                         "bandwidth_gbps": rate_bits(LINK_RATE) / 1e9},
        "env": {"OMPI_MCA_btl_tcp_if_include": subnet, "OMPI_MCA_oob_tcp_if_include": subnet,
                **OMPI_TCP_ENV, **env},
    }  # fmt: skip
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "prof.yaml").write_text(yaml.safe_dump(profile))
    return folder / "prof.yaml"
