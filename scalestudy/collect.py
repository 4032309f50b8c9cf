"""Trainer logs (+ the manifest) -> one tidy table, results/<sweep>/results.csv and .parquet.

One row per point and repeat, the latest attempt of each; points that failed, diverged or never
ran appear with their status, never dropped. Throughput is what the trainer measured in its
timed window (global tokens summed over ranks / window time); nothing is extrapolated.

Each row names its variant (`variant`, the plan's id: the report groups by it alone, and
`variant_label`, how legends name it). results/<sweep>/points.jsonl keeps every point's full
configuration beside the table (one JSON object per line, by point_id: the variant's matrix
values, the trainer configuration and the resolved model), so the report never has to rebuild
a run's configuration from columns.

A sweep of the `comm` workload also gets results/<sweep>/comm.csv (one row per point x
collective x message) and results/<sweep>/calibration.json: latency and bandwidth fitted per
collective (scalestudy.contract.comm_fit), which `scalestudy report --project-to` uses.
"""

from __future__ import annotations

import json
import statistics
import sys
from datetime import UTC, datetime
from pathlib import Path

from scalestudy.contract import step_log
from scalestudy.contract.point_config import is_sparse
from scalestudy.executors import registry
from scalestudy.executors.manifest import Manifest, point_state
from scalestudy.fileio import replacing, write_atomic
from scalestudy.plan import Point, variant_overrides
from scalestudy.profiles import Profile, ProfileError, load_profile

COLUMNS = [
    "point_id",
    "sweep",
    # the plan's name of the experiment this row is one size/repeat of: the report groups by
    # `variant` only and labels curves with `variant_label` (points.jsonl has its configuration)
    "variant",
    "variant_label",
    "mode",
    "cluster",
    "nodes",
    "ppn",
    "workers",
    "threads",
    "model",
    "accumulation",
    "sparse_as_dense",
    "timing",
    "precision",
    "tokens_per_worker",
    "global_batch_tokens",
    "repeat",
    # schedule: bundled: the allocation (sample), the bundle job and the run's place in its order
    "allocation",
    "bundle",
    "run_order",
    "status",
    "exit_code",
    "attempt",
    "job_id",
    "start",
    "end",
    "steps_timed",
    "step_s_median",
    "step_s_p10",
    "step_s_p90",
    "tokens_per_s",
    "src_tokens_per_s",
    "tgt_tokens_per_s",
    "slots_per_s",
    "tokens_per_s_per_worker",
    "compute_s_median",
    "comm_s_median",
    "apply_s_median",
    "emb_grad_rows_per_worker",
    "logical_allgather_bytes_per_step",
    "logical_allreduce_bytes_per_step",
    "logical_embedding_bytes_per_step",
    "wire_sent_bytes_per_step_model",
    "wire_recv_bytes_per_step_model",
    "wire_sent_allgather_bytes_per_step_model",
    "wire_sent_allreduce_bytes_per_step_model",
    "peak_rss_max",
    "peak_rss_mean",
    "predicted_bytes_per_rank",
    "final_loss",
    # Slurm accounting (empty for the local executor or with accounting off). Under mpirun a
    # step's MaxRSS is a node daemon's (the ranks it started together), not one rank's.
    "slurm_state",
    "slurm_exit_code",
    "elapsed",
    "node_list",
    "sacct_maxrss_per_node_daemon",
    "sacct_maxrss_node",
    # What `scalestudy report` needs to work from the table alone (e.g. one copied from a
    # cluster): the model's sizes, the schedule, the node and its network, the sweep's reference.
    "vocab_size",
    "hidden_size",
    "tie_embeddings",
    "micro_batches",
    "steps",
    "learning_rate",
    "lr_warmup_steps",
    "node_memory_gb",
    "interconnect",
    "interconnect_latency_us",
    "interconnect_bandwidth_gbps",
    "reference",
    "status_reason",
    "last_step",
    "padded_slots_per_worker",
]


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _phase_median(timing: dict, phase: str) -> float | None:
    return (timing["this_rank"].get(phase) or {}).get("median")


def _from_logs(logs: Path, workers: int, sparse: bool) -> dict:
    """The trainer's measurements of one attempt; `sparse` (is_sparse of the point's
    configuration) says whether the embedding gradient went by allgather or allreduce."""
    row: dict = {}
    rank_files = [logs / step_log.rank_log_name(r) for r in range(workers)]
    present = [f for f in rank_files if f.exists()]
    if not present:
        return row
    segments = step_log.read_segments(present[0])
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
                step_s_median=t["step_s_max_over_ranks"]["median"],
                step_s_p10=t["step_s_max_over_ranks"]["p10"],
                step_s_p90=t["step_s_max_over_ranks"]["p90"],
                # phases only: an overlapped step is timed whole (its parts overlap)
                compute_s_median=_phase_median(t, "compute_s"),
                comm_s_median=_phase_median(t, "comm_s"),
                apply_s_median=_phase_median(t, "apply_s"),
            )
    steps0 = step_log.merged_steps(present[0])
    timed = [s for s in steps0 if s.get("timed")] or steps0
    if timed:
        emb = _median(s["bytes"]["logical_embedding"] for s in timed)
        total = _median(s["bytes"]["logical_total"] for s in timed)
        row.update(
            emb_grad_rows_per_worker=_median(
                statistics.mean(s["embedding_rows_per_rank"])
                if s["embedding_rows_per_rank"]
                else None
                for s in timed
            ),
            logical_embedding_bytes_per_step=emb,
            logical_allgather_bytes_per_step=emb if sparse else 0,
            logical_allreduce_bytes_per_step=total - emb if sparse else total,
            wire_sent_bytes_per_step_model=_median(s["bytes"]["wire_sent_model"] for s in timed),
            wire_recv_bytes_per_step_model=_median(s["bytes"]["wire_recv_model"] for s in timed),
            wire_sent_allgather_bytes_per_step_model=_median(
                s["bytes"].get("wire_sent_allgather_model") for s in timed
            ),
            wire_sent_allreduce_bytes_per_step_model=_median(
                s["bytes"].get("wire_sent_allreduce_model") for s in timed
            ),
            final_loss=steps0[-1]["loss"],
            # this rank's padded source + target slots per step: with the vocabulary they give
            # the formula's rows (tf1: M x V + slots), checkable from the table alone
            padded_slots_per_worker=_median(
                s["slots"]["src"] + s["slots"]["tgt"] for s in timed if s.get("slots")
            ),
        )
    if steps0 and row.get("last_step") is None:
        row["last_step"] = steps0[-1]["step"]  # killed before its footer: how far it got
    peaks = []
    for f in present:
        steps = step_log.merged_steps(f)
        if steps:
            peaks.append(max(s["peak_rss"] for s in steps))
    if peaks:
        row.update(peak_rss_max=max(peaks), peak_rss_mean=statistics.mean(peaks))
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
    points: list[Point], sweep_dir: Path, cluster: str, profile: Profile | None = None
) -> list[dict]:
    data = Manifest(sweep_dir).read()
    site = _profile_columns(points, profile)
    # the scheduler's accounting of each point's last attempt (one query per backend)
    acct = registry.accounting(
        [e["attempts"][-1] for e in data["points"].values() if e["attempts"]]
    )
    rows = []
    for p in points:
        c = p.config
        spec = c.model.resolved()
        row = {k: None for k in COLUMNS}
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
            timing=c.timing,
            precision=c.precision,
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
        entry = data["points"].get(p.id)
        row["status"] = point_state(entry)
        if entry and entry.get("attempts"):
            a = entry["attempts"][-1]
            row.update(
                attempt=a["attempt"],
                job_id=a.get("job_id"),
                allocation=a.get("allocation"),
                bundle=a.get("bundle"),
                run_order=a.get("run_order"),
                exit_code=a.get("exit_code"),
                start=a.get("started_at"),
                end=a.get("ended_at"),
            )
            manifest_state = row["status"]
            row.update(_from_logs(sweep_dir / a["folder"] / "logs", p.workers, is_sparse(c)))
            if manifest_state not in ("completed",) and row["status"] == "completed":
                row["status"] = manifest_state  # the job failed after the trainer finished
            sa = acct.get(str(a.get("job_id")), {})
            row.update(
                slurm_state=sa.get("slurm_state"),
                slurm_exit_code=sa.get("slurm_exit_code"),
                elapsed=sa.get("elapsed"),
                node_list=sa.get("node_list"),
                sacct_maxrss_per_node_daemon=sa.get("sacct_maxrss_step_max"),
                sacct_maxrss_node=sa.get("sacct_maxrss_node"),
            )
        rows.append(row)
    if points and points[0].sweep.workload == "comm":
        collect_comm(points, rows, sweep_dir, cluster, data)
    return rows


COMM_COLUMNS = [
    "point_id",
    "sweep",
    # the plan's name of the experiment this row is one size/repeat of: the report groups by
    # `variant` only and labels curves with `variant_label` (points.jsonl has its configuration)
    "variant",
    "variant_label",
    "cluster",
    "nodes",
    "ppn",
    "workers",
    "repeat",
    "collective",
    "kind",
    "label",
    "bytes",
    "logical_bytes",
    "rows",
    "median_s",
    "p10_s",
    "p90_s",
    "iterations",
    "status",
    "not_fitted",  # why a point's timings were left out of the fit (e.g. oversubscribed)
]


def collect_comm(
    points: list[Point], rows: list[dict], sweep_dir: Path, cluster: str, manifest: dict
) -> dict:
    """comm.csv and calibration.json of a `comm` sweep; notes each point's records in its
    results.csv row (status_reason). Returns the calibration written."""
    from scalestudy.contract import comm_fit
    from scalestudy.workloads.comm_records import records_of

    by_id = {r["point_id"]: r for r in rows}
    table: list[dict] = []
    samples: list[comm_fit.Sample] = []
    excluded: list[str] = []  # points left out of the fit, with the reason
    for p in points:
        row = by_id[p.id]
        entry = manifest["points"].get(p.id)
        doc = None
        if entry and entry.get("attempts"):
            doc = records_of(sweep_dir / entry["attempts"][-1]["folder"] / "logs")
        if doc is None:
            if row["status"] == "completed":
                row["status"] = "failed"
                row["status_reason"] = "the job completed but wrote no comm.json"
            continue
        recs = doc.get("records", [])
        row["status_reason"] = row["status_reason"] or (
            f"comm workload: {len(recs)} collective timing(s) in comm.csv"
        )
        crowded = doc.get("oversubscribed_hosts") or {}
        why = "; ".join(
            f"{h['ranks']} ranks on {len(h['cpus'])} CPU(s) {h['cpus']} of host {host}"
            for host, h in sorted(crowded.items())
        )
        if why:
            excluded.append(
                f"{p.id} ({p.nodes} node(s)): not fitted: {why}: oversubscribed, the ranks "
                "time-share cores while MPI polls, so its times measure that sharing, not the "
                "network"
            )
        for rec in recs:
            table.append(
                {
                    "point_id": p.id,
                    "sweep": p.sweep.name,
                    "cluster": cluster,
                    "nodes": p.nodes,
                    "ppn": p.ppn,
                    "workers": p.workers,
                    "repeat": p.repeat,
                    "collective": rec["collective"],
                    "kind": rec["kind"],
                    "label": rec["label"],
                    "bytes": rec["bytes"],
                    "logical_bytes": rec.get("logical_bytes"),
                    "rows": rec.get("rows"),
                    "median_s": rec["median_s"],
                    "p10_s": rec["p10_s"],
                    "p90_s": rec["p90_s"],
                    "iterations": rec["iterations"],
                    "status": row["status"],
                    "not_fitted": "oversubscribed: " + why if why else "",
                }
            )
            # the size sweep only: the trainer's allgather is two collectives (values, indices)
            if rec["kind"] == "sweep" and row["status"] == "completed" and not why:
                samples.append(
                    comm_fit.Sample(
                        rec["collective"], p.nodes, p.ppn, p.workers, rec["bytes"], rec["median_s"]
                    )
                )
    import pandas as pd

    sweep_dir.mkdir(parents=True, exist_ok=True)
    frame = pd.DataFrame(table, columns=COMM_COLUMNS)
    frame["rows"] = frame["rows"].astype("Int64")  # empty for all but the trainer's allgather
    with replacing(sweep_dir / "comm.csv") as tmp:
        frame.to_csv(tmp, index=False)
    fits, errors = comm_fit.fit_all(samples)
    for c in points[0].sweep.comm.collectives:
        if c not in fits and c not in errors:
            errors[c] = f"{c}: no completed measurement"
    calibration = {
        "schema": "scalestudy.calibration/1",
        "sweep": points[0].sweep.name,
        "profile": cluster,
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "model": comm_fit.MODEL_TEXT,
        "source": "comm.csv: the median of each size-sweep point (trainer shapes not fitted)",
        "collectives": {c: f.as_dict() for c, f in fits.items()},
        "errors": errors,
        "excluded": excluded,
        "trainer_shape_checks": _trainer_shape_checks(table, fits),
    }
    write_atomic(
        sweep_dir / "calibration.json", json.dumps(calibration, indent=1, default=_json_default)
    )
    for c, f in fits.items():
        print(f"calibration {c}: {comm_fit.describe(f)}")
    for c, e in errors.items():
        print(f"calibration {c}: not fitted: {e}", file=sys.stderr)
    for e in excluded:
        print(f"calibration: {e}", file=sys.stderr)
    print(f"wrote {sweep_dir / 'comm.csv'} and {sweep_dir / 'calibration.json'}")
    return calibration


def _trainer_shape_checks(table: list[dict], fits: dict) -> list[dict]:
    """The fitted model on the trainer's own shapes, against their measured medians: the
    allgather of IndexedSlices is two collectives (values and indices), so two latencies."""
    out = []
    for r in table:
        if r["kind"] != "trainer" or r["collective"] not in fits or r["workers"] <= 1:
            continue
        if r["not_fitted"]:  # oversubscribed: the model does not describe it
            continue
        f = fits[r["collective"]]
        model = f.predict(r["workers"], r["ppn"], r["bytes"])
        if r["collective"] == "allgather":  # the second call: its latency and its overhead
            model += (r["workers"] - 1) * f.alpha_s + f.overhead_s
        out.append(
            {
                "point_id": r["point_id"],
                "collective": r["collective"],
                "nodes": r["nodes"],
                "bytes": r["bytes"],
                "measured_s": r["median_s"],
                "model_s": model,
                "relative": (r["median_s"] - model) / r["median_s"],
            }
        )
    return out


def _json_default(obj):
    if hasattr(obj, "item"):
        return obj.item()
    raise TypeError(f"{type(obj).__name__} is not JSON serialisable")


def write_table(rows: list[dict], sweep_dir: Path) -> Path:
    import pandas as pd  # the table writers only; imported late to keep the CLI fast

    frame = pd.DataFrame(rows, columns=COLUMNS)
    sweep_dir.mkdir(parents=True, exist_ok=True)
    csv = sweep_dir / "results.csv"
    with replacing(csv) as tmp:
        frame.to_csv(tmp, index=False)
    try:
        with replacing(sweep_dir / "results.parquet") as tmp:
            frame.to_parquet(tmp, index=False)
    except ImportError as exc:  # the CSV is the table of record; say why parquet is missing
        print(f"note: results.parquet not written ({exc})", file=sys.stderr)
    return csv


POINTS_FILE = "points.jsonl"
POINTS_SCHEMA = "scalestudy.point/1"


def point_record(p: Point) -> dict:
    """A point's full configuration as the report reads it from points.jsonl: who it is (id,
    variant, size, repeat), what its variant changed (the matrix values), and everything the
    run was configured with (the trainer configuration without its paths, the resolved model,
    the environment)."""
    sw = p.sweep
    record = {
        "schema": POINTS_SCHEMA,
        "point_id": p.id,
        "sweep": sw.name,
        "variant": p.variant,
        "variant_label": p.variant_label,
        "variant_overrides": variant_overrides(p.overrides),
        "workload": sw.workload,
        "cluster": sw.cluster,
        "mode": p.config.mode,
        "nodes": p.nodes,
        "ppn": p.ppn,
        "workers": p.workers,
        "threads": sw.threads_per_worker,
        "repeat": p.repeat,
        "allocation": p.allocation,
        "tokens_per_worker": p.tokens_per_worker,
        "global_batch_tokens": p.global_batch_tokens,
        "env": dict(sw.env),
        "model_spec": p.config.model.resolved(),
        "config": p.config.model_dump(mode="json", exclude={"log_dir", "checkpoint_dir"}),
    }
    if sw.workload == "comm":
        record["comm"] = sw.comm.model_dump(mode="json")
    return record


def write_points(points: list[Point], sweep_dir: Path) -> Path:
    """results/<sweep>/points.jsonl, one point's record per line (written atomically)."""
    sweep_dir.mkdir(parents=True, exist_ok=True)
    path = sweep_dir / POINTS_FILE
    lines = [json.dumps(point_record(p), sort_keys=True, default=_json_default) for p in points]
    write_atomic(path, "".join(line + "\n" for line in lines))
    return path
