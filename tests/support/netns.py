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


# a node's counters, read in its namespace every SAMPLE_S: "<unix time> <tx_bytes> <tx_packets>"
_SAMPLER = f"""
import sys, time
base = "/sys/class/net/{NODE_IFACE}/statistics/"
period = float(sys.argv[1])
while True:
    with open(base + "tx_bytes") as b, open(base + "tx_packets") as p:
        line = f"{{time.time():.6f}} {{b.read().strip()}} {{p.read().strip()}}"
    print(line, flush=True)
    time.sleep(period)
"""
SAMPLE_S = 0.01


class CounterSamples:
    """Each node's tx_bytes and tx_packets sampled every SAMPLE_S by a process inside its
    namespace, for as long as the `with` block runs; then `at(node, t)` is the first sample
    taken at or after the (unix) time t: the bytes a node sent in a window of a job are the
    difference of two such readings, with no second job to subtract (issue #43)."""

    def __init__(self, cluster, folder: Path, nodes=(1, 2)):
        self.cluster, self.folder, self.nodes = cluster, folder, nodes
        self.samples: dict[str, list[tuple[float, int, int]]] = {}

    def __enter__(self) -> CounterSamples:
        import sys

        self.folder.mkdir(parents=True, exist_ok=True)
        self._procs = {}
        for i in self.nodes:
            ns = self.cluster.network.namespace(i)
            out = open(self.folder / f"n{i}.samples", "w")  # closed in __exit__
            cmd = ["ip", "netns", "exec", ns, sys.executable, "-c", _SAMPLER, str(SAMPLE_S)]
            self._procs[f"n{i}"] = (subprocess.Popen(cmd, stdout=out), out)
        return self

    def __exit__(self, *exc) -> None:
        import time

        time.sleep(5 * SAMPLE_S)  # a few samples past the end
        for node, (proc, out) in self._procs.items():
            proc.terminate()
            proc.wait(timeout=10)
            out.close()
            rows = []
            for line in (self.folder / f"{node}.samples").read_text().splitlines():
                parts = line.split()
                if len(parts) == 3:
                    rows.append((float(parts[0]), int(parts[1]), int(parts[2])))
            self.samples[node] = rows

    def at(self, node: str, t: float) -> tuple[int, int]:
        """(tx_bytes, tx_packets) of the first sample at or after t."""
        for ts, b, p in self.samples[node]:
            if ts >= t:
                return b, p
        raise AssertionError(f"{node}: no counter sample at or after {t} (sampling ended)")

    def span(self, node: str) -> tuple[int, int]:
        """(tx_bytes, tx_packets) from the first sample to the last."""
        (_, b0, p0), (_, b1, p1) = self.samples[node][0], self.samples[node][-1]
        return b1 - b0, p1 - p0


# Two-way exchanges between two nodes with plain sockets (no MPI, no Horovod): every
# iteration both ends send `size` bytes to each other at once, timed on the connecting end
# from the start signal to the last byte in and the other end's word that it has all of its own
# ("<size> <seconds>" per iteration; the first iteration of each size is a warm-up, not printed)
_TWO_WAY = r"""
import socket, sys, threading, time
role, addr, port, iterations = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sizes = [int(s) for s in sys.argv[5].split(",")]
if role == "listen":
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((addr, port)); s.listen(1); print("ready", flush=True); c, _ = s.accept()
else:
    c = socket.create_connection((addr, port))
c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
block = memoryview(b"x" * (1 << 20))
def send(n):
    while n:
        k = min(n, len(block)); c.sendall(block[:k]); n -= k
def recv(n):
    while n:
        got = c.recv(min(n, 1 << 20))
        if not got:
            raise SystemExit("the other end closed")
        n -= len(got)
for size in sizes:
    for i in range(iterations + 1):
        if role == "listen":
            recv(1); c.sendall(b"g")
        else:
            c.sendall(b"s"); recv(1)
        t0 = time.monotonic()
        sender = threading.Thread(target=send, args=(size,)); sender.start()
        recv(size); sender.join()
        if role == "listen":
            c.sendall(b"d")
        else:
            recv(1)
            if i:
                print(size, time.monotonic() - t0, flush=True)
c.close()
"""


def two_way_seconds(cluster, sizes: list[int], iterations: int) -> dict[int, list[float]]:
    """Seconds of each two-way exchange of each size between nodes 1 and 2 (plain TCP sockets,
    both directions at once, as one rank's side of a 2-rank collective), warm-up dropped."""
    import sys

    addr = cluster.network.state()["nodes"]["n2"]
    args = [addr, "5998", str(iterations), ",".join(map(str, sizes))]

    def in_node(i: int, role: str) -> list[str]:
        ns = cluster.network.namespace(i)
        return ["ip", "netns", "exec", ns, sys.executable, "-c", _TWO_WAY, role, *args]

    listener = subprocess.Popen(in_node(2, "listen"), stdout=subprocess.PIPE, text=True)
    try:
        assert listener.stdout.readline().strip() == "ready"
        r = subprocess.run(
            in_node(1, "connect"), capture_output=True, text=True, timeout=300, check=True
        )
        listener.wait(timeout=30)
    finally:
        listener.kill()
        listener.wait()
    out: dict[int, list[float]] = {size: [] for size in sizes}
    for line in r.stdout.splitlines():
        size, seconds = line.split()
        out[int(size)].append(float(seconds))
    assert all(len(v) == iterations for v in out.values()), r.stdout
    return out
