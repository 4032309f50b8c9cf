#!/usr/bin/env bash
# The MPI families besides Debian's Open MPI (docs/mpi-families.md), each in a place of its own so
# that none shadows Open MPI's mpirun/mpicc on PATH:
#   intelmpi  Intel MPI from PyPI (impi-rt + impi-devel, libfabric bundled in the wheel) in the
#             prefix ~/.cache/scalestudy/mpi/intelmpi-<version> (never on PATH; I_MPI_ROOT names it)
#   horovod-mpich  .venv-mpich: the harness, the pinned TensorFlow and Horovod 0.28.1 built against
#             Debian's MPICH (mpicc.mpich; the wheel cached in
#             ~/.cache/scalestudy/wheels/tf-<tf>-mpich-<version>/, ~10 min cold on 2 cores)
# MPICH itself and Slurm's libpmi2 are Debian packages (scripts/install-system.sh).
# Usage: scripts/setup-mpi-families.sh [intelmpi] [horovod-mpich]   (no argument: both)
# Idempotent: what is complete is only checked.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
CACHE=${SCALESTUDY_CACHE:-$HOME/.cache/scalestudy}
IMPI_VERSION=${IMPI_VERSION:-2021.17.2}   # 2021.18+ need libfabric>=2.6 from PyPI, which is not there
HOROVOD_VERSION=0.28.1
MPICH_VENV=${MPICH_VENV:-.venv-mpich}

say() { echo "setup-mpi-families: $*"; }
# shellcheck source=scripts/venv-cache.sh
source scripts/venv-cache.sh

intelmpi() {
  local prefix="$CACHE/mpi/intelmpi-$IMPI_VERSION"
  if [ -f "$prefix/.complete" ] && [ -x "$prefix/bin/mpiexec.hydra" ]; then
    say "Intel MPI $IMPI_VERSION present in $prefix"
    return
  fi
  local start=$SECONDS
  rm -rf "$prefix"
  mkdir -p "$prefix"
  # a prefix, not a venv: the wheels' data files land in <prefix>/bin, lib, include
  local pip_py=$PY
  [ -x .venv/bin/python ] && pip_py=.venv/bin/python   # a venv's pip (Debian's refuses, PEP 668)
  PIP_ROOT_USER_ACTION=ignore "$pip_py" -m pip --disable-pip-version-check -q install \
    --no-warn-script-location \
    --ignore-installed --prefix "$prefix" "impi-rt==$IMPI_VERSION" "impi-devel==$IMPI_VERSION"
  [ -x "$prefix/bin/mpiexec.hydra" ] || { say "no mpiexec.hydra in $prefix" >&2; exit 1; }
  # the wrappers find headers and libraries through I_MPI_ROOT (their own prefix is a placeholder)
  I_MPI_ROOT=$prefix "$prefix/bin/mpicc" -show >/dev/null
  echo "$IMPI_VERSION" >"$prefix/.complete"
  say "Intel MPI $IMPI_VERSION installed in $prefix in $((SECONDS - start)) s"
}

horovod_mpich() {
  command -v mpicc.mpich >/dev/null || { say "no mpicc.mpich: run scripts/install-system.sh" >&2; exit 1; }
  local mpiver start=$SECONDS
  mpiver=$(mpichversion | awk '/MPICH Version/ {print $NF}')
  # the stack in a base venv cached by its inputs (scripts/venv-cache.sh), .venv-mpich thin over it
  local requirements base
  requirements=$(project_requirements trainer dev)
  base=$(venv_base trainer-mpich constraints.txt scripts/setup-mpi-families.sh scripts/venv-cache.sh \
    -- "$requirements" "$("$PY" -c 'import sys; print(sys.executable, sys.version)')" "$mpiver")
  MPICH_BASE=$base MPICH_VERSION=$mpiver REQUIREMENTS=$requirements with_base_lock "$base" mpich_base
  attach_venv "$MPICH_VENV" "$base"
  echo '*' >"$MPICH_VENV/.gitignore"
  local lib linked
  lib=$("$MPICH_VENV/bin/python" -c 'import glob, os, horovod; print(glob.glob(os.path.join(os.path.dirname(horovod.__file__), "tensorflow", "mpi_lib*.so"))[0])')
  linked=$(ldd "$lib")   # not piped into grep -q: under pipefail ldd's SIGPIPE fails the check
  [[ $linked == *libmpich* ]] || { say "horovod in $MPICH_VENV does not link MPICH: $lib" >&2; exit 1; }
  say "horovod (MPICH $mpiver) in $MPICH_VENV over $base in $((SECONDS - start)) s"
}

# the base venv of .venv-mpich: the pinned stack and Horovod built against MPICH (once)
mpich_base() {
  local base=$MPICH_BASE mpiver=$MPICH_VERSION tfver house shim
  if [ -f "$base/.complete" ] && [ -x "$base/bin/python" ]; then
    say "the MPICH stack is cached in $base"
    return
  fi
  rm -rf "$base"
  "$PY" -m venv "$base"
  pip() { "$base/bin/python" -m pip --disable-pip-version-check -q "$@"; }
  pip install -U pip wheel setuptools
  printf '%s\n' "$REQUIREMENTS" >"$base/requirements.txt"
  pip install -c constraints.txt -r "$base/requirements.txt"
  tfver=$("$base/bin/python" -c "import tensorflow as tf; print(tf.__version__)")
  # a Horovod wheel is valid for one TensorFlow and one MPI: the folder names both
  house="$CACHE/wheels/tf-$tfver-mpich-$mpiver"
  mkdir -p "$house"
  if ! ls "$house"/horovod-$HOROVOD_VERSION-*.whl >/dev/null 2>&1; then
    say "building horovod $HOROVOD_VERSION against TensorFlow $tfver and MPICH $mpiver (~10 min)"
    # Debian's alternatives point mpicc/mpicxx/mpirun at Open MPI: name MPICH's first on PATH,
    # where CMake's FindMPI looks for them
    shim=$(mktemp -d)
    for tool in mpicc mpicxx mpirun mpiexec; do ln -s "/usr/bin/$tool.mpich" "$shim/$tool"; done
    PATH="$shim:$PATH" \
    HOROVOD_WITH_TENSORFLOW=1 HOROVOD_WITH_MPI=1 HOROVOD_WITH_GLOO=1 \
    HOROVOD_WITHOUT_PYTORCH=1 HOROVOD_WITHOUT_MXNET=1 \
      "$base/bin/python" -m pip wheel -q --no-build-isolation --no-deps --no-cache-dir \
        -w "$house" "horovod==$HOROVOD_VERSION"
    rm -rf "$shim"
  fi
  pip install -c constraints.txt --no-deps "$house"/horovod-$HOROVOD_VERSION-*.whl
  pip install -c constraints.txt cloudpickle psutil pyyaml packaging   # horovod's runtime deps
  touch "$base/.complete"
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(intelmpi horovod-mpich)
for t in "${targets[@]}"; do
  case $t in
    intelmpi) intelmpi ;;
    horovod-mpich) horovod_mpich ;;
    *) say "unknown target $t (intelmpi, horovod-mpich)" >&2; exit 2 ;;
  esac
done
