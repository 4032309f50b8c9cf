"""What `history` prints and writes: the terminal table, history.json, report.html with a trend
figure per variant (medians with their intervals per run, change points and provenance
changes marked) and, with the gate, JUnit XML."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import socket
import xml.etree.ElementTree as ET
from datetime import datetime, timezone
from pathlib import Path

from scalestudy.fileio import write_atomic
from scalestudy.history.judge import Judged, fails
from scalestudy.history.series import Series, provenance_changes
from scalestudy.history.store import Entry
from scalestudy.report.figures.common import log_scale

ONE_RUN = (
    "the history holds one run: no trend and no change point can be shown from one run "
    "(every `scalestudy collect` of a new run, or `scalestudy history add`, adds one)"
)


def when(entry: Entry) -> str:
    return datetime.fromtimestamp(entry.when, timezone.utc).strftime("%Y-%m-%d %H:%M")


def run_name(runs: list[Entry], i: int) -> str:
    return f"run {i + 1} ({runs[i].label}, {when(runs[i])} UTC)"


def change_lines(s: Series, runs: list[Entry], since: int = 0) -> list[str]:
    out = []
    for c in s.changes:
        r_after, r_before = s.points[c.index].run, s.points[c.index - 1].run
        if r_after < since:
            continue
        e = c.ratio
        out.append(
            f"  change at {run_name(runs, r_after)}: x{e.value:.3f} [{e.lo:.3f}, {e.hi:.3f}] "
            f"(p = {c.p:.2g} < alpha {c.alpha:.2g}; {c.index - c.before[0]} run(s) before, "
            f"{c.after[1] - c.index} after)"
        )
        fields = provenance_changes(runs[r_before], runs[r_after])
        if not fields:
            out.append("    provenance: nothing captured changed between the two runs")
        for f in fields[:8]:
            base, new = _where_they_differ(", ".join(f.base), ", ".join(f.new))
            out.append(f"    {f.section} / {f.name}: {base} -> {new}")
        if len(fields) > 8:
            out.append(f"    ... and {len(fields) - 8} more field(s) (history.json)")
    return out


def _where_they_differ(a: str, b: str, width: int = 60) -> tuple[str, str]:
    """Two long values cut to `width` around where they first differ (a launch line that
    gained an `-x NAME` at its end would read the same cut at its start)."""
    if len(a) <= width and len(b) <= width:
        return a, b
    first = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
    first = min(len(a), len(b)) if first is None else first
    start = max(0, first - width // 3)

    def cut(t: str) -> str:
        piece = t[start : start + width]
        return ("..." if start else "") + piece + ("..." if start + width < len(t) else "")

    return cut(a), cut(b)


def terminal(series: list[Series], runs: list[Entry], since: int, budget: float) -> str:
    lines = [
        f"history: {len(runs)} run(s), {len(series)} point(s); change points at a budget of "
        f"{budget:g} false alert(s) per 100 stable runs over all points"
    ]
    for s in series:
        shown = [p for p in s.points if p.run >= since]
        if not shown:
            continue
        last = shown[-1].level
        interval = f"[{last.lo:.4g}, {last.hi:.4g}]" if last.judged else "(no interval)"
        found = len([c for c in s.changes if s.points[c.index].run >= since])
        lines.append(
            f"{s.name}: {len(shown)} run(s), newest {last.value:.4g} tokens/s {interval}, "
            f"{found} change point(s)"
        )
        lines += change_lines(s, runs, since)
    return "\n".join(lines) + "\n"


def as_json(series: list[Series], runs: list[Entry], since: int, judged: list[Judged]) -> str:
    outcome = {j.series.key: j for j in judged}
    data = {
        "runs": [
            {
                "index": i + 1,
                "sweep": r.sweep,
                "label": r.label,
                "source": r.source,
                "when": r.when,
                "attempts": len(r.attempts),
            }
            for i, r in enumerate(runs)
        ],
        "points": [
            {
                "point": s.name,
                "key": json.loads(s.key),
                "series": [
                    {"run": p.run + 1, **p.level.as_dict(), "completed": p.completed}
                    for p in s.points
                    if p.run >= since
                ],
                "changes": [
                    {
                        **c.as_dict(),
                        "run": s.points[c.index].run + 1,
                        "provenance": [
                            f.as_dict()
                            for f in provenance_changes(
                                runs[s.points[c.index - 1].run], runs[s.points[c.index].run]
                            )
                        ],
                    }
                    for c in s.changes
                    if s.points[c.index].run >= since
                ],
                "gate": (
                    {"outcome": outcome[s.key].outcome, "why": outcome[s.key].why}
                    if s.key in outcome
                    else None
                ),
            }
            for s in series
        ],
    }
    return json.dumps(data, indent=1, default=str)


def trend_figures(series: list[Series], runs: list[Entry], since: int, out: Path) -> list[dict]:
    """One figure per variant: each size's medians with intervals by run, change points as
    vertical lines, runs whose key provenance changed marked along the top."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from scalestudy.history.series import KEY_FIELDS

    made = []
    variants: dict[str, list[Series]] = {}
    for s in series:
        variants.setdefault(s.variant_key, []).append(s)
    for n, (_, group) in enumerate(variants.items()):
        fig, ax = plt.subplots(figsize=(7.5, 3.6), layout="constrained")
        for k, s in enumerate(group):
            pts = [p for p in s.points if p.run >= since]
            if len(pts) < 2:
                continue
            xs = [p.run + 1 + 0.05 * k for p in pts]
            ys = [p.level.value for p in pts]
            err = [
                [p.level.value - p.level.lo for p in pts],
                [p.level.hi - p.level.value for p in pts],
            ]
            line = ax.errorbar(xs, ys, yerr=err, marker="o", ms=3, capsize=2, label=s.name)
            for c in s.changes:
                r = s.points[c.index].run
                if r >= since:
                    ax.axvline(r + 0.5, color=line[0].get_color(), ls="--", lw=1)
                    ax.annotate(f"x{c.ratio.value:.2f}", (r + 0.55, ys[0]), fontsize=7)
        for i in range(max(1, since), len(runs)):
            changed = {(f.section, f.name) for f in provenance_changes(runs[i - 1], runs[i])} & set(
                KEY_FIELDS
            )
            if changed:
                ax.axvline(i + 0.5, color="0.6", ls=":", lw=1)
                ax.annotate(
                    "; ".join(name for _, name in sorted(changed))[:40],
                    (i + 0.55, 1.0),
                    xycoords=("data", "axes fraction"),
                    fontsize=6,
                    rotation=90,
                    va="top",
                    color="0.4",
                )
        if not ax.lines and not ax.collections:
            plt.close(fig)
            continue
        log_scale(ax)
        ax.set_xlabel("run (oldest first)")
        ax.set_ylabel("global tokens/s")
        ax.legend(fontsize=7)
        title = group[0].label or group[0].name
        ax.set_title(f"{title}: medians with 95% intervals; dashed: change points", fontsize=9)
        png = out / f"trend-{n + 1}.png"
        fig.savefig(png, dpi=100, metadata={"Software": None})
        plt.close(fig)
        made.append({"title": title, "png": png})
    return made


def report_html(
    series: list[Series], runs: list[Entry], since: int, text: str, figs: list[dict]
) -> str:
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>scalestudy history</title>",
        "</head><body><h1>scalestudy history</h1>",
        "<h2>Runs</h2><table border='1'><tr><th>#</th><th>run</th><th>when (UTC)</th>"
        "<th>source</th></tr>",
    ]
    for i, r in enumerate(runs):
        parts.append(
            f"<tr><td>{i + 1}</td><td>{html.escape(r.label)}</td><td>{when(r)}</td>"
            f"<td>{html.escape(r.source)}</td></tr>"
        )
    parts.append("</table>")
    if len(runs) < 2:
        parts.append(f"<p>{html.escape(ONE_RUN)}</p>")
    for f in figs:
        data = base64.b64encode(Path(f["png"]).read_bytes()).decode("ascii")
        parts.append(
            f"<h2>{html.escape(f['title'])}</h2>"
            f"<img alt='trend' src='data:image/png;base64,{data}'>"
        )
    parts.append(f"<h2>Series and change points</h2><pre>{html.escape(text)}</pre></body></html>")
    return "\n".join(parts)


def junit(
    judged: list[Judged],
    tolerance: float,
    *,
    strict: bool = False,
    allow_unjudged: bool = False,
    damaged: int = 0,
) -> str:
    """The gate's verdicts as JUnit XML: a failure for each point the gate fails on (judge.fails,
    under the same --strict and --allow-unjudged), and one for the damaged entries it could not
    read unless --allow-unjudged. Two series of one name (two sweeps' points) are told apart."""
    root = ET.Element("testsuites", name="scalestudy history --fail-on-change")
    opts = {"strict": strict, "allow_unjudged": allow_unjudged}
    names = [j.series.name for j in judged]

    def name(j: Judged) -> str:
        # a digest of the whole key: every key starts '{"nodes":N,"', so a prefix tells none apart
        digest = hashlib.sha256(j.series.key.encode()).hexdigest()[:8]
        return j.series.name + (f" [{digest}]" if names.count(j.series.name) > 1 else "")

    cases = []
    for j in judged:
        message = f"{j.outcome} (TOL {tolerance:.1%}): {j.why}"
        cases.append((name(j), message, j.outcome, fails(j.outcome, **opts)))
    if damaged:
        cases.append(
            ("damaged history entries", f"{damaged} entr(y/ies) could not be read", "unjudged",
             not allow_unjudged)
        )  # fmt: skip
    failing = sum(1 for *_, failed in cases if failed)
    suite = ET.SubElement(
        root,
        "testsuite",
        name="history",
        tests=str(len(cases)),
        failures=str(failing),
        errors="0",
        skipped="0",
        time="0",
        timestamp=datetime.now().strftime("%Y-%m-%dT%H:%M:%S"),
        hostname=socket.gethostname() or "localhost",
    )
    for name, message, outcome, failed in cases:
        case = ET.SubElement(suite, "testcase", classname="history", name=name, time="0")
        if failed:
            ET.SubElement(case, "failure", message=message, type=outcome).text = message
        else:
            ET.SubElement(case, "system-out").text = message
    root.set("tests", str(len(cases)))
    root.set("failures", str(failing))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def write_all(
    series: list[Series],
    runs: list[Entry],
    since: int,
    text: str,
    judged: list[Judged],
    out: Path,
) -> list[Path]:
    figs = trend_figures(series, runs, since, out) if len(runs) >= 2 else []
    write_atomic(out / "report.html", report_html(series, runs, since, text, figs))
    write_atomic(out / "history.json", as_json(series, runs, since, judged))
    return [out / "report.html", out / "history.json", *(f["png"] for f in figs)]
