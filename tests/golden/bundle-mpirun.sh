##### accumulation-64 b0001-p1-t38-a0-a06f63ab
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0001-p1-t38-a0-a06f63ab
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0001-p1-t38-a0-a06f63ab/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0001-p1-t38-a0-a06f63ab, attempt 1: 2 runs
set -euo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0001-p1-t38-a0-a06f63ab/attempt-1
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
    @RESULTS@/accumulation-64/n0001-p1-36951a8ddc-a0-r0/attempt-1 \
    @RESULTS@/accumulation-64/n0001-p1-0d14b71095-a0-r0/attempt-1; do
    { mkdir -p "$run_dir" && printf '96\n' > "$run_dir/exit_code"; } || :
  done
  exit 96
}
trap 'setup_failed "line $LINENO: $BASH_COMMAND"' ERR
# A SIGTERM during the setup (scancel, a preemption) ends the script as killed by it (143):
# untrapped, bash would run `finish` with the last command's status, 0 (a cancelled job read as
# completed while accounting lags)
trap 'echo "scalestudy: SIGTERM during the setup, before the launch; exit 143" >&2; exit 143' TERM
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env" --mpi openmpi

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

# run 1 of 2: point n0001-p1-36951a8ddc-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0001-p1-36951a8ddc-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p1-36951a8ddc-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 1 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0001-p1-36951a8ddc-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0001-p1-0d14b71095-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0001-p1-0d14b71095-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p1-0d14b71095-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 1 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0001-p1-0d14b71095-a0-r0/attempt-1/point.json &
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
