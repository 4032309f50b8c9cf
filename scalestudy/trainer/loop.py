"""One rank's training run: build, restore-or-broadcast, the timed loop, the footer.

The step itself is `scalestudy.trainer.step`: overlapped (Horovod's collectives inside the
compiled step, the default) or phases (compute, densify, comm and apply timed apart, for
diagnosis). The next batch is drawn on a helper thread while the step runs (TensorFlow releases
the GIL while it computes), so data preparation is not on the step's critical path.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from scalestudy.cost_models import flops, strategies
from scalestudy.cost_models import mesh as mesh_layout
from scalestudy.formats import step_log
from scalestudy.formats.point_config import PointConfig
from scalestudy.trainer import mlperf_log, runtime, schedule
from scalestudy.trainer import timeline as hvd_timeline
from scalestudy.trainer.data import (
    WorkerBatches,
    load_text_pairs,
    rank_batches,
    split_rows,
    train_spm,
)
from scalestudy.trainer.divergence import DivergenceDetector
from scalestudy.trainer.steplog_writer import StepLogWriter, memory_parts, rss_bytes

pc = time.perf_counter


class InjectedFailure(RuntimeError):
    pass


def _quantiles(values: list[float] | np.ndarray) -> dict:
    a = np.asarray(values, dtype=float)
    if a.size == 0:
        return {}
    q = np.percentile(a, [0, 10, 50, 90, 100])
    return {"min": q[0], "p10": q[1], "median": q[2], "p90": q[3], "max": q[4], "n": int(a.size)}


def _affinity_warnings(hvd, env: dict) -> list[str]:
    peers = hvd.allgather_object((env["host"], env["rank"], env["affinity"]))
    warnings = []
    for i, (host_a, rank_a, cpus_a) in enumerate(peers):
        for host_b, rank_b, cpus_b in peers[i + 1 :]:
            shared = set(cpus_a) & set(cpus_b)
            if host_a == host_b and shared:
                warnings.append(
                    f"ranks {rank_a} and {rank_b} on {host_a} share CPUs "
                    f"{sorted(shared)[:8]}{'...' if len(shared) > 8 else ''}"
                )
    return warnings


def _text_pairs(cfg: PointConfig, hvd, vocab: int):
    model_path = cfg.data.spm_model
    if model_path is None:
        out = Path(cfg.data.spm_dir or Path(cfg.log_dir) / "spm")
        if hvd.rank() == 0:
            model_path = train_spm(cfg, vocab, out)
        model_path = hvd.broadcast_object(model_path, root_rank=0)
    shard = (hvd.rank(), hvd.size()) if cfg.mode == "weak" else None
    return load_text_pairs(cfg, vocab, shard, model_path)


# Horovod's knobs that shape the overlapped exchange, logged with the values in force.
HOROVOD_KNOBS = {
    "HOROVOD_FUSION_THRESHOLD": "67108864 (64 MiB, Horovod's default)",
    "HOROVOD_CYCLE_TIME": "1 ms (Horovod's default)",
    "HOROVOD_CACHE_CAPACITY": "1024 (Horovod's default)",
    "HOROVOD_HIERARCHICAL_ALLREDUCE": "0 (Horovod's default)",
    "HOROVOD_HIERARCHICAL_ALLGATHER": "0 (Horovod's default)",
    "HOROVOD_TIMELINE": "unset (no timeline; trainer key timeline: true sets DYNAMIC)",
    "HOROVOD_AUTOTUNE": "0 (Horovod's default)",
}


def horovod_settings() -> dict:
    return {k: os.environ.get(k, default) for k, default in HOROVOD_KNOBS.items()}


def _restore(ckpt, hvd, rank: int) -> int:
    """Restore the newest checkpoint (rank 0's, broadcast later; per rank: the newest step
    every rank keeps) and return the first step to run."""
    if not ckpt.per_rank:
        start_step = 1
        if rank == 0 and (latest := ckpt.latest()) is not None:
            ckpt.restore(latest[1])
            start_step = latest[0] + 1
        return int(hvd.broadcast_object(start_step, root_rank=0))
    latest = ckpt.latest()
    step = min(hvd.allgather_object(latest[0] if latest else 0))
    if step == 0:
        return 1
    path = ckpt.at(step)
    if path is None:
        raise RuntimeError(
            f"rank {rank} no longer keeps step {step}'s checkpoint, the newest step every rank "
            f"has (in {ckpt.dir}): the ranks' checkpoints cannot be resumed together"
        )
    ckpt.restore(path)
    return step + 1


@dataclass
class Run:
    """What set-up builds and the loop and the finish use."""

    cfg: PointConfig
    tf: Any
    hvd: Any
    log: StepLogWriter
    rank: int
    size: int
    hidden: int
    spec: dict  # the resolved model (cost_models/flops.py counts its FLOPs)
    batches: WorkerBatches
    model: Any
    ckpt: Any
    stop: Any
    train_step: Any
    start_step: int
    peak: float
    global_batch: int
    init_start: float
    warnings: list[str]


@dataclass
class Outcome:
    """What the loop measured."""

    status: str = "completed"
    reason: str = ""
    step: int = 0
    first_timed: int = 0
    window_start: float | None = None
    excluded: float = 0.0
    timed: list[dict] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)  # the MLLOG view (written after the run)
    spans: list[tuple[int, float, float]] = field(default_factory=list)  # for the timeline
    clock: Any = None
    last: tuple | None = None  # the last step's (micro-batches, scale): the compute probe's
    run_start: float = 0.0
    window_start_unix: float | None = None
    window_end: float | None = None  # perf_counter at the last timed step's recorded end
    excluded_at_end: float = 0.0  # the exclusions inside the window (before that end)
    pending: float = 0.0  # excluded since the last step ended: the next record carries it

    def exclude(self, clock, pause) -> None:
        """Run `pause` (a flush, a checkpoint) and leave its time out of the timed window."""
        t = clock()
        pause()
        if self.window_start is not None:
            spent = clock() - t
            self.excluded += spent
            self.pending += spent


def train(cfg: PointConfig, tf, hvd, log: StepLogWriter) -> int:
    run = set_up(cfg, tf, hvd, log)
    outcome = loop(run)
    return finish(run, outcome)


def _notes(cfg: PointConfig, strategy: strategies.Strategy, tied: bool, size: int) -> list[str]:
    notes = []
    if strategies.dense_anyway(cfg.accumulation, tied):
        notes.append(
            "accumulation native with tied embeddings: TF 2.15 sums the dense "
            "pre-softmax gradient and the input gathers into one dense tensor, so "
            "sparse_as_dense (and exchange) change nothing"
        )
    if cfg.timing == "overlapped":
        notes.append(
            "timing overlapped: collectives run inside the compiled step, overlapped with the "
            "backward pass; only whole steps are timed. A step the divergence check flags has "
            "already been applied (the loss is known after the step); the run stops there"
        )
        if cfg.compute_probe_steps:
            notes.append(
                f"compute probe: after the last step, {cfg.compute_probe_steps} forward + "
                "backward passes of the last batch without exchange or update are timed "
                "(timing.compute_only_s), outside the timed window"
            )
    if cfg.timeline:
        notes.append(
            "timeline on: Horovod writes a trace of the timed steps (horovod-timeline.json), "
            "which costs its background thread time: a diagnosis, not a production timing"
        )
    if size == 1:
        notes.append(
            "one rank: the gradients' allreduces and IndexedSlices allgathers are not called "
            "(Horovod's own DistributedOptimizer and DistributedGradientTape skip them at size "
            "1; alltoalls of the strategies that use them still run); the bytes are those a "
            "collective over one rank returns"
        )
    if cfg.timing == "phases":
        notes.append(
            "timing phases: compute, densify, comm and apply run one after the other, each "
            "ending on the host; every byte of communication is exposed, so steps are slower "
            "than Horovod's overlapped training (diagnosis, not production timing)"
        )
        if strategy.phases_note:
            notes.append(strategy.phases_note)
    notes.append(
        "grad_norm: the global L2 norm of the averaged gradients the optimizer receives "
        "(duplicate ids of an IndexedSlices summed first; a shard's share summed over ranks)"
    )
    return notes


def set_up(cfg: PointConfig, tf, hvd, log: StepLogWriter) -> Run:
    """Data, model, optimizer, checkpoint (restored or broadcast), the exchange and the step;
    writes the header."""
    from scalestudy.trainer import exchanges
    from scalestudy.trainer.checkpoint import StopRequest
    from scalestudy.trainer.optimizer import transformer_adam
    from scalestudy.trainer.step import make_step

    init_start = time.time()
    rank, size = hvd.rank(), hvd.size()
    spec = cfg.model.resolved()
    strategy = strategies.get(cfg.exchange)
    stop = StopRequest()
    env = runtime.environment_header(tf, hvd, cfg)

    group, batches = _inputs(cfg, hvd, rank, size, int(spec["vocab"]))
    model, sharded = _model(cfg, hvd, spec, strategy, group, batches, rank)
    variables = model.trainable_variables
    optimizer = transformer_adam()
    optimizer.build(variables)
    ckpt, start_step = _restored(cfg, hvd, rank, model, optimizer, sharded, group)
    global_batch = cfg.tokens_per_worker * size if cfg.mode == "weak" else cfg.global_batch_tokens
    peak = schedule.scaled_peak(
        cfg.learning_rate, cfg.lr_scaling, global_batch, cfg.lr_reference_batch_tokens
    )
    _header(log, cfg, start_step, spec, model, strategy, peak, global_batch, size, env)
    exchange = exchanges.build(
        hvd,
        variables,
        model.embedding,
        cfg.exchange,
        cfg.compression,
        group,
        model.split_variables(),
    )
    return Run(
        cfg=cfg,
        tf=tf,
        hvd=hvd,
        log=log,
        rank=rank,
        size=size,
        hidden=int(spec["hidden"]),
        spec=spec,
        batches=batches,
        model=model,
        ckpt=ckpt,
        stop=stop,
        train_step=make_step(
            cfg.timing,
            model,
            optimizer,
            exchange,
            cfg.micro_batch_order,
            dumps_gradients=cfg.dump_gradients_step is not None,
        ),
        start_step=start_step,
        peak=peak,
        global_batch=global_batch,
        init_start=init_start,
        warnings=_affinity_warnings(hvd, env),
    )


def _inputs(cfg: PointConfig, hvd, rank: int, size: int, vocab: int):
    """The model group of a mesh (None without one) and this rank's batches (a mesh: its model
    group's)."""
    from scalestudy.trainer import mesh

    group = mesh.ModelGroup(hvd, mesh.REGISTERED, cfg.mesh.model) if cfg.mesh.model > 1 else None
    text_pairs = _text_pairs(cfg, hvd, vocab) if cfg.data.kind == "text" else None
    return group, rank_batches(cfg, rank, size, text_pairs)


def _model(cfg: PointConfig, hvd, spec: dict, strategy, group, batches: WorkerBatches, rank: int):
    """The Transformer, its variables built on a first batch, and the exchange's sharded lookup
    (None when the embedding is whole on every rank)."""
    from scalestudy.trainer import exchanges
    from scalestudy.trainer.model import Transformer

    # Dropout draws differ per rank, as independent workers' would (in a mesh: per model
    # group, whose ranks must drop the same replicated activations; split ones per rank).
    sharded = exchanges.class_of(strategy.name).embedding_lookup(hvd, int(spec["hidden"]))
    replica = rank if group is None else group.position.group
    model = Transformer(
        spec,
        cfg.accumulation,
        seed=cfg.seed * 65_537 + replica,
        table_seed=cfg.seed,
        sharded=sharded,
        group=group,
        split_seed=cfg.seed * 65_537 + 32_768 + rank,
    )
    first, _ = batches.batch(1)
    model((first.src[:1], first.tgt[:1]))  # builds the variables
    return model, sharded


def _restored(cfg: PointConfig, hvd, rank: int, model, optimizer, sharded, group):
    """The checkpointer and the first step to run: a checkpoint restored, or rank 0's initial
    state broadcast."""
    from scalestudy.trainer.checkpoint import Checkpointer, optimizer_variables

    ckpt = Checkpointer(
        cfg.checkpoint_dir or str(Path(cfg.log_dir) / "checkpoints"),
        model,
        optimizer,
        rank,
        per_rank=sharded is not None or group is not None,
    )
    start_step = _restore(ckpt, hvd, rank)
    # The initial (or restored) state of rank 0 becomes every rank's; a shard (and its Adam
    # moments) is each rank's own. A mesh's split weights were drawn whole from the same seed
    # on every rank and sliced, so they start as one model's.
    own = [v.name.split(":")[0] for v in model.split_variables()]
    replicated = [
        v
        for v in model.variables + optimizer_variables(optimizer)
        if (sharded is None or not sharded.holds(v)) and not any(name in v.name for name in own)
    ]
    _broadcast_from_rank_0(hvd, replicated)
    return ckpt, start_step


def _broadcast_from_rank_0(hvd, variables: list) -> None:
    """Rank 0's values into every rank's `variables`: one Horovod broadcast per dtype of them
    all flattened together, run eagerly. Horovod's broadcast_variables traces a function of one
    broadcast per variable first, about 1 CPU s a rank for the tiny model (issue #43: paid by
    every run), for a state exchanged once, outside the timed steps. On one rank: nothing to do."""
    if hvd.size() == 1:
        return
    import tensorflow as tf

    by_dtype: dict = {}
    for v in variables:
        by_dtype.setdefault(v.dtype, []).append(v)
    for dtype, group in by_dtype.items():
        flat = tf.concat([tf.reshape(v, [-1]) for v in group], axis=0)
        got = hvd.broadcast(flat, root_rank=0, name=f"initial_state_{dtype.name}")
        offset = 0
        for v in group:
            n = v.shape.num_elements()
            v.assign(tf.reshape(got[offset : offset + n], v.shape))
            offset += n


def _precision(cfg: PointConfig) -> dict:
    """The header's precision block."""
    return {
        "mode": cfg.precision,
        "compute_dtype": "bfloat16" if cfg.precision == "bf16" else "float32",
        "weights_dtype": "float32",
        "optimizer_and_loss_dtype": "float32",
        "logits": "pre-softmax projection in the compute dtype, cast to float32 for the loss",
        # Horovod's compression: the dtype allreduced gradients travel in (IndexedSlices
        # rows, allgathered or sent by alltoall, stay float32, as Horovod leaves them)
        "compression": cfg.compression,
        "allreduced_dtype": "float16" if cfg.compression == "fp16" else "float32",
    }


def _header(log, cfg, start_step, spec, model, strategy, peak, global_batch, size, env) -> None:
    """The step log's header: the configuration, the model, the schedule, the exchange."""
    from scalestudy.trainer.model import parameter_count

    log.header(
        start_step,
        config=cfg.model_dump(mode="json"),
        model={**spec, "parameters": parameter_count(model)},
        schedule={
            "peak_lr": peak,
            "multiplier_c": schedule.multiplier_for_peak(
                peak, int(spec["hidden"]), cfg.lr_warmup_steps
            ),
            "warmup": cfg.lr_warmup_steps,
            "global_batch_tokens": global_batch,
        },
        timing_mode=cfg.timing,
        precision=_precision(cfg),
        horovod_settings=horovod_settings(),
        exchange={"strategy": strategy.name, "summary": strategy.summary},
        wire_model="ring allreduce (dense, fused); "
        f"{strategy.name}: {strategy.wire_model}; Horovod negotiation not included",
        notes=_notes(cfg, strategy, model.tied, size),
        **env,
    )


def _barrier(run: Run) -> None:
    run.hvd.allreduce(run.tf.zeros([1]), op=run.hvd.Sum, name="scalestudy_barrier").numpy()


def loop(run: Run) -> Outcome:
    """The steps: timed window, step log, divergence, checkpoints, signals."""
    cfg = run.cfg
    detector = DivergenceDetector(cfg.divergence, cfg.lr_warmup_steps)
    out = Outcome(step=run.start_step - 1, first_timed=run.start_step + cfg.timing_warmup_steps)
    timeline_path = Path(cfg.log_dir) / "horovod-timeline.json"
    prefetch = ThreadPoolExecutor(max_workers=1, thread_name_prefix="batches")
    upcoming = prefetch.submit(_draw, run, run.start_step)
    out.run_start = time.time()

    for step in range(run.start_step, cfg.steps + 1):
        out.step = step
        if step == out.first_timed:
            _barrier(run)
            if cfg.timeline:
                out.clock = hvd_timeline.start(run.hvd, timeline_path)
        # the step's start on two clocks: perf_counter times the window, the Unix time goes
        # in the record, so the window can be recomputed from the records alone (collect)
        t_data, wall_start = pc(), time.time()
        if step == out.first_timed:
            out.window_start, out.window_start_unix = t_data, wall_start
        batch, scale, micro = upcoming.result()
        if step < cfg.steps:
            upcoming = prefetch.submit(_draw, run, step + 1)
        t0 = pc()
        _inject_failure(cfg, run.rank, step)
        lr = schedule.learning_rate(step, run.peak, run.hidden, cfg.lr_warmup_steps)
        result = run.train_step(
            micro,
            scale,
            lr,
            run.stop.requested,
            gate=lambda agreed, step=step: not detector.update(step, float(agreed[0]) / run.size),
            dump=step == cfg.dump_gradients_step,
        )
        t1 = pc()
        if result.gradients is not None:
            _dump_gradients(run, step, result.gradients)
        out.last = (micro, scale)
        rec = _step_record(run, step, (t_data, t0, t1), lr, batch, micro, result, detector)
        _close_record(out, rec, wall_start)
        run.log.step(rec)
        if cfg.inject_stall and cfg.inject_stall.step == step:
            time.sleep(cfg.inject_stall.seconds)  # test hook: a stall no step record holds
        _remember(out, rec, step, t0, t1)
        if _stopped(run, out, rec, result, detector, step):
            break
        _pause(run, out, step)
    # the window closed at the last timed step's end (above): the compute probe, the
    # timeline's stop and the weights dump come after it (finish)
    prefetch.shutdown(wait=False, cancel_futures=True)
    return out


def _draw(run: Run, step: int):
    """Step `step`'s batch, its loss scale and its micro-batches (on the prefetch thread)."""
    batch, scale = run.batches.batch(step)
    micro = split_rows(batch, run.cfg.micro_batches) if run.cfg.micro_batches > 1 else [batch]
    return batch, scale, micro


def _inject_failure(cfg: PointConfig, rank: int, step: int) -> None:
    """The test hook: fail on the configured rank at the configured step."""
    if cfg.inject_failure and (cfg.inject_failure.rank, cfg.inject_failure.step) == (rank, step):
        raise InjectedFailure(f"injected failure on rank {rank} at step {step}")


def _close_record(out: Outcome, rec: dict, wall_start: float) -> None:
    """The record's window fields: whether it is timed, the exclusions before it, its start and
    end; a timed step moves the window's end to its own."""
    rec["timed"] = out.window_start is not None
    # flushes and checkpoints since the previous step ended: inside the window, not timed
    rec["excluded_before_s"], out.pending = out.pending, 0.0
    # the step's end on this rank, its record made (the window closes at the last one's)
    rec["t_start"], rec["t_end"] = wall_start, time.time()
    if rec["timed"]:
        # the window ends with this step on both clocks (read together, so the footer and
        # the records describe one interval): what comes after the last timed step's
        # record (its write, a preemption on a busy host, the probe) is outside it
        out.window_end, out.excluded_at_end = pc(), out.excluded


def _remember(out: Outcome, rec: dict, step: int, t0: float, t1: float) -> None:
    """The step in the MLLOG view, and a timed step in the footer's records and the timeline."""
    out.events.append({k: rec[k] for k in ("step", "t", "step_s", "timed", "loss")})
    out.events[-1]["tokens"] = {"total": rec["tokens"]["total"]}
    if rec["timed"]:
        out.timed.append(rec)
        out.spans.append((step, t0, t1))


def _stopped(run: Run, out: Outcome, rec: dict, result, detector, step: int) -> bool:
    """Whether the run stops after this step: diverged, or a signal asked (then checkpointed)."""
    if rec["diverged"]:
        out.status, out.reason = "diverged", detector.reason
        return True
    if result.agreed[1] > 0:
        out.exclude(pc, lambda s=step: (run.log.flush(), run.ckpt.save(s), _barrier(run)))
        out.status = "interrupted"
        out.reason = f"stop requested by a signal; checkpoint at {step}"
        return True
    return False


def _pause(run: Run, out: Outcome, step: int) -> None:
    """A checkpoint when one is due (not after the last step), else a log flush when one is;
    either is left out of the timed window."""
    cfg = run.cfg
    if cfg.checkpoint_every and step % cfg.checkpoint_every == 0 and step < cfg.steps:
        out.exclude(pc, lambda s=step: (run.log.flush(), run.ckpt.save(s), _barrier(run)))
    elif step % cfg.log_flush_every == 0:
        out.exclude(pc, lambda: (run.log.flush(), _barrier(run)))


def _dump_gradients(run: Run, step: int, grads: list) -> None:
    """The averaged gradients of `step` as dense arrays (an IndexedSlices' duplicate ids
    summed; a shard's over its own rows), named as the weights dump names the variables."""
    out = {}
    for i, (v, g) in enumerate(zip(run.model.trainable_variables, grads, strict=True)):
        if isinstance(g, run.tf.IndexedSlices):
            dense = np.zeros(v.shape, np.float64)
            np.add.at(dense, np.asarray(g.indices), np.asarray(g.values, np.float64))
        else:
            dense = np.asarray(g, np.float64)
        out[f"{i:03d}_{v.name}"] = dense
    np.savez(Path(run.cfg.log_dir) / f"grads.rank{run.rank}.step{step}.npz", **out)


def _step_record(run: Run, step, times, lr, batch, micro, result, detector) -> dict:
    """One step's record: its times, its batch, its training figures, the exchange's fields
    (the strategy's declared counters among them), memory, a mesh's allreduces."""
    t_data, t0, t1 = times
    rss, peak_rss = rss_bytes()
    return {
        "step": step,
        "t": time.time(),
        "timed": False,
        "step_s": t1 - t0,
        "data_s": t0 - t_data,
        **result.phases,
        **_batch_fields(run, batch, micro),
        **_training_fields(run, lr, result, detector),
        **result.volume.step_fields(),
        "rss": rss,
        "peak_rss": peak_rss,
        **_mesh_record(run, result),
    }


def _batch_fields(run: Run, batch, micro: list) -> dict:
    """The step's batch: sentences, tokens, the padded slots computed, the matmul FLOPs."""
    return {
        "sentences": batch.sentences,
        "micro_batches": len(micro),
        "tokens": {
            "src": batch.src_tokens,
            "tgt": batch.tgt_tokens,
            "total": batch.src_tokens + batch.tgt_tokens,
        },
        # padded slots actually computed (micro-batches are each padded to their own max)
        "slots": {
            "src": sum(m.src_slots for m in micro),
            "tgt": sum(m.tgt_slots for m in micro),
        },
        # the matmul FLOPs this rank computed (cost_models/flops.py: a mesh rank's M-th)
        "model_flops": flops.micro_batches(
            run.spec,
            [
                flops.BatchShape(m.sentences, m.src.shape[1], m.tgt.shape[1], m.tgt_tokens)
                for m in micro
            ],
            run.cfg.mesh.model,
        ),
    }


def _training_fields(run: Run, lr: float, result, detector) -> dict:
    """The step's loss (every rank's mean and this rank's), gradient norm, applied rate."""
    return {
        "loss": float(result.agreed[0]) / run.size,
        "loss_local": result.loss_local,
        "grad_norm": result.grad_norm,
        "lr": lr if result.applied else None,
        "applied": result.applied,
        "diverged": detector.diverged,
    }


def _mesh_record(run: Run, result) -> dict:
    """A mesh's model-parallel allreduces this step, counted from the tensors handed to
    Horovod (cost_models/mesh.py has the formula they follow)."""
    m = run.cfg.mesh.model
    if m == 1:
        return {}
    count, elements = result.mesh
    logical = mesh_layout.ACTIVATION_ITEM * elements
    return {
        "mesh": {
            "model": m,
            "allreduces": count,
            "elements": elements,
            "logical_bytes": logical,
            "wire_sent_model": mesh_layout.ring_wire(logical, m),
        }
    }


EXIT_CODES = {
    "completed": step_log.EXIT_COMPLETED,
    "diverged": step_log.EXIT_DIVERGED,
    "interrupted": step_log.EXIT_INTERRUPTED,
}


def finish(run: Run, out: Outcome) -> int:
    """The compute probe, the timeline's summary, the final weights, the MLLOG view and the
    footer; returns the exit code."""
    cfg = run.cfg
    compute_only = _compute_probe(run, out)
    timeline = _timeline_summary(run, out)
    if cfg.dump_final_weights:
        np.savez(
            Path(cfg.log_dir) / f"weights.rank{run.rank}.npz",
            **{f"{i:03d}_{v.name}": v.numpy() for i, v in enumerate(run.model.variables)},
        )
    timing = _timing_summary(run.tf, run.hvd, out, cfg.mesh.model) if out.timed else {}
    if compute_only:
        timing.update(_probe_summary(run, compute_only, timing))
    warnings = run.warnings
    if run.rank == 0:
        _write_mllog(run, out, warnings)
    code = EXIT_CODES[out.status]
    run.log.footer(
        status=out.status,
        exit_code=code,
        reason=out.reason,
        last_step=out.step,
        timing=timing,
        warnings=warnings,
        memory=memory_parts(run.tf),
        **({"timeline": timeline} if timeline is not None else {}),
    )
    return code


def _compute_probe(run: Run, out: Outcome) -> list[float]:
    """Overlapped timing, a completed run: the last batch's forward + backward passes without
    exchange or update, each started together on every rank (none otherwise)."""
    cfg, passes = run.cfg, []
    probe = cfg.timing == "overlapped" and cfg.compute_probe_steps and out.last
    if probe and out.timed and out.status == "completed":
        micro, scale = out.last
        for _ in range(cfg.compute_probe_steps):
            # the ranks pass together, as they step (measured on a quiet machine, the
            # quickstart's 2-rank probe was 0.81-0.90 of its step with or without this)
            _barrier(run)
            passes.append(run.train_step.compute_only(micro, scale))
    return passes


def _timeline_summary(run: Run, out: Outcome) -> dict | None:
    """Horovod's timeline stopped (every rank) and summarised per timed step (rank 0); None
    when it was not on, or on the other ranks."""
    if out.clock is None:
        return None
    hvd_timeline.stop(run.hvd)
    _barrier(run)
    if run.rank != 0:
        return None
    time.sleep(1.0)  # Horovod's writer thread flushes behind the stop
    timeline = hvd_timeline.summarise(
        Path(run.cfg.log_dir) / "horovod-timeline.json", out.clock, out.spans
    )
    exposed = [s["exposed_comm_s"] for s in timeline.get("per_step", []) if "exposed_comm_s" in s]
    timeline["exposed_comm_s"] = _quantiles(exposed)
    return timeline


def _write_mllog(run: Run, out: Outcome, warnings: list[str]) -> None:
    """The MLLOG view of the step log (rank 0); its failure is a warning, not the run's."""
    cfg = run.cfg
    try:
        mlperf_log.write(
            cfg.log_dir,
            run_start=out.run_start,
            init_start=run.init_start,
            global_batch_tokens=run.global_batch,
            peak_lr=run.peak,
            seed=cfg.seed,
            first_timed_step=out.first_timed if out.timed else None,
            steps=out.events,
            status=out.status,
        )
    except Exception as exc:  # a view of the step log: its loss must not fail the run
        warnings.append(f"logs/{mlperf_log.MLLOG_FILE} not written: {type(exc).__name__}: {exc}")


def _probe_summary(run: Run, passes: list[float], timing: dict) -> dict:
    """The compute probe's passes (the first traces and compiles: only the later ones time
    the passes), this rank's and each pass's slowest rank's, and whether they can be a part
    of the step: forward + backward without the exchange cannot take longer than the whole
    step, so a probe that does has measured something else (load after the run, another
    compiled graph) and is marked unusable."""
    timed = passes[1:] or passes
    every = run.hvd.allgather(
        run.tf.constant([timed], run.tf.float64), name="compute_probe"
    ).numpy()
    slowest = _quantiles(every.max(axis=0))
    step = (timing.get("step_s_max_over_ranks") or {}).get("median")
    usable = bool(step is None or slowest["median"] <= step)  # a JSON true/false, not numpy's
    return {
        "compute_only_s": _quantiles(timed),
        "compute_only_s_max_over_ranks": slowest,
        "compute_probe": {
            "usable": usable,
            "reason": ""
            if usable
            else f"the probe's median pass ({slowest['median'] * 1e3:.1f} ms, slowest rank) is "
            f"longer than the whole step's median ({step * 1e3:.1f} ms) it is a part of",
        },
    }


SIDES = ("src", "tgt", "total", "slots")  # the footer's token counts, in _global_tokens' order


def _timing_summary(tf, hvd, out: Outcome, model_ranks: int = 1) -> dict:
    """The timed window's global figures: from the first timed step's start to the recorded
    end of the last (Outcome.window_end), less the flushes and checkpoints inside it, the slowest
    rank's. In a mesh the M ranks of a model group train on one batch: each counts an M-th
    of it, so the global tokens are every group's once."""
    timed = out.timed
    window_local = out.window_end - out.window_start - out.excluded_at_end
    # the collectives, in this order on every rank
    window = float(
        hvd.allreduce(tf.constant(window_local, tf.float64), op=hvd.Max, name="window").numpy()
    )
    totals = _global_tokens(tf, hvd, timed, model_ranks)
    all_flops = _global_flops(tf, hvd, timed)
    step_max = _slowest_steps(tf, hvd, timed)
    return {
        "timed_steps": len(timed),
        "window_s": window,
        # this rank's window and where it lies in Unix time: collect checks them against the
        # step records (t_start, t_end, excluded_before_s) and the job's own wall time
        "this_rank_window": {
            "window_s": window_local,
            "start_unix": out.window_start_unix,
            "excluded_s": out.excluded_at_end,
        },
        "global_tokens": {side: totals[i] for i, side in enumerate(SIDES)},
        "throughput_tokens_per_s": {side: totals[i] / window for i, side in enumerate(SIDES)},
        "model_flops_per_s_per_rank": all_flops / hvd.size() / window,
        "step_s_max_over_ranks": _quantiles(step_max),
        "this_rank": {
            k: _quantiles([r[k] for r in timed])
            for k in ("step_s", "data_s", "compute_s", "densify_s", "comm_s", "apply_s")
            if k in timed[0]
        },
    }


def _global_tokens(tf, hvd, timed: list[dict], model_ranks: int) -> np.ndarray:
    """Every rank's timed source, target, total tokens and padded slots, summed (SIDES)."""
    counts = np.array(
        [
            [
                r["tokens"]["src"],
                r["tokens"]["tgt"],
                r["tokens"]["total"],
                r["slots"]["src"] + r["slots"]["tgt"],
            ]
            for r in timed
        ],
        dtype=np.float64,
    )
    share = counts.sum(axis=0) / model_ranks
    return hvd.allreduce(tf.constant(share), op=hvd.Sum, name="tokens").numpy()


def _global_flops(tf, hvd, timed: list[dict]) -> float:
    """Every rank's own timed FLOPs (a mesh rank computed its M-th), summed."""
    done = np.array([sum(r.get("model_flops", 0.0) for r in timed)], np.float64)
    return float(hvd.allreduce(tf.constant(done), op=hvd.Sum, name="flops").numpy()[0])


def _slowest_steps(tf, hvd, timed: list[dict]) -> np.ndarray:
    """Each timed step's duration on its slowest rank (a step lasts as long as that)."""
    per_rank_steps = hvd.allgather(
        tf.constant([[r["step_s"] for r in timed]], tf.float64), name="step_times"
    )
    return per_rank_steps.numpy().max(axis=0)


def run(cfg: PointConfig) -> int:
    """Set up, train, and contain failures: any exception ends this rank at once with a
    non-zero code (the launcher then ends the others) instead of hanging in a collective."""
    log = None
    try:
        tf = runtime.configure_tensorflow(cfg)
        hvd = runtime.init_horovod(cfg)
        log = StepLogWriter(cfg.log_dir, hvd.rank())
        try:
            runtime.check_world(hvd, cfg.expect_ranks, cfg.expect_ranks_per_node)
        except runtime.LaunchMismatch as exc:
            log.header(0, config=cfg.model_dump(mode="json"), rank=hvd.rank(), size=hvd.size())
            log.footer(status="failed", exit_code=step_log.EXIT_LAUNCH_MISMATCH, reason=str(exc))
            print(f"scalestudy.trainer: launcher mismatch: {exc}", file=sys.stderr, flush=True)
            return step_log.EXIT_LAUNCH_MISMATCH
        return train(cfg, tf, hvd, log)
    except Exception as exc:
        text = traceback.format_exc()
        print(text, flush=True)
        # an allocation that failed (a memory limit: ulimit, or the node's memory) is its own
        # state, so a sweep shows which points did not fit rather than a generic failure
        oom = isinstance(exc, MemoryError) or type(exc).__name__ == "ResourceExhaustedError"
        code = step_log.EXIT_OUT_OF_MEMORY if oom else step_log.EXIT_FAILED
        if log is not None:
            with contextlib.suppress(Exception):
                log.footer(
                    status=step_log.STATUS_BY_EXIT[code],
                    exit_code=code,
                    reason=f"{type(exc).__name__}: {str(exc)[:2000]}",
                    traceback=text,
                    t=time.time(),
                )
        return code
