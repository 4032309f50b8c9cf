"""The key references in docs/, generated from the pydantic models so they cannot drift.

    python -m scalestudy.sweepfile.docgen [--out docs] [--check]

writes docs/sweep-reference.md (the sweep's model, `schema.sweep_model()`: its own keys and
each workload's, from the workloads' table), docs/profile-reference.md (`Profile`, plus the
profiles bundled in templates/clusters/) and docs/point-config-reference.md (`PointConfig`,
the trainer's point.json). Each key's type, default and bounds come from the model; its
sentence comes from `DESCRIPTIONS` below when it names the field, else from the field's own
`description` (a workload's keys and options model give theirs). In either, a `{name}` of
`_from_tables` is the list of that table's names, read when the page is written.
A field with neither stops the generator: a new key is documented when it is added.
`--check` writes nothing and exits 1 when a committed page differs from what would be written.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from scalestudy import containers, launchers
from scalestudy.cost_models import collectives, strategies
from scalestudy.formats.metrics import METRICS
from scalestudy.formats.point_config import PRESETS, PointConfig
from scalestudy.formats.table_names import OneOf
from scalestudy.profiles import CLUSTERS, Profile
from scalestudy.sweepfile import schema
from scalestudy.sweepfile.schema import TrainerSection
from scalestudy.workloads import table as workloads
from scalestudy.yamlfile.loader import load_file

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

# "Model.field" -> one sentence, for fields whose model gives no `description`. TrainerSection
# copies its fields from PointConfig, so it falls back to the PointConfig entry.
DESCRIPTIONS: dict[str, str] = {
    # -- the sweep ------------------------------------------------------------------------------
    "Sweep.expect": "Figures the sweep must reach (`expect[]` below), e.g. `- {metric: "
    "weak_efficiency, nodes: 64, at_least: 0.85}`: `scalestudy report --check` measures each "
    "with its interval and exits 1 when one does not hold (a CI gate).",
    "Sweep.name": "The sweep's name: its results folder `results/<name>/`. Letters, digits, "
    "`.`, `_`, `-`; starts with a letter or digit; at most 64 characters.",
    "Sweep.cluster": "A profile name (`templates/clusters/<name>.yaml`) or a path to a profile "
    "file (relative to the sweep file).",
    "Sweep.mode": "`weak`: `trainer.tokens_per_worker` is fixed, the global batch grows with "
    "the workers. `strong`: `trainer.global_batch_tokens` is fixed and split over the workers.",
    "Sweep.nodes": "Node counts: a list, or a range `{from, to, factor}` (below).",
    "Sweep.ppn": "MPI processes (Horovod workers) per node.",
    "Sweep.threads_per_worker": "TensorFlow intra-op threads per worker; also the job's "
    "`--cpus-per-task` and `OMP_NUM_THREADS`. `ppn x threads_per_worker` may not exceed the "
    "profile's cores per node.",
    "Sweep.repeats": "Runs of each point (with `schedule: bundled`: per allocation).",
    "Sweep.time_limit": "Time limit of one run of a point: `MM`, `MM:SS`, `HH:MM:SS`, "
    "`D-HH[:MM[:SS]]`. A point's own job asks for it (`#SBATCH --time`); a bundle's job "
    "(`schedule: bundled`) asks for the sum over its runs, runs x `time_limit` (`plan` shows "
    "each job's walltime and node-hours). Neither may exceed the partition's `max_time` "
    "([profile-reference.md](profile-reference.md)). Quote it: unquoted YAML reads `1:30:00` "
    "as a number.",
    "Sweep.slurm": "Slurm options (below).",
    "Sweep.modules": "`module load` lines, after the profile's.",
    "Sweep.env": "Environment variables exported by the job script, over the profile's. Names "
    "are shell identifiers; values are shell-quoted.",
    "Sweep.python": "The Python that runs the workload; default: the profile's `python`.",
    "Sweep.max_jobs_in_queue": "Most of this sweep's jobs queued at once (Slurm); the rest wait "
    "for a later `submit` (or `submit --watch`). Default: the profile's.",
    "Sweep.workload": "{workloads}",
    "Sweep.schedule": "`separate`: one job per point. `bundled`: per node count and allocation, "
    "one job runs every variant and repeat in a random recorded order. Unset: `bundled` when "
    "the matrix makes more than one variant, else `separate`. See [schedules.md](schedules.md).",
    "Sweep.allocations": "`schedule: bundled` only: independent allocations per node count "
    "(default 2).",
    "Sweep.trainer": "The trainer's configuration (below); `trainer.model` and `trainer.data` "
    "have their own sections.",
    "Sweep.matrix": "Dotted key -> list of values; the sweep runs the cartesian product. Any "
    "top-level key except `name`, `cluster`, `matrix`, `schedule`, `allocations`, or any "
    "`trainer.<key>`.",
    "Sweep.reference": "Published figures the report overlays, by name in "
    "`scalestudy/formats/references.yaml` (e.g. `stampede2-weak`).",
    "NodeRange.from_": "First node count.",
    "NodeRange.to": "Last node count (included when the progression reaches it).",
    "NodeRange.factor": "Each node count is the previous one times this.",
    # the sbatch options' own keys (account, qos, mem, ..., extra) are described once, in
    # scalestudy/sbatch_options.py (FIRST_CLASS), for the sweep's and the profile's block
    "SlurmOptions.signal_margin_s": "Seconds before the time limit at which Slurm sends USR1 "
    "(the trainer checkpoints and exits with code 4); default: the profile's "
    "`checkpoint_signal_margin_s`.",
    "SlurmOptions.exclude_nodes": "Slurm hostlists kept out of every job (`#SBATCH --exclude`), "
    "e.g. `c[101-104]`.",
    "SlurmOptions.gate_on_probe": "Submit a probe job first (the batch's largest node count); "
    "every point waits on it with `--dependency=afterok`.",
    "Sweep.rank_memory_limit_gb": "Each process of a point may hold at most this many GiB of "
    "data (`ulimit -d` in the job script, before the launcher: the ranks it starts inherit it; "
    "srun passes it on where PropagateResourceLimits allows). A point that does not fit fails "
    "at its first allocation past it, instead of swapping or meeting the kernel's OOM killer, "
    "and is `out_of_memory`: from its output (std::bad_alloc, MemoryError, "
    "ResourceExhaustedError) or the trainer's exit code 6. Unset: no limit (a site's `--mem` "
    "enforcement still gives sacct's `OUT_OF_MEMORY`).",
    "SlurmOptions.array": "`schedule: separate`: the points of one shape (equal #SBATCH lines) "
    "go to Slurm as one job array, one sbatch call instead of one per point; each task runs "
    "its point's own job.sh. `false` where a site forbids arrays. Capped at the cluster's "
    "`MaxArraySize`.",
    "TrainerSection.model": "A preset name (`tiny`, `base`, `big`) or a mapping of overrides "
    "(`trainer.model.*` below).",
    "TrainerSection.data": "The training data (`trainer.data.*` below).",
    "TrainerSection.divergence": "When a run counts as diverged (`trainer.divergence.*` below).",
    # -- the trainer's point configuration --------------------------------------------------------
    "PointConfig.model": "The model (`model.*` below); presets are listed at the end.",
    "PointConfig.mode": "`weak` (`tokens_per_worker`) or `strong` (`global_batch_tokens`).",
    "PointConfig.tokens_per_worker": "Weak scaling: each worker's batch per step, in padded "
    "token slots (sentences x padded length, per side, at most this). Required when `mode` "
    "is `weak`.",
    "PointConfig.global_batch_tokens": "Strong scaling: the global batch in padded token slots, "
    "split evenly over the workers. Required when `mode` is `strong`.",
    "PointConfig.micro_batches": "Forward/backward passes per step, summed before one exchange.",
    "PointConfig.steps": "Training steps.",
    "PointConfig.timing_warmup_steps": "Steps before the timed window (below `steps`).",
    "Sweep.baseline": "The variant every other is compared with (paired ratios, the common "
    "efficiency baseline): matrix keys and their values, e.g. `{trainer.exchange: allreduce}`; "
    "each variant is paired with the baseline variant that agrees with it on every other matrix "
    "key. Unset: the paper's dense variant (`exchange: {baseline_exchange}`).",
    "PointConfig.compute_probe_steps": "`timing: overlapped`: forward + backward passes of "
    "the last batch timed after the run, without exchange or update (the compute the "
    "report's `--project-to` needs); 0 for none.",
    "PointConfig.learning_rate": "The PEAK learning rate, reached at the end of "
    "`lr_warmup_steps` (the Transformer schedule's multiplier is derived from it).",
    "PointConfig.checkpoint_every": "Steps between checkpoints; `0`: only when SIGUSR1 or "
    "SIGTERM asks (agreed at a step boundary).",
    "PointConfig.dump_final_weights": "Write `weights.rank<r>.npz` to `log_dir` at the end.",
    "PointConfig.dump_gradients_step": "Diagnosis: write that step's averaged gradients, the "
    "ones the optimizer receives (dense; a shard's over its own rows), to "
    "`grads.rank<r>.npz` in `log_dir`. That step runs a second compiled function that also "
    "returns them: its timing is not production timing.",
    "PointConfig.mesh": "A data x model mesh (`trainer.mesh.model: M`): groups of M "
    "consecutive ranks split one model (attention heads, feed-forward width, vocabulary; "
    "Megatron-style) and train as N / M data-parallel replicas. `tokens_per_worker` stays per "
    "rank (a group trains on M x it); M must divide the ranks, heads, filter and vocab; "
    "exchange {mesh_exchanges}. 1 (default): data parallelism alone.",
    "PointConfig.lr_warmup_steps": "Linear warm-up steps of the Transformer schedule.",
    "PointConfig.lr_scaling": "Scale the peak rate with the global batch: `linear` or `sqrt` of "
    "global batch / `lr_reference_batch_tokens`.",
    "PointConfig.lr_reference_batch_tokens": "The global batch at which `learning_rate` holds "
    "unscaled; required when `lr_scaling` is not `none`.",
    "PointConfig.accumulation": "`tf1`: TF 1.x aggregation of the tied embedding's gradients "
    "(concatenated IndexedSlices, V + Tsrc + Ttgt rows, never summed). `native`: TF 2.15's own "
    "(dense for a tied weight).",
    "PointConfig.sparse_as_dense": "Densify IndexedSlices before the exchange (an allreduce of "
    "4VH bytes) instead of allgathering them.",
    "PointConfig.exchange": "How IndexedSlices gradients are exchanged. {exchanges} Unset: "
    "from `sparse_as_dense`; set beside it, the two must agree. See [trainer.md](trainer.md).",
    "PointConfig.timing": "`overlapped`: Horovod's collectives inside one compiled step, "
    "overlapping the backward pass. `phases`: compute, densify, exchange and apply one after "
    "the other, each timed (diagnosis). See [trainer.md](trainer.md).",
    "PointConfig.micro_batch_order": "`timing: overlapped` with micro-batches: `dataflow` "
    "(default) runs each op of the compiled step when its inputs are ready, so every "
    "micro-batch's embedding lookups start with the step (EmbRace's scheduling; a sharded "
    "embedding's alltoalls overlap the first micro-batch's passes); `sequential` starts a "
    "micro-batch's forward pass only after the previous one's backward pass (a loop of "
    "per-micro-batch steps), for comparison. `phases` is always sequential.",
    "PointConfig.precision": "`fp32`, or `bf16` compute with fp32 weights, loss and optimizer "
    "(Keras `mixed_bfloat16`); exchanged gradients stay fp32 (see `compression`).",
    "PointConfig.compression": "Horovod's gradient compression as `hvd.allreduce` applies it: "
    "`fp16` (`hvd.Compression.fp16`) casts each allreduced gradient (the dense ones, the "
    "densified embedding) to float16 for its collective and back after it, half its bytes; "
    "IndexedSlices rows (allgathered, or by alltoall) stay float32, as Horovod leaves them. "
    "Horovod's TensorFlow collectives take no bfloat16. See [trainer.md](trainer.md).",
    "PointConfig.timeline": "Diagnosis: Horovod's timeline of the timed steps "
    "(`logs/horovod-timeline.json`, rank 0), summarised per step in the footer.",
    "PointConfig.onednn": "`TF_ENABLE_ONEDNN_OPTS` for stock TensorFlow; `auto` leaves "
    "TensorFlow's own choice.",
    "PointConfig.data": "The training data (`data.*` below).",
    "PointConfig.seed": "Seed of data, initialisation and dropout.",
    "PointConfig.deterministic": (
        "TensorFlow's deterministic ops, and no tensor fusion in Horovod "
        "(HOROVOD_FUSION_THRESHOLD=0) so a rerun sums the same buffers: changes timing."
    ),
    "PointConfig.expect_ranks": "The world size the job asked for; another one (singletons "
    "from the wrong launcher) fails at start with exit code 5.",
    "PointConfig.expect_ranks_per_node": "Ranks per host the job asked for; checked likewise.",
    "PointConfig.intra_op_threads": "TensorFlow intra-op threads.",
    "PointConfig.inter_op_threads": "TensorFlow inter-op threads.",
    "PointConfig.log_dir": "Folder of the rank logs (relative to point.json).",
    "PointConfig.log_flush_every": "Steps between flushes of the rank logs.",
    "PointConfig.checkpoint_dir": "Checkpoint folder (relative to point.json); a restart "
    "resumes from it.",
    "PointConfig.divergence": "When a run counts as diverged (`divergence.*` below).",
    "PointConfig.inject_failure": "Test hook: one rank raises at one step.",
    "PointConfig.inject_stall": "Test hook: every rank sleeps after one step (a stall the "
    "step records do not hold when it follows the last timed step).",
    "ModelSpec.preset": "The preset the other keys override.",
    "ModelSpec.hidden": "Model width H.",
    "ModelSpec.enc_layers": "Encoder layers.",
    "ModelSpec.dec_layers": "Decoder layers.",
    "ModelSpec.heads": "Attention heads (must divide `hidden`).",
    "ModelSpec.filter": "Feed-forward width.",
    "ModelSpec.vocab": "Vocabulary size V.",
    "ModelSpec.dropout": "Dropout rate.",
    "ModelSpec.max_length": "Longest sentence, in tokens.",
    "ModelSpec.tie_embeddings": "One weight for the input embeddings and the pre-softmax "
    "projection.",
    "DataSpec.kind": "`synthetic`: realistic length mix, random tokens (throughput). "
    "`translate`: a learnable token-wise dictionary task (convergence, divergence). `text`: "
    "parallel files `source`/`target`. `fixed`: `fixed_length` ids per sentence and side, no "
    "padding (the same shape every step).",
    "DataSpec.source": "`text`: the source-side file, one sentence a line.",
    "DataSpec.target": "`text`: the target-side file, line-aligned with `source`.",
    "DataSpec.spm_model": "`text`: a SentencePiece model; without one, one is trained.",
    "DataSpec.spm_dir": "`text`: where a SentencePiece model is trained (default `<log_dir>/spm`).",
    "DivergenceSpec.ema": "Smoothing of the loss's exponential moving average.",
    "InjectFailure.rank": "The rank that fails.",
    "InjectFailure.step": "The step at which it fails.",
    "InjectStall.step": "The step after which every rank sleeps.",
    "InjectStall.seconds": "How long it sleeps.",
    # -- the cluster profile ----------------------------------------------------------------------
    "Profile.name": "The profile's name (reported in plans, tables and reports).",
    "Profile.description": "One line about the machine.",
    "Profile.scheduler": "The executor points run on: `slurm` (sbatch) or `local` (this "
    "machine, while `submit` waits). `submit --executor` overrides it.",
    "Profile.sockets": "Sockets per node.",
    "Profile.cores_per_socket": "Physical cores per socket.",
    "Profile.threads_per_core": "Hardware threads per core (SMT); informational.",
    "Profile.memory_gb": "Memory per node; `plan` flags points predicted not to fit.",
    "Profile.mpi": "The MPI family the ranks run: `openmpi`, `intelmpi` or `mpich`; `doctor` "
    "checks that Horovod links the launcher's MPI, and `validate` that the launcher can start "
    "it ([launchers.md](launchers.md)).",
    "Profile.launcher": "What starts the ranks, one entry of the launchers table "
    "([launchers.md](launchers.md)): {launchers}. `validate` refuses a launcher that cannot "
    "start the profile's `mpi`, with the reason and the launcher to use.",
    "Profile.srun_mpi": "`launcher: srun`'s PMI plugin (`srun --mpi=<srun_mpi>`; the default "
    "keeps the scripts of profiles written before it): pick one `srun --mpi=list` offers and "
    "the MPI speaks (`profile detect` proposes it from MpiDefault and "
    "that list). `validate` refuses `none` (no PMI: every rank a singleton; Intel MPI with "
    "Slurm's PMI-1 `libpmi.so` excepted) and `cray_shasta` "
    "with Open MPI, and a value other than the default with another launcher.",
    "Profile.launcher_path": "The launcher's executable, an absolute path or a name on PATH; "
    "unset: {launcher_binaries}. Name it where a bare "
    "name is ambiguous: Debian's alternatives may point `mpirun` at another MPI "
    "(`/usr/bin/mpirun.openmpi`), and MPICH and Intel MPI both ship a `mpiexec.hydra`.",
    "Profile.emulated_nodes": "All ranks run on one host (the local profile): a point's ranks "
    "per host are nodes x ppn.",
    "Profile.bind": "`cores`: every rank pinned to its own cores. `none`: ranks left unpinned "
    "({unbinds}); {bind_exceptions}. The probe and `doctor` hold the "
    "ranks of a node to disjoint CPUs only where the profile binds.",
    "Profile.partitions": "Partitions (`partitions[].*` below); a point goes to the smallest "
    "that takes its node count.",
    "Profile.interconnect": "The network (`interconnect.*` below), for the report's projection.",
    "Profile.python": "The Python that runs the workload in the job (with a `container`: the "
    "host's, for `env/` capture only).",
    "Profile.modules": "`module load` lines of every job, one module per item (no blanks; "
    "checked when the profile loads). A load that fails stops the job before its launch with "
    "exit code 96 and the module named ([slurm.md](slurm.md#what-a-job-scripts-exit-code-says)); "
    "`doctor` loads each in a login shell.",
    "Profile.module_purge": "`module purge` before the profile's and the sweep's `module load` "
    "lines, so a job starts from the modules it names, not the submitting shell's.",
    "Profile.env": "Environment variables of every job (a sweep's `env` wins).",
    "Profile.max_jobs_in_queue": "Most jobs of one sweep queued at once (a sweep's wins).",
    "Profile.checkpoint_signal_margin_s": "Seconds before the time limit at which Slurm sends "
    "USR1 (`#SBATCH --signal=B:USR1@<margin>`).",
    "Partition.name": "The Slurm partition.",
    "Partition.max_nodes": "The most nodes a job may ask of it.",
    "Partition.max_time": "The partition's MaxTime (`scontrol show partition`; `profile detect` "
    "reads it), in Slurm's time format; unset: unlimited. `validate` refuses a `time_limit` "
    "beyond it, and a bundle whose runs add up to more; `plan` shows each job's walltime "
    "against it.",
    "Interconnect.name": "A name for tables and figures.",
    "Interconnect.latency_us": "Nominal latency per message, microseconds.",
    "Interconnect.bandwidth_gbps": "Nominal link bandwidth per node, Gbit/s.",
    "Profile.slurm": "The site's sbatch options (`slurm.*` below: account, qos, partition, "
    "reservation, memory, ..., `extra`), under every sweep's `slurm:` keys, which win; the job "
    "script names the lines that came from here in a comment above them "
    "([slurm.md](slurm.md#site-defaults-and-sbatch-options)).",
    "Profile.container": "Run the workload inside an image (`container.*` below, "
    "[containers.md](containers.md)): the host's launcher starts the ranks, each inside the "
    "runtime; the checkout and the sweep's results folder are bind-mounted and on PYTHONPATH.",
    "Container.runtime": "{runtimes}.",  # containers.RUNTIMES: each one's summary
    "Container.image": "{runtime_images}.",  # and its image_doc
    "Container.mounts": "Bind mounts, `SRC` or `SRC:DST` (absolute paths), e.g. the data.",
    "Container.env": "`NAME=VALUE` set inside the container.",
    "Container.python": "The Python inside the image that runs the workload.",
}


class MissingDescription(Exception):
    pass


@dataclass
class Row:
    key: str  # dotted, as written in YAML/JSON
    type: str
    default: str
    bounds: str
    text: str


_BOUNDS = {
    annotated_types.Ge: ("≥", "ge"),
    annotated_types.Gt: (">", "gt"),
    annotated_types.Le: ("≤", "le"),
    annotated_types.Lt: ("<", "lt"),
}


def _bounds(metadata: list[Any]) -> list[str]:
    out = []
    for m in metadata:
        for cls, (sign, attr) in _BOUNDS.items():
            if isinstance(m, cls):
                out.append(f"{sign} {getattr(m, attr)}")
        if isinstance(m, annotated_types.MinLen):
            out.append(f"at least {m.min_length} item(s)")
        pattern = getattr(m, "pattern", None)
        if pattern:
            out.append(f"matches `{pattern}`")
    return out


def _models_in(annotation: Any, in_list: bool = False) -> list[tuple[type[BaseModel], bool]]:
    """The models a field's value may be, each with whether it is an item of a list."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [(annotation, in_list)]
    origin = typing.get_origin(annotation)
    if origin in (Literal, dict):
        return []
    args = typing.get_args(annotation)
    return [m for a in args for m in _models_in(a, in_list or origin is list)]


def _type(annotation: Any) -> str:
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation is type(None):
        return "null"
    if origin is Literal:
        return "one of " + ", ".join(f"`{a}`" for a in args)
    if origin is typing.Annotated:
        inner, *meta = args
        for names in (m.names() for m in meta if isinstance(m, OneOf)):
            return _type(Literal[names])  # a table's names, read now
        extra = [b for m in meta for b in _bounds(getattr(m, "metadata", [m]))]
        return _type(inner) + (f" ({', '.join(extra)})" if extra else "")
    if origin in (typing.Union, types.UnionType):
        parts = [_type(a) for a in args if a is not type(None)]
        if type(None) in args:
            parts.append("null")
        return " or ".join(parts)
    if origin is list:
        return f"list of {_type(args[0])}"
    if origin is dict:
        return f"mapping of {_type(args[0])} to {_type(args[1])}"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "mapping"
    names = {int: "integer", float: "number", str: "string", bool: "boolean"}
    if annotation is Any:
        return "any"
    return names.get(annotation, getattr(annotation, "__name__", str(annotation)))


def _default(field: FieldInfo) -> str:
    if field.is_required():
        return "required"
    value = field.get_default(call_default_factory=True)
    if isinstance(value, BaseModel):
        return "see below"
    return f"`{json.dumps(value)}`"


def _from_tables() -> dict[str, str]:
    """The lists of names DESCRIPTIONS' sentences name, from the tables that own them (read at
    each call: a strategy added to cost_models/strategies.py appears in the docs by itself)."""
    table = strategies.STRATEGIES.values()
    return {
        "exchanges": " ".join(
            f"`{s.name}`: {s.summary}{' (untied models only)' if s.shards_table else ''}."
            for s in table
        ),
        "baseline_exchange": strategies.DEFAULT_BASELINE.name,
        "mesh_exchanges": " or ".join(f"`{s.name}`" for s in table if s.with_mesh),
        "collectives": "; ".join(
            f"`{c.name}`: {c.summary}" for c in collectives.TABLE.values() if c.exchange
        ),
        "workloads": " ".join(f"`{w.name}`: {w.summary}." for w in workloads.TABLE.values()),
        **_runtimes(),
        **_launchers(),
    }


def _launchers() -> dict[str, str]:
    """The launcher sentences of the profile reference from launchers.LAUNCHERS: the launchers
    (`short`), their default binaries, how each leaves ranks unpinned and which cannot."""
    table = launchers.LAUNCHERS.values()
    binaries = [
        f"`{b}`" + ("" if b == entry.name else f" for `{entry.name}`")
        for entry in table
        for b in dict.fromkeys(entry.binary.values())
    ]
    never = [f"`{e.name}`" for e in table if e.unpinned is not None]
    fixed = [(e.name, e.fixed_bind[0]) for e in table if e.fixed_bind is not None]
    exceptions = [f"not with {' or '.join(never)}"] if never else []
    exceptions += [f"always `{bind}` with `{name}`" for name, bind in fixed]
    return {
        "launchers": ", ".join(f"`{e.name}` ({e.short})" for e in table),
        "launcher_binaries": ", ".join(binaries),
        "unbinds": ", ".join(
            (e.unbinds if e.unbinds.startswith("`") else f"`{e.name}`: {e.unbinds}")
            for e in table
            if e.unbinds
        ),
        "bind_exceptions": "; ".join(exceptions),
    }


def _grouped(items: Iterator[tuple[str, str]]) -> list[tuple[list[str], str]]:
    """(name, text) pairs as (names, text), neighbours with the same text together."""
    out: list[tuple[list[str], str]] = []
    for name, text in items:
        if out and out[-1][1] == text:
            out[-1][0].append(name)
        else:
            out.append(([name], text))
    return out


def _runtimes() -> dict[str, str]:
    """container.runtime's and container.image's sentences from containers.RUNTIMES: each
    runtime's launch (`summary`) and image (`image_doc`); a registry image is named, the
    others are paths."""
    table = containers.RUNTIMES.values()
    launch = _grouped((f"`{r.name}`", r.summary) for r in table)
    paths = _grouped((r.name, r.image_doc) for r in table if r.image_kind != "registry")
    images = " or ".join(f"{doc} ({', '.join(names)})" for names, doc in paths)
    images += " by absolute path" if paths else ""
    images += "".join(f"; for {r.name} {r.image_doc}" for r in table if r.image_kind == "registry")
    return {
        "runtimes": ", ".join(f"{' or '.join(names)} ({text})" for names, text in launch),
        "runtime_images": images[:1].upper() + images[1:],
    }


def _filled(text: str) -> str:
    """`text` with each `{name}` of `_from_tables` replaced by its list (braces elsewhere are
    YAML examples)."""
    for listed, names in _from_tables().items():
        text = text.replace("{" + listed + "}", names)
    return text


def _description(model: type[BaseModel], name: str, field: FieldInfo) -> str | None:
    """DESCRIPTIONS' sentence, else the field's own `description`."""
    for owner in (model.__name__, "PointConfig" if model is TrainerSection else None):
        if owner and f"{owner}.{name}" in DESCRIPTIONS:
            return _filled(DESCRIPTIONS[f"{owner}.{name}"])
    if field.description:
        # "fixed: tokens per ..." names the case it applies to: `fixed`: tokens per ...
        text = re.sub(r"^([\w.]+):", r"`\1`:", _filled(field.description))
        return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")
    return None


def rows(model: type[BaseModel], prefix: str = "") -> Iterator[tuple[str, type[BaseModel], Row]]:
    """Every key of `model`, depth first, as (section prefix, owning model, row): a nested
    model's keys follow under their dotted prefix."""
    missing = []
    nested = []
    for name, field in model.model_fields.items():
        key = prefix + (field.alias or name)
        text = _description(model, name, field)
        if text is None:
            missing.append(f"{model.__name__}.{name}")
            continue
        kind = _type(field.annotation)
        for names in (m.names() for m in field.metadata if isinstance(m, OneOf)):
            kind = _type(Literal[names])  # a table's names, read now
        row = Row(key, kind, _default(field), ", ".join(_bounds(field.metadata)), text)
        yield prefix, model, row
        nested += [
            (key + ("[]." if listed else "."), m) for m, listed in _models_in(field.annotation)
        ]
    if missing:
        raise MissingDescription(
            "no description for " + ", ".join(missing) + ": give the field a "
            "description= or add it to DESCRIPTIONS in scalestudy/sweepfile/docgen.py"
        )
    for sub_prefix, sub in nested:
        yield from rows(sub, sub_prefix)


def keys(model: type[BaseModel]) -> list[str]:
    """The dotted keys the reference of `model` documents."""
    return [r.key for _, _, r in rows(model)]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _tables(model: type[BaseModel], title: str, intros: dict[str, str]) -> list[str]:
    out: list[str] = []
    current = None
    for prefix, _owner, r in rows(model):
        if prefix != current:
            current = prefix
            heading = f"`{prefix.rstrip('.')}`" if prefix else title
            out += ["", f"## {heading}", ""]
            if prefix.rstrip(".") in intros:
                out += [intros[prefix.rstrip(".")], ""]
            out += [
                "| key | type | default | bounds | meaning |",
                "| --- | --- | --- | --- | --- |",
            ]
        out.append(
            "| "
            + " | ".join(
                _cell(c) for c in (f"`{r.key}`", r.type, r.default, r.bounds or "", r.text)
            )
            + " |"
        )
    return out


_HEADER = (
    "<!-- generated by `make docs` (python -m scalestudy.sweepfile.docgen) from {source}: "
    "edit the model or scalestudy/sweepfile/docgen.py, not this file -->"
)


def sweep_reference() -> str:
    harness = sorted(set(PointConfig.model_fields) - set(TrainerSection.model_fields))
    lines = [
        _HEADER.format(
            source="scalestudy/sweepfile/schema.py and the workloads' table "
            "(scalestudy/workloads/table.py)"
        ),
        "# Sweep file reference",
        "",
        "Every key of a sweep file (`sweep.yaml`), as `scalestudy validate` checks it. Unknown "
        "keys are errors (with a did-you-mean); a nested key is written as a YAML mapping, e.g. "
        "`slurm: {account: X}` for `slurm.account`. How a sweep is written and checked: "
        "[sweeps.md](sweeps.md).",
        "",
        "The trainer keys a sweep may not set, because the harness sets them per point: "
        + ", ".join(f"`{k}`" for k in harness)
        + " (`mode` and `intra_op_threads` come from the sweep's `mode` and "
        "`threads_per_worker`; the rest from the point's folder and size).",
    ]
    intros = {
        "nodes": "The range form of `nodes`: `{from: 1, to: 256, factor: 2}` is 1, 2, 4, ..., 256.",
        "slurm": "`#SBATCH` values are held to the alphabet shown (they are read by sbatch, not "
        "the shell). Each key here is over the profile's `slurm:` default of the same name "
        "([slurm.md](slurm.md#site-defaults-and-sbatch-options)).",
        "trainer": "Every key of the trainer's point configuration "
        "([point-config-reference.md](point-config-reference.md)) except the harness's own.",
        "trainer.model": "The mapping form of `trainer.model`: a preset and overrides of its "
        "sizes. The presets are in [point-config-reference.md](point-config-reference.md).",
    }
    intros["expect[]"] = _metrics_table()
    lines += _tables(schema.sweep_model(), "Top level", intros)
    return "\n".join(lines) + "\n"


def _metrics_table() -> str:
    """The metrics an expectation may name (formats/metrics.py), for `expect[]`."""
    head = (
        "An item of `expect:`, checked by `scalestudy report --check` "
        "([report.md](report.md#expectations)). Its metric is one of:\n\n"
        "| metric | unit | modes | better | what |\n| --- | --- | --- | --- | --- |"
    )
    rows = [
        f"| {m.name} | {m.unit or 'ratio'} | {', '.join(m.modes)} | {m.better} | "
        + _cell(m.meaning + (f" (column `{m.column}`)" if m.column else ""))
        + " |"
        for m in METRICS.values()
    ]
    return "\n".join([head, *rows])


def bundled_profiles() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(CLUSTERS.glob("*.yaml")):
        out.append((path.stem, load_file(path).data))
    return out


def profile_reference() -> str:
    lines = [
        _HEADER.format(source="scalestudy/profiles.py and templates/clusters/*.yaml"),
        "# Cluster profile reference",
        "",
        "A profile describes a site: its nodes, MPI, launcher, partitions and network. A sweep "
        "names a bundled profile (`cluster: zenith`) or gives a path to its own file "
        "(`cluster: my-site.yaml`, relative to the sweep). Copy a bundled one to start. "
        "Unknown keys are errors.",
    ]
    lines += _tables(Profile, "Keys", {})
    lines += [
        "",
        "## Bundled profiles (`templates/clusters/`)",
        "",
        "| profile | scheduler | launcher | bind | MPI | largest partition | description |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, data in bundled_profiles():
        p = Profile.model_validate(data)
        cells = (
            f"`{name}`",
            p.scheduler,
            p.launcher,
            p.bind,
            p.mpi,
            f"{p.max_nodes} nodes",
            p.description,
        )
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines) + "\n"


def point_config_reference() -> str:
    lines = [
        _HEADER.format(source="scalestudy/formats/point_config.py"),
        "# Trainer point configuration reference (`point.json`)",
        "",
        "What `python -m scalestudy.trainer --config point.json` reads; `submit` writes one per "
        "attempt. A sweep sets these keys under `trainer:` "
        "([sweep-reference.md](sweep-reference.md)). Relative paths are relative to point.json. "
        "Unknown keys are errors. The trainer itself: [trainer.md](trainer.md).",
    ]
    lines += _tables(PointConfig, "Top level", {})
    fields = list(next(iter(PRESETS.values())))
    lines += [
        "",
        "## Model presets",
        "",
        "| preset | " + " | ".join(fields) + " |",
        "| --- | " + " | ".join("---" for _ in fields) + " |",
    ]
    for name, preset in PRESETS.items():
        lines.append(f"| `{name}` | " + " | ".join(f"{preset[f]:,}" for f in fields) + " |")
    return "\n".join(lines) + "\n"


COLUMNS_BEGIN = (
    "<!-- columns: generated by `make docs` from scalestudy/formats/results_columns.py -->"
)
COLUMNS_END = "<!-- end of columns -->"


def results_layout() -> str:
    """docs/results-layout.md with its column table written from the results contract (the
    prose around it is the page's own)."""
    from scalestudy.formats import results_columns

    text = (DOCS / "results-layout.md").read_text(encoding="utf-8")
    head, rest = text.split(COLUMNS_BEGIN, 1)
    _, tail = rest.split(COLUMNS_END, 1)
    table = "\n".join(results_columns.markdown_table())
    return f"{head}{COLUMNS_BEGIN}\n{table}\n{COLUMNS_END}{tail}"


# -- lists inside hand-written pages, generated from their tables: `<!-- NAME: generated by
# `make docs` -->` ... `<!-- end of NAME -->` (the prose around them is the page's own)


def _exit_code_table() -> str:
    from scalestudy.formats import step_log

    lines = ["| code | state | meaning |", "| --- | --- | --- |"]
    for code, meaning in step_log.EXIT_MEANINGS.items():
        lines.append(f"| {code} | {step_log.STATUS_BY_EXIT[code]} | {meaning} |")
    lines += [
        f"| {code} | {state} | {meaning} |" for code, state, meaning in step_log.JOB_SCRIPT_EXITS
    ]
    return "\n".join(lines)


def _exit_code_sentence() -> str:
    from scalestudy.formats import step_log

    said = ", ".join(f"{code} `{state}`" for code, state in step_log.STATUS_BY_EXIT.items())
    return (
        f"Exit codes (`scalestudy/formats/step_log.py`) and the point's status each gives: "
        f"{said}; what each means, and the job script's own codes: [slurm.md](slurm.md)."
    )


def _workload_list() -> str:
    table = workloads.TABLE.values()
    lines = [f"- `workload: {w.name}`{' (default)' if i == 0 else ''}: {w.summary}."
             for i, w in enumerate(table)]  # fmt: skip
    return "\n".join(lines) + f"\n\nAll {len(lines)} go through the same job template and launcher."


def _launch_partials() -> str:
    partials = dict.fromkeys(
        t for entry in launchers.LAUNCHERS.values() for t in entry.templates.values()
    )
    return (
        "The launch line comes from one partial in `templates/clusters/launch/` ("
        + ", ".join(f"`{t}`" for t in partials)
        + ") chosen by the profile's `launcher` (and, for `hydra`, its `mpi`)."
    )


BLOCKS = {
    "exit codes": _exit_code_table,
    "trainer exit codes": _exit_code_sentence,
    "workloads": _workload_list,
    "launch partials": _launch_partials,
}


def with_blocks(name: str) -> str:
    """docs/NAME with every generated list in it written from its table."""
    text = (DOCS / name).read_text(encoding="utf-8")
    for block, make in BLOCKS.items():
        begin, end = f"<!-- {block}: generated by `make docs` -->", f"<!-- end of {block} -->"
        if begin in text:
            head, rest = text.split(begin, 1)
            _, tail = rest.split(end, 1)
            text = f"{head}{begin}\n{make()}\n{end}{tail}"
    return text


PAGES = {
    "results-layout.md": results_layout,
    "slurm.md": lambda: with_blocks("slurm.md"),
    "trainer.md": lambda: with_blocks("trainer.md"),
    "sweeps.md": lambda: with_blocks("sweeps.md"),
    "sweep-reference.md": sweep_reference,
    "profile-reference.md": profile_reference,
    "point-config-reference.md": point_config_reference,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scalestudy.sweepfile.docgen", description=__doc__
    )
    parser.add_argument("--out", type=Path, default=DOCS, help="folder (default: docs/)")
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on a change")
    args = parser.parse_args(argv)
    stale = []
    for name, make in PAGES.items():
        path, text = args.out / name, make()
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    if stale:
        print(f"out of date: {', '.join(stale)}; run `make docs`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
