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
from pathlib import Path

import numpy as np

from scalestudy.contract import step_log
from scalestudy.contract.point_config import PointConfig, is_sparse
from scalestudy.trainer import mlperf_log, runtime, schedule
from scalestudy.trainer import timeline as hvd_timeline
from scalestudy.trainer.data import WorkerBatches, load_text_pairs, split_rows, train_spm
from scalestudy.trainer.divergence import DivergenceDetector
from scalestudy.trainer.steplog_writer import StepLogWriter, rss_bytes

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


def train(cfg: PointConfig, tf, hvd, log: StepLogWriter) -> int:
    from scalestudy.trainer.checkpoint import Checkpointer, StopRequest, optimizer_variables
    from scalestudy.trainer.exchange import GradientExchange
    from scalestudy.trainer.model import Transformer, parameter_count
    from scalestudy.trainer.optimizer import transformer_adam
    from scalestudy.trainer.sharded_embedding import ShardedLookup
    from scalestudy.trainer.step import make_step

    init_start = time.time()
    rank, size = hvd.rank(), hvd.size()
    spec = cfg.model.resolved()
    hidden, vocab = int(spec["hidden"]), int(spec["vocab"])
    stop = StopRequest()
    env = runtime.environment_header(tf, hvd, cfg)

    text_pairs = _text_pairs(cfg, hvd, vocab) if cfg.data.kind == "text" else None
    batches = WorkerBatches(cfg, rank, size, text_pairs)

    # Dropout draws differ per rank, as independent workers' would.
    sharded = ShardedLookup(hvd, hidden) if cfg.exchange == "sharded_embedding" else None
    model = Transformer(
        spec, cfg.accumulation, seed=cfg.seed * 65_537 + rank, table_seed=cfg.seed, sharded=sharded
    )
    first, _ = batches.batch(1)
    model((first.src[:1], first.tgt[:1]))  # builds the variables
    variables = model.trainable_variables
    optimizer = transformer_adam()
    optimizer.build(variables)

    ckpt = Checkpointer(
        cfg.checkpoint_dir or str(Path(cfg.log_dir) / "checkpoints"),
        model,
        optimizer,
        rank,
        per_rank=sharded is not None,
    )
    start_step = _restore(ckpt, hvd, rank)
    # The initial (or restored) state of rank 0 becomes every rank's; a shard (and its Adam
    # moments) is each rank's own.
    replicated = [
        v
        for v in model.variables + optimizer_variables(optimizer)
        if sharded is None or "embedding/shard_weights" not in v.name
    ]
    hvd.broadcast_variables(replicated, root_rank=0)

    global_batch = cfg.tokens_per_worker * size if cfg.mode == "weak" else cfg.global_batch_tokens
    peak = schedule.scaled_peak(
        cfg.learning_rate, cfg.lr_scaling, global_batch, cfg.lr_reference_batch_tokens
    )
    notes = []
    if not is_sparse({"accumulation": cfg.accumulation, "tie_embeddings": model.tied}):
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
    if cfg.timeline:
        notes.append(
            "timeline on: Horovod writes a trace of the timed steps (horovod-timeline.json), "
            "which costs its background thread time: a diagnosis, not a production timing"
        )
    if size == 1:
        notes.append(
            "one rank: the gradients' allreduces and IndexedSlices allgathers are not called "
            "(Horovod's own DistributedOptimizer and DistributedGradientTape skip them at size "
            "1; sparse_reduce's and sharded_embedding's alltoalls still run); the bytes are "
            "those a collective over one rank returns"
        )
    if cfg.timing == "phases":
        notes.append(
            "timing phases: compute, densify, comm and apply run one after the other, each "
            "ending on the host; every byte of communication is exposed, so steps are slower "
            "than Horovod's overlapped training (diagnosis, not production timing)"
        )
    log.header(
        start_step,
        config=cfg.model_dump(mode="json"),
        model={**spec, "parameters": parameter_count(model)},
        schedule={
            "peak_lr": peak,
            "multiplier_c": schedule.multiplier_for_peak(peak, hidden, cfg.lr_warmup_steps),
            "warmup": cfg.lr_warmup_steps,
            "global_batch_tokens": global_batch,
        },
        timing_mode=cfg.timing,
        precision={
            "mode": cfg.precision,
            "compute_dtype": "bfloat16" if cfg.precision == "bf16" else "float32",
            "weights_dtype": "float32",
            "optimizer_and_loss_dtype": "float32",
            "logits": "pre-softmax projection in the compute dtype, cast to float32 for the loss",
            # Horovod's compression: the dtype allreduced gradients travel in (IndexedSlices
            # rows, allgathered or sent by alltoall, stay float32, as Horovod leaves them)
            "compression": cfg.compression,
            "allreduced_dtype": "float16" if cfg.compression == "fp16" else "float32",
        },
        horovod_settings=horovod_settings(),
        wire_model="ring allreduce (dense, fused) + ring allgatherv (IndexedSlices values and "
        "indices, row counts)"
        + (
            "; sparse_reduce: alltoall of int32 splits and of the rows to their owners (direct, "
            "own block local) + ring allgatherv of the owners' rows"
            if cfg.exchange == "sparse_reduce"
            else ""
        )
        + (
            "; sharded_embedding: per lookup three alltoalls (ids to owners, rows back, "
            "gradient rows to owners; direct, own block local), each after its int32 splits"
            if cfg.exchange == "sharded_embedding"
            else ""
        )
        + "; Horovod negotiation not included",
        notes=notes,
        **env,
    )
    warnings = _affinity_warnings(hvd, env)

    exchange = GradientExchange(hvd, variables, model.embedding, cfg.exchange, cfg.compression)
    train_step = make_step(cfg.timing, model, optimizer, exchange)

    def barrier():
        hvd.allreduce(tf.zeros([1]), op=hvd.Sum, name="scalestudy_barrier").numpy()

    def draw(step: int):
        batch, scale = batches.batch(step)
        micro = split_rows(batch, cfg.micro_batches) if cfg.micro_batches > 1 else [batch]
        return batch, scale, micro

    detector = DivergenceDetector(cfg.divergence, cfg.lr_warmup_steps)
    first_timed = start_step + cfg.timing_warmup_steps
    window_start, excluded = None, 0.0
    timed: list[dict] = []
    events: list[dict] = []  # what the MLLOG view needs of every step (written after the run)
    spans: list[tuple[int, float, float]] = []  # timed steps on this clock, for the timeline
    timeline_path, clock = Path(cfg.log_dir) / "horovod-timeline.json", None
    status, reason, step = "completed", "", start_step - 1
    prefetch = ThreadPoolExecutor(max_workers=1, thread_name_prefix="batches")
    upcoming = prefetch.submit(draw, start_step)
    run_start = time.time()

    for step in range(start_step, cfg.steps + 1):
        if step == first_timed:
            barrier()
            if cfg.timeline:
                clock = hvd_timeline.start(hvd, timeline_path)
            window_start = pc()
        t_data = pc()
        batch, scale, micro = upcoming.result()
        if step < cfg.steps:
            upcoming = prefetch.submit(draw, step + 1)
        t0 = pc()
        if cfg.inject_failure and (cfg.inject_failure.rank, cfg.inject_failure.step) == (
            rank,
            step,
        ):
            raise InjectedFailure(f"injected failure on rank {rank} at step {step}")
        lr = schedule.learning_rate(step, peak, hidden, cfg.lr_warmup_steps)
        result = train_step(
            micro,
            scale,
            lr,
            stop.requested,
            gate=lambda agreed, step=step: not detector.update(step, float(agreed[0]) / size),
        )
        t1 = pc()
        loss = float(result.agreed[0]) / size
        diverged = detector.diverged
        vol = result.volume
        rss, peak_rss = rss_bytes()
        in_window = window_start is not None
        rec = {
            "step": step,
            "t": time.time(),
            "timed": in_window,
            "step_s": t1 - t0,
            "data_s": t0 - t_data,
            **result.phases,
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
            "loss": loss,
            "loss_local": result.loss_local,
            "lr": lr if result.applied else None,
            "applied": result.applied,
            "diverged": diverged,
            "embedding_grad": vol.embedding_form,
            "embedding_rows_per_rank": vol.rows_per_rank,
            "grad_dtypes": vol.grad_dtypes,
            "bytes": {
                "logical_embedding": vol.logical_embedding,
                "logical_total": vol.logical_total,
                "wire_sent_model": vol.wire_sent,
                "wire_recv_model": vol.wire_recv,
                "wire_sent_allgather_model": vol.wire_sent_allgather,
                "wire_sent_allreduce_model": vol.wire_sent_allreduce,
                # sparse_reduce and sharded_embedding only (absent for the paper's two methods)
                **(
                    {"wire_sent_alltoall_model": vol.wire_sent_alltoall}
                    if cfg.exchange in ("sparse_reduce", "sharded_embedding")
                    else {}
                ),
            },
            "rss": rss,
            "peak_rss": peak_rss,
        }
        log.step(rec)
        events.append({k: rec[k] for k in ("step", "t", "step_s", "timed", "loss")})
        events[-1]["tokens"] = {"total": rec["tokens"]["total"]}
        if in_window:
            timed.append(rec)
            spans.append((step, t0, t1))
        if diverged:
            status, reason = "diverged", detector.reason
            break
        if result.agreed[1] > 0:
            t = pc()
            log.flush()
            ckpt.save(step)
            barrier()
            excluded += pc() - t
            status, reason = "interrupted", f"stop requested by a signal; checkpoint at {step}"
            break
        if cfg.checkpoint_every and step % cfg.checkpoint_every == 0 and step < cfg.steps:
            t = pc()
            log.flush()
            ckpt.save(step)
            barrier()
            excluded += pc() - t
        elif step % cfg.log_flush_every == 0:
            t = pc()
            log.flush()
            barrier()
            excluded += pc() - t
    prefetch.shutdown(wait=False, cancel_futures=True)
    timeline = None
    if clock is not None:
        hvd_timeline.stop(hvd)
        barrier()
        if rank == 0:
            time.sleep(1.0)  # Horovod's writer thread flushes behind the stop
            timeline = hvd_timeline.summarise(timeline_path, clock, spans)
            exposed = [
                s["exposed_comm_s"] for s in timeline.get("per_step", []) if "exposed_comm_s" in s
            ]
            timeline["exposed_comm_s"] = _quantiles(exposed)

    if cfg.dump_final_weights:
        np.savez(
            Path(cfg.log_dir) / f"weights.rank{rank}.npz",
            **{f"{i:03d}_{v.name}": v.numpy() for i, v in enumerate(model.variables)},
        )
    timing = _timing_summary(tf, hvd, window_start, excluded, timed) if timed else {}
    if rank == 0:
        try:
            mlperf_log.write(
                cfg.log_dir,
                run_start=run_start,
                init_start=init_start,
                global_batch_tokens=global_batch,
                peak_lr=peak,
                seed=cfg.seed,
                first_timed_step=first_timed if timed else None,
                steps=events,
                status=status,
            )
        except Exception as exc:  # a view of the step log: its loss must not fail the run
            warnings.append(
                f"logs/{mlperf_log.MLLOG_FILE} not written: {type(exc).__name__}: {exc}"
            )
    code = {
        "completed": step_log.EXIT_COMPLETED,
        "diverged": step_log.EXIT_DIVERGED,
        "interrupted": step_log.EXIT_INTERRUPTED,
    }[status]
    log.footer(
        status=status,
        exit_code=code,
        reason=reason,
        last_step=step,
        timing=timing,
        warnings=warnings,
        **({"timeline": timeline} if timeline is not None else {}),
    )
    return code


def _timing_summary(tf, hvd, window_start, excluded, timed) -> dict:
    hvd.allreduce(tf.zeros([1]), op=hvd.Sum, name="scalestudy_barrier").numpy()
    window_local = pc() - window_start - excluded
    window = float(
        hvd.allreduce(tf.constant(window_local, tf.float64), op=hvd.Max, name="window").numpy()
    )
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
    totals = hvd.allreduce(tf.constant(counts.sum(axis=0)), op=hvd.Sum, name="tokens").numpy()
    per_rank_steps = hvd.allgather(
        tf.constant([[r["step_s"] for r in timed]], tf.float64), name="step_times"
    )
    step_max = per_rank_steps.numpy().max(axis=0)  # a step lasts as long as its slowest rank
    return {
        "timed_steps": len(timed),
        "window_s": window,
        "global_tokens": {
            "src": totals[0],
            "tgt": totals[1],
            "total": totals[2],
            "slots": totals[3],
        },
        "throughput_tokens_per_s": {
            "src": totals[0] / window,
            "tgt": totals[1] / window,
            "total": totals[2] / window,
            "slots": totals[3] / window,
        },
        "step_s_max_over_ranks": _quantiles(step_max),
        "this_rank": {
            k: _quantiles([r[k] for r in timed])
            for k in ("step_s", "data_s", "compute_s", "densify_s", "comm_s", "apply_s")
            if k in timed[0]
        },
    }


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
