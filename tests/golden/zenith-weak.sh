##### b0001-p2-t19-a0-2d286dcf
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0001-p2-t19-a0-2d286dcf
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0001-p2-t19-a0-2d286dcf/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0001-p2-t19-a0-2d286dcf, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0001-p2-t19-a0-2d286dcf/attempt-1
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

# run 1 of 4: point n0001-p2-0abd563550-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-0abd563550-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-0abd563550-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-0abd563550-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0001-p2-0abd563550-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-0abd563550-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-0abd563550-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-0abd563550-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0001-p2-1193710c23-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-1193710c23-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-1193710c23-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-1193710c23-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0001-p2-1193710c23-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-1193710c23-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-1193710c23-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-1193710c23-a0-r0/attempt-1/point.json &
  launcher_pid=$!
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
##### b0001-p2-t19-a1-5796e98d
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0001-p2-t19-a1-5796e98d
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0001-p2-t19-a1-5796e98d/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0001-p2-t19-a1-5796e98d, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0001-p2-t19-a1-5796e98d/attempt-1
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

# run 1 of 4: point n0001-p2-1193710c23-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-1193710c23-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-1193710c23-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-1193710c23-a1-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0001-p2-1193710c23-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-1193710c23-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-1193710c23-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-1193710c23-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0001-p2-0abd563550-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-0abd563550-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-0abd563550-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-0abd563550-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0001-p2-0abd563550-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0001-p2-0abd563550-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0001-p2-0abd563550-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-0abd563550-a1-r1/attempt-1/point.json &
  launcher_pid=$!
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
##### b0002-p2-t19-a0-9507c8b3
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0002-p2-t19-a0-9507c8b3
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0002-p2-t19-a0-9507c8b3/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0002-p2-t19-a0-9507c8b3, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0002-p2-t19-a0-9507c8b3/attempt-1
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

# run 1 of 4: point n0002-p2-2386c4ef8d-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-2386c4ef8d-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-2386c4ef8d-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-2386c4ef8d-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0002-p2-2386c4ef8d-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-2386c4ef8d-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-2386c4ef8d-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-2386c4ef8d-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0002-p2-2ff8f8b15a-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-2ff8f8b15a-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-2ff8f8b15a-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-2ff8f8b15a-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0002-p2-2ff8f8b15a-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-2ff8f8b15a-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-2ff8f8b15a-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-2ff8f8b15a-a0-r1/attempt-1/point.json &
  launcher_pid=$!
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
##### b0002-p2-t19-a1-db109d71
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0002-p2-t19-a1-db109d71
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0002-p2-t19-a1-db109d71/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0002-p2-t19-a1-db109d71, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0002-p2-t19-a1-db109d71/attempt-1
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

# run 1 of 4: point n0002-p2-2386c4ef8d-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-2386c4ef8d-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-2386c4ef8d-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-2386c4ef8d-a1-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0002-p2-2386c4ef8d-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-2386c4ef8d-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-2386c4ef8d-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-2386c4ef8d-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0002-p2-2ff8f8b15a-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-2ff8f8b15a-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-2ff8f8b15a-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-2ff8f8b15a-a1-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0002-p2-2ff8f8b15a-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0002-p2-2ff8f8b15a-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0002-p2-2ff8f8b15a-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-2ff8f8b15a-a1-r0/attempt-1/point.json &
  launcher_pid=$!
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
##### b0004-p2-t19-a0-50c9f52e
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0004-p2-t19-a0-50c9f52e
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0004-p2-t19-a0-50c9f52e/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0004-p2-t19-a0-50c9f52e, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0004-p2-t19-a0-50c9f52e/attempt-1
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

# run 1 of 4: point n0004-p2-8aff95baff-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-8aff95baff-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-8aff95baff-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-8aff95baff-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0004-p2-8aff95baff-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-8aff95baff-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-8aff95baff-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-8aff95baff-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0004-p2-c63c0b9012-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-c63c0b9012-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-c63c0b9012-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-c63c0b9012-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0004-p2-c63c0b9012-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-c63c0b9012-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-c63c0b9012-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-c63c0b9012-a0-r1/attempt-1/point.json &
  launcher_pid=$!
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
##### b0004-p2-t19-a1-916641c5
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0004-p2-t19-a1-916641c5
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0004-p2-t19-a1-916641c5/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0004-p2-t19-a1-916641c5, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0004-p2-t19-a1-916641c5/attempt-1
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

# run 1 of 4: point n0004-p2-c63c0b9012-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-c63c0b9012-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-c63c0b9012-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-c63c0b9012-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0004-p2-8aff95baff-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-8aff95baff-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-8aff95baff-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-8aff95baff-a1-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0004-p2-8aff95baff-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-8aff95baff-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-8aff95baff-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-8aff95baff-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0004-p2-c63c0b9012-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0004-p2-c63c0b9012-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0004-p2-c63c0b9012-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-c63c0b9012-a1-r1/attempt-1/point.json &
  launcher_pid=$!
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
##### b0008-p2-t19-a0-ad8821ab
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0008-p2-t19-a0-ad8821ab
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0008-p2-t19-a0-ad8821ab/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0008-p2-t19-a0-ad8821ab, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0008-p2-t19-a0-ad8821ab/attempt-1
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

# run 1 of 4: point n0008-p2-dd0d3e35c4-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-dd0d3e35c4-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-dd0d3e35c4-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-dd0d3e35c4-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0008-p2-dd0d3e35c4-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-dd0d3e35c4-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-dd0d3e35c4-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-dd0d3e35c4-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0008-p2-112ecd391f-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-112ecd391f-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-112ecd391f-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-112ecd391f-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0008-p2-112ecd391f-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-112ecd391f-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-112ecd391f-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-112ecd391f-a0-r1/attempt-1/point.json &
  launcher_pid=$!
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
##### b0008-p2-t19-a1-66cfc804
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0008-p2-t19-a1-66cfc804
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0008-p2-t19-a1-66cfc804/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0008-p2-t19-a1-66cfc804, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0008-p2-t19-a1-66cfc804/attempt-1
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

# run 1 of 4: point n0008-p2-112ecd391f-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-112ecd391f-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-112ecd391f-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-112ecd391f-a1-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0008-p2-112ecd391f-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-112ecd391f-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-112ecd391f-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-112ecd391f-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0008-p2-dd0d3e35c4-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-dd0d3e35c4-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-dd0d3e35c4-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-dd0d3e35c4-a1-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0008-p2-dd0d3e35c4-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0008-p2-dd0d3e35c4-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0008-p2-dd0d3e35c4-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-dd0d3e35c4-a1-r0/attempt-1/point.json &
  launcher_pid=$!
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
##### b0016-p2-t19-a0-aa1af649
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0016-p2-t19-a0-aa1af649
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0016-p2-t19-a0-aa1af649/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0016-p2-t19-a0-aa1af649, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0016-p2-t19-a0-aa1af649/attempt-1
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

# run 1 of 4: point n0016-p2-3176278fd8-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-3176278fd8-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-3176278fd8-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-3176278fd8-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0016-p2-519205e495-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-519205e495-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-519205e495-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-519205e495-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0016-p2-3176278fd8-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-3176278fd8-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-3176278fd8-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-3176278fd8-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0016-p2-519205e495-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-519205e495-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-519205e495-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-519205e495-a0-r1/attempt-1/point.json &
  launcher_pid=$!
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
##### b0016-p2-t19-a1-47552eb5
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0016-p2-t19-a1-47552eb5
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0016-p2-t19-a1-47552eb5/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0016-p2-t19-a1-47552eb5, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0016-p2-t19-a1-47552eb5/attempt-1
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

# run 1 of 4: point n0016-p2-519205e495-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-519205e495-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-519205e495-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-519205e495-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0016-p2-3176278fd8-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-3176278fd8-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-3176278fd8-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-3176278fd8-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0016-p2-519205e495-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-519205e495-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-519205e495-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-519205e495-a1-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0016-p2-3176278fd8-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0016-p2-3176278fd8-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0016-p2-3176278fd8-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-3176278fd8-a1-r1/attempt-1/point.json &
  launcher_pid=$!
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
##### b0032-p2-t19-a0-438a388f
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0032-p2-t19-a0-438a388f
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0032-p2-t19-a0-438a388f/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0032-p2-t19-a0-438a388f, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0032-p2-t19-a0-438a388f/attempt-1
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

# run 1 of 4: point n0032-p2-e80ff95429-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-e80ff95429-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-e80ff95429-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-e80ff95429-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0032-p2-e80ff95429-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-e80ff95429-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-e80ff95429-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-e80ff95429-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0032-p2-476c33a9d2-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-476c33a9d2-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-476c33a9d2-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-476c33a9d2-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0032-p2-476c33a9d2-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-476c33a9d2-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-476c33a9d2-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-476c33a9d2-a0-r1/attempt-1/point.json &
  launcher_pid=$!
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
##### b0032-p2-t19-a1-69ecc083
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0032-p2-t19-a1-69ecc083
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0032-p2-t19-a1-69ecc083/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0032-p2-t19-a1-69ecc083, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0032-p2-t19-a1-69ecc083/attempt-1
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

# run 1 of 4: point n0032-p2-476c33a9d2-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-476c33a9d2-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-476c33a9d2-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-476c33a9d2-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0032-p2-e80ff95429-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-e80ff95429-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-e80ff95429-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-e80ff95429-a1-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0032-p2-e80ff95429-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-e80ff95429-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-e80ff95429-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-e80ff95429-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0032-p2-476c33a9d2-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0032-p2-476c33a9d2-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0032-p2-476c33a9d2-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-476c33a9d2-a1-r1/attempt-1/point.json &
  launcher_pid=$!
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
##### b0064-p2-t19-a0-45a2a118
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0064-p2-t19-a0-45a2a118
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0064-p2-t19-a0-45a2a118/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0064-p2-t19-a0-45a2a118, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0064-p2-t19-a0-45a2a118/attempt-1
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

# run 1 of 4: point n0064-p2-60bfd39465-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-60bfd39465-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-60bfd39465-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-60bfd39465-a0-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0064-p2-60bfd39465-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-60bfd39465-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-60bfd39465-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-60bfd39465-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0064-p2-b218dd5e37-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-b218dd5e37-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-b218dd5e37-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-b218dd5e37-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0064-p2-b218dd5e37-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-b218dd5e37-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-b218dd5e37-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-b218dd5e37-a0-r0/attempt-1/point.json &
  launcher_pid=$!
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
##### b0064-p2-t19-a1-1f6c9fd2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0064-p2-t19-a1-1f6c9fd2
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=02:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0064-p2-t19-a1-1f6c9fd2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0064-p2-t19-a1-1f6c9fd2, attempt 1: 4 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0064-p2-t19-a1-1f6c9fd2/attempt-1
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

# run 1 of 4: point n0064-p2-b218dd5e37-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-b218dd5e37-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-b218dd5e37-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-b218dd5e37-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 4: point n0064-p2-60bfd39465-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-60bfd39465-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-60bfd39465-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-60bfd39465-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 3 of 4: point n0064-p2-b218dd5e37-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-b218dd5e37-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-b218dd5e37-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-b218dd5e37-a1-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 4 of 4: point n0064-p2-60bfd39465-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0064-p2-60bfd39465-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0064-p2-60bfd39465-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-60bfd39465-a1-r1/attempt-1/point.json &
  launcher_pid=$!
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
##### b0128-p2-t19-a0-5b651cf3
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0128-p2-t19-a0-5b651cf3
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=01:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0128-p2-t19-a0-5b651cf3/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0128-p2-t19-a0-5b651cf3, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0128-p2-t19-a0-5b651cf3/attempt-1
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

# run 1 of 2: point n0128-p2-117cb51870-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0128-p2-117cb51870-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p2-117cb51870-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 256 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-117cb51870-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 2: point n0128-p2-117cb51870-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0128-p2-117cb51870-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p2-117cb51870-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 256 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-117cb51870-a0-r0/attempt-1/point.json &
  launcher_pid=$!
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
##### b0128-p2-t19-a1-c45a93f0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0128-p2-t19-a1-c45a93f0
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=01:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0128-p2-t19-a1-c45a93f0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0128-p2-t19-a1-c45a93f0, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0128-p2-t19-a1-c45a93f0/attempt-1
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

# run 1 of 2: point n0128-p2-117cb51870-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0128-p2-117cb51870-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p2-117cb51870-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 256 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-117cb51870-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 2: point n0128-p2-117cb51870-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0128-p2-117cb51870-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0128-p2-117cb51870-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 256 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-117cb51870-a1-r1/attempt-1/point.json &
  launcher_pid=$!
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
##### b0256-p2-t19-a0-8ccf3be6
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0256-p2-t19-a0-8ccf3be6
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=01:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0256-p2-t19-a0-8ccf3be6/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0256-p2-t19-a0-8ccf3be6, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0256-p2-t19-a0-8ccf3be6/attempt-1
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

# run 1 of 2: point n0256-p2-730680c81c-a0-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0256-p2-730680c81c-a0-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p2-730680c81c-a0-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 512 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-730680c81c-a0-r1/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 2: point n0256-p2-730680c81c-a0-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0256-p2-730680c81c-a0-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p2-730680c81c-a0-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 512 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-730680c81c-a0-r0/attempt-1/point.json &
  launcher_pid=$!
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
##### b0256-p2-t19-a1-3b1dc15f
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-b0256-p2-t19-a1-3b1dc15f
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=01:00:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/bundles/b0256-p2-t19-a1-3b1dc15f/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, bundle b0256-p2-t19-a1-3b1dc15f, attempt 1: 2 runs
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/bundles/b0256-p2-t19-a1-3b1dc15f/attempt-1
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

# run 1 of 2: point n0256-p2-730680c81c-a1-r0
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0256-p2-730680c81c-a1-r0/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p2-730680c81c-a1-r0
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 512 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-730680c81c-a1-r0/attempt-1/point.json &
  launcher_pid=$!
  while :; do
    wait "$launcher_pid"
    rc=$?
    kill -0 "$launcher_pid" 2>/dev/null || break
  done
  launcher_pid=
  printf '%s\n' "$rc" > "$run_dir/exit_code.tmp" && mv -f "$run_dir/exit_code.tmp" "$run_dir/exit_code"
  [ "$rc" = 0 ] || failed=1
fi

# run 2 of 2: point n0256-p2-730680c81c-a1-r1
if [ "$stopped" = 0 ]; then
  run_dir=@RESULTS@/zenith-weak/n0256-p2-730680c81c-a1-r1/attempt-1
  mkdir -p "$run_dir"
  ln -sfn "$attempt_dir/env" "$run_dir/env"
  export SCALESTUDY_POINT=n0256-p2-730680c81c-a1-r1
  date +%s.%N > "$run_dir/started_at"
  mpirun -np 512 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-730680c81c-a1-r1/attempt-1/point.json &
  launcher_pid=$!
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
