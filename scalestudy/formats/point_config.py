"""The configuration of one trainer run (one scaling point), as the harness writes it to point.json.

Validated with pydantic so a bad file fails before TensorFlow is even imported.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializationInfo,
    ValidationError,
    ValidationInfo,
    model_serializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

from scalestudy.cost_models import mesh as mesh_layout
from scalestudy.cost_models import strategies
from scalestudy.errors import BadInput
from scalestudy.formats.table_names import OneOf


def rule(key: str, message: str, said: bool = False) -> PydanticCustomError:
    """A configuration-wide rule's error, naming the key it is about (a model validator's
    error has no location of its own): `validate` reads ctx["key"] to point at its line.
    `said`: a rule the sweep file's check has already said at its own line (RULES_CHECKED):
    validate leaves the error out instead of saying it twice."""
    ctx = {"message": message, "key": key, **({"said": True} if said else {})}
    return PydanticCustomError("point_rule", "{message}", ctx)


# The validation context of a configuration made from a sweep file: its exchange and mesh
# rules (the strategy's refusal, the switch's contradiction, the mesh's refusal) are said by
# sweepfile/consistency.py on what the file says, at its lines; here they still stop the
# validation as everywhere else, with their error marked `said`.
RULES_CHECKED = {"rules_checked": True}


def _said(info: ValidationInfo) -> bool:
    return bool((info.context or {}).get("rules_checked"))


# The validation context of a configuration a run already had (the report's records:
# report/legacy.py): its values are checked (names, types, ranges), its configuration-wide
# rules (the batch its mode needs, the exchange's and the mesh's refusals) are not: they were
# checked when it was planned, and a record made from a table's columns says only part of it.
RECORDED = {"recorded": True}


def _recorded(info: ValidationInfo) -> bool:
    return bool((info.context or {}).get("recorded"))


# A configuration has two dumps. The identity view (`PointConfig.identity()`, and a plain
# `model_dump()`, which is the same) is what the point id hashes and point.json holds: the
# keys the first studies wrote, `exchange` where the switch does not say it, and a field added
# later only away from its default. The full view (`PointConfig.full()`: a dump with this
# serialization context) holds every field, defaults included: points.jsonl's record.
FULL = {"full": True}
# The point's own folders: where its attempt writes, not what it is. Left out of the dump the
# point id hashes (plan) and of its points.jsonl record; relative to point.json when loaded.
OWN_FOLDERS = frozenset({"log_dir", "checkpoint_dir"})


def _full(info: SerializationInfo) -> bool:
    return bool((info.context or {}).get("full"))


# The exchange names, from the strategy table at each validation (a strategy registered later,
# a test's, is accepted; docgen lists the names)
ExchangeName = Annotated[str, OneOf(strategies.names)]

# Model presets. `tiny` is for tests; base/big follow "Attention Is All You Need" with the official
# Transformer's vocabulary of 33,708 subwords.
PRESETS: dict[str, dict[str, float | int]] = {
    "tiny": dict(
        hidden=64,
        enc_layers=2,
        dec_layers=2,
        heads=4,
        filter=256,
        vocab=1000,
        dropout=0.1,
        max_length=64,
    ),
    "base": dict(
        hidden=512,
        enc_layers=6,
        dec_layers=6,
        heads=8,
        filter=2048,
        vocab=33708,
        dropout=0.1,
        max_length=256,
    ),
    "big": dict(
        hidden=1024,
        enc_layers=6,
        dec_layers=6,
        heads=16,
        filter=4096,
        vocab=33708,
        dropout=0.3,
        max_length=256,
    ),
}


# added after the first studies; left out of a configuration at this default (point ids hold)
COMPUTE_PROBE_STEPS = 5


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ModelSpec(_Strict):
    preset: Literal["tiny", "base", "big"] = "tiny"
    hidden: int | None = Field(None, gt=0)
    enc_layers: int | None = Field(None, ge=1)
    dec_layers: int | None = Field(None, ge=1)
    heads: int | None = Field(None, ge=1)
    filter: int | None = Field(None, gt=0)
    vocab: int | None = Field(None, ge=16)
    dropout: float | None = Field(None, ge=0, lt=1)
    max_length: int | None = Field(None, ge=8)
    tie_embeddings: bool = True

    def resolved(self) -> dict[str, float | int | bool]:
        out: dict[str, float | int | bool] = dict(PRESETS[self.preset])
        for key in out:
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if int(out["hidden"]) % int(out["heads"]):
            raise ValueError(f"hidden {out['hidden']} is not divisible by heads {out['heads']}")
        out["tie_embeddings"] = self.tie_embeddings
        return out


class DataSpec(_Strict):
    # synthetic: realistic length mix, random tokens (throughput); translate: a learnable task
    # (token-wise dictionary translation), for convergence/divergence; text: parallel files;
    # fixed: every sentence exactly `fixed_length` random ids on both sides, no padding (the same
    # shape every step: compares like with like against other models, e.g. the reference bench)
    kind: Literal["synthetic", "translate", "text", "fixed"] = "synthetic"
    fixed_length: int = Field(64, ge=2, description="fixed: tokens per sentence and side")
    zipf_exponent: float = Field(
        1.0, ge=0, le=4, description="synthetic: token ids ~ (rank + 1.7)^-s; 1 text, 0 uniform"
    )
    task_vocab: int = Field(64, ge=4, description="translate: tokens the task uses")
    task_max_length: int = Field(12, ge=2, description="translate: longest sentence")
    source: str | None = None
    target: str | None = None
    spm_model: str | None = None
    spm_dir: str | None = None

    @model_serializer(mode="wrap")
    def _without_default_exponent(self, handler, info: SerializationInfo):
        # added after the first studies: left out of the identity view at its default, so the
        # configurations (and point ids) of sweeps that never set it read as they always did
        out = handler(self)
        if _full(info):
            return out
        if isinstance(out, dict) and out.get("zipf_exponent") == 1.0:
            del out["zipf_exponent"]
        return out


class DivergenceSpec(_Strict):
    ema: float = Field(0.9, gt=0, lt=1)
    margin: float = Field(1.0, gt=0, description="nats above the running minimum of the EMA loss")
    patience: int = Field(10, ge=1, description="consecutive steps above min + margin")


class InjectFailure(_Strict):
    """Test hook: make one rank fail at one step (exception) to check containment."""

    rank: int = Field(ge=0)
    step: int = Field(ge=1)


class InjectStall(_Strict):
    """Test hook: every rank sleeps `seconds` after step `step` ends, before its record is
    written: after the last timed step, a stall the footer's window holds and no step
    record does (collect must call the point inconsistent)."""

    step: int = Field(ge=1)
    seconds: float = Field(gt=0, le=600)


class MeshSpec(BaseModel):
    """A data x model mesh: ranks form groups of `model` consecutive ranks that split one
    model replica (attention heads, feed-forward width and vocabulary, Megatron-style); the
    groups train as data-parallel replicas. 1: data parallelism alone."""

    model_config = ConfigDict(extra="forbid")
    model: int = Field(1, ge=1, description="ranks per model group (M); 1: no model split")


class PointConfig(_Strict):
    model: ModelSpec = ModelSpec()
    mode: Literal["weak", "strong"] = "weak"
    tokens_per_worker: int | None = Field(None, ge=8)
    global_batch_tokens: int | None = Field(None, ge=8)
    micro_batches: int = Field(1, ge=1)
    steps: int = Field(20, ge=1)
    timing_warmup_steps: int = Field(2, ge=0)
    learning_rate: float = Field(1e-3, gt=0, description="peak rate at the end of warm-up")
    lr_warmup_steps: int = Field(100, ge=1)
    lr_scaling: Literal["none", "linear", "sqrt"] = "none"
    lr_reference_batch_tokens: int | None = Field(None, ge=1)
    accumulation: Literal["tf1", "native"] = "tf1"
    sparse_as_dense: bool = False
    # How IndexedSlices gradients are exchanged (docs/trainer.md). Unset: the paper's switch
    # decides (sparse_as_dense false: allgather, true: allreduce). After validation it always
    # holds the method and sparse_as_dense == (exchange == "allreduce"); a dump leaves it out
    # when sparse_as_dense says the same, so configurations (and point ids) of the paper's two
    # methods read as they always did.
    exchange: ExchangeName | None = None
    # overlapped: one compiled step per micro-batch pattern, Horovod's collectives inside it and
    # overlapped with the backward pass, as DistributedGradientTape trains (what production
    # training measures). phases: compute, densify, exchange and apply run one after the other,
    # each timed to the host (diagnosis: every byte of communication is exposed).
    timing: Literal["overlapped", "phases"] = "overlapped"
    # overlapped: how a step's micro-batches are ordered in its compiled graph. dataflow: each
    # op runs when its inputs are ready, so every micro-batch's embedding lookups (they need
    # only the ids) start with the step and overlap the first micro-batch's passes (EmbRace's
    # scheduling). sequential: a micro-batch's forward pass (its lookups included) waits for
    # the previous micro-batch's backward pass, as a loop of per-micro-batch steps runs.
    micro_batch_order: Literal["dataflow", "sequential"] = "dataflow"
    # overlapped: after the last step, this many forward + backward passes of the last batch
    # without exchange or update (the first compiles; the others are timed: footer
    # timing.compute_only_s): the compute an overlapped step cannot time apart, which the
    # report's --project-to needs. 0: none.
    compute_probe_steps: int = Field(COMPUTE_PROBE_STEPS, ge=0, le=100)
    # fp32, or bf16 compute with fp32 master weights, loss and optimizer (Keras mixed_bfloat16)
    precision: Literal["fp32", "bf16"] = "fp32"
    # Horovod's gradient compression (hvd.Compression) as hvd.allreduce applies it: fp16 casts
    # every allreduced floating tensor to float16 for its collective and back after it (half its
    # bytes); IndexedSlices rows (allgather, alltoall) travel as they are, as in Horovod.
    # No bf16: Horovod 0.28's TensorFlow collectives accept float16, not bfloat16.
    compression: Literal["none", "fp16"] = "none"
    # diagnosis: Horovod's timeline over the timed steps (rank 0 writes it), summarised per step
    # in the footer (collectives' busy time, communication left after the last gradient)
    timeline: bool = False
    # oneDNN kernels in stock TensorFlow (TF_ENABLE_ONEDNN_OPTS before it is imported): TF 2.15
    # turns them on by itself only on CPUs with AVX512_VNNI/BF16/AMX; auto leaves TF's choice
    onednn: Literal["auto", "on", "off"] = "on"
    data: DataSpec = DataSpec()
    seed: int = 1234
    deterministic: bool = False
    expect_ranks: int | None = Field(None, ge=1)
    expect_ranks_per_node: int | None = Field(None, ge=1)
    intra_op_threads: int = Field(1, ge=1)
    inter_op_threads: int = Field(1, ge=1)
    log_dir: str = "logs"
    log_flush_every: int = Field(50, ge=1)
    checkpoint_dir: str | None = None
    checkpoint_every: int = Field(0, ge=0, description="0: only on SIGUSR1/SIGTERM")
    divergence: DivergenceSpec = DivergenceSpec()
    inject_failure: InjectFailure | None = None
    inject_stall: InjectStall | None = None
    dump_final_weights: bool = Field(False, description="write weights.rank<r>.npz at the end")
    dump_gradients_step: int | None = Field(
        None,
        ge=1,
        description="write that step's averaged gradients to grads.rank<r>.npz (a diagnosis: "
        "an overlapped run's every step then returns its gradients, a little memory and time)",
    )
    mesh: MeshSpec = MeshSpec()

    @model_validator(mode="after")
    def _batch_matches_mode(self, info: ValidationInfo) -> PointConfig:
        if _recorded(info):
            return self
        if self.mode == "weak" and self.tokens_per_worker is None:
            raise rule("tokens_per_worker", "weak scaling needs tokens_per_worker")
        if self.mode == "strong" and self.global_batch_tokens is None:
            raise rule("global_batch_tokens", "strong scaling needs global_batch_tokens")
        if self.lr_scaling != "none" and self.lr_reference_batch_tokens is None:
            raise rule("lr_scaling", "lr_scaling needs lr_reference_batch_tokens")
        if self.timing_warmup_steps >= self.steps:
            raise rule(
                "timing_warmup_steps",
                f"timing_warmup_steps ({self.timing_warmup_steps}) must be below steps "
                f"({self.steps}): no step would be timed",
            )
        if self.data.kind == "text" and not (self.data.source and self.data.target):
            raise rule("data.kind", "data.kind text needs data.source and data.target files")
        if self.data.kind == "fixed":
            tokens = self.tokens_per_worker if self.mode == "weak" else self.global_batch_tokens
            if tokens is not None and tokens < self.data.fixed_length:
                raise rule(
                    "data.fixed_length",
                    f"data.fixed_length ({self.data.fixed_length}) is longer than the batch "
                    f"({tokens} tokens): not one sentence fits",
                )
        self.model.resolved()  # raises on inconsistent overrides
        return self

    @model_validator(mode="after")
    def _exchange_agrees(self, info: ValidationInfo) -> PointConfig:
        """sparse_as_dense true is exchange allreduce; false (written or default) leaves the
        exchange to `exchange`, allgather when that is unset."""
        if self.exchange is None:
            self.exchange = strategies.from_switch(self.sparse_as_dense).name
            return self
        if _recorded(info):
            return self
        strategy = strategies.get(self.exchange)
        refusal = strategy.refusal(self.model.tie_embeddings)
        if refusal:
            raise rule("exchange", refusal, _said(info))
        explicit = self.sparse_as_dense or "sparse_as_dense" in self.model_fields_set
        contradiction = switch_contradiction(self.exchange, self.sparse_as_dense)
        if explicit and contradiction:
            raise rule("exchange", contradiction, _said(info))
        self.sparse_as_dense = strategy.densifies
        return self

    @model_validator(mode="after")
    def _mesh_fits(self, info: ValidationInfo) -> PointConfig:
        if _recorded(info):
            return self
        refusal = mesh_layout.refusal(self.mesh.model, self.model.resolved(), self.exchange)
        if refusal:
            raise rule("mesh.model", refusal, _said(info))
        if self.expect_ranks is not None and self.expect_ranks % self.mesh.model:
            raise rule(
                "mesh.model",
                f"mesh.model {self.mesh.model} does not divide the {self.expect_ranks} ranks: "
                "model groups are M consecutive ranks",
            )
        return self

    @classmethod
    def recorded(cls, data: dict) -> PointConfig:
        """A configuration a run had, as a record stores it (points.jsonl's `config`, a step
        log's header): validated as RECORDED (values checked, the can-it-run rules not), what
        it leaves out at the defaults. report/legacy.py upgrades a record before this."""
        return cls.model_validate(data, context=RECORDED)

    def strategy(self) -> strategies.Strategy:
        """How its embedding gradient really goes (strategies.resolve: a tied model with
        native accumulation is densified whatever the exchange asks)."""
        return strategies.resolve(
            self.accumulation, self.model.tie_embeddings, self.exchange, self.sparse_as_dense
        )

    def asked(self) -> strategies.Strategy:
        """The exchange it asks for, before TensorFlow's densifying of a tied native model."""
        return strategies.resolve("tf1", False, self.exchange, self.sparse_as_dense)

    def identity(self, exclude: set[str] | None = None) -> dict[str, Any]:
        """The identity view, as JSON values: the dump the point id hashes (plan.make_plan)
        and point.json holds. `exchange` is left out where sparse_as_dense says the same, and
        every field added after the ids were frozen (not in IDENTITY_FIELDS) is left out at
        its default. A plain `model_dump()` is this view too; it never changes for a
        configuration that exists today (tests/unit/test_points_record_identity.py)."""
        return self.model_dump(mode="json", exclude=exclude)

    def full(self, exclude: set[str] | None = None) -> dict[str, Any]:
        """The full view, as JSON values: every field, defaults included (the serialization
        context FULL), what points.jsonl's record stores (schema scalestudy.point/2). Never
        hashed: a field added later changes this dump of every configuration."""
        return self.model_dump(mode="json", exclude=exclude, context=FULL)

    @model_serializer(mode="wrap")
    def _identity_view(self, handler, info: SerializationInfo):
        """The identity view unless the dump asks for the full one (context FULL): `exchange`
        left out where sparse_as_dense says the same, and every field added after the ids were
        frozen left out at its default."""
        out = handler(self)
        if not isinstance(out, dict) or _full(info):
            return out
        if out.get("exchange") == strategies.from_switch(self.sparse_as_dense).name:
            del out["exchange"]
        for name, default in _late_defaults(type(self)):
            if name in out and out[name] == default:
                del out[name]
        return out


# The point id hashes PointConfig's identity view (identity(), in plan.make_plan), so the keys
# it holds are frozen as the first studies wrote them: these fields are always written. Any field
# not named here (every field added later: compression, compute_probe_steps, inject_stall,
# dump_gradients_step, micro_batch_order, mesh, and whatever comes next) is left out of it at its
# default, so the configurations and ids of sweeps that never set it read as they always did.
# Never add a name. (The full view, full(), holds every field: points.jsonl's records.)
IDENTITY_FIELDS = frozenset(
    {
        "model",
        "mode",
        "tokens_per_worker",
        "global_batch_tokens",
        "micro_batches",
        "steps",
        "timing_warmup_steps",
        "learning_rate",
        "lr_warmup_steps",
        "lr_scaling",
        "lr_reference_batch_tokens",
        "accumulation",
        "sparse_as_dense",
        "timing",
        "precision",
        "timeline",
        "onednn",
        "data",
        "seed",
        "deterministic",
        "expect_ranks",
        "expect_ranks_per_node",
        "intra_op_threads",
        "inter_op_threads",
        "log_dir",
        "log_flush_every",
        "checkpoint_dir",
        "checkpoint_every",
        "divergence",
        "inject_failure",
        "dump_final_weights",
    }
)


def switch_contradiction(exchange: str, sparse_as_dense: Any) -> str | None:
    """The message when `exchange` and the paper's switch written beside it disagree (the one
    rule, for `validate` and the point configuration alike), else None."""
    dense = strategies.flag(sparse_as_dense, False)
    if dense == strategies.get(exchange).densifies:
        return None
    return (
        f"exchange: {exchange} contradicts sparse_as_dense: {str(dense).lower()} "
        f"(sparse_as_dense true is exchange {strategies.PAPER_DENSE.name}, false is "
        f"{strategies.PAPER_SPARSE.name}): set exchange alone, or both consistently"
    )


class ConfigError(BadInput):
    """A configuration that cannot run; the message names the file and the keys."""


def load_point_config(path: str | Path) -> PointConfig:
    path = Path(path)
    try:
        raw = json.loads(path.read_text())
    except FileNotFoundError as exc:
        raise ConfigError(f"{path}: no such file") from exc
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from exc
    try:
        cfg = PointConfig.model_validate(raw)
    except ValidationError as exc:
        lines = [
            f"{path}: {'.'.join(map(str, e['loc'])) or '<top>'}: {e['msg']}" for e in exc.errors()
        ]
        raise ConfigError("\n".join(lines)) from exc
    base = path.parent
    # Relative paths in a point file are relative to the file, so a point folder can move.
    for attr in sorted(OWN_FOLDERS):
        value = getattr(cfg, attr)
        if value is not None and not Path(value).is_absolute():
            setattr(cfg, attr, str(base / value))
    for attr in ("source", "target", "spm_model", "spm_dir"):
        value = getattr(cfg.data, attr)
        if value is not None and not Path(value).is_absolute():
            setattr(cfg.data, attr, str(base / value))
    return cfg


@cache
def _late_defaults(cls: type[BaseModel]) -> tuple[tuple[str, Any], ...]:
    """(name, default) of every field added after the ids were frozen, its default as the
    identity view compares it: computed once per class, not once per dump (a plan of 10,000
    points dumps 20,000 times)."""
    out = []
    for name, info in cls.model_fields.items():
        if name in IDENTITY_FIELDS or name == "exchange":
            continue
        default = info.get_default(call_default_factory=True)
        if isinstance(default, BaseModel):
            default = default.model_dump(mode="json")
        out.append((name, default))
    return tuple(out)
