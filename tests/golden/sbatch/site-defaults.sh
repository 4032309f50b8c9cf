#!/bin/bash
# from the profile's slurm: defaults (a sweep key wins): --partition --account --constraint --exclusive --reservation --mem --export --tmp --gres-flags
#SBATCH --job-name=ss-site-n0002-p2-0d7497f2b0-r0
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=1
#SBATCH --time=00:10:00
#SBATCH --partition=normal
#SBATCH --account=proj42
#SBATCH --qos=high
#SBATCH --constraint=skx&ib
#SBATCH --exclusive
#SBATCH --reservation=study
#SBATCH --mem=120G
#SBATCH --switches=1@30:00
#SBATCH --export=NONE
#SBATCH --mail-type=END,FAIL
#SBATCH --mail-user=alice@example.org
#SBATCH --tmp=10G
#SBATCH --gres-flags=enforce-binding
#SBATCH --wckey=study33
#SBATCH --nice=10
#SBATCH --output=/scratch/alice/results/site/n0002-p2-0d7497f2b0-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep site, point n0002-p2-0d7497f2b0-r0, attempt 1
set -euo pipefail
attempt_dir=/scratch/alice/results/site/n0002-p2-0d7497f2b0-r0/attempt-1
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
export OMP_NUM_THREADS=1
export SCALESTUDY_POINT=n0002-p2-0d7497f2b0-r0

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
srun --kill-on-bad-exit=1 --mpi=pmi2 --nodes=2 --ntasks=4 \
  --ntasks-per-node=2 --cpus-per-task=1 --cpu-bind=cores \
  python3 -m scalestudy.trainer --config /scratch/alice/results/site/n0002-p2-0d7497f2b0-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
