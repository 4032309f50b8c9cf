"""scripts/break_checks.py puts named bugs back one at a time (`make break-checks`, not run in
CI: it runs the tests once per mutation). A refactor that moves a mutation's text makes it STALE
there, and nobody runs it to see: this fast check fails instead, naming the mutation."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _mutations():
    spec = importlib.util.spec_from_file_location("break_checks", ROOT / "scripts/break_checks.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up while it is made
    spec.loader.exec_module(module)
    return module.MUTATIONS


def test_every_mutation_names_text_that_is_in_its_file_once():
    stale = []
    for m in _mutations():
        found = (ROOT / m.file).read_text().count(m.old)
        if found != 1:
            stale.append(f"{m.name}: {found} matches of its text in {m.file}")
    assert not stale, "update these mutations to the code as it is now:\n" + "\n".join(stale)


def test_every_mutation_names_tests_that_exist():
    missing = [
        f"{m.name}: {t}"
        for m in _mutations()
        for t in m.tests
        if not (ROOT / t.split("::")[0]).exists() and t.endswith(".py")
    ]
    assert not missing, missing
