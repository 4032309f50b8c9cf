"""Trainer logs (+ the manifest and the scheduler's accounting) -> one row per point and
repeat, the latest attempt of each: what the trainer measured in its timed window, nothing
extrapolated; points that failed, diverged or never ran keep their row and their status."""

from __future__ import annotations

import os
import statistics
import sys
from dataclasses import asdict
from pathlib import Path

import scalestudy.collect.clocks as clocks
import scalestudy.collect.rows_check as rows_check
from scalestudy import progress
from scalestudy.collect.cache import FILE, AttemptStats, ReadCache, attempt_stats, stats_signature
from scalestudy.cost_models import strategies
from scalestudy.errors import DamagedFile
from scalestudy.executors import registry
from scalestudy.executors.manifest import Manifest
from scalestudy.formats import attempt_files, results_columns, step_log
from scalestudy.formats.manifest import Attempt, ManifestFile, known
from scalestudy.plan import Point
from scalestudy.profiles import Profile, ProfileError, load_profile

COLUMNS = list(results_columns.NAMES)  # declared once: formats/results_columns.py
DAMAGED = "damaged"  # a point whose logs cannot be read as written: its row says which line


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _mean(values: list):
    """statistics.mean, exactly (the same value and type), without its fractions for ints:
    an int when the sum divides, else the correctly rounded quotient, as it gives."""
    if values and all(type(v) is int for v in values):
        total, n = sum(values), len(values)
        whole, rest = divmod(total, n)
        return whole if rest == 0 else total / n
    return statistics.mean(values)


def _phase_median(timing: dict, phase: str) -> float | None:
    return (timing["this_rank"].get(phase) or {}).get("median")


def _probe(timing: dict) -> float | None:
    """The compute probe's median pass: each pass's slowest rank (rank 0's alone in logs
    from before the probe ran in lockstep)."""
    probe = timing.get("compute_only_s_max_over_ranks") or timing.get("compute_only_s") or {}
    return probe.get("median")


def _usable_probe(timing: dict) -> float | None:
    """The probe, unless it is longer than the whole step it is a part of (the footer's
    verdict; older footers: the same test here)."""
    probe, step = _probe(timing), timing["step_s_max_over_ranks"]["median"]
    if probe is None:
        return None
    said = (timing.get("compute_probe") or {}).get("usable")
    # this session's first footers wrote numpy's bool as the text "True"/"False"
    usable = str(said).lower() == "true" if said is not None else step is None or probe <= step
    return probe if usable else None


def _from_logs(logs: Path, workers: int, strategy: strategies.Strategy) -> dict:
    """The trainer's measurements of one attempt; `strategy` says where the embedding's bytes
    go: to the allgather column when it allgathers them, to the allreduce column when it
    densifies them, else (alltoalls only) to neither."""
    gathered = "allgather" in strategy.collectives
    row: dict = {}
    rank_files = [logs / step_log.rank_log_name(r) for r in range(workers)]
    present = [f for f in rank_files if f.exists()]
    if not present:
        return row
    segments = step_log.read_segments(present[0])  # rank 0 is read once, in full
    footer = segments[-1].footer if segments else None
    if footer:
        row["status"] = footer["status"]
        row["exit_code"] = footer.get("exit_code")
        row["status_reason"] = footer.get("reason") or None
        row["last_step"] = footer.get("last_step")
        t = footer.get("timing") or {}
        if t and footer["status"] == "completed":
            tp = t["throughput_tokens_per_s"]
            row.update(
                steps_timed=t["timed_steps"],
                tokens_per_s=tp["total"],
                src_tokens_per_s=tp["src"],
                tgt_tokens_per_s=tp["tgt"],
                slots_per_s=tp["slots"],
                tokens_per_s_per_worker=tp["total"] / workers,
                model_flops_per_s_per_rank=t.get("model_flops_per_s_per_rank"),
                step_s_median=t["step_s_max_over_ranks"]["median"],
                step_s_p10=t["step_s_max_over_ranks"]["p10"],
                step_s_p90=t["step_s_max_over_ranks"]["p90"],
                # phases: the compute phase; overlapped (timed whole): the compute probe, the
                # same forward + backward passes without collectives, after the run, when it
                # can be a part of the step
                compute_s_median=_phase_median(t, "compute_s") or _usable_probe(t),
                compute_probe_s_median=_probe(t),
                comm_s_median=_phase_median(t, "comm_s"),
                apply_s_median=_phase_median(t, "apply_s"),
            )
    steps0 = step_log.merge(segments)
    timed = [s for s in steps0 if s.get("timed")] or steps0
    if timed:
        emb = _median(s["bytes"]["logical_embedding"] for s in timed)
        total = _median(s["bytes"]["logical_total"] for s in timed)
        forms = [s.get("embedding_grad") or {} for s in timed]
        row.update(
            # allgather: the mean of every rank's rows; the other sparse methods: rank 0's R_r
            emb_grad_rows_per_worker=_median(
                _mean(s["embedding_rows_per_rank"])
                if s["embedding_rows_per_rank"]
                else f.get("rows")
                for s, f in zip(timed, forms, strict=True)
            ),
            logical_embedding_bytes_per_step=emb,
            logical_allgather_bytes_per_step=emb if gathered else 0,  # the paper's sparse path
            logical_allreduce_bytes_per_step=total if strategy.densifies else total - emb,
            wire_sent_bytes_per_step_model=_median(s["bytes"]["wire_sent_model"] for s in timed),
            wire_recv_bytes_per_step_model=_median(s["bytes"]["wire_recv_model"] for s in timed),
            wire_sent_allgather_bytes_per_step_model=_median(
                s["bytes"].get("wire_sent_allgather_model") for s in timed
            ),
            wire_sent_allreduce_bytes_per_step_model=_median(
                s["bytes"].get("wire_sent_allreduce_model") for s in timed
            ),
            final_loss=steps0[-1]["loss"],
            grad_norm_median=_median(s.get("grad_norm") for s in timed),
            # this rank's padded source + target slots per step: with the vocabulary they give
            # the formula's rows (tf1: M x V + slots), checkable from the table alone
            padded_slots_per_worker=_median(
                s["slots"]["src"] + s["slots"]["tgt"] for s in timed if s.get("slots")
            ),
            mesh_logical_bytes_per_step=_median(
                s["mesh"]["logical_bytes"] for s in timed if s.get("mesh")
            ),
            mesh_wire_sent_bytes_per_step_model=_median(
                s["mesh"]["wire_sent_model"] for s in timed if s.get("mesh")
            ),
        )
        # the strategies' declared counters (cost_models/strategies.py), read from every log: a
        # log without one leaves its column empty
        for counter in strategies.counters():
            row[counter.column] = _median(counter.read(s) for s in timed)
    if steps0 and row.get("last_step") is None:
        row["last_step"] = steps0[-1]["step"]  # killed before its footer: how far it got
    # every rank's peak, from its footer where it can be (1,200 ranks x 300 steps: see peak_rss)
    peaks = [p for p in map(step_log.peak_rss, present) if p is not None]
    if peaks:
        row.update(peak_rss_max=max(peaks), peak_rss_mean=_mean(peaks))
    return row


def _profile_columns(points: list[Point], profile: Profile | None) -> dict:
    """The node's memory and network as the report's projection needs them. The caller's
    profile when given, else the named one; a profile that cannot be found leaves them empty."""
    if profile is None and points:
        try:
            profile, _ = load_profile(points[0].sweep.cluster)
        except ProfileError:
            return {}
    if profile is None:
        return {}
    return dict(
        node_memory_gb=profile.memory_gb,
        interconnect=profile.interconnect.name,
        interconnect_latency_us=profile.interconnect.latency_us,
        interconnect_bandwidth_gbps=profile.interconnect.bandwidth_gbps,
    )


def collect_rows(
    points: list[Point],
    sweep_dir: Path,
    cluster: str,
    profile: Profile | None = None,
    cache: ReadCache | None = None,
    manifest: ManifestFile | None = None,
    taken: dict[str, AttemptStats] | None = None,
) -> list[dict]:
    """`cache`: what the last collect read (collect/cache.py); without it every log is read.
    `manifest`: its content when the caller has just read it. `taken`: filled with the stats
    of each latest attempt's files, by folder (the history entry's env capture reads them)."""
    taken = {} if taken is None else taken
    cache = cache or ReadCache(sweep_dir / FILE, enabled=False)
    data = manifest if manifest is not None else Manifest(sweep_dir).read()
    site = _profile_columns(points, profile)
    # the scheduler's accounting of each point's last attempt (one query per backend)
    acct = registry.accounting([e.attempts[-1] for e in data.points.values() if e.attempts])
    rows = []
    with progress.work("collect", len(points)) as shown:
        for p in points:
            rows.append(_row(p, sweep_dir, cluster, site, data, acct, cache, taken))
            shown.advance(p.id)
    return rows


def _row(
    p: Point,
    sweep_dir: Path,
    cluster: str,
    site: dict,
    data: ManifestFile,
    acct: dict,
    cache: ReadCache,
    taken: dict[str, AttemptStats],
) -> dict:
    """One point's row: its plan, its latest attempt's logs and the scheduler's accounting."""
    c = p.config
    strategy = c.strategy()
    row = _planned(p, cluster, site)
    row["status"] = data.state(p.id)
    a = data.last(p.id)
    if a is not None:
        row.update(  # known: None for a key the attempt never recorded
            attempt=a.attempt,
            job_id=known(a.job_id),
            allocation=known(a.allocation),
            bundle=known(a.bundle),
            run_order=known(a.run_order),
            exit_code=known(a.exit_code),
            start=known(a.started_at),
            end=known(a.ended_at),
        )
        manifest_state = row["status"]
        # strings, a Path only to read: 10,000 points' Paths cost as much as their logs' stats
        run = f"{sweep_dir}{os.sep}{a.folder}"
        run_dir = Path(run) if a.bundle else None  # a bundled run's markers: _job_times
        # every file read below: the ranks' step logs (their sizes and times, as before reading)
        base = f"{run}{os.sep}logs{os.sep}"
        stats = taken[a.folder] = attempt_stats(run)
        logs = stats.log_files
        files = stats_signature(logs.get(step_log.rank_log_name(r)) for r in range(p.workers))
        read = f"{a.folder} workers={p.workers}"
        try:
            row.update(
                cache.use(
                    f"{read} exchange={strategy.name}",
                    files,
                    lambda: _from_logs(Path(base), p.workers, strategy),
                )
            )
        except DamagedFile as exc:
            # the other points' rows are still good: this one says what is damaged, where
            print(f"warning: {exc}; point {p.id} is marked {DAMAGED}", file=sys.stderr)
            row.update(status=DAMAGED, status_reason=f"damaged step log: {exc}")
        else:
            _check_rows(cache, a.folder, base, p.workers, files)
        if manifest_state not in ("completed",) and row["status"] == "completed":
            row["status"] = manifest_state  # the job failed after the trainer finished
        sa = acct.get(str(known(a.job_id)), {})
        if row["status"] == "completed" and row["tokens_per_s"] is not None:
            windows = cache.use(
                f"{read} clocks", files, lambda: _clock_records(Path(base), p.workers)
            )
            _check_clocks(row, run, a, sa.get("elapsed"), c.mesh.model, windows)
        if row["start"] is None and row["end"] is None:  # not the local executor's
            row.update(_job_times(run_dir, a, sa))
        row.update(
            slurm_state=sa.get("slurm_state"),
            slurm_exit_code=sa.get("slurm_exit_code"),
            elapsed=sa.get("elapsed"),
            node_list=sa.get("node_list"),
            sacct_maxrss_per_node_daemon=sa.get("sacct_maxrss_step_max"),
            sacct_maxrss_node=sa.get("sacct_maxrss_node"),
        )
    return row


def _planned(p: Point, cluster: str, site: dict) -> dict:
    """A row's columns known before any job ran: the point's plan and the site's facts."""
    c = p.config
    spec, strategy = c.model.resolved(), c.strategy()
    row = dict.fromkeys(COLUMNS)
    row.update(
        point_id=p.id,
        sweep=p.sweep.name,
        variant=p.variant,
        variant_label=p.variant_label,
        mode=c.mode,
        cluster=cluster,
        nodes=p.nodes,
        ppn=p.ppn,
        workers=p.workers,
        threads=p.sweep.threads_per_worker,
        model=c.model.preset,
        accumulation=c.accumulation,
        sparse_as_dense=c.sparse_as_dense,
        exchange=strategy.name,
        timing=c.timing,
        precision=c.precision,
        compression=c.compression,
        mesh_model=c.mesh.model,
        tokens_per_worker=p.tokens_per_worker,
        global_batch_tokens=p.global_batch_tokens,
        repeat=p.repeat,
        predicted_bytes_per_rank=p.memory.per_rank if p.memory else None,
        vocab_size=spec["vocab"],
        hidden_size=spec["hidden"],
        tie_embeddings=spec["tie_embeddings"],
        micro_batches=c.micro_batches,
        steps=c.steps,
        learning_rate=c.learning_rate,
        lr_warmup_steps=c.lr_warmup_steps,
        reference=p.sweep.reference,
        **site,
    )
    if p.node_memory_bytes and row["node_memory_gb"] is None:
        row["node_memory_gb"] = p.node_memory_bytes / 1e9
    return row


def _check_rows(cache: ReadCache, folder: str, logs: str, workers: int, files) -> None:
    """The rows check of the attempt's logs, kept in the record for the report
    (collect/rows_check.py); one that stopped on a log is not kept: the report runs it again
    and says why."""
    if not cache.enabled or files[0][0] is None:  # nowhere to keep it; no rank 0: no run
        return
    name, said = rows_check.entry_name(folder, workers), []
    cache.use(name, files, lambda: rows_check.check_logs(Path(logs), workers, said))
    if said:
        cache.forget(name)


def _job_times(run_dir: Path | None, attempt: Attempt, sa: dict) -> dict:
    """A Slurm attempt's start and end: a bundled run's own markers (its bundle job's Start
    and End span every run), else sacct's Start and End; None where neither recorded them."""
    if attempt.bundle and run_dir is not None:
        marker, code = run_dir / attempt_files.STARTED_AT, run_dir / attempt_files.EXIT_CODE
        try:
            start = float(marker.read_text().strip())
        except (OSError, ValueError):
            return {}
        return {"start": start, "end": code.stat().st_mtime if code.exists() else None}
    return {"start": sa.get("start"), "end": sa.get("end")}


def _clock_records(logs: Path, workers: int) -> dict:
    """What the clocks read of the step logs: rank 0's footer timing and every rank's window
    (or why there is none), as plain values (collect/cache.py keeps them)."""
    footer = step_log.last_record(logs / step_log.rank_log_name(0)) or {}
    windows = clocks.rank_windows(logs, workers)
    if not isinstance(windows, str):
        windows = [asdict(w) for w in windows]
    return {"timing": _clock_timing(footer.get("timing") or {}), "windows": windows}


def _clock_timing(timing: dict) -> dict:
    """What clocks.check reads of the footer's timing, the keys it has (its window and total
    tokens/s; the rest stays in the log): the record keeps 2 numbers a point, not 30."""
    kept = {k: timing[k] for k in ("window_s", "throughput_tokens_per_s") if k in timing}
    tp = kept.get("throughput_tokens_per_s")
    if isinstance(tp, dict):
        kept["throughput_tokens_per_s"] = {k: tp[k] for k in ("total",) if k in tp}
    return kept


def _check_clocks(
    row: dict, run: str, attempt: Attempt, elapsed, model_ranks: int, read: dict
) -> None:
    """The point's throughput against its step records and the job's wall time
    (collect/clocks.py): a disagreement makes it `inconsistent`, never used silently.
    `run`: its attempt folder; `read`: _clock_records of its logs."""
    timing, windows = read["timing"], read["windows"]
    if isinstance(windows, str):  # unchecked whatever the job's wall time: not looked up
        job_s, job_from = None, ""
    else:
        windows = [clocks.RankWindow(**w) for w in windows]
        job_s, job_from = clocks.job_wall(attempt, Path(run), elapsed)
    # the logs are not read again: their windows are given
    verdict = clocks.check(None, row["workers"], model_ranks, timing, job_s, job_from, windows)
    row.update(verdict.columns, clock_check=verdict.state)
    if verdict.state == clocks.INCONSISTENT:
        row.update(status=clocks.INCONSISTENT, status_reason=verdict.reason)
        print(f"warning: {row['point_id']} is inconsistent: {verdict.reason}", file=sys.stderr)
    elif verdict.reason:
        row["clock_check"] = f"{verdict.state}: {verdict.reason}"
