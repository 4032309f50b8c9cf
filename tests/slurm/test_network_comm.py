"""Ground truth for the comm workload (issue #36 item 2 a, b): a comm sweep, submitted as a
user would (a profile + `scalestudy submit`, then `scalestudy collect`), on the emulated network
with each node's link shaped to RATE. Open MPI talks TCP over the veths (btl self,vader,tcp with
btl_tcp_if_include the cluster's subnet; vader is shared memory within a node), with the
emulated network's TCP settings (network.OMPI_TCP_ENV: the TCP BTL without PUT, and each
node's tcp_notsent_lowat; without them a two-way exchange takes 2x its time, docs/network.md
"The 2x").

(a) What the product reports: the comm fit's bandwidth (collect's calibration.json, the figure
    `scalestudy report` prints) for allreduce, allgather and alltoall within 10% of what two
    plain sockets get on the same link just before (both ends sending the sweep's sizes to each
    other at once, 7 times each; the slope of the median seconds), and no more than 10% above the
    link's payload rate (a shaper is a ceiling); the sockets' rate itself between 3/4 of the
    payload rate and 10% above it. Why the sockets and not the payload rate alone: a wall clock
    on a machine whose processes lose time off the CPU sees less than the link carries
    (test_network.py: CI measured -9.9% first to last byte where this machine measures <1%);
    one CI run fitted allreduce at -10.1% of the payload rate with every iteration 1.05-1.56x the
    ideal, where this machine fits -1.4..-2.2% of the sockets (-0.7% of the payload rate). The
    sweep is the fit's smallest: 1 node (o and g, no network) and 2 nodes x 1
    rank at 2, 4, 8 and 16 MiB, 7 iterations (bandwidth-bound: 88 to 700 ms a call at 200mbit;
    at 1 MiB single calls still took up to 2-2.9x, the start of a call waiting on control
    messages; with 3 sizes and 5 iterations one noisy median at load ~11 moved alltoall's fit
    to -14%). The fit's model
    charges a call wire(N) x bytes at the link's rate; at N = 2 that is, per rank, allreduce B,
    allgather b, alltoall b/2 (the projection's 2(N-1)/N B, (N-1) b, (N-1)/N b), and it is what
    the algorithms that run send: allreduce pinned to recursive doubling (coll_tuned allreduce
    algorithm 3: one exchange of the whole B), allgather at 2 ranks (every algorithm: one
    exchange of b), alltoall (one block of b/2 to the other rank, one stays home). The test
    asserts the model's factors are these.
(b) The bytes each node's interface sent during the sweep (its counters, read in the node's
    namespace) against the wire bytes the 2-node comm log implies (every record's per-rank send
    bytes x (iterations + warmup)): the counters hold the payload plus headers, ACKs for the
    other direction and the jobs' control traffic (launch, PMIx, Horovod's negotiation,
    slurmd): measured +3.8% to +4.6% over the payload; the check asks 0 to +10%. Doubling
    the modelled bytes fails it (the control: ratio ~0.52).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
import yaml
from support.netns import LINK_RATE, two_way_seconds, tx_bytes, write_profile
from support.slurm import wait_settled

from scalestudy.cli import main
from scalestudy.cost_models import collectives as table
from scalestudy.localcluster import LocalCluster
from scalestudy.localcluster.network import rate_bits

pytestmark = [pytest.mark.slurm, pytest.mark.timing]  # scripts/heavy_lanes.py: run alone

RATE = LINK_RATE  # the netns_pair fixture's (tests/conftest.py)
PAYLOAD_SHARE = 1448 / 1514  # TCP payload per Ethernet frame at MTU 1500 (test_network.py)
SIZES = [2097152, 4194304, 8388608, 16777216]
ITERATIONS, WARMUP = 7, 1
RATE_TOLERANCE = 0.10
REFERENCE_FLOOR = 0.75  # the socket reference is this link: at least 3/4 of its payload rate
OVERHEAD_MAX = 0.10  # counters over modelled payload: headers + ACKs + control, measured ~4.5%
# bytes one rank sends per call of b bytes (per rank) at N = 2 by the algorithm that runs (see
# the docstring); the fit's model must say the same (collectives' wire(2))
SEND_FACTOR = {"allreduce": 1.0, "allgather": 1.0, "alltoall": 0.5}

PROFILE_ENV = {  # with write_profile's: the subnet and network.OMPI_TCP_ENV
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


def run_comm(
    cluster: LocalCluster, folder: Path, ppn: int, collectives: list[str], nodes=(2,), sizes=SIZES
):
    """A comm sweep on `nodes` x ppn ranks, submitted through a profile of the shaped cluster;
    the 2-node point's comm.json, each node's tx_bytes before and after the sweep, and the
    sweep's results folder."""
    write_profile(
        folder, cluster, "netns-shaped", f"2 emulated nodes on veths shaped to {RATE}", PROFILE_ENV
    )
    sweep = {
        "name": "netcomm",
        "cluster": "prof.yaml",
        "mode": "weak",
        "workload": "comm",
        "nodes": list(nodes),
        "ppn": ppn,
        "threads_per_worker": 1,
        "repeats": 1,
        "time_limit": "00:05:00",
        "trainer": {"model": "tiny", "tokens_per_worker": 256},
        "comm": {
            "collectives": collectives,
            "sizes_bytes": list(sizes),
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
    for entry in data.points.values():
        assert entry.attempts[-1].state == "completed", entry
    after = tx_bytes(cluster)
    docs = [
        json.loads(p.read_text()) for p in (results / "netcomm").glob("*/attempt-*/logs/comm.json")
    ]
    (doc,) = [d for d in docs if len(set(d["hosts"])) == 2]
    return doc, before, after, results


def reference_rate(cluster: LocalCluster) -> float:
    """Payload bytes/s one way of a two-way exchange between the nodes with plain sockets, at
    the sweep's sizes and iterations: the slope of the median seconds over the sizes."""
    seconds = two_way_seconds(cluster, SIZES, ITERATIONS)
    medians = [statistics.median(seconds[b]) for b in SIZES]
    slope = statistics.linear_regression(SIZES, medians).slope
    print(
        "sockets, two ways at once: "
        + "; ".join(f"{b} B median {m * 1e3:.0f} ms" for b, m in zip(SIZES, medians, strict=True))
    )
    return 1 / slope


def test_comm_fit_recovers_the_link_rate_and_its_bytes(netns_pair, tmp_path, monkeypatch):
    monkeypatch.setenv("SLURM_CONF", str(netns_pair.conf))
    reference = reference_rate(netns_pair)
    doc, before, after, results = run_comm(netns_pair, tmp_path, 1, list(SEND_FACTOR), nodes=(1, 2))
    assert doc["hosts"] == ["n1", "n2"] and doc["local_size"] == 1

    # (a) the product's fitted bandwidth, per collective (collect's calibration.json)
    assert main(["collect", str(tmp_path / "netcomm.yaml"), "--results", str(results)]) == 0
    calibration = json.loads((results / "netcomm" / "calibration.json").read_text())
    payload_rate = rate_bits(RATE) / 8 * PAYLOAD_SHARE  # bytes/s of TCP payload
    for r in doc["records"]:  # what the fit was given: each iteration against the ideal
        if r["kind"] == "sweep":
            ideal = SEND_FACTOR[r["collective"]] * r["bytes"] / payload_rate
            print(
                f"{r['collective']:9s} {r['bytes']:>8d} B: median {r['median_s'] / ideal:.2f} "
                f"x ideal; iterations {', '.join(f'{t / ideal:.2f}' for t in r['times_s'])}"
            )
    for name, factor in SEND_FACTOR.items():
        assert table.get(name).wire(2) == factor, name  # the model's bytes = the algorithm's
        assert name in calibration["collectives"], calibration["errors"]
        fit = calibration["collectives"][name]
        fitted = fit["bandwidth_bytes_per_s"]
        print(
            f"{name:9s} factor {factor}: fitted {fitted / 1e6:.2f} MB/s, "
            f"{fitted / reference - 1:+.1%} of the sockets' {reference / 1e6:.2f} MB/s, "
            f"{fitted / payload_rate - 1:+.1%} of the payload rate {payload_rate / 1e6:.2f} MB/s "
            f"({RATE} x {PAYLOAD_SHARE:.3f}); alpha {fit['alpha_s'] * 1e3:.2f} ms"
        )
        assert abs(fitted / reference - 1) <= RATE_TOLERANCE, fit
        assert fitted <= payload_rate * (1 + RATE_TOLERANCE), fit  # a shaper is a ceiling
    print(f"sockets, two ways at once: {reference / payload_rate - 1:+.1%} of the payload rate")
    assert REFERENCE_FLOOR * payload_rate <= reference <= payload_rate * (1 + RATE_TOLERANCE)

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
    doc, before, after, _ = run_comm(
        netns_pair, tmp_path, 2, ["alltoall"], sizes=[1048576, 8388608]
    )
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
