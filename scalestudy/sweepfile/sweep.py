"""A sweep file, loaded: parsed with line numbers, validated against its schema and profile,
and expanded into its variants (one per matrix combination), each with the trainer
configuration of every node count. Every problem is reported at once (issues.py).

The names other layers import from the sweep file live here or are re-exported here.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from scalestudy.formats.point_config import RULES_CHECKED, PointConfig
from scalestudy.profiles import Profile, ProfileError, check_profile, module_problem
from scalestudy.sbatch_options import time_limit_minutes
from scalestudy.sweepfile import baseline, consistency, expectations
from scalestudy.sweepfile.checks import point_issues, schedule_of, warnings_of
from scalestudy.sweepfile.issues import Issue, SweepError, matrix_key_issue, pydantic_issues, unique
from scalestudy.sweepfile.issues import located as read_located
from scalestudy.sweepfile.schema import SAFE_NAME, SweepModel, TrainerSection, sweep_model
from scalestudy.workloads import table as workloads
from scalestudy.yamlfile.loader import Located

__all__ = [
    "Issue",
    "LoadedSweep",
    "SweepError",
    "SweepModel",
    "TrainerSection",
    "Variant",
    "load_sweep",
    "point_config",
    "time_limit_minutes",
]


@dataclass
class Variant:
    """One combination of the matrix: the sweep with those values applied."""

    overrides: dict[str, Any]
    sweep: SweepModel
    point_configs: dict[int, PointConfig]  # by node count


@dataclass
class LoadedSweep:
    path: Path
    sweep: SweepModel
    profile: Profile
    profile_path: Path
    variants: list[Variant]
    warnings: list[Issue] = field(default_factory=list)
    located: Located | None = None
    schedule_reason: str = "set in the sweep"


def point_config(sweep: SweepModel, nodes: int, profile: Profile, base: Path | None = None) -> dict:
    """The trainer configuration of a point, before the harness adds log and checkpoint paths.
    Data paths are made absolute against the sweep file's folder (`base`)."""
    t = sweep.trainer.model_dump(exclude_unset=False)
    for key in ("source", "target", "spm_model", "spm_dir"):
        value = t["data"].get(key)
        if value and base is not None and not Path(value).is_absolute():
            t["data"][key] = str((base / value).resolve())
    if t.get("exchange") is None:
        t.pop("exchange", None)
    else:
        # `exchange` decides; a sparse_as_dense written beside it was checked against it
        # (consistency.py), and one not written must not read as `false`.
        t.pop("sparse_as_dense", None)
    model = t.pop("model")
    t["model"] = {"preset": model} if isinstance(model, str) else model
    if not workloads.get(sweep.workload).trains:  # nothing trains: any valid batch will do
        t["tokens_per_worker"] = t["tokens_per_worker"] or 512
        t["global_batch_tokens"] = t["global_batch_tokens"] or 512 * nodes * sweep.ppn
    workers = nodes * sweep.ppn
    per_node = workers if profile.emulated_nodes else sweep.ppn
    return {
        **t,
        "mode": sweep.mode,
        "intra_op_threads": sweep.threads_per_worker,
        "expect_ranks": workers,
        "expect_ranks_per_node": per_node,
    }


def load_sweep(path: str | Path) -> LoadedSweep:
    """The sweep file at `path`, checked (its keys, its profile, its matrix), expanded into its
    variants and each variant's configurations; SweepError with every problem at once."""
    path = Path(path)
    c = _check(path)
    issues: list[Issue] = []
    variants: list[Variant] = []
    warnings: list[Issue] = []
    for overrides, data in _expand(c):
        vs = _variant_sweep(c, overrides, data, issues)
        if vs is None:
            continue
        _consistency(c, overrides, data, issues)
        configs = _configurations(c, vs, overrides, issues, warnings)
        warnings += warnings_of(vs, c.at, overrides)
        variants.append(Variant(overrides, vs, configs))
    issues += _baseline_issues(c, variants)
    issues += expectations.issues(c.sweep, variants, c.located)
    issues = unique([*c.issues, *issues])
    loaded = LoadedSweep(
        path,
        c.sweep,
        c.profile,
        c.profile_path,
        variants,
        unique(warnings),
        c.located,
        c.schedule_reason,
    )
    if issues:
        # what did load, so the plan's rules (MaxTime) are judged in the same run
        raise SweepError(path, issues, partial=loaded)
    return loaded


@dataclass
class _Checked:
    """A sweep file whose own keys passed: what expanding it reads."""

    path: Path
    located: Located
    raw: dict
    sweep: SweepModel  # with the schedule decided
    profile: Profile
    profile_path: Path
    schedule_reason: str
    issues: list[Issue]  # the problems found so far (its profile's), said with the rest

    def at(self, key: str) -> int | None:
        return self.located.line_of(tuple(key.split(".")))

    def matrix_line(self, key: str | None) -> int | None:
        return self.located.line_of(("matrix", key))

    @property
    def keys(self) -> list[str]:
        return list(self.sweep.matrix)

    def matrix_key_of(self, key: str) -> str | None:
        """The matrix key a variant's problem at `key` comes from, if any."""
        return next((k for k in self.keys if key.startswith(k)), None)


def _check(path: Path) -> _Checked:
    """The file read, its schema, its own keys (name, time limit, modules, nodes, allocations,
    matrix keys) and its profile; SweepError with the problems found."""
    if not path.exists():
        raise SweepError(path, [Issue(None, "", "no such file")])
    located = read_located(path)
    raw = located.data
    if not isinstance(raw, dict):
        raise SweepError(
            path,
            [Issue(1, "", f"the top level must be a mapping of keys, not {type(raw).__name__}")],
        )

    def at(key: str) -> int | None:
        return located.line_of(tuple(key.split(".")))

    schema_issues: list[Issue] = []
    try:
        sweep = sweep_model().model_validate(raw)  # the workloads' table's keys as it is now
    except ValidationError as exc:
        schema_issues = pydantic_issues(exc, located, sweep_model())
        # the keys refused, left at their defaults, so the later stages (the profile, the
        # variants, the plan) are still judged in this run; a required key refused, or one
        # whose default does not fit either, stops here (with the profile's problems too)
        kept = _without(raw, [e["loc"] for e in exc.errors()])
        try:
            if kept is None:
                raise ValueError
            sweep = sweep_model().model_validate(kept)
        except ValueError:
            profile_issues = _profile(raw.get("cluster"), path, at)[2]
            raise SweepError(path, [*schema_issues, *profile_issues]) from None
        raw = kept

    issues = _own_key_issues(sweep, located, at)
    profile, profile_path, profile_issues = _profile(sweep.cluster, path, at)
    if profile is None or profile_path is None:
        raise SweepError(path, [*schema_issues, *issues, *profile_issues])
    issues += _node_issues(sweep.node_list(), at)
    combos = math.prod(len(v) for v in sweep.matrix.values())
    schedule, schedule_reason = schedule_of(sweep.schedule, combos)
    if sweep.allocations is not None and schedule != "bundled":
        issues.append(
            Issue(
                at("allocations"),
                "allocations",
                "only means something with schedule: bundled (one job per point already gets "
                f"its own allocation; here the schedule is separate: {schedule_reason}); "
                "use repeats, or set schedule: bundled",
            )
        )
    sweep = sweep.model_copy(update={"schedule": schedule})
    for key, values in sweep.matrix.items():
        line = located.line_of(("matrix", key))
        if (problem := matrix_key_issue(key)) is not None:
            issues.append(Issue(line, f"matrix.{key}", problem))
        elif not values:
            issues.append(Issue(line, f"matrix.{key}", "needs at least one value"))
    if any(i.key.split(".")[0] not in _SAID_AND_GO_ON for i in issues):
        # the variants cannot be made
        raise SweepError(path, [*schema_issues, *issues, *profile_issues])
    issues = [*schema_issues, *issues]
    return _Checked(
        path,
        located,
        raw,
        sweep,
        profile,
        profile_path,
        schedule_reason,
        [*issues, *profile_issues],
    )


# a sweep's own keys whose problems leave its variants and plan still to be made and checked
# (said with theirs); the others (nodes, time_limit, the matrix) feed them
_SAID_AND_GO_ON = frozenset({"name", "modules"})


def _without(data: dict, locs: list[tuple]) -> dict | None:
    """`data` without the keys pydantic refused (each loc's last mapping key), so they take
    their defaults; None when a loc is not a plain key path (a list item, a union's branch)."""
    out = _deep_copy(data)
    for loc in locs:
        parts = [p for p in loc if not (isinstance(p, str) and ("[" in p or p[:1].isupper()))]
        cur = out
        for part in parts[:-1]:
            if not isinstance(cur, dict) or part not in cur:
                return None
            cur = cur[part]
        if not parts or not isinstance(cur, dict) or parts[-1] not in cur:
            return None
        del cur[parts[-1]]
    return out


def _profile(ref: object, path: Path, at) -> tuple[Profile | None, Path | None, list[Issue]]:
    """The sweep's profile (check_profile) and its problems, each at the profile's own
    file:line; one that cannot be found is a problem at the sweep's `cluster:` line."""
    if not isinstance(ref, str):
        return None, None, []  # the sweep's schema says what is wrong with it
    try:
        return check_profile(ref, relative_to=path.parent)
    except ProfileError as exc:
        return None, None, [Issue(at("cluster"), "cluster", str(exc))]


def _own_key_issues(sweep: SweepModel, located: Located, at) -> list[Issue]:
    issues = []
    if not SAFE_NAME.match(sweep.name):
        issues.append(
            Issue(
                at("name"),
                "name",
                f"{sweep.name!r} is not a safe folder name "
                "(letters, digits, '.', '_', '-'; starts with a letter or digit)",
            )
        )
    if time_limit_minutes(sweep.time_limit) is None:
        issues.append(
            Issue(
                at("time_limit"),
                "time_limit",
                f"{sweep.time_limit!r} is not a Slurm time (MM, HH:MM:SS, D-HH:MM)",
            )
        )
    for i, module in enumerate(sweep.modules):  # loaded as one argument each, as the profile's
        if (problem := module_problem(module)) is not None:
            issues.append(Issue(located.line_of(("modules", i)), f"modules.{i}", problem))
    return issues


def _node_issues(nodes: list[int], at) -> list[Issue]:
    issues = []
    if not nodes:
        issues.append(Issue(at("nodes"), "nodes", "no node counts"))
    if any(n < 1 for n in nodes):
        issues.append(Issue(at("nodes"), "nodes", "node counts must be >= 1"))
    if len(set(nodes)) != len(nodes):
        issues.append(Issue(at("nodes"), "nodes", "node counts repeat"))
    return issues


def _expand(c: _Checked):
    """Each combination of the matrix: its overrides and the sweep's mapping with them
    applied (the matrix itself removed, the sweep's schedule kept)."""
    keys = c.keys
    for combo in itertools.product(*(c.sweep.matrix[k] for k in keys)):
        overrides = dict(zip(keys, combo, strict=True))
        data = _deep_copy(c.raw)
        data.pop("matrix", None)
        for k, v in overrides.items():
            _set_dotted(data, k, v)
        data["schedule"] = c.sweep.schedule  # a variant never changes how it is scheduled
        yield overrides, data


def _variant_sweep(
    c: _Checked, overrides: dict, data: dict, issues: list[Issue]
) -> SweepModel | None:
    """The variant's mapping against the schema; its problems at the matrix line they come
    from (None: it has some)."""
    try:
        return sweep_model().model_validate(data)
    except ValidationError as exc:
        for i in pydantic_issues(exc, c.located, sweep_model()):
            mk = c.matrix_key_of(i.key)
            if mk:
                i.line = c.matrix_line(mk)
                i.message = f"{i.message} (matrix value {overrides[mk]!r})"
            issues.append(i)
        return None


def _label(overrides: dict) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in overrides.items())


def _consistency(c: _Checked, overrides: dict, data: dict, issues: list[Issue]) -> None:
    """consistency.py's problems of the variant's mapping, at the matrix line of a key the
    matrix sets (the exchange and mesh rules among them: checked there only)."""
    label = _label(overrides)
    for line, key, message in consistency.issues(
        data, c.profile, c.path.parent, c.at, f" (with {label})" if label else ""
    ):
        mk = next((k for k in c.keys if key.startswith(k) or k.startswith(key)), None)
        issues.append(Issue(c.matrix_line(mk) if mk else line, key, message))


def _configurations(
    c: _Checked,
    vs: SweepModel,
    overrides: dict,
    issues: list[Issue],
    warnings: list[Issue],
) -> dict[int, PointConfig]:
    """The variant's PointConfig at each node count its mesh can split (the others left out,
    said once), with each point's problems (the exchange and mesh rules: consistency.py's,
    said there; PointConfig's error for them is marked `said`, see point_config.RULES_CHECKED)."""
    configs: dict[int, PointConfig] = {}
    for n in _mesh_sizes(c, vs, overrides, warnings):
        issues += point_issues(vs, n, c.profile, c.at, overrides)
        try:
            configs[n] = PointConfig.model_validate(
                point_config(vs, n, c.profile, c.path.parent), context=RULES_CHECKED
            )
        except ValidationError as exc:
            issues += _config_issues(exc, c.at)
    return configs


def _mesh_sizes(c: _Checked, vs: SweepModel, overrides: dict, warnings: list[Issue]) -> list[int]:
    """The node counts whose ranks the variant's mesh divides. A matrix over mesh.model and
    nodes: sizes a mesh cannot split are left out of that variant, said once (all of them left
    out would be an error, from PointConfig)."""
    sizes = vs.node_list()
    mesh_m = vs.trainer.mesh.model if workloads.get(vs.workload).trains else 1
    fits = [n for n in sizes if (n * vs.ppn) % mesh_m == 0]
    if not (mesh_m > 1 and fits and len(fits) < len(sizes)):
        return sizes
    left = [n for n in sizes if n not in fits]
    label = _label(overrides)
    warnings.append(
        Issue(
            c.at("trainer.mesh.model"),
            "trainer.mesh.model",
            f"mesh.model {mesh_m} does not divide the ranks at {left} node(s) x "
            f"{vs.ppn}: those points are not planned{f' (with {label})' if label else ''}",
        )
    )
    return fits


def _config_issues(exc: ValidationError, at) -> list[Issue]:
    """PointConfig's errors at the trainer key they are about, but those consistency.py said."""
    out = []
    for e in exc.errors():
        loc = ".".join(map(str, e["loc"]))
        key = f"trainer.{loc}" if loc else "trainer"
        message = e["msg"].removeprefix("Value error, ")
        # a configuration-wide rule names the key it is about (point_config.rule)
        if not loc and (e.get("ctx") or {}).get("key"):
            key = f"trainer.{e['ctx']['key']}"
        if not (e.get("ctx") or {}).get("said"):
            out.append(Issue(at(key) or at("trainer"), key, message))
    return out


def _baseline_issues(c: _Checked, variants: list[Variant]) -> list[Issue]:
    sweep = c.sweep
    if not (sweep.baseline and variants and workloads.get(sweep.workload).trains):
        return []
    found = [
        v
        for v in variants
        if v.point_configs
        and baseline.matches(sweep.baseline, v.sweep, next(iter(v.point_configs.values())))
    ]
    if found:
        return []
    return [
        Issue(
            c.at("baseline"),
            "baseline",
            f"{sweep.baseline} matches no variant of the sweep: give matrix keys and "
            "values one of its variants has (e.g. trainer.exchange: allreduce)",
        )
    ]


def _set_dotted(data: dict, dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    cur = data
    for p in parts[:-1]:
        cur = cur.setdefault(p, {})
        if not isinstance(cur, dict):
            raise KeyError(dotted)
    cur[parts[-1]] = value


def _deep_copy(x):
    if isinstance(x, dict):
        return {k: _deep_copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deep_copy(v) for v in x]
    return x
