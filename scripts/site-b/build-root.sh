#!/usr/bin/env bash
# Builds site B's root (docs/second-site.md): Debian trixie by debootstrap, with trixie's Slurm
# (24.11: slurmctld, slurmd, slurmdbd, the pmix plugin), munge, MariaDB, PMIx, Open MPI 5,
# Python 3 (3.13), mpi4py, Charliecloud's ch-run, psutil and Jinja2 (the admin's local-cluster
# code runs on the system Python), and an unprivileged user `siteuser`.
# Daemons run in it as root (scripts/site-b/enter.sh); everything a user does runs as siteuser.
#
# Cached under ~/.cache/scalestudy/site-b/trixie-<hash>, the hash over this script and the
# package list: a second call only prints the path. The .debs are cached too
# (~/.cache/scalestudy/site-b/debs). Needs root (debootstrap, chroot) and a bookworm host's apt
# (slurmdbd's client library, below). Prints the root's path on its last line.
set -euo pipefail
cd "$(dirname "$0")/../.."
CACHE=${SCALESTUDY_SITE_B_CACHE:-$HOME/.cache/scalestudy/site-b}
SUITE=trixie
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SITE_UID=${SCALESTUDY_SITE_UID:-1500}
# debootstrap's own set (minbase); the rest through apt inside, which resolves the t64 names
base=ca-certificates,procps,python3,python3-venv
pkgs="slurm-wlm slurmdbd slurm-wlm-basic-plugins munge mariadb-server mariadb-client
  openmpi-bin libopenmpi-dev libpmix-bin python3-mpi4py python3-psutil python3-jinja2
  charliecloud-runtime
  hostname iproute2 less"
# slurmdbd runs with bookworm's MariaDB client library (libmariadb3 1:10.11, Connector/C 3.3):
# with trixie's own (1:11.8.9, Connector/C 3.4.10) slurmdbd 24.11.5-4+deb13u1 stops at its
# first query: "mysql_query failed: 5027 Number of columns in result (=1) set execeeds maxmimum
# allowed number of columns (=0)" (select @var := concat(''), _check_mysql_concat_is_sane),
# measured here; the mariadb client runs the same query fine. Fetched by the host's apt (this
# host and CI are bookworm): /usr/sbin/slurmdbd becomes a wrapper that sets LD_LIBRARY_PATH.
dbclient=libmariadb3
dbclient_version=$(apt-cache show --no-all-versions "$dbclient" 2>/dev/null | sed -n 's/^Version: //p')
hash=$( { cat "$0"; echo "$SUITE $base $pkgs $SITE_UID $dbclient_version"; } | sha256sum | cut -c1-12)
root="$CACHE/trixie-$hash"
stamp=site-b-root.json
if [ -f "$root/$stamp" ]; then
  echo "site-b root: cached ($root)" >&2
  echo "$root"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "site-b root: building it needs root (debootstrap, chroot)" >&2
  exit 2
fi
mkdir -p "$CACHE/debs"
tmp=$(mktemp -d "$CACHE/.build-XXXXXX")
cleanup() {
  for m in proc sys dev/pts dev var/cache/apt/archives; do
    mountpoint -q "$tmp/root/$m" 2>/dev/null && umount -l "$tmp/root/$m"
  done
  [ -n "${SCALESTUDY_KEEP_BUILD:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
start=$(date +%s)
echo "site-b root: debootstrap $SUITE into $tmp" >&2
debootstrap --variant=minbase --cache-dir="$CACHE/debs" --include="$base" \
  "$SUITE" "$tmp/root" "$MIRROR" >"$tmp/debootstrap.log" 2>&1 \
  || { tail -20 "$tmp/debootstrap.log" >&2; exit 1; }
boot=$(( $(date +%s) - start ))
mount -t proc proc "$tmp/root/proc"
mount --bind "$CACHE/debs" "$tmp/root/var/cache/apt/archives"
cp /etc/resolv.conf "$tmp/root/etc/resolv.conf" 2>/dev/null || true
echo "site-b root: apt-get install (Slurm, MariaDB, Open MPI, PMIx)" >&2
# no daemon starts while installing (policy-rc.d), the cached .debs are kept
printf '#!/bin/sh\nexit 101\n' >"$tmp/root/usr/sbin/policy-rc.d"
chmod +x "$tmp/root/usr/sbin/policy-rc.d"
echo 'Binary::apt::APT::Keep-Downloaded-Packages "true";' \
  >"$tmp/root/etc/apt/apt.conf.d/01keep-debs"
chroot "$tmp/root" env DEBIAN_FRONTEND=noninteractive apt-get -q update >"$tmp/apt.log" 2>&1 \
  && chroot "$tmp/root" env DEBIAN_FRONTEND=noninteractive \
    apt-get -q -y --no-install-recommends install $pkgs >>"$tmp/apt.log" 2>&1 \
  || { tail -30 "$tmp/apt.log" >&2; exit 1; }
rm -f "$tmp/root/usr/sbin/policy-rc.d"
umount "$tmp/root/var/cache/apt/archives" "$tmp/root/proc"
mkdir -p "$CACHE/debs-host"
( cd "$CACHE/debs-host" && { ls "${dbclient}_"*.deb >/dev/null 2>&1 || apt-get -q download "$dbclient"; } ) \
  >"$tmp/dbclient.log" 2>&1 || { cat "$tmp/dbclient.log" >&2; exit 1; }
dpkg-deb -x "$(ls "$CACHE/debs-host/${dbclient}_"*.deb | head -1)" "$tmp/dbclient"
mkdir -p "$tmp/root/opt/slurmdbd-libmariadb"
cp -a "$tmp/dbclient/usr/lib/x86_64-linux-gnu/"libmariadb.so.3* "$tmp/root/opt/slurmdbd-libmariadb/"
chroot "$tmp/root" dpkg-divert --quiet --local --rename --divert /usr/sbin/slurmdbd.trixie \
  --add /usr/sbin/slurmdbd
cat >"$tmp/root/usr/sbin/slurmdbd" <<'EOT'
#!/bin/sh
# site B: bookworm's MariaDB client library for slurmdbd (scripts/site-b/build-root.sh)
LD_LIBRARY_PATH=/opt/slurmdbd-libmariadb${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
  exec /usr/sbin/slurmdbd.trixie "$@"
EOT
chmod 755 "$tmp/root/usr/sbin/slurmdbd"
chroot "$tmp/root" useradd -m -u "$SITE_UID" -s /bin/bash siteuser
versions=$(chroot "$tmp/root" dpkg-query -W -f '${Package}=${Version} ' \
  slurmctld slurmdbd openmpi-bin libpmix-bin mariadb-server python3 munge)
cat >"$tmp/root/$stamp" <<EOT
{"suite": "$SUITE", "inputs_sha256_12": "$hash", "built_at": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
 "packages": "$versions", "debootstrap_seconds": $boot,
 "build_seconds": $(( $(date +%s) - start ))}
EOT
mv "$tmp/root" "$root"
echo "site-b root: built in $(( $(date +%s) - start )) s (debootstrap $boot s), $(du -sh "$root" | cut -f1)" >&2
echo "$root"
