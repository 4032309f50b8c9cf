"""Synthetic results folders for `scalestudy compare` and `archive` tests, laid out as a real
run leaves them (docs/results-layout.md): results.csv with the collect columns, points.jsonl
with each point's record, per point an attempt folder with point.json, job.sh (exports, the
launch line) and env/ (capture.json, pip-freeze.txt, lscpu.txt, kernel.txt, mpi.txt, ...), a
manifest naming the sweep file, and the sweep file itself."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path

from scalestudy.formats.manifest import Attempt
from support import manifest
from support.rows import TINY, point_row, results_table

BASE_CONFIG = {
    "accumulation": "tf1",
    "checkpoint_every": 0,
    "data": {"kind": "synthetic", "fixed_length": 64},
    "expect_ranks": 1,
    "expect_ranks_per_node": 1,
    "global_batch_tokens": None,
    "learning_rate": 0.001,
    "lr_warmup_steps": 100,
    "micro_batches": 1,
    "mode": "weak",
    "model": {"preset": "tiny"},
    "precision": "fp32",
    "seed": 1234,
    "sparse_as_dense": False,
    "steps": 40,
    "timing": "overlapped",
    "tokens_per_worker": 1024,
}
MODEL_SPEC = {"vocab": 1000, "hidden": 64, "tie_embeddings": True}
FLAGS = "fpu vme de pse tsc msr sse sse2 avx avx2 fma"


def _pid(name_salt: str, nodes: int, dense: bool, repeat: int) -> str:
    digest = hashlib.sha256(f"{name_salt}{nodes}{dense}".encode()).hexdigest()[:10]
    return f"n{nodes:04d}-p1-{digest}-r{repeat}"


def make_run(
    root: Path,
    name: str,
    samples: dict[tuple[bool, int], list[float]],
    *,
    cluster: str = "local",
    exports: dict[str, str] | None = None,
    tensorflow: str = "2.15.1",
    horovod: str = "0.28.1",
    cpu_flags: str = FLAGS,
    steps: int = 40,
    salt: str | None = None,
    statuses: dict[tuple[bool, int, int], str] | None = None,
    logs: bool = False,
    mode: str = "weak",
    allocations: int = 0,
    clock_check: str | None = None,
) -> Path:
    """root/name: samples[(dense, nodes)] are the tokens/s of each repeat (with `allocations`:
    repeat r ran in allocation r % allocations, as a bundled sweep's). The point ids hash
    `salt` (default: the name and cluster), as the plan's hash the profile: two runs of one
    sweep on two sites share no id."""
    salt = salt if salt is not None else f"{name}/{cluster}"
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    exports = {"OMP_NUM_THREADS": "1", **(exports or {})}
    statuses = statuses or {}
    sweep_file = root / f"{name}.yaml"
    sweep_file.write_text(
        f"name: {name}\ncluster: {cluster}\nmode: {mode}\nnodes: [1, 2]\nppn: 1\n"
        f"trainer: {{model: tiny, steps: {steps}}}\n"
        f"env: {json.dumps({k: v for k, v in exports.items() if k != 'OMP_NUM_THREADS'})}\n"
        "matrix:\n  trainer.sparse_as_dense: [false, true]\n"
    )
    rows, records, attempts = [], [], {}
    for (dense, nodes), values in sorted(samples.items()):
        for repeat, tput in enumerate(values):
            pid = _pid(salt, nodes, dense, repeat)
            status = statuses.get((dense, nodes, repeat), "completed")
            config = copy.deepcopy(BASE_CONFIG)
            config.update(
                sparse_as_dense=dense, steps=steps, expect_ranks=nodes, expect_ranks_per_node=1
            )
            # strong: a fixed global batch of 4096 tokens, split over the ranks
            per_worker = 1024 if mode == "weak" else 4096 // nodes
            global_batch = 1024 * nodes if mode == "weak" else 4096
            if mode == "strong":
                config.update(mode="strong", tokens_per_worker=None, global_batch_tokens=4096)
            label = "dense" if dense else "sparse"
            variant = "v" + hashlib.sha256(f"{name}{dense}".encode()).hexdigest()[:8]
            records.append(
                {
                    "schema": "scalestudy.point/1",
                    "point_id": pid,
                    "sweep": name,
                    "variant": variant,
                    "variant_label": label,
                    "variant_overrides": {"trainer.sparse_as_dense": dense},
                    "baseline": dense,
                    "baseline_keys": ["trainer.exchange", "trainer.sparse_as_dense"],
                    "workload": "trainer",
                    "cluster": cluster,
                    "mode": mode,
                    "nodes": nodes,
                    "ppn": 1,
                    "workers": nodes,
                    "threads": 1,
                    "repeat": repeat,
                    "allocation": repeat % allocations if allocations else None,
                    "tokens_per_worker": per_worker,
                    "global_batch_tokens": global_batch,
                    "env": {k: v for k, v in exports.items() if k != "OMP_NUM_THREADS"},
                    "model_spec": MODEL_SPEC,
                    "config": config,
                }
            )
            row = point_row(
                pid,
                name,
                nodes,
                variant=variant,
                variant_label=label,
                mode=mode,
                cluster=cluster,
                threads=1,
                **TINY,
                sparse_as_dense=dense,
                exchange="allreduce" if dense else "allgather",
                tokens_per_worker=per_worker,
                global_batch_tokens=global_batch,
                repeat=repeat,
                allocation=repeat % allocations if allocations else None,
                status=status,
                attempt=1,
                vocab_size=1000,
                hidden_size=64,
                tie_embeddings=True,
                micro_batches=1,
                steps=steps,
            )
            if status == "completed":
                row.update(
                    tokens_per_s=tput,
                    tokens_per_s_per_worker=tput / nodes,
                    step_s_median=global_batch / tput,
                    steps_timed=30,
                    clock_check=clock_check,
                )
            rows.append(row)
            attempt = folder / pid / "attempt-1"
            _attempt(attempt, pid, nodes, exports, tensorflow, horovod, cpu_flags, logs)
            attempts[pid] = [Attempt(attempt=1, state=status, folder=f"{pid}/attempt-1")]
    results_table(rows).to_csv(folder / "results.csv", index=False)
    (folder / "points.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    manifest.write(folder, manifest.made(attempts, sweep_file=str(sweep_file)))
    return folder


def _attempt(attempt: Path, pid, nodes, exports, tensorflow, horovod, cpu_flags, logs) -> None:
    env = attempt / "env"
    env.mkdir(parents=True, exist_ok=True)
    (attempt / "point.json").write_text(json.dumps({"point_id": pid}))
    (attempt / "exit_code").write_text("0\n")
    lines = [
        "#!/bin/bash",
        f"# scalestudy sweep, point {pid}, attempt 1",
        f"attempt_dir={attempt}",
        'cd "$attempt_dir" || exit 97',
        *(f"export {k}={v}" for k, v in exports.items()),
        f"export SCALESTUDY_POINT={pid}",
        'python3 -m scalestudy.capture --out "$attempt_dir/env"',
        f"mpirun -np {nodes} --oversubscribe --bind-to none \\",
        f"  python3 -m scalestudy.trainer --config {attempt}/point.json &",
        "launcher_pid=$!",
    ]
    (attempt / "job.sh").write_text("\n".join(lines) + "\n")
    (env / "capture.json").write_text(
        json.dumps(
            {
                "harness": {"commit": "abc123", "dirty": False, "python": "3.11.7", "host": "vm"},
                "files": {},
            }
        )
    )
    (env / "pip-freeze.txt").write_text(
        f"numpy==1.26.4\ntensorflow-cpu=={tensorflow}\nhorovod=={horovod}\nkeras==2.15.0\n"
    )
    (env / "lscpu.txt").write_text(
        f"Architecture:   x86_64\nCPU(s):   2\nModel name:   AMD EPYC\nFlags:   {cpu_flags}\n"
    )
    (env / "kernel.txt").write_text("Linux vm 6.1.0-test #1 SMP x86_64 GNU/Linux\n")
    (env / "mpi.txt").write_text("  Package: Debian OpenMPI\n  Open MPI: 4.1.4\n")
    (env / "slurm-version.txt").write_text("slurm 23.02.7\n")
    (env / "modules.txt").write_text("no module command\n")
    if logs:
        (attempt / "logs").mkdir(exist_ok=True)
        (attempt / "logs" / "rank00000.jsonl").write_text("")
        (attempt / "stdout.log").write_text("trainer output\n")
