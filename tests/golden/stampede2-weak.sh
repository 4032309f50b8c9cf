##### b0001-p4-t11-a0-95fe35d6
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0001-p4-t11-a0-95fe35d6
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a0-95fe35d6/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0001-p4-t11-a0-95fe35d6, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a0-95fe35d6/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 4: point n0001-p4-389060a8b3-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-389060a8b3-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-389060a8b3-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-389060a8b3-a0-r1/attempt-1/point.json &
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

# run 2 of 4: point n0001-p4-71bc9dbaa0-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-71bc9dbaa0-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0001-p4-71bc9dbaa0-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-71bc9dbaa0-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0001-p4-389060a8b3-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-389060a8b3-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-389060a8b3-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-389060a8b3-a0-r0/attempt-1/point.json &
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
##### b0001-p4-t11-a1-fd111933
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0001-p4-t11-a1-fd111933
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a1-fd111933/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0001-p4-t11-a1-fd111933, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a1-fd111933/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 4: point n0001-p4-71bc9dbaa0-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-71bc9dbaa0-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0001-p4-389060a8b3-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-389060a8b3-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-389060a8b3-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-389060a8b3-a1-r0/attempt-1/point.json &
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

# run 3 of 4: point n0001-p4-389060a8b3-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-389060a8b3-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-389060a8b3-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-389060a8b3-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0001-p4-71bc9dbaa0-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-71bc9dbaa0-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-a1-r1/attempt-1/point.json &
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
##### b0002-p4-t11-a0-72f6bc6e
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0002-p4-t11-a0-72f6bc6e
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a0-72f6bc6e/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0002-p4-t11-a0-72f6bc6e, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a0-72f6bc6e/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 4: point n0002-p4-60a5c17230-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-60a5c17230-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-60a5c17230-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-60a5c17230-a0-r1/attempt-1/point.json &
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

# run 2 of 4: point n0002-p4-60a5c17230-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-60a5c17230-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-60a5c17230-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-60a5c17230-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0002-p4-1568309f6c-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-1568309f6c-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-1568309f6c-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-1568309f6c-a0-r0/attempt-1/point.json &
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

# run 4 of 4: point n0002-p4-1568309f6c-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-1568309f6c-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-1568309f6c-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-1568309f6c-a0-r1/attempt-1/point.json &
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
##### b0002-p4-t11-a1-ea77f2a7
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0002-p4-t11-a1-ea77f2a7
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a1-ea77f2a7/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0002-p4-t11-a1-ea77f2a7, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a1-ea77f2a7/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 4: point n0002-p4-1568309f6c-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-1568309f6c-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-1568309f6c-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-1568309f6c-a1-r1/attempt-1/point.json &
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

# run 2 of 4: point n0002-p4-1568309f6c-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-1568309f6c-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-1568309f6c-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-1568309f6c-a1-r0/attempt-1/point.json &
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

# run 3 of 4: point n0002-p4-60a5c17230-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-60a5c17230-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-60a5c17230-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-60a5c17230-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0002-p4-60a5c17230-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-60a5c17230-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-60a5c17230-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-60a5c17230-a1-r0/attempt-1/point.json &
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
##### b0004-p4-t11-a0-1f356226
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0004-p4-t11-a0-1f356226
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a0-1f356226/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0004-p4-t11-a0-1f356226, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a0-1f356226/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 4: point n0004-p4-cad6c81b54-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-cad6c81b54-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0004-p4-cad6c81b54-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-cad6c81b54-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-a0-r1/attempt-1/point.json &
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

# run 3 of 4: point n0004-p4-81ff68b7ef-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-81ff68b7ef-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-a0-r0/attempt-1/point.json &
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

# run 4 of 4: point n0004-p4-81ff68b7ef-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-81ff68b7ef-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-a0-r1/attempt-1/point.json &
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
##### b0004-p4-t11-a1-5d2f160e
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0004-p4-t11-a1-5d2f160e
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a1-5d2f160e/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0004-p4-t11-a1-5d2f160e, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a1-5d2f160e/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 4: point n0004-p4-81ff68b7ef-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-81ff68b7ef-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-a1-r1/attempt-1/point.json &
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

# run 2 of 4: point n0004-p4-cad6c81b54-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-cad6c81b54-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-a1-r0/attempt-1/point.json &
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

# run 3 of 4: point n0004-p4-cad6c81b54-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-cad6c81b54-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0004-p4-81ff68b7ef-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-81ff68b7ef-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-a1-r0/attempt-1/point.json &
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
##### b0008-p4-t11-a0-d6b919a9
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0008-p4-t11-a0-d6b919a9
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a0-d6b919a9/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0008-p4-t11-a0-d6b919a9, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a0-d6b919a9/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 4: point n0008-p4-e849fb5ade-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-e849fb5ade-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0008-p4-9a09a389dd-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-9a09a389dd-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0008-p4-9a09a389dd-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-9a09a389dd-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0008-p4-e849fb5ade-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-e849fb5ade-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-a0-r1/attempt-1/point.json &
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
##### b0008-p4-t11-a1-8c5ddb0f
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0008-p4-t11-a1-8c5ddb0f
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a1-8c5ddb0f/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0008-p4-t11-a1-8c5ddb0f, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a1-8c5ddb0f/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 4: point n0008-p4-9a09a389dd-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-9a09a389dd-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0008-p4-e849fb5ade-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-e849fb5ade-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-a1-r0/attempt-1/point.json &
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

# run 3 of 4: point n0008-p4-9a09a389dd-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-9a09a389dd-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0008-p4-e849fb5ade-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-e849fb5ade-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-a1-r1/attempt-1/point.json &
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
##### b0016-p4-t11-a0-e964be40
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0016-p4-t11-a0-e964be40
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a0-e964be40/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0016-p4-t11-a0-e964be40, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a0-e964be40/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 4: point n0016-p4-7ce9e0fc58-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-7ce9e0fc58-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-a0-r1/attempt-1/point.json &
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

# run 2 of 4: point n0016-p4-7b768e900c-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-7b768e900c-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-7b768e900c-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7b768e900c-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0016-p4-7b768e900c-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-7b768e900c-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-7b768e900c-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7b768e900c-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0016-p4-7ce9e0fc58-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-7ce9e0fc58-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-a0-r0/attempt-1/point.json &
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
##### b0016-p4-t11-a1-28080093
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0016-p4-t11-a1-28080093
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a1-28080093/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0016-p4-t11-a1-28080093, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a1-28080093/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 4: point n0016-p4-7b768e900c-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-7b768e900c-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-7b768e900c-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7b768e900c-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0016-p4-7b768e900c-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-7b768e900c-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-7b768e900c-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7b768e900c-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0016-p4-7ce9e0fc58-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-7ce9e0fc58-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-a1-r0/attempt-1/point.json &
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

# run 4 of 4: point n0016-p4-7ce9e0fc58-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-7ce9e0fc58-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-a1-r1/attempt-1/point.json &
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
##### b0032-p4-t11-a0-a5ee2bc7
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0032-p4-t11-a0-a5ee2bc7
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a0-a5ee2bc7/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0032-p4-t11-a0-a5ee2bc7, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a0-a5ee2bc7/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 2: point n0032-p4-1657f1a91f-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-1657f1a91f-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-a0-r1/attempt-1/point.json &
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

# run 2 of 2: point n0032-p4-1657f1a91f-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-1657f1a91f-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-a0-r0/attempt-1/point.json &
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
##### b0032-p4-t11-a1-b28c07a3
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0032-p4-t11-a1-b28c07a3
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a1-b28c07a3/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0032-p4-t11-a1-b28c07a3, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a1-b28c07a3/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 2: point n0032-p4-1657f1a91f-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-1657f1a91f-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-a1-r1/attempt-1/point.json &
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

# run 2 of 2: point n0032-p4-1657f1a91f-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-1657f1a91f-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-a1-r0/attempt-1/point.json &
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
##### b0064-p4-t11-a0-aadaa2f2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0064-p4-t11-a0-aadaa2f2
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a0-aadaa2f2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0064-p4-t11-a0-aadaa2f2, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a0-aadaa2f2/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 2: point n0064-p4-b6e4eac912-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-b6e4eac912-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0064-p4-b6e4eac912-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-b6e4eac912-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-a0-r1/attempt-1/point.json &
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
##### b0064-p4-t11-a1-1be9da00
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0064-p4-t11-a1-1be9da00
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a1-1be9da00/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0064-p4-t11-a1-1be9da00, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a1-1be9da00/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 2: point n0064-p4-b6e4eac912-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-b6e4eac912-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0064-p4-b6e4eac912-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-b6e4eac912-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-a1-r1/attempt-1/point.json &
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
##### b0128-p4-t11-a0-5e408ed7
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0128-p4-t11-a0-5e408ed7
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a0-5e408ed7/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0128-p4-t11-a0-5e408ed7, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a0-5e408ed7/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 2: point n0128-p4-b4f5e883fc-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-b4f5e883fc-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0128-p4-b4f5e883fc-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-b4f5e883fc-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-a0-r1/attempt-1/point.json &
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
##### b0128-p4-t11-a1-195b5c49
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0128-p4-t11-a1-195b5c49
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a1-195b5c49/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0128-p4-t11-a1-195b5c49, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a1-195b5c49/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 2: point n0128-p4-b4f5e883fc-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-b4f5e883fc-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0128-p4-b4f5e883fc-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-b4f5e883fc-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-a1-r1/attempt-1/point.json &
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
##### b0256-p4-t11-a0-04e2c023
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0256-p4-t11-a0-04e2c023
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a0-04e2c023/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0256-p4-t11-a0-04e2c023, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a0-04e2c023/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 2: point n0256-p4-4132eaa4b6-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-4132eaa4b6-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0256-p4-4132eaa4b6-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-4132eaa4b6-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-a0-r1/attempt-1/point.json &
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
##### b0256-p4-t11-a1-794113e6
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0256-p4-t11-a1-794113e6
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a1-794113e6/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0256-p4-t11-a1-794113e6, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a1-794113e6/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 2: point n0256-p4-4132eaa4b6-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-4132eaa4b6-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-a1-r1/attempt-1/point.json &
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

# run 2 of 2: point n0256-p4-4132eaa4b6-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-4132eaa4b6-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-a1-r0/attempt-1/point.json &
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
##### b0300-p4-t11-a0-0b9939d1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0300-p4-t11-a0-0b9939d1
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a0-0b9939d1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0300-p4-t11-a0-0b9939d1, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a0-0b9939d1/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 2: point n0300-p4-316c9789c2-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-316c9789c2-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-316c9789c2-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-316c9789c2-a0-r1/attempt-1/point.json &
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

# run 2 of 2: point n0300-p4-316c9789c2-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-316c9789c2-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-316c9789c2-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-316c9789c2-a0-r0/attempt-1/point.json &
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
##### b0300-p4-t11-a1-2c26886e
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0300-p4-t11-a1-2c26886e
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a1-2c26886e/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0300-p4-t11-a1-2c26886e, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a1-2c26886e/attempt-1
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
export OMP_NUM_THREADS=11
# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# A checkpoint signal goes to the running launcher; the runs after it do not start.
stopped=0
launcher_pid=
forward() { stopped=1; [ -n "$launcher_pid" ] && kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
failed=0

# run 1 of 2: point n0300-p4-316c9789c2-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-316c9789c2-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-316c9789c2-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-316c9789c2-a1-r1/attempt-1/point.json &
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

# run 2 of 2: point n0300-p4-316c9789c2-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-316c9789c2-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-316c9789c2-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-316c9789c2-a1-r0/attempt-1/point.json &
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
