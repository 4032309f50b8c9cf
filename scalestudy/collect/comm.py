"""A `comm` sweep's collect: comm.csv (one row per point x collective x message size) and
calibration.json (latency and bandwidth fitted per collective, scalestudy.cost_models.comm_fit),
which `scalestudy report --project-to` uses."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from scalestudy.collect.tables import json_default
from scalestudy.fileio import replacing, write_atomic
from scalestudy.plan import Point


@dataclass
class Calibrated:
    """What collect_comm wrote, and what the verb tells the user about it."""

    calibration: dict
    said: list[str] = field(default_factory=list)  # one line per fitted collective
    warned: list[str] = field(default_factory=list)  # collectives not fitted, points left out


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
    points: list[Point], rows: list[dict], sweep_dir: Path, cluster: str
) -> Calibrated:
    """comm.csv and calibration.json of a `comm` sweep; notes each point's records in its
    results.csv row (status_reason)."""
    from scalestudy.cost_models import comm_fit
    from scalestudy.executors.manifest import Manifest
    from scalestudy.workloads.comm_records import records_of

    manifest = Manifest(sweep_dir).read()

    by_id = {r["point_id"]: r for r in rows}
    table: list[dict] = []
    samples: list[comm_fit.Sample] = []
    excluded: list[str] = []  # points left out of the fit, with the reason
    for p in points:
        row = by_id[p.id]
        last = manifest.last(p.id)
        doc = records_of(sweep_dir / last.folder / "logs") if last else None
        if doc is None:
            if row["status"] == "completed":
                row["status"] = "failed"
                row["status_reason"] = "the job completed but wrote no comm.json"
            continue
        recs = doc.get("records", [])
        row["status_reason"] = row["status_reason"] or (
            f"comm workload: {len(recs)} collective timing(s) in comm.csv"
        )
        why = _oversubscribed(doc)
        if why:
            excluded.append(
                f"{p.id} ({p.nodes} node(s)): not fitted: {why}: oversubscribed, the ranks "
                "time-share cores while MPI polls, so its times measure that sharing, not the "
                "network"
            )
        for rec in recs:
            r = _table_row(p, rec, row["status"], cluster, why)
            table.append(r)
            # the size sweep only: the trainer's allgather is two collectives (values, indices)
            if rec["kind"] == "sweep" and row["status"] == "completed" and not why:
                samples.append(
                    comm_fit.Sample(
                        r["collective"],
                        r["nodes"],
                        r["ppn"],
                        r["workers"],
                        r["bytes"],
                        r["median_s"],
                    )
                )
    _write_table(sweep_dir, table)
    fits, errors = _fits(points, samples)
    calibration = _calibration(points, cluster, table, fits, errors, excluded)
    write_atomic(
        sweep_dir / "calibration.json", json.dumps(calibration, indent=1, default=json_default)
    )
    return Calibrated(
        calibration,
        said=[f"calibration {c}: {comm_fit.describe(f)}" for c, f in fits.items()]
        + [f"wrote {sweep_dir / 'comm.csv'} and {sweep_dir / 'calibration.json'}"],
        warned=[f"calibration {c}: not fitted: {e}" for c, e in errors.items()]
        + [f"calibration: {e}" for e in excluded],
    )


def _oversubscribed(doc: dict) -> str:
    """Why a point's timings measure core sharing (its hosts with more ranks than CPUs), or
    "" when none is crowded."""
    crowded = doc.get("oversubscribed_hosts") or {}
    return "; ".join(
        f"{h['ranks']} ranks on {len(h['cpus'])} CPU(s) {h['cpus']} of host {host}"
        for host, h in sorted(crowded.items())
    )


def _table_row(p: Point, rec: dict, status: str, cluster: str, why: str) -> dict:
    """One comm.csv row: a record of the point's comm.json."""
    # a mesh's group_allreduce runs over the model group: its ranks and their nodes
    return {
        "point_id": p.id,
        "sweep": p.sweep.name,
        "cluster": cluster,
        "nodes": rec.get("nodes", p.nodes),
        "ppn": rec.get("ppn", p.ppn),
        "workers": rec.get("workers", p.workers),
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
        "status": status,
        "not_fitted": "oversubscribed: " + why if why else "",
    }


def _write_table(sweep_dir: Path, table: list[dict]) -> None:
    """comm.csv, in COMM_COLUMNS' order."""
    import pandas as pd

    sweep_dir.mkdir(parents=True, exist_ok=True)
    frame = pd.DataFrame(table, columns=COMM_COLUMNS)
    frame["rows"] = frame["rows"].astype("Int64")  # empty for all but the trainer's allgather
    with replacing(sweep_dir / "comm.csv") as tmp:
        frame.to_csv(tmp, index=False)


def _fits(points: list[Point], samples: list) -> tuple[dict, dict[str, str]]:
    """The fitted collectives, and why each asked for (the sweep's, and the model group's
    allreduce when a mesh measured it) is not."""
    from scalestudy.cost_models import comm_fit

    fits, errors = comm_fit.fit_all(samples)
    asked = list(points[0].sweep.comm.collectives)
    if any(s.collective == comm_fit.GROUP for s in samples):
        asked.append(comm_fit.GROUP)
    for c in asked:
        if c not in fits and c not in errors:
            errors[c] = f"{c}: no completed measurement"
    return fits, errors


def _calibration(
    points: list[Point], cluster: str, table: list[dict], fits: dict, errors: dict, excluded
) -> dict:
    """calibration.json's document."""
    from scalestudy.cost_models import comm_fit
    from scalestudy.formats import calibration as calibration_file

    return {
        "schema": calibration_file.SCHEMA,
        "sweep": points[0].sweep.name,
        "profile": cluster,
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "model": comm_fit.MODEL_TEXT,
        "source": "comm.csv: the median of each size-sweep point (trainer shapes not fitted)",
        "collectives": {c: f.as_dict() for c, f in fits.items()},
        "errors": errors,
        "excluded": excluded,
        "trainer_shape_checks": _trainer_shape_checks(table, fits),
    }


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
