"""points.jsonl as collect writes it (collect/tables.write_points): each configuration's views
are dumped once per configuration object the plan shares between points, and every line is
still the point's own record, as point_record makes it alone."""

from __future__ import annotations

import json

from support.sweeps import sparse_and_dense

from scalestudy.collect import tables
from scalestudy.plan import make_plan
from scalestudy.sweepfile.sweep import load_sweep


def test_every_line_is_its_points_own_record(tmp_path):
    import yaml

    sweep = sparse_and_dense("pointsfile", "local", repeats=2)
    path = tmp_path / "pointsfile.yaml"
    path.write_text(yaml.safe_dump(sweep))
    points = make_plan(load_sweep(path))
    configs = {id(p.config) for p in points}
    assert 1 < len(configs) < len(points)  # shared between repeats, several of them
    _, records = tables.write_points(points, tmp_path / "out")
    lines = (tmp_path / "out" / tables.POINTS_FILE).read_text().splitlines()
    # the records it returns are the file's, as a reader decodes them (lists, not tuples)
    assert records == {p.id: json.loads(line) for p, line in zip(points, lines, strict=True)}
    assert len(lines) == len(points)
    for p, line in zip(points, lines, strict=True):
        assert line == json.dumps(
            tables.point_record(p), sort_keys=True, default=tables.json_default
        )
    assert len({json.loads(line)["config"]["sparse_as_dense"] for line in lines}) == 2


def test_an_unchanged_file_is_left_and_an_edited_one_written(tmp_path):
    """The same plan: points.jsonl already says it and is not rewritten; a file that differs
    (here one byte, the same size) is replaced whole."""
    import yaml

    path = tmp_path / "pointsfile.yaml"
    path.write_text(yaml.safe_dump(sparse_and_dense("pointsfile", "local")))
    points = make_plan(load_sweep(path))
    out, _ = tables.write_points(points, tmp_path / "out")
    want, inode = out.read_bytes(), out.stat().st_ino
    tables.write_points(points, tmp_path / "out")
    assert out.stat().st_ino == inode and out.read_bytes() == want
    out.write_bytes(want.replace(b'"schema"', b'"schemA"', 1))
    tables.write_points(points, tmp_path / "out")
    assert out.read_bytes() == want


def test_a_value_that_is_a_views_stand_in_is_encoded_whole(tmp_path, monkeypatch):
    """write_points encodes each configuration's views once and puts them into the rest of the
    record where their stand-ins are; a record holding a stand-in's text as a value of its own
    (here the stand-in made the mode's "weak") is encoded whole, never spliced in the wrong
    place."""
    import yaml

    path = tmp_path / "pointsfile.yaml"
    path.write_text(yaml.safe_dump(sparse_and_dense("pointsfile", "local")))
    points = make_plan(load_sweep(path))
    monkeypatch.setattr(tables, "_VIEWS", ("weak", "\x00config\x00"))
    tables.write_points(points, tmp_path / "out")
    lines = (tmp_path / "out" / tables.POINTS_FILE).read_text().splitlines()
    for p, line in zip(points, lines, strict=True):
        assert line == json.dumps(
            tables.point_record(p), sort_keys=True, default=tables.json_default
        )
