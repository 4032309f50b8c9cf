"""Comparing rendered job scripts across profiles."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _quickstart_scripts(cluster: str, folder: Path) -> list[str]:
    """The quickstart's job scripts rendered for `cluster`, its results folder as "@"."""
    from scalestudy.plan import make_plan
    from scalestudy.submit import render_all
    from scalestudy.sweepfile.sweep import load_sweep

    quickstart = (REPO / "experiments" / "quickstart.yaml").read_text()
    folder.mkdir(parents=True)
    sweep = folder / "quickstart.yaml"
    sweep.write_text(quickstart.replace("cluster: local", f"cluster: {cluster}"))
    loaded = load_sweep(sweep)
    scripts = render_all(loaded, make_plan(loaded), folder / "results").values()
    return [s.replace(str(folder.resolve()), "@") for s in scripts]


def check_renders_as_emulated(detected, folder: Path) -> None:
    """A profile detected from the local test cluster (named `emulated`: the name is part of
    every point id) renders the quickstart's job scripts of the hand-written `emulated` profile
    but for one line: slurmd reports each test node (CPUs=2 in slurm.conf) as 2 sockets x 1
    core, which detection writes, where the hand-written profile says 1 socket x 2 cores. One
    rank per node: Open MPI maps it per socket or per node, onto one core alike."""
    hand = _quickstart_scripts("emulated", folder / "hand")
    auto = _quickstart_scripts(str(detected), folder / "auto")
    assert len(hand) == len(auto) == 4
    for h, a in zip(hand, auto, strict=True):
        differ = [(x, y) for x, y in zip(h.splitlines(), a.splitlines(), strict=True) if x != y]
        assert differ and all(x.replace("ppr:1:socket", "ppr:1:node") == y for x, y in differ), (
            differ
        )
