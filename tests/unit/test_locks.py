"""A results folder on a file system whose file locks fail (NFS without its lock service:
flock says ENOLCK) is refused with exit 3 and a sentence naming the folder and the reason,
before anything is read or written: never a traceback, never a manifest written unlocked
(issue #34 item 1). The lock call is made to fail as such a file system makes it fail."""

from __future__ import annotations

import errno
import fcntl

import pytest
from support import manifest

from scalestudy.cli import main
from scalestudy.executors.manifest import Manifest

SWEEP = "experiments/quickstart.yaml"


def _no_locks(code: int):
    def flock(fd, operation):
        raise OSError(
            code,
            errno.errorcode[code]
            + ": "
            + {
                errno.ENOLCK: "No locks available",
                errno.EOPNOTSUPP: "Operation not supported",
            }[code],
        )

    return flock


@pytest.fixture
def results(tmp_path):
    """A results folder with a manifest a first submit left (written with working locks)."""
    root = tmp_path / "results"
    with Manifest(root / "quickstart").edit() as data:
        data.sweep_file = SWEEP
        data.new_attempt("p1", state="completed")
    return root


def _tree(root):
    return {
        str(p.relative_to(root)): p.read_bytes() if p.is_file() else None
        for p in sorted(root.rglob("*"))
    }


@pytest.mark.parametrize("code", [errno.ENOLCK, errno.EOPNOTSUPP])
@pytest.mark.parametrize(
    "argv",
    [["submit", SWEEP, "--dry-run"], ["submit", SWEEP, "--force", "--dry-run"], ["status", SWEEP]],
    ids=["submit", "submit-force", "status"],
)
def test_a_folder_whose_locks_fail_is_refused_untouched(results, monkeypatch, capsys, argv, code):
    before = _tree(results)
    monkeypatch.setattr(fcntl, "flock", _no_locks(code))
    assert main([*argv, "--results", str(results)]) == 3
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    assert str(results / "quickstart") in err, err
    assert "file locks fail" in err and errno.errorcode[code] in err, err
    assert "hint: use --results on a file system with working locks" in err, err
    assert _tree(results) == before  # nothing written, the manifest as it was
    assert manifest.read(results / "quickstart").last("p1").state == "completed"


def test_other_lock_errors_are_not_called_a_lockless_file_system(results, monkeypatch):
    """An error that is not a file system without locks (here EBADF) is not mislabelled."""

    def flock(fd, operation):
        raise OSError(errno.EBADF, "Bad file descriptor")

    monkeypatch.setattr(fcntl, "flock", flock)
    with pytest.raises(OSError) as caught, Manifest(results / "quickstart").edit():
        pass
    assert caught.value.errno == errno.EBADF


def test_working_locks_still_serialise_the_manifest(results):
    """The refusal is only for failing locks: the folder's lock is still a real flock, held
    for the whole edit (a second lock on the file cannot be taken meanwhile)."""
    lock_file = results / "quickstart" / ".manifest.lock"
    with (
        Manifest(results / "quickstart").edit(),
        open(lock_file) as other,
        pytest.raises(BlockingIOError),
    ):
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    with open(lock_file) as other:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # released after the edit
