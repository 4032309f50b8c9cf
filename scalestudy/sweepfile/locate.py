"""Which sweep a command means: a sweep file, a sweep's name (its folder under the results root,
whose manifest records the file it was submitted from), or nothing (the only sweep under the
results root, else the newest one, and a note saying which)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from scalestudy.errors import DamagedFile, UsageError
from scalestudy.formats.manifest import decode, known


@dataclass
class Located:
    path: str  # the sweep file
    note: str | None = None  # said to the user when the choice was not theirs


def _submitted(results: Path) -> tuple[dict[str, tuple[float, str]], dict[str, DamagedFile]]:
    """Sweeps under `results` that were submitted: name -> (when last submitted, sweep file).
    When: the newest attempt's submission time (status rewrites the manifest, so its mtime
    says when it was last looked at, not submitted), else the manifest's mtime. Also the
    sweeps whose manifest reads but has a damaged key (name -> the damage): not chosen, and
    said (a manifest that is no manifest at all is left to the verbs that rebuild it)."""
    found: dict[str, tuple[float, str]] = {}
    damaged: dict[str, DamagedFile] = {}
    for manifest in sorted(results.glob("*/manifest.json")):
        try:
            data = decode(manifest.read_bytes(), manifest)
        except DamagedFile as exc:
            damaged[manifest.parent.name] = exc
            continue
        except (OSError, ValueError):
            continue
        if data.sweep_file:
            times = [known(a.submitted_at, 0.0) for a in data.point_attempts()]
            when = max(times, default=0.0) or manifest.stat().st_mtime
            found[manifest.parent.name] = (when, data.sweep_file)
    return found, damaged


def sweep_file(arg: str | None, results: Path) -> Located:
    if arg is not None and (Path(arg).is_file() or arg.endswith((".yaml", ".yml"))):
        return Located(arg)  # a file (a missing one is load_sweep's error to report)
    found, damaged = _submitted(results)
    then = "then name its sweep file (a manifest rebuilt from the attempt folders has none)"
    if arg in damaged:  # the sweep named: its file and key, exit 2
        exc = damaged[arg]
        raise DamagedFile(exc.path, exc.problem, hint=f"{exc.hint}; {then}")
    for name, exc in sorted(damaged.items()):
        print(
            f"warning: {exc}; sweep {name} is not one of the submitted sweeps found under "
            f"{results}/ until it is mended (hint: {exc.hint}; {then})",
            file=sys.stderr,
        )
    if arg is not None:
        if arg not in found:
            known = ", ".join(sorted(found)) or "none"
            raise UsageError(
                f"{arg!r} is neither a sweep file nor a submitted sweep under {results}/ "
                f"(submitted there: {known})"
            )
        return Located(_existing(found[arg][1], arg, results))
    if not found:
        raise UsageError(
            f"no submitted sweep under {results}/: name a sweep file "
            "(e.g. experiments/quickstart.yaml) or use --results"
        )
    newest = max(found, key=lambda name: found[name][0])
    path = _existing(found[newest][1], newest, results)
    if len(found) == 1:
        return Located(path, f"sweep {newest} (the only one under {results}/)")
    others = ", ".join(sorted(set(found) - {newest}))
    return Located(
        path, f"sweep {newest}, the newest of {len(found)} under {results}/ (others: {others})"
    )


def collected_sweep(results: Path) -> tuple[str, str]:
    """The only, else the newest collected sweep under `results` (by when its table was
    written), by name, and a note saying which: report, compare and archive read a results
    folder alone, so neither its manifest nor its sweep file need to be there (a folder
    copied to another machine)."""
    tables = [p for name in ("results.csv", "results.parquet") for p in results.glob(f"*/{name}")]
    when: dict[str, float] = {}
    for table in tables:
        name = table.parent.name
        when[name] = max(when.get(name, 0.0), table.stat().st_mtime)
    if not when:
        raise UsageError(
            f"no collected sweep under {results}/ (no */results.csv): name a sweep, a results "
            "folder or an archive, or use --results"
        )
    newest = max(when, key=lambda name: when[name])
    if len(when) == 1:
        return newest, f"sweep {newest} (the only one under {results}/ with results)"
    others = ", ".join(sorted(set(when) - {newest}))
    return newest, (
        f"sweep {newest}, the newest of {len(when)} under {results}/ with results "
        f"(others: {others})"
    )


def _existing(path: str, name: str, results: Path) -> str:
    if not Path(path).is_file():
        raise UsageError(
            f"sweep {name} was submitted from {path}, which no longer exists: "
            f"name the sweep file (results stay in {results}/{name}/)"
        )
    return path
