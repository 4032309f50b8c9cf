"""One report: load -> analyse -> figures -> summary.md, report.html, figures.json."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from scalestudy import progress
from scalestudy.fileio import write_atomic
from scalestudy.report import analysis, figures, html, load, markdown, summary


@dataclass
class Report:
    out: Path
    analysis: analysis.Analysis
    figures: list[figures.Rendered | figures.Skipped]
    summary: summary.Summary
    files: dict[str, dict[str, Path]]

    @property
    def rendered(self) -> list[figures.Rendered]:
        return [f for f in self.figures if isinstance(f, figures.Rendered)]


def default_out(results: Path, names: list[str]) -> Path:
    if len(names) == 1:
        return results / names[0] / "report"
    return results / ("report-" + "+".join(names))


def _jsonable(obj):
    """NaN/inf -> None so figures.json is strict JSON."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {str(k): _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_jsonable(v) for v in obj]
    if hasattr(obj, "item"):  # numpy scalars
        return _jsonable(obj.item())
    return obj


def _write(path: Path, text: str) -> None:
    write_atomic(path, text)


def build(
    sweep_args: list[str],
    results: Path,
    out: Path | None = None,
    project_to: int | None = None,
    calibration: Path | None = None,
) -> Report:
    warnings: list[str] = []
    sweeps = load.load_sweeps(sweep_args, results)
    runs: dict[str, load.RunLog] = {}
    for s in sweeps:
        warnings += s.damage
        runs.update(load.load_runs(s, warnings))
    a = analysis.analyse(sweeps, runs, project_to, warnings, calibration)
    out = out or default_out(results, [s.name for s in sweeps])
    out.mkdir(parents=True, exist_ok=True)
    figs = figures.render_all(a)
    files = {}
    rendered = [f for f in figs if isinstance(f, figures.Rendered)]
    # a bar only where there is much to draw (figures of hundreds of runs take seconds each)
    with progress.work("writing figures", len(rendered), long=len(runs) >= 200):
        for f in rendered:
            files[f.name] = figures.save(f, out)
            f.fig.clear()  # free the memory: every figure has been written
    summ = summary.build(a, figs)
    data = {
        "title": a.title,
        "project_to": project_to,
        "figures": {f.name: f.data for f in figs if isinstance(f, figures.Rendered)},
        "skipped": {f.name: f.reason for f in figs if isinstance(f, figures.Skipped)},
        "problems": [p.__dict__ for p in a.problems],
        "rows_checks": {k: r.rows.as_dict() for k, r in runs.items() if r.rows},
        "probe": [p.as_dict() for p in a.probes],  # per node too: what the tables leave out
    }
    _write(out / "figures.json", json.dumps(_jsonable(data), indent=1))
    _write(out / "summary.md", markdown.render(summ))
    _write(out / "report.html", html.render(summ, rendered, files))
    return Report(out, a, figs, summ, files)
