##### b0001-p2-t19-a0-6b96a493
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0001-p2-t19-a0-6b96a493
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0001-p2-t19-a0-6b96a493/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0001-p2-t19-a0-6b96a493, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0001-p2-t19-a0-6b96a493/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0001-p2-7ca879839f-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-7ca879839f-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-7ca879839f-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-7ca879839f-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0001-p2-7ca879839f-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-7ca879839f-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-7ca879839f-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-7ca879839f-a0-r1/attempt-1/point.json &
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

# run 3 of 4: point n0001-p2-0286d4192f-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-0286d4192f-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-0286d4192f-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-0286d4192f-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0001-p2-0286d4192f-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-0286d4192f-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-0286d4192f-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-0286d4192f-a0-r0/attempt-1/point.json &
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
##### b0001-p2-t19-a1-6a82575a
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0001-p2-t19-a1-6a82575a
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0001-p2-t19-a1-6a82575a/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0001-p2-t19-a1-6a82575a, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0001-p2-t19-a1-6a82575a/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0001-p2-7ca879839f-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-7ca879839f-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-7ca879839f-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-7ca879839f-a1-r1/attempt-1/point.json &
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

# run 2 of 4: point n0001-p2-7ca879839f-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-7ca879839f-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-7ca879839f-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-7ca879839f-a1-r0/attempt-1/point.json &
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

# run 3 of 4: point n0001-p2-0286d4192f-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-0286d4192f-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-0286d4192f-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-0286d4192f-a1-r0/attempt-1/point.json &
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

# run 4 of 4: point n0001-p2-0286d4192f-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-0286d4192f-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-0286d4192f-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-0286d4192f-a1-r1/attempt-1/point.json &
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
##### b0002-p2-t19-a0-22303890
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0002-p2-t19-a0-22303890
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0002-p2-t19-a0-22303890/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0002-p2-t19-a0-22303890, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0002-p2-t19-a0-22303890/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0002-p2-4400f60698-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-4400f60698-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-4400f60698-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-4400f60698-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0002-p2-68e1773f2d-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-68e1773f2d-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-68e1773f2d-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-68e1773f2d-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0002-p2-4400f60698-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-4400f60698-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-4400f60698-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-4400f60698-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0002-p2-68e1773f2d-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-68e1773f2d-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-68e1773f2d-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-68e1773f2d-a0-r1/attempt-1/point.json &
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
##### b0002-p2-t19-a1-9bf85115
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0002-p2-t19-a1-9bf85115
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0002-p2-t19-a1-9bf85115/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0002-p2-t19-a1-9bf85115, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0002-p2-t19-a1-9bf85115/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0002-p2-68e1773f2d-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-68e1773f2d-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-68e1773f2d-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-68e1773f2d-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0002-p2-4400f60698-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-4400f60698-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-4400f60698-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-4400f60698-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0002-p2-4400f60698-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-4400f60698-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-4400f60698-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-4400f60698-a1-r0/attempt-1/point.json &
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

# run 4 of 4: point n0002-p2-68e1773f2d-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-68e1773f2d-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-68e1773f2d-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-68e1773f2d-a1-r1/attempt-1/point.json &
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
##### b0004-p2-t19-a0-2a441dfe
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0004-p2-t19-a0-2a441dfe
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0004-p2-t19-a0-2a441dfe/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0004-p2-t19-a0-2a441dfe, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0004-p2-t19-a0-2a441dfe/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0004-p2-5b5833cff0-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-5b5833cff0-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-5b5833cff0-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-5b5833cff0-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0004-p2-6e820577cc-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-6e820577cc-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-6e820577cc-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-6e820577cc-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0004-p2-6e820577cc-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-6e820577cc-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-6e820577cc-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-6e820577cc-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0004-p2-5b5833cff0-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-5b5833cff0-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-5b5833cff0-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-5b5833cff0-a0-r1/attempt-1/point.json &
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
##### b0004-p2-t19-a1-7745c8fe
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0004-p2-t19-a1-7745c8fe
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0004-p2-t19-a1-7745c8fe/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0004-p2-t19-a1-7745c8fe, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0004-p2-t19-a1-7745c8fe/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0004-p2-6e820577cc-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-6e820577cc-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-6e820577cc-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-6e820577cc-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0004-p2-5b5833cff0-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-5b5833cff0-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-5b5833cff0-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-5b5833cff0-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0004-p2-6e820577cc-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-6e820577cc-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-6e820577cc-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-6e820577cc-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0004-p2-5b5833cff0-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-5b5833cff0-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-5b5833cff0-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-5b5833cff0-a1-r0/attempt-1/point.json &
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
##### b0008-p2-t19-a0-84e93d3a
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0008-p2-t19-a0-84e93d3a
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0008-p2-t19-a0-84e93d3a/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0008-p2-t19-a0-84e93d3a, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0008-p2-t19-a0-84e93d3a/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0008-p2-bae2ae791f-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-bae2ae791f-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-bae2ae791f-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-bae2ae791f-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0008-p2-bae2ae791f-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-bae2ae791f-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-bae2ae791f-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-bae2ae791f-a0-r1/attempt-1/point.json &
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

# run 3 of 4: point n0008-p2-eae11d91c6-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-eae11d91c6-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-eae11d91c6-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-eae11d91c6-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0008-p2-eae11d91c6-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-eae11d91c6-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-eae11d91c6-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-eae11d91c6-a0-r0/attempt-1/point.json &
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
##### b0008-p2-t19-a1-c64b537e
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0008-p2-t19-a1-c64b537e
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0008-p2-t19-a1-c64b537e/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0008-p2-t19-a1-c64b537e, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0008-p2-t19-a1-c64b537e/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0008-p2-eae11d91c6-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-eae11d91c6-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-eae11d91c6-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-eae11d91c6-a1-r1/attempt-1/point.json &
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

# run 2 of 4: point n0008-p2-bae2ae791f-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-bae2ae791f-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-bae2ae791f-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-bae2ae791f-a1-r0/attempt-1/point.json &
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

# run 3 of 4: point n0008-p2-eae11d91c6-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-eae11d91c6-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-eae11d91c6-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-eae11d91c6-a1-r0/attempt-1/point.json &
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

# run 4 of 4: point n0008-p2-bae2ae791f-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-bae2ae791f-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-bae2ae791f-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-bae2ae791f-a1-r1/attempt-1/point.json &
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
##### b0016-p2-t19-a0-8b0c6bcc
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0016-p2-t19-a0-8b0c6bcc
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0016-p2-t19-a0-8b0c6bcc/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0016-p2-t19-a0-8b0c6bcc, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0016-p2-t19-a0-8b0c6bcc/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0016-p2-48db2ea441-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-48db2ea441-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-48db2ea441-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-48db2ea441-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0016-p2-301432efb3-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-301432efb3-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-301432efb3-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-301432efb3-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0016-p2-48db2ea441-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-48db2ea441-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-48db2ea441-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-48db2ea441-a0-r1/attempt-1/point.json &
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

# run 4 of 4: point n0016-p2-301432efb3-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-301432efb3-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-301432efb3-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-301432efb3-a0-r1/attempt-1/point.json &
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
##### b0016-p2-t19-a1-3665072f
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0016-p2-t19-a1-3665072f
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0016-p2-t19-a1-3665072f/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0016-p2-t19-a1-3665072f, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0016-p2-t19-a1-3665072f/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0016-p2-48db2ea441-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-48db2ea441-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-48db2ea441-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-48db2ea441-a1-r1/attempt-1/point.json &
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

# run 2 of 4: point n0016-p2-48db2ea441-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-48db2ea441-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-48db2ea441-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-48db2ea441-a1-r0/attempt-1/point.json &
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

# run 3 of 4: point n0016-p2-301432efb3-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-301432efb3-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-301432efb3-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-301432efb3-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0016-p2-301432efb3-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-301432efb3-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-301432efb3-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-301432efb3-a1-r0/attempt-1/point.json &
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
##### b0032-p2-t19-a0-a8bf4142
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0032-p2-t19-a0-a8bf4142
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0032-p2-t19-a0-a8bf4142/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0032-p2-t19-a0-a8bf4142, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0032-p2-t19-a0-a8bf4142/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0032-p2-600b1fb5a8-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-600b1fb5a8-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-a0-r0/attempt-1/point.json &
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

# run 2 of 4: point n0032-p2-d2ba80f934-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-d2ba80f934-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-d2ba80f934-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-d2ba80f934-a0-r1/attempt-1/point.json &
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

# run 3 of 4: point n0032-p2-d2ba80f934-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-d2ba80f934-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-d2ba80f934-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-d2ba80f934-a0-r0/attempt-1/point.json &
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

# run 4 of 4: point n0032-p2-600b1fb5a8-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-600b1fb5a8-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-a0-r1/attempt-1/point.json &
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
##### b0032-p2-t19-a1-8461d30b
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0032-p2-t19-a1-8461d30b
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0032-p2-t19-a1-8461d30b/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0032-p2-t19-a1-8461d30b, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0032-p2-t19-a1-8461d30b/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0032-p2-600b1fb5a8-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-600b1fb5a8-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-a1-r1/attempt-1/point.json &
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

# run 2 of 4: point n0032-p2-d2ba80f934-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-d2ba80f934-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-d2ba80f934-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-d2ba80f934-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0032-p2-d2ba80f934-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-d2ba80f934-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-d2ba80f934-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-d2ba80f934-a1-r0/attempt-1/point.json &
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

# run 4 of 4: point n0032-p2-600b1fb5a8-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-600b1fb5a8-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-a1-r0/attempt-1/point.json &
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
##### b0064-p2-t19-a0-f8ebe63f
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0064-p2-t19-a0-f8ebe63f
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0064-p2-t19-a0-f8ebe63f/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0064-p2-t19-a0-f8ebe63f, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0064-p2-t19-a0-f8ebe63f/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0064-p2-f15f28aeaf-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-f15f28aeaf-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-a0-r1/attempt-1/point.json &
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

# run 2 of 4: point n0064-p2-f15f28aeaf-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-f15f28aeaf-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-a0-r0/attempt-1/point.json &
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

# run 3 of 4: point n0064-p2-b6a61affcb-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-b6a61affcb-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-b6a61affcb-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-b6a61affcb-a0-r0/attempt-1/point.json &
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

# run 4 of 4: point n0064-p2-b6a61affcb-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-b6a61affcb-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-b6a61affcb-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-b6a61affcb-a0-r1/attempt-1/point.json &
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
##### b0064-p2-t19-a1-d0b22035
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0064-p2-t19-a1-d0b22035
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0064-p2-t19-a1-d0b22035/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0064-p2-t19-a1-d0b22035, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0064-p2-t19-a1-d0b22035/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 4: point n0064-p2-f15f28aeaf-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-f15f28aeaf-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-a1-r0/attempt-1/point.json &
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

# run 2 of 4: point n0064-p2-b6a61affcb-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-b6a61affcb-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-b6a61affcb-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-b6a61affcb-a1-r1/attempt-1/point.json &
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

# run 3 of 4: point n0064-p2-f15f28aeaf-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-f15f28aeaf-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-a1-r1/attempt-1/point.json &
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

# run 4 of 4: point n0064-p2-b6a61affcb-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-b6a61affcb-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-b6a61affcb-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-b6a61affcb-a1-r0/attempt-1/point.json &
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
##### b0128-p2-t19-a0-f824a736
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0128-p2-t19-a0-f824a736
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=01:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0128-p2-t19-a0-f824a736/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0128-p2-t19-a0-f824a736, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0128-p2-t19-a0-f824a736/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 2: point n0128-p2-e626d69017-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0128-p2-e626d69017-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p2-e626d69017-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 256 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-e626d69017-a0-r1/attempt-1/point.json &
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

# run 2 of 2: point n0128-p2-e626d69017-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0128-p2-e626d69017-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p2-e626d69017-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 256 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-e626d69017-a0-r0/attempt-1/point.json &
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
##### b0128-p2-t19-a1-0dd6148c
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0128-p2-t19-a1-0dd6148c
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=01:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0128-p2-t19-a1-0dd6148c/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0128-p2-t19-a1-0dd6148c, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0128-p2-t19-a1-0dd6148c/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 2: point n0128-p2-e626d69017-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0128-p2-e626d69017-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p2-e626d69017-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 256 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-e626d69017-a1-r1/attempt-1/point.json &
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

# run 2 of 2: point n0128-p2-e626d69017-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0128-p2-e626d69017-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p2-e626d69017-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 256 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-e626d69017-a1-r0/attempt-1/point.json &
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
##### b0256-p2-t19-a0-17f11f3e
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0256-p2-t19-a0-17f11f3e
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=01:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0256-p2-t19-a0-17f11f3e/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0256-p2-t19-a0-17f11f3e, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0256-p2-t19-a0-17f11f3e/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 2: point n0256-p2-16d56489ad-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0256-p2-16d56489ad-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p2-16d56489ad-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 512 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-16d56489ad-a0-r0/attempt-1/point.json &
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

# run 2 of 2: point n0256-p2-16d56489ad-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0256-p2-16d56489ad-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p2-16d56489ad-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 512 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-16d56489ad-a0-r1/attempt-1/point.json &
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
##### b0256-p2-t19-a1-c74bc856
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0256-p2-t19-a1-c74bc856
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=01:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0256-p2-t19-a1-c74bc856/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0256-p2-t19-a1-c74bc856, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0256-p2-t19-a1-c74bc856/attempt-1
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
export OMP_NUM_THREADS=19
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

# run 1 of 2: point n0256-p2-16d56489ad-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0256-p2-16d56489ad-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p2-16d56489ad-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 512 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-16d56489ad-a1-r1/attempt-1/point.json &
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

# run 2 of 2: point n0256-p2-16d56489ad-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0256-p2-16d56489ad-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p2-16d56489ad-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 512 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-16d56489ad-a1-r0/attempt-1/point.json &
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
