"""Ground truth for the comm workload (issue #36 item 2 a, b): a 2-node comm point, submitted
as a user would (a profile + `scalestudy submit`), on the emulated network with each node's
link shaped to RATE. Open MPI talks TCP over the veths (btl self,vader,tcp with
btl_tcp_if_include the cluster's subnet; vader is shared memory within a node).

(a) Each collective's fastest iteration at the largest size recovers the link's payload rate
    within 10%, with the factor of the algorithm that ran. Not the median: on this host the
    iterations fall at 1x and 2x the ideal time (both directions at once, or one after the
    other: measured, e.g. allreduce 359 ms median in one run and 702 ms in the next, 350 ms
    ideal), which is the MPI progress of two ranks on 2 shared cores, not the link. At 2
    ranks each algorithm used here sends each rank's share once, both directions at once:
    allreduce by recursive doubling (pinned: coll_tuned allreduce algorithm 3) B per rank,
    allgather b, alltoall b/2 (one of 2 blocks stays home) -- the projection's ring formulas
    2(N-1)/N B, (N-1) b, (N-1)/N b at N = 2. Open MPI's default choice at 2 ranks took a
    median 1.51 x B / rate for 8 MiB in one run and the ring (algorithm 4) 1.75 x (the
    bytes are the same; their steps wait on each other more often): pinned to recursive
    doubling, the factor is known.
(b) The bytes each node's interface sent during the job (its counters, read in the node's
    namespace) against the wire bytes the comm log implies (every record's per-rank send
    bytes x (iterations + warmup)): the counters hold the payload plus headers, ACKs for the
    other direction and the job's control traffic (launch, PMIx, Horovod's negotiation,
    slurmd): measured +3.8% to +4.6% over the payload; the check asks 0 to +10%. Doubling
    the modelled bytes fails it (the control: ratio ~0.52).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from support.netns import LINK_RATE, tx_bytes, write_profile
from support.slurm import wait_settled

from scalestudy.cli import main
from scalestudy.localcluster import LocalCluster
from scalestudy.localcluster.network import rate_bits

pytestmark = pytest.mark.slurm

RATE = LINK_RATE  # the netns_pair fixture's (tests/conftest.py)
PAYLOAD_SHARE = 1448 / 1514  # TCP payload per Ethernet frame at MTU 1500 (test_network.py)
SIZES = [1048576, 8388608]
ITERATIONS, WARMUP = 4, 1
RATE_TOLERANCE = 0.10
OVERHEAD_MAX = 0.10  # counters over modelled payload: headers + ACKs + control, measured ~4.5%
# bytes one rank sends per call of b bytes (per rank) at N = 2 (see the docstring)
SEND_FACTOR = {"allreduce": 1.0, "allgather": 1.0, "alltoall": 0.5}

PROFILE_ENV = {
    "OMPI_MCA_mpi_yield_when_idle": "1",
    "OMPI_MCA_btl": "self,vader,tcp",
    "OMPI_MCA_coll_tuned_use_dynamic_rules": "1",
    "OMPI_MCA_coll_tuned_allreduce_algorithm": "3",  # recursive doubling (see the docstring)
    "OMPI_ALLOW_RUN_AS_ROOT": "1",
    "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
}


def sent_per_rank(doc: dict) -> list[float]:
    """Payload bytes each rank sends over the whole comm run, from its log: every record's
    per-rank bytes x the factor of its collective x (iterations + warmup)."""
    sent = [0.0, 0.0]
    for r in doc["records"]:
        calls = r["iterations"] + r["warmup"]
        for rank in (0, 1):
            if r["kind"] == "trainer" and r["collective"] == "allgather":
                b = r["rows_per_rank"][rank] * r["bytes"] / r["rows"]  # each its own rows
            elif r["kind"] == "trainer" and r["collective"] == "alltoall":
                sent[rank] += calls * r["bytes"] * (1 - r["splits"][rank] / sum(r["splits"]))
                continue
            else:
                b = r["bytes"]
            sent[rank] += calls * b * SEND_FACTOR[r["collective"]]
    return sent


def run_comm(cluster: LocalCluster, folder: Path, ppn: int, collectives: list[str]):
    """One comm point on 2 nodes x ppn ranks, submitted through a profile of the shaped
    cluster; its comm.json and each node's tx_bytes before and after the job."""
    write_profile(
        folder, cluster, "netns-shaped", f"2 emulated nodes on veths shaped to {RATE}", PROFILE_ENV
    )
    sweep = {
        "name": "netcomm",
        "cluster": "prof.yaml",
        "mode": "weak",
        "workload": "comm",
        "nodes": [2],
        "ppn": ppn,
        "threads_per_worker": 1,
        "repeats": 1,
        "time_limit": "00:05:00",
        "trainer": {"model": "tiny", "tokens_per_worker": 256},
        "comm": {
            "collectives": collectives,
            "sizes_bytes": SIZES,
            "iterations": ITERATIONS,
            "warmup": WARMUP,
        },
    }
    path = folder / "netcomm.yaml"
    path.write_text(yaml.safe_dump(sweep))
    results = folder / "results"
    before = tx_bytes(cluster)
    assert main(["submit", str(path), "--results", str(results), "--executor", "slurm"]) == 0
    data = wait_settled(path, results, "netcomm", timeout=600)
    (entry,) = data["points"].values()
    assert entry["attempts"][-1]["state"] == "completed", entry
    after = tx_bytes(cluster)
    (log,) = (results / "netcomm").glob("*/attempt-*/logs/comm.json")
    return json.loads(log.read_text()), before, after


def test_comm_point_recovers_the_link_rate_and_its_bytes(netns_pair, tmp_path, monkeypatch):
    monkeypatch.setenv("SLURM_CONF", str(netns_pair.conf))
    doc, before, after = run_comm(netns_pair, tmp_path, 1, list(SEND_FACTOR))
    assert doc["hosts"] == ["n1", "n2"] and doc["local_size"] == 1

    # (a) the rate, per collective, from its largest message
    payload_rate = rate_bits(RATE) / 8 * PAYLOAD_SHARE  # bytes/s of TCP payload
    for r in doc["records"]:
        if r["kind"] != "sweep" or r["bytes"] != max(SIZES):
            continue
        ideal = SEND_FACTOR[r["collective"]] * r["bytes"] / payload_rate
        bw = SEND_FACTOR[r["collective"]] * r["bytes"] / min(r["times_s"])
        off = bw / payload_rate - 1
        print(
            f"{r['collective']:9s} {r['bytes']} B, factor {SEND_FACTOR[r['collective']]}: "
            f"fastest {bw / 1e6:.2f} MB/s, {off:+.1%} of the payload rate "
            f"{payload_rate / 1e6:.2f} MB/s ({RATE} x {PAYLOAD_SHARE:.3f}); iterations / ideal "
            f"{', '.join(f'{s / ideal:.2f}' for s in r['times_s'])}"
        )
        assert abs(off) <= RATE_TOLERANCE, r

    # (b) the interfaces' counters against the log's wire bytes, and the doubled control
    modelled = sent_per_rank(doc)
    for rank, node in enumerate(doc["hosts"]):
        counted = after[node] - before[node]
        ratio = counted / modelled[rank]
        print(
            f"{node}: interface sent {counted} B, log implies {modelled[rank]:.0f} B of "
            f"payload: {ratio - 1:+.2%} (headers, ACKs, control)"
        )
        assert 1.0 <= ratio <= 1 + OVERHEAD_MAX
        assert not 1.0 <= counted / (2 * modelled[rank]) <= 1 + OVERHEAD_MAX  # the control


def test_two_ranks_per_node_show_only_the_inter_node_bytes(netns_pair, tmp_path, monkeypatch):
    """The control of (b): 2 ranks on each of 2 nodes, alltoall (every block goes straight
    to its rank, whatever the algorithm): a node's interface carries its ranks' blocks for
    the other node's ranks only (their blocks for each other go through shared memory). The
    inter-node model agrees within the same tolerance; counting every block a rank sends
    (what a loopback run's MPI counters would say) does not."""
    monkeypatch.setenv("SLURM_CONF", str(netns_pair.conf))
    doc, before, after = run_comm(netns_pair, tmp_path, 2, ["alltoall"])
    hosts = doc["hosts"]
    assert sorted(hosts) == ["n1", "n1", "n2", "n2"] and doc["local_size"] == 2
    inter = {"n1": 0.0, "n2": 0.0}
    every = {"n1": 0.0, "n2": 0.0}
    for r in doc["records"]:
        assert r["collective"] == "alltoall"
        calls = r["iterations"] + r["warmup"]
        # blocks by destination rank: the trainer's uneven splits (rank 0's, rows of equal
        # size; the others' are alike: owner = id mod N), the sweep's N even blocks
        splits = r.get("splits") or [1] * len(hosts)
        for rank, node in enumerate(hosts):
            for dest, share in enumerate(splits):
                b = calls * r["bytes"] * share / sum(splits)
                if dest != rank:
                    every[node] += b
                if hosts[dest] != node:
                    inter[node] += b
    for node in ("n1", "n2"):
        counted = after[node] - before[node]
        print(
            f"{node}: interface sent {counted} B; inter-node blocks {inter[node]:.0f} B "
            f"({counted / inter[node] - 1:+.2%}), every block {every[node]:.0f} B "
            f"({counted / every[node] - 1:+.2%})"
        )
        assert 1.0 <= counted / inter[node] <= 1 + OVERHEAD_MAX
        assert not 1.0 <= counted / every[node] <= 1 + OVERHEAD_MAX
