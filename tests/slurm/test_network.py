"""The local cluster's emulated network (issue #36 item 1): `LocalCluster(netns=True,
link_rate=...)` puts every slurmd in its own network + UTS namespace on a bridge, and the tbf
shaping of each node's link holds, in both directions. Measured with plain Python sockets
between the nodes' namespaces: a sender's link alone, then two senders into one receiver (the
receiver's end of its link is the shaped one there)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading

import pytest
from support.netns import need_netns
from support.slurm import running_cluster

from scalestudy.localcluster import LocalCluster
from scalestudy.localcluster.network import NODE_IFACE, rate_bits

pytestmark = pytest.mark.slurm

RATE = "200mbit"
# what tbf counts is the Ethernet frame: a full TCP segment carries 1448 payload bytes (MTU
# 1500 - IP 20 - TCP 20 - timestamps 12) in 1514 bytes on the veth, so the payload rate is
# RATE x 1448/1514 (95.6%); the frames the counters see must hold RATE itself
PAYLOAD_SHARE = 1448 / 1514
TOLERANCE = 0.05  # measured: 0.2-1.0% off on the loaded 2 cores (see test_link_rate_holds)
MB = 2**20

SERVER = r"""
import json, socket, sys, time
addr, port, conns = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind((addr, port)); s.listen(conns); print("ready", flush=True)
out = []
import threading
def take(c):
    got, first = 0, None
    while True:
        b = c.recv(1 << 20)
        if not b:
            break
        first = first or time.monotonic()
        got += len(b)
    out.append({"bytes": got, "first": first, "last": time.monotonic()})
    c.close()
threads = []
for _ in range(conns):
    c, _ = s.accept()
    t = threading.Thread(target=take, args=(c,)); t.start(); threads.append(t)
for t in threads:
    t.join()
print(json.dumps(out), flush=True)
"""
CLIENT = r"""
import socket, sys
addr, port, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
c = socket.create_connection((addr, port)); buf = b"x" * (1 << 20); sent = 0
while sent < n:
    c.sendall(buf[: n - sent]); sent += min(len(buf), n - sent)
c.close()
"""


@pytest.fixture(scope="module")
def shaped(tmp_path_factory):
    """A 3-node cluster (no accounting) on links shaped to RATE."""
    need_netns()
    yield from running_cluster(
        tmp_path_factory.mktemp("netcl") / "cl", nodes=3, accounting=False, netns=True,
        link_rate=RATE,
    )  # fmt: skip


def in_node(cluster: LocalCluster, i: int, *cmd: str) -> list[str]:
    return ["nsenter", f"--net=/run/netns/{cluster.network.namespace(i)}", "--", *cmd]


def frames_sent(cluster: LocalCluster, i: int) -> int:
    """tx bytes of node i's interface: the kernel's counter in its namespace."""
    r = subprocess.run(
        in_node(cluster, i, "cat", "/proc/net/dev"), capture_output=True, text=True, check=True
    )
    for line in r.stdout.splitlines():
        name, _, rest = line.partition(":")
        if name.strip() == NODE_IFACE:
            return int(rest.split()[8])
    raise AssertionError(f"no {NODE_IFACE} in n{i}: {r.stdout}")


def transfer(cluster: LocalCluster, receiver: int, senders: list[int], nbytes: int) -> list[dict]:
    """Every sender sends nbytes to the receiver at once; per sender the payload bytes, the
    seconds from first to last byte at the receiver and the frames its interface sent."""
    net = cluster.network.state()
    addr = net["nodes"][f"n{receiver}"]
    server = subprocess.Popen(
        in_node(cluster, receiver, sys.executable, "-c", SERVER, addr, "5999", str(len(senders))),
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout.readline().strip() == "ready"
    before = {i: frames_sent(cluster, i) for i in senders}

    def send(i):
        subprocess.run(
            in_node(cluster, i, sys.executable, "-c", CLIENT, addr, "5999", str(nbytes)),
            check=True,
            timeout=120,
        )

    threads = [threading.Thread(target=send, args=(i,)) for i in senders]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    flows = json.loads(server.stdout.readline())
    server.wait(timeout=30)
    sent = {i: frames_sent(cluster, i) - before[i] for i in senders}
    for f in flows:
        f["seconds"] = f["last"] - f["first"]
    return [{**f, "frames_sent": sent} for f in flows]


def test_nodes_are_hosts_on_the_bridge(shaped):
    """Each node answers to its own name on its own address; the kernel's qdiscs were asked."""
    net = shaped.network.state()
    r = subprocess.run(
        ["srun", "-N3", "sh", "-c", f"echo $(hostname) $(cat /sys/class/net/{NODE_IFACE}/address)"
         " $(getent hosts n1 | cut -d' ' -f1) $(ip -4 -br addr show dev eth0)"],
        env=shaped.env(), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    seen = {line.split()[0]: line.split() for line in r.stdout.splitlines()}
    assert set(seen) == {"n1", "n2", "n3"}, r.stdout
    for name, words in seen.items():
        assert net["nodes"][name] + "/24" in words, words  # its own address on its eth0
        assert words[2] == net["nodes"]["n1"]  # peers by name (the cluster's hosts file)
    assert len({words[1] for words in seen.values()}) == 3  # three interfaces, not one
    q = net["qdiscs"]
    assert q["tbf"] and ("netem absent" in net["said"]) == (not q["netem"])
    print(f"network: {net['subnet']}, burst {net['burst_bytes']} B; {net['said']}")


def test_link_rate_holds(shaped):
    """One sender: its frames leave at RATE (within TOLERANCE) and its payload arrives at
    RATE x PAYLOAD_SHARE. Two senders into one node: together they get RATE, not twice it
    (the receiver's end is shaped too)."""
    rate = rate_bits(RATE)
    nbytes = int(rate / 8 * 1.0)  # one second at the configured rate
    (one,) = transfer(shaped, 2, [1], nbytes)
    payload = one["bytes"] * 8 / one["seconds"]
    frames = one["frames_sent"][1] * 8 / one["seconds"]
    print(
        f"n1 -> n2, {nbytes / MB:.1f} MiB: payload {payload / 1e6:.1f} Mbit/s, frames "
        f"{frames / 1e6:.1f} Mbit/s ({frames / rate - 1:+.1%} of {RATE})"
    )
    assert one["bytes"] == nbytes
    assert abs(frames / rate - 1) <= TOLERANCE
    assert abs(payload / (rate * PAYLOAD_SHARE) - 1) <= TOLERANCE

    both = transfer(shaped, 2, [1, 3], nbytes // 2)
    start = min(f["first"] for f in both)
    end = max(f["last"] for f in both)
    together = sum(f["bytes"] for f in both) * 8 / (end - start)
    print(
        f"n1 + n3 -> n2: payload together {together / 1e6:.1f} Mbit/s "
        f"({together / (rate * PAYLOAD_SHARE) - 1:+.1%} of {RATE} x {PAYLOAD_SHARE:.3f})"
    )
    assert abs(together / (rate * PAYLOAD_SHARE) - 1) <= TOLERANCE
