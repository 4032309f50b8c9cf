# Two entry points (README): `make demo` sets up and runs the main job here, `make test` sets up
# and runs every test. `make system` is the root-only step (Debian packages).
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: system venv demo test test-fast lint bench cluster-up cluster-down

system:
	bash scripts/install-system.sh

venv: system
	bash scripts/setup-python.sh

demo: venv
	$(PY) -m scalestudy.cli submit experiments/quickstart.yaml
	$(PY) -m scalestudy.cli collect experiments/quickstart.yaml

test: venv
	$(PY) -m ruff check scalestudy tests benchmarks
	$(PY) -m ruff format --check scalestudy tests benchmarks scripts
	$(PY) -m pytest

test-fast:
	$(PY) -m pytest -m "not mpi and not slurm and not trainer"

bench: venv
	$(PY) benchmarks/cli_speed.py
	$(PY) benchmarks/trainer_throughput.py
	$(PY) benchmarks/wire_bytes.py

# The local multi-node Slurm cluster (4 slurmd daemons on this host, accounting through slurmdbd).
cluster-up: venv
	$(PY) -m scalestudy.localcluster up --nodes 4

cluster-down:
	$(PY) -m scalestudy.localcluster down
