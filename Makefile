# Two entry points (README): `make demo` sets up and runs the main job here, `make test` sets up
# and runs every test. `make system` is the root-only step (Debian packages).
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: system venv demo test test-fast lint docs bench bench-scale bench-submit bench-probe-scale bench-reference cluster-up cluster-down

system:
	bash scripts/install-system.sh

venv: system
	bash scripts/setup-python.sh

demo: venv
	$(PY) -m scalestudy.cli submit experiments/quickstart.yaml
	$(PY) -m scalestudy.cli collect experiments/quickstart.yaml
	$(PY) -m scalestudy.cli report experiments/quickstart.yaml
	@echo "open $(CURDIR)/results/quickstart/report/report.html in a browser (one self-contained file)"

test: venv
	$(PY) -m ruff check scalestudy tests benchmarks
	$(PY) -m ruff format --check scalestudy tests benchmarks scripts
	$(PY) -m pytest --durations=30

test-fast:
	$(PY) -m pytest -m "not mpi and not slurm and not trainer"

# The generated key references in docs/ (from the pydantic models); tests/unit/test_docs_schema.py
# fails when they are out of date.
docs:
	$(PY) -m scalestudy.spec.docgen

bench: venv
	$(PY) benchmarks/cli_speed.py
	$(PY) benchmarks/trainer_throughput.py
	$(PY) benchmarks/overlap.py
	$(PY) benchmarks/wire_bytes.py

# The verbs on a synthetic results tree of 100, 300 and 1,000 points and one 1,200-rank point
# (issue #14): seconds per verb, growth between sizes, the goals met or not (15-30 min here).
bench-scale: venv
	$(PY) benchmarks/harness_scale.py

# Issue #14 on the local Slurm cluster: 200 separate points submitted with and without job
# arrays (sbatch calls, seconds), and a 300-node x 4-rank probe point through
# submit -> status -> collect -> report (about 12 GB of memory for the 1,200 ranks).
bench-submit: venv
	$(PY) benchmarks/submit_scale.py
bench-probe-scale: venv
	$(PY) benchmarks/probe_scale.py --nodes 300 --ppn 4

# The trainer against TF Model Garden's Transformer, side by side. The reference lives in its
# own venv (tf-models-official pins a newer TensorFlow: installed --no-deps), never in .venv.
REFVENV ?= .venv-ref
bench-reference: venv
	[ -x $(REFVENV)/bin/python ] || python3 -m venv $(REFVENV)
	$(REFVENV)/bin/python -m pip install -q -c constraints.txt -r benchmarks/reference/requirements.txt
	$(REFVENV)/bin/python -m pip install -q --no-deps tf-models-official==2.15.0
	$(PY) benchmarks/trainer_vs_reference.py --reference-python $(REFVENV)/bin/python

# The local multi-node Slurm cluster (4 slurmd daemons on this host, accounting through slurmdbd).
cluster-up: venv
	$(PY) -m scalestudy.localcluster up --nodes 4

cluster-down:
	$(PY) -m scalestudy.localcluster down
