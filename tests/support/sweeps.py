"""The sweeps the tests submit most: a weak sweep of the tiny model on 1 and 2 nodes with one
variant per `trainer.sparse_as_dense` (the smallest comparison the harness makes). Each test names
what its sweep changes; the dicts are new on every call, so a test may edit its own."""

from __future__ import annotations

# a few steps that run (two of them warm-up): the local executor's and the emulated cluster's;
# no compute probe (a second trace after the last step: see NO_PROBE in tests/conftest.py)
RUNS = {
    "model": "tiny",
    "tokens_per_worker": 512,
    "steps": 6,
    "timing_warmup_steps": 2,
    "compute_probe_steps": 0,
}
# submitted to the Slurm stand-ins, where nothing runs (tests/unit/fake_slurm.py)
QUEUED = {"model": "tiny", "steps": 4, "tokens_per_worker": 1024}


def sparse_and_dense(name: str, cluster: str, trainer: dict = RUNS, **keys) -> dict:
    """The sweep `name` on `cluster`; `keys` add or replace sweep keys (ppn, repeats, schedule,
    time_limit ...)."""
    return {
        "name": name,
        "cluster": cluster,
        "mode": "weak",
        "nodes": [1, 2],
        "time_limit": "00:05:00",
        "trainer": dict(trainer),
        "matrix": {"trainer.sparse_as_dense": [False, True]},
        **keys,
    }


def two_nodes(name: str, cluster: str, **keys) -> dict:
    """One point of the tiny trainer on 2 nodes of an emulated Slurm cluster, its nodes shared
    (not exclusive); `keys` add or replace sweep keys."""
    return {
        "name": name,
        "cluster": cluster,
        "mode": "weak",
        "nodes": [2],
        "ppn": 1,
        "time_limit": "00:05:00",
        "slurm": {"exclusive": False},
        "trainer": dict(RUNS),
        **keys,
    }


def separate_jobs(name: str) -> dict:
    """One Slurm job per point (no array), submitted to the stand-ins."""
    return sparse_and_dense(
        name, "slurm", QUEUED, ppn=1, schedule="separate", slurm={"array": False}
    )


# the smallest sweep file that validates, as text (tests of where an error is said count its
# lines: `trainer:`'s keys are lines 7-9)
SMALL_TEXT = """\
name: t
cluster: local
mode: weak
nodes: [1, 2]
ppn: 1
trainer:
  model: tiny
  tokens_per_worker: 512
  steps: 10
"""
