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
    tables.write_points(points, tmp_path / "out")
    lines = (tmp_path / "out" / tables.POINTS_FILE).read_text().splitlines()
    assert len(lines) == len(points)
    for p, line in zip(points, lines, strict=True):
        assert line == json.dumps(
            tables.point_record(p), sort_keys=True, default=tables.json_default
        )
    assert len({json.loads(line)["config"]["sparse_as_dense"] for line in lines}) == 2
