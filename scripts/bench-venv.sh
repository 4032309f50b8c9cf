#!/usr/bin/env bash
# The venv of a benchmark's reference tool, never the product's: built once and cached by its
# inputs (the pins below, the constraints they use, this script, the interpreter) as the
# trainer's venvs are (scripts/venv-cache.sh: the key, the cache folder, the lock); a second call
# reuses it (a fraction of a second). Prints its python.
#   scripts/bench-venv.sh extrap      Extra-P 4.2.5 (benchmarks/projection_backtest.py; it pulls
#                                     PySide6 and scikit-learn, hence its own venv)
#   scripts/bench-venv.sh reference   TF Model Garden's Transformer (benchmarks/trainer_vs_reference.py;
#                                     tf-models-official pins a newer TensorFlow: --no-deps)
set -euo pipefail
name=${1:?usage: bench-venv.sh extrap|reference}
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
# shellcheck source=scripts/venv-cache.sh
source scripts/venv-cache.sh

case $name in
  extrap)
    inputs=()
    pins="extrap==4.2.5"
    nodeps=""
    ;;
  reference)
    inputs=(constraints.txt benchmarks/reference/requirements.txt)
    pins=$(cat benchmarks/reference/requirements.txt)
    nodeps="tf-models-official==2.15.0"
    ;;
  *)
    echo "bench-venv.sh: no reference venv named '$name' (extrap, reference)" >&2
    exit 2
    ;;
esac

BASE=$(venv_base "bench-$name" "${inputs[@]}" scripts/bench-venv.sh scripts/venv-cache.sh \
  -- "$pins" "$nodeps" "$("$PY" -c 'import sys; print(sys.executable, sys.version)')")

build() {
  [ -x "$BASE/bin/python" ] && [ -f "$BASE/.complete" ] && return
  echo "bench-venv.sh: building $BASE (once for these pins)" >&2
  rm -rf "$BASE"
  "$PY" -m venv "$BASE"
  pip() { "$BASE/bin/python" -m pip --disable-pip-version-check -q "$@" >&2; }
  printf '%s\n' "$pins" >"$BASE/requirements.txt"
  if [ ${#inputs[@]} -gt 0 ]; then
    pip install -c constraints.txt -r "$BASE/requirements.txt"
  else
    pip install -r "$BASE/requirements.txt"
  fi
  [ -z "$nodeps" ] || pip install --no-deps "$nodeps"
  touch "$BASE/.complete"
}

with_base_lock "$BASE" build
echo "$BASE/bin/python"
