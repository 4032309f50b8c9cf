#!/usr/bin/env bash
# System packages the trainer and the tests need (needs root: apt). Idempotent and quiet when done.
# openmpi + cmake + g++ build Horovod with MPI and Gloo; Slurm 22.05 + slurmdbd + munge + MariaDB
# are the local test cluster (python -m scalestudy.localcluster); headless chromium checks the
# HTML report; tmux shows the live progress display in a test; charliecloud-runtime (ch-run) and
# debootstrap run and build the container image (scripts/build-image.sh, docs/containers.md);
# lmod is a real module system for the tests of the job scripts' module setup and doctor's
# module check (tests/modules/); mpich (its Hydra mpiexec.hydra, mpicc.mpich; Debian's
# alternatives keep Open MPI's mpirun/mpicc, which has the higher priority), libmpich-dev,
# libpmi2-0 (Slurm's PMI-2 client for Intel MPI under srun --mpi=pmi2), libpmix2 (srun
# --mpi=pmix) and libfabric1 are the other MPI families (docs/mpi-families.md; Intel MPI itself
# comes from PyPI, scripts/setup-mpi-families.sh). One step installs the stack.
set -euo pipefail
pkgs=(openmpi-bin libopenmpi-dev cmake g++ make git
      slurm-wlm slurmdbd munge mariadb-server mariadb-client
      chromium tmux charliecloud-runtime debootstrap lmod
      mpich libmpich-dev libpmi2-0 libpmix2 libfabric1
      iproute2 procps)  # ip + tc, sysctl: the local cluster's emulated network (up --netns)
missing=()
for p in "${pkgs[@]}"; do
  [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-system: all system packages present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-system: missing ${missing[*]}; run this step as root (sudo bash $0)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-system: installed ${missing[*]}"
