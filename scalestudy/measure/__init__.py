"""Readers of measurements taken outside the trainer (MPI's own counters)."""
