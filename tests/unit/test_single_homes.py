"""Rules and figures with one home each (issue #35 item 5): a file's schema string, the launcher
variables a rank finds its place in, the padded slots' share. A second copy drifts unseen, so
these read the source (ast) for copies, and check the one home behaves."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

from scalestudy import rankenv
from scalestudy.cost_models import memory_model
from scalestudy.report import projection

PACKAGE = Path(__file__).resolve().parents[2] / "scalestudy"
SCHEMA_STRING = re.compile(r"^scalestudy\.[a-z_]+/\d+$")


def _constants(path: Path) -> list[ast.Constant]:
    return [
        n for n in ast.walk(ast.parse(path.read_text(), str(path))) if isinstance(n, ast.Constant)
    ]


def _where(predicate) -> dict[object, set[str]]:
    found: dict[object, set[str]] = defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        for c in _constants(path):
            if predicate(c.value):
                found[c.value].add(f"{path.relative_to(PACKAGE.parent)}:{c.lineno}")
    return found


def test_each_file_schema_string_is_written_once():
    found = _where(lambda v: isinstance(v, str) and SCHEMA_STRING.match(v))
    assert "scalestudy.calibration/1" in found  # the pattern still sees them
    twice = {k: sorted(v) for k, v in found.items() if len(v) > 1}
    assert twice == {}, "a schema string written in two places: import it from one"


def test_the_launcher_rank_variables_are_named_in_one_module():
    names = {*rankenv.RANK, *rankenv.SIZE, *rankenv.LOCAL_RANK, *rankenv.LOCAL_SIZE}
    found = _where(lambda v: isinstance(v, str) and v in names)
    elsewhere = sorted(w for places in found.values() for w in places if "rankenv.py" not in w)
    assert len(found) == len(names) and elsewhere == []


def test_a_rank_reads_the_first_variable_its_launcher_set():
    for i, name in enumerate(
        rankenv.RANK
    ):  # each launcher's variable alone (srun --mpi=pmix: PMIX_RANK)
        assert rankenv.rank({name: str(i + 3)}) == i + 3
    mpirun = {"OMPI_COMM_WORLD_RANK": "5", "SLURM_PROCID": "0"}  # mpirun inside an allocation
    assert rankenv.rank(mpirun) == 5
    assert rankenv.rank({"PMI_RANK": "", "SLURM_PROCID": "2"}) == 2
    assert rankenv.rank({}) is None


def test_the_padded_slots_share_has_one_value():
    literal = memory_model.SLOT_FRACTION
    found = _where(lambda v: isinstance(v, float) and v == literal)
    homes = {w.split(":")[0] for w in found.get(literal, set())}
    # compare/ and the noise model use the same number as a confidence level: not this figure
    homes -= {
        "scalestudy/compare/cli.py",
        "scalestudy/compare/render.py",
        "scalestudy/uncertainty/model.py",
    }
    assert homes == {"scalestudy/cost_models/memory_model.py"}
    assert literal == projection.SLOT_FRACTION
    spec = {"vocab": 100}
    assert memory_model.tf1_rows_estimate(spec, 1000, 1) == 100 + int(2 * 1000 * literal)


def test_an_attempt_folder_name_is_formatted_in_one_module():
    """attempt-k is written and globbed only through formats/attempt_files (attempt_name,
    ATTEMPT_GLOB); an f-string's literal part ending in "attempt-" is a second copy."""
    from scalestudy.formats import attempt_files

    found = _where(lambda v: isinstance(v, str) and re.search(r"attempt-(\*|$)", v))
    elsewhere = sorted(w for places in found.values() for w in places if "attempt_files" not in w)
    assert found, "the pattern still sees the one home"
    assert elsewhere == [], "format attempt-k with attempt_files.attempt_name"
    assert attempt_files.attempt_number(Path(attempt_files.attempt_name(12))) == 12
