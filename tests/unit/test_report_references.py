"""The published numbers: one data file, every entry cited, every sweep's name known."""

from pathlib import Path

import yaml

from scalestudy.formats import references

EXPERIMENTS = Path(__file__).resolve().parents[2] / "experiments"


def test_every_entry_has_a_citation_and_context():
    table = references.load()
    for name, refs in table.items():
        for r in refs:
            assert r.source.title and r.source.url.startswith("https://"), name
            assert r.source.authors and r.source.venue, name
            assert r.context and r.where, name
            assert r.metric in references.METRICS, name


def test_every_reference_a_sweep_names_exists():
    table = references.load()
    named = {
        yaml.safe_load(p.read_text()).get("reference") for p in sorted(EXPERIMENTS.glob("*.yaml"))
    } - {None}
    assert named, "the experiments name references"
    assert named <= set(table), named - set(table)


def test_mission_numbers():
    t = references.load()
    weak = t["stampede2-weak"][0]
    assert (weak.value, weak.nodes, weak.processes, weak.ppn) == (0.91, 300, 1200, 4)
    strong = t["stampede2-strong"][0]
    assert (strong.value, strong.nodes, strong.processes) == (0.65, 200, 400)
    assert t["accumulation-64"][0].value == 82 and t["accumulation-64"][0].nodes == 64
    ttt = t["zenith-strong"][0]
    # a time-to-quality figure: tabulated as a reference, never plotted against throughput
    assert ttt.value == 121 and not ttt.plot and "REFERENCE ONLY" in ttt.context
    assert "Intel" in weak.context and "Intel" in strong.context


def test_unknown_names_are_reported():
    refs, unknown = references.for_names(["stampede2-weak", "nope"], references.load())
    assert [r.name for r in refs] == ["stampede2-weak"] and unknown == ["nope"]
