"""The errors the CLI reports as a message and an exit code, never a traceback, in one hierarchy.

    ScalestudyError            exit_code, optional hint
    +-- BadInput               2: a file, option, profile or name the user gave cannot work
    |   +-- UsageError             a command-line option
    |   +-- SchedulerRefused       sbatch (--test-only) refused a job of the sweep
    |   +-- DamagedFile            a results file cannot be read as written (file:line named)
    |   (+ SweepError, YamlError, ProfileError, DetectError, ConfigError, CommConfigError,
    |      ReportError, UnknownReference, CalibrationError: defined beside the code that raises)
    +-- CheckFailed            1: the command ran and its verdict is negative (a check failed)
    +-- CannotWrite            3: an output path (or its folder) cannot be made

Every verb's codes are tabled in docs/cli.md. 1 is a verdict only, so CI can gate on it; a
results file that cannot be written is 3. `cli.main` catches ScalestudyError once; any other
exception is a bug: its traceback is printed and the exit code is 4 (not Python's 1). This
module imports nothing, so every layer (the trainer's contract too) can use it.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_CHECK_FAILED = 1  # the command ran; its verdict is negative (doctor: a check failed)
EXIT_BAD_INPUT = 2
EXIT_CANNOT_WRITE = 3  # a results file could not be written (disk full, read-only, ...)
EXIT_BUG = 4  # any other exception: a bug, said with its traceback
EXIT_INTERRUPTED = 130  # Ctrl-C, as a shell reports SIGINT


class ScalestudyError(Exception):
    """An error said to the user as one message (and a hint), with an exit code."""

    exit_code = EXIT_BAD_INPUT
    hint: str | None = None
    names_its_file = False  # the message starts with file:line (a sweep's errors)


class BadInput(ScalestudyError):
    """Something the user gave (a file, an option, a name) cannot work as given: exit 2."""

    exit_code = EXIT_BAD_INPUT


class CannotWrite(ScalestudyError):
    """An output the user named (or its folder) cannot be made: exit 3, the path and why."""

    exit_code = EXIT_CANNOT_WRITE


class CheckFailed(ScalestudyError):
    """The command ran and its verdict is negative (a check or gate failed): exit 1."""

    exit_code = EXIT_CHECK_FAILED


class UsageError(BadInput):
    """A command-line option that cannot work as given."""


class SchedulerRefused(BadInput):
    """The scheduler would not accept a job of the sweep (sbatch --test-only said why)."""


class DamagedFile(BadInput, ValueError):
    """A results file that cannot be read as it was written (cut short by a partial copy or a
    full disk, a broken line, a hand edit). The message starts with file:line. Also a
    ValueError, so a reader that copes with an unreadable log (the report) still catches it.
    A verb that can go on without the file (collect, the manifest's rebuild) says so and goes
    on; one that cannot exits 2 with this message."""

    def __init__(self, path, problem: str, line: int | None = None, hint: str | None = None):
        self.path, self.line, self.problem = path, line, problem
        self.hint = hint
        super().__init__(f"{path}{f':{line}' if line else ''}: {problem}")
