#!/usr/bin/env bash
# The main job on this machine: the trainer on 2 MPI ranks, sparse (allgather) vs densified.
set -euo pipefail
cd "$(dirname "$0")/.."
exec .venv/bin/python scripts/demo.py "$@"
