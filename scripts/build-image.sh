#!/usr/bin/env bash
# Builds the Charliecloud directory image the container profiles run in (docs/containers.md):
# Debian bookworm (debootstrap) with its Open MPI and Python 3.11, and a venv at /opt/venv with
# the project's pinned Python stack (constraints.txt, pyproject.toml's dependencies and
# [trainer] extra) and the cached Horovod wheel (scripts/setup-python.sh builds it). The
# project's code is NOT in the image: jobs bind-mount the checkout and put it on PYTHONPATH,
# so an edit needs no rebuild. Prints the image's path on its last line and links it at
# $SCALESTUDY_IMAGE_LINK (default /var/tmp/scalestudy-image, the emulated-charliecloud profile's).
#
# Cached under ~/.cache/scalestudy/images/scalestudy-<hash>, the hash over every input (this
# script, constraints.txt, the requirements pyproject.toml lists for the image (not the rest of
# pyproject: a pytest marker is no reason to rebuild), the Horovod wheel, the suite): a second call with
# the same inputs only prints the path (0.15 s). The .debs are cached too
# (~/.cache/scalestudy/images/debs, 64 MB). Measured here: cold 125 s (debootstrap and pip's
# downloads), 2.1 GB. Needs debootstrap and ch-run (scripts/install-system.sh); debootstrap
# needs root.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
CACHE=${SCALESTUDY_IMAGE_CACHE:-$HOME/.cache/scalestudy/images}
WHEELHOUSE=${SCALESTUDY_WHEELHOUSE:-$HOME/.cache/scalestudy/wheels}
SUITE=bookworm
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# more folders a site binds (any depth), and this checkout's top folder: jobs bind it at its
# own path, and a read-only image cannot grow a bind target (/check of /check/work/main)
MOUNTPOINTS="${SCALESTUDY_IMAGE_MOUNTPOINTS:-} /$(echo "$repo" | cut -d/ -f2)"
LINK=${SCALESTUDY_IMAGE_LINK:-/var/tmp/scalestudy-image}  # a stable path for profiles
# Open MPI the same as the host's (Debian's): the host's mpirun/orted start the ranks inside
debs=python3,python3-venv,openmpi-bin,libopenmpi3,ca-certificates,procps

# the Open MPI build (setup-python.sh keys its wheel by TensorFlow and MPI: tf-<v>-openmpi-<v>)
wheel=$(ls "$WHEELHOUSE"/tf-2.15.1-openmpi-*/horovod-0.28.1-*.whl 2>/dev/null | head -1 || true)
if [ -z "$wheel" ]; then
  echo "build-image: no Horovod wheel in $WHEELHOUSE/tf-2.15.1-openmpi-*: run scripts/setup-python.sh" >&2
  exit 1
fi
# the dependencies only, read from pyproject.toml: the code itself is bind-mounted by jobs
requirements=$(python3 - "$repo/pyproject.toml" <<'EOF'
import sys, tomllib
p = tomllib.load(open(sys.argv[1], "rb"))["project"]
print("\n".join(p["dependencies"] + p["optional-dependencies"]["trainer"]))
EOF
)
hash=$( { cat "$0" constraints.txt; echo "$requirements"; sha256sum "$wheel"; echo "$SUITE $debs $MOUNTPOINTS"; } \
        | sha256sum | cut -c1-12)
image="$CACHE/scalestudy-$hash"
stamp=scalestudy-image.json   # at the image's root: what `env/` capture records as its identity
if [ -f "$image/$stamp" ]; then
  ln -sfn "$image" "$LINK"
  echo "build-image: cached ($LINK -> $image)"
  echo "$image"
  exit 0
fi
export USER=${USER:-$(id -un)}   # ch-run refuses to start without it
mkdir -p "$CACHE/debs" "$HOME/.cache/pip"
tmp=$(mktemp -d "$CACHE/.build-XXXXXX")
trap '[ -n "${SCALESTUDY_KEEP_BUILD:-}" ] || rm -rf "$tmp"' EXIT  # keep it to debug a failed build
start=$(date +%s)
echo "build-image: debootstrap $SUITE into $tmp"
debootstrap --variant=minbase --cache-dir="$CACHE/debs" --include="$debs" \
  "$SUITE" "$tmp/img" "$MIRROR" >"$tmp/debootstrap.log" 2>&1 \
  || { tail -20 "$tmp/debootstrap.log" >&2; exit 1; }
rm -rf "$tmp/img/var/cache/apt/archives/"*.deb
# bind targets must exist in the image (ch-run does not create them): the build's, and the
# top-level folders jobs bind (the checkout's and the results', e.g. /work; containers.py)
mkdir -p "$tmp/img/mnt/pip" "$tmp/img/mnt/wheels"
for top in /work /scratch /project /data /lustre /gpfs $MOUNTPOINTS; do
  mkdir -p "$tmp/img$top"
done
echo "$requirements" >"$tmp/img/mnt/requirements.txt"
cp constraints.txt "$tmp/img/mnt/constraints.txt"
cp "$wheel" "$tmp/img/mnt/wheels/"
echo "build-image: venv with the pinned stack"
# pip downloads with the host's trust store bound over the image's (a site's proxy CA is in
# the host's; $REQUESTS_CA_BUNDLE and the like name that path and win over pip's --cert)
in_image() {
  ch-run -w --no-passwd -b "$HOME/.cache/pip:/mnt/pip" -b /etc/ssl/certs:/etc/ssl/certs \
    --set-env=PIP_CACHE_DIR=/mnt/pip --set-env=PIP_CERT=/etc/ssl/certs/ca-certificates.crt \
    --unset-env='PYTHONPATH' --unset-env='VIRTUAL_ENV' --unset-env='PIP_FIND_LINKS' \
    "$tmp/img" -- "$@"
}
in_image python3 -m venv /opt/venv
in_image /opt/venv/bin/pip install -q --disable-pip-version-check \
  -c /mnt/constraints.txt -r /mnt/requirements.txt /mnt/wheels/"$(basename "$wheel")" \
  cloudpickle
in_image /opt/venv/bin/python -c 'import tensorflow, horovod.tensorflow as hvd; print("ok")' >/dev/null
rm -rf "$tmp/img/mnt/wheels" "$tmp/img/mnt/requirements.txt" "$tmp/img/mnt/constraints.txt" \
  "$tmp/img/mnt/pip"
cat >"$tmp/img/$stamp" <<EOF
{"name": "scalestudy-$hash", "inputs_sha256_12": "$hash", "suite": "$SUITE",
 "built_at": "$(date -u +%Y-%m-%dT%H:%M:%SZ)", "python": "/opt/venv/bin/python",
 "build_seconds": $(( $(date +%s) - start ))}
EOF
mv "$tmp/img" "$image"
ln -sfn "$image" "$LINK"
echo "build-image: $LINK -> $image"
echo "build-image: built in $(( $(date +%s) - start )) s, $(du -sh "$image" | cut -f1)"
echo "$image"
