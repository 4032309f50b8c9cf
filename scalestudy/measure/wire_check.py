"""Wire bytes from Open MPI's counters against the ring model the trainer logs.

Two runs with the same seed, `short` and `long` steps, under pml monitoring with the collectives
locked to ring algorithms: the difference of the counters is the traffic of steps short+1..long
(start-up, broadcast and shutdown cancel), compared with the sum of those steps' modelled bytes.
What remains is Horovod's negotiation, which the model leaves out.
"""

from __future__ import annotations

from pathlib import Path

from scalestudy.measure import ompi_monitoring
from scalestudy.measure.run_local import run_point


def measure_wire(workdir: Path, ranks: int, config: dict, short: int = 2, long: int = 6) -> dict:
    sent, runs = {}, {}
    for steps in (short, long):
        prefix = workdir / f"monitor-{steps}" / "prof"
        prefix.parent.mkdir(parents=True, exist_ok=True)
        runs[steps] = run_point(
            workdir / f"run-{steps}",
            ranks,
            {**config, "steps": steps},
            mca=ompi_monitoring.monitoring_mca(prefix),
        )
        if runs[steps].returncode != 0:
            raise RuntimeError(f"trainer failed:\n{runs[steps].output[-3000:]}")
        sent[steps] = ompi_monitoring.sent_bytes(prefix)
    per_rank = []
    for rank in range(ranks):
        measured = sent[long][rank] - sent[short][rank]
        # the gradients' exchange and, in a mesh, the model group's activation allreduces
        model = sum(
            r["bytes"]["wire_sent_model"] + (r.get("mesh") or {}).get("wire_sent_model", 0)
            for r in runs[long].steps(rank)
            if r["step"] > short
        )
        logical = sum(
            r["bytes"]["logical_total"] for r in runs[long].steps(rank) if r["step"] > short
        )
        per_rank.append(
            {
                "rank": rank,
                "measured_sent_bytes": measured,
                "model_sent_bytes": model,
                "ratio": measured / model,
                "logical_bytes": logical,
            }
        )
    return {
        "ranks": ranks,
        "steps_compared": long - short,
        "algorithms": "ring (forced)",
        "per_rank": per_rank,
    }
