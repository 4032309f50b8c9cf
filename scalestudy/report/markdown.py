"""summary.md and the terminal's summary, from the same Summary."""

from __future__ import annotations

from scalestudy.report.summary import Summary, Table


def _md_table(t: Table) -> list[str]:
    def cell(x: str) -> str:
        return x.replace("|", "\\|")

    out = ["| " + " | ".join(t.head) + " |", "|" + "---|" * len(t.head)]
    out += ["| " + " | ".join(cell(c) for c in r) + " |" for r in t.rows]
    return out


def _bullets(items: list[str], empty: str | None = None) -> list[str]:
    if not items:
        return [empty] if empty else []
    return [f"- {i}" for i in items]


def _table(t: Table | None, empty: str | None = None, caption: str | None = None) -> list[str]:
    """A table's lines (under `caption` and a blank line, when given); a table without rows
    (or none) is `empty`'s line, or nothing."""
    if t is None or not t.rows:
        return [empty] if empty else []
    return [caption, "", *_md_table(t)] if caption else _md_table(t)


Section = tuple[str, list[list[str]]]  # a title and its blocks, a blank line after each


def render(s: Summary) -> str:
    lines = [f"# Scaling report: {s.title}", "", "Tables: " + ", ".join(s.sources), ""]
    for title, blocks in (*_measured(s), *_context(s), *_projected(s), *_closing(s)):
        lines.extend([f"## {title}", ""])
        for block in blocks:
            if block:
                lines.extend([*block, ""])
    return "\n".join(lines)


def _measured(s: Summary) -> list[Section]:
    """The points, the expectations, the paired ratios, the comm calibration, the probe."""
    out = [
        (
            "Points (medians over repeats, 95% intervals of the run's noise model)",
            [_table(s.points, "no training runs in these tables"), _bullets(s.noise)],
        )
    ]
    if s.checks is not None:
        out.append(
            (
                "Expectations (`report --check`: holds, fails or inconclusive on the 95% interval)",
                [_table(s.checks, "no expectation applies"), _bullets(s.check_notes)],
            )
        )
    if s.paired is not None:
        out.append(
            (
                "Paired ratios inside allocations (schedule: bundled; tokens/s of variant over "
                "baseline on the same nodes)",
                [_md_table(s.paired)],
            )
        )
    if s.calibration is not None:
        out.append(
            (
                "Communication calibration (workload: comm; the alpha/beta a projection uses)",
                [_table(s.calibration, "no collective was fitted"), _bullets(s.calibration_notes)],
            )
        )
    if s.probe is not None:
        out.append(
            (
                "Probe (workload: probe; placement, binding, start, signals: no throughput)",
                [_md_table(s.probe), _bullets(s.probe_notes)],
            )
        )
    return out


def _context(s: Summary) -> list[Section]:
    """Baselines, the machine's peak, what was not measured, the accumulation check, the
    published references."""
    out = []
    if s.baselines:
        out.append(("Baselines", [_bullets(s.baselines)]))
    if s.machine:
        out.append(
            (
                "How close to the machine (model FLOP/s against the matmul peak)",
                [_bullets(s.machine)],
            )
        )
    out.append(
        (
            "Not measured: failed, diverged or missing points",
            [_bullets(s.problems, "none: every planned repeat completed")],
        )
    )
    if s.short_repeats:
        out.append(("Fewer repeats than asked", [_bullets(s.short_repeats)]))
    if s.accumulation:
        out.append(
            (
                "Accumulation size: measured against the formula (step logs)",
                [_bullets(s.accumulation)],
            )
        )
    if s.references.rows or s.reference_notes:
        out.append(
            (
                "Published references (context, not targets)",
                [
                    _table(s.references),
                    _bullets(s.reference_notes),
                    ["Sources:", "", *_bullets(s.citations)] if s.citations else [],
                ],
            )
        )
    return out


def _projected(s: Summary) -> list[Section]:
    """The mesh crossover, the projection and its residuals, the backtest."""
    out = []
    if s.crossover is not None:
        out.append(
            (
                "Data parallel vs mesh for the big model (projected, not measured)",
                [_bullets(s.crossover_notes), _table(s.crossover)],
            )
        )
    if s.projection is not None:
        out.append(
            (
                "Projection (a model, not a measurement)",
                [
                    _bullets(s.projection_notes),
                    _table(s.projection),
                    _table(
                        s.residuals,
                        caption="Residuals of the step-time model on the measured points:",
                    ),
                ],
            )
        )
    if s.backtest is not None:
        out.append(
            (
                "Backtest: the largest measured size predicted from the others",
                [_bullets(s.backtest_notes), _md_table(s.backtest)],
            )
        )
    return out


def _closing(s: Summary) -> list[Section]:
    """The figures, the provenance, the warnings."""
    out = [
        (
            "Figures",
            [
                [f"- `{n}.png` / `{n}.svg`: {t.splitlines()[0]}" for n, t in s.figures]
                + [f"- skipped `{n}`: {r}" for n, r in s.skipped]
            ],
        )
    ]
    if s.provenance is not None:
        out.append(
            (
                "Provenance: where and when it ran (recorded by the jobs, never recomputed)",
                [
                    _bullets(s.provenance_notes),
                    ["Per run (each attempt's env/ capture):", "", *_md_table(s.provenance)],
                    _table(
                        s.provenance_points,
                        caption="Per point (the job, its nodes and times):",
                    ),
                ],
            )
        )
    if s.warnings:
        out.append(("Warnings", [_bullets(s.warnings)]))
    return out


def _text_table(t: Table) -> list[str]:
    widths = [max(len(str(x)) for x in col) for col in zip(t.head, *t.rows, strict=False)]
    return [
        "  ".join(str(x).ljust(w) for x, w in zip(r, widths, strict=False)).rstrip()
        for r in (t.head, *t.rows)
    ]


def terminal(s: Summary) -> str:
    wanted = ("variant", "nodes", "repeats", "tokens/s", "efficiency", "speedup", "of matmul")
    wanted += ("states",)
    keep = [i for i, h in enumerate(s.points.head) if h.startswith(wanted)]  # fits a terminal
    small = Table([s.points.head[i] for i in keep], [[r[i] for i in keep] for r in s.points.rows])
    lines = [f"scaling report: {s.title}", *(_text_table(small) if small.rows else []), ""]
    if s.paired is not None:
        lines += ["paired (same allocations):", *_text_table(s.paired), ""]
    if s.calibration is not None:
        lines += ["communication calibration:", *_text_table(s.calibration), ""]
        lines += [f"calibration: {n}" for n in s.calibration_notes]
    for row in s.probe.rows if s.probe is not None else []:
        # one line per field: the probe's table is too wide for a terminal
        cells = dict(zip(s.probe.head, row, strict=True))
        lines.append(f"probe {cells.pop('point')}: check {cells.pop('check')}")
        lines += [f"  {k}: {v}" for k, v in cells.items()]
    lines += [f"probe: {n}" for n in s.probe_notes]
    lines += [f"baseline: {b}" for b in s.baselines]
    lines += [f"machine: {m}" for m in s.machine]
    lines += [f"NOT MEASURED: {p}" for p in s.problems]
    lines += [f"fewer repeats: {p}" for p in s.short_repeats]
    lines += [f"noise: {n}" for n in s.noise]
    lines += [f"accumulation: {p}" for p in s.accumulation]
    lines += [f"published ({r[2]}): {r[1]} [context]" for r in s.references.rows]
    if s.projection is not None:
        lines += [f"projection: {n}" for n in s.projection_notes]
    lines += [f"mesh crossover (projected): {n}" for n in s.crossover_notes]
    if s.backtest is not None:
        lines += ["backtest (largest measured size held out):", *_text_table(s.backtest)]
        lines += [f"backtest: {n}" for n in s.backtest_notes[1:]]
    lines += [f"provenance: {n}" for n in s.provenance_notes]
    lines += [f"skipped figure {n}: {r}" for n, r in s.skipped]
    lines += [f"warning: {w}" for w in s.warnings]
    return "\n".join(lines)
