#!/usr/bin/env bash
# A venv with the harness's dependencies only (no TensorFlow, no Horovod) for one Python
# version, cached under ~/.cache/scalestudy/venvs by the version and the hash of what decides
# the install: constraints-harness.txt, pyproject.toml's dependencies and dev and parallel extras, this script and the interpreter's full
# version and path (a new 3.13.x from pyenv is a new venv): a second call reuses it (a second
# or so). Prints the venv's python. Used by `make test` for the harness's fast tests on Python
# 3.13 and by `make test-pythons` on 3.10, 3.12 and 3.13 (the checkout is put on PYTHONPATH by
# the caller: nothing is installed from it here).
#   scripts/site-install/harness-venv.sh 3.13
set -euo pipefail
version=${1:?usage: harness-venv.sh PYTHON_VERSION (e.g. 3.13)}
here=$(cd "$(dirname "$0")/../.." && pwd)

find_python() {
  # a pyenv shim on PATH may name a version it will not run: each candidate must start
  local candidate root
  for candidate in "$(command -v "python$version" || true)"; do
    [ -n "$candidate" ] && "$candidate" -c '' 2>/dev/null && { echo "$candidate"; return; }
  done
  for root in "${PYENV_ROOT:-}" "$HOME/.pyenv" /root/.pyenv /opt/pyenv; do
    [ -n "$root" ] || continue
    for candidate in "$root"/versions/"$version".*/bin/python"$version"; do
      [ -x "$candidate" ] && "$candidate" -c '' 2>/dev/null && { echo "$candidate"; return; }
    done
  done
  return 1
}
python=$(find_python) || {
  echo "harness-venv.sh: no python$version on PATH nor under pyenv's versions/ (install CPython $version, e.g. pyenv install $version)" >&2
  exit 2
}

# what the install reads of pyproject.toml: its dependencies and the dev and parallel extras (the
# tests and pytest-xdist: `make test` runs the fast tests on 2 workers here) (tomllib: Python
# 3.11+; on 3.10 the system's python3 or the checkout's .venv reads it); the key holds these,
# not the whole file, so an edit of pyproject's tool settings (a pytest marker) is no rebuild
reader=
for candidate in "$python" python3 "$here/.venv/bin/python"; do
  "$candidate" -c 'import tomllib' 2>/dev/null && { reader=$candidate; break; }
done
[ -n "$reader" ] || {
  echo "harness-venv.sh: no Python 3.11+ to read pyproject.toml (tomllib) for python$version: put one on PATH as python3" >&2
  exit 2
}
deps=$("$reader" - "$here/pyproject.toml" <<'PY'
import sys, tomllib
project = tomllib.load(open(sys.argv[1], "rb"))["project"]
extras = project["optional-dependencies"]
print("\n".join(project["dependencies"] + extras["dev"] + extras["parallel"]))
PY
)
key=$({
  cat "$here/constraints-harness.txt" "$here/scripts/site-install/harness-venv.sh"
  printf '%s\n' "$deps"
  "$python" -c 'import sys; print(sys.executable, sys.version)'
} | sha256sum | cut -c1-16)
cache=${SCALESTUDY_CACHE:-$HOME/.cache/scalestudy}/venvs
venv=$cache/harness-py$version-$key
if [ ! -x "$venv/bin/python" ] || [ ! -f "$venv/.complete" ]; then
  rm -rf "$venv"
  mkdir -p "$cache"
  "$python" -m venv "$venv"
  # the harness's dependencies and the test tools, pinned; the package itself stays the checkout
  printf '%s\n' "$deps" > "$venv/requirements.txt"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    -c "$here/constraints-harness.txt" -r "$venv/requirements.txt" >&2
  touch "$venv/.complete"
  # venvs of older constraints are left behind: keep the cache small
  for old in "$cache"/harness-py"$version"-*; do
    [ "$old" = "$venv" ] || rm -rf "$old"
  done
fi
echo "$venv/bin/python"
