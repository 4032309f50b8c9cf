"""Process set-up for one rank: TensorFlow threads and determinism, Horovod init, the launcher
check, and the environment captured into the log header."""

from __future__ import annotations

import ctypes
import os
import platform
import socket
import sys
from pathlib import Path

from scalestudy import provenance, rankenv

ENV_PREFIXES = ("SLURM_", "OMPI_", "PMIX_", "I_MPI_", "HOROVOD_", "KMP_", "OMP_", "TF_", "MKL_")


class LaunchMismatch(Exception):
    """Horovod sees a world that is not the one the job asked for."""


def configure_tensorflow(cfg):
    """Import TensorFlow with the thread settings and determinism the point asks for."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    # Read once, when TensorFlow loads: it must be set before the import.
    if cfg.onednn != "auto":
        os.environ["TF_ENABLE_ONEDNN_OPTS"] = "1" if cfg.onednn == "on" else "0"
    import keras
    import tensorflow as tf

    if not keras.__version__.startswith("2."):
        raise RuntimeError(
            f"Keras {keras.__version__} found; the trainer needs Keras 2 (tensorflow 2.15 ships "
            "keras 2.15): Horovod's wrappers around a Keras 3 optimizer never synchronise"
        )
    # Stock TensorFlow has no OpenMP runtime: OMP_/KMP_ variables do nothing, these do.
    tf.config.threading.set_intra_op_parallelism_threads(cfg.intra_op_threads)
    tf.config.threading.set_inter_op_parallelism_threads(cfg.inter_op_threads)
    tf.keras.utils.set_random_seed(cfg.seed)
    if cfg.deterministic:
        tf.config.experimental.enable_op_determinism()
    # bf16 compute, fp32 variables; the model casts its logits to fp32 for the loss, and the
    # gradients (of fp32 variables) are fp32, so the optimizer and the exchange stay fp32.
    tf.keras.mixed_precision.set_global_policy(
        "mixed_bfloat16" if cfg.precision == "bf16" else "float32"
    )
    return tf


def init_horovod(cfg=None):
    # A rank that stops answering must not hang the others forever.
    os.environ.setdefault("HOROVOD_STALL_CHECK_TIME_SECONDS", "60")
    os.environ.setdefault("HOROVOD_STALL_SHUTDOWN_TIME_SECONDS", "120")
    if cfg is not None and cfg.deterministic:
        # Fusion packs gradients into one buffer in the order they become ready, which varies
        # run to run; at 3 ranks Open MPI's allreduce then splits the buffer at other offsets
        # and sums in another order (bits differ in overlapped runs). Unfused, every tensor is
        # its own allreduce: reruns are bit-identical, at the cost of more, smaller messages.
        os.environ["HOROVOD_FUSION_THRESHOLD"] = "0"
    if cfg is not None and cfg.timeline:
        # the trainer starts and stops the timeline around the timed steps itself
        os.environ["HOROVOD_TIMELINE"] = "DYNAMIC"
    import horovod.tensorflow as hvd

    sets = []
    if cfg is not None and cfg.mesh.model > 1:
        from scalestudy.trainer import mesh

        # process sets are given to hvd.init (every rank the same list): the world's size is
        # needed before Horovod reports it
        size = launcher_world_size() or cfg.expect_ranks
        if size is None:
            raise LaunchMismatch(
                "a mesh needs the number of ranks before Horovod starts: the launcher sets "
                f"none of {', '.join(rankenv.SIZE)}; set expect_ranks"
            )
        sets = mesh.process_sets(hvd, size, cfg.mesh.model)
        mesh.REGISTERED[:] = sets
    hvd.init(process_sets=sets or None)
    return hvd


def launcher_world_size() -> int | None:
    """The number of ranks the launcher says it started, when it says so."""
    return rankenv.first((*rankenv.SIZE, "HOROVOD_SIZE"))


def check_world(hvd, expect_ranks: int | None, expect_per_node: int | None) -> None:
    size, local = hvd.size(), hvd.local_size()
    launched = launcher_world_size()
    expected = expect_ranks or launched
    if expected is not None and size != expected:
        raise LaunchMismatch(
            f"Horovod sees {size} rank(s) but {expected} were expected "
            f"(config expect_ranks={expect_ranks}, launcher says {launched}). The launcher "
            "started independent singletons: it does not match the MPI Horovod was built with "
            f"(Horovod MPI built: {hvd.mpi_built()}, Gloo built: {hvd.gloo_built()}; "
            f"{mpi_library_version() or 'MPI library unknown'}). Launch with the mpirun of that "
            "MPI (or srun --mpi=pmi2 / horovodrun), or rebuild Horovod against the site MPI."
        )
    if expect_per_node is not None and local != expect_per_node:
        raise LaunchMismatch(
            f"Horovod sees {local} rank(s) on {socket.gethostname()} but {expect_per_node} per "
            "node were expected: the placement (ntasks-per-node / --map-by) does not match."
        )


def _loaded_mpi_libraries() -> list[str]:
    """The MPI libraries this process has loaded (Horovod's extension links one), from
    /proc/self/maps: libmpi.so.* (Open MPI, Intel MPI) or libmpich.so.* (Debian's MPICH)."""
    try:
        maps = Path("/proc/self/maps").read_text()
    except OSError:
        return []
    found = []
    for line in maps.splitlines():
        path = line.split()[-1] if line.split() else ""
        if os.path.basename(path).startswith(("libmpi.so", "libmpich.so")) and path not in found:
            found.append(path)
    return found


def mpi_library_version() -> str | None:
    """The first line of MPI_Get_library_version of the MPI this process uses: the library
    already loaded (Horovod's), else the first one the loader finds by name. By name alone,
    Open MPI's libmpi.so.40 would answer in a process whose Horovod links MPICH."""
    for name in (
        *_loaded_mpi_libraries(),
        "libmpi.so.40",
        "libmpi.so.12",
        "libmpich.so.12",
        "libmpi.so",
    ):
        try:
            lib = ctypes.CDLL(name, mode=ctypes.RTLD_GLOBAL)
            buf, n = ctypes.create_string_buffer(8192), ctypes.c_int()
            if lib.MPI_Get_library_version(buf, ctypes.byref(n)) == 0:
                return buf.value.decode(errors="replace").strip().splitlines()[0]
        except (OSError, AttributeError):
            continue
    return None


def numa_nodes_of(cpus: set[int]) -> list[int]:
    nodes = []
    for node in sorted(Path("/sys/devices/system/node").glob("node[0-9]*")):
        try:
            listed = _parse_cpulist((node / "cpulist").read_text())
        except OSError:
            continue
        if listed & cpus:
            nodes.append(int(node.name[4:]))
    return nodes


def _parse_cpulist(text: str) -> set[int]:
    cpus: set[int] = set()
    for part in text.strip().split(","):
        if "-" in part:
            lo, hi = part.split("-")
            cpus.update(range(int(lo), int(hi) + 1))
        elif part:
            cpus.add(int(part))
    return cpus


def git_state() -> dict:
    if os.environ.get("SCALESTUDY_GIT_COMMIT"):
        return {
            "commit": os.environ["SCALESTUDY_GIT_COMMIT"],
            "dirty": os.environ.get("SCALESTUDY_GIT_DIRTY") == "1",
        }
    return provenance.git_state()


def environment_header(tf, hvd, cfg) -> dict:
    affinity = sorted(os.sched_getaffinity(0))
    build = dict(tf.sysconfig.get_build_info())
    return {
        "host": socket.gethostname(),
        "pid": os.getpid(),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "rank": hvd.rank(),
        "size": hvd.size(),
        "local_rank": hvd.local_rank(),
        "local_size": hvd.local_size(),
        "cross_rank": hvd.cross_rank(),
        "cross_size": hvd.cross_size(),
        "affinity": affinity,
        "numa_nodes": numa_nodes_of(set(affinity)),
        "threads": {
            "intra_op": tf.config.threading.get_intra_op_parallelism_threads(),
            "inter_op": tf.config.threading.get_inter_op_parallelism_threads(),
        },
        "tensorflow": {
            "version": tf.__version__,
            "git": tf.version.GIT_VERSION,
            "onednn": os.environ.get(
                "TF_ENABLE_ONEDNN_OPTS",
                "unset (TF 2.15 decides: on for CPUs with AVX512_VNNI/BF16/AMX, else off)",
            ),
            "build": {k: str(v) for k, v in build.items()},
        },
        "horovod": {
            "version": hvd.__version__ if hasattr(hvd, "__version__") else _hvd_version(),
            "mpi_built": bool(hvd.mpi_built()),
            "gloo_built": bool(hvd.gloo_built()),
            "mpi_enabled": bool(hvd.mpi_enabled()),
            "gloo_enabled": bool(hvd.gloo_enabled()),
            "nccl_built": bool(hvd.nccl_built()),
            "cpu_operations": os.environ.get("HOROVOD_CPU_OPERATIONS")
            or ("MPI" if hvd.mpi_enabled() else "GLOO"),
        },
        "mpi_library": mpi_library_version() if hvd.mpi_enabled() else None,
        "env": {k: v for k, v in sorted(os.environ.items()) if k.startswith(ENV_PREFIXES)},
        "git": git_state(),
    }


def _hvd_version() -> str:
    import horovod

    return horovod.__version__
