"""The local cluster's emulated network (`up --netns`): each slurmd in its own network and UTS
namespace (its own hostname, the node's name), a veth from the namespace to one bridge on the
host, addresses from the benchmarking range 198.18.0.0/15 (RFC 2544; never routed anywhere:
no default route in a namespace, the bridge is the only link), and optionally each node's link
shaped with tbf at a stated rate on both ends of its veth (tbf shapes what leaves an
interface: the namespace's end shapes what the node sends, the host's end what it receives).

What the kernel offers is asked at start-up (a qdisc added to a namespace's loopback and
removed): this project's kernel has tbf and htb but no netem, so a rate can be set and no
delay can be added; the answer is written to <dir>/net.json and said by `up`.

Names are derived from the cluster's folder (a short hash, `tag`), so clusters of several test
sessions never share a bridge, a namespace or a subnet; every name this module makes starts
with `ss<tag>`. A cluster that crashed leaves them behind: `leftovers()` finds them by that
prefix and `remove()` ends every process inside the namespaces first (deleting a namespace
does not end its processes), then deletes the links (their qdiscs go with them), the bridge
and the namespaces.
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import json
import os
import re
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

RANGE = ipaddress.ip_network("198.18.0.0/15")  # RFC 2544 benchmarking: a test range
NODE_IFACE = "eth0"  # the node's end of its veth, inside its namespace
# tc's rate units (decimal, as tc reads them): "200mbit" is 200e6 bit/s
_RATE = re.compile(r"^(\d+(?:\.\d+)?)(bit|kbit|mbit|gbit)$")
_RATE_FACTOR = {"bit": 1, "kbit": 1e3, "mbit": 1e6, "gbit": 1e9}
QDISCS = ("tbf", "htb", "netem")  # asked of the kernel at start-up
QUEUE_MS = 10  # tbf queue: at most this long a wait at the link rate (see _shape)
# Open MPI's TCP settings for jobs on this network (the site's: the bundled
# templates/clusters/emulated-netns.yaml says the same; docs/network.md "The 2x"). Open MPI's TCP
# BTL keeps one connection per pair of ranks and, with its PUT (on by default), sends the bulk of
# a large message as one fragment: ob1's control messages for the other direction (the
# rendezvous ACK, the PUT request) wait behind it in that connection, and a two-way exchange
# runs one direction after the other, 2x the time at any link rate (measured: an 8 MiB
# MPI_Sendrecv on 200mbit links took 2.00x the ideal in every iteration; one way 1.00x; bigger
# socket buffers changed nothing). Without PUT the data go as 128 KiB send fragments that
# control messages can slip between (8 MiB: 1.00-1.03x), and TCP_NOTSENT_LOWAT (below) keeps
# the kernel from holding megabytes of them ahead of a control message. A second connection
# per pair (btl_tcp_links 2) helped a plain MPI test but not Horovod's, whole jobs still ran at
# 2x; with PUT off as well it hung a plain MPI test: not used.
OMPI_TCP_ENV = {"OMPI_MCA_btl_tcp_flags": "send,inplace,need-ack,need-csum"}  # default less put
# The nodes' TCP: unsent bytes a socket may hold (net.ipv4.tcp_notsent_lowat, per namespace;
# the host default is unlimited). A real NIC's queue is short (BQL) and TCP keeps the rest in
# the socket; here the rest would wait in the socket buffer (up to tcp_wmem's 4 MiB, 170 ms at
# 200mbit) ahead of the other direction's control messages. 128 KiB: 5 ms at 200mbit.
NOTSENT_LOWAT = 131072


class NetworkError(RuntimeError):
    pass


def rate_bits(rate: str) -> float:
    """bit/s of a tc rate such as "200mbit"; ValueError naming the accepted forms."""
    m = _RATE.match(rate.strip().lower())
    if not m:
        raise ValueError(
            f"link rate {rate!r}: a number and a unit, bit, kbit, mbit or gbit (e.g. 200mbit)"
        )
    return float(m.group(1)) * _RATE_FACTOR[m.group(2)]


def tag_of(dir: Path) -> str:
    return hashlib.sha1(str(Path(dir).resolve()).encode()).hexdigest()[:6]


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    r = subprocess.run(["ip", *args], capture_output=True, text=True)
    if check and r.returncode:
        raise NetworkError(f"ip {' '.join(args)}: {r.stderr.strip()}")
    return r


def _tc(ns: str | None, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    cmd = ["tc", *(["-n", ns] if ns else []), *args]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if check and r.returncode:
        raise NetworkError(f"{' '.join(cmd)}: {r.stderr.strip()}")
    return r


def _sysctl(ns: str, key: str, value) -> None:
    r = subprocess.run(
        ["ip", "netns", "exec", ns, "sysctl", "-qw", f"{key}={value}"],
        capture_output=True, text=True,
    )  # fmt: skip
    if r.returncode:
        raise NetworkError(f"sysctl {key}={value} in {ns}: {r.stderr.strip()}")


def _json(*args: str) -> list:
    r = _ip("-j", *args, check=False)
    try:
        return json.loads(r.stdout or "[]")
    except json.JSONDecodeError:
        return []


def kernel_qdiscs(ns: str) -> dict[str, bool]:
    """Which of tbf, htb, netem this kernel can attach: each added to the loopback of the
    namespace `ns` (made by the caller, no traffic on it yet) and removed again."""
    probes = {
        "tbf": ["tbf", "rate", "1mbit", "burst", "10kb", "latency", "10ms"],
        "htb": ["htb"],
        "netem": ["netem", "delay", "1ms"],
    }
    found = {}
    for name in QDISCS:
        r = _tc(ns, "qdisc", "add", "dev", "lo", "root", *probes[name], check=False)
        found[name] = r.returncode == 0
        if found[name]:
            _tc(ns, "qdisc", "del", "dev", "lo", "root", check=False)
    return found


def describe_qdiscs(found: dict[str, bool]) -> str:
    have = [q for q in QDISCS if found.get(q)]
    said = f"kernel qdiscs: {', '.join(have) or 'none'} present"
    if not found.get("netem"):
        said += "; netem absent: no added delay or loss, links are shaped in rate only"
    return said


@dataclass
class Network:
    """The emulated network of one local cluster (see the module's docstring)."""

    dir: Path
    nodes: int
    link_rate: str | None = None  # tc rate of every node's link, per direction; None: unshaped

    @property
    def tag(self) -> str:
        return tag_of(self.dir)

    @property
    def prefix(self) -> str:
        return f"ss{self.tag}"

    @property
    def bridge(self) -> str:
        return f"{self.prefix}br"

    def namespace(self, i: int) -> str:
        return f"{self.prefix}-n{i}"

    def host_veth(self, i: int) -> str:
        return f"{self.prefix}v{i}"  # at most 15 characters up to node 9999

    @property
    def state_file(self) -> Path:
        return self.dir / "net.json"

    def state(self) -> dict:
        try:
            return json.loads(self.state_file.read_text())
        except (OSError, json.JSONDecodeError):
            return {}

    # -- addresses -------------------------------------------------------------------------
    def subnet(self) -> ipaddress.IPv4Network:
        """This cluster's /24 of 198.18.0.0/15: the one it has (net.json), else the first from
        its tag's place on that no route of the host already covers."""
        known = self.state().get("subnet")
        if known:
            return ipaddress.ip_network(known)
        used = []
        for route in _json("-4", "route", "show", "table", "all"):
            dst = route.get("dst", "")
            with contextlib.suppress(ValueError):
                if dst and dst != "default":
                    used.append(ipaddress.ip_network(dst, strict=False))
        subnets = list(RANGE.subnets(new_prefix=24))
        start = int(self.tag, 16) % len(subnets)
        for k in range(len(subnets)):
            candidate = subnets[(start + k) % len(subnets)]
            if not any(candidate.overlaps(u) for u in used):
                return candidate
        raise NetworkError(f"no free /24 left in {RANGE} for the cluster's network")

    def host_addr(self) -> str:
        return str(self.subnet().network_address + 1)

    def node_addr(self, i: int) -> str:
        if not 1 <= i <= 253:
            raise NetworkError(f"node n{i}: the emulated network has room for 253 nodes")
        return str(self.subnet().network_address + 1 + i)

    def hosts_file(self, hostname: str) -> str:
        """The /etc/hosts every node sees: its peers by name on the bridge, the controller's
        host name on the bridge's address (its own addresses are not reachable from a node)."""
        lines = [
            "# generated by scalestudy.localcluster (emulated network)",
            "127.0.0.1\tlocalhost",
            "::1\tlocalhost ip6-localhost ip6-loopback",
            f"{self.host_addr()}\t{hostname}",
        ]
        lines += [f"{self.node_addr(i)}\tn{i}" for i in range(1, self.nodes + 1)]
        return "\n".join(lines) + "\n"

    # -- shaping ---------------------------------------------------------------------------
    def _burst(self, iface: str, ns: str | None) -> int:
        """tbf's bucket in bytes: one whole segment of the veth's segmentation offload (its
        gso_max_size, 64 KiB unless changed) and one frame more. tbf splits a segment larger
        than its bucket, so a smaller bucket still holds the rate, at more cost per packet;
        this one passes every segment whole and lets at most ~1.3 ms of 400 Mbit/s through
        at once."""
        links = _json(*(["-n", ns] if ns else []), "-d", "link", "show", "dev", iface)
        gso = (links[0].get("gso_max_size") if links else None) or 65536
        mtu = (links[0].get("mtu") if links else None) or 1500
        return int(gso) + int(mtu) + 14

    def _shape(self, iface: str, ns: str | None) -> None:
        burst = self._burst(iface, ns)
        _tc(ns, "qdisc", "replace", "dev", iface, "root", "tbf", "rate", str(self.link_rate),
            "burst", str(burst), "latency", f"{QUEUE_MS}ms")  # fmt: skip

    # -- making and removing ---------------------------------------------------------------
    def alive(self) -> bool:
        return Path(f"/run/netns/{self.namespace(1)}").exists()

    def create(self, hostname: str) -> dict:
        """Make the bridge, the namespaces and their veths (what exists is kept: an `up` of a
        running cluster changes nothing), shape the links, write hosts and net.json. Returns
        the state written."""
        if self.link_rate is not None:
            rate_bits(self.link_rate)
        self.dir.mkdir(parents=True, exist_ok=True)
        subnet = self.subnet()
        if not self.state().get("subnet"):  # chosen once: the bridge's own route covers it next
            self.state_file.write_text(json.dumps({"subnet": str(subnet)}))
        if not _json("link", "show", "dev", self.bridge):
            _ip("link", "add", self.bridge, "type", "bridge")
            _ip("addr", "add", f"{self.host_addr()}/{subnet.prefixlen}", "dev", self.bridge)
        _ip("link", "set", self.bridge, "up")
        qdiscs = self.state().get("qdiscs")
        for i in range(1, self.nodes + 1):
            ns, veth = self.namespace(i), self.host_veth(i)
            if not Path(f"/run/netns/{ns}").exists():
                _ip("netns", "add", ns)
            _ip("-n", ns, "link", "set", "lo", "up")
            _sysctl(ns, "net.ipv4.tcp_notsent_lowat", NOTSENT_LOWAT)
            if qdiscs is None:  # asked once, on a namespace without traffic
                qdiscs = kernel_qdiscs(ns)
                if self.link_rate is not None and not qdiscs["tbf"]:
                    raise NetworkError(
                        f"link rate {self.link_rate}: this kernel has no tbf qdisc "
                        "(sch_tbf) to shape with"
                    )
            if not _json("link", "show", "dev", veth):
                _ip("link", "add", veth, "type", "veth", "peer", "name", NODE_IFACE, "netns", ns)
                _ip("-n", ns, "addr", "add", f"{self.node_addr(i)}/{subnet.prefixlen}",
                    "dev", NODE_IFACE)  # fmt: skip
            _ip("link", "set", veth, "master", self.bridge, "up")
            _ip("-n", ns, "link", "set", NODE_IFACE, "up")
            if self.link_rate is not None:
                self._shape(veth, None)
                self._shape(NODE_IFACE, ns)
        (self.dir / "etc").mkdir(parents=True, exist_ok=True)
        (self.dir / "etc" / "hosts").write_text(self.hosts_file(hostname))
        state = {
            "subnet": str(subnet),
            "bridge": self.bridge,
            "host_addr": self.host_addr(),
            "nodes": {f"n{i}": self.node_addr(i) for i in range(1, self.nodes + 1)},
            "namespaces": [self.namespace(i) for i in range(1, self.nodes + 1)],
            "link_rate": self.link_rate,
            "link_rate_bits": rate_bits(self.link_rate) if self.link_rate else None,
            "burst_bytes": self._burst(NODE_IFACE, self.namespace(1)),
            "tcp_notsent_lowat": NOTSENT_LOWAT,
            "qdiscs": qdiscs,
            "said": describe_qdiscs(qdiscs or {}),
        }
        self.state_file.write_text(json.dumps(state, indent=1))
        return state

    def exec_prefix(self, i: int) -> list[str]:
        """Run a command as node n{i}: in its network namespace, in a mount namespace of its
        own (mounts do not reach the host) where /sys is a sysfs of that network (its
        /sys/class/net shows the node's interfaces and their counters) with the host's
        cgroup tree bound back in (slurmd needs it: `ip netns exec` drops it), the cluster's
        hosts file over /etc/hosts (the host's is not touched), and a UTS namespace named
        n{i}."""
        script = (
            'set -e; cg="$1"; hosts="$2"; name="$3"; shift 3; '
            "if mountpoint -q /sys/fs/cgroup; then "
            'mkdir -p "$cg"; mount --rbind /sys/fs/cgroup "$cg"; fi; '
            "mount -t sysfs sysfs /sys; "
            'if [ -d "$cg" ] && mountpoint -q "$cg"; then '
            'mount --rbind "$cg" /sys/fs/cgroup; umount -l "$cg"; fi; '
            'mount --bind "$hosts" /etc/hosts; hostname "$name"; exec "$@"'
        )
        return [
            "nsenter", f"--net=/run/netns/{self.namespace(i)}", "--",
            "unshare", "--mount", "--uts", "--propagation", "slave", "--",
            "sh", "-c", script, "node",
            str(self.dir / "run" / f"cgroup-n{i}"), str(self.dir / "etc" / "hosts"), f"n{i}",
        ]  # fmt: skip

    def leftovers(self) -> dict[str, list[str]]:
        """Every namespace and link of this cluster's prefix that exists now."""
        namespaces = sorted(
            p.name for p in Path("/run/netns").glob(f"{self.prefix}-n*") if p.is_file()
        )
        links = sorted(
            link["ifname"]
            for link in _json("link", "show")
            if link.get("ifname", "").startswith(self.prefix)
        )
        return {"namespaces": namespaces, "links": links}

    def remove(self, grace: float = 5.0) -> list[int]:
        """End every process inside this cluster's namespaces (TERM, then KILL after `grace`
        seconds), then delete its veths (both ends; their qdiscs go with them), its bridge
        and its namespaces, and wait until the kernel has let them go. Returns the pids
        ended."""
        found = self.leftovers()
        ended = end_processes_in(found["namespaces"], grace)
        for link in found["links"]:
            if link != self.bridge:
                _ip("link", "del", link, check=False)
        if self.bridge in found["links"]:
            _ip("link", "del", self.bridge, check=False)
        for ns in found["namespaces"]:
            _ip("netns", "del", ns, check=False)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(self.leftovers().values()):
            time.sleep(0.2)
        left = self.leftovers()
        if any(left.values()):
            raise NetworkError(f"the emulated network did not go: {left}")
        state = self.state()
        if state:
            state["removed"] = True
            with contextlib.suppress(OSError):
                self.state_file.write_text(json.dumps(state, indent=1))
        return ended


def namespace_pids(names: list[str]) -> list[int]:
    """The processes whose network namespace is one of the named ones (as `ip netns pids`)."""
    inodes = set()
    for name in names:
        with contextlib.suppress(OSError):
            inodes.add(os.stat(f"/run/netns/{name}").st_ino)
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            if os.stat(entry / "ns" / "net").st_ino in inodes:
                pids.append(int(entry.name))
    return pids


def end_processes_in(names: list[str], grace: float = 5.0) -> list[int]:
    """TERM every process inside the named namespaces, KILL those left after `grace` s."""
    pids = [p for p in namespace_pids(names) if p != os.getpid()]
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and namespace_pids(names):
        time.sleep(0.1)
    for _ in range(3):  # a process may fork while it is being ended: look again
        left = namespace_pids(names)
        if not left:
            break
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.3)
    return pids
