"""`comm`: Horovod's collectives alone, on the trainer's exchange shapes and a sweep of sizes.

Run once per rank by the same launcher line as the trainer (`python -m scalestudy.workloads.comm
--config point.json`); point.json is the trainer's configuration plus `"comm": {...}` (see
scalestudy.formats.comm_options.CommOptions). No model: it separates the network (and Horovod's own
negotiation) from TensorFlow's compute, in seconds per point.

What is timed, for every collective asked for:
- the trainer's exact shapes: allreduce of the float32 [V, H] embedding gradient (4VH bytes, the
  densified path; float16, 2VH, under `compression: fp16`, as Horovod's compression sends it),
  and the two allgathers of its IndexedSlices (values [R, H] float32 and indices [R] int64,
  R the rows of the trainer's first timed step on this rank: tf1 with a tied embedding M x V +
  padded source + target slots, otherwise the slots), timed together as the trainer issues them;
- alltoall (when asked): sparse_reduce's exchange to the row owners, the U_r unique ids of this
  rank's first timed batch packed with their values as [U_r, H + 2] float32 and split by owner
  (id mod N), uneven splits as the trainer sends them;
- the size sweep: allreduce of a float32 tensor of `bytes`, allgather of `bytes` per rank and
  alltoall of `bytes` per rank in N even blocks;
- a data x model mesh (trainer.mesh.model M > 1, with allreduce asked): `group_allreduce`, the
  model group's allreduces over its Horovod process set, on the layout's shapes (one micro-
  batch's [Tsrc, H] and [Ttgt, H] activations and the cross entropy's [4 x Treal] terms, the
  group's batch) and on the size sweep; each record says the group's ranks and the nodes they
  span (cost_models/comm_fit fits them as the group's own link: shared memory when the group sits
  on one node).

How: the cases are timed round robin (iteration i of every case, then i + 1), so a slow spell
of a shared machine falls on every case alike; before every iteration a scalar allreduce lines
the ranks up (Horovod has no barrier for TensorFlow); then each rank times the collective until
its result is there. An iteration's
collective time is the maximum over ranks (the slowest rank is when the collective is done for
everyone); the first `warmup` iterations are not kept. Rank 0 writes <log_dir>/comm.json
(atomically): every record with the per-iteration maxima, median, p10 and p90, and each rank's
median. Exit codes as the trainer's: 0 done, 1 failed, 2 bad configuration, 5 launch mismatch.

TensorFlow and Horovod are imported only inside the functions the workload runs; the harness
reads comm.json through `scalestudy.workloads.comm_records`, which imports neither.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from scalestudy.cost_models import collectives, comm_model
from scalestudy.cost_models.comm_model import allreduce_item_bytes
from scalestudy.errors import BadInput
from scalestudy.fileio import write_atomic
from scalestudy.formats import step_log
from scalestudy.formats.point_config import PointConfig
from scalestudy.workloads.comm_records import RESULT_FILE, SCHEMA, records_of

__all__ = ["RESULT_FILE", "SCHEMA", "main", "records_of", "run"]


class CommConfigError(BadInput):
    """A comm point.json that cannot run; the message names the file."""


def load_config(path: str | Path) -> tuple[PointConfig, dict]:
    """The trainer's PointConfig and the comm options from one point.json."""
    from pydantic import ValidationError

    from scalestudy.formats.comm_options import CommOptions

    path = Path(path)
    try:
        raw = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise CommConfigError(f"{path}: {exc}") from exc
    comm = raw.pop("comm", None) or {}
    raw.pop("probe_seconds", None)
    try:
        cfg = PointConfig.model_validate(raw)
        options = CommOptions.model_validate(comm).model_dump(mode="json")
    except ValidationError as exc:
        lines = [
            f"{path}: {'.'.join(map(str, e['loc'])) or '<top>'}: {e['msg']}" for e in exc.errors()
        ]
        raise CommConfigError("\n".join(lines)) from exc
    if not Path(cfg.log_dir).is_absolute():
        cfg.log_dir = str(path.parent / cfg.log_dir)
    return cfg, options


def trainer_shapes(cfg: PointConfig, rank: int, size: int) -> dict:
    """What the trainer of this point would exchange on this rank at its first timed step:
    the dense embedding gradient [V, H] and the rows R of its IndexedSlices (NumPy only)."""
    model = cfg.model.resolved()
    vocab, hidden = int(model["vocab"]), int(model["hidden"])
    tied = bool(model["tie_embeddings"])
    import numpy as np

    step = cfg.timing_warmup_steps + 1
    ids = None  # the unique ids of this rank's batch, where the data is known before training
    if cfg.data.kind == "text":
        # SentencePiece batches are not known before the model is trained: the report's estimate
        from scalestudy.cost_models.memory_model import SLOT_FRACTION

        tokens = cfg.tokens_per_worker or (cfg.global_batch_tokens or 0) // size
        slots = int(2 * tokens * SLOT_FRACTION)
        src, tgt = slots // 2, slots - slots // 2
        real = tgt
        source = f"estimate: {SLOT_FRACTION:g} x 2 x {tokens} tokens (text data)"
    else:
        from scalestudy.trainer.data import rank_batches, split_rows

        batch, _ = rank_batches(cfg, rank, size).batch(step)  # a mesh: the group's batch
        micro = split_rows(batch, cfg.micro_batches) if cfg.micro_batches > 1 else [batch]
        src, tgt = sum(m.src_slots for m in micro), sum(m.tgt_slots for m in micro)
        real = sum(m.tgt_tokens for m in micro)
        source = f"the trainer's batch of step {step} on rank {rank}"
        ids = np.unique(np.concatenate([batch.src.ravel(), batch.tgt.ravel()]))
    if cfg.accumulation == "tf1" and tied:
        rows = comm_model.tf1_rows(vocab, src, tgt, cfg.micro_batches)
        # its IndexedSlices name every vocabulary row: sparse_reduce de-duplicates to all V
        ids = np.arange(vocab) if ids is not None else None
    else:
        rows = src + tgt
    return {
        "vocab": vocab,
        "hidden": hidden,
        "rows": rows,
        "slots": {"src": src, "tgt": tgt, "real_tgt": real},
        "rows_source": source,
        "unique_ids": ids,
        # whether this point's trainer really ships them: a densified trainer allreduces the
        # [V, H] tensor; native TF with a tied embedding sums the gradients densely
        "trainer_allgathers": cfg.strategy().gathers_rows,
    }


def _quantiles(values) -> dict:
    import numpy as np

    q = np.percentile(np.asarray(values, dtype=float), [10, 50, 90])
    return {"p10_s": float(q[0]), "median_s": float(q[1]), "p90_s": float(q[2])}


@dataclass
class _Context:
    """What a collective's trainer cases are built from (TRAINER_CASES)."""

    cfg: PointConfig
    options: dict
    shapes: dict
    unique_ids: object  # the rank's unique ids (NumPy), None where the data is not known
    hvd: object
    tf: object
    size: int

    def asked(self, collective: str) -> bool:
        return collective in self.options["collectives"]


def measure(cfg: PointConfig, options: dict, hvd, tf) -> dict:
    """Time every collective; returns rank 0's document (other ranks get the same records)."""
    import numpy as np

    rank, size = hvd.rank(), hvd.size()
    iterations, warmup = int(options["iterations"]), int(options["warmup"])
    shapes = trainer_shapes(cfg, rank, size)
    unique_ids = shapes.pop("unique_ids")  # an array: not part of the written document
    shapes["unique_rows"] = None if unique_ids is None else len(unique_ids)
    sync_value = tf.constant(1.0)

    def sync() -> None:
        hvd.allreduce(sync_value, op=hvd.Sum, name="comm.sync").numpy()

    def once(run) -> float:
        sync()
        t0 = time.perf_counter()
        for out in run():
            out.numpy()  # the result is there (CPU tensors: no copy)
        return time.perf_counter() - t0

    ctx = _Context(cfg, options, shapes, unique_ids, hvd, tf, size)
    # the trainer's exact shapes of each collective that has them, then the size sweep
    cases = [case for build in TRAINER_CASES.values() for case in build(ctx)]
    for collective in options["collectives"]:
        cases += _sweep_cases(ctx, collectives.get(collective))
    # round robin: iteration i of every case, then i + 1: a slow spell of a shared machine
    # falls on every case alike instead of on the few timed during it (timed case by case, a
    # full test run's 2-node small allreduces put the fitted latency at 833 us, 13x the usual,
    # and the model of the trainer's shape at 2.1x its measured time; CI's allgather, 2.05x)
    mine: list[list[float]] = [[] for _ in cases]
    for i in range(warmup + iterations):
        for k, (_, run) in enumerate(cases):
            took = once(run)
            if i >= warmup:
                mine[k].append(took)
    records = []
    for k, (case, _) in enumerate(cases):
        every = hvd.allgather_object(mine[k], name=f"comm.times.{k}")  # [rank][iteration]
        slowest = np.asarray(every, dtype=float).max(axis=0)
        records.append(
            {
                **case,
                "iterations": iterations,
                "warmup": warmup,
                "times_s": [float(t) for t in slowest],
                **_quantiles(slowest),
                "per_rank_median_s": [float(np.median(r)) for r in every],
            }
        )
    return {"shapes": shapes, "records": records}


def _sweep_cases(ctx: _Context, c: collectives.Collective) -> list[tuple[dict, object]]:
    """The size sweep of one collective: a float32 tensor per requested size (the table's
    elements for it: alltoall's N equal blocks), its record and its Horovod call."""
    tf, hvd, size = ctx.tf, ctx.hvd, ctx.size
    out = []
    for requested in ctx.options["sizes_bytes"]:
        elements = c.sweep_elements(max(int(requested) // 4, 1), size)
        tensor = tf.ones([elements], tf.float32)
        nbytes = 4 * elements
        case = {
            "collective": c.name,
            "kind": "sweep",
            "label": f"{nbytes} B per rank",
            "bytes": nbytes,
            "logical_bytes": nbytes * c.result(size),
            "requested_bytes": int(requested),
        }
        name = f"comm.sweep.{c.name}.{nbytes}"
        out.append((case, lambda t=tensor, n=name: c.call(hvd, t, n)))
    return out


def _allreduce_cases(ctx: _Context) -> list[tuple[dict, object]]:
    """The densified embedding gradient [V, H], float32 or float16 under Horovod's fp16
    compression, as the trainer allreduces it."""
    if not ctx.asked("allreduce"):
        return []
    tf, vocab, hidden = ctx.tf, ctx.shapes["vocab"], ctx.shapes["hidden"]
    item = allreduce_item_bytes(ctx.cfg.compression)
    dtype = tf.float16 if item == 2 else tf.float32
    dense = tf.ones([vocab, hidden], dtype)
    nbytes = comm_model.logical_allreduce_bytes(vocab, hidden, item)
    case = {
        "collective": "allreduce",
        "kind": "trainer",
        "label": f"embedding gradient dense [{vocab}, {hidden}] {dtype.name}",
        "bytes": nbytes,
        "logical_bytes": nbytes,
        "shape": [vocab, hidden],
    }
    call = collectives.get("allreduce").call
    return [(case, lambda t=dense: call(ctx.hvd, t, "comm.trainer.dense"))]


def _allgather_cases(ctx: _Context) -> list[tuple[dict, object]]:
    """The embedding's IndexedSlices (values [R, H] float32, indices [R] int64), the two
    allgathers timed together as the trainer issues them."""
    if not ctx.asked("allgather"):
        return []
    import numpy as np

    tf, hvd, shapes = ctx.tf, ctx.hvd, ctx.shapes
    vocab, hidden, rows = shapes["vocab"], shapes["hidden"], shapes["rows"]
    values = tf.ones([rows, hidden], tf.float32)
    indices = tf.constant(np.arange(rows, dtype=np.int64) % vocab)
    all_rows = [int(r) for r in hvd.allgather_object(rows, name="comm.rows")]
    case = {
        "collective": "allgather",
        "kind": "trainer",
        "label": f"embedding IndexedSlices: values [R, {hidden}] f32 + indices [R] i64",
        "bytes": rows * comm_model.row_bytes(hidden),
        "logical_bytes": comm_model.logical_allgather_bytes(all_rows, hidden),
        "rows": rows,
        "rows_per_rank": all_rows,
        "rows_source": shapes["rows_source"],
        "slots": shapes["slots"],
        "trainer_allgathers": shapes["trainer_allgathers"],
    }
    call = collectives.get("allgather").call
    return [
        (
            case,
            lambda v=values, i=indices: [
                *call(hvd, v, "comm.trainer.values"),
                *call(hvd, i, "comm.trainer.indices"),
            ],
        )
    ]


def _alltoall_cases(ctx: _Context) -> list[tuple[dict, object]]:
    """sparse_reduce's exchange to the row owners: the rank's U_r unique ids packed with their
    values as [U_r, H + 2] float32, split by owner (id mod N), uneven as the trainer sends."""
    if not ctx.asked("alltoall") or ctx.unique_ids is None:
        return []
    import numpy as np

    tf, ids, hidden = ctx.tf, ctx.unique_ids, ctx.shapes["hidden"]
    splits = np.bincount(ids % ctx.size, minlength=ctx.size).astype(np.int32)
    packed = tf.ones([len(ids), hidden + 2], tf.float32)  # values, then the id's 8 bytes
    case = {
        "collective": "alltoall",
        "kind": "trainer",
        "label": f"sparse_reduce rows to owners: [U_r, {hidden} + 2] f32, id mod N",
        "bytes": len(ids) * comm_model.row_bytes(hidden),
        "logical_bytes": len(ids) * comm_model.row_bytes(hidden),
        "rows": len(ids),
        "splits": splits.tolist(),
        "rows_source": ctx.shapes["rows_source"],
    }
    owners = tf.constant(splits)
    call = collectives.get("alltoall").call
    return [
        (case, lambda t=packed, sp=owners: call(ctx.hvd, t, "comm.trainer.alltoall", splits=sp))
    ]


def _group_cases(ctx: _Context) -> list[tuple[dict, object]]:
    """A data x model mesh (with allreduce asked): the model group's allreduces (over its
    process set, as the trainer's copy/reduce operators issue them): one micro-batch's
    activations and cross-entropy terms, then the size sweep. Each record carries the group's
    ranks and the nodes they span."""
    if ctx.cfg.mesh.model <= 1 or not ctx.asked("allreduce"):
        return []
    from scalestudy.cost_models import mesh as mesh_layout
    from scalestudy.trainer import mesh as trainer_mesh

    cfg, options, shapes, hvd, tf = ctx.cfg, ctx.options, ctx.shapes, ctx.hvd, ctx.tf
    call = collectives.get(collectives.GROUP).call

    m = cfg.mesh.model
    group = trainer_mesh.ModelGroup(hvd, trainer_mesh.REGISTERED, m)
    hosts = hvd.allgather_object(socket.gethostname(), name="comm.group.hosts")
    spans = len({hosts[r] for r in group.position.model_ranks()})
    where = {"process_set": "model group", "workers": m, "nodes": spans, "ppn": 1}
    micro = max(cfg.micro_batches, 1)
    hidden = shapes["hidden"]
    slots = shapes["slots"]
    src, tgt = max(slots["src"] // micro, 1), max(slots["tgt"] // micro, 1)
    real = max(slots["real_tgt"] // micro, 1)
    shaped = [
        (f"activations [Tsrc={src}, {hidden}] f32 over the model group", [src, hidden]),
        (f"activations [Ttgt={tgt}, {hidden}] f32 over the model group", [tgt, hidden]),
        (
            f"cross entropy terms [{mesh_layout.XENT_TERMS} x Treal={real}] f32 over the group",
            [mesh_layout.XENT_TERMS * real],
        ),
    ]
    cases, runs = [], []

    def reduce(tensor, name):
        return lambda t=tensor, n=name: call(hvd, t, n, op=hvd.Sum, process_set=group.model_set)

    for k, (label, shape) in enumerate(shaped):
        elements = 1
        for d in shape:
            elements *= d
        nbytes = mesh_layout.ACTIVATION_ITEM * elements
        cases.append(
            {
                "collective": "group_allreduce",
                "kind": "trainer",
                "label": label,
                "bytes": nbytes,
                "logical_bytes": nbytes,
                "shape": shape,
                **where,
            }
        )
        runs.append(reduce(tf.ones(shape, tf.float32), f"comm.group.trainer.{k}"))
    for requested in options["sizes_bytes"]:
        elements = max(int(requested) // 4, 1)
        nbytes = 4 * elements
        cases.append(
            {
                "collective": "group_allreduce",
                "kind": "sweep",
                "label": f"{nbytes} B per rank over the model group",
                "bytes": nbytes,
                "logical_bytes": nbytes,
                "requested_bytes": int(requested),
                **where,
            }
        )
        runs.append(reduce(tf.ones([elements], tf.float32), f"comm.group.sweep.{nbytes}"))
    return list(zip(cases, runs, strict=True))


# the trainer's exact shapes per collective (cost_models/collectives.py names them), in the order
# comm.json lists them; a collective without an entry here is timed on the size sweep alone
TRAINER_CASES = {
    "allreduce": _allreduce_cases,
    "allgather": _allgather_cases,
    "alltoall": _alltoall_cases,
    collectives.GROUP: _group_cases,
}


def oversubscribed(placement: list[tuple[str, list[int]]]) -> dict[str, dict]:
    """Physical hosts running more ranks than the CPUs those ranks may use, from every rank's
    (hostname, CPU affinity): there the ranks time-share cores while MPI busy-polls, so a
    collective's time measures the sharing, not the network (emulated nodes on one host, a ppn
    above the core count, or ranks pinned onto the same core)."""
    hosts: dict[str, dict] = {}
    for host, cpus in placement:
        h = hosts.setdefault(host, {"ranks": 0, "cpus": set()})
        h["ranks"] += 1
        h["cpus"] |= set(cpus)
    return {
        host: {"ranks": h["ranks"], "cpus": sorted(h["cpus"])}
        for host, h in hosts.items()
        if h["ranks"] > len(h["cpus"])
    }


def header(cfg: PointConfig, options: dict, hvd, tf) -> dict:
    from scalestudy.trainer import runtime

    hosts = hvd.allgather_object(
        (
            socket.gethostname(),
            os.environ.get("SLURMD_NODENAME"),
            sorted(os.sched_getaffinity(0)),
        ),
        name="comm.hosts",
    )
    library = runtime.mpi_library_version() if hvd.mpi_enabled() else None
    return {
        "schema": SCHEMA,
        "size": hvd.size(),
        "local_size": hvd.local_size(),
        "cross_size": hvd.cross_size(),
        "hosts": [h for h, _, _ in hosts],
        "slurm_nodes": [n for _, n, _ in hosts],
        "oversubscribed_hosts": oversubscribed([(h, c) for h, _, c in hosts]),
        "slurm_job_num_nodes": os.environ.get("SLURM_JOB_NUM_NODES"),
        "options": options,
        "model": cfg.model.resolved(),
        "accumulation": cfg.accumulation,
        "sparse_as_dense": cfg.sparse_as_dense,
        "tensorflow": tf.__version__,
        "horovod": runtime._hvd_version(),
        "cpu_operations": os.environ.get("HOROVOD_CPU_OPERATIONS")
        or ("MPI" if hvd.mpi_enabled() else "GLOO"),
        "mpi_library": library,
        # each rank's own: a node whose modules load another MPI shows here (issue #46)
        "mpi_library_per_rank": hvd.allgather_object(library, name="comm.mpi_library"),
        "fusion_threshold": os.environ.get("HOROVOD_FUSION_THRESHOLD"),
        "cycle_time_ms": os.environ.get("HOROVOD_CYCLE_TIME"),
        "git": runtime.git_state(),
    }


def run(cfg: PointConfig, options: dict) -> int:
    from scalestudy.trainer import runtime

    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    try:
        import tensorflow as tf

        tf.config.threading.set_intra_op_parallelism_threads(cfg.intra_op_threads)
        tf.config.threading.set_inter_op_parallelism_threads(cfg.inter_op_threads)
        # the trainer's Horovod settings, and a mesh's process sets given to hvd.init
        hvd = runtime.init_horovod(cfg)
        try:
            runtime.check_world(hvd, cfg.expect_ranks, cfg.expect_ranks_per_node)
        except runtime.LaunchMismatch as exc:
            print(f"scalestudy.workloads.comm: launcher mismatch: {exc}", file=sys.stderr)
            return step_log.EXIT_LAUNCH_MISMATCH
        started = time.time()
        head = header(cfg, options, hvd, tf)
        result = measure(cfg, options, hvd, tf)
        if hvd.rank() == 0:
            log_dir = Path(cfg.log_dir)
            log_dir.mkdir(parents=True, exist_ok=True)
            doc = {
                **head,
                "started_at": started,
                "ended_at": time.time(),
                **result,
            }
            write_atomic(log_dir / RESULT_FILE, json.dumps(doc, indent=1))
            for r in result["records"]:
                print(
                    f"comm: {r['collective']:9s} {r['kind']:7s} {r['bytes']:>12,d} B/rank  "
                    f"median {r['median_s'] * 1e3:9.3f} ms  "
                    f"[p10 {r['p10_s'] * 1e3:.3f}, p90 {r['p90_s'] * 1e3:.3f}]",
                    flush=True,
                )
        return step_log.EXIT_COMPLETED
    except Exception:
        print(traceback.format_exc(), file=sys.stderr, flush=True)
        return step_log.EXIT_FAILED


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scalestudy.workloads.comm", description=__doc__
    )
    parser.add_argument("--config", required=True, help="point.json written by the harness")
    args = parser.parse_args(argv)
    try:
        cfg, options = load_config(args.config)
    except CommConfigError as exc:
        print(f"scalestudy.workloads.comm: bad configuration:\n{exc}", file=sys.stderr)
        return step_log.EXIT_CONFIG
    return run(cfg, options)


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    if code == step_log.EXIT_FAILED:
        os._exit(code)  # as the trainer: do not wait in Horovod's shutdown for the other ranks
    sys.exit(code)
