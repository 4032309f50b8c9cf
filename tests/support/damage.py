"""A sweep's results folder as a real Slurm submit leaves it, for the damage tests: the sweep
submitted through the Slurm stand-ins (tests/unit/fake_slurm.py: jobs queued, nothing runs),
then some points finished by hand (a completed step log, footer and exit marker), so the
manifest, the attempt folders and the queue agree before a test damages one of them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import yaml

from scalestudy.cli import main
from scalestudy.formats import step_log
from support import manifest
from support.sweeps import separate_jobs

SWEEP = separate_jobs("damage")


@dataclass
class Submitted:
    sweep: Path  # the sweep file
    results: Path  # the results root
    folder: Path  # results/<sweep>
    queue: Path  # the stand-in's queue file

    def attempt(self, point_id: str, k: int = 1) -> Path:
        return self.folder / point_id / f"attempt-{k}"

    def point_ids(self) -> list[str]:
        return sorted(manifest.read(self.folder).points)

    def run(self, verb: str, *args: str) -> int:
        return main([verb, str(self.sweep), "--results", str(self.results), *args])


def submit_sweep(tmp_path: Path, sweep: dict | None = None) -> Submitted:
    """Submit `sweep` (default SWEEP) to the stand-ins; fake_slurm must be activated first."""
    spec = sweep or SWEEP
    path = tmp_path / f"{spec['name']}.yaml"
    path.write_text(yaml.safe_dump(spec))
    results = tmp_path / "results"
    done = Submitted(path, results, results / spec["name"], tmp_path / "queue.json")
    assert done.run("submit", "--executor", "slurm") == 0
    return done


def step_records(workers: int = 1, steps: int = 4) -> list[dict]:
    """A completed run's records of one rank: header, steps, footer (the fields collect reads)."""
    q = {"median": 0.2, "p10": 0.19, "p90": 0.25}
    recs: list[dict] = [{"type": "header", "schema": step_log.SCHEMA, "segment_start_step": 1}]
    for s in range(1, steps + 1):
        recs.append(
            {
                "type": "step",
                "step": s,
                "timed": s > 1,
                "loss": 7.0 - 0.1 * s,
                "embedding_rows_per_rank": [1201] * workers,
                "bytes": {
                    "logical_embedding": 5000,
                    "logical_total": 9000,
                    "wire_sent_model": 7000,
                    "wire_recv_model": 7000,
                },
                "peak_rss": 800_000_000,
            }
        )
    timing = {
        "timed_steps": steps - 1,
        "throughput_tokens_per_s": {"total": 900.5, "src": 450.0, "tgt": 450.5, "slots": 1e3},
        "step_s_max_over_ranks": q,
        "this_rank": {"step_s": q},
    }
    recs.append(
        {
            "type": "footer",
            "status": "completed",
            "exit_code": 0,
            "reason": "",
            "last_step": steps,
            "timing": timing,
        }
    )
    return recs


def finish(attempt_dir: Path, workers: int) -> None:
    """The attempt ran to completion: every rank's step log, and the job's exit marker."""
    logs = attempt_dir / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(r) + "\n" for r in step_records(workers))
    for rank in range(workers):
        (logs / step_log.rank_log_name(rank)).write_text(text)
    (attempt_dir / "exit_code").write_text("0\n")


def mark_completed(done: Submitted, point_id: str) -> None:
    """The point's job finished: its logs on disk, its manifest record completed."""
    data = manifest.read(done.folder)
    attempt = data.last(point_id)
    finish(done.folder / attempt.folder, attempt.nodes * attempt.ppn)
    attempt.update(state="completed", exit_code=0)
    manifest.write(done.folder, data)
