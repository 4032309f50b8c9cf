##### b0001-p4-t11-a0-7da31e04
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
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a0-7da31e04/attempt-1
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
##### b0001-p4-t11-a1-237ccd30
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0001-p4-t11-a1-237ccd30
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a1-237ccd30/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0001-p4-t11-a1-237ccd30, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a1-237ccd30/attempt-1
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

# run 1 of 4: point n0001-p4-fb2b72bbfb-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-fb2b72bbfb-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-fb2b72bbfb-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-fb2b72bbfb-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0001-p4-132f1c7f69-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-132f1c7f69-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-132f1c7f69-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-132f1c7f69-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0001-p4-fb2b72bbfb-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-fb2b72bbfb-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-fb2b72bbfb-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-fb2b72bbfb-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0001-p4-132f1c7f69-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-132f1c7f69-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-132f1c7f69-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-132f1c7f69-a1-r0/attempt-1/point.json &
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
##### b0002-p4-t11-a0-77803cb7
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0002-p4-t11-a0-77803cb7
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a0-77803cb7/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0002-p4-t11-a0-77803cb7, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a0-77803cb7/attempt-1
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

# run 1 of 4: point n0002-p4-577e4574b0-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-577e4574b0-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-577e4574b0-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-577e4574b0-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0002-p4-2180263fa7-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-2180263fa7-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-2180263fa7-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-2180263fa7-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0002-p4-577e4574b0-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-577e4574b0-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-577e4574b0-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-577e4574b0-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0002-p4-2180263fa7-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-2180263fa7-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-2180263fa7-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-2180263fa7-a0-r1/attempt-1/point.json &
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
##### b0002-p4-t11-a1-b410576c
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0002-p4-t11-a1-b410576c
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a1-b410576c/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0002-p4-t11-a1-b410576c, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a1-b410576c/attempt-1
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

# run 1 of 4: point n0002-p4-2180263fa7-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-2180263fa7-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-2180263fa7-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-2180263fa7-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0002-p4-577e4574b0-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-577e4574b0-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-577e4574b0-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-577e4574b0-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0002-p4-2180263fa7-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-2180263fa7-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-2180263fa7-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-2180263fa7-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0002-p4-577e4574b0-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-577e4574b0-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-577e4574b0-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-577e4574b0-a1-r0/attempt-1/point.json &
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
##### b0004-p4-t11-a0-2855cb5b
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0004-p4-t11-a0-2855cb5b
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a0-2855cb5b/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0004-p4-t11-a0-2855cb5b, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a0-2855cb5b/attempt-1
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

# run 1 of 4: point n0004-p4-fdb950cfc7-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-fdb950cfc7-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-fdb950cfc7-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-fdb950cfc7-a0-r1/attempt-1/point.json &
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

# run 2 of 4: point n0004-p4-6b63932621-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-6b63932621-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-6b63932621-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-6b63932621-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0004-p4-6b63932621-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-6b63932621-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-6b63932621-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-6b63932621-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0004-p4-fdb950cfc7-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-fdb950cfc7-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-fdb950cfc7-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-fdb950cfc7-a0-r0/attempt-1/point.json &
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
##### b0004-p4-t11-a1-c90614c4
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0004-p4-t11-a1-c90614c4
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a1-c90614c4/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0004-p4-t11-a1-c90614c4, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a1-c90614c4/attempt-1
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

# run 1 of 4: point n0004-p4-6b63932621-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-6b63932621-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-6b63932621-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-6b63932621-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0004-p4-fdb950cfc7-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-fdb950cfc7-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-fdb950cfc7-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-fdb950cfc7-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0004-p4-fdb950cfc7-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-fdb950cfc7-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-fdb950cfc7-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-fdb950cfc7-a1-r0/attempt-1/point.json &
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

# run 4 of 4: point n0004-p4-6b63932621-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-6b63932621-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-6b63932621-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-6b63932621-a1-r1/attempt-1/point.json &
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
##### b0008-p4-t11-a0-e501f754
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0008-p4-t11-a0-e501f754
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a0-e501f754/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0008-p4-t11-a0-e501f754, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a0-e501f754/attempt-1
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

# run 1 of 4: point n0008-p4-068bda1fbe-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-068bda1fbe-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-068bda1fbe-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-068bda1fbe-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0008-p4-5fa77dcc77-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-5fa77dcc77-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-5fa77dcc77-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-5fa77dcc77-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0008-p4-068bda1fbe-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-068bda1fbe-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-068bda1fbe-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-068bda1fbe-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0008-p4-5fa77dcc77-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-5fa77dcc77-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-5fa77dcc77-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-5fa77dcc77-a0-r1/attempt-1/point.json &
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
##### b0008-p4-t11-a1-3abcd864
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0008-p4-t11-a1-3abcd864
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a1-3abcd864/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0008-p4-t11-a1-3abcd864, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a1-3abcd864/attempt-1
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

# run 1 of 4: point n0008-p4-5fa77dcc77-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-5fa77dcc77-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-5fa77dcc77-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-5fa77dcc77-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0008-p4-068bda1fbe-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-068bda1fbe-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-068bda1fbe-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-068bda1fbe-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0008-p4-068bda1fbe-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-068bda1fbe-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-068bda1fbe-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-068bda1fbe-a1-r0/attempt-1/point.json &
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

# run 4 of 4: point n0008-p4-5fa77dcc77-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-5fa77dcc77-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-5fa77dcc77-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-5fa77dcc77-a1-r1/attempt-1/point.json &
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
##### b0016-p4-t11-a0-ce30e870
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0016-p4-t11-a0-ce30e870
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a0-ce30e870/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0016-p4-t11-a0-ce30e870, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a0-ce30e870/attempt-1
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

# run 1 of 4: point n0016-p4-052f3ca27e-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-052f3ca27e-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-052f3ca27e-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-052f3ca27e-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0016-p4-2045b3e832-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-2045b3e832-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-2045b3e832-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-2045b3e832-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0016-p4-052f3ca27e-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-052f3ca27e-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-052f3ca27e-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-052f3ca27e-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0016-p4-2045b3e832-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-2045b3e832-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-2045b3e832-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-2045b3e832-a0-r1/attempt-1/point.json &
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
##### b0016-p4-t11-a1-233f6144
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0016-p4-t11-a1-233f6144
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a1-233f6144/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0016-p4-t11-a1-233f6144, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a1-233f6144/attempt-1
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

# run 1 of 4: point n0016-p4-052f3ca27e-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-052f3ca27e-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-052f3ca27e-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-052f3ca27e-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0016-p4-052f3ca27e-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-052f3ca27e-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-052f3ca27e-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-052f3ca27e-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0016-p4-2045b3e832-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-2045b3e832-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-2045b3e832-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-2045b3e832-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0016-p4-2045b3e832-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-2045b3e832-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-2045b3e832-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-2045b3e832-a1-r0/attempt-1/point.json &
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
##### b0032-p4-t11-a0-166a3714
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0032-p4-t11-a0-166a3714
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a0-166a3714/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0032-p4-t11-a0-166a3714, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a0-166a3714/attempt-1
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

# run 1 of 2: point n0032-p4-c3bc2c17e3-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-c3bc2c17e3-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-c3bc2c17e3-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-c3bc2c17e3-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0032-p4-c3bc2c17e3-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-c3bc2c17e3-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-c3bc2c17e3-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-c3bc2c17e3-a0-r1/attempt-1/point.json &
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
##### b0032-p4-t11-a1-be151d6d
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0032-p4-t11-a1-be151d6d
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a1-be151d6d/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0032-p4-t11-a1-be151d6d, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a1-be151d6d/attempt-1
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

# run 1 of 2: point n0032-p4-c3bc2c17e3-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-c3bc2c17e3-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-c3bc2c17e3-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-c3bc2c17e3-a1-r1/attempt-1/point.json &
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

# run 2 of 2: point n0032-p4-c3bc2c17e3-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-c3bc2c17e3-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-c3bc2c17e3-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-c3bc2c17e3-a1-r0/attempt-1/point.json &
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
##### b0064-p4-t11-a0-8dc2c6d8
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0064-p4-t11-a0-8dc2c6d8
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a0-8dc2c6d8/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0064-p4-t11-a0-8dc2c6d8, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a0-8dc2c6d8/attempt-1
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

# run 1 of 2: point n0064-p4-d2fe03b484-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-d2fe03b484-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-d2fe03b484-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-d2fe03b484-a0-r1/attempt-1/point.json &
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

# run 2 of 2: point n0064-p4-d2fe03b484-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-d2fe03b484-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-d2fe03b484-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-d2fe03b484-a0-r0/attempt-1/point.json &
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
##### b0064-p4-t11-a1-d596063f
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0064-p4-t11-a1-d596063f
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a1-d596063f/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0064-p4-t11-a1-d596063f, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a1-d596063f/attempt-1
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

# run 1 of 2: point n0064-p4-d2fe03b484-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-d2fe03b484-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-d2fe03b484-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-d2fe03b484-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0064-p4-d2fe03b484-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-d2fe03b484-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-d2fe03b484-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-d2fe03b484-a1-r1/attempt-1/point.json &
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
##### b0128-p4-t11-a0-43fbe95e
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0128-p4-t11-a0-43fbe95e
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a0-43fbe95e/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0128-p4-t11-a0-43fbe95e, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a0-43fbe95e/attempt-1
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

# run 1 of 2: point n0128-p4-53a2355dec-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-53a2355dec-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-53a2355dec-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-53a2355dec-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0128-p4-53a2355dec-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-53a2355dec-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-53a2355dec-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-53a2355dec-a0-r1/attempt-1/point.json &
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
##### b0128-p4-t11-a1-c450a1e0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0128-p4-t11-a1-c450a1e0
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a1-c450a1e0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0128-p4-t11-a1-c450a1e0, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a1-c450a1e0/attempt-1
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

# run 1 of 2: point n0128-p4-53a2355dec-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-53a2355dec-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-53a2355dec-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-53a2355dec-a1-r1/attempt-1/point.json &
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

# run 2 of 2: point n0128-p4-53a2355dec-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-53a2355dec-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-53a2355dec-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-53a2355dec-a1-r0/attempt-1/point.json &
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
##### b0256-p4-t11-a0-65badb2c
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0256-p4-t11-a0-65badb2c
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a0-65badb2c/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0256-p4-t11-a0-65badb2c, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a0-65badb2c/attempt-1
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

# run 1 of 2: point n0256-p4-f0b0870c47-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-f0b0870c47-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-f0b0870c47-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-f0b0870c47-a0-r1/attempt-1/point.json &
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

# run 2 of 2: point n0256-p4-f0b0870c47-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-f0b0870c47-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-f0b0870c47-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-f0b0870c47-a0-r0/attempt-1/point.json &
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
##### b0256-p4-t11-a1-69b83968
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0256-p4-t11-a1-69b83968
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a1-69b83968/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0256-p4-t11-a1-69b83968, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a1-69b83968/attempt-1
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

# run 1 of 2: point n0256-p4-f0b0870c47-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-f0b0870c47-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-f0b0870c47-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-f0b0870c47-a1-r1/attempt-1/point.json &
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

# run 2 of 2: point n0256-p4-f0b0870c47-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-f0b0870c47-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-f0b0870c47-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-f0b0870c47-a1-r0/attempt-1/point.json &
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
##### b0300-p4-t11-a0-2b7ca5bc
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0300-p4-t11-a0-2b7ca5bc
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a0-2b7ca5bc/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0300-p4-t11-a0-2b7ca5bc, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a0-2b7ca5bc/attempt-1
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

# run 1 of 2: point n0300-p4-3bd04d7ef8-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-3bd04d7ef8-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-3bd04d7ef8-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-3bd04d7ef8-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0300-p4-3bd04d7ef8-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-3bd04d7ef8-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-3bd04d7ef8-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-3bd04d7ef8-a0-r1/attempt-1/point.json &
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
##### b0300-p4-t11-a1-bcc3bfb8
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0300-p4-t11-a1-bcc3bfb8
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a1-bcc3bfb8/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0300-p4-t11-a1-bcc3bfb8, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a1-bcc3bfb8/attempt-1
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

# run 1 of 2: point n0300-p4-3bd04d7ef8-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-3bd04d7ef8-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-3bd04d7ef8-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-3bd04d7ef8-a1-r1/attempt-1/point.json &
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

# run 2 of 2: point n0300-p4-3bd04d7ef8-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-3bd04d7ef8-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-3bd04d7ef8-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-3bd04d7ef8-a1-r0/attempt-1/point.json &
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
