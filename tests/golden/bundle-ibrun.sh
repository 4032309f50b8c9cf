##### stampede2-weak b0001-p4-t11-a0-7da31e04
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0001-p4-t11-a0-7da31e04
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a0-7da31e04/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0001-p4-t11-a0-7da31e04, attempt 1: 4 runs
set -euo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a0-7da31e04/attempt-1
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
  # none of the bundle's runs started: each is marked with the same exit code
  for run_dir in \
    @RESULTS@/stampede2-weak/n0001-p4-132f1c7f69-a0-r1/attempt-1 \
    @RESULTS@/stampede2-weak/n0001-p4-fb2b72bbfb-a0-r0/attempt-1 \
    @RESULTS@/stampede2-weak/n0001-p4-fb2b72bbfb-a0-r1/attempt-1 \
    @RESULTS@/stampede2-weak/n0001-p4-132f1c7f69-a0-r0/attempt-1; do
    { mkdir -p "$run_dir" && printf '96\n' > "$run_dir/exit_code"; } || :
  done
  exit 96
}
trap 'setup_failed "line $LINENO: $BASH_COMMAND"' ERR
# A SIGTERM during the setup (scancel, a preemption) ends the script as killed by it (143):
# untrapped, bash would run `finish` with the last command's status, 0 (a cancelled job read as
# completed while accounting lags)
trap 'echo "scalestudy: SIGTERM during the setup, before the launch; exit 143" >&2; exit 143' TERM
type module >/dev/null 2>&1 || setup_failed "no \`module\` command in this shell (the profile loads modules: start the job from a login shell where \`module\` works, or export it)"
module load intel/18.0.2 || setup_failed 'module load intel/18.0.2'
module load impi/18.0.2 || setup_failed 'module load impi/18.0.2'
module load python3/3.7.0 || setup_failed 'module load python3/3.7.0'
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env" --mpi intelmpi

# The setup is done: from here on the launch's exit code decides (its `wait` returns
# non-zero by design), so neither -e nor the setup's trap applies.
trap - ERR
set +e
# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 4: point n0001-p4-132f1c7f69-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-132f1c7f69-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-132f1c7f69-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-132f1c7f69-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0001-p4-fb2b72bbfb-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-fb2b72bbfb-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-fb2b72bbfb-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-fb2b72bbfb-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0001-p4-fb2b72bbfb-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-fb2b72bbfb-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-fb2b72bbfb-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-fb2b72bbfb-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0001-p4-132f1c7f69-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-132f1c7f69-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-132f1c7f69-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-132f1c7f69-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi
exit "$failed"
