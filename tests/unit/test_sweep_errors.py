"""Bad sweep files: exit 2 and `file:line: key: message`, never a traceback."""

from __future__ import annotations

import re
import textwrap

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.sweeps import SMALL_TEXT

from scalestudy.cli import main
from scalestudy.sweepfile.sweep import SweepError, load_sweep

GOOD = SMALL_TEXT


def _replace(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new)


# (sweep text, line, key, a word the message must contain)
CASES = [
    ("", 1, "<top>", "empty"),
    ("- 1\n- 2\n", 1, "<top>", "mapping"),
    ("name: [unclosed\n", 2, "<top>", "syntax"),
    (GOOD + "name: again\n", 10, "name", "duplicate"),
    (_replace("mode: weak", "mode: sideways"), 3, "mode", "weak"),
    (_replace("ppn: 1", "ppn: 0"), 5, "ppn", "greater"),
    (_replace("ppn: 1", "ppn: two"), 5, "ppn", "integer"),
    (_replace("ppn: 1", "pnn: 1"), 5, "pnn", "did you mean 'ppn'"),
    (_replace("  steps: 10", "  stepz: 10"), 9, "trainer.stepz", "did you mean 'steps'"),
    (_replace("  model: tiny", "  model: huge"), 7, "trainer.model", "tiny"),
    (_replace("cluster: local", "cluster: nowhere"), 2, "cluster", "unknown cluster"),
    (_replace("name: t", "name: ../../etc"), 1, "name", "safe folder name"),
    (_replace("name: t", "name: 'a b'"), 1, "name", "safe folder name"),
    (_replace("nodes: [1, 2]", "nodes: [1, 8]"), 4, "nodes", "largest partition"),
    (_replace("nodes: [1, 2]", "nodes: [1, 1]"), 4, "nodes", "repeat"),
    (_replace("nodes: [1, 2]", "nodes: {from: 1, to: 4, factor: 1}"), 4, "nodes.factor", "greater"),
    (_replace("ppn: 1", "ppn: 2\nthreads_per_worker: 2"), 5, "ppn", "exceeds"),
    (
        _replace("mode: weak", "mode: strong").replace(
            "tokens_per_worker: 512", "global_batch_tokens: 1001"
        ),
        8,
        "trainer.global_batch_tokens",
        "split evenly",
    ),
    # the missing key is named, at its section's line (trainer:)
    (_replace("mode: weak", "mode: strong"), 6, "trainer.global_batch_tokens", "strong scaling"),
    (
        _replace("  steps: 10", "  steps: 10\n  timing_warmup_steps: 10"),
        10,
        "trainer.timing_warmup_steps",
        "timing_warmup_steps",
    ),
    # a mesh that cannot split the model (tiny has 4 heads), or the ranks (1 node x 1)
    (_replace("  steps: 10", "  steps: 10\n  mesh: {model: 3}"), 10, "trainer.mesh.model", "heads"),
    (
        _replace("  steps: 10", "  steps: 10\n  mesh: {model: 2}").replace(
            "nodes: [1, 2]", "nodes: [1]"
        ),
        10,
        "trainer.mesh.model",
        "ranks",
    ),
    (
        _replace("  steps: 10", "  steps: 10\n  accumulation: tf2"),
        10,
        "trainer.accumulation",
        "tf1",
    ),
    (
        _replace("  steps: 10", "  steps: 10\n  learning_rate: -1"),
        10,
        "trainer.learning_rate",
        "greater",
    ),
    (GOOD + "time_limit: '30 minutes'\n", 10, "time_limit", "Slurm time"),
    (GOOD + "time_limit: 1:30:00\n", 10, "time_limit", "quote it"),
    (
        GOOD + "matrix:\n  trainer.sparse_as_dens: [true]\n",
        11,
        "matrix.trainer.sparse_as_dens",
        "did you mean 'trainer.sparse_as_dense'",
    ),
    (
        GOOD + "matrix:\n  trainer.sparse_as_dense: []\n",
        11,
        "matrix.trainer.sparse_as_dense",
        "at least one",
    ),
    (GOOD + "matrix:\n  ppn: [1, 'x']\n", 11, "ppn", "matrix value"),
    (GOOD + "slurm: {account: 'a; rm -rf ~'}\n", 10, "slurm.account", "no blanks, quotes, ;"),
    (GOOD + "env: {'BAD KEY': x}\n", 10, "env.BAD KEY", "pattern"),
    (
        GOOD + "evil: !!python/object/apply:os.system ['touch /tmp/pwned']\n",
        10,
        "evil",
        "not allowed",
    ),
    (GOOD + "x: !custom 1\n", 10, "x", "not allowed"),
    (GOOD + "1: numeric key\n", 10, "<top>", "must be a string"),
    (GOOD + "trainer: {model: tiny}\n", 10, "trainer", "duplicate"),
    (GOOD.replace("name: t\n", ""), 1, "name", "required"),
    # keys that exclude each other, or only mean something beside another key's value
    (
        _replace("  steps: 10", "  steps: 10\n  global_batch_tokens: 4096"),
        10,
        "trainer.global_batch_tokens",
        "only means something with mode: strong",
    ),
    (
        _replace("  steps: 10", "  steps: 10\n  data: {kind: synthetic, fixed_length: 32}"),
        10,
        "trainer.data.fixed_length",
        "data.kind: fixed",
    ),
    (
        _replace("  steps: 10", "  steps: 10\n  lr_reference_batch_tokens: 4096"),
        10,
        "trainer.lr_reference_batch_tokens",
        "lr_scaling",
    ),
    (
        _replace("  steps: 10", "  steps: 10\n  sparse_as_dense: true\n  exchange: sparse_reduce"),
        11,
        "trainer.exchange",
        "contradicts sparse_as_dense: true",
    ),
    (
        _replace("  steps: 10", "  steps: 10\n  sparse_as_dense: false")
        + "matrix:\n  trainer.exchange: [sparse_reduce, allreduce]\n",
        12,
        "trainer.exchange",
        "exchange: allreduce contradicts sparse_as_dense: false",
    ),
    (
        _replace("  steps: 10", "  steps: 10\n  exchange: sharded_embedding"),
        10,
        "trainer.exchange",
        "set model.tie_embeddings: false",
    ),
    (
        _replace("  steps: 10", "  steps: 10\n  compression: bf16"),
        10,
        "trainer.compression",
        "fp16",
    ),
    (GOOD + "probe_seconds: 5\n", 10, "probe_seconds", "workload: probe"),
    # the workloads' own keys (their table entries'): under another workload, out of bounds
    (GOOD + "comm: {iterations: 5}\n", 10, "comm", "workload: comm (workload is trainer)"),
    (GOOD + "workload: probe\nprobe_seconds: 0\n", 11, "probe_seconds", "greater than 0"),
    (GOOD + "workload: comm\ncomm: {warmup: -1}\n", 11, "comm.warmup", "greater than or equal"),
    (
        GOOD + "matrix:\n  trainer.data.kind: [synthetic, fixed]\n  trainer.data.task_vocab: [8]\n",
        12,
        "trainer.data.task_vocab",
        "data.kind: translate",
    ),
    # names that refer to something that does not exist
    (GOOD + "reference: stampede3\n", 10, "reference", "not a published reference"),
    (GOOD + "slurm: {partition: gpu}\n", 10, "slurm.partition", "not a partition of profile"),
    # input files that do not exist
    (
        _replace("  steps: 10", "  steps: 10\n  data: {kind: text, source: no.src}"),
        10,
        "trainer.data.source",
        "no such file",
    ),
    (
        _replace("  steps: 10", "  steps: 10\n  data: {kind: text, source: no.src}"),
        10,
        "trainer.data.target",
        "needs both source and target",
    ),
    # expectations (issue #26): what `report --check` could not measure, at its line
    (GOOD + "expect:\n  - {metric: tokens, at_least: 1}\n", 11, "expect.0.metric", "tokens_per_s"),
    (GOOD + "expect:\n  - {metric: tokens_per_s}\n", 11, "expect.0", "exactly one bound"),
    (
        GOOD + "expect:\n  - {metric: tokens_per_s, at_least: 1, at_most: 2}\n",
        11,
        "expect.0",
        "here: at_least, at_most",
    ),
    (
        GOOD + "expect:\n  - {metric: tokens_per_s, at_least: 1, tolerance: lots}\n",
        11,
        "expect.0.tolerance",
        "5% or 0.05",
    ),
    (
        GOOD + "expect:\n  - {metric: tokens_per_s, at_least: 1, tolerance: 5}\n",
        11,
        "expect.0.tolerance",
        "up to, not including, 100%",
    ),
    (
        GOOD + "expect:\n  - {metric: tokens_per_s, at_least: 1, node: 2}\n",
        11,
        "expect.0.node",
        "did you mean 'nodes'",
    ),
    (
        GOOD + "expect:\n  - {metric: weak_efficiency, at_least: 0.9}\n"
        "  - {metric: tokens_per_s, nodes: 64, at_least: 1}\n",
        12,
        "expect.1.nodes",
        "not a size of this sweep (1, 2)",
    ),
    (
        GOOD + "expect:\n  - {metric: strong_speedup, nodes: 2, at_least: 1.5}\n",
        11,
        "expect.0.metric",
        "measured by strong sweeps",
    ),
    (
        GOOD + "expect:\n  - {metric: tokens_per_s, variant: {trainer.exchange: allreduce},"
        " at_least: 1}\n",
        11,
        "expect.0.variant",
        "matches no variant",
    ),
    (
        GOOD + "expect:\n  - {metric: weak_efficiency, nodes: 2, reference: stampede2-strong}\n",
        11,
        "expect.0.reference",
        "publishes strong_efficiency",
    ),
    (
        GOOD + "expect:\n  - {metric: weak_efficiency, reference: stampede2-weak}\n",
        11,
        "expect.0.reference",
        "300 nodes (the published figure's",
    ),
]


def test_there_are_at_least_25_cases():
    assert len(CASES) >= 25


@pytest.mark.parametrize(
    ("text", "line", "key", "word"), CASES, ids=[f"{i:02d}-{c[2]}" for i, c in enumerate(CASES)]
)
def test_bad_sweep_exits_2_naming_file_line_key(tmp_path, capsys, text, line, key, word):
    path = tmp_path / "sweep.yaml"
    path.write_text(text)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    expected = f"{path}:{line}: {key}:"
    assert expected in err, err
    assert word.lower() in err.lower(), err


def test_a_mesh_leaves_out_the_sizes_it_cannot_split_and_says_so(tmp_path, capsys):
    path = tmp_path / "sweep.yaml"
    path.write_text(_replace("  steps: 10", "  steps: 10\n  mesh: {model: 2}"))
    assert main(["validate", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}:10: trainer.mesh.model: mesh.model 2 does not divide the ranks at [1]" in err
    assert "not planned" in err


def test_every_error_is_reported_at_once(tmp_path, capsys):
    path = tmp_path / "sweep.yaml"
    path.write_text(_replace("ppn: 1", "pnn: 1").replace("mode: weak", "mode: x"))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "pnn" in err and "mode" in err


def test_native_tied_sparse_as_dense_warns_but_passes(tmp_path, capsys):
    path = tmp_path / "sweep.yaml"
    path.write_text(
        GOOD.replace("  steps: 10", "  steps: 10\n  accumulation: native")
        + "matrix:\n  trainer.sparse_as_dense: [false, true]\n"
    )
    assert main(["validate", str(path)]) == 0
    assert "changes nothing" in capsys.readouterr().err


def test_native_tied_exchange_warns_but_passes(tmp_path, capsys):
    path = tmp_path / "sweep.yaml"
    path.write_text(
        GOOD.replace("  steps: 10", "  steps: 10\n  accumulation: native")
        + "matrix:\n  trainer.exchange: [allgather, sparse_reduce]\n"
    )
    assert main(["validate", str(path)]) == 0
    assert "whatever exchange says" in capsys.readouterr().err


def test_paths_resolve_relative_to_the_sweep(tmp_path):
    (tmp_path / "sub").mkdir()
    profile = yaml.safe_load(
        textwrap.dedent("""
        name: mine
        scheduler: local
        sockets: 1
        cores_per_socket: 4
        memory_gb: 8
        mpi: openmpi
        launcher: mpirun-local
        partitions: [{name: p, max_nodes: 2}]
        interconnect: {name: lo, latency_us: 1, bandwidth_gbps: 1}
        """)
    )
    (tmp_path / "sub" / "mine.yaml").write_text(yaml.safe_dump(profile))
    path = tmp_path / "sweep.yaml"
    path.write_text(_replace("cluster: local", "cluster: sub/mine.yaml"))
    assert load_sweep(path).profile.name == "mine"


# Random YAML: the loader either accepts it or raises SweepError, never anything else.
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=12),
)
keys = st.sampled_from(
    [
        "name",
        "cluster",
        "mode",
        "nodes",
        "ppn",
        "trainer",
        "matrix",
        "model",
        "steps",
        "slurm",
        "env",
        "from",
        "to",
        "x",
        "tokens_per_worker",
    ]
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=5)),
    max_leaves=20,
)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(doc=st.dictionaries(keys, values, max_size=8))
def test_random_documents_never_traceback(tmp_path, doc):
    path = tmp_path / "random.yaml"
    path.write_text(yaml.safe_dump(doc))
    try:
        load_sweep(path)
    except SweepError as exc:
        assert exc.issues


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(alphabet=st.sampled_from(list("ab:-[]{}!&*#|>'\"\n 1.%@`")), max_size=80))
def test_random_text_never_traceback(tmp_path, text):
    path = tmp_path / "random.yaml"
    path.write_text(text)
    try:
        load_sweep(path)
    except SweepError as exc:
        assert exc.issues


def test_a_matrix_of_repeated_values_names_the_matrix(tmp_path, capsys):
    # valid key by key; only the plan sees that two combinations make the same points
    path = tmp_path / "dup.yaml"
    path.write_text(GOOD + "matrix:\n  trainer.steps: [10, 10]\n")
    assert main(["plan", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:10: matrix: the matrix produces identical points" in err
    assert "Traceback" not in err


# Invalid by construction: one mutation of the good sweep that no schema could accept, and the
# key it must be reported under. Through the CLI, as a user meets it.
letters = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=10)
MUTATIONS = st.one_of(
    st.tuples(
        st.just("set"),
        st.sampled_from(["ppn", "repeats", "threads_per_worker"]),
        st.one_of(st.integers(max_value=0), letters, st.floats(0.1, 0.9)),
    ),
    st.tuples(
        st.just("set"), st.just("mode"), letters.filter(lambda s: s not in ("weak", "strong"))
    ),
    st.tuples(st.just("set"), st.just("time_limit"), letters),
    st.tuples(
        st.just("set"), st.just("nodes"), st.lists(st.integers(-3, 0), min_size=1, max_size=3)
    ),
    st.tuples(st.just("set"), st.just("trainer.steps"), st.integers(max_value=0)),
    st.tuples(st.just("set"), st.just("trainer.tokens_per_worker"), letters),
    st.tuples(st.just("set"), letters.map(lambda s: "zz_" + s), st.integers()),
    st.tuples(st.just("set"), letters.map(lambda s: "trainer.zz_" + s), st.integers()),
    st.tuples(st.just("set"), letters.map(lambda s: "matrix.zz_" + s), st.just([1, 2])),
    st.tuples(st.just("drop"), st.sampled_from(["name", "cluster", "mode", "nodes"]), st.none()),
)


@settings(
    max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(mutation=MUTATIONS)
def test_generated_invalid_sweeps_exit_2_naming_file_line_and_key(tmp_path, capsys, mutation):
    op, key, value = mutation
    doc = yaml.safe_load(GOOD)
    *parents, last = key.split(".")
    holder = doc
    for part in parents:
        holder = holder.setdefault(part, {})
    if op == "drop":
        del holder[last]
    else:
        holder[last] = value
    path = tmp_path / "invalid.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    capsys.readouterr()
    assert main(["validate", str(path)]) == 2, mutation
    err = capsys.readouterr().err
    assert "Traceback" not in err
    named = re.findall(rf"^{re.escape(str(path))}(?::\d+)?: (\S+): ", err, re.M)
    assert named, err
    assert any(n == key or n.startswith(key + ".") or key.startswith(n + ".") for n in named), (
        mutation,
        err,
    )


# issue #46 item 2: mistakes in both files and at every stage, all said in one run
SITE_PROFILE = """\
name: siteb
scheduler: slurm
sockets: 2
cores_per_socket: 16
memory_gb: 128
mpi: intelmpi
launcher: mpirun
partitions:
  - {name: normal, max_nodes: 64, max_time: "2-00:00:00"}
interconnect: {name: IB, latency_us: 1.5, bandwidth_gbps: 100}
modules: [intel, ""]
"""
SITE_SWEEP = """\
name: "a b"
cluster: site.yaml
mode: weak
nodes: [1, 2]
ppn: 2
threads_per_worker: 32
time_limit: "49:00:00"
trainer:
  model: tiny
  tokens_per_worker: 512
  learning_rate: -1
"""


def test_every_problem_of_the_sweep_its_profile_and_its_plan_in_one_run(tmp_path, capsys):
    (tmp_path / "site.yaml").write_text(SITE_PROFILE)
    sweep = tmp_path / "sweep.yaml"
    sweep.write_text(SITE_SWEEP)
    assert main(["validate", str(sweep)]) == 2
    err = capsys.readouterr().err
    profile = tmp_path / "site.yaml"
    expected = [
        f"{sweep}:11: trainer.learning_rate: Input should be greater than 0",  # its schema
        f"{sweep}:1: name: 'a b' is not a safe folder name",  # the sweep's own key
        f"{profile}:11: modules.1: '': a module name cannot be empty",  # a profile field
        f"{profile}:7: launcher: mpirun cannot start mpi: intelmpi",  # a profile rule
        f"{sweep}:5: ppn: ppn 2 x threads_per_worker 32 = 64 exceeds",  # a point's rule
        f"{sweep}:7: time_limit: 2-01:00:00 is beyond partition normal's MaxTime",  # the plan's
    ]
    for line in expected:
        assert line in err, (line, err)
    assert "Traceback" not in err


def test_the_cores_error_names_the_variant_as_yaml_and_what_to_give(tmp_path, capsys):
    # issue #46 item 6: it printed the variant as a Python dict ({'threads_per_worker': 2})
    path = tmp_path / "sweep.yaml"
    path.write_text(GOOD.replace("ppn: 1", "ppn: 2") + "matrix:\n  threads_per_worker: [1, 2]\n")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "exceeds the 2 cores of a local node (with threads_per_worker: 2): each rank" in err
    assert "give e.g. ppn: 1 with threads_per_worker: 2" in err and "{" not in err, err
