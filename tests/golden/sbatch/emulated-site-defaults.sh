#!/bin/bash
# from the profile's slurm: defaults (a sweep key wins): --account --qos --reservation --wckey
#SBATCH --job-name=ss-sitedefaults-n0002-p1-b5e05b1471-r0
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=1
#SBATCH --time=00:05:00
#SBATCH --partition=debug
#SBATCH --account=ss33acct
#SBATCH --qos=ss33qos
#SBATCH --reservation=ss33study
#SBATCH --wckey=ss33wckey
#SBATCH --output=/scratch/site/results/sitedefaults/n0002-p1-b5e05b1471-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep sitedefaults, point n0002-p1-b5e05b1471-r0, attempt 1
set -euo pipefail
attempt_dir=/scratch/site/results/sitedefaults/n0002-p1-b5e05b1471-r0/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
# The setup (modules, environment, capture) stops at the first command that fails, before any
# launch: a line naming it, then exit 96 (docs/slurm.md, "What a job script's exit code says").
setup_failed() {
  local status=$?
  trap - ERR
  echo "scalestudy: setup failed before the launch: $1 (status $status); exit 96" >&2
  exit 96
}
trap 'setup_failed "line $LINENO: $BASH_COMMAND"' ERR
# A SIGTERM during the setup (scancel, a preemption) ends the script as killed by it (143):
# untrapped, bash would run `finish` with the last command's status, 0 (a cancelled job read as
# completed while accounting lags)
trap 'echo "scalestudy: SIGTERM during the setup, before the launch; exit 143" >&2; exit 143' TERM
export OMPI_MCA_mpi_yield_when_idle=1
export OMPI_MCA_btl=self,tcp
export OMPI_ALLOW_RUN_AS_ROOT=1
export OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMP_NUM_THREADS=1
export SCALESTUDY_POINT=n0002-p1-b5e05b1471-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env" --mpi openmpi

# The setup is done: from here on the launch's exit code decides (its `wait` returns
# non-zero by design), so neither -e nor the setup's trap applies.
trap - ERR
set +e
# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 2 --map-by ppr:1:node --bind-to none --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x OMPI_MCA_mpi_yield_when_idle -x OMPI_MCA_btl -x OMPI_ALLOW_RUN_AS_ROOT -x OMPI_ALLOW_RUN_AS_ROOT_CONFIRM \
  python3 -m scalestudy.workloads.probe --config /scratch/site/results/sitedefaults/n0002-p1-b5e05b1471-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
