##### n0008-p2-884a21c03c-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0008-p2-884a21c03c-r0
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0008-p2-884a21c03c-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0008-p2-884a21c03c-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0008-p2-884a21c03c-r0/attempt-1
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
export SCALESTUDY_POINT=n0008-p2-884a21c03c-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0008-p2-884a21c03c-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p2-884a21c03c-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0008-p2-884a21c03c-r1
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0008-p2-884a21c03c-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0008-p2-884a21c03c-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0008-p2-884a21c03c-r1/attempt-1
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
export SCALESTUDY_POINT=n0008-p2-884a21c03c-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0008-p2-884a21c03c-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p2-884a21c03c-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0008-p2-884a21c03c-r2
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0008-p2-884a21c03c-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0008-p2-884a21c03c-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0008-p2-884a21c03c-r2/attempt-1
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
export SCALESTUDY_POINT=n0008-p2-884a21c03c-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 16 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0008-p2-884a21c03c-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p2-5644477cad-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0016-p2-5644477cad-r0
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0016-p2-5644477cad-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0016-p2-5644477cad-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0016-p2-5644477cad-r0/attempt-1
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
export SCALESTUDY_POINT=n0016-p2-5644477cad-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0016-p2-5644477cad-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p2-5644477cad-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0016-p2-5644477cad-r1
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0016-p2-5644477cad-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0016-p2-5644477cad-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0016-p2-5644477cad-r1/attempt-1
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
export SCALESTUDY_POINT=n0016-p2-5644477cad-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0016-p2-5644477cad-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p2-5644477cad-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0016-p2-5644477cad-r2
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0016-p2-5644477cad-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0016-p2-5644477cad-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0016-p2-5644477cad-r2/attempt-1
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
export SCALESTUDY_POINT=n0016-p2-5644477cad-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 32 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0016-p2-5644477cad-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p2-2633a5f4ae-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0032-p2-2633a5f4ae-r0
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0032-p2-2633a5f4ae-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0032-p2-2633a5f4ae-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0032-p2-2633a5f4ae-r0/attempt-1
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
export SCALESTUDY_POINT=n0032-p2-2633a5f4ae-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0032-p2-2633a5f4ae-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p2-2633a5f4ae-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0032-p2-2633a5f4ae-r1
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0032-p2-2633a5f4ae-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0032-p2-2633a5f4ae-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0032-p2-2633a5f4ae-r1/attempt-1
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
export SCALESTUDY_POINT=n0032-p2-2633a5f4ae-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0032-p2-2633a5f4ae-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p2-2633a5f4ae-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0032-p2-2633a5f4ae-r2
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0032-p2-2633a5f4ae-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0032-p2-2633a5f4ae-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0032-p2-2633a5f4ae-r2/attempt-1
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
export SCALESTUDY_POINT=n0032-p2-2633a5f4ae-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 64 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0032-p2-2633a5f4ae-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p2-45144a5b94-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0064-p2-45144a5b94-r0
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0064-p2-45144a5b94-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0064-p2-45144a5b94-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0064-p2-45144a5b94-r0/attempt-1
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
export SCALESTUDY_POINT=n0064-p2-45144a5b94-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0064-p2-45144a5b94-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p2-45144a5b94-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0064-p2-45144a5b94-r1
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0064-p2-45144a5b94-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0064-p2-45144a5b94-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0064-p2-45144a5b94-r1/attempt-1
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
export SCALESTUDY_POINT=n0064-p2-45144a5b94-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0064-p2-45144a5b94-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p2-45144a5b94-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0064-p2-45144a5b94-r2
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0064-p2-45144a5b94-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0064-p2-45144a5b94-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0064-p2-45144a5b94-r2/attempt-1
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
export SCALESTUDY_POINT=n0064-p2-45144a5b94-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 128 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0064-p2-45144a5b94-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p2-5fc5a9c17d-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0128-p2-5fc5a9c17d-r0
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0128-p2-5fc5a9c17d-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0128-p2-5fc5a9c17d-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0128-p2-5fc5a9c17d-r0/attempt-1
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
export SCALESTUDY_POINT=n0128-p2-5fc5a9c17d-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 256 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0128-p2-5fc5a9c17d-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p2-5fc5a9c17d-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0128-p2-5fc5a9c17d-r1
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0128-p2-5fc5a9c17d-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0128-p2-5fc5a9c17d-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0128-p2-5fc5a9c17d-r1/attempt-1
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
export SCALESTUDY_POINT=n0128-p2-5fc5a9c17d-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 256 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0128-p2-5fc5a9c17d-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p2-5fc5a9c17d-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0128-p2-5fc5a9c17d-r2
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0128-p2-5fc5a9c17d-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0128-p2-5fc5a9c17d-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0128-p2-5fc5a9c17d-r2/attempt-1
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
export SCALESTUDY_POINT=n0128-p2-5fc5a9c17d-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 256 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0128-p2-5fc5a9c17d-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p2-24e5510ec1-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0256-p2-24e5510ec1-r0
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0256-p2-24e5510ec1-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0256-p2-24e5510ec1-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0256-p2-24e5510ec1-r0/attempt-1
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
export SCALESTUDY_POINT=n0256-p2-24e5510ec1-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 512 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0256-p2-24e5510ec1-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p2-24e5510ec1-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0256-p2-24e5510ec1-r1
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0256-p2-24e5510ec1-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0256-p2-24e5510ec1-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0256-p2-24e5510ec1-r1/attempt-1
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
export SCALESTUDY_POINT=n0256-p2-24e5510ec1-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 512 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0256-p2-24e5510ec1-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p2-24e5510ec1-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-strong-n0256-p2-24e5510ec1-r2
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:45:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-strong/n0256-p2-24e5510ec1-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-strong, point n0256-p2-24e5510ec1-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-strong/n0256-p2-24e5510ec1-r2/attempt-1
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
export SCALESTUDY_POINT=n0256-p2-24e5510ec1-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 512 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-strong/n0256-p2-24e5510ec1-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
