#!/bin/bash
#SBATCH --job-name=ss-ct-singularity-n0002-p2-d037d7d60e-r0
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=1
#SBATCH --time=00:10:00
#SBATCH --partition=debug
#SBATCH --exclusive
#SBATCH --output=/scratch/alice/results/ct-singularity/n0002-p2-d037d7d60e-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep ct-singularity, point n0002-p2-d037d7d60e-r0, attempt 1
set -euo pipefail
attempt_dir=/scratch/alice/results/ct-singularity/n0002-p2-d037d7d60e-r0/attempt-1
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
# the workload runs inside a container (singularity; docs/containers.md)
export SCALESTUDY_POINT=n0002-p2-d037d7d60e-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env" --mpi openmpi \
  --container '{"runtime":"singularity","image":"/images/scalestudy.sif","mounts":["/scratch/data:/data","/checkout/scalestudy","/scratch/alice/results/ct-singularity"],"env":["TF_CPP_MIN_LOG_LEVEL=2","PYTHONPATH=/checkout/scalestudy"],"python":"python3"}'

# The setup is done: from here on the launch's exit code decides (its `wait` returns
# non-zero by design), so neither -e nor the setup's trap applies.
trap - ERR
set +e
# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 4 --map-by ppr:2:socket:pe=1 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x OMPI_MCA_mpi_yield_when_idle -x OMPI_MCA_btl -x OMPI_ALLOW_RUN_AS_ROOT -x OMPI_ALLOW_RUN_AS_ROOT_CONFIRM \
  singularity exec --bind /scratch/data:/data --bind /checkout/scalestudy --bind /scratch/alice/results/ct-singularity --env TF_CPP_MIN_LOG_LEVEL=2 --env PYTHONPATH=/checkout/scalestudy /images/scalestudy.sif python3 -m scalestudy.trainer --config /scratch/alice/results/ct-singularity/n0002-p2-d037d7d60e-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
