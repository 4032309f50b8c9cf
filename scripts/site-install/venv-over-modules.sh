#!/usr/bin/env bash
# Site path (a) of docs/site-install.md: on a login node, after `module load` of the site's
# Python/TensorFlow, MPI and compilers, one command makes a venv over the site's TensorFlow
# (--system-site-packages: the module's TF is used, never PyPI's), builds Horovod against the
# loaded MPI (or installs a wheel built before against the same TF and MPI), installs the
# harness, and checks each step, saying what failed and how to fix it:
#   compilers  a C++ compiler (CXX, else c++/g++) and cmake, which Horovod's build needs
#   MPI        mpicc and mpicxx on PATH (the wrappers of the loaded MPI), what `mpicc -show`
#              runs, and the MPI library family (mpirun --version)
#   python     the module's python3 (TensorFlow 2.15 and Horovod 0.28.1: Python 3.11)
#   tensorflow importable by that Python (the module's TF), the version Horovod builds against
#   horovod    `horovodrun --check-build` lists TensorFlow and MPI
#   harness    `scalestudy --help` from the venv, its version
# No root: everything is under VENV and ~/.cache/scalestudy/wheels.
#
#   scripts/site-install/venv-over-modules.sh [--venv DIR] [--harness WHEEL|SPEC]
#       [--horovod-wheel FILE] [--constraints FILE]
# --harness: the scalestudy wheel (or a pip requirement; default: scalestudy). --horovod-wheel:
# a Horovod wheel built before against this TF and MPI (else one cached under
# ~/.cache/scalestudy/wheels/tf-<TF>-<family>-<version>/ is reused, else it is built: ~10 min
# on 2 cores). Ends with the venv's activate line and the `doctor` to run next.
set -uo pipefail
venv=$PWD/scalestudy-venv
harness=scalestudy
horovod_wheel=
here=$(cd "$(dirname "$0")/../.." && pwd)
beside=$(cd "$(dirname "$0")" && pwd)
# the trainer's pins: beside this script (`scalestudy site-install modules --write DIR` puts
# them there), else the checkout's
if [ -f "$beside/constraints.txt" ]; then constraints=$beside/constraints.txt; else constraints=$here/constraints.txt; fi
while [ $# -gt 0 ]; do
  case $1 in
    --venv) venv=$2; shift 2 ;;
    --harness) harness=$2; shift 2 ;;
    --horovod-wheel) horovod_wheel=$2; shift 2 ;;
    --constraints) constraints=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set /p' "$0" | sed '$d'; exit 0 ;;
    *) echo "venv-over-modules: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
failed=0
ok() { printf '[  ok] %s: %s\n' "$1" "$2"; }
fail() { printf '[FAIL] %s: %s\n       fix: %s\n' "$1" "$2" "$3"; failed=1; }
stop() { echo "venv-over-modules: stopped at the first failed check (above)" >&2; exit 1; }

# --- compilers
cxx=${CXX:-$(command -v c++ || command -v g++ || true)}
if [ -n "$cxx" ] && "$cxx" --version >/dev/null 2>&1; then
  ok compilers "$("$cxx" --version | head -1) ($cxx)"
else
  fail compilers "no C++ compiler (CXX, c++, g++)" "module load a compiler (gcc, intel, ...)"
fi
if command -v cmake >/dev/null 2>&1; then
  ok cmake "$(cmake --version | head -1)"
else
  fail cmake "no cmake on PATH (Horovod's build needs >= 3.13)" "module load cmake"
fi
# --- MPI wrappers of the loaded MPI
if command -v mpicc >/dev/null && command -v mpicxx >/dev/null; then
  shown=$(mpicc -show 2>/dev/null || mpicc -showme 2>/dev/null || echo "?")
  ok "MPI wrappers" "$(command -v mpicc), $(command -v mpicxx); mpicc runs: $shown"
else
  fail "MPI wrappers" "no mpicc/mpicxx on PATH" "module load the site's MPI (its compiler wrappers)"
fi
banner=$( (mpirun --version 2>&1 || mpiexec --version 2>&1) | head -3)
case $banner in
  *"Open MPI"*|*"OpenRTE"*) family=openmpi ;;
  *Intel*) family=intelmpi ;;
  *HYDRA*|*MPICH*|*mpich*) family=mpich ;;
  *) family= ;;
esac
mpiver=$(printf '%s\n' "$banner" | grep -oE '[0-9]+\.[0-9]+(\.[0-9]+)?' | head -1)
if [ -n "$family" ]; then
  ok "MPI library" "$family $mpiver ($(command -v mpirun || command -v mpiexec))"
else
  fail "MPI library" "mpirun --version names no Open MPI, MPICH or Intel MPI: ${banner:-nothing}" \
    "module load the MPI the jobs will use"
fi
[ $failed = 0 ] || stop
# --- the module's Python and TensorFlow
python=$(command -v python3 || true)
if [ -z "$python" ]; then
  fail python "no python3 on PATH" "module load the site's Python (or its TensorFlow module)"; stop
fi
pyver=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
if [ "$pyver" = 3.11 ]; then
  ok python "$pyver ($python)"
else
  fail python "$pyver ($python): TensorFlow 2.15 and Horovod 0.28.1 need 3.11" \
    "module load a Python 3.11 / TensorFlow 2.15 module, or run the trainer from the image (path b)"
  stop
fi
tfver=$("$python" -c 'import tensorflow as tf; print(tf.__version__)' 2>/dev/null | tail -1)
if [ -n "$tfver" ]; then
  ok tensorflow "$tfver from $("$python" -c 'import os, tensorflow as tf; print(os.path.dirname(tf.__file__))' 2>/dev/null | tail -1)"
else
  fail tensorflow "$python cannot import tensorflow" "module load the site's TensorFlow (2.15)"
  stop
fi
# --- the venv over it
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv --system-site-packages "$venv" || { fail venv "$python -m venv $venv failed" "choose a folder you can write"; stop; }
fi
vpy=$venv/bin/python
seen=$("$vpy" -c 'import tensorflow as tf; print(tf.__version__)' 2>/dev/null | tail -1)
if [ "$seen" = "$tfver" ]; then
  ok venv "$venv sees the module's TensorFlow $seen"
else
  fail venv "$venv sees TensorFlow '${seen:-none}', not the module's $tfver" \
    "make it with --system-site-packages from the module's python3"
  stop
fi
pipi() { "$vpy" -m pip install -q --disable-pip-version-check -c "$constraints" "$@"; }
# --- Horovod against this TF and MPI
house=$HOME/.cache/scalestudy/wheels/tf-$tfver-$family-$mpiver
if [ -z "$horovod_wheel" ]; then
  horovod_wheel=$(ls "$house"/horovod-0.28.1-*.whl 2>/dev/null | head -1 || true)
fi
if [ -z "$horovod_wheel" ]; then
  echo "venv-over-modules: building Horovod 0.28.1 against TensorFlow $tfver and $family $mpiver (~10 min on 2 cores)"
  mkdir -p "$house"
  HOROVOD_WITH_TENSORFLOW=1 HOROVOD_WITH_MPI=1 HOROVOD_WITHOUT_PYTORCH=1 \
  HOROVOD_WITHOUT_MXNET=1 "$vpy" -m pip wheel --no-build-isolation --no-deps --no-cache-dir \
    -w "$house" horovod==0.28.1 || { fail horovod "the build failed (above)" "check the compilers and MPI wrappers above"; stop; }
  horovod_wheel=$(ls "$house"/horovod-0.28.1-*.whl | head -1)
fi
pipi --no-deps "$horovod_wheel" && pipi cloudpickle psutil pyyaml packaging \
  || { fail horovod "installing $horovod_wheel failed" "build it again (remove it)"; stop; }
check=$("$venv/bin/horovodrun" --check-build 2>&1)
# here-strings, not `printf | grep -q`: under pipefail grep -q's early exit can kill printf
# with SIGPIPE mid-write and fail the pipeline though it matched (seen in CI: a check output
# of TensorFlow's log lines over 4 KiB, "[X] TensorFlow" in its first write)
if grep -q '\[X\] TensorFlow' <<<"$check" && grep -q '\[X\] MPI' <<<"$check"; then
  ok horovod "$(grep -m1 'Horovod v' <<<"$check") with TensorFlow and MPI ($horovod_wheel)"
else
  fail horovod "horovodrun --check-build: $(printf '%s' "$check" | tr '\n' ' ')" \
    "rebuild Horovod with the MPI and TF modules loaded (remove $horovod_wheel)"
  stop
fi
# --- the harness (its own dependencies; the trainer's TF stays the module's)
pipi "$harness" sentencepiece 'mlperf-logging>=4.1' \
  || { fail harness "pip install $harness failed" "give --harness the scalestudy wheel"; stop; }
# from the venv's folder: `python -c` imports from the working directory first (a checkout)
version=$(cd "$venv" && "$venv/bin/scalestudy" --help >/dev/null && "$vpy" -c 'from scalestudy import provenance as p; s = p.git_state(); print(s["version"], (s["commit"] or "?")[:12], "at", s["package"])')
if [ -n "$version" ]; then
  ok harness "scalestudy $version in $venv"
else
  fail harness "scalestudy does not run from $venv" "pip install the scalestudy wheel into it"; stop
fi
echo "venv-over-modules: ready. In job scripts and on the login node:"
echo "  source $venv/bin/activate   # after the same module loads (profile: modules, python: $vpy)"
echo "  scalestudy doctor PROFILE"
