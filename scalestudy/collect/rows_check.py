"""The rows check of one attempt: every rank's measured embedding-gradient rows and logical
bytes, step by step, against the formulas (tf1 + tied: M x V + padded source + target slots;
else the slots; the bytes: the run's strategy's own formula on the step's counts).

Collect runs it in its pass over the logs and keeps the result in its record
(.collect-cache.msgpack, under `entry_name`), with the logs' signature; the report takes it
from there when the logs are unchanged since, and runs it itself otherwise (report/load.py)."""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass
from pathlib import Path

import msgspec

from scalestudy.cost_models import comm_model, strategies
from scalestudy.cost_models.comm_model import allreduce_item_bytes
from scalestudy.formats import step_log
from scalestudy.formats.point_config import PointConfig


@dataclass
class RowsCheck:
    """Measured embedding-gradient rows of every rank and step against the formula
    (tf1 + tied: M x V + padded source + target slots; else the slots), and the logical bytes
    against the run's strategy's own formula on the step's counts (cost_models/strategies.py)."""

    rank_steps: int = 0
    rows_equal: int = 0
    bytes_checked: int = 0
    bytes_equal: int = 0
    form: str = ""
    first_mismatch: str = ""
    rows_formula: str = ""  # "M·V + Tsrc + Ttgt" or "Tsrc + Ttgt"
    bytes_formula: str = ""  # the strategy's

    @property
    def ok(self) -> bool:
        return (
            self.rows_equal == self.rank_steps
            and self.bytes_equal == self.bytes_checked
            and (self.rank_steps + self.bytes_checked) > 0
        )

    def as_dict(self) -> dict:
        return {
            "form": self.form,
            "rank_steps": self.rank_steps,
            "rows_equal": self.rows_equal,
            "bytes_checked": self.bytes_checked,
            "bytes_equal": self.bytes_equal,
            "ok": self.ok,
            "first_mismatch": self.first_mismatch,
            "rows_formula": self.rows_formula,
            "bytes_formula": self.bytes_formula,
        }


class _Slots(msgspec.Struct):
    src: int = 0
    tgt: int = 0


class _Bytes(msgspec.Struct):
    logical_embedding: int | None = None


@functools.cache
def _decoder(counts: tuple[str, ...]) -> tuple[step_log.Decoder, type]:
    """The view the check decodes a record through (header or step): the rest of the line is
    skipped without being built (a 1,200-rank run: 360,000 lines of ~6.6 KB). Its gradient
    part holds the form, the rows and `counts`: the strategies' declared embedding_grad
    counters (cost_models/strategies.py), so a strategy's new count needs no edit here."""
    grad = msgspec.defstruct(
        "_Grad",
        [("form", str, ""), ("rows", int | None, None), *((c, int | None, None) for c in counts)],
    )
    view = msgspec.defstruct(
        "_CheckView",
        [
            ("type", str),
            ("schema", str, ""),
            ("segment_start_step", int, 0),
            ("model", dict | None, None),
            ("config", dict | None, None),
            ("step", int, 0),
            ("micro_batches", int, 1),
            ("embedding_grad", grad | None, None),
            ("embedding_rows_per_rank", list[int] | None, None),
            ("slots", _Slots | None, None),
            ("bytes", _Bytes | None, None),
        ],
    )
    return step_log.Decoder(view), grad


@functools.lru_cache(maxsize=64)
def _recorded(stored: bytes) -> PointConfig:
    """A header's configuration as a PointConfig, validated once for all ranks of a run (each
    rank's header holds the same; 60,000 validations would cost seconds), read only."""
    return PointConfig.recorded(msgspec.json.decode(stored))


def _gradient_counts() -> tuple[str, ...]:
    """The embedding_grad fields the strategies declare as counters, each once."""
    return tuple(
        dict.fromkeys(c.field for c in strategies.counters() if c.record == "embedding_grad")
    )


def check_rank(path: Path, check: RowsCheck) -> None:
    """Add one rank's steps to `check` (its file decoded through the check's typed view)."""
    counts = _gradient_counts()
    decoder, grad_view = _decoder(counts)
    segments = step_log.read_segments(path, decoder)
    if not segments:
        return
    header = segments[0].header
    model = header.model or {}
    tied = bool(model.get("tie_embeddings", True))
    # the run's configuration as its header stores it (a record of a run: values checked, the
    # can-it-run rules not; what it leaves out at the defaults, the tie at the header's model)
    stored = dict(header.config or {})
    stored["model"] = {"tie_embeddings": tied, **(stored.get("model") or {})}
    config = _recorded(msgspec.json.encode(stored))
    m = config.mesh.model
    # a mesh's rank holds and exchanges its vocabulary shard: V / M rows
    vocab = int(model["vocab"]) // m
    hidden = int(model["hidden"])
    accumulation = config.accumulation
    strategy = config.strategy()
    item = allreduce_item_bytes(config.compression)
    check.bytes_formula = strategy.formula
    check.rows_formula = "M·V + Tsrc + Ttgt" if accumulation == "tf1" and tied else "Tsrc + Ttgt"
    if m > 1:
        check.rows_formula += " (V: the rank's vocabulary shard, V / mesh.model)"
    for s in step_log.merge(segments):
        grad = s.embedding_grad or grad_view()
        check.form = check.form or grad.form
        logical = s.bytes.logical_embedding if s.bytes else None
        if grad.form != "dense" and grad.rows is not None:
            slots = s.slots or _Slots()
            expected = comm_model.gradient_rows(
                vocab, slots.src, slots.tgt, s.micro_batches, accumulation=accumulation, tied=tied
            )
            check.rank_steps += 1
            if grad.rows == expected:
                check.rows_equal += 1
            elif not check.first_mismatch:
                check.first_mismatch = f"{path.name} step {s.step}: rows {grad.rows} != {expected}"
        form = {k: getattr(grad, k) for k in counts}
        want = strategy.logged(
            strategies.Logged(form, s.embedding_rows_per_rank, vocab, hidden, item)
        )
        if logical is not None and want is not None:
            check.bytes_checked += 1
            if logical == want:
                check.bytes_equal += 1
            elif not check.first_mismatch:
                check.first_mismatch = f"{path.name} step {s.step}: bytes {logical} != {want}"


def check_logs(logs: Path, workers: int, warnings: list[str]) -> dict | None:
    """Every rank's rows check of one attempt, as plain values (RowsCheck's fields; None when
    no step was checkable); a log that cannot be read stops it, with a warning."""
    check = RowsCheck()
    try:
        for r in range(workers):
            path = logs / step_log.rank_log_name(r)
            if path.exists():
                check_rank(path, check)
    except (ValueError, OSError, KeyError) as exc:
        warnings.append(f"{logs}: rows check stopped ({exc})")
    return asdict(check) if (check.rank_steps or check.bytes_checked) else None


def entry_name(attempt_folder: str, workers: int) -> str:
    """The check's entry in collect's record: the attempt's folder under the sweep's
    ("<point id>/attempt-<n>") and how many ranks were read."""
    return f"{attempt_folder} workers={workers} rows"
