"""Errors the CLI reports as bad input (exit 2) with a message, never a traceback."""


class UsageError(Exception):
    """A command-line option that cannot work as given."""


class SchedulerRefused(Exception):
    """The scheduler would not accept a job of the sweep (sbatch --test-only said why)."""
