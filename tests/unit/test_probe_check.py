"""The probe's judgement of a launch (what gates a sweep): ranks, ranks per node, binding."""

from scalestudy.workloads.probe import check


def _r(rank: int, node: str, cpus: list[int]) -> dict:
    return {"rank": rank, "host": "h", "slurm_node": node, "affinity": cpus}


def test_a_good_launch_passes():
    reports = [_r(0, "n1", [0]), _r(1, "n1", [1]), _r(2, "n2", [0]), _r(3, "n2", [1])]
    assert check(reports, 4, 2) == []


def test_missing_rank_wrong_count_per_node_and_shared_cpus_are_named():
    reports = [_r(0, "n1", [0, 1]), _r(1, "n1", [1, 2]), _r(3, "n2", [0])]
    problems = check(reports, 4, 2)
    assert any("missing [2]" in p for p in problems)
    assert any(p.startswith("n2: 1 rank(s), expected 2") for p in problems)
    assert any("ranks 0 and 1 share CPUs [1]" in p for p in problems)


def test_ranks_on_different_nodes_may_use_the_same_cpu_numbers():
    assert check([_r(0, "n1", [0]), _r(1, "n2", [0])], 2, 1) == []


def test_a_node_much_slower_than_the_others_is_named():
    from scalestudy.workloads.probe import slow_nodes

    reports = [
        {"rank": i, "host": "h", "slurm_node": f"n{i % 4 + 1}", "speed_s": s}
        for i, s in enumerate([1.0, 1.1, 0.9, 3.2, 1.0, 1.05, 0.95, 3.0])
    ]
    # node medians 1.0, 1.075, 0.925, 3.1; their median 1.0375: n4 is 2.99x slower
    assert slow_nodes(reports) == {"n4": 2.99}
    assert slow_nodes(reports[:1]) == {}  # one node: nothing to compare with


def test_ranks_of_a_node_may_share_cpus_where_the_profile_does_not_bind():
    shared = [_r(0, "n1", [0, 1]), _r(1, "n1", [0, 1])]
    assert any("share CPUs" in p for p in check(shared, 2, 2))
    assert check(shared, 2, 2, disjoint=False) == []
    # the other checks still hold without binding
    assert check(shared[:1], 2, 2, disjoint=False) != []


def test_every_shipped_profile_judges_binding_by_its_own_intent(tmp_path):
    """`doctor local` failed "ranks 0 and 1 share CPUs" although mpirun-local never binds
    (--bind-to none in its template): what a profile's launcher does is what a probe holds it
    to. A profile that asks for bound ranks still has them checked."""
    import pytest

    from scalestudy import launchers
    from scalestudy.profiles import CLUSTERS, ProfileError, load_profile

    for path in sorted(CLUSTERS.glob("*.yaml")):
        profile = load_profile(path.stem)[0]
        template = (CLUSTERS / launchers.template(profile)).read_text()  # its partial
        unbinding = "--bind-to none" in template or profile.bind == "none"
        assert (profile.bind == "none") == unbinding, path.name
    assert load_profile("emulated")[0].bind == "cores"  # still checked where it binds
    bad = tmp_path / "bad-local-bind.yaml"
    text = (CLUSTERS / "local.yaml").read_text().replace("bind: none", "bind: cores")
    bad.write_text(text.replace("name: local", "name: bad-local-bind"))
    with pytest.raises(ProfileError, match="mpirun-local"):
        load_profile(str(bad))
