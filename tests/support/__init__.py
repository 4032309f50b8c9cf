"""Helpers the tests import (`from support.skips import require`); pytest's fixtures stay in
tests/conftest.py. `support` is importable because pyproject.toml puts tests/ on pytest's
pythonpath."""
