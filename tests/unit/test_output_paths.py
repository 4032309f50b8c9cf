"""An output path that cannot be made (its parent is a file; a file where a folder goes; a
folder where a file goes) is exit 3 with the path and the reason on every verb that writes
one, before any work: never a traceback (issue #33 item 6)."""

from __future__ import annotations

import pytest
from support.compare import make_run

from scalestudy.cli import main

SAMPLES = {(False, 1): [1000.0, 1010.0], (True, 1): [990.0, 1000.0]}


@pytest.fixture
def results(tmp_path):
    root = tmp_path / "results"
    make_run(root, "a", SAMPLES)
    make_run(root, "b", SAMPLES)
    (tmp_path / "afile").write_text("not a folder\n")
    return root


def _verbs(tmp_path, results, out):
    r = ["--results", str(results)]
    return {
        "render": ["render", "experiments/quickstart.yaml", *r, "--out", out],
        "report": ["report", "a", *r, "--out", out],
        "compare": ["compare", "a", "b", *r, "--out", out],
        "archive": ["archive", "a", *r, "-o", out + ".tar.gz"],
    }


@pytest.mark.parametrize("verb", ["render", "report", "compare", "archive"])
@pytest.mark.parametrize("where", ["under a file", "a file"])
def test_an_output_that_cannot_be_made_is_exit_3_naming_it(tmp_path, results, capsys, verb, where):
    target = tmp_path / "afile"
    out = str(target / "x") if where == "under a file" else str(target)
    argv = _verbs(tmp_path, results, out)[verb]
    if verb == "archive" and where == "a file":
        (tmp_path / "afile.tar.gz").mkdir()  # a folder where the archive file goes
    assert main(argv) == 3
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert str(target) in err, err
    assert target.read_text() == "not a folder\n"  # nothing written over it
