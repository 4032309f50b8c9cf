"""Counting which points a reader of step logs was called for (`logs` is
<point folder>/attempt-<k>/logs), without changing what it returns."""

from __future__ import annotations

from pathlib import Path

import pytest


def runs_read(monkeypatch: pytest.MonkeyPatch, module, name: str) -> list[str]:
    """`module.name(logs, ...)` wrapped: the returned list grows by each call's point folder."""
    seen: list[str] = []
    real = getattr(module, name)

    def counted(logs: Path, *args, **kwargs):
        seen.append(logs.parent.parent.name)
        return real(logs, *args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return seen
