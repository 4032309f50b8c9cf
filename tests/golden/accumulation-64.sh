##### b0001-p1-t38-a0-9c5cc99b
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0001-p1-t38-a0-9c5cc99b
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0001-p1-t38-a0-9c5cc99b/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0001-p1-t38-a0-9c5cc99b, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0001-p1-t38-a0-9c5cc99b/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0001-p1-d9ed1344a0-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0001-p1-d9ed1344a0-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p1-d9ed1344a0-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 1 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0001-p1-d9ed1344a0-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0001-p1-a8ab5fa1af-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0001-p1-a8ab5fa1af-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p1-a8ab5fa1af-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 1 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0001-p1-a8ab5fa1af-a0-r0/attempt-1/point.json &
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
##### b0001-p1-t38-a1-22d79629
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0001-p1-t38-a1-22d79629
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0001-p1-t38-a1-22d79629/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0001-p1-t38-a1-22d79629, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0001-p1-t38-a1-22d79629/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0001-p1-d9ed1344a0-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0001-p1-d9ed1344a0-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p1-d9ed1344a0-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 1 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0001-p1-d9ed1344a0-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0001-p1-a8ab5fa1af-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0001-p1-a8ab5fa1af-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p1-a8ab5fa1af-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 1 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0001-p1-a8ab5fa1af-a1-r0/attempt-1/point.json &
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
##### b0002-p1-t38-a0-a17b3717
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0002-p1-t38-a0-a17b3717
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0002-p1-t38-a0-a17b3717/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0002-p1-t38-a0-a17b3717, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0002-p1-t38-a0-a17b3717/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0002-p1-6df2384e39-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0002-p1-6df2384e39-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p1-6df2384e39-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0002-p1-6df2384e39-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0002-p1-f3b840c6c4-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0002-p1-f3b840c6c4-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p1-f3b840c6c4-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0002-p1-f3b840c6c4-a0-r0/attempt-1/point.json &
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
##### b0002-p1-t38-a1-ba100ef9
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0002-p1-t38-a1-ba100ef9
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0002-p1-t38-a1-ba100ef9/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0002-p1-t38-a1-ba100ef9, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0002-p1-t38-a1-ba100ef9/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0002-p1-6df2384e39-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0002-p1-6df2384e39-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p1-6df2384e39-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0002-p1-6df2384e39-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0002-p1-f3b840c6c4-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0002-p1-f3b840c6c4-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p1-f3b840c6c4-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0002-p1-f3b840c6c4-a1-r0/attempt-1/point.json &
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
##### b0004-p1-t38-a0-5ec8d503
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0004-p1-t38-a0-5ec8d503
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0004-p1-t38-a0-5ec8d503/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0004-p1-t38-a0-5ec8d503, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0004-p1-t38-a0-5ec8d503/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0004-p1-bbc1ecb2a1-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0004-p1-bbc1ecb2a1-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p1-bbc1ecb2a1-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0004-p1-bbc1ecb2a1-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0004-p1-ed3609253e-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0004-p1-ed3609253e-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p1-ed3609253e-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0004-p1-ed3609253e-a0-r0/attempt-1/point.json &
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
##### b0004-p1-t38-a1-04094150
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0004-p1-t38-a1-04094150
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0004-p1-t38-a1-04094150/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0004-p1-t38-a1-04094150, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0004-p1-t38-a1-04094150/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0004-p1-bbc1ecb2a1-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0004-p1-bbc1ecb2a1-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p1-bbc1ecb2a1-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0004-p1-bbc1ecb2a1-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0004-p1-ed3609253e-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0004-p1-ed3609253e-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p1-ed3609253e-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0004-p1-ed3609253e-a1-r0/attempt-1/point.json &
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
##### b0008-p1-t38-a0-6fc796f6
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0008-p1-t38-a0-6fc796f6
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0008-p1-t38-a0-6fc796f6/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0008-p1-t38-a0-6fc796f6, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0008-p1-t38-a0-6fc796f6/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0008-p1-12265173cf-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0008-p1-12265173cf-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p1-12265173cf-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0008-p1-12265173cf-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0008-p1-fe3985ae7b-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0008-p1-fe3985ae7b-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p1-fe3985ae7b-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0008-p1-fe3985ae7b-a0-r0/attempt-1/point.json &
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
##### b0008-p1-t38-a1-1dab764b
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0008-p1-t38-a1-1dab764b
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0008-p1-t38-a1-1dab764b/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0008-p1-t38-a1-1dab764b, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0008-p1-t38-a1-1dab764b/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0008-p1-12265173cf-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0008-p1-12265173cf-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p1-12265173cf-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0008-p1-12265173cf-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0008-p1-fe3985ae7b-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0008-p1-fe3985ae7b-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p1-fe3985ae7b-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0008-p1-fe3985ae7b-a1-r0/attempt-1/point.json &
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
##### b0016-p1-t38-a0-d48b8aac
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0016-p1-t38-a0-d48b8aac
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0016-p1-t38-a0-d48b8aac/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0016-p1-t38-a0-d48b8aac, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0016-p1-t38-a0-d48b8aac/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0016-p1-b4d4c6d6c5-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0016-p1-b4d4c6d6c5-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p1-b4d4c6d6c5-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0016-p1-b4d4c6d6c5-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0016-p1-7293b20efb-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0016-p1-7293b20efb-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p1-7293b20efb-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0016-p1-7293b20efb-a0-r0/attempt-1/point.json &
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
##### b0016-p1-t38-a1-372b1bc1
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0016-p1-t38-a1-372b1bc1
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0016-p1-t38-a1-372b1bc1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0016-p1-t38-a1-372b1bc1, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0016-p1-t38-a1-372b1bc1/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0016-p1-7293b20efb-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0016-p1-7293b20efb-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p1-7293b20efb-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0016-p1-7293b20efb-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0016-p1-b4d4c6d6c5-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0016-p1-b4d4c6d6c5-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p1-b4d4c6d6c5-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0016-p1-b4d4c6d6c5-a1-r0/attempt-1/point.json &
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
##### b0032-p1-t38-a0-117ae2bb
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0032-p1-t38-a0-117ae2bb
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0032-p1-t38-a0-117ae2bb/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0032-p1-t38-a0-117ae2bb, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0032-p1-t38-a0-117ae2bb/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0032-p1-7ee06b2583-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0032-p1-7ee06b2583-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p1-7ee06b2583-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0032-p1-7ee06b2583-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0032-p1-0146c770d2-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0032-p1-0146c770d2-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p1-0146c770d2-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0032-p1-0146c770d2-a0-r0/attempt-1/point.json &
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
##### b0032-p1-t38-a1-7be0f14d
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0032-p1-t38-a1-7be0f14d
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0032-p1-t38-a1-7be0f14d/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0032-p1-t38-a1-7be0f14d, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0032-p1-t38-a1-7be0f14d/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0032-p1-7ee06b2583-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0032-p1-7ee06b2583-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p1-7ee06b2583-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0032-p1-7ee06b2583-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0032-p1-0146c770d2-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0032-p1-0146c770d2-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p1-0146c770d2-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0032-p1-0146c770d2-a1-r0/attempt-1/point.json &
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
##### b0064-p1-t38-a0-c72ebc46
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0064-p1-t38-a0-c72ebc46
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0064-p1-t38-a0-c72ebc46/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0064-p1-t38-a0-c72ebc46, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0064-p1-t38-a0-c72ebc46/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0064-p1-73585a7ab8-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0064-p1-73585a7ab8-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p1-73585a7ab8-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0064-p1-73585a7ab8-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0064-p1-6fa66e60e7-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0064-p1-6fa66e60e7-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p1-6fa66e60e7-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0064-p1-6fa66e60e7-a0-r0/attempt-1/point.json &
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
##### b0064-p1-t38-a1-9885a3ab
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0064-p1-t38-a1-9885a3ab
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0064-p1-t38-a1-9885a3ab/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0064-p1-t38-a1-9885a3ab, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0064-p1-t38-a1-9885a3ab/attempt-1
cd "$attempt_dir" || exit 97

# The exit code of this script, written atomically whatever ends it.
finish() {
  local code=$?
  printf '%s\n' "$code" > "$attempt_dir/exit_code.tmp" && mv -f "$attempt_dir/exit_code.tmp" "$attempt_dir/exit_code"
}
trap finish EXIT
export HOROVOD_FUSION_THRESHOLD=134217728
export KMP_BLOCKTIME=1
export KMP_AFFINITY=granularity=fine,compact,1,0
export OMP_NUM_THREADS=38
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

# run 1 of 2: point n0064-p1-73585a7ab8-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0064-p1-73585a7ab8-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p1-73585a7ab8-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0064-p1-73585a7ab8-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0064-p1-6fa66e60e7-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0064-p1-6fa66e60e7-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p1-6fa66e60e7-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0064-p1-6fa66e60e7-a1-r0/attempt-1/point.json &
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
