"""The trainer's allocator choice: tcmalloc preloaded by one re-execution, or glibc's malloc."""

from __future__ import annotations

import sys

import pytest

from scalestudy.trainer import allocator


@pytest.fixture
def execs(monkeypatch):
    calls = []
    monkeypatch.setattr(allocator.os, "execve", lambda *a: calls.append(a))
    monkeypatch.delenv("LD_PRELOAD", raising=False)
    monkeypatch.delenv(allocator.CHOICE_ENV, raising=False)
    return calls


def test_auto_reexecutes_the_rank_once_with_tcmalloc_preloaded(execs, monkeypatch):
    monkeypatch.setattr(allocator, "find_tcmalloc", lambda: "libtcmalloc_minimal.so.4")
    monkeypatch.setenv("LD_PRELOAD", "libother.so")
    allocator.ensure(["--config", "p.json"])
    [(exe, argv, env)] = execs
    assert exe == sys.executable
    assert argv == [sys.executable, "-m", "scalestudy.trainer", "--config", "p.json"]
    assert env["LD_PRELOAD"] == "libtcmalloc_minimal.so.4 libother.so"
    # the re-executed rank finds tcmalloc loaded and goes on
    monkeypatch.setenv("LD_PRELOAD", env["LD_PRELOAD"])
    allocator.ensure(["--config", "p.json"])
    assert len(execs) == 1
    assert allocator.describe() == {
        "name": "tcmalloc",
        "library": "libtcmalloc_minimal.so.4",
        "how": "LD_PRELOAD",
    }


def test_system_or_a_missing_library_under_auto_keeps_glibc_and_says_why(execs, monkeypatch):
    monkeypatch.setattr(allocator, "find_tcmalloc", lambda: None)
    allocator.ensure([])
    assert "apt install libtcmalloc-minimal4" in allocator.describe()["why"]
    monkeypatch.setattr(allocator, "find_tcmalloc", lambda: "libtcmalloc_minimal.so.4")
    monkeypatch.setenv(allocator.CHOICE_ENV, "system")
    allocator.ensure([])
    assert execs == []
    assert allocator.describe() == {"name": "glibc malloc", "why": "SCALESTUDY_ALLOCATOR=system"}


def test_tcmalloc_asked_for_but_missing_or_a_bad_choice_is_an_error(execs, monkeypatch):
    monkeypatch.setattr(allocator, "find_tcmalloc", lambda: None)
    monkeypatch.setenv(allocator.CHOICE_ENV, "tcmalloc")
    with pytest.raises(allocator.AllocatorError, match="no tcmalloc library found"):
        allocator.ensure([])
    monkeypatch.setenv(allocator.CHOICE_ENV, "jemalloc")
    with pytest.raises(allocator.AllocatorError, match="expected one of auto, tcmalloc, system"):
        allocator.ensure([])
    assert execs == []
