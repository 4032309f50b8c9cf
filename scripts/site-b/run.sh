#!/usr/bin/env bash
# Site B (docs/second-site.md): the harness on Debian trixie with Slurm 24.11, PMIx and Open MPI 5.
#
#   scripts/site-b/run.sh [--capture=DIR] [--no-trainer] [--keep]
#
# Builds or reuses the cached trixie root (build-root.sh), builds the harness's wheel from this
# checkout, and runs scripts/site-b/inside.py in the root: the daemons as root (the project's
# local cluster code, trixie's slurmctld/slurmd/slurmdbd, munge, MariaDB), everything a user
# does as the unprivileged `siteuser` (the wheel installed into a venv of the site's Python
# 3.13, a probe sweep submitted, tracked and collected with accounting, srun --mpi=pmix under
# Open MPI 5, a trainer point from the bookworm image). --capture=DIR also saves the Slurm
# answers the harness parses (scripts/site-b/capture_slurm.py) into DIR.
#
# The cached root is never written: each run mounts an overlay over it (a fresh upper folder)
# in a private mount and PID namespace (unshare), so the daemons and every job process end
# with the namespace, whatever happens, and nothing is mounted outside it. Prints the summary
# (JSON) on stdout; exit 0 only when every check passed. Needs root.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
CACHE=${SCALESTUDY_SITE_B_CACHE:-$HOME/.cache/scalestudy/site-b}
PY=${PYTHON:-$repo/.venv/bin/python}
SITE_UID=${SCALESTUDY_SITE_UID:-1500}
capture=0 capture_to="" trainer=1 keep=0
for arg in "$@"; do
  case $arg in
    --capture=*) capture=1 capture_to=$(realpath -m "${arg#--capture=}") ;;
    --no-trainer) trainer=0 ;;
    --keep) keep=1 ;;
    *) echo "site-b: unknown option $arg (--capture=DIR, --no-trainer, --keep)" >&2; exit 2 ;;
  esac
done
if [ "$(id -u)" != 0 ]; then
  echo "site-b: needs root (debootstrap, overlay and chroot, daemons as root)" >&2
  exit 2
fi
t0=$(date +%s.%N)
root=$(bash scripts/site-b/build-root.sh | tail -1)
t_root=$(date +%s.%N)
run=$(mktemp -d /var/tmp/scalestudy-site-b-XXXXXX)
cleanup() {
  if [ "$keep" = 0 ]; then rm -rf "$run"; else echo "site-b: kept $run" >&2; fi
}
trap cleanup EXIT
mkdir -p "$run/upper" "$run/work" "$run/merged" "$run/wheels" "$run/out"
# the wheel of this checkout as it is, built aside (tests/support/wheel.py: the checkout's
# build/ folder is left alone, so no other build races this one); SCALESTUDY_SITE_B_WHEEL: one
# already built of this checkout (the test session's, which the packaging tests install too)
if [ -n "${SCALESTUDY_SITE_B_WHEEL:-}" ]; then
  cp "$SCALESTUDY_SITE_B_WHEEL" "$run/wheels/"
else
"$PY" - "$run/wheelbuild" "$run/wheels" >"$run/wheel.log" 2>&1 <<'EOF' \
  || { cat "$run/wheel.log" >&2; exit 1; }
import shutil, sys
from pathlib import Path
sys.path.insert(0, "tests")
from support.wheel import build_wheel
wheel, _ = build_wheel(Path(sys.argv[1]))
shutil.copy2(wheel, sys.argv[2])
shutil.rmtree(sys.argv[1])
EOF
fi
image=""
if [ "$trainer" = 1 ]; then
  # the bookworm image of the emulated-charliecloud profiles (Open MPI 4.1, Python 3.11, the
  # pinned TensorFlow stack): built or reused by its inputs' hash
  # (linked beside site B's cache: the host's /var/tmp/scalestudy-image link is left alone)
  image=$(SCALESTUDY_IMAGE_LINK="$CACHE/image" bash scripts/build-image.sh 2>"$run/image.log" \
          | tail -1) \
    || { echo "site-b: the image did not build (scripts/build-image.sh):" >&2; \
         tail -5 "$run/image.log" >&2; image=""; }
fi
mkdir -p "$CACHE/pip/root" "$CACHE/pip/user"
chown "$SITE_UID" "$CACHE/pip/user"
t_ready=$(date +%s.%N)

# Everything below runs in a private mount and PID namespace: when its first process ends,
# the kernel ends every process left in it (daemons, job steps), and its mounts go with it.
# pivot_root, not chroot: in a chroot the kernel refuses the user namespaces ch-run needs.
unshare --mount --pid --fork --kill-child --propagation private -- bash -euo pipefail -c '
  root=$1 run=$2 image=$3 cache=$4 capture=$5 repo=$6
  m=$run/merged
  readlink /proc/self/ns/pid >"$run/pidns"
  mount -t overlay overlay -o "lowerdir=$root,upperdir=$run/upper,workdir=$run/work" "$m"
  mount -t proc proc "$m/proc"
  mount --rbind /dev "$m/dev"
  mount -t tmpfs -o size=2g tmpfs "$m/dev/shm"
  mount --rbind /sys "$m/sys"
  mount -t tmpfs tmpfs "$m/tmp" && chmod 1777 "$m/tmp"
  # the host s name resolution and trust store (a site proxy CA is in it)
  cp /etc/resolv.conf /etc/hosts "$m/etc/"
  cp /etc/ssl/certs/ca-certificates.crt "$m/etc/ssl/certs/ca-certificates.crt"
  mkdir -p "$m/opt/site-b/wheels" "$m/opt/site-b/out" "$m/var/cache/site-b-pip"
  mount --bind "$cache/pip" "$m/var/cache/site-b-pip"
  mount --bind "$run/out" "$m/opt/site-b/out"
  cp "$run"/wheels/*.whl "$m/opt/site-b/wheels/"
  cp "$repo"/scripts/site-b/inside.py "$repo"/scripts/site-b/capture_slurm.py "$m/opt/site-b/"
  cp "$repo"/constraints-harness.txt "$m/opt/site-b/"  # the harness s tested pins
  if [ -n "$image" ]; then
    mkdir -p "$m/opt/site-b/image"
    mount --rbind "$image" "$m/opt/site-b/image"
    mount -o remount,bind,ro "$m/opt/site-b/image"
  fi
  mkdir -p "$m/.oldroot"
  cd "$m"
  pivot_root . .oldroot
  umount -l /.oldroot
  # not exec: this shell stays PID 1 and reaps the daemons it inherits
  /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    SITE_B_CAPTURE="$capture" python3 /opt/site-b/inside.py
  exit $?
' site-b "$root" "$run" "$image" "$CACHE" "$capture" "$repo" && rc=0 || rc=$?
t_end=$(date +%s.%N)
# nothing of the run may be left: no process in its PID namespace, no mount of its folders
pidns=$(cat "$run/pidns" 2>/dev/null || echo none)
left=$(for p in /proc/[0-9]*; do
         if [ "$(readlink "$p/ns/pid" 2>/dev/null)" = "$pidns" ]; then echo "${p#/proc/}"; fi
       done | wc -l)
if grep -q " $run/" /proc/mounts; then mounts=1; else mounts=0; fi
if [ -n "$capture_to" ] && [ -d "$run/out/capture" ]; then
  mkdir -p "$capture_to" && cp -r "$run/out/capture/." "$capture_to/"
  echo "site-b: Slurm's answers captured into $capture_to" >&2
fi
"$PY" - "$run/out/summary.json" "$root" "$left" "$mounts" "$t0" "$t_root" "$t_ready" "$t_end" "$rc" <<'EOF'
import json, sys
path, root, left, mounts, t0, t_root, t_ready, t_end, rc = sys.argv[1:]
try:
    summary = json.load(open(path))
except OSError:
    summary = {"checks": {}, "error": "inside.py wrote no summary"}
summary["host"] = {
    "root": root,
    "root_seconds": round(float(t_root) - float(t0), 1),
    "wheel_and_image_seconds": round(float(t_ready) - float(t_root), 1),
    "total_seconds": round(float(t_end) - float(t0), 1),
    "processes_left": int(left),
    "mounts_left": int(mounts),
    "inside_exit": int(rc),
}
summary["ok"] = int(rc) == 0 and int(left) == 0 and int(mounts) == 0
print(json.dumps(summary, indent=1))
sys.exit(0 if summary["ok"] else 1)
EOF
