"""The docs agree with the code: the generated key references are current and list exactly the
schema's keys, the bundled sweeps and profiles use only documented keys, and README.md and
docs/ link to pages, make targets and verbs that exist. Fast: no TensorFlow, nothing runs."""

from __future__ import annotations

import re
import typing
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel, create_model

from scalestudy.formats.point_config import PointConfig
from scalestudy.profiles import Profile
from scalestudy.sweepfile import docgen
from scalestudy.sweepfile.schema import sweep_model
from scalestudy.yamlfile.loader import load_file

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
MODELS = {
    "sweep-reference.md": sweep_model(),  # the built-in workloads' keys
    "profile-reference.md": Profile,
    "point-config-reference.md": PointConfig,
}
# tables of a generated page that list values, not keys
VALUE_SECTIONS = ("## Bundled profiles", "## Model presets")


def schema_keys(model: type[BaseModel], prefix: str = "") -> set[str]:
    """Every dotted key of a model, walked here independently of the generator."""

    def models_in(ann: Any, listed: bool) -> list[tuple[type[BaseModel], bool]]:
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            return [(ann, listed)]
        origin = typing.get_origin(ann)
        if origin in (Literal, dict):
            return []
        return [m for a in typing.get_args(ann) for m in models_in(a, listed or origin is list)]

    out: set[str] = set()
    for name, field in model.model_fields.items():
        key = prefix + (field.alias or name)
        out.add(key)
        for sub, listed in models_in(field.annotation, False):
            out |= schema_keys(sub, key + ("[]." if listed else "."))
    return out


def documented_keys(page: str) -> set[str]:
    """The first cell of every key table in a committed page."""
    keys, skipping = set(), False
    for line in (DOCS / page).read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            skipping = line.startswith(VALUE_SECTIONS)
        m = re.match(r"^\| `([^`]+)` \|", line)
        if m and not skipping:
            keys.add(m.group(1))
    return keys


@pytest.mark.parametrize("page", sorted(docgen.PAGES))
def test_generated_reference_is_current(page):
    committed = (DOCS / page).read_text(encoding="utf-8")
    assert committed == docgen.PAGES[page](), f"docs/{page} is out of date: run `make docs`"


@pytest.mark.parametrize("page", sorted(MODELS))
def test_every_documented_key_is_in_the_schema_and_back(page):
    documented, schema = documented_keys(page), schema_keys(MODELS[page])
    assert documented - schema == set(), f"documented in docs/{page} but not in the schema"
    assert schema - documented == set(), f"in the schema but not in docs/{page}: `make docs`"


def test_a_field_without_a_description_stops_the_generator():
    grown = create_model("Sweep", __base__=sweep_model(), brand_new_key=(int, 0))
    assert "brand_new_key" in schema_keys(grown) - documented_keys("sweep-reference.md")
    with pytest.raises(docgen.MissingDescription, match=r"Sweep\.brand_new_key"):
        docgen.keys(grown)


def _flatten(data: Any, prefix: str = "", opaque: tuple[str, ...] = ()) -> set[str]:
    """Dotted keys of a YAML mapping; list items of mappings as `key[].sub`; the children of
    `opaque` keys (free-form mappings) are not keys."""
    out: set[str] = set()
    if not isinstance(data, dict):
        return out
    for k, v in data.items():
        key = prefix + str(k)
        out.add(key)
        if key in opaque:
            continue
        if isinstance(v, dict):
            out |= _flatten(v, key + ".", opaque)
        elif isinstance(v, list):
            for item in v:
                out |= _flatten(item, key + "[].", opaque)
    return out


def test_bundled_sweeps_use_documented_keys():
    documented = documented_keys("sweep-reference.md")
    for path in sorted((ROOT / "experiments").glob("*.yaml")):
        data = load_file(path).data
        used = _flatten(data, opaque=("matrix", "env"))
        assert used - documented == set(), path.name
        for key in data.get("matrix", {}):
            assert key in documented, f"{path.name}: matrix key {key}"


def test_bundled_profiles_use_documented_keys_and_are_listed():
    documented = documented_keys("profile-reference.md")
    page = (DOCS / "profile-reference.md").read_text(encoding="utf-8")
    for path in sorted((ROOT / "templates" / "clusters").glob("*.yaml")):
        used = _flatten(load_file(path).data, opaque=("env",))
        assert used - documented == set(), path.name
        assert f"| `{path.stem}` |" in page, f"profile {path.stem} is not listed"


# -- README.md and docs/ ------------------------------------------------------------------------
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


def _links(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [t for t in re.findall(r"\]\(([^)\s]+)\)", text) if "://" not in t]


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_relative_links_resolve(path):
    for target in _links(path):
        file = target.split("#", 1)[0]
        if file:
            assert (path.parent / file).exists(), f"{path.name} links to missing {target}"


def test_readme_links_every_docs_page():
    linked = {(ROOT / t.split("#", 1)[0]).resolve() for t in _links(ROOT / "README.md")}
    pages = set(DOCS.glob("*.md"))
    assert len(pages) >= 5
    assert {p.resolve() for p in pages} - linked == set(), "docs pages README.md does not link"


def test_readme_is_short_and_names_the_two_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    assert "make demo" in text
    assert "make test" in text


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_make_targets_mentioned_exist(path):
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([A-Za-z][\w-]*):", makefile, flags=re.M))
    mentioned = set(re.findall(r"`make ([\w-]+)", path.read_text(encoding="utf-8")))
    assert mentioned - targets == set()


def test_readme_names_every_cli_verb():
    from scalestudy.cli import build_parser

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    sub = next(a for a in build_parser()._actions if a.dest == "verb")
    missing = [v for v in sub.choices if f"scalestudy {v}" not in text]
    assert missing == []


def test_cli_page_names_every_verb_option_and_exit_code():
    """docs/cli.md is the command line's reference: a verb, option or exit code it leaves out
    is one a newcomer cannot look up."""
    import argparse

    from scalestudy import errors
    from scalestudy.cli import build_parser

    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    missing: list[str] = []

    def walk(parser: argparse.ArgumentParser, words: list[str]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    verb = " ".join([*words, name])
                    if f"`{verb}" not in text:
                        missing.append(verb)
                    walk(sub, [*words, name])
            else:
                missing.extend(o for o in action.option_strings if f"`{o}" not in text)

    walk(build_parser(), [])
    codes = [v for k, v in vars(errors).items() if k.startswith("EXIT_")]
    missing.extend(f"exit {c}" for c in codes if f"**{c}**" not in text)
    assert missing == [], f"not in docs/cli.md: {missing}"


def test_the_results_table_is_declared_once():
    """collect's columns, the report's typing and docs/results-layout.md all come from
    formats/results_columns.py; a CSV round trip reads back with the declared types."""
    import pandas as pd

    from scalestudy.collect import COLUMNS
    from scalestudy.formats import results_columns
    from scalestudy.report import load

    assert tuple(COLUMNS) == results_columns.NAMES
    assert len(set(COLUMNS)) == len(COLUMNS)
    typed = set().union(*load.column_kinds())
    assert typed == set(results_columns.NAMES)
    page = (DOCS / "results-layout.md").read_text(encoding="utf-8")
    assert all(f"| `{name}` |" in page for name in COLUMNS)
    row = {
        c.name: {"int": 3, "float": 2.5, "bool": True, "text": "x"}[c.kind]
        for c in results_columns.COLUMNS
    }
    row["status"] = "completed"
    frame = load.normalise(
        pd.read_csv(pd.io.common.StringIO(pd.DataFrame([row]).to_csv(index=False)))
    )
    for c in results_columns.COLUMNS:
        value = frame[c.name].iloc[0]
        if c.kind in ("int", "float"):
            assert pd.api.types.is_numeric_dtype(frame[c.name]), c.name
        elif c.kind == "bool":
            assert bool(value) and str(value) == "True", c.name
        else:
            assert isinstance(value, str), c.name
