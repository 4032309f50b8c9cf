##### n0001-p1-a8ab5fa1af-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0001-p1-a8ab5fa1af-r0
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0001-p1-a8ab5fa1af-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0001-p1-a8ab5fa1af-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0001-p1-a8ab5fa1af-r0/attempt-1
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
export SCALESTUDY_POINT=n0001-p1-a8ab5fa1af-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 1 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0001-p1-a8ab5fa1af-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p1-6df2384e39-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0002-p1-6df2384e39-r0
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0002-p1-6df2384e39-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0002-p1-6df2384e39-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0002-p1-6df2384e39-r0/attempt-1
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
export SCALESTUDY_POINT=n0002-p1-6df2384e39-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 2 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0002-p1-6df2384e39-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p1-ed3609253e-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0004-p1-ed3609253e-r0
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0004-p1-ed3609253e-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0004-p1-ed3609253e-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0004-p1-ed3609253e-r0/attempt-1
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
export SCALESTUDY_POINT=n0004-p1-ed3609253e-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 4 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0004-p1-ed3609253e-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p1-fe3985ae7b-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0008-p1-fe3985ae7b-r0
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0008-p1-fe3985ae7b-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0008-p1-fe3985ae7b-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0008-p1-fe3985ae7b-r0/attempt-1
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
export SCALESTUDY_POINT=n0008-p1-fe3985ae7b-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 8 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0008-p1-fe3985ae7b-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p1-b4d4c6d6c5-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0016-p1-b4d4c6d6c5-r0
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0016-p1-b4d4c6d6c5-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0016-p1-b4d4c6d6c5-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0016-p1-b4d4c6d6c5-r0/attempt-1
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
export SCALESTUDY_POINT=n0016-p1-b4d4c6d6c5-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 16 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0016-p1-b4d4c6d6c5-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p1-7ee06b2583-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0032-p1-7ee06b2583-r0
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0032-p1-7ee06b2583-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0032-p1-7ee06b2583-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0032-p1-7ee06b2583-r0/attempt-1
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
export SCALESTUDY_POINT=n0032-p1-7ee06b2583-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 32 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0032-p1-7ee06b2583-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p1-73585a7ab8-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0064-p1-73585a7ab8-r0
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0064-p1-73585a7ab8-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0064-p1-73585a7ab8-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0064-p1-73585a7ab8-r0/attempt-1
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
export SCALESTUDY_POINT=n0064-p1-73585a7ab8-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 64 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0064-p1-73585a7ab8-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0001-p1-d9ed1344a0-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0001-p1-d9ed1344a0-r0
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0001-p1-d9ed1344a0-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0001-p1-d9ed1344a0-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0001-p1-d9ed1344a0-r0/attempt-1
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
export SCALESTUDY_POINT=n0001-p1-d9ed1344a0-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 1 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0001-p1-d9ed1344a0-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p1-f3b840c6c4-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0002-p1-f3b840c6c4-r0
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0002-p1-f3b840c6c4-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0002-p1-f3b840c6c4-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0002-p1-f3b840c6c4-r0/attempt-1
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
export SCALESTUDY_POINT=n0002-p1-f3b840c6c4-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 2 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0002-p1-f3b840c6c4-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p1-bbc1ecb2a1-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0004-p1-bbc1ecb2a1-r0
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0004-p1-bbc1ecb2a1-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0004-p1-bbc1ecb2a1-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0004-p1-bbc1ecb2a1-r0/attempt-1
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
export SCALESTUDY_POINT=n0004-p1-bbc1ecb2a1-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 4 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0004-p1-bbc1ecb2a1-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p1-12265173cf-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0008-p1-12265173cf-r0
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0008-p1-12265173cf-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0008-p1-12265173cf-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0008-p1-12265173cf-r0/attempt-1
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
export SCALESTUDY_POINT=n0008-p1-12265173cf-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 8 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0008-p1-12265173cf-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p1-7293b20efb-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0016-p1-7293b20efb-r0
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0016-p1-7293b20efb-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0016-p1-7293b20efb-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0016-p1-7293b20efb-r0/attempt-1
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
export SCALESTUDY_POINT=n0016-p1-7293b20efb-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 16 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0016-p1-7293b20efb-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p1-0146c770d2-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0032-p1-0146c770d2-r0
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0032-p1-0146c770d2-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0032-p1-0146c770d2-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0032-p1-0146c770d2-r0/attempt-1
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
export SCALESTUDY_POINT=n0032-p1-0146c770d2-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 32 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0032-p1-0146c770d2-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p1-6fa66e60e7-r0
#!/bin/bash
#SBATCH --job-name=ss-accumulation-64-n0064-p1-6fa66e60e7-r0
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=38
#SBATCH --time=00:20:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/accumulation-64/n0064-p1-6fa66e60e7-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep accumulation-64, point n0064-p1-6fa66e60e7-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/accumulation-64/n0064-p1-6fa66e60e7-r0/attempt-1
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
export SCALESTUDY_POINT=n0064-p1-6fa66e60e7-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 64 --map-by ppr:1:node:pe=38 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/accumulation-64/n0064-p1-6fa66e60e7-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
