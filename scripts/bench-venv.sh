#!/usr/bin/env bash
# The venv of a benchmark's reference tool, never the product's: built once and cached under
# ~/.cache/scalestudy/venvs by the hash of what decides its install (the pins below, the
# constraints file they use, this script, the interpreter's version and path), as the trainer's
# and the harness's venvs are; a second call reuses it (a second or so). Prints its python.
#   scripts/bench-venv.sh extrap      Extra-P 4.2.5 (benchmarks/projection_backtest.py; it pulls
#                                     PySide6 and scikit-learn, hence its own venv)
#   scripts/bench-venv.sh reference   TF Model Garden's Transformer (benchmarks/trainer_vs_reference.py;
#                                     tf-models-official pins a newer TensorFlow: --no-deps)
set -euo pipefail
name=${1:?usage: bench-venv.sh extrap|reference}
here=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-python3}

case $name in
  extrap)
    inputs=(/dev/null)
    pins="extrap==4.2.5"
    nodeps=""
    ;;
  reference)
    inputs=("$here/constraints.txt" "$here/benchmarks/reference/requirements.txt")
    pins=$(cat "$here/benchmarks/reference/requirements.txt")
    nodeps="tf-models-official==2.15.0"
    ;;
  *)
    echo "bench-venv.sh: no reference venv named '$name' (extrap, reference)" >&2
    exit 2
    ;;
esac

key=$({
  cat "${inputs[@]}" "$here/scripts/bench-venv.sh"
  printf '%s\n' "$pins" "$nodeps"
  "$python" -c 'import sys; print(sys.executable, sys.version)'
} | sha256sum | cut -c1-16)
cache=${SCALESTUDY_CACHE:-$HOME/.cache/scalestudy}/venvs
venv=$cache/bench-$name-$key
build() {
  [ -x "$venv/bin/python" ] && [ -f "$venv/.complete" ] && return
  echo "bench-venv.sh: building $venv (once for these pins)" >&2
  rm -rf "$venv"
  mkdir -p "$cache"
  "$python" -m venv "$venv"
  pip() { "$venv/bin/python" -m pip --disable-pip-version-check -q "$@" >&2; }
  printf '%s\n' "$pins" > "$venv/requirements.txt"
  if [ "$name" = reference ]; then
    pip install -c "$here/constraints.txt" -r "$venv/requirements.txt"
  else
    pip install -r "$venv/requirements.txt"
  fi
  [ -z "$nodeps" ] || pip install --no-deps "$nodeps"
  touch "$venv/.complete"
  # venvs of older pins are left behind: keep the cache small
  for old in "$cache"/bench-"$name"-*; do
    [ "$old" = "$venv" ] || rm -rf "$old"
  done
}
mkdir -p "$cache"
# two builds at once (two benchmarks started together) take turns
( flock 9; build ) 9>"$cache/bench-$name.lock"
echo "$venv/bin/python"
