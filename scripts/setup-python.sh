#!/usr/bin/env bash
# Creates .venv with the harness, the pinned TensorFlow stack and Horovod (MPI + Gloo).
# The stack lives in a base venv cached by its inputs (scripts/venv-cache.sh: the requirements
# and constraints, this script, the interpreter, Open MPI's version), built once a machine; .venv
# is a thin venv over it holding this checkout (editable): seconds for a fresh clone.
# Horovod is built once into a wheelhouse and reused: rebuilding costs ~2.5 min on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=${VENV:-.venv}
WHEELHOUSE=${SCALESTUDY_WHEELHOUSE:-$HOME/.cache/scalestudy/wheels}
mkdir -p "$WHEELHOUSE"
# shellcheck source=scripts/venv-cache.sh
source scripts/venv-cache.sh

ompiver=$(ompi_info --parsable | awk -F: '/^ompi:version:full:/ {print $4}')
requirements=$(project_requirements trainer dev)
BASE=$(venv_base trainer-openmpi constraints.txt scripts/setup-python.sh scripts/venv-cache.sh \
  -- "$requirements" "$("$PY" -c 'import sys; print(sys.executable, sys.version)')" "$ompiver")

build_base() {
  if [ -f "$BASE/.complete" ] && [ -x "$BASE/bin/python" ]; then
    echo "setup-python: the stack is cached in $BASE"
    return
  fi
  echo "setup-python: building the stack in $BASE (once for these inputs)"
  rm -rf "$BASE"
  "$PY" -m venv "$BASE"
  pip() { "$BASE/bin/python" -m pip --disable-pip-version-check -q "$@"; }
  pip install -U pip wheel setuptools
  printf '%s\n' "$requirements" >"$BASE/requirements.txt"
  pip install -c constraints.txt -r "$BASE/requirements.txt"

  local tfver house legacy chk shim
  tfver=$("$BASE/bin/python" -c "import tensorflow as tf; print(tf.__version__)")
  # The wheel is only valid for the TF and the MPI it was built against: keep it in a folder
  # named after both (the MPICH build of scripts/setup-mpi-families.sh has its own,
  # tf-<v>-mpich-<v>).
  house="$WHEELHOUSE/tf-$tfver-openmpi-$ompiver"
  mkdir -p "$house"
  # A wheel cached before the key named the MPI (tf-<v>/) was built by this script against the
  # system Open MPI: reuse it, saving a ~10 min build, only when its MPI library links Open MPI's
  # libmpi.so.40 (an MPICH build links libmpich.so.12)
  legacy="$WHEELHOUSE/tf-$tfver"
  if ! ls "$house"/horovod-0.28.1-*.whl >/dev/null 2>&1 && ls "$legacy"/horovod-0.28.1-*.whl >/dev/null 2>&1; then
    chk=$(mktemp -d)
    "$BASE/bin/python" -c "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); \
[z.extract(n, sys.argv[2]) for n in z.namelist() if n.startswith('horovod/tensorflow/mpi_lib')]" \
      "$(ls "$legacy"/horovod-0.28.1-*.whl | head -1)" "$chk"
    if grep -q 'NEEDED.*\[libmpi\.so\.40\]' <<<"$(readelf -d "$chk"/horovod/tensorflow/mpi_lib*.so)"; then
      cp "$legacy"/horovod-0.28.1-*.whl "$house"/
      echo "setup-python: reused the Open MPI Horovod wheel cached under $legacy"
    fi
    rm -rf "$chk"
  fi
  if ! ls "$house"/horovod-0.28.1-*.whl >/dev/null 2>&1; then
    echo "setup-python: building horovod 0.28.1 against TensorFlow $tfver and Open MPI $ompiver (MPI + Gloo), ~3 min"
    # Open MPI's wrappers by name, first on PATH where CMake's FindMPI looks: Debian's
    # alternatives could point mpicc/mpicxx at MPICH
    shim=$(mktemp -d)
    for tool in mpicc mpicxx mpirun mpiexec; do ln -s "/usr/bin/$tool.openmpi" "$shim/$tool"; done
    PATH="$shim:$PATH" \
    HOROVOD_WITH_TENSORFLOW=1 HOROVOD_WITH_MPI=1 HOROVOD_WITH_GLOO=1 \
    HOROVOD_WITHOUT_PYTORCH=1 HOROVOD_WITHOUT_MXNET=1 HOROVOD_WITHOUT_GLOO=0 \
      "$BASE/bin/python" -m pip wheel --no-build-isolation --no-deps --no-cache-dir \
        -w "$house" horovod==0.28.1
    rm -rf "$shim"
  fi
  pip install -c constraints.txt --no-deps "$house"/horovod-0.28.1-*.whl
  pip install -c constraints.txt cloudpickle psutil pyyaml packaging   # horovod's runtime deps
  "$BASE/bin/horovodrun" --check-build
  touch "$BASE/.complete"
}

with_base_lock "$BASE" build_base
attach_venv "$VENV" "$BASE"
"$VENV/bin/python" -c "import horovod.tensorflow, scalestudy" 2>/dev/null || {
  echo "setup-python: $VENV does not import horovod.tensorflow and scalestudy" >&2
  exit 1
}
echo "setup-python: $VENV over $BASE"
