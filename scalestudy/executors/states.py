"""The states of an attempt as the manifest records them, by what `submit` does with each
(a leaf module: the manifest's rebuild reads them without importing the manifest)."""

from __future__ import annotations

ACTIVE = {"submitted", "pending", "running"}
DONE = {"completed"}
FAILED = {
    "failed",
    "diverged",
    "timeout",
    "interrupted",
    "cancelled",
    "node_fail",
    "out_of_memory",
    "preempted",
}
# neither resubmitted nor counted done: it may still be running. "submitting": the intent to
# sbatch is on disk but no job id (a submit died or sbatch's answer was lost): its job is
# looked up by identity before anything is resubmitted
UNKNOWN = {"unknown", "submitting"}
OPEN = ACTIVE | UNKNOWN  # may still run: what a wait for a sweep waits on
NOT_QUEUED = "not_queued"  # looked up and never queued: the next submit runs it
