"""Executors run rendered points: `local` (this machine) and, later, `slurm` (submitit). They
share the manifest (state and locking) and the attempt-folder layout."""
