"""The report on a sweep that runs a data x model mesh (issue #25): the mesh figure draws each
variant's measured points by its M, the projection says how it models a mesh, and the
strategies comparison leaves mesh variants out."""

from __future__ import annotations

from support.report import variants_of
from support.rows import point_row, results_table

from scalestudy.formats.point_config import PRESETS
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
            row = point_row(
                pid,
                "s",
                n,
                variant=f"v{m}",
                variant_label=f"mesh.model={m}",
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
    return results_table(rows), records


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


def test_with_project_to_the_mesh_figure_draws_the_projected_crossover_apart(tmp_path):
    """--project-to with a mesh: the bottom row projects the paper's big model for every M on
    a grid of node counts (lines without markers, labelled projected), marks the layouts
    that do not fit the node's memory, and says where the M to run changes; the summary's
    table keeps the paper's sizes and the asked one."""
    from scalestudy.report import crossover, summary

    table, records = _table_and_records()
    one = table["mesh_model"] == 1
    # what the trainer and collect give a data-parallel point: its compute and FLOP rate,
    # the cluster's link and node memory (64 GB: the big model's M = 1 does not fit 4 ranks)
    table.loc[one, "compute_s_median"] = 0.05
    table.loc[one, "model_flops_per_s_per_rank"] = 2e10
    table["interconnect"], table["interconnect_latency_us"] = "ib", 2.0
    table["interconnect_bandwidth_gbps"], table["node_memory_gb"] = 100.0, 64.0
    table["ppn"] = 4
    table, records = legacy.upgrade(table, records)
    sweep = SweepResults("s", tmp_path, table, tmp_path / "results.csv", points=records)
    a = analyse([sweep], {}, 128, [])
    assert a.crossover, a.crossover_notes
    fig = mesh_figure.draw(a)
    projected = fig.data["projection"]
    drawn = {(s["vocab"], s["mesh_model"]) for s in projected["series"]}
    # M must divide the vocabulary (33,708 = 4 x 8,427) and the ranks (4 per node)
    assert drawn == {(v, m) for v in (33_708, 128_000) for m in (1, 2, 4, 8) if v % m == 0}
    for s in projected["series"]:
        assert {2, 64, 128, 256, 300, 512} <= set(s["x"])
        assert (1 in s["x"]) == (s["mesh_model"] <= 4)
        # fits: memory per rank x 4 ranks within the node's 64 GB, nothing else
        assert s["fits"] == [b * 4 <= 64e9 for b in s["memory_bytes"]]
        assert all(t > 0 for t in s["tokens_per_s"])
    assert projected["node_memory_per_rank_bytes"] == 64e9 / 4
    # a mesh rank holds less than a data-parallel one at every size
    by = {(s["vocab"], s["mesh_model"]): s for s in projected["series"]}
    for v in (33_708, 128_000):
        assert all(
            a2 < a1
            for a1, a2 in zip(by[(v, 1)]["memory_bytes"], by[(v, 2)]["memory_bytes"], strict=True)
        )
    # the changes: where the M crossover() picks at one size differs from the size before
    for vocab, steps in crossover.changes(a.crossover).items():
        sizes = sorted({x.nodes for x in a.crossover if x.vocab == vocab})
        picks = [
            crossover.crossover([x for x in a.crossover if (x.vocab, x.nodes) == (vocab, n)])[0]
            for n in sizes
        ]
        want = [(n, m) for i, (n, m) in enumerate(zip(sizes, picks, strict=True))
                if i == 0 or m != picks[i - 1]]  # fmt: skip
        assert [(n, m) for n, m, _ in steps] == want
    assert "projection, not a measurement" in fig.caption
    # the summary's table: the paper's sizes and the asked one only
    t, notes = summary._crossover(a)
    assert {row[2] for row in t.rows} == {"64", "128", "300"}
    assert any("as nodes grow" in n for n in notes)
