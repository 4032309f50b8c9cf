"""The emulated-netns site's MPI settings are the emulated network's (localcluster/network.py
OMPI_TCP_ENV, the fix of docs/network.md's 2x): the shipped profile carries every one of them,
so a run of the network experiments is measured with the fix, not beside it."""

from pathlib import Path

from scalestudy.localcluster import network
from scalestudy.profiles import load_profile

ROOT = Path(__file__).resolve().parents[2]


def test_the_netns_profile_carries_the_networks_mpi_settings():
    profile, _ = load_profile(str(ROOT / "templates" / "clusters" / "emulated-netns.yaml"))
    assert network.OMPI_TCP_ENV, "the network declares no MPI settings"
    assert {k: profile.env.get(k) for k in network.OMPI_TCP_ENV} == network.OMPI_TCP_ENV
