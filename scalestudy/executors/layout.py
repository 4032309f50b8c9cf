"""The attempt-folder layout every backend shares:

results/<sweep>/<point-id>/attempt-<k>/ holds point.json, job.sh (the exact script), logs/ and
exit_code; results/<sweep>/<point-id>/checkpoints/ is shared by the attempts so a retry resumes.
A bundle run as one job has its own results/<sweep>/bundles/<bundle-id>/attempt-<k>/.
"""

from __future__ import annotations

from pathlib import Path

from scalestudy.formats import attempt_files
from scalestudy.formats.manifest import ManifestFile
from scalestudy.plan import Bundle, Point
from scalestudy.render import render_bundle
from scalestudy.sweepfile.sweep import LoadedSweep
from scalestudy.workloads import table as workloads


def sweep_dir(results: Path, loaded: LoadedSweep) -> Path:
    return results / loaded.sweep.name


def next_attempt_dir(sdir: Path, manifest: ManifestFile, point: Point) -> tuple[int, Path]:
    entry = manifest.points.get(point.id)
    k = (len(entry.attempts) if entry else 0) + 1
    return k, sdir / point.id / attempt_files.attempt_name(k)


def point_json(
    point: Point, attempt_dir: Path, fresh_checkpoints: bool, binds: bool = True
) -> dict:
    """The point's config as its job reads it. `binds`: whether the profile's launcher pins
    ranks to cores (a probe then requires the ranks of a node not to share CPUs)."""
    cfg = point.config.identity()
    cfg["log_dir"] = str(attempt_dir / "logs")
    ckpt = attempt_dir / "checkpoints" if fresh_checkpoints else attempt_dir.parent / "checkpoints"
    cfg["checkpoint_dir"] = str(ckpt)
    cfg.update(workloads.get(point.sweep.workload).point_json(point.sweep, binds))
    return cfg


def bundle_script(
    b: Bundle, loaded: LoadedSweep, bdir: Path, run_dirs: dict[str, Path], env, attempt: int = 1
) -> str:
    """The bundle's job script; a member without a laid-out attempt folder gets one under the
    bundle's (a placeholder, for --test-only)."""
    dirs = {m.id: run_dirs.get(m.id, bdir / m.id) for m in b.members}
    return render_bundle(b, loaded.profile, bdir, attempt, dirs, env)
