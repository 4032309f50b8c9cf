"""Executors run rendered points. `base.Executor` is the interface, `registry` finds a backend
by name (`local`: this machine; `slurm`: sbatch and sacct); they share the manifest
(state and locking) and the attempt-folder layout (`layout`)."""
