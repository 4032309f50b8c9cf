"""The projection: every line the report draws beyond its measurements, and its backtest.

One job a module: this one the physics' inputs (the formulas, the links and the communication
model, below); physics.py the step-time model made of them (the physics form); empirical.py
the forms of step times alone (Extra-P's normal form); select.py which form projects
(cross-validation) and the interval that carries the choice; intervals.py the prediction of
one form and its interval; noise.py the medians' noise the intervals draw (the one place it
comes from); backtest.py the held-out size; memory.py the memory per rank; variant.py a
variant's projection assembled from its rows (report/analysis.py calls it).

Formulas and the stated models behind every line the report draws beyond its measurements.

Everything here is labelled "projection" wherever it is shown and drawn dashed; nothing here
is ever mixed into the measured series.

- Accumulation size (exact, scalestudy.cost_models.comm_model): sparse sum_r R_r x (4H + 8), dense
  4VH; the rows of a worker are R = M x V + Tsrc + Ttgt on the tf1 path with a tied embedding,
  Tsrc + Ttgt otherwise.
- Memory per rank: the measured peak RSS of the largest measured point plus the growth the
  memory model (scalestudy.cost_models.memory_model) predicts from there; against node memory / ppn.
- Step time: the measured compute (+ apply) time plus a communication model with the profile's
  interconnect, for the collectives each strategy calls (cost_models/strategies.py, `calls_s`):
  ring allreduce 2(N-1)/N x B / bw + 2(N-1) x latency, ring allgather (N-1) x b / bw + (N-1) x
  latency (b: one rank's slice), direct alltoall (N-1)/N x b / bw + 2(N-1) x latency, the
  ranks of a node sharing its one link (bw per rank = link / ppn). The latency and bandwidth
  are either the profile's nominal figures or, when a `comm` sweep of the same profile was
  collected, the alpha/beta fitted to it per collective (calibration.json, fitted with this
  same model by scalestudy.cost_models.comm_fit): a CommModel is one or the other, never a mix,
  and says which.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scalestudy.cost_models import collectives, comm_model, memory_model
from scalestudy.errors import BadInput
from scalestudy.formats import calibration
from scalestudy.formats.point_config import PRESETS

SLOT_FRACTION = memory_model.SLOT_FRACTION  # the padded slots' share: its home is there


def formula_rows(
    vocab: int,
    tokens_per_worker: int,
    micro_batches: int = 1,
    *,
    accumulation: str = "tf1",
    tied: bool = True,
    slot_fraction: float = SLOT_FRACTION,
) -> int:
    """Rows per worker before a run: the padded slots estimated as slot_fraction of 2 x
    tokens_per_worker (source and target each cap at tokens_per_worker)."""
    slots = int(2 * tokens_per_worker * slot_fraction)
    return comm_model.gradient_rows(
        vocab, slots // 2, slots - slots // 2, micro_batches, accumulation=accumulation, tied=tied
    )


def sparse_accumulation_bytes(rows_per_rank: Sequence[float], hidden: int) -> int:
    """Logical allgather size one rank holds: every rank's rows x (4H + 8)."""
    return round(sum(rows_per_rank) * comm_model.row_bytes(hidden))


def dense_accumulation_bytes(vocab: int, hidden: int) -> int:
    return comm_model.logical_allreduce_bytes(vocab, hidden)


def accumulation_ratio(workers: int, rows_per_worker: float, vocab: int, hidden: int) -> float:
    """Sparse over dense logical size (indices included): N x R x (4H + 8) / (4VH)."""
    sparse = sparse_accumulation_bytes([rows_per_worker] * workers, hidden)
    return sparse / dense_accumulation_bytes(vocab, hidden)


def values_ratio(workers: int, rows_per_worker: float, vocab: int) -> float:
    """The same ratio over the float32 values only: N x R / V (the 82x of the `accumulation-64`
    reference at 64 workers, formats/references.yaml)."""
    return workers * rows_per_worker / vocab


@dataclass(frozen=True)
class Link:
    name: str
    latency_us: float
    bandwidth_gbps: float  # gigabits per second, as the cluster profiles give it
    overhead_us: float = 0.0  # per collective call, network or not (fitted; nominal: 0)
    local_s_per_byte: float = 0.0  # per byte of the result, network or not (fitted; nominal: 0)

    def bytes_per_s(self, ppn: int) -> float:
        """What one rank gets when the node's ppn ranks share the link."""
        return self.bandwidth_gbps * 1e9 / 8.0 / max(ppn, 1)

    @property
    def latency_s(self) -> float:
        return self.latency_us * 1e-6

    @property
    def overhead_s(self) -> float:
        return self.overhead_us * 1e-6


@dataclass(frozen=True)
class CommModel:
    """The latency/bandwidth the step-time projection uses for each collective, all nominal or
    all fitted, with the sentence that says which (summary, HTML, figure captions)."""

    allreduce: Link
    allgather: Link
    fitted: bool
    description: str  # "communication model: fitted alpha=... beta=... from <sweep> (...)"
    short: str  # for a figure legend
    source: str = ""  # the calibration file, or where the nominal figures came from
    alltoall: Link | None = None  # None: the allreduce's (a calibration without alltoall)
    others: tuple[tuple[str, Link], ...] = ()  # the table's other exchange collectives

    @property
    def links(self) -> dict[str, Link]:
        """Each exchange collective's link (cost_models/collectives.py), for `calls_s`; one the
        model has no figures of is never charged (fitted_model): the allreduce's."""
        out = {
            "allreduce": self.allreduce,
            "allgather": self.allgather,
            "alltoall": self.alltoall or self.allreduce,
            **dict(self.others),
        }
        for name in collectives.names(exchange=True):
            out.setdefault(name, self.allreduce)
        return out

    @classmethod
    def nominal(cls, link: Link, profile: str, source: str) -> CommModel:
        text = (
            f"communication model: nominal profile figures (latency_us={link.latency_us:g}, "
            f"bandwidth_gbps={link.bandwidth_gbps:g} of {profile}; {link.name}, from the "
            f"{source}); no comm calibration used"
        )
        return cls(
            link, link, False, text, f"comm model: nominal ({profile} profile)", source, link
        )


class CalibrationError(BadInput):
    """A calibration.json that cannot be used; the message names the file."""


CALIBRATION_SCHEMA = calibration.SCHEMA


def load_calibration(path: Path) -> dict:
    try:
        cal = json.loads(Path(path).read_text())
    except FileNotFoundError as exc:
        raise CalibrationError(f"{path}: no such file") from exc
    except (OSError, json.JSONDecodeError) as exc:
        raise CalibrationError(f"{path}: not a readable calibration.json ({exc})") from exc
    if not isinstance(cal, dict) or cal.get("schema") != CALIBRATION_SCHEMA:
        raise CalibrationError(
            f"{path}: not a calibration.json (schema {CALIBRATION_SCHEMA}); "
            "`scalestudy collect` of a `workload: comm` sweep writes one"
        )
    return cal


def find_calibrations(roots: Sequence[Path], profile: str) -> list[tuple[Path, dict]]:
    """calibration.json files of comm sweeps of `profile` under the results roots, newest
    first (by the time collect wrote them)."""
    found = {}
    for root in roots:
        for path in sorted(Path(root).glob("*/calibration.json")):
            try:
                cal = load_calibration(path)
            except CalibrationError:
                continue
            if cal.get("profile") == profile:
                found[path.resolve()] = cal
    return sorted(found.items(), key=lambda kv: str(kv[1].get("when", "")), reverse=True)


def fitted_model(cal: dict, path: Path, needed: Sequence[str]) -> CommModel:
    """The fitted model of a calibration, or CalibrationError naming what it lacks. A missing
    collective is not filled in with nominal figures: the caller falls back to all-nominal."""
    fits = cal.get("collectives") or {}
    missing = [c for c in needed if c not in fits]
    if missing:
        why = "; ".join(str((cal.get("errors") or {}).get(c, "not measured")) for c in missing)
        raise CalibrationError(f"{path}: no fit of {', '.join(missing)} ({why})")
    links, parts, resid = {}, [], []
    for c in collectives.names(exchange=True):
        f = fits.get(c) or fits[needed[0]]  # a collective not needed is never charged
        link = links[c] = fitted_link(cal, path, c, f)
        if c in fits:
            local = link.local_s_per_byte
            copy = f"{1e-9 / local:.4g} GB/s" if local > 0 else "0"
            parts.append(
                f"alpha={fmt_us(link.latency_us * 1e-6)} us beta="
                f"{link.bandwidth_gbps / 8:.4g} GB/s overhead="
                f"{fmt_us(link.overhead_us * 1e-6)} us/call local={copy} ({c})"
            )
            nodes = "/".join(str(n) for n in f.get("node_counts", []))
            resid.append(
                f"{c}: RMS {f['rms_relative_residual']:.1%}, max "
                f"{f['max_abs_relative_residual']:.1%}, R^2 {f['r2']:.3f}, "
                f"{f['n_points']} points on {nodes} nodes"
            )
    sweep = cal.get("sweep", "?")
    text = (
        f"communication model: fitted {', '.join(parts)} from {sweep} (residuals "
        f"{'; '.join(resid)}; profile {cal.get('profile')}, collected {cal.get('when')}; "
        f"{path})"
    )
    return CommModel(
        links["allreduce"],
        links["allgather"],
        True,
        text,
        f"comm model: fitted ({sweep})",
        str(path),
        links["alltoall"],
        tuple((c, x) for c, x in links.items() if c not in ("allreduce", "allgather", "alltoall")),
    )


def fitted_link(cal: dict, path: Path, collective: str, f: dict) -> Link:
    """One collective's fit of a calibration as a Link, or CalibrationError if unusable."""
    alpha, bw = float(f["alpha_s"]), float(f["bandwidth_bytes_per_s"])
    if not (math.isfinite(alpha) and math.isfinite(bw) and alpha >= 0 and bw > 0):
        raise CalibrationError(f"{path}: {collective}: alpha {alpha} / bandwidth {bw} unusable")
    overhead = float(f.get("overhead_s") or 0.0)  # calibrations before it was fitted: 0
    if not (math.isfinite(overhead) and overhead >= 0):
        raise CalibrationError(f"{path}: {collective}: per-call overhead {overhead} unusable")
    local = float(f.get("local_s_per_byte") or 0.0)
    if not (math.isfinite(local) and local >= 0):
        raise CalibrationError(f"{path}: {collective}: local cost per byte {local} unusable")
    name = f"fitted {collective} ({cal.get('sweep')})"
    return Link(name, alpha * 1e6, bw * 8 / 1e9, overhead * 1e6, local)


def fmt_us(seconds: float) -> str:
    """Microseconds without an exponent: 25.3, 812.5, 19912."""
    us = seconds * 1e6
    return f"{us:.4g}" if us < 1000 else f"{us:.0f}"


def ring_allreduce_s(nbytes: float, workers: int, ppn: int, link: Link) -> float:
    return collectives.get("allreduce").time_s(nbytes, workers, ppn, link)


def ring_allgather_s(rank_bytes: float, workers: int, ppn: int, link: Link) -> float:
    return collectives.get("allgather").time_s(rank_bytes, workers, ppn, link)


def direct_alltoall_s(rank_bytes: float, workers: int, ppn: int, link: Link) -> float:
    """One rank's alltoall of `rank_bytes` (its own block included): Horovod's exchange of the
    splits, then every block straight to its rank (cost_models/comm_fit.py)."""
    return collectives.get("alltoall").time_s(rank_bytes, workers, ppn, link)


def calls_s(calls, workers: int, ppn: int, links: dict[str, Link]) -> float:
    """Time of a strategy's collective calls ((collective, bytes), cost_models/strategies.py),
    each with its collective's latency and bandwidth (cost_models/collectives.py)."""
    return sum(collectives.get(c).time_s(nbytes, workers, ppn, links[c]) for c, nbytes in calls)


def projected_nodes(measured_max: int, project_to: int) -> list[int]:
    """Node counts beyond the measured ones: doubling from the largest measured, and the
    target itself."""
    out, n = [], measured_max * 2
    while n < project_to:
        out.append(n)
        n *= 2
    if project_to > measured_max:
        out.append(project_to)
    return out


def model_spec(model: str | None, vocab: float | None, hidden: float | None, tied) -> dict | None:
    """The memory model's spec from the table: the preset's shape with the recorded vocabulary
    and width (a sweep's other overrides are not in the table)."""
    if model not in PRESETS:
        return None
    spec: dict = dict(PRESETS[model])
    if vocab is not None and math.isfinite(vocab):
        spec["vocab"] = int(vocab)
    if hidden is not None and math.isfinite(hidden):
        spec["hidden"] = int(hidden)
    spec["tie_embeddings"] = True if tied is None else bool(tied)
    return spec


def predicted_rank_bytes(spec: dict, *, workers: int, tokens_per_worker: int, config) -> int:
    """The memory model's bytes per rank (the plan's function, on the variant's configuration:
    its exchange, precision, compression and micro-batches)."""
    return memory_model.estimate(
        spec, workers=workers, tokens_per_worker=max(int(tokens_per_worker), 1), config=config
    ).per_rank
