##### n0001-p4-389060a8b3-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0001-p4-389060a8b3-r0
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0001-p4-389060a8b3-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0001-p4-389060a8b3-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0001-p4-389060a8b3-r0/attempt-1
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
export SCALESTUDY_POINT=n0001-p4-389060a8b3-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-389060a8b3-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0001-p4-389060a8b3-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0001-p4-389060a8b3-r1
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0001-p4-389060a8b3-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0001-p4-389060a8b3-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0001-p4-389060a8b3-r1/attempt-1
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
export SCALESTUDY_POINT=n0001-p4-389060a8b3-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-389060a8b3-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0001-p4-389060a8b3-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0001-p4-389060a8b3-r2
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0001-p4-389060a8b3-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0001-p4-389060a8b3-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0001-p4-389060a8b3-r2/attempt-1
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
export SCALESTUDY_POINT=n0001-p4-389060a8b3-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-389060a8b3-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p4-1568309f6c-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0002-p4-1568309f6c-r0
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0002-p4-1568309f6c-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0002-p4-1568309f6c-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0002-p4-1568309f6c-r0/attempt-1
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
export SCALESTUDY_POINT=n0002-p4-1568309f6c-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-1568309f6c-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p4-1568309f6c-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0002-p4-1568309f6c-r1
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0002-p4-1568309f6c-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0002-p4-1568309f6c-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0002-p4-1568309f6c-r1/attempt-1
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
export SCALESTUDY_POINT=n0002-p4-1568309f6c-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-1568309f6c-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p4-1568309f6c-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0002-p4-1568309f6c-r2
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0002-p4-1568309f6c-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0002-p4-1568309f6c-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0002-p4-1568309f6c-r2/attempt-1
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
export SCALESTUDY_POINT=n0002-p4-1568309f6c-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-1568309f6c-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p4-cad6c81b54-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0004-p4-cad6c81b54-r0
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0004-p4-cad6c81b54-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-r0/attempt-1
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
export SCALESTUDY_POINT=n0004-p4-cad6c81b54-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p4-cad6c81b54-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0004-p4-cad6c81b54-r1
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0004-p4-cad6c81b54-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-r1/attempt-1
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
export SCALESTUDY_POINT=n0004-p4-cad6c81b54-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p4-cad6c81b54-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0004-p4-cad6c81b54-r2
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0004-p4-cad6c81b54-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-r2/attempt-1
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
export SCALESTUDY_POINT=n0004-p4-cad6c81b54-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-cad6c81b54-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p4-9a09a389dd-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0008-p4-9a09a389dd-r0
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0008-p4-9a09a389dd-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-r0/attempt-1
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
export SCALESTUDY_POINT=n0008-p4-9a09a389dd-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p4-9a09a389dd-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0008-p4-9a09a389dd-r1
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0008-p4-9a09a389dd-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-r1/attempt-1
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
export SCALESTUDY_POINT=n0008-p4-9a09a389dd-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p4-9a09a389dd-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0008-p4-9a09a389dd-r2
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0008-p4-9a09a389dd-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-r2/attempt-1
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
export SCALESTUDY_POINT=n0008-p4-9a09a389dd-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-9a09a389dd-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p4-7ce9e0fc58-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0016-p4-7ce9e0fc58-r0
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0016-p4-7ce9e0fc58-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-r0/attempt-1
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
export SCALESTUDY_POINT=n0016-p4-7ce9e0fc58-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p4-7ce9e0fc58-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0016-p4-7ce9e0fc58-r1
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0016-p4-7ce9e0fc58-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-r1/attempt-1
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
export SCALESTUDY_POINT=n0016-p4-7ce9e0fc58-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p4-7ce9e0fc58-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0016-p4-7ce9e0fc58-r2
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0016-p4-7ce9e0fc58-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-r2/attempt-1
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
export SCALESTUDY_POINT=n0016-p4-7ce9e0fc58-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7ce9e0fc58-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p4-25f048c102-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0032-p4-25f048c102-r0
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0032-p4-25f048c102-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0032-p4-25f048c102-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0032-p4-25f048c102-r0/attempt-1
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
export SCALESTUDY_POINT=n0032-p4-25f048c102-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-25f048c102-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p4-25f048c102-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0032-p4-25f048c102-r1
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0032-p4-25f048c102-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0032-p4-25f048c102-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0032-p4-25f048c102-r1/attempt-1
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
export SCALESTUDY_POINT=n0032-p4-25f048c102-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-25f048c102-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p4-25f048c102-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0032-p4-25f048c102-r2
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0032-p4-25f048c102-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0032-p4-25f048c102-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0032-p4-25f048c102-r2/attempt-1
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
export SCALESTUDY_POINT=n0032-p4-25f048c102-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-25f048c102-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p4-83e24b4e24-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0064-p4-83e24b4e24-r0
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0064-p4-83e24b4e24-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0064-p4-83e24b4e24-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0064-p4-83e24b4e24-r0/attempt-1
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
export SCALESTUDY_POINT=n0064-p4-83e24b4e24-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-83e24b4e24-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p4-83e24b4e24-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0064-p4-83e24b4e24-r1
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0064-p4-83e24b4e24-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0064-p4-83e24b4e24-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0064-p4-83e24b4e24-r1/attempt-1
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
export SCALESTUDY_POINT=n0064-p4-83e24b4e24-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-83e24b4e24-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p4-83e24b4e24-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0064-p4-83e24b4e24-r2
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0064-p4-83e24b4e24-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0064-p4-83e24b4e24-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0064-p4-83e24b4e24-r2/attempt-1
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
export SCALESTUDY_POINT=n0064-p4-83e24b4e24-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-83e24b4e24-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p4-3db72d6d57-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0128-p4-3db72d6d57-r0
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0128-p4-3db72d6d57-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0128-p4-3db72d6d57-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0128-p4-3db72d6d57-r0/attempt-1
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
export SCALESTUDY_POINT=n0128-p4-3db72d6d57-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-3db72d6d57-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p4-3db72d6d57-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0128-p4-3db72d6d57-r1
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0128-p4-3db72d6d57-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0128-p4-3db72d6d57-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0128-p4-3db72d6d57-r1/attempt-1
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
export SCALESTUDY_POINT=n0128-p4-3db72d6d57-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-3db72d6d57-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p4-3db72d6d57-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0128-p4-3db72d6d57-r2
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0128-p4-3db72d6d57-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0128-p4-3db72d6d57-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0128-p4-3db72d6d57-r2/attempt-1
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
export SCALESTUDY_POINT=n0128-p4-3db72d6d57-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-3db72d6d57-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p4-1f7bda8d02-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0256-p4-1f7bda8d02-r0
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0256-p4-1f7bda8d02-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0256-p4-1f7bda8d02-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0256-p4-1f7bda8d02-r0/attempt-1
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
export SCALESTUDY_POINT=n0256-p4-1f7bda8d02-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-1f7bda8d02-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p4-1f7bda8d02-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0256-p4-1f7bda8d02-r1
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0256-p4-1f7bda8d02-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0256-p4-1f7bda8d02-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0256-p4-1f7bda8d02-r1/attempt-1
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
export SCALESTUDY_POINT=n0256-p4-1f7bda8d02-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-1f7bda8d02-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p4-1f7bda8d02-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0256-p4-1f7bda8d02-r2
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0256-p4-1f7bda8d02-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0256-p4-1f7bda8d02-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0256-p4-1f7bda8d02-r2/attempt-1
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
export SCALESTUDY_POINT=n0256-p4-1f7bda8d02-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-1f7bda8d02-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0300-p4-5dd88bc77f-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0300-p4-5dd88bc77f-r0
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0300-p4-5dd88bc77f-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0300-p4-5dd88bc77f-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0300-p4-5dd88bc77f-r0/attempt-1
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
export SCALESTUDY_POINT=n0300-p4-5dd88bc77f-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-5dd88bc77f-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0300-p4-5dd88bc77f-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0300-p4-5dd88bc77f-r1
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0300-p4-5dd88bc77f-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0300-p4-5dd88bc77f-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0300-p4-5dd88bc77f-r1/attempt-1
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
export SCALESTUDY_POINT=n0300-p4-5dd88bc77f-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-5dd88bc77f-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0300-p4-5dd88bc77f-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0300-p4-5dd88bc77f-r2
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0300-p4-5dd88bc77f-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0300-p4-5dd88bc77f-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0300-p4-5dd88bc77f-r2/attempt-1
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
export SCALESTUDY_POINT=n0300-p4-5dd88bc77f-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-5dd88bc77f-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0001-p4-71bc9dbaa0-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0001-p4-71bc9dbaa0-r0
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0001-p4-71bc9dbaa0-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-r0/attempt-1
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
export SCALESTUDY_POINT=n0001-p4-71bc9dbaa0-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0001-p4-71bc9dbaa0-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0001-p4-71bc9dbaa0-r1
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0001-p4-71bc9dbaa0-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-r1/attempt-1
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
export SCALESTUDY_POINT=n0001-p4-71bc9dbaa0-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0001-p4-71bc9dbaa0-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0001-p4-71bc9dbaa0-r2
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0001-p4-71bc9dbaa0-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-r2/attempt-1
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
export SCALESTUDY_POINT=n0001-p4-71bc9dbaa0-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0001-p4-71bc9dbaa0-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p4-60a5c17230-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0002-p4-60a5c17230-r0
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0002-p4-60a5c17230-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0002-p4-60a5c17230-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0002-p4-60a5c17230-r0/attempt-1
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
export SCALESTUDY_POINT=n0002-p4-60a5c17230-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-60a5c17230-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p4-60a5c17230-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0002-p4-60a5c17230-r1
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0002-p4-60a5c17230-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0002-p4-60a5c17230-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0002-p4-60a5c17230-r1/attempt-1
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
export SCALESTUDY_POINT=n0002-p4-60a5c17230-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-60a5c17230-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0002-p4-60a5c17230-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0002-p4-60a5c17230-r2
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0002-p4-60a5c17230-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0002-p4-60a5c17230-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0002-p4-60a5c17230-r2/attempt-1
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
export SCALESTUDY_POINT=n0002-p4-60a5c17230-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0002-p4-60a5c17230-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p4-81ff68b7ef-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0004-p4-81ff68b7ef-r0
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0004-p4-81ff68b7ef-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-r0/attempt-1
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
export SCALESTUDY_POINT=n0004-p4-81ff68b7ef-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p4-81ff68b7ef-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0004-p4-81ff68b7ef-r1
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0004-p4-81ff68b7ef-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-r1/attempt-1
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
export SCALESTUDY_POINT=n0004-p4-81ff68b7ef-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0004-p4-81ff68b7ef-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0004-p4-81ff68b7ef-r2
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0004-p4-81ff68b7ef-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-r2/attempt-1
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
export SCALESTUDY_POINT=n0004-p4-81ff68b7ef-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0004-p4-81ff68b7ef-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p4-e849fb5ade-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0008-p4-e849fb5ade-r0
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0008-p4-e849fb5ade-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-r0/attempt-1
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
export SCALESTUDY_POINT=n0008-p4-e849fb5ade-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p4-e849fb5ade-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0008-p4-e849fb5ade-r1
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0008-p4-e849fb5ade-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-r1/attempt-1
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
export SCALESTUDY_POINT=n0008-p4-e849fb5ade-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0008-p4-e849fb5ade-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0008-p4-e849fb5ade-r2
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0008-p4-e849fb5ade-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-r2/attempt-1
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
export SCALESTUDY_POINT=n0008-p4-e849fb5ade-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0008-p4-e849fb5ade-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p4-7b768e900c-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0016-p4-7b768e900c-r0
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0016-p4-7b768e900c-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0016-p4-7b768e900c-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0016-p4-7b768e900c-r0/attempt-1
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
export SCALESTUDY_POINT=n0016-p4-7b768e900c-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7b768e900c-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p4-7b768e900c-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0016-p4-7b768e900c-r1
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0016-p4-7b768e900c-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0016-p4-7b768e900c-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0016-p4-7b768e900c-r1/attempt-1
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
export SCALESTUDY_POINT=n0016-p4-7b768e900c-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7b768e900c-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0016-p4-7b768e900c-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0016-p4-7b768e900c-r2
#SBATCH --nodes=16
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0016-p4-7b768e900c-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0016-p4-7b768e900c-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0016-p4-7b768e900c-r2/attempt-1
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
export SCALESTUDY_POINT=n0016-p4-7b768e900c-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0016-p4-7b768e900c-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p4-1657f1a91f-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0032-p4-1657f1a91f-r0
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0032-p4-1657f1a91f-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-r0/attempt-1
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
export SCALESTUDY_POINT=n0032-p4-1657f1a91f-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p4-1657f1a91f-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0032-p4-1657f1a91f-r1
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0032-p4-1657f1a91f-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-r1/attempt-1
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
export SCALESTUDY_POINT=n0032-p4-1657f1a91f-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0032-p4-1657f1a91f-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0032-p4-1657f1a91f-r2
#SBATCH --nodes=32
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0032-p4-1657f1a91f-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-r2/attempt-1
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
export SCALESTUDY_POINT=n0032-p4-1657f1a91f-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0032-p4-1657f1a91f-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p4-b6e4eac912-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0064-p4-b6e4eac912-r0
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0064-p4-b6e4eac912-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-r0/attempt-1
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
export SCALESTUDY_POINT=n0064-p4-b6e4eac912-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p4-b6e4eac912-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0064-p4-b6e4eac912-r1
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0064-p4-b6e4eac912-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-r1/attempt-1
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
export SCALESTUDY_POINT=n0064-p4-b6e4eac912-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0064-p4-b6e4eac912-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0064-p4-b6e4eac912-r2
#SBATCH --nodes=64
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0064-p4-b6e4eac912-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-r2/attempt-1
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
export SCALESTUDY_POINT=n0064-p4-b6e4eac912-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0064-p4-b6e4eac912-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p4-b4f5e883fc-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0128-p4-b4f5e883fc-r0
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0128-p4-b4f5e883fc-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-r0/attempt-1
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
export SCALESTUDY_POINT=n0128-p4-b4f5e883fc-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p4-b4f5e883fc-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0128-p4-b4f5e883fc-r1
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0128-p4-b4f5e883fc-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-r1/attempt-1
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
export SCALESTUDY_POINT=n0128-p4-b4f5e883fc-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0128-p4-b4f5e883fc-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0128-p4-b4f5e883fc-r2
#SBATCH --nodes=128
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-normal
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0128-p4-b4f5e883fc-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-r2/attempt-1
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
export SCALESTUDY_POINT=n0128-p4-b4f5e883fc-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0128-p4-b4f5e883fc-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p4-4132eaa4b6-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0256-p4-4132eaa4b6-r0
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0256-p4-4132eaa4b6-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-r0/attempt-1
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
export SCALESTUDY_POINT=n0256-p4-4132eaa4b6-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p4-4132eaa4b6-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0256-p4-4132eaa4b6-r1
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0256-p4-4132eaa4b6-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-r1/attempt-1
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
export SCALESTUDY_POINT=n0256-p4-4132eaa4b6-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0256-p4-4132eaa4b6-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0256-p4-4132eaa4b6-r2
#SBATCH --nodes=256
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0256-p4-4132eaa4b6-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-r2/attempt-1
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
export SCALESTUDY_POINT=n0256-p4-4132eaa4b6-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0256-p4-4132eaa4b6-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0300-p4-316c9789c2-r0
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0300-p4-316c9789c2-r0
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0300-p4-316c9789c2-r0/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0300-p4-316c9789c2-r0, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0300-p4-316c9789c2-r0/attempt-1
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
export SCALESTUDY_POINT=n0300-p4-316c9789c2-r0

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-316c9789c2-r0/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0300-p4-316c9789c2-r1
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0300-p4-316c9789c2-r1
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0300-p4-316c9789c2-r1/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0300-p4-316c9789c2-r1, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0300-p4-316c9789c2-r1/attempt-1
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
export SCALESTUDY_POINT=n0300-p4-316c9789c2-r1

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-316c9789c2-r1/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
##### n0300-p4-316c9789c2-r2
#!/bin/bash
#SBATCH --job-name=ss-stampede2-weak-n0300-p4-316c9789c2-r2
#SBATCH --nodes=300
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=11
#SBATCH --time=00:30:00
#SBATCH --partition=skx-large
#SBATCH --account=MY-ALLOCATION
#SBATCH --exclusive
#SBATCH --output=@RESULTS@/stampede2-weak/n0300-p4-316c9789c2-r2/attempt-1/slurm-%j.out
#SBATCH --signal=B:USR1@120
#SBATCH --no-requeue
# scalestudy sweep stampede2-weak, point n0300-p4-316c9789c2-r2, attempt 1
set -uo pipefail
attempt_dir=@RESULTS@/stampede2-weak/n0300-p4-316c9789c2-r2/attempt-1
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
export SCALESTUDY_POINT=n0300-p4-316c9789c2-r2

# What this allocation looks like (env/): modules, Slurm, MPI, packages, CPUs, kernel, commit.
mkdir -p "$attempt_dir/env"
{ module list 2>&1 || echo "no module command"; } > "$attempt_dir/env/modules.txt"
python3 -m scalestudy.capture --out "$attempt_dir/env"

# The launcher runs in the background so the checkpoint signal reaches this shell, which
# forwards it; the trainer then checkpoints at the next step boundary and exits with code 4.
forward() { kill -USR1 "$launcher_pid" 2>/dev/null; }
trap forward USR1 TERM
export I_MPI_PIN_DOMAIN=omp:compact
export I_MPI_DEBUG=4
ibrun python3 -m scalestudy.trainer --config @RESULTS@/stampede2-weak/n0300-p4-316c9789c2-r2/attempt-1/point.json &
launcher_pid=$!
while :; do
  wait "$launcher_pid"
  rc=$?
  kill -0 "$launcher_pid" 2>/dev/null || break
done
exit "$rc"
