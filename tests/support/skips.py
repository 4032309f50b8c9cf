"""Skipping a test whose stack is missing: with the reason here, as a failure in CI."""

from __future__ import annotations

import os

import pytest


def require(reason: str | None) -> None:
    """Nothing when `reason` is None; else skip with it, or fail with CI=true (CI must run
    every test)."""
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run this test, but: {reason}")
    pytest.skip(reason)
