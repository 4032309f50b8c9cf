# Sourced by setup-python.sh and setup-mpi-families.sh: the trainer's venvs (TensorFlow, Horovod,
# the test tools: ~2 GB written by pip, 4-10 min a venv on these 2 cores even with pip's cache
# warm) are built once per set of inputs under ~/.cache/scalestudy/venvs/<name>-<key>, and a
# checkout's .venv is a thin venv that sees that one's packages through a .pth file (site.addsitedir,
# so the base's own .pth files are processed too) and holds only the checkout, installed
# editable. A fresh clone (CI) attaches in seconds; a change of any input is a new key and a new
# base. The base never holds scalestudy itself: the checkout's copy is the only one on the path.
#
#   base=$(venv_base NAME FILE... -- WORD...)   the base's folder for these inputs (files' bytes
#                                               and words: the requirements, interpreter, MPI
#                                               version; not pyproject.toml itself, whose tool
#                                               settings change far more often than its pins)
#   with_base_lock BASE CMD...                   run CMD holding the base's lock (flock: two
#                                               setups of one machine never build it twice)
#   attach_venv VENV BASE                       the thin venv: .pth, the checkout editable,
#                                               the base's console scripts linked
#   project_requirements EXTRA...               pyproject's dependencies and these extras, one
#                                               a line (what a base installs instead of `.[...]`)

VENV_CACHE=${SCALESTUDY_CACHE:-$HOME/.cache/scalestudy}/venvs

venv_base() {
  local name=$1
  shift
  local files=() words=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do files+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  words=("$@")
  local key
  key=$({ cat "${files[@]}"; printf '%s\n' "${words[@]}"; } | sha256sum | cut -c1-16)
  echo "$VENV_CACHE/$name-$key"
}

with_base_lock() {
  local base=$1
  shift
  mkdir -p "$VENV_CACHE"
  (
    flock 9
    "$@"
  ) 9>"$base.lock"
}

project_requirements() {
  local py=${PY:-python3}
  "$py" - pyproject.toml "$@" <<'EOF'
import sys, tomllib
project = tomllib.load(open(sys.argv[1], "rb"))["project"]
deps = list(project["dependencies"])
for extra in sys.argv[2:]:
    deps += project["optional-dependencies"][extra]
print("\n".join(deps))
EOF
}

attach_venv() {
  local venv=$1 base=$2 py=${PY:-python3}
  [ -x "$venv/bin/python" ] || "$py" -m venv "$venv"
  venv=$(cd "$venv" && pwd)  # absolute: it goes into the scripts' first lines
  local site base_site
  site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  base_site=$("$base/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  echo "import site; site.addsitedir('$base_site')" >"$site/_scalestudy_base.pth"
  # the checkout, editable, without dependencies: they are the base's
  "$venv/bin/python" -m pip --disable-pip-version-check -q install --no-deps -e .
  # the base's console scripts (horovodrun, ruff, ...): a script whose first line names the
  # base's python is copied with this venv's (so it sees the checkout too), a binary linked
  local tool name
  for tool in "$base"/bin/*; do
    name=${tool##*/}
    case $name in
      python* | pip* | activate* | Activate*) continue ;;
    esac
    [ -e "$venv/bin/$name" ] && continue
    if [ "$(head -c 2 "$tool")" = "#!" ] && head -1 "$tool" | grep -qF "$base/bin/python"; then
      { echo "#!$venv/bin/python"; tail -n +2 "$tool"; } >"$venv/bin/$name"
      chmod +x "$venv/bin/$name"
    else
      ln -s "$tool" "$venv/bin/$name"
    fi
  done
}
