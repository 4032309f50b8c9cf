"""How busy the machine's processors were while a test ran: system-wide busy CPU seconds from
/proc/stat, recorded as the JUnit property `cpu_s` of each test (setup to teardown). A test that
waits (a Slurm job's sleep, a node's timeout) shows few CPU seconds per second of its wall time,
one that trains shows about the machine's core count: scripts/test_costs.py sums them per file,
which says what could overlap (docs/development.md). On a machine running anything else the
figure includes it."""

from __future__ import annotations

import os


def busy_seconds() -> float | None:
    """Busy CPU seconds of every processor since boot (user + nice + system + irq + softirq +
    steal), None where /proc/stat is not there."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + fields[4]  # idle + iowait
    guests = sum(fields[8:10])  # guest time is already counted in user and nice
    return (sum(fields) - idle - guests) / os.sysconf("SC_CLK_TCK")
