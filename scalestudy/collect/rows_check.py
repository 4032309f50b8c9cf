"""The rows check of one attempt: every rank's measured embedding-gradient rows and logical
bytes, step by step, against the formulas (tf1 + tied: M x V + padded source + target slots;
else the slots; the bytes: the run's strategy's own formula on the step's counts).

Collect runs it in its pass over the logs and keeps the result in its record
(.collect-cache.msgpack, under `entry_name`), with the logs' signature; the report takes it
from there when the logs are unchanged since, and runs it itself otherwise (report/load.py)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

import msgspec

from scalestudy.contract import comm_model, step_log, strategies
from scalestudy.contract import mesh as mesh_layout
from scalestudy.contract.point_config import allreduce_item_bytes


@dataclass
class RowsCheck:
    """Measured embedding-gradient rows of every rank and step against the formula
    (tf1 + tied: M x V + padded source + target slots; else the slots), and the logical bytes
    against the run's strategy's own formula on the step's counts (contract/strategies.py)."""

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


class _Grad(msgspec.Struct):
    form: str = ""
    rows: int | None = None
    unique_rows: int | None = None
    union_rows: int | None = None
    served_rows: int | None = None


class _Slots(msgspec.Struct):
    src: int = 0
    tgt: int = 0


class _Bytes(msgspec.Struct):
    logical_embedding: int | None = None


class _CheckView(msgspec.Struct):
    """What the rows check reads of a record (header or step); the rest of the line is skipped
    without being built (a 1,200-rank run: 360,000 lines of ~6.6 KB)."""

    type: str
    schema: str = ""
    segment_start_step: int = 0
    model: dict | None = None
    config: dict | None = None
    step: int = 0
    micro_batches: int = 1
    embedding_grad: _Grad | None = None
    embedding_rows_per_rank: list[int] | None = None
    slots: _Slots | None = None
    bytes: _Bytes | None = None


_CHECK = step_log.Decoder(_CheckView)


def expected_rows(
    vocab: int, src: int, tgt: int, micro_batches: int, accumulation: str, tied: bool
) -> int:
    """Rows one worker's embedding IndexedSlices holds, from the slots it computed (the rule
    of report/projection.formula_rows_exact, which collect, below the report, cannot import)."""
    if accumulation == "tf1" and tied:
        return comm_model.tf1_rows(vocab, src, tgt, micro_batches)
    return src + tgt


def check_rank(path: Path, check: RowsCheck) -> None:
    """Add one rank's steps to `check` (its file decoded through the check's typed view)."""
    segments = step_log.read_segments(path, _CHECK)
    if not segments:
        return
    header = segments[0].header
    model, cfg = header.model or {}, header.config or {}
    # a mesh's rank holds and exchanges its vocabulary shard: V / M rows
    vocab = int(model["vocab"]) // mesh_layout.model_ranks(cfg)
    hidden = int(model["hidden"])
    tied = bool(model.get("tie_embeddings", True))
    accumulation = cfg.get("accumulation", "tf1")
    strategy = strategies.of({**cfg, "tie_embeddings": tied})
    item = allreduce_item_bytes(cfg.get("compression"))
    check.bytes_formula = strategy.formula
    check.rows_formula = "M·V + Tsrc + Ttgt" if accumulation == "tf1" and tied else "Tsrc + Ttgt"
    if mesh_layout.model_ranks(cfg) > 1:
        check.rows_formula += " (V: the rank's vocabulary shard, V / mesh.model)"
    for s in step_log.merge(segments):
        grad = s.embedding_grad or _Grad()
        check.form = check.form or grad.form
        logical = s.bytes.logical_embedding if s.bytes else None
        if grad.form != "dense" and grad.rows is not None:
            slots = s.slots or _Slots()
            expected = expected_rows(
                vocab, slots.src, slots.tgt, s.micro_batches, accumulation, tied
            )
            check.rank_steps += 1
            if grad.rows == expected:
                check.rows_equal += 1
            elif not check.first_mismatch:
                check.first_mismatch = f"{path.name} step {s.step}: rows {grad.rows} != {expected}"
        form = {k: getattr(grad, k) for k in ("unique_rows", "union_rows", "served_rows")}
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
