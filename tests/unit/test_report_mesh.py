"""The report on a sweep that runs a data x model mesh (issue #25): the mesh figure draws each
variant's measured points by its M, the projection says how it models a mesh, and the
strategies comparison leaves mesh variants out."""

from __future__ import annotations

import pandas as pd
from support.report import variants_of

from scalestudy.collect.rows import COLUMNS
from scalestudy.contract.point_config import PRESETS
from scalestudy.report import legacy
from scalestudy.report.analysis import analyse
from scalestudy.report.figures import mesh as mesh_figure
from scalestudy.report.load import SweepResults

TINY = dict(PRESETS["tiny"])


def _table_and_records():
    rows, records = [], {}
    for m, sizes in ((1, (1, 2, 4)), (2, (2, 4))):
        for n in sizes:
            pid = f"m{m}-n{n}-r0"
            row = {c: None for c in COLUMNS}
            row.update(
                point_id=pid,
                variant=f"v{m}",
                variant_label=f"mesh.model={m}",
                sweep="s",
                mode="weak",
                cluster="local",
                nodes=n,
                ppn=1,
                workers=n,
                status="completed",
                tokens_per_worker=1024,
                tokens_per_s=1000.0 * n / m,
                step_s_median=0.1 * m,
                peak_rss_max=7e8 / m,
                mesh_model=m,
                mesh_logical_bytes_per_step=(1.25e7 * m) if m > 1 else None,
                vocab_size=1000,
                hidden_size=64,
            )
            rows.append(row)
            config = {"exchange": "allreduce", "tokens_per_worker": 1024}
            if m > 1:
                config["mesh"] = {"model": m}
            records[pid] = {
                "point_id": pid,
                "sweep": "s",
                "mode": "weak",
                "config": config,
                "variant_overrides": {"trainer.mesh.model": m},
                "model_spec": {**TINY, "tie_embeddings": False},
                "tokens_per_worker": 1024,
            }
    return pd.DataFrame(rows, columns=COLUMNS), records


def test_the_mesh_figure_draws_every_variant_by_its_m(tmp_path):
    table, records = _table_and_records()
    assert sorted(v.mesh_model for v in variants_of(table, records)) == [1, 2]
    table, records = legacy.upgrade(table, records)
    sweep = SweepResults("s", tmp_path, table, tmp_path / "results.csv", points=records)
    a = analyse([sweep], {}, 64, [])
    fig = mesh_figure.draw(a)
    panels = fig.data["panels"]
    by_m = {s["mesh_model"]: s for s in panels["tokens_per_s"]}
    assert by_m[1]["x"] == [1, 2, 4] and by_m[2]["x"] == [2, 4]
    assert by_m[2]["y"] == [1000.0, 2000.0]
    assert [s["mesh_model"] for s in panels["mesh_logical_bytes_per_step"]] == [2]
    # the projection says how it models a mesh (its exchange over N / M ranks)
    meshed = next(p for p in a.projections if p.variant.mesh_model == 2)
    assert any("data x model mesh (M = 2)" in n for n in meshed.notes)
    assert a.strategies == []
