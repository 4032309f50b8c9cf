##### n0001-p2-7ca879839f-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0001-p2-7ca879839f-r0
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0001-p2-7ca879839f-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0001-p2-7ca879839f-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0001-p2-7ca879839f-r0/attempt-1
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
export SCALESTUDY_POINT=n0001-p2-7ca879839f-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-7ca879839f-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0001-p2-7ca879839f-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0001-p2-7ca879839f-r1
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0001-p2-7ca879839f-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0001-p2-7ca879839f-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0001-p2-7ca879839f-r1/attempt-1
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
export SCALESTUDY_POINT=n0001-p2-7ca879839f-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-7ca879839f-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0001-p2-7ca879839f-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0001-p2-7ca879839f-r2
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0001-p2-7ca879839f-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0001-p2-7ca879839f-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0001-p2-7ca879839f-r2/attempt-1
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
export SCALESTUDY_POINT=n0001-p2-7ca879839f-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-7ca879839f-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p2-68e1773f2d-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0002-p2-68e1773f2d-r0
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0002-p2-68e1773f2d-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0002-p2-68e1773f2d-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0002-p2-68e1773f2d-r0/attempt-1
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
export SCALESTUDY_POINT=n0002-p2-68e1773f2d-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-68e1773f2d-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p2-68e1773f2d-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0002-p2-68e1773f2d-r1
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0002-p2-68e1773f2d-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0002-p2-68e1773f2d-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0002-p2-68e1773f2d-r1/attempt-1
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
export SCALESTUDY_POINT=n0002-p2-68e1773f2d-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-68e1773f2d-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p2-68e1773f2d-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0002-p2-68e1773f2d-r2
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0002-p2-68e1773f2d-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0002-p2-68e1773f2d-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0002-p2-68e1773f2d-r2/attempt-1
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
export SCALESTUDY_POINT=n0002-p2-68e1773f2d-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-68e1773f2d-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p2-6e820577cc-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0004-p2-6e820577cc-r0
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0004-p2-6e820577cc-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0004-p2-6e820577cc-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0004-p2-6e820577cc-r0/attempt-1
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
export SCALESTUDY_POINT=n0004-p2-6e820577cc-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-6e820577cc-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p2-6e820577cc-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0004-p2-6e820577cc-r1
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0004-p2-6e820577cc-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0004-p2-6e820577cc-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0004-p2-6e820577cc-r1/attempt-1
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
export SCALESTUDY_POINT=n0004-p2-6e820577cc-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-6e820577cc-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p2-6e820577cc-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0004-p2-6e820577cc-r2
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0004-p2-6e820577cc-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0004-p2-6e820577cc-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0004-p2-6e820577cc-r2/attempt-1
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
export SCALESTUDY_POINT=n0004-p2-6e820577cc-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-6e820577cc-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p2-bae2ae791f-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0008-p2-bae2ae791f-r0
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0008-p2-bae2ae791f-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0008-p2-bae2ae791f-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0008-p2-bae2ae791f-r0/attempt-1
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
export SCALESTUDY_POINT=n0008-p2-bae2ae791f-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-bae2ae791f-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p2-bae2ae791f-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0008-p2-bae2ae791f-r1
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0008-p2-bae2ae791f-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0008-p2-bae2ae791f-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0008-p2-bae2ae791f-r1/attempt-1
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
export SCALESTUDY_POINT=n0008-p2-bae2ae791f-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-bae2ae791f-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p2-bae2ae791f-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0008-p2-bae2ae791f-r2
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0008-p2-bae2ae791f-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0008-p2-bae2ae791f-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0008-p2-bae2ae791f-r2/attempt-1
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
export SCALESTUDY_POINT=n0008-p2-bae2ae791f-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-bae2ae791f-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p2-48db2ea441-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0016-p2-48db2ea441-r0
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0016-p2-48db2ea441-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0016-p2-48db2ea441-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0016-p2-48db2ea441-r0/attempt-1
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
export SCALESTUDY_POINT=n0016-p2-48db2ea441-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-48db2ea441-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p2-48db2ea441-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0016-p2-48db2ea441-r1
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0016-p2-48db2ea441-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0016-p2-48db2ea441-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0016-p2-48db2ea441-r1/attempt-1
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
export SCALESTUDY_POINT=n0016-p2-48db2ea441-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-48db2ea441-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p2-48db2ea441-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0016-p2-48db2ea441-r2
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0016-p2-48db2ea441-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0016-p2-48db2ea441-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0016-p2-48db2ea441-r2/attempt-1
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
export SCALESTUDY_POINT=n0016-p2-48db2ea441-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-48db2ea441-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p2-600b1fb5a8-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0032-p2-600b1fb5a8-r0
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0032-p2-600b1fb5a8-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-r0/attempt-1
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
export SCALESTUDY_POINT=n0032-p2-600b1fb5a8-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p2-600b1fb5a8-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0032-p2-600b1fb5a8-r1
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0032-p2-600b1fb5a8-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-r1/attempt-1
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
export SCALESTUDY_POINT=n0032-p2-600b1fb5a8-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p2-600b1fb5a8-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0032-p2-600b1fb5a8-r2
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0032-p2-600b1fb5a8-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-r2/attempt-1
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
export SCALESTUDY_POINT=n0032-p2-600b1fb5a8-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-600b1fb5a8-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p2-b6a61affcb-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0064-p2-b6a61affcb-r0
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0064-p2-b6a61affcb-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0064-p2-b6a61affcb-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0064-p2-b6a61affcb-r0/attempt-1
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
export SCALESTUDY_POINT=n0064-p2-b6a61affcb-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-b6a61affcb-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p2-b6a61affcb-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0064-p2-b6a61affcb-r1
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0064-p2-b6a61affcb-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0064-p2-b6a61affcb-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0064-p2-b6a61affcb-r1/attempt-1
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
export SCALESTUDY_POINT=n0064-p2-b6a61affcb-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-b6a61affcb-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p2-b6a61affcb-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0064-p2-b6a61affcb-r2
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0064-p2-b6a61affcb-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0064-p2-b6a61affcb-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0064-p2-b6a61affcb-r2/attempt-1
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
export SCALESTUDY_POINT=n0064-p2-b6a61affcb-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-b6a61affcb-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p2-7352b0c4ca-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0128-p2-7352b0c4ca-r0
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0128-p2-7352b0c4ca-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0128-p2-7352b0c4ca-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0128-p2-7352b0c4ca-r0/attempt-1
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
export SCALESTUDY_POINT=n0128-p2-7352b0c4ca-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-7352b0c4ca-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p2-7352b0c4ca-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0128-p2-7352b0c4ca-r1
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0128-p2-7352b0c4ca-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0128-p2-7352b0c4ca-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0128-p2-7352b0c4ca-r1/attempt-1
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
export SCALESTUDY_POINT=n0128-p2-7352b0c4ca-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-7352b0c4ca-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p2-7352b0c4ca-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0128-p2-7352b0c4ca-r2
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0128-p2-7352b0c4ca-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0128-p2-7352b0c4ca-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0128-p2-7352b0c4ca-r2/attempt-1
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
export SCALESTUDY_POINT=n0128-p2-7352b0c4ca-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-7352b0c4ca-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p2-32aba766bb-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0256-p2-32aba766bb-r0
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0256-p2-32aba766bb-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0256-p2-32aba766bb-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0256-p2-32aba766bb-r0/attempt-1
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
export SCALESTUDY_POINT=n0256-p2-32aba766bb-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-32aba766bb-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p2-32aba766bb-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0256-p2-32aba766bb-r1
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0256-p2-32aba766bb-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0256-p2-32aba766bb-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0256-p2-32aba766bb-r1/attempt-1
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
export SCALESTUDY_POINT=n0256-p2-32aba766bb-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-32aba766bb-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p2-32aba766bb-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0256-p2-32aba766bb-r2
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0256-p2-32aba766bb-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0256-p2-32aba766bb-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0256-p2-32aba766bb-r2/attempt-1
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
export SCALESTUDY_POINT=n0256-p2-32aba766bb-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-32aba766bb-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0001-p2-0286d4192f-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0001-p2-0286d4192f-r0
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0001-p2-0286d4192f-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0001-p2-0286d4192f-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0001-p2-0286d4192f-r0/attempt-1
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
export SCALESTUDY_POINT=n0001-p2-0286d4192f-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-0286d4192f-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0001-p2-0286d4192f-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0001-p2-0286d4192f-r1
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0001-p2-0286d4192f-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0001-p2-0286d4192f-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0001-p2-0286d4192f-r1/attempt-1
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
export SCALESTUDY_POINT=n0001-p2-0286d4192f-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-0286d4192f-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0001-p2-0286d4192f-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0001-p2-0286d4192f-r2
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0001-p2-0286d4192f-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0001-p2-0286d4192f-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0001-p2-0286d4192f-r2/attempt-1
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
export SCALESTUDY_POINT=n0001-p2-0286d4192f-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 2 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0001-p2-0286d4192f-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p2-4400f60698-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0002-p2-4400f60698-r0
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0002-p2-4400f60698-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0002-p2-4400f60698-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0002-p2-4400f60698-r0/attempt-1
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
export SCALESTUDY_POINT=n0002-p2-4400f60698-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-4400f60698-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p2-4400f60698-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0002-p2-4400f60698-r1
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0002-p2-4400f60698-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0002-p2-4400f60698-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0002-p2-4400f60698-r1/attempt-1
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
export SCALESTUDY_POINT=n0002-p2-4400f60698-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-4400f60698-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p2-4400f60698-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0002-p2-4400f60698-r2
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0002-p2-4400f60698-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0002-p2-4400f60698-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0002-p2-4400f60698-r2/attempt-1
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
export SCALESTUDY_POINT=n0002-p2-4400f60698-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 4 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0002-p2-4400f60698-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p2-5b5833cff0-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0004-p2-5b5833cff0-r0
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0004-p2-5b5833cff0-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0004-p2-5b5833cff0-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0004-p2-5b5833cff0-r0/attempt-1
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
export SCALESTUDY_POINT=n0004-p2-5b5833cff0-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-5b5833cff0-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p2-5b5833cff0-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0004-p2-5b5833cff0-r1
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0004-p2-5b5833cff0-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0004-p2-5b5833cff0-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0004-p2-5b5833cff0-r1/attempt-1
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
export SCALESTUDY_POINT=n0004-p2-5b5833cff0-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-5b5833cff0-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p2-5b5833cff0-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0004-p2-5b5833cff0-r2
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0004-p2-5b5833cff0-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0004-p2-5b5833cff0-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0004-p2-5b5833cff0-r2/attempt-1
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
export SCALESTUDY_POINT=n0004-p2-5b5833cff0-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
mpirun -np 8 --map-by ppr:1:socket:pe=19 --bind-to core --report-bindings \
  -x PATH -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x HOROVOD_FUSION_THRESHOLD -x KMP_BLOCKTIME -x KMP_AFFINITY \
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0004-p2-5b5833cff0-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p2-eae11d91c6-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0008-p2-eae11d91c6-r0
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0008-p2-eae11d91c6-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0008-p2-eae11d91c6-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0008-p2-eae11d91c6-r0/attempt-1
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
export SCALESTUDY_POINT=n0008-p2-eae11d91c6-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-eae11d91c6-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p2-eae11d91c6-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0008-p2-eae11d91c6-r1
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0008-p2-eae11d91c6-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0008-p2-eae11d91c6-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0008-p2-eae11d91c6-r1/attempt-1
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
export SCALESTUDY_POINT=n0008-p2-eae11d91c6-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-eae11d91c6-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p2-eae11d91c6-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0008-p2-eae11d91c6-r2
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0008-p2-eae11d91c6-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0008-p2-eae11d91c6-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0008-p2-eae11d91c6-r2/attempt-1
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
export SCALESTUDY_POINT=n0008-p2-eae11d91c6-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0008-p2-eae11d91c6-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p2-301432efb3-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0016-p2-301432efb3-r0
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0016-p2-301432efb3-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0016-p2-301432efb3-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0016-p2-301432efb3-r0/attempt-1
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
export SCALESTUDY_POINT=n0016-p2-301432efb3-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-301432efb3-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p2-301432efb3-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0016-p2-301432efb3-r1
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0016-p2-301432efb3-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0016-p2-301432efb3-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0016-p2-301432efb3-r1/attempt-1
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
export SCALESTUDY_POINT=n0016-p2-301432efb3-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-301432efb3-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p2-301432efb3-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0016-p2-301432efb3-r2
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0016-p2-301432efb3-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0016-p2-301432efb3-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0016-p2-301432efb3-r2/attempt-1
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
export SCALESTUDY_POINT=n0016-p2-301432efb3-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0016-p2-301432efb3-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p2-d2ba80f934-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0032-p2-d2ba80f934-r0
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0032-p2-d2ba80f934-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0032-p2-d2ba80f934-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0032-p2-d2ba80f934-r0/attempt-1
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
export SCALESTUDY_POINT=n0032-p2-d2ba80f934-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-d2ba80f934-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p2-d2ba80f934-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0032-p2-d2ba80f934-r1
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0032-p2-d2ba80f934-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0032-p2-d2ba80f934-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0032-p2-d2ba80f934-r1/attempt-1
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
export SCALESTUDY_POINT=n0032-p2-d2ba80f934-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-d2ba80f934-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p2-d2ba80f934-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0032-p2-d2ba80f934-r2
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0032-p2-d2ba80f934-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0032-p2-d2ba80f934-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0032-p2-d2ba80f934-r2/attempt-1
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
export SCALESTUDY_POINT=n0032-p2-d2ba80f934-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0032-p2-d2ba80f934-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p2-f15f28aeaf-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0064-p2-f15f28aeaf-r0
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0064-p2-f15f28aeaf-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-r0/attempt-1
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
export SCALESTUDY_POINT=n0064-p2-f15f28aeaf-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p2-f15f28aeaf-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0064-p2-f15f28aeaf-r1
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0064-p2-f15f28aeaf-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-r1/attempt-1
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
export SCALESTUDY_POINT=n0064-p2-f15f28aeaf-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p2-f15f28aeaf-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0064-p2-f15f28aeaf-r2
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0064-p2-f15f28aeaf-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-r2/attempt-1
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
export SCALESTUDY_POINT=n0064-p2-f15f28aeaf-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0064-p2-f15f28aeaf-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p2-e626d69017-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0128-p2-e626d69017-r0
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0128-p2-e626d69017-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0128-p2-e626d69017-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0128-p2-e626d69017-r0/attempt-1
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
export SCALESTUDY_POINT=n0128-p2-e626d69017-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-e626d69017-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p2-e626d69017-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0128-p2-e626d69017-r1
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0128-p2-e626d69017-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0128-p2-e626d69017-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0128-p2-e626d69017-r1/attempt-1
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
export SCALESTUDY_POINT=n0128-p2-e626d69017-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-e626d69017-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p2-e626d69017-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0128-p2-e626d69017-r2
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0128-p2-e626d69017-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0128-p2-e626d69017-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0128-p2-e626d69017-r2/attempt-1
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
export SCALESTUDY_POINT=n0128-p2-e626d69017-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0128-p2-e626d69017-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p2-16d56489ad-r0
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0256-p2-16d56489ad-r0
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0256-p2-16d56489ad-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0256-p2-16d56489ad-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0256-p2-16d56489ad-r0/attempt-1
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
export SCALESTUDY_POINT=n0256-p2-16d56489ad-r0

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-16d56489ad-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p2-16d56489ad-r1
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0256-p2-16d56489ad-r1
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0256-p2-16d56489ad-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0256-p2-16d56489ad-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0256-p2-16d56489ad-r1/attempt-1
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
export SCALESTUDY_POINT=n0256-p2-16d56489ad-r1

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-16d56489ad-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p2-16d56489ad-r2
#!/bin/bash
#SBATCH --job-name=ss-zenith-weak-n0256-p2-16d56489ad-r2
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=19
#SBATCH --time=00:30:00
#SBATCH --partition=zenith
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/zenith-weak/n0256-p2-16d56489ad-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep zenith-weak, point n0256-p2-16d56489ad-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/zenith-weak/n0256-p2-16d56489ad-r2/attempt-1
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
export SCALESTUDY_POINT=n0256-p2-16d56489ad-r2

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
  python3 -m scalestudy.trainer --config @RESULTS@/zenith-weak/n0256-p2-16d56489ad-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
