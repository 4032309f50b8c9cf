"""`scalestudy archive` and reading archives back: what goes in, `report` and `compare` from
an archive on another folder, and hostile archives (absolute paths, `..`, links out of the
folder, a link under a link, devices, fifos, repeated names) refused with the member named and
nothing written outside the folder read into."""

from __future__ import annotations

import io
import json
import os
import posixpath
import re
import shutil
import tarfile
import time
from pathlib import Path

import msgspec
import pytest
from support import manifest
from support.compare import make_run
from test_compare import _samples

from scalestudy import archive
from scalestudy.cli import main


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    """Archives are extracted into this test's own cache."""
    path = tmp_path / "cache"
    monkeypatch.setenv("SCALESTUDY_CACHE", str(path))
    return path


def _names(path: Path) -> list[str]:
    with tarfile.open(path) as tar:
        return tar.getnames()


def test_archive_holds_what_a_reviewer_needs(tmp_path, capsys):
    results = tmp_path / "results"
    folder = make_run(results, "quick", _samples(1.0, 0.01, 1), logs=True)
    (folder / "report").mkdir()
    (folder / "report" / "report.html").write_text("<html></html>")
    (folder / "n0001-p1-x-r0" / "checkpoints").mkdir(parents=True)
    (folder / "n0001-p1-x-r0" / "checkpoints" / "ckpt.data").write_bytes(b"x" * 100)
    out = tmp_path / "quick.tar.gz"
    assert main(["archive", "quick", "--results", str(results), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"wrote {out}" in said and "left out: step logs" in said
    names = _names(out)
    pid = next(p.name for p in folder.glob("n0002-*-r4"))
    for want in (
        "quick/results.csv",
        "quick/points.jsonl",
        "quick/manifest.json",
        "quick/report/report.html",
        f"quick/{pid}/attempt-1/job.sh",
        f"quick/{pid}/attempt-1/point.json",
        f"quick/{pid}/attempt-1/env/pip-freeze.txt",
        f"quick/{pid}/attempt-1/env/lscpu.txt",
        "quick/archive/sweep.yaml",
        "quick/archive/profile.yaml",  # the sweep's cluster: local (templates/clusters)
        "quick/archive/archive.json",
    ):
        assert want in names, want
    assert not [n for n in names if "/logs/" in n or "checkpoints" in n or "stdout" in n]
    assert main(["archive", "quick", "--results", str(results), "-o", str(out), "--with-logs"]) == 0
    assert f"quick/{pid}/attempt-1/logs/rank00000.jsonl" in _names(out)


def test_report_and_compare_read_an_archive_on_another_folder(tmp_path, capsys, monkeypatch):
    here = tmp_path / "site-a"
    make_run(here, "quick", _samples(1.0, 0.01, 1))
    make_run(here, "slower", _samples(0.9, 0.01, 7), exports={"HOROVOD_CYCLE_TIME": "50"})
    for name in ("quick", "slower"):
        assert (
            main(["archive", name, "--results", str(here), "-o", str(tmp_path / f"{name}.tar.gz")])
            == 0
        )
    shutil.rmtree(here)  # only the archives travel
    elsewhere = tmp_path / "site-b"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    capsys.readouterr()
    assert main(["report", str(tmp_path / "quick.tar.gz"), "--out", "rep"]) == 0
    assert (elsewhere / "rep" / "report.html").is_file()
    assert main(["report", str(tmp_path / "quick.tar.gz")]) == 0  # default: beside the archive
    assert (tmp_path / "quick-report" / "summary.md").is_file()
    code = main(
        [
            "compare",
            str(tmp_path / "quick.tar.gz"),
            str(tmp_path / "slower.tar.gz"),
            "--out",
            "cmp",
            "--fail-on-regression",
            "5%",
        ]
    )
    assert code == 1
    html = (elsewhere / "cmp" / "compare.html").read_text()
    assert "HOROVOD_CYCLE_TIME" in html and "slower" in html
    # the sweep file and profile came with the archive: the profile is compared too
    assert "sweep file" in html


# -- hostile archives -------------------------------------------------------------------------


def _tar(path: Path, members: list[tuple[tarfile.TarInfo, bytes | None]]) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for info, data in members:
            if data is not None:
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            else:
                tar.addfile(info)
    return path


def _file(name: str, data: bytes = b"pwned") -> tuple[tarfile.TarInfo, bytes]:
    return tarfile.TarInfo(name), data


def _link(name: str, target: str, kind=tarfile.SYMTYPE) -> tuple[tarfile.TarInfo, None]:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, target
    return info, None


def _special(name: str, kind) -> tuple[tarfile.TarInfo, None]:
    info = tarfile.TarInfo(name)
    info.type = kind
    return info, None


def _dir(name: str) -> tuple[tarfile.TarInfo, None]:
    info = tarfile.TarInfo(name)
    info.type, info.mode = tarfile.DIRTYPE, 0o755
    return info, None


HOSTILE = {
    "absolute path": lambda out: [_file("s/results.csv", b"a"), _file(str(out / "pwned"))],
    "dot-dot": lambda out: [_file("s/results.csv", b"a"), _file("s/../../outside/pwned")],
    "symlink to an absolute path": lambda out: [_link("s/env", str(out))],
    "symlink out of the folder": lambda out: [
        _file("s/results.csv", b"a"),
        _link("s/env", "../../outside"),
    ],
    # each link alone stays inside; through the first, the second climbs out
    "a link under a link": lambda out: [
        _dir("s"),
        _dir("s/a"),
        _dir("s/a/b"),
        _link("s/a/b/l", "../.."),
        _link("s/a/b/l/x", "../../../outside"),
    ],
    "a file written through a link": lambda out: [
        _link("s/l", "."),
        _file("s/l/results.csv", b"a"),
    ],
    "hard link out of the folder": lambda out: [_link("s/h", "../outside/pwned", tarfile.LNKTYPE)],
    "character device": lambda out: [_special("s/tty", tarfile.CHRTYPE)],
    "block device": lambda out: [_special("s/disk", tarfile.BLKTYPE)],
    "fifo": lambda out: [_special("s/fifo", tarfile.FIFOTYPE)],
    "a name twice": lambda out: [_file("s/results.csv", b"a"), _link("s/results.csv", "x")],
}
WHY = {
    "absolute path": "an absolute path",
    "dot-dot": "a path with '..'",
    "symlink to an absolute path": "a link to the absolute path",
    "symlink out of the folder": "out of the folder",
    "a link under a link": "a member under the link s/a/b/l",
    "a file written through a link": "a member under the link s/l",
    "hard link out of the folder": "out of the folder",
    "character device": "a device file",
    "block device": "a device file",
    "fifo": "a fifo",
    "a name twice": "a name that appears twice",
}
MEMBER = {
    "absolute path": "pwned",
    "dot-dot": "s/../../outside/pwned",
    "symlink to an absolute path": "s/env",
    "symlink out of the folder": "s/env",
    "a link under a link": "s/a/b/l/x",
    "a file written through a link": "s/l/results.csv",
    "hard link out of the folder": "s/h",
    "character device": "s/tty",
    "block device": "s/disk",
    "fifo": "s/fifo",
    "a name twice": "s/results.csv",
}


def _everything_under(path: Path) -> set[Path]:
    return {p for p in path.rglob("*")} if path.exists() else set()


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_member_is_refused_and_nothing_is_written(tmp_path, case):
    outside = tmp_path / "outside"
    outside.mkdir()
    bad = _tar(tmp_path / "bad.tar.gz", HOSTILE[case](outside))
    target = tmp_path / "into" / "here"
    before = _everything_under(tmp_path)
    with pytest.raises(archive.ArchiveError) as err:
        archive.extract(bad, target)
    assert WHY[case] in str(err.value) and MEMBER[case] in str(err.value)
    assert "nothing was extracted" in str(err.value)
    assert _everything_under(tmp_path) == before  # not even the target folder
    assert not (outside / "pwned").exists() and not list(outside.iterdir())


@pytest.mark.parametrize("case", ["dot-dot", "a link under a link", "fifo"])
@pytest.mark.parametrize("verb", ["report", "compare"])
def test_report_and_compare_refuse_a_hostile_archive_with_exit_2(
    tmp_path, capsys, cache, case, verb
):
    outside = tmp_path / "outside"
    outside.mkdir()
    bad = _tar(tmp_path / "bad.tar.gz", HOSTILE[case](outside))
    args = [verb, str(bad)] + ([str(bad)] if verb == "compare" else [])
    assert main([*args, "--results", str(tmp_path / "results")]) == 2
    err = capsys.readouterr().err
    assert f"member {MEMBER[case]!r} refused" in err and "hint:" in err
    assert not list(outside.iterdir())
    # the cache holds no extracted tree, only the (empty) folder archives go to
    assert not [p for p in cache.rglob("*") if p.is_file() or p.is_symlink()]


def test_links_inside_the_folder_are_kept(tmp_path):
    # a bundled run's env/ is a link to its bundle's: legal, and kept as a link
    good = _tar(
        tmp_path / "good.tar.gz",
        [
            _dir("s"),
            _file("s/results.csv", b"point_id\n"),
            _file("s/bundles/b1/attempt-1/env/kernel.txt", b"Linux"),
            _link("s/p/attempt-1/env", "../../bundles/b1/attempt-1/env"),
            _link("s/copy.csv", "s/results.csv", tarfile.LNKTYPE),
        ],
    )
    target = tmp_path / "t"
    assert archive.extract(good, target) == ["s"]
    env = target / "s" / "p" / "attempt-1" / "env"
    assert env.is_symlink() and (env / "kernel.txt").read_text() == "Linux"
    assert (target / "s" / "copy.csv").read_text() == "point_id\n"


def test_a_damaged_or_foreign_archive_is_bad_input(tmp_path, capsys):
    junk = tmp_path / "junk.tar.gz"
    junk.write_bytes(b"not a tar at all")
    assert main(["report", str(junk)]) == 2
    assert "not a readable tar archive" in capsys.readouterr().err
    two = _tar(tmp_path / "two.tar.gz", [_file("a/results.csv", b"x"), _file("b/x", b"y")])
    assert main(["report", str(two)]) == 2
    assert "not a scalestudy archive" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "missing.tar.gz")]) == 2
    assert "no such archive" in capsys.readouterr().err


@pytest.mark.parametrize(
    "change,said",
    [
        (lambda m: setattr(m, "sweep_file", 7), "key sweep_file: Expected `str`, got `int`"),
        (lambda m: m.update(template_hash=["x"]), "key template_hash: Expected `str`"),
    ],
    ids=["wrong-type", "another-wrong-type"],
)
def test_a_damaged_manifest_key_is_bad_input_naming_file_and_key(tmp_path, capsys, change, said):
    """The manifest is read through its records: a key of the wrong type is exit 2 with the
    file and the key, and no archive is written (before: read as a dict, the sweep file's
    value taken as it came)."""
    results = tmp_path / "results"
    folder = make_run(results, "quick", _samples(1.0, 0.01, 1))
    data = manifest.read(folder)
    change(data)
    path = folder / "manifest.json"
    path.write_text(json.dumps(msgspec.to_builtins(data)))
    out = tmp_path / "quick.tar.gz"
    capsys.readouterr()
    assert main(["archive", "quick", "--results", str(results), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    assert f"{path}: {said}" in err, err
    assert not out.exists()


def test_an_unknown_manifest_key_is_bad_input_too(tmp_path, capsys):
    results = tmp_path / "results"
    folder = make_run(results, "quick", _samples(1.0, 0.01, 1))
    path = folder / "manifest.json"
    path.write_text(path.read_text().replace('"version"', '"sweep_flie": "x", "version"', 1))
    assert main(["archive", "quick", "--results", str(results), "-o", str(tmp_path / "q.tgz")]) == 2
    err = capsys.readouterr().err
    assert f"{path}: " in err and "sweep_flie" in err and "Traceback" not in err, err


def _entry(entries: Path, name: str, size: int, used: float) -> Path:
    entry = entries / name
    (entry / "tree").mkdir(parents=True)
    (entry / "tree" / "data").write_bytes(b"x" * size)
    (entry / ".complete").write_text("quick")
    os.utime(entry / ".complete", (used, used))
    return entry


def test_the_cache_drops_old_and_least_recently_used_extractions(tmp_path, cache, monkeypatch):
    """Opening an archive prunes the cache: entries unused for 30 days go; over the size cap
    the least recently used go first, but never one used within the hour (another report may
    be reading it) nor the one just opened; abandoned staging folders (a day old) go."""
    results = tmp_path / "results"
    make_run(results, "quick", _samples(1.0, 0.01, 1))
    out = tmp_path / "quick.tar.gz"
    assert main(["archive", "quick", "--results", str(results), "-o", str(out)]) == 0
    entries = cache / "archives"
    now = time.time()
    mib = 2**20
    ancient = _entry(entries, "ancient", 1, now - 31 * 86400)
    older = _entry(entries, "older", 3 * mib, now - 3 * 86400)
    newer = _entry(entries, "newer", 3 * mib, now - 2 * 86400)
    busy = _entry(entries, "busy", 3 * mib, now - 60)
    staging = entries / ".extract-abandoned"
    staging.mkdir()
    os.utime(staging, (now - 2 * 86400, now - 2 * 86400))
    monkeypatch.setenv("SCALESTUDY_CACHE_MAX_GB", str(7 * mib / 2**30))  # 7 MiB
    folder = archive.open_archive(out)
    assert (folder / "results.csv").is_file()
    left = {p.name for p in entries.iterdir()}
    # 9 MiB of entries and the opened one: the least recently used goes (older), which
    # brings the cache under 7 MiB; newer stays, busy (used a minute ago) is never a candidate
    assert not ancient.exists() and not older.exists() and not staging.exists()
    assert newer.exists() and busy.exists()
    assert folder.parents[1].name in left
    # the same archive again is read from its entry; with a 2 MiB cap newer goes too, but
    # busy (used within the hour) and the opened entry stay even over the cap
    monkeypatch.setenv("SCALESTUDY_CACHE_MAX_GB", str(2 * mib / 2**30))
    assert archive.open_archive(out) == folder
    assert not newer.exists() and busy.exists() and folder.is_dir()


# -- a link chain out, and archives too large to extract (issue 32, point 6) ------------------


def _outside_state(tmp_path: Path, cache: Path) -> dict[Path, tuple[int, int]]:
    """Every path under tmp_path but the cache, with its size and mtime (a file written or
    rewritten outside the folder read into shows here)."""
    return {
        p: (p.lstat().st_size, p.lstat().st_mtime_ns)
        for p in tmp_path.rglob("*")
        if cache not in p.parents and p != cache
    }


def _links_out(root: Path) -> list[Path]:
    """Symbolic links under `root` that resolve, on disk, outside it (the test's own walk)."""
    top = os.path.realpath(root)
    return [
        p
        for p in root.rglob("*")
        if p.is_symlink() and not (os.path.realpath(p) + "/").startswith(top + "/")
    ]


def _chain(secret: Path, depth: int) -> list:
    """`quickstart/y -> .` and `quickstart/results.csv -> y/.../y/../../../<secret>` (as many
    `y/` as `..`): by text inside the folder, on disk the file `secret` outside it."""
    return [
        _dir("quickstart"),
        _link("quickstart/y", "."),
        _link("quickstart/results.csv", "y/" * depth + "../" * depth + str(secret).lstrip("/")),
    ]


@pytest.fixture
def secret(tmp_path):
    """A genuine results folder outside the archive: read through a link, `report` would
    happily make a report of it (exit 0)."""
    folder = make_run(tmp_path / "outside", "secret", _samples(1.0, 0.01, 1))
    return folder / "results.csv"


def test_a_link_chain_out_of_the_folder_is_refused_by_report(tmp_path, capsys, cache, secret):
    depth = len(tmp_path.parts) + 12  # enough `..` to climb to / from the cache's folders
    bad = _tar(tmp_path / "chain.tar.gz", _chain(secret, depth))
    # the chain's text stays inside: only a resolution through the link y sees it leave
    text = posixpath.normpath("quickstart/" + "y/" * depth + "../" * depth + "x")
    assert text == "quickstart/x"
    before = _outside_state(tmp_path, cache)
    assert main(["report", str(bad), "--results", str(tmp_path / "results")]) == 2
    err = capsys.readouterr().err
    assert "member 'quickstart/results.csv' refused" in err
    assert "through the link quickstart/y out of the folder" in err and "hint:" in err
    assert _outside_state(tmp_path, cache) == before  # no report of the secret, nothing new
    assert not (tmp_path / "chain-report").exists()
    assert not _links_out(cache) and not [p for p in cache.rglob("*") if p.is_symlink()]


@pytest.mark.parametrize(
    "case,member,why",
    [
        ("chain", "quickstart/results.csv", "through the link quickstart/y out of the folder"),
        # through two links, each harmless alone: d -> e, e -> .
        ("two links", "quickstart/results.csv", "through the links quickstart/d, quickstart/e"),
        # two links naming each other never resolve
        ("loop", "quickstart/a", "more than 40 links deep (a loop)"),
    ],
)
def test_links_are_resolved_through_each_other_before_anything_is_written(
    tmp_path, secret, case, member, why
):
    depth = len(tmp_path.parts) + 4
    deep = str(secret).lstrip("/")
    members = {
        "chain": _chain(secret, depth),
        "two links": [
            _dir("quickstart"),
            _link("quickstart/e", "."),
            _link("quickstart/d", "e"),
            _link("quickstart/results.csv", "d/" * depth + "../" * depth + deep),
        ],
        "loop": [_dir("quickstart"), _link("quickstart/a", "b"), _link("quickstart/b", "a")],
    }[case]
    bad = _tar(tmp_path / "bad.tar.gz", members)
    target = tmp_path / "into" / "here"
    before = _everything_under(tmp_path)
    with pytest.raises(archive.ArchiveError) as err:
        archive.extract(bad, target)
    assert f"member {member!r} refused" in str(err.value) and why in str(err.value)
    assert "nothing was extracted" in str(err.value)
    assert _everything_under(tmp_path) == before


def test_links_are_checked_again_on_disk_after_extraction(tmp_path, secret, monkeypatch):
    """Belt and braces: with the check of the link graph switched off, the links made are
    resolved on disk, the escaping one refused and the whole extraction removed."""
    monkeypatch.setattr(archive, "_landing", lambda symlinks, start, target: ("x", ""))
    bad = _tar(tmp_path / "chain.tar.gz", _chain(secret, len(tmp_path.parts) + 4))
    target = tmp_path / "into" / "here"
    with pytest.raises(archive.ArchiveError) as err:
        archive.extract(bad, target)
    said = str(err.value)
    assert "member 'quickstart/results.csv' refused" in said and f"to {secret}" in said
    assert "what was extracted was removed" in said
    assert not (tmp_path / "into").exists()


def test_a_cache_entry_with_a_link_out_is_extracted_again(tmp_path, cache, secret):
    """An entry an earlier version extracted (the chain's link still in it) is not trusted:
    it is removed and the archive read again, which refuses it."""
    bad = _tar(tmp_path / "chain.tar.gz", _chain(secret, len(tmp_path.parts) + 12))
    entry = cache / "archives" / archive._digest(bad)
    (entry / "tree" / "quickstart").mkdir(parents=True)
    (entry / "tree" / "quickstart" / "results.csv").symlink_to(secret)
    (entry / ".complete").write_text("quickstart")
    with pytest.raises(archive.ArchiveError, match=re.escape("'quickstart/results.csv' refused")):
        archive.open_archive(bad)
    assert not entry.exists() and not _links_out(cache)


def test_links_inside_the_folder_through_other_links_still_open(tmp_path, capsys):
    """Archives `scalestudy archive` writes keep a link that stays inside (a bundled run's
    env/ to its bundle's) as a link; one through another link (a chain inside) opens too."""
    results = tmp_path / "results"
    folder = make_run(results, "quick", _samples(1.0, 0.01, 1))
    attempts = sorted(folder.glob("*/attempt-1"))
    first, second, third = attempts[0], attempts[1], attempts[2]
    shutil.rmtree(second / "env")
    (second / "env").symlink_to(Path("..", "..", first.parent.name, "attempt-1", "env"))
    shutil.rmtree(third / "env")
    (third / "env").symlink_to(Path("..", "..", second.parent.name, "attempt-1", "env"))
    out = tmp_path / "quick.tar.gz"
    assert main(["archive", "quick", "--results", str(results), "-o", str(out)]) == 0
    with tarfile.open(out) as tar:
        assert sum(m.issym() for m in tar.getmembers()) == 2
    opened = archive.open_archive(out)
    env = opened / third.parent.name / "attempt-1" / "env"
    assert env.is_symlink() and (env / "pip-freeze.txt").read_text()
    assert main(["report", str(out), "--out", str(tmp_path / "rep")]) == 0


def _zeros(name: str = "quickstart/big", mib: int = 4) -> list:
    return [
        _dir("quickstart"),
        _file("quickstart/results.csv", b"point_id\n"),
        _file(name, bytes(mib << 20)),
    ]


def test_the_declared_sizes_are_capped_before_anything_is_written(
    tmp_path, capsys, cache, monkeypatch
):
    monkeypatch.setenv("SCALESTUDY_ARCHIVE_MAX_GB", "0.001")  # 1.0 MiB
    bomb = _tar(tmp_path / "bomb.tar.gz", _zeros())
    before = _outside_state(tmp_path, cache)
    assert main(["report", str(bomb), "--results", str(tmp_path / "results")]) == 2
    err = capsys.readouterr().err
    assert "member 'quickstart/big' refused: the members' declared sizes reach 4.0 MiB" in err
    assert "over the limit of 0.001 GiB (SCALESTUDY_ARCHIVE_MAX_GB" in err
    assert "nothing was extracted" in err and "hint:" in err and "SCALESTUDY_ARCHIVE_MAX_GB=" in err
    assert _outside_state(tmp_path, cache) == before
    assert not [p for p in cache.rglob("*") if p.is_file() or p.is_symlink()]
    target = tmp_path / "t"
    with pytest.raises(archive.ArchiveError, match="declared sizes"):
        archive.extract(bomb, target)
    assert not target.exists()  # refused before the folder was even made
    monkeypatch.setenv("SCALESTUDY_ARCHIVE_MAX_GB", "lots")
    assert main(["report", str(bomb), "--results", str(tmp_path / "results")]) == 2
    assert "SCALESTUDY_ARCHIVE_MAX_GB='lots': not a positive number" in capsys.readouterr().err


def test_the_declared_sizes_must_fit_the_free_disk(tmp_path, monkeypatch):
    usage = shutil.disk_usage(tmp_path)
    monkeypatch.setattr(archive.shutil, "disk_usage", lambda p: usage._replace(free=2 << 20))
    bomb = _tar(tmp_path / "bomb.tar.gz", _zeros())
    target = tmp_path / "t"
    with pytest.raises(archive.ArchiveError) as err:
        archive.extract(bomb, target)
    assert "member 'quickstart/big' refused" in str(err.value)
    assert f"more than the 2.0 MiB free on the filesystem of {tmp_path}" in str(err.value)
    assert "SCALESTUDY_CACHE" in err.value.hint and not target.exists()


def test_a_decompression_bomb_stops_while_streaming(tmp_path, capsys, cache):
    """Under the size cap (default 20 GiB) a member of zeros passes the declared sizes; the
    compression ratio stops it after a few MiB, and what was written is removed."""
    bomb = _tar(tmp_path / "bomb.tar.gz", _zeros(mib=16))
    assert bomb.stat().st_size < 64 << 10  # ~16 KiB for 16 MiB: about 1000 to one
    before = _outside_state(tmp_path, cache)
    assert main(["report", str(bomb), "--results", str(tmp_path / "results")]) == 2
    err = capsys.readouterr().err
    assert "member 'quickstart/big' refused" in err and "compression ratio over 100:1" in err
    assert "what was extracted was removed" in err and "SCALESTUDY_ARCHIVE_MAX_RATIO=" in err
    written = float(err.split(" MiB written from")[0].rsplit(" ", 1)[1])
    assert 1 <= written < 16  # stopped early: more than the floor, well short of the member
    assert _outside_state(tmp_path, cache) == before
    assert not [p for p in cache.rglob("*") if p.is_file() or p.is_symlink()]
    target = tmp_path / "t"
    with pytest.raises(archive.ArchiveError, match="compression ratio"):
        archive.extract(bomb, target)
    assert not target.exists()


def test_ordinary_data_passes_the_ratio_and_the_bound_can_be_raised(tmp_path, monkeypatch):
    text = b"".join(f"{i},{i * 0.37:.6f},{os.urandom(8).hex()}\n".encode() for i in range(80000))
    assert len(text) > archive.RATIO_FLOOR
    good = _tar(tmp_path / "good.tar.gz", [_dir("s"), _file("s/results.csv", text)])
    assert archive.extract(good, tmp_path / "a") == ["s"]
    assert (tmp_path / "a" / "s" / "results.csv").read_bytes() == text
    monkeypatch.setenv("SCALESTUDY_ARCHIVE_MAX_RATIO", "5000")
    bomb = _tar(tmp_path / "bomb.tar.gz", _zeros())
    assert archive.extract(bomb, tmp_path / "b") == ["quickstart"]
    assert (tmp_path / "b" / "quickstart" / "big").stat().st_size == 4 << 20
