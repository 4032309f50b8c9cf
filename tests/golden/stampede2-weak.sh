##### b0001-p4-t11-a0-25fb21dc
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0001-p4-t11-a0-25fb21dc
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a0-25fb21dc/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0001-p4-t11-a0-25fb21dc, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a0-25fb21dc/attempt-1
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

# run 1 of 4: point n0001-p4-63e2e65f46-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-63e2e65f46-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-63e2e65f46-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-63e2e65f46-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0001-p4-aa0657b898-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-aa0657b898-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-aa0657b898-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-aa0657b898-a0-r1/attempt-1/point.json &
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

# run 3 of 4: point n0001-p4-aa0657b898-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-aa0657b898-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-aa0657b898-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-aa0657b898-a0-r0/attempt-1/point.json &
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

# run 4 of 4: point n0001-p4-63e2e65f46-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-63e2e65f46-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-63e2e65f46-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-63e2e65f46-a0-r1/attempt-1/point.json &
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
##### b0001-p4-t11-a1-1f8af5ab
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0001-p4-t11-a1-1f8af5ab
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a1-1f8af5ab/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0001-p4-t11-a1-1f8af5ab, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0001-p4-t11-a1-1f8af5ab/attempt-1
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

# run 1 of 4: point n0001-p4-63e2e65f46-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-63e2e65f46-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-63e2e65f46-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-63e2e65f46-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0001-p4-63e2e65f46-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-63e2e65f46-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-63e2e65f46-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-63e2e65f46-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0001-p4-aa0657b898-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-aa0657b898-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-aa0657b898-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-aa0657b898-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0001-p4-aa0657b898-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0001-p4-aa0657b898-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p4-aa0657b898-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-aa0657b898-a1-r0/attempt-1/point.json &
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
##### b0002-p4-t11-a0-9875c6dc
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0002-p4-t11-a0-9875c6dc
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a0-9875c6dc/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0002-p4-t11-a0-9875c6dc, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a0-9875c6dc/attempt-1
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

# run 1 of 4: point n0002-p4-e225191a65-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-e225191a65-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-e225191a65-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-e225191a65-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0002-p4-9cfe6a6913-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-9cfe6a6913-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-9cfe6a6913-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-9cfe6a6913-a0-r1/attempt-1/point.json &
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

# run 3 of 4: point n0002-p4-9cfe6a6913-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-9cfe6a6913-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-9cfe6a6913-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-9cfe6a6913-a0-r0/attempt-1/point.json &
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

# run 4 of 4: point n0002-p4-e225191a65-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-e225191a65-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-e225191a65-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-e225191a65-a0-r1/attempt-1/point.json &
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
##### b0002-p4-t11-a1-68487bb5
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0002-p4-t11-a1-68487bb5
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a1-68487bb5/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0002-p4-t11-a1-68487bb5, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0002-p4-t11-a1-68487bb5/attempt-1
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

# run 1 of 4: point n0002-p4-9cfe6a6913-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-9cfe6a6913-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-9cfe6a6913-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-9cfe6a6913-a1-r1/attempt-1/point.json &
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

# run 2 of 4: point n0002-p4-e225191a65-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-e225191a65-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-e225191a65-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-e225191a65-a1-r0/attempt-1/point.json &
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

# run 3 of 4: point n0002-p4-9cfe6a6913-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-9cfe6a6913-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-9cfe6a6913-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-9cfe6a6913-a1-r0/attempt-1/point.json &
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

# run 4 of 4: point n0002-p4-e225191a65-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0002-p4-e225191a65-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p4-e225191a65-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-e225191a65-a1-r1/attempt-1/point.json &
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
##### b0004-p4-t11-a0-da5e117e
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0004-p4-t11-a0-da5e117e
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a0-da5e117e/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0004-p4-t11-a0-da5e117e, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a0-da5e117e/attempt-1
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

# run 1 of 4: point n0004-p4-b17f362e62-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-b17f362e62-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-b17f362e62-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-b17f362e62-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0004-p4-b17f362e62-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-b17f362e62-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-b17f362e62-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-b17f362e62-a0-r1/attempt-1/point.json &
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

# run 3 of 4: point n0004-p4-754c076ce6-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-754c076ce6-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-754c076ce6-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-754c076ce6-a0-r0/attempt-1/point.json &
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

# run 4 of 4: point n0004-p4-754c076ce6-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-754c076ce6-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-754c076ce6-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-754c076ce6-a0-r1/attempt-1/point.json &
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
##### b0004-p4-t11-a1-0165b499
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0004-p4-t11-a1-0165b499
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a1-0165b499/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0004-p4-t11-a1-0165b499, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0004-p4-t11-a1-0165b499/attempt-1
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

# run 1 of 4: point n0004-p4-754c076ce6-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-754c076ce6-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-754c076ce6-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-754c076ce6-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0004-p4-b17f362e62-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-b17f362e62-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-b17f362e62-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-b17f362e62-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0004-p4-754c076ce6-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-754c076ce6-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-754c076ce6-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-754c076ce6-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0004-p4-b17f362e62-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0004-p4-b17f362e62-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p4-b17f362e62-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-b17f362e62-a1-r0/attempt-1/point.json &
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
##### b0008-p4-t11-a0-f1077206
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0008-p4-t11-a0-f1077206
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a0-f1077206/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0008-p4-t11-a0-f1077206, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a0-f1077206/attempt-1
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

# run 1 of 4: point n0008-p4-805def7354-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-805def7354-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-805def7354-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-805def7354-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0008-p4-805def7354-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-805def7354-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-805def7354-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-805def7354-a0-r1/attempt-1/point.json &
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

# run 3 of 4: point n0008-p4-caa31cbb41-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-caa31cbb41-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-caa31cbb41-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-caa31cbb41-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0008-p4-caa31cbb41-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-caa31cbb41-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-caa31cbb41-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-caa31cbb41-a0-r0/attempt-1/point.json &
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
##### b0008-p4-t11-a1-156ab9aa
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0008-p4-t11-a1-156ab9aa
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a1-156ab9aa/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0008-p4-t11-a1-156ab9aa, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0008-p4-t11-a1-156ab9aa/attempt-1
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

# run 1 of 4: point n0008-p4-805def7354-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-805def7354-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-805def7354-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-805def7354-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0008-p4-caa31cbb41-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-caa31cbb41-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-caa31cbb41-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-caa31cbb41-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0008-p4-caa31cbb41-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-caa31cbb41-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-caa31cbb41-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-caa31cbb41-a1-r0/attempt-1/point.json &
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

# run 4 of 4: point n0008-p4-805def7354-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0008-p4-805def7354-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p4-805def7354-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-805def7354-a1-r1/attempt-1/point.json &
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
##### b0016-p4-t11-a0-831359ac
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0016-p4-t11-a0-831359ac
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a0-831359ac/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0016-p4-t11-a0-831359ac, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a0-831359ac/attempt-1
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

# run 1 of 4: point n0016-p4-d2c9fe61c6-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-d2c9fe61c6-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-d2c9fe61c6-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-d2c9fe61c6-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0016-p4-5f4d438246-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-5f4d438246-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-5f4d438246-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-5f4d438246-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0016-p4-5f4d438246-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-5f4d438246-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-5f4d438246-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-5f4d438246-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0016-p4-d2c9fe61c6-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-d2c9fe61c6-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-d2c9fe61c6-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-d2c9fe61c6-a0-r1/attempt-1/point.json &
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
##### b0016-p4-t11-a1-2143156b
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0016-p4-t11-a1-2143156b
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=02:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a1-2143156b/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0016-p4-t11-a1-2143156b, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0016-p4-t11-a1-2143156b/attempt-1
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

# run 1 of 4: point n0016-p4-d2c9fe61c6-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-d2c9fe61c6-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-d2c9fe61c6-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-d2c9fe61c6-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0016-p4-5f4d438246-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-5f4d438246-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-5f4d438246-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-5f4d438246-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0016-p4-5f4d438246-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-5f4d438246-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-5f4d438246-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-5f4d438246-a1-r0/attempt-1/point.json &
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

# run 4 of 4: point n0016-p4-d2c9fe61c6-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0016-p4-d2c9fe61c6-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p4-d2c9fe61c6-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-d2c9fe61c6-a1-r1/attempt-1/point.json &
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
##### b0032-p4-t11-a0-a0e24249
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0032-p4-t11-a0-a0e24249
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a0-a0e24249/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0032-p4-t11-a0-a0e24249, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a0-a0e24249/attempt-1
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

# run 1 of 2: point n0032-p4-178e31bdd0-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-178e31bdd0-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-178e31bdd0-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-178e31bdd0-a0-r1/attempt-1/point.json &
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

# run 2 of 2: point n0032-p4-178e31bdd0-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-178e31bdd0-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-178e31bdd0-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-178e31bdd0-a0-r0/attempt-1/point.json &
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
##### b0032-p4-t11-a1-65c56f72
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0032-p4-t11-a1-65c56f72
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a1-65c56f72/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0032-p4-t11-a1-65c56f72, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0032-p4-t11-a1-65c56f72/attempt-1
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

# run 1 of 2: point n0032-p4-178e31bdd0-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-178e31bdd0-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-178e31bdd0-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-178e31bdd0-a1-r1/attempt-1/point.json &
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

# run 2 of 2: point n0032-p4-178e31bdd0-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0032-p4-178e31bdd0-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p4-178e31bdd0-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-178e31bdd0-a1-r0/attempt-1/point.json &
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
##### b0064-p4-t11-a0-b9ce1d10
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0064-p4-t11-a0-b9ce1d10
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a0-b9ce1d10/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0064-p4-t11-a0-b9ce1d10, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a0-b9ce1d10/attempt-1
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

# run 1 of 2: point n0064-p4-0c1c9ce7fd-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-0c1c9ce7fd-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-0c1c9ce7fd-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-0c1c9ce7fd-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0064-p4-0c1c9ce7fd-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-0c1c9ce7fd-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-0c1c9ce7fd-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-0c1c9ce7fd-a0-r1/attempt-1/point.json &
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
##### b0064-p4-t11-a1-d1afb9ea
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0064-p4-t11-a1-d1afb9ea
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a1-d1afb9ea/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0064-p4-t11-a1-d1afb9ea, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0064-p4-t11-a1-d1afb9ea/attempt-1
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

# run 1 of 2: point n0064-p4-0c1c9ce7fd-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-0c1c9ce7fd-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-0c1c9ce7fd-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-0c1c9ce7fd-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0064-p4-0c1c9ce7fd-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0064-p4-0c1c9ce7fd-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p4-0c1c9ce7fd-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-0c1c9ce7fd-a1-r1/attempt-1/point.json &
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
##### b0128-p4-t11-a0-6e290e9a
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0128-p4-t11-a0-6e290e9a
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a0-6e290e9a/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0128-p4-t11-a0-6e290e9a, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a0-6e290e9a/attempt-1
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

# run 1 of 2: point n0128-p4-cf046c4b60-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-cf046c4b60-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-cf046c4b60-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-cf046c4b60-a0-r1/attempt-1/point.json &
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

# run 2 of 2: point n0128-p4-cf046c4b60-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-cf046c4b60-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-cf046c4b60-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-cf046c4b60-a0-r0/attempt-1/point.json &
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
##### b0128-p4-t11-a1-821d1495
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0128-p4-t11-a1-821d1495
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a1-821d1495/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0128-p4-t11-a1-821d1495, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0128-p4-t11-a1-821d1495/attempt-1
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

# run 1 of 2: point n0128-p4-cf046c4b60-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-cf046c4b60-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-cf046c4b60-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-cf046c4b60-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0128-p4-cf046c4b60-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0128-p4-cf046c4b60-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p4-cf046c4b60-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-cf046c4b60-a1-r1/attempt-1/point.json &
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
##### b0256-p4-t11-a0-16093034
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0256-p4-t11-a0-16093034
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a0-16093034/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0256-p4-t11-a0-16093034, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a0-16093034/attempt-1
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

# run 1 of 2: point n0256-p4-dcf4582310-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-dcf4582310-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-dcf4582310-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-dcf4582310-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0256-p4-dcf4582310-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-dcf4582310-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-dcf4582310-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-dcf4582310-a0-r1/attempt-1/point.json &
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
##### b0256-p4-t11-a1-09029570
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0256-p4-t11-a1-09029570
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a1-09029570/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0256-p4-t11-a1-09029570, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0256-p4-t11-a1-09029570/attempt-1
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

# run 1 of 2: point n0256-p4-dcf4582310-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-dcf4582310-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-dcf4582310-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-dcf4582310-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0256-p4-dcf4582310-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0256-p4-dcf4582310-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p4-dcf4582310-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-dcf4582310-a1-r1/attempt-1/point.json &
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
##### b0300-p4-t11-a0-921e00e1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0300-p4-t11-a0-921e00e1
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a0-921e00e1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0300-p4-t11-a0-921e00e1, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a0-921e00e1/attempt-1
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

# run 1 of 2: point n0300-p4-4afa6da3bc-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-4afa6da3bc-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-4afa6da3bc-a0-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-4afa6da3bc-a0-r1/attempt-1/point.json &
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

# run 2 of 2: point n0300-p4-4afa6da3bc-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-4afa6da3bc-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-4afa6da3bc-a0-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-4afa6da3bc-a0-r0/attempt-1/point.json &
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
##### b0300-p4-t11-a1-e8a78efd
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-b0300-p4-t11-a1-e8a78efd
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=01:00:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a1-e8a78efd/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, bundle b0300-p4-t11-a1-e8a78efd, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/bundles/b0300-p4-t11-a1-e8a78efd/attempt-1
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

# run 1 of 2: point n0300-p4-4afa6da3bc-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-4afa6da3bc-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-4afa6da3bc-a1-r1
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-4afa6da3bc-a1-r1/attempt-1/point.json &
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

# run 2 of 2: point n0300-p4-4afa6da3bc-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/stampede2-weak/n0300-p4-4afa6da3bc-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0300-p4-4afa6da3bc-a1-r0
  date +%s.%N > "$run_dir/started_at"
  export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-4afa6da3bc-a1-r0/attempt-1/point.json &
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
