"""Open MPI's pml monitoring: the bytes each rank really put on the wire.

Enabled with `--mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3
--mca pml_monitoring_filename PREFIX`; at MPI_Finalize every rank writes PREFIX.<rank>.prof with
lines `I|E <src> <dst> <bytes> bytes <n> msgs sent ...` (I: messages of collectives, E: user
point-to-point). Collectives are built on point-to-point messages, so these are the wire bytes.
"""

from __future__ import annotations

import re
from pathlib import Path

MCA = {
    "pml_monitoring_enable": "2",
    "pml_monitoring_enable_output": "3",
}
# Lock the collectives to the ring algorithms so the wire model is the algorithm in use.
RING_ALGORITHMS = {
    "coll_tuned_use_dynamic_rules": "1",
    "coll_tuned_allreduce_algorithm": "4",  # ring
    "coll_tuned_allgatherv_algorithm": "3",  # ring
}

_LINE = re.compile(r"^([IE])\t(\d+)\t(\d+)\t(\d+) bytes\t(\d+) msgs sent")


def monitoring_mca(prefix: str | Path, ring: bool = True) -> dict[str, str]:
    return {**MCA, "pml_monitoring_filename": str(prefix), **(RING_ALGORITHMS if ring else {})}


def sent_bytes(prefix: str | Path) -> dict[int, int]:
    """Bytes each rank sent (collective-internal + user point-to-point), by rank."""
    prefix = Path(prefix)
    out: dict[int, int] = {}
    for path in prefix.parent.glob(prefix.name + ".*.prof"):
        rank = int(path.name.split(".")[-2])
        total = 0
        for line in path.read_text().splitlines():
            m = _LINE.match(line)
            if m:
                total += int(m.group(4))
        out[rank] = total
    if not out:
        raise FileNotFoundError(f"no {prefix}.<rank>.prof files: was pml monitoring enabled?")
    return out
