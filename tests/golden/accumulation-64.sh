##### b0001-p1-t38-a0-a06f63ab
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
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0001-p1-t38-a0-a06f63ab/attempt-1
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
##### b0001-p1-t38-a1-fd54d519
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0001-p1-t38-a1-fd54d519
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0001-p1-t38-a1-fd54d519/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0001-p1-t38-a1-fd54d519, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0001-p1-t38-a1-fd54d519/attempt-1
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

# run 1 of 2: point n0001-p1-0d14b71095-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0001-p1-0d14b71095-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p1-0d14b71095-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 1 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0001-p1-0d14b71095-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0001-p1-36951a8ddc-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0001-p1-36951a8ddc-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p1-36951a8ddc-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 1 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0001-p1-36951a8ddc-a1-r0/attempt-1/point.json &
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
##### b0002-p1-t38-a0-5876fc36
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0002-p1-t38-a0-5876fc36
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0002-p1-t38-a0-5876fc36/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0002-p1-t38-a0-5876fc36, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0002-p1-t38-a0-5876fc36/attempt-1
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

# run 1 of 2: point n0002-p1-0b1196f41e-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0002-p1-0b1196f41e-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p1-0b1196f41e-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0002-p1-0b1196f41e-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0002-p1-10bd590030-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0002-p1-10bd590030-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p1-10bd590030-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0002-p1-10bd590030-a0-r0/attempt-1/point.json &
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
##### b0002-p1-t38-a1-7efd5479
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0002-p1-t38-a1-7efd5479
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0002-p1-t38-a1-7efd5479/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0002-p1-t38-a1-7efd5479, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0002-p1-t38-a1-7efd5479/attempt-1
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

# run 1 of 2: point n0002-p1-10bd590030-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0002-p1-10bd590030-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p1-10bd590030-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0002-p1-10bd590030-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0002-p1-0b1196f41e-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0002-p1-0b1196f41e-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p1-0b1196f41e-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0002-p1-0b1196f41e-a1-r0/attempt-1/point.json &
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
##### b0004-p1-t38-a0-ab5eb329
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0004-p1-t38-a0-ab5eb329
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0004-p1-t38-a0-ab5eb329/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0004-p1-t38-a0-ab5eb329, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0004-p1-t38-a0-ab5eb329/attempt-1
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

# run 1 of 2: point n0004-p1-0becc302ab-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0004-p1-0becc302ab-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p1-0becc302ab-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0004-p1-0becc302ab-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0004-p1-a9fa8dc120-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0004-p1-a9fa8dc120-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p1-a9fa8dc120-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0004-p1-a9fa8dc120-a0-r0/attempt-1/point.json &
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
##### b0004-p1-t38-a1-c4d38e76
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0004-p1-t38-a1-c4d38e76
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0004-p1-t38-a1-c4d38e76/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0004-p1-t38-a1-c4d38e76, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0004-p1-t38-a1-c4d38e76/attempt-1
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

# run 1 of 2: point n0004-p1-0becc302ab-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0004-p1-0becc302ab-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p1-0becc302ab-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0004-p1-0becc302ab-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0004-p1-a9fa8dc120-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0004-p1-a9fa8dc120-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p1-a9fa8dc120-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0004-p1-a9fa8dc120-a1-r0/attempt-1/point.json &
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
##### b0008-p1-t38-a0-0cbb89f5
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0008-p1-t38-a0-0cbb89f5
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0008-p1-t38-a0-0cbb89f5/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0008-p1-t38-a0-0cbb89f5, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0008-p1-t38-a0-0cbb89f5/attempt-1
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

# run 1 of 2: point n0008-p1-c1310ac0d3-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0008-p1-c1310ac0d3-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p1-c1310ac0d3-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0008-p1-c1310ac0d3-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0008-p1-a60274d50d-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0008-p1-a60274d50d-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p1-a60274d50d-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0008-p1-a60274d50d-a0-r0/attempt-1/point.json &
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
##### b0008-p1-t38-a1-6a917f4e
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0008-p1-t38-a1-6a917f4e
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0008-p1-t38-a1-6a917f4e/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0008-p1-t38-a1-6a917f4e, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0008-p1-t38-a1-6a917f4e/attempt-1
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

# run 1 of 2: point n0008-p1-a60274d50d-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0008-p1-a60274d50d-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p1-a60274d50d-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0008-p1-a60274d50d-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0008-p1-c1310ac0d3-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0008-p1-c1310ac0d3-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p1-c1310ac0d3-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0008-p1-c1310ac0d3-a1-r0/attempt-1/point.json &
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
##### b0016-p1-t38-a0-ff7d4176
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0016-p1-t38-a0-ff7d4176
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0016-p1-t38-a0-ff7d4176/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0016-p1-t38-a0-ff7d4176, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0016-p1-t38-a0-ff7d4176/attempt-1
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

# run 1 of 2: point n0016-p1-c091de78a8-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0016-p1-c091de78a8-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p1-c091de78a8-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0016-p1-c091de78a8-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0016-p1-c279b22059-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0016-p1-c279b22059-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p1-c279b22059-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0016-p1-c279b22059-a0-r0/attempt-1/point.json &
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
##### b0016-p1-t38-a1-f719c275
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0016-p1-t38-a1-f719c275
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0016-p1-t38-a1-f719c275/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0016-p1-t38-a1-f719c275, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0016-p1-t38-a1-f719c275/attempt-1
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

# run 1 of 2: point n0016-p1-c279b22059-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0016-p1-c279b22059-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p1-c279b22059-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0016-p1-c279b22059-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0016-p1-c091de78a8-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0016-p1-c091de78a8-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p1-c091de78a8-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0016-p1-c091de78a8-a1-r0/attempt-1/point.json &
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
##### b0032-p1-t38-a0-15cc2a7a
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0032-p1-t38-a0-15cc2a7a
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0032-p1-t38-a0-15cc2a7a/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0032-p1-t38-a0-15cc2a7a, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0032-p1-t38-a0-15cc2a7a/attempt-1
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

# run 1 of 2: point n0032-p1-e783e67c88-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0032-p1-e783e67c88-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p1-e783e67c88-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0032-p1-e783e67c88-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0032-p1-9680cebc2a-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0032-p1-9680cebc2a-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p1-9680cebc2a-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0032-p1-9680cebc2a-a0-r0/attempt-1/point.json &
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
##### b0032-p1-t38-a1-34261980
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0032-p1-t38-a1-34261980
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0032-p1-t38-a1-34261980/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0032-p1-t38-a1-34261980, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0032-p1-t38-a1-34261980/attempt-1
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

# run 1 of 2: point n0032-p1-9680cebc2a-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0032-p1-9680cebc2a-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p1-9680cebc2a-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0032-p1-9680cebc2a-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0032-p1-e783e67c88-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0032-p1-e783e67c88-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p1-e783e67c88-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0032-p1-e783e67c88-a1-r0/attempt-1/point.json &
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
##### b0064-p1-t38-a0-dda901b3
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0064-p1-t38-a0-dda901b3
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0064-p1-t38-a0-dda901b3/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0064-p1-t38-a0-dda901b3, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0064-p1-t38-a0-dda901b3/attempt-1
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

# run 1 of 2: point n0064-p1-8d5af8595c-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0064-p1-8d5af8595c-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p1-8d5af8595c-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0064-p1-8d5af8595c-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0064-p1-5d2ba4257c-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0064-p1-5d2ba4257c-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p1-5d2ba4257c-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0064-p1-5d2ba4257c-a0-r0/attempt-1/point.json &
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
##### b0064-p1-t38-a1-7c0a4492
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-b0064-p1-t38-a1-7c0a4492
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:40:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/bundles/b0064-p1-t38-a1-7c0a4492/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, bundle b0064-p1-t38-a1-7c0a4492, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/bundles/b0064-p1-t38-a1-7c0a4492/attempt-1
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

# run 1 of 2: point n0064-p1-8d5af8595c-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0064-p1-8d5af8595c-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p1-8d5af8595c-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0064-p1-8d5af8595c-a1-r0/attempt-1/point.json &
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

# run 2 of 2: point n0064-p1-5d2ba4257c-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/accumulation-64/n0064-p1-5d2ba4257c-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p1-5d2ba4257c-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0064-p1-5d2ba4257c-a1-r0/attempt-1/point.json &
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
