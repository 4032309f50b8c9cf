"""The published numbers (references.yaml beside this module), each with its citation."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from scalestudy.errors import BadInput

DATA = Path(__file__).with_name("references.yaml")
METRICS = {
    "weak_efficiency": "weak-scaling efficiency",
    "strong_efficiency": "strong-scaling efficiency",
    "accumulation_ratio": "accumulation size, sparse / dense",
    "time_to_train_speedup": "time-to-train speed-up (reference only)",
    "lr_divergence": "learning rate vs divergence",
}


@dataclass(frozen=True)
class Source:
    key: str
    short: str  # how figure legends name it
    authors: str
    title: str
    venue: str
    url: str

    @property
    def citation(self) -> str:
        return f"{self.authors}. {self.title}. {self.venue}. {self.url}"


@dataclass(frozen=True)
class Reference:
    name: str  # the key sweeps use in `reference:`
    metric: str
    value: float
    source: Source
    where: str
    context: str
    plot: bool
    nodes: int | None = None
    processes: int | None = None
    ppn: int | None = None
    extra: tuple = ()

    @property
    def label(self) -> str:
        return f"published: {self.source.short}, {self.where} (context)"

    def describe(self) -> str:
        what = METRICS.get(self.metric, self.metric)
        if self.metric.endswith("efficiency"):
            val = f"{self.value:.0%}"
        elif self.metric == "lr_divergence":
            val = f"lr {self.value:g} {dict(self.extra).get('outcome', '')}".strip()
        else:
            val = f"{self.value:g}x"
        at = ""
        if self.nodes:
            at = f" at {self.nodes} nodes"
            if self.processes:
                at += f" ({self.processes} processes)"
        return f"{what}: {val}{at}"


class UnknownReference(BadInput):
    """The published references cannot be read, or a sweep names one that is not there."""


def load(path: Path = DATA) -> dict[str, list[Reference]]:
    try:
        raw = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise UnknownReference(f"{path}: cannot read the published references ({exc})") from None
    sources = {
        k: Source(k, v["short"], v["authors"].strip(), v["title"].strip(), v["venue"], v["url"])
        for k, v in raw["sources"].items()
    }
    known = {"metric", "value", "source", "where", "context", "plot", "nodes", "processes", "ppn"}
    out: dict[str, list[Reference]] = {}
    for name, entries in raw["references"].items():
        refs = []
        for e in entries or []:
            if e["source"] not in sources:
                raise UnknownReference(f"{path}: {name}: unknown source {e['source']!r}")
            refs.append(
                Reference(
                    name=name,
                    metric=e["metric"],
                    value=float(e["value"]),
                    source=sources[e["source"]],
                    where=e["where"],
                    context=" ".join(str(e["context"]).split()),
                    plot=bool(e.get("plot", False)),
                    nodes=e.get("nodes"),
                    processes=e.get("processes"),
                    ppn=e.get("ppn"),
                    extra=tuple(sorted((k, v) for k, v in e.items() if k not in known)),
                )
            )
        out[name] = refs
    return out


def for_names(
    names: list[str], table: dict[str, list[Reference]]
) -> tuple[list[Reference], list[str]]:
    """The references the sweeps name, and the names this file does not know."""
    refs, unknown = [], []
    for n in names:
        if n in table:
            refs.extend(table[n])
        else:
            unknown.append(n)
    return refs, unknown
