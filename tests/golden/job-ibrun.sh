##### stampede2-strong n0008-p2-726ad3c495-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-strong-n0008-p2-726ad3c495-r0
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=23
#SBATCH --time=00:45:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-strong/n0008-p2-726ad3c495-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-strong, point n0008-p2-726ad3c495-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-strong/n0008-p2-726ad3c495-r0/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
module load intel/18.0.2
module load impi/18.0.2
module load python3/3.7.0
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=23
export SCALESTUDY_POINT=n0008-p2-726ad3c495-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-strong/n0008-p2-726ad3c495-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
