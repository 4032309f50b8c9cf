"""LocalCluster: start, stop and break the local test cluster's daemons (munge, MariaDB,
slurmdbd, slurmctld, one `slurmd -N nX` per node), all state under one folder."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from scalestudy.localcluster.config import (
    CLUSTER,
    DB_PASS,
    cgroup_conf,
    slurm_conf,
    slurm_version,
    slurmdbd_conf,
)
from scalestudy.localcluster.network import Network, NetworkError, rate_bits

DEFAULT_DIR = Path(os.environ.get("SCALESTUDY_CLUSTER_DIR", "/var/tmp/scalestudy-slurm"))


class ClusterError(RuntimeError):
    pass


def _free_ports(n: int) -> list[int]:
    socks, ports = [], []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
        ports.append(s.getsockname()[1])
    for s in socks:
        s.close()
    return ports


def _alive(pidfile: Path) -> bool:
    """The daemon its pid file names runs (a killed daemon not yet reaped, a zombie, does
    not: after a crash the next `up` starts it again)."""
    try:
        pid = int(pidfile.read_text().strip())
    except (OSError, ValueError):
        return False
    return _pid_alive(pid)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:  # a zombie has exited; its parent has not reaped it yet
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def _wait(cond, what: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.2)
    raise ClusterError(f"timed out waiting for {what}")


# munged is the host's service: a local cluster starts it only when none answers, and says so
# here (with its pid), so that `down` stops only a munged a local cluster started
MUNGE_MARK = Path("/run/munge/scalestudy-started.pid")
# what needs munged: while any of these daemons runs on the host, munged stays (a client such
# as srun runs only beside them; a test's stand-in sbatch must not keep munged up)
SLURM_PROGRAMS = ("slurmctld", "slurmd", "slurmdbd", "slurmstepd")


def _running(proc) -> bool:
    import psutil

    try:
        return proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _end(procs: list, grace: dict[int, float], default_grace: float) -> None:
    """SIGTERM every process, then SIGKILL each one still running after its grace seconds."""
    import psutil

    start = time.monotonic()
    for proc in procs:
        with contextlib.suppress(psutil.Error):
            proc.terminate()
    left = list(procs)
    while left:
        now = time.monotonic() - start
        for proc in left:
            if _running(proc) and now >= grace.get(proc.pid, default_grace):
                with contextlib.suppress(psutil.Error):
                    proc.kill()
        left = [p for p in left if _running(p)]
        if left:
            time.sleep(0.1)


def _stop_our_munged() -> None:
    """Stop munged if a local cluster started it (MUNGE_MARK) and no Slurm program is left on
    the host: another local cluster (or the host's Slurm) may still use it."""
    import psutil

    try:
        pid = int(MUNGE_MARK.read_text().strip())
        munged = psutil.Process(pid)
        if munged.name() != "munged":
            raise psutil.NoSuchProcess(pid)
    except (OSError, ValueError, psutil.Error):
        MUNGE_MARK.unlink(missing_ok=True)  # the munged it names has gone
        return
    for proc in psutil.process_iter(["name"]):
        if proc.info["name"] in SLURM_PROGRAMS and _running(proc):
            return
    _end([munged], grace={}, default_grace=10.0)
    MUNGE_MARK.unlink(missing_ok=True)


@dataclass
class LocalCluster:
    dir: Path = DEFAULT_DIR
    nodes: int = 4
    cpus: int = 2
    memory_mb: int = 4000
    accounting: bool = True
    # task/none: Slurm binds nothing (the launcher may); task/affinity: srun --cpu-bind works
    task_plugin: str = "none"
    shape: str = "emulated"  # or "skx": the paper's node, declared (config.SHAPES)
    # the emulated network (network.py): each slurmd in its own network + UTS namespace on a
    # bridge; off by default (every daemon on 127.0.0.1). link_rate (tc, e.g. "200mbit")
    # shapes each node's link per direction and needs netns.
    netns: bool = False
    link_rate: str | None = None
    # as a site runs (config.slurm_conf): associations and QOS enforced, partitions debug and
    # short with their MaxTime, node features; needs accounting
    site: bool = False
    _chosen_ports: dict | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.site and not self.accounting:
            raise ClusterError("a site's cluster enforces accounts and QOS: it needs accounting")
        if self.link_rate is not None:
            if not self.netns:
                raise ClusterError(f"link rate {self.link_rate}: needs the emulated network")
            try:
                rate_bits(self.link_rate)
            except ValueError as exc:
                raise ClusterError(str(exc)) from None

    @property
    def network(self) -> Network:
        return Network(self.dir, self.nodes, self.link_rate)

    @property
    def conf(self) -> Path:
        return self.dir / "etc" / "slurm.conf"

    def env(self) -> dict[str, str]:
        return {**os.environ, "SLURM_CONF": str(self.conf)}

    def _ports(self) -> dict:
        path = self.dir / "ports.json"
        if self._chosen_ports is not None:  # one choice per `up`, shared by every daemon
            return self._chosen_ports
        running = any(_alive(f) for f in (self.dir / "run").glob("*.pid"))
        if path.exists() and running:  # keep the ports of daemons still up (idempotent up)
            ports = json.loads(path.read_text())
            if len(ports["slurmd"]) >= self.nodes:
                self._chosen_ports = ports
                return ports
        # a stopped cluster takes fresh ports: its old ones may belong to another cluster now
        free = _free_ports(4 + self.nodes)
        ports = {
            "slurmctld": free[0],
            "slurmdbd": free[1],
            "mysql": free[2],
            "srun": [free[3], free[3]],
            "slurmd": free[4:],
        }
        path.write_text(json.dumps(ports))
        self._chosen_ports = ports
        return ports

    # -- configuration ---------------------------------------------------------------------
    def write_config(self) -> None:
        for sub in ("etc", "state", "spool", "run", "log", "mysql", "jobs"):
            (self.dir / sub).mkdir(parents=True, exist_ok=True)
        ports = self._ports()
        net = self.network.state() if self.netns else None
        self.conf.write_text(
            slurm_conf(
                dir=self.dir,
                host=socket.gethostname(),
                ports=ports,
                nodes=self.nodes,
                cpus=self.cpus,
                memory_mb=self.memory_mb,
                accounting=self.accounting,
                task_plugin=self.task_plugin,
                shape=self.shape,
                net=net,
                site=self.site,
            )
        )
        # the daemons' own version decides the files they accept (config.cgroup_conf)
        version = slurm_version(self._run(["slurmd", "-V"]).stdout)
        cgroup = self.dir / "etc" / "cgroup.conf"
        text = cgroup_conf(version)
        if text is None:
            cgroup.unlink(missing_ok=True)
        else:
            cgroup.write_text(text)
        if self.accounting:
            dbd = self.dir / "etc" / "slurmdbd.conf"
            dbd.write_text(slurmdbd_conf(dir=self.dir, ports=ports))
            dbd.chmod(0o600)  # it holds the database password

    # -- daemons ---------------------------------------------------------------------------
    def _run(self, cmd: list[str], **kw) -> subprocess.CompletedProcess:
        return subprocess.run(cmd, env=self.env(), capture_output=True, text=True, **kw)

    def _munge(self) -> None:
        if self._run(["munge", "-n"]).returncode == 0:
            return
        run = Path("/run/munge")
        run.mkdir(parents=True, exist_ok=True)
        shutil.chown(run, "munge", "munge")
        key = Path("/etc/munge/munge.key")
        if not key.exists():
            subprocess.run(["mungekey", "--create"], check=True)
            shutil.chown(key, "munge", "munge")
            key.chmod(0o400)
        subprocess.run(["runuser", "-u", "munge", "--", "/usr/sbin/munged"], check=True)
        _wait(lambda: self._run(["munge", "-n"]).returncode == 0, "munged")
        with contextlib.suppress(OSError, ValueError):
            MUNGE_MARK.write_text((run / "munged.pid").read_text())

    def _mysql(self) -> None:
        ports, d = self._ports(), self.dir
        pidfile = d / "run" / "mysqld.pid"
        sock = d / "run" / "mysqld.sock"
        if _alive(pidfile):
            return
        fresh = not (d / "mysql" / "mysql").exists()
        if fresh:
            r = subprocess.run(
                [
                    "mariadb-install-db",
                    f"--datadir={d}/mysql",
                    "--user=root",
                    "--auth-root-authentication-method=socket",
                ],
                capture_output=True,
                text=True,
            )
            if r.returncode:
                raise ClusterError(f"mariadb-install-db failed: {r.stderr[-2000:]}")
        with open(d / "log" / "mysqld.log", "ab") as log:
            subprocess.Popen(
                [
                    "mariadbd",
                    "--user=root",
                    f"--datadir={d}/mysql",
                    f"--socket={sock}",
                    f"--port={ports['mysql']}",
                    "--bind-address=127.0.0.1",
                    f"--pid-file={pidfile}",
                    "--innodb-buffer-pool-size=64M",
                    "--skip-log-bin",
                ],
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        _wait(lambda: sock.exists() and _alive(pidfile), "mariadbd")
        sql = (
            f"CREATE USER IF NOT EXISTS 'slurm'@'127.0.0.1' IDENTIFIED BY '{DB_PASS}';"
            "GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1'; FLUSH PRIVILEGES;"
        )
        r = subprocess.run(
            ["mariadb", f"--socket={sock}", "-uroot", "-e", sql], capture_output=True, text=True
        )
        if r.returncode:
            raise ClusterError(f"creating the accounting database user failed: {r.stderr}")

    def _slurmdbd(self) -> None:
        pidfile = self.dir / "run" / "slurmdbd.pid"
        if not _alive(pidfile):
            # slurmdbd reads slurmdbd.conf beside $SLURM_CONF
            r = self._run(["slurmdbd"])
            if r.returncode:
                raise ClusterError(f"slurmdbd failed: {r.stderr}")
        _wait(lambda: self._run(["sacctmgr", "-n", "list", "cluster"]).returncode == 0, "slurmdbd")
        listed = self._run(["sacctmgr", "-n", "-P", "list", "cluster", "format=cluster"]).stdout
        if CLUSTER not in listed.split():
            self._run(["sacctmgr", "-i", "add", "cluster", CLUSTER], check=True)

    def _slurmctld(self) -> None:
        if not _alive(self.dir / "run" / "slurmctld.pid"):
            r = self._run(["slurmctld"])
            if r.returncode:
                raise ClusterError(f"slurmctld failed: {r.stderr}\n{self.tail('slurmctld')}")
        _wait(lambda: self._run(["scontrol", "ping"]).returncode == 0, "slurmctld")

    def _slurmd(self, i: int) -> None:
        name = f"n{i}"
        if _alive(self.dir / "run" / f"slurmd-{name}.pid"):
            return
        (self.dir / "spool" / name).mkdir(parents=True, exist_ok=True)
        (self.dir / "tmp" / name).mkdir(parents=True, exist_ok=True)  # TmpFS (slurm.conf)
        prefix = self.network.exec_prefix(i) if self.netns else []
        r = self._run([*prefix, "slurmd", "-N", name])
        if r.returncode:
            raise ClusterError(
                f"slurmd -N {name} failed: {r.stderr}\n{self.tail('slurmd-' + name)}"
            )

    def up(self) -> None:
        missing = [
            t
            for t in ("slurmctld", "slurmd", "munged", "sbatch")
            + (("slurmdbd", "mariadbd") if self.accounting else ())
            if not shutil.which(t)
        ]
        if missing:
            raise ClusterError(
                f"missing {', '.join(missing)}: run `make system` (Debian "
                "slurm-wlm slurmdbd munge mariadb-server)"
            )
        if self.netns:
            self._network()
        elif shutil.which("ip") and not any(_alive(f) for f in (self.dir / "run").glob("*.pid")):
            self._remove_network()  # a crashed emulated-network cluster of this folder
        self.write_config()
        self._munge()
        if self.accounting:
            self._mysql()
            self._slurmdbd()
        self._slurmctld()
        for i in range(1, self.nodes + 1):
            self._slurmd(i)
        _wait(self._all_idle, f"{self.nodes} nodes to be idle", timeout=90)

    def _network(self) -> None:
        """Make the emulated network; a stopped cluster's leftovers (a crash, a killed
        `down`) are removed first, a running cluster's network is kept."""
        for tool, package in (("ip", "iproute2"), ("tc", "iproute2"), ("unshare", "util-linux"),
                              ("sysctl", "procps")):  # fmt: skip
            if not shutil.which(tool):
                raise ClusterError(f"--netns needs {tool}: run `make system` (Debian {package})")
        net = self.network
        running = any(_alive(f) for f in (self.dir / "run").glob("*.pid"))
        try:
            if not running and any(net.leftovers().values()):
                net.remove()
                net.state_file.unlink(missing_ok=True)
            elif not running:
                net.state_file.unlink(missing_ok=True)  # a fresh subnet, checked against routes
            net.create(socket.gethostname())
        except NetworkError as exc:
            raise ClusterError(str(exc)) from None

    def _all_idle(self) -> bool:
        r = self._run(["sinfo", "-h", "-N", "-o", "%N %t"])
        # a node in two partitions is listed twice
        states = dict(line.split()[:2] for line in r.stdout.splitlines() if line.strip()).values()
        return len(states) == self.nodes and all(
            s.startswith(("idle", "mix", "alloc")) for s in states
        )

    def down(self) -> None:
        """End every process this cluster started: its jobs first (scancel, so Slurm ends
        their steps the way it means to), then the daemons and whatever is left of the jobs
        (TERM, then KILL: a slurmstepd may ignore TERM), then munged if a local cluster
        started it and no other Slurm is left on the host to need it."""
        run = self.dir / "run"
        if not run.exists():
            return
        self._cancel_jobs()
        daemons = self._daemons()
        stragglers = [p for p in self._processes() if p.pid not in {d.pid for d in daemons}]
        _end([*daemons, *stragglers], grace={p.pid: 20.0 for p in daemons}, default_grace=5.0)
        # a job process can fork while the daemons stop: look once more
        _end(self._processes(), grace={}, default_grace=2.0)
        # the emulated network: whatever still runs inside a node's namespace, then the
        # namespaces, links and qdiscs (found by name whether or not this cluster used them)
        self._remove_network()
        _stop_our_munged()

    def _remove_network(self) -> None:
        with contextlib.suppress(FileNotFoundError):  # no ip: no network was made
            try:
                self.network.remove()
            except NetworkError as exc:
                raise ClusterError(str(exc)) from None

    def _cancel_jobs(self, timeout: float = 20.0) -> None:
        """scancel every job of this cluster and wait for their steps to end (KillWait is 5 s
        in slurm.conf); with the controller down there is nothing to ask, so nothing waits."""
        if not _alive(self.dir / "run" / "slurmctld.pid"):
            return
        try:
            listed = self._run(["squeue", "-h", "-o", "%A"], timeout=20)
        except subprocess.TimeoutExpired:
            return
        jobs = listed.stdout.split()
        if listed.returncode or not jobs:
            return
        self._run(["scancel", *jobs], timeout=20)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and any(
            p.name() == "slurmstepd" for p in self._processes()
        ):
            time.sleep(0.2)

    def _daemons(self) -> list:
        import psutil

        procs = []
        for pidfile in sorted((self.dir / "run").glob("*.pid")):
            if _alive(pidfile):
                with contextlib.suppress(psutil.Error, ValueError, OSError):
                    procs.append(psutil.Process(int(pidfile.read_text())))
        return procs

    def _processes(self) -> list:
        """The processes of this cluster still running: its daemons (pid files), its jobs'
        slurmstepd (their working folder or an open file, the slurmd log, is under this
        cluster's folder: a stepd writes its title over its environment), every job process
        (its environment names this cluster's slurm.conf and a job id: srun, mpirun, orted,
        ranks; not a shell that merely exported SLURM_CONF), and all their descendants.
        Found by this cluster's folder, never by name alone: other clusters (and the host's
        own Slurm) may run beside it."""
        import psutil

        ours_env = f"SLURM_CONF={self.conf}\0".encode()
        root = str(self.dir.resolve())
        found: dict[int, psutil.Process] = {p.pid: p for p in self._daemons()}
        for proc in psutil.process_iter():
            if proc.pid == os.getpid() or proc.pid in found:
                continue
            try:
                if proc.name() == "slurmstepd":
                    paths = [proc.cwd(), *(f.path for f in proc.open_files())]
                    if any(p == root or p.startswith(root + "/") for p in paths):
                        found[proc.pid] = proc
                    continue
                raw = Path(f"/proc/{proc.pid}/environ").read_bytes()
                if ours_env in raw and b"SLURM_JOB_ID=" in raw:
                    found[proc.pid] = proc
            except (psutil.Error, OSError):
                continue
        for proc in list(found.values()):
            with contextlib.suppress(psutil.Error):
                for child in proc.children(recursive=True):
                    found.setdefault(child.pid, child)
        me = {os.getpid(), *(p.pid for p in psutil.Process().parents())}
        return [p for pid, p in found.items() if pid not in me and _running(p)]

    def crash_node(self, name: str) -> int:
        """Emulate a node losing power: SIGKILL its slurmd, its slurmstepds and every job
        process started on it, at once. The controller then marks the node DOWN after
        SlurmdTimeout and the job NODE_FAIL. Returns how many processes were killed."""
        import psutil

        log = str(self.dir / "log" / f"slurmd-{name}.log")
        ours = f"SLURM_CONF={self.conf}\0".encode()
        node = f"SLURMD_NODENAME={name}\0".encode()
        victims = []
        pidfile = self.dir / "run" / f"slurmd-{name}.pid"
        if _alive(pidfile):
            victims.append(psutil.Process(int(pidfile.read_text())))
        for proc in psutil.process_iter():
            try:
                if proc.name() == "slurmstepd":
                    # a stepd's title hides its environment; its node is the log it writes to
                    if any(f.path == log for f in proc.open_files()):
                        victims.append(proc)
                    continue
                raw = Path(f"/proc/{proc.pid}/environ").read_bytes()
                if ours in raw and node in raw:
                    victims.append(proc)
            except (psutil.NoSuchProcess, psutil.AccessDenied, OSError):
                continue
        for proc in victims:
            with contextlib.suppress(psutil.NoSuchProcess):
                proc.kill()
        return len(victims)

    def stop_service(self, name: str) -> None:
        """Stop slurmctld or slurmdbd (SIGTERM, as an admin's restart does); jobs and the
        nodes' slurmd keep running. `start_service` brings it back with its saved state."""
        if name not in ("slurmctld", "slurmdbd"):
            raise ClusterError(f"stop_service: {name} is not slurmctld or slurmdbd")
        pidfile = self.dir / "run" / f"{name}.pid"
        if not _alive(pidfile):
            return
        pid = int(pidfile.read_text())
        os.kill(pid, signal.SIGTERM)
        _wait(lambda: not _pid_alive(pid), f"{name} to stop", timeout=30)

    def start_service(self, name: str) -> None:
        """Start slurmctld or slurmdbd again; the controller once its nodes have registered."""
        if name == "slurmctld":
            self._slurmctld()
            _wait(self._all_idle, f"{self.nodes} nodes to register again", timeout=90)
        else:
            self._slurmdbd()

    def revive_node(self, name: str) -> None:
        """Start a crashed node's slurmd again (ReturnToService=2 puts it back in service)."""
        self._slurmd(int(name.removeprefix("n")))
        _wait(
            lambda: (
                self._run(["sinfo", "-h", "-n", name, "-o", "%t"])
                .stdout.strip()
                .startswith(("idle", "mix", "alloc"))
            ),
            f"node {name} to return to service",
            timeout=90,
        )

    def status(self) -> str:
        """sinfo's summary: per partition and state, the node count, CPUs and memory per node
        and the nodes as a compressed hostlist (one line, whatever the size)."""
        r = self._run(["sinfo", "-o", "%14P %.6D %.8t %.5c %.8m %N"])
        return r.stdout or r.stderr

    def daemon_memory(self) -> int:
        """Bytes the cluster's daemons hold (proportional set size: shared pages split among
        the processes that share them), from their pid files."""
        total = 0
        for pidfile in (self.dir / "run").glob("*.pid"):
            try:
                pid = int(pidfile.read_text().strip())
                rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
            except (OSError, ValueError):
                continue
            for line in rollup.splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
        return total

    def tail(self, name: str, lines: int = 20) -> str:
        path = self.dir / "log" / f"{name}.log"
        if not path.exists():
            return ""
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
