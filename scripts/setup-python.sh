#!/usr/bin/env bash
# Creates .venv with the harness, the pinned TensorFlow stack and Horovod (MPI + Gloo).
# Horovod is built once into a wheelhouse and reused: rebuilding costs ~2.5 min on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=${VENV:-.venv}
WHEELHOUSE=${SCALESTUDY_WHEELHOUSE:-$HOME/.cache/scalestudy/wheels}
mkdir -p "$WHEELHOUSE"

[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
pip() { "$VENV/bin/python" -m pip --disable-pip-version-check -q "$@"; }
pip install -U pip wheel setuptools
pip install -c constraints.txt -e '.[trainer,dev]'

if "$VENV/bin/python" -c "import horovod.tensorflow" 2>/dev/null; then
  echo "setup-python: horovod already installed"
  exit 0
fi
tfver=$("$VENV/bin/python" -c "import tensorflow as tf; print(tf.__version__)")
# The wheel is only valid for the TF and the MPI it was built against: keep it in a folder named
# after both (the MPICH build of scripts/setup-mpi-families.sh has its own, tf-<v>-mpich-<v>).
ompiver=$(ompi_info --parsable | awk -F: '/^ompi:version:full:/ {print $4}')
house="$WHEELHOUSE/tf-$tfver-openmpi-$ompiver"
mkdir -p "$house"
if ! ls "$house"/horovod-0.28.1-*.whl >/dev/null 2>&1; then
  echo "setup-python: building horovod 0.28.1 against TensorFlow $tfver and Open MPI $ompiver (MPI + Gloo), ~3 min"
  # Open MPI's wrappers by name, first on PATH where CMake's FindMPI looks: Debian's
  # alternatives could point mpicc/mpicxx at MPICH
  shim=$(mktemp -d)
  trap 'rm -rf "$shim"' EXIT
  for tool in mpicc mpicxx mpirun mpiexec; do ln -s "/usr/bin/$tool.openmpi" "$shim/$tool"; done
  PATH="$shim:$PATH" \
  HOROVOD_WITH_TENSORFLOW=1 HOROVOD_WITH_MPI=1 HOROVOD_WITH_GLOO=1 \
  HOROVOD_WITHOUT_PYTORCH=1 HOROVOD_WITHOUT_MXNET=1 HOROVOD_WITHOUT_GLOO=0 \
    "$VENV/bin/python" -m pip wheel --no-build-isolation --no-deps --no-cache-dir \
      -w "$house" horovod==0.28.1
fi
pip install -c constraints.txt --no-deps "$house"/horovod-0.28.1-*.whl
pip install -c constraints.txt cloudpickle psutil pyyaml packaging   # horovod's runtime deps
"$VENV/bin/horovodrun" --check-build
