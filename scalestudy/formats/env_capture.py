"""Reading an attempt's env/ files (scalestudy/capture.py writes them): the one home of their
formats and the one reader (`EnvFolder`), so the report's provenance, compare's environment
diff (and the history, which asks it) and doctor read them alike, a damaged file too.

A command's file holds its stdout, then `\\n[stderr]\\n` and its stderr when it wrote any."""

from __future__ import annotations

import json
import re
from pathlib import Path

from scalestudy.formats import attempt_files
from scalestudy.launchers import FAMILY_NAMES  # the families' names, one home

STDERR_MARK = "\n[stderr]\n"
NOT_RECORDED = "not recorded"  # what a missing or damaged capture's value reads as


class EnvFolder:
    """One env/ folder, each file read once. One policy for damage: a file that cannot be read
    (a folder in its place, no permission), holds binary data where text was written, or is
    not the JSON object it should be (capture.json, image.json) is said once in `warnings`
    (the file and why) and read as absent: never a traceback, never half a value. A command
    whose recorded exit code (capture.json's `files`) is not 0 gave no output to trust."""

    def __init__(self, folder: Path, warnings: list[str] | None = None):
        self.folder = folder
        self.warnings = warnings if warnings is not None else []
        self._said: set[str] = set()
        self._texts: dict[str, str | None] = {}
        self.index: dict | None = None  # capture.json; None when missing or damaged
        self.index_state = "missing"
        raw = self.read(attempt_files.CAPTURE_INDEX)
        if raw is not None:
            data = self._object(attempt_files.CAPTURE_INDEX, raw, "the capture's JSON")
            if data is not None:
                self.index, self.index_state = data, "ok"
            else:
                self.index_state = "damaged"

    def damaged(self, name: str, why: str) -> None:
        if name not in self._said:
            self._said.add(name)
            self.warnings.append(
                f"{self.folder / name}: damaged: {why}; what it holds is shown as {NOT_RECORDED!r}"
            )

    def read(self, name: str) -> str | None:
        """A file's text; None when missing or damaged."""
        if name not in self._texts:
            self._texts[name] = self._read(name)
        return self._texts[name]

    def _read(self, name: str) -> str | None:
        path = self.folder / name
        if not path.exists():
            return None
        try:
            data = path.read_bytes()
        except OSError as exc:  # a folder in its place, no permission, an I/O error
            self.damaged(name, f"cannot be read ({exc.strerror or exc})")
            return None
        if b"\x00" in data:
            self.damaged(name, "binary data where text was written")
            return None
        return data.decode("utf-8", errors="replace")

    def _object(self, name: str, raw: str, what: str) -> dict | None:
        try:
            data = json.loads(raw)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            self.damaged(name, f"not {what} ({exc})")
            return None
        return data

    @property
    def harness(self) -> dict:
        h = (self.index or {}).get("harness")
        return h if isinstance(h, dict) else {}

    def command_output(self, name: str) -> tuple[str | None, str]:
        """A capture file's command output (without the `[stderr]` part) and, when the
        command failed or is missing, why (its first line)."""
        text = self.read(name)
        if text is None:
            return None, "no " + name
        out = text.split(STDERR_MARK)[0].strip()
        files = (self.index or {}).get("files")
        entry = files.get(name) if isinstance(files, dict) else None
        code = entry.get("exit_code", 0) if isinstance(entry, dict) else 0
        if code != 0 or not out:
            # why, in the command's own words: its stderr's first line (never the `[stderr]`
            # mark itself), else its output's, else its exit code
            err = text.split(STDERR_MARK, 1)[1] if STDERR_MARK in text else ""
            lines = [ln.strip() for ln in f"{err}\n{out}".splitlines() if ln.strip()]
            if lines:
                return None, lines[0][:100]
            return None, f"exit code {code}, no output" if code else "empty output"
        return out, ""

    def pip(self) -> dict[str, str]:
        """The packages the trainer ran with: inside a container the image's."""
        return pip_versions(self.read("pip-freeze-image.txt") or self.read("pip-freeze.txt"))

    def mpi(self) -> tuple[str | None, str]:
        """The MPI the job's environment offered (mpi.txt, `mpi_said`), else why not."""
        text, why = self.command_output("mpi.txt")
        return (mpi_said(text, self.harness), "") if text else (None, why)

    def slurm(self) -> tuple[str | None, str]:
        """Slurm's version (its banner's version, else the banner's first line), else why."""
        text, why = self.command_output("slurm-version.txt")
        if not text:
            return None, why
        m = re.match(r"slurm(?:-wlm)?\s+(\S+)", text)
        return (m.group(1) if m else text.splitlines()[0][:80]), ""

    def modules(self) -> str | None:
        """`module list` as the job ran it (modules_loaded), None when not captured."""
        text = self.read("modules.txt")
        return None if text is None else modules_loaded(text)

    def image(self) -> str:
        """The container image the job ran in: its digest (with the runtime and image), or
        none, or not recorded and why."""
        raw = self.read("image.json")
        if raw is None:
            if self.index is not None and "image" not in self.index:
                return "none (no container)"
            return NOT_RECORDED
        img = self._object("image.json", raw, "the image's JSON")
        if img is None:
            return NOT_RECORDED
        what = " ".join(str(img[k]) for k in ("runtime", "image") if img.get(k))
        if img.get("digest"):
            return f"{img['digest']} ({what})" if what else str(img["digest"])
        note = img.get("note") or "no digest"
        return f"{NOT_RECORDED}: {what} ({note})"


def pip_versions(text: str | None) -> dict[str, str]:
    """pip freeze: name -> version (a local wheel: the version in its file name, and the file,
    whose build tag tells two builds apart; an editable
    install: the version pip's comment gives)."""
    out: dict[str, str] = {}
    for line in (text or "").splitlines():
        line = line.strip()
        editable = re.match(r"#.*\(([A-Za-z0-9_.-]+)==([^)\s]+)\)\s*$", line)
        if editable:
            out[editable.group(1).lower().replace("_", "-")] = editable.group(2) + " (editable)"
            continue
        if not line or line.startswith(("#", "-e ")):
            continue
        if "==" in line:
            name, version = line.split("==", 1)
        elif " @ " in line:
            name, where = line.split(" @ ", 1)
            wheel = where.split("#")[0].rstrip("/").rsplit("/", 1)[-1]
            m = re.match(r"[^-]+-([^-]+)-.*\.whl$", wheel)
            version = f"{m.group(1)} (local wheel {wheel})" if m else where.strip()
        else:
            continue
        out[name.strip().lower().replace("_", "-")] = version.strip()
    return out


def mpi_family(text: str | None) -> str | None:
    """openmpi / intelmpi / mpich from a version banner, an MPI_Get_library_version string or
    a library path (banners captured here: tests/unit/data/mpi/)."""
    t = (text or "").lower()
    if "open mpi" in t or "libmpi.so.40" in t:
        return "openmpi"
    if "intel" in t:  # "Intel(R) MPI Library ...", or its prefix in a path
        return "intelmpi"
    # MPICH: `mpichversion`, its library string ("MPICH Version: 4.0.2"), Debian's libmpich,
    # and its Hydra (`mpiexec.hydra --version`: "HYDRA build details:", no family named;
    # Intel MPI's Hydra names itself)
    if "mpich" in t or "libmpi.so.12" in t or "hydra build details" in t:
        return "mpich"
    return None


# mpi.txt's first matching line names the library (ompi_info, impi_info, mpichversion or a
# launcher's --version)
_MPI_PATTERNS = (
    (r"^\s*Open MPI:\s*(\S+)", "Open MPI {}"),
    (r"^Open MPI v(\d[^\s,]*)", "Open MPI {}"),  # MPI_Get_library_version's own words
    (r"Intel\(R\) MPI Library\s+(\d[^\s,]*)", "Intel MPI {}"),
    (r"\(Open MPI\)\s*(\S+)", "Open MPI {}"),
    (r"Intel\(R\) MPI Library.*?Version\s+([0-9][^\s,]*)", "Intel MPI {}"),
    (r"^\s*MPICH Version:\s*(\S+)", "MPICH {}"),
    (r"HYDRA build details:[\s\S]*?Version:\s*(\S+)", "MPICH/Hydra {}"),
)


def mpi_version(text: str) -> str:
    """The MPI library from mpi.txt: family and version (else its first line)."""
    for pattern, form in _MPI_PATTERNS:
        m = re.search(pattern, text, re.M)
        if m:
            return form.format(m.group(1))
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    return first[:80]


def mpi_said(text: str, harness: dict | None) -> str:
    """The MPI a job ran (mpi.txt's library, `mpi_version`), as the report's provenance and
    compare's environment diff say it: marked when its family is not the one the job's
    profile names (capture.json's mpi_family, when the job was asked for it: `--mpi`), e.g.
    `Open MPI 4.1.4 (NOT the profile's Intel MPI)`: a module that did not set up the profile's
    MPI, so the job ran another."""
    said = mpi_version(text)
    h = harness or {}
    asked = h.get("mpi_family") if h.get("mpi_family_from") == "asked" else None
    ran = mpi_family(text)
    if asked and ran and ran != asked:
        said += f" (NOT the profile's {FAMILY_NAMES.get(asked, asked)})"
    return said


def loaded_mpi(attempt: Path) -> list[str]:
    """The MPI library each rank of the attempt really loaded, as the rank recorded it
    (MPI_Get_library_version of the libmpi in its /proc/self/maps: the trainer's step-log
    header, rank by rank; the comm workload's comm.json); [] when no rank recorded one (the
    probe workload starts no MPI). The capture's mpi.txt says what the job's environment
    offers; this is what the ranks ran."""
    libs: list[str] = []
    for log in sorted((attempt / "logs").glob("rank*.jsonl")):
        try:
            with open(log, errors="replace") as fh:
                header = json.loads(fh.readline())
        except (OSError, ValueError):
            continue  # an unreadable log is the results' business (collect says it)
        lib = header.get("mpi_library") if isinstance(header, dict) else None
        if isinstance(lib, str) and lib:
            libs.append(lib)
    if libs:
        return libs
    try:
        comm = json.loads((attempt / "logs" / "comm.json").read_text(errors="replace"))
        per_rank = comm.get("mpi_library_per_rank") or [comm.get("mpi_library")]
    except (OSError, ValueError, AttributeError):
        return []
    return [x for x in per_rank if isinstance(x, str) and x]


def loaded_mpi_said(libs: list[str], harness: dict | None, captured: str | None) -> str:
    """The MPI the ranks loaded (loaded_mpi), as the provenance says it: the library "on every
    rank", else each library with its share of the ranks, marked; marked too when it is not the
    profile's family (capture.json, `--mpi`), and with what the capture's mpi.txt said when that
    differs. A point's rank count is not in it: points of 1 and 2 ranks that loaded the same
    library say the same (the report's MIXED check compares these words)."""
    counts: dict[str, int] = {}
    for lib in libs:
        counts[mpi_version(lib)] = counts.get(mpi_version(lib), 0) + 1
    if len(counts) == 1:
        said = f"{next(iter(counts))} (on every rank)"
    else:
        said = "; ".join(f"{v} ({n} of {len(libs)} ranks)" for v, n in counts.items())
        said += " (NOT one library on every rank)"
    h = harness or {}
    asked = h.get("mpi_family") if h.get("mpi_family_from") == "asked" else None
    families = {mpi_family(lib) for lib in libs} - {None}
    if asked and families and families != {asked}:
        said += f" (NOT the profile's {FAMILY_NAMES.get(asked, asked)})"
    if captured and mpi_family(captured) and families and families != {mpi_family(captured)}:
        said += f" (the job's capture found {mpi_version(captured)})"
    return said


def modules_loaded(text: str) -> str:
    """`module list` as the job script wrote it: the module names, or none and why."""
    if "no module command" in text or "module: command not found" in text:
        return "none (no module command)"
    if re.search(r"no modules? (?:loaded|currently loaded)", text, re.I):
        return "none"
    names = re.findall(r"\b\d+\)\s+(\S+)", text)
    return " ".join(names) if names else " ".join(text.split())[:200]
