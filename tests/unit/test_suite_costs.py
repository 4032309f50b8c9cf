"""Every test file that needs MPI or the Slurm cluster has its cost written in
docs/development.md's table "What the suite costs" (issue #43): these files are what makes CI
long, so a new one is seen at review with its seconds, and a table row of a file that is gone
is said too. The figures come from `scripts/test_costs.py` on a full run's JUnit XML."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "development.md"
HEADING = "## What the suite costs"
# a marker on the module (pytestmark = ...) or a decorator on one test, at a line's start:
# either makes the file a costly one (a mention inside a string does not)
MARKED = re.compile(r"^(?:pytestmark\s*=.*|\s*@)pytest\.mark\.(mpi|slurm)\b", re.M)


def costly_files() -> set[str]:
    return {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "tests").rglob("test_*.py")
        if MARKED.search(p.read_text())
    }


def table_rows(text: str) -> dict[str, list[str]]:
    """{file: its row's cells} of the table under HEADING (up to the next heading)."""
    assert HEADING in text, f"{DOCS.name} has no section {HEADING!r}"
    section = text.split(HEADING, 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        m = re.fullmatch(r"`?(tests/[\w/]+\.py)`?", cells[0]) if line.startswith("|") else None
        if m:
            rows[m.group(1)] = cells
    return rows


def test_every_mpi_or_slurm_file_has_its_cost_in_the_docs_table():
    rows = table_rows(DOCS.read_text())
    missing = sorted(costly_files() - set(rows))
    assert not missing, (
        f"{DOCS.relative_to(ROOT)}, '{HEADING}': no row for {missing}; run the suite with "
        "--junitxml and `python scripts/test_costs.py FILE`, then add each file's seconds"
    )
    for file, cells in rows.items():
        assert (ROOT / file).exists(), f"the cost table names {file}, which is gone"
        # a row says its seconds: a number in its seconds column (the third)
        assert len(cells) > 3 and re.fullmatch(r"\d+", cells[3]), (file, cells)


def test_the_check_sees_a_new_marked_file(tmp_path):
    """The two halves the check relies on: a marker found in a file's text, a row read."""
    assert MARKED.search("pytestmark = pytest.mark.slurm\n")
    assert MARKED.search("@pytest.mark.mpi\ndef test_x(): ...")
    assert MARKED.search("class T:\n    @pytest.mark.slurm\n    def test_x(self): ...")
    assert not MARKED.search("pytestmark = pytest.mark.trainer")
    assert not MARKED.search("check('@pytest.mark.mpi')")  # a mention in a string
    text = f"# x\n{HEADING}\n\n| file | starts | tests | s |\n| --- | --- | --- | --- |\n"
    text += "| `tests/mpi/test_a.py` | a trainer | 2 | 40 |\n\n## Next\n| `tests/mpi/test_b.py` |"
    assert set(table_rows(text)) == {"tests/mpi/test_a.py"}
