"""The project's Jinja2 setups, in one place. Both use StrictUndefined, so a missing value fails
at render time and not on the cluster, as a daemon that will not start, or as a blank in a report.
- `environment`: text for a shell or a daemon (job scripts, render.py; the local cluster's
  configuration, localcluster/config.py): trim_blocks and keep_trailing_newline, so the text is
  exactly what the template shows, and the `sh` filter that shell-quotes every user value;
- `html_environment`: report.html (report/html.py), every value HTML-escaped.

Where the templates are (`TEMPLATES`, and the shipped experiments `EXPERIMENTS`): inside the
installed package (a wheel: setup.py's build step copies the repository's templates/ and
experiments/ into scalestudy/), else in the checkout beside the package (an editable install,
or the source tree on PYTHONPATH)."""

from __future__ import annotations

import shlex
from pathlib import Path

import jinja2

PACKAGE = Path(__file__).resolve().parent


def data_folder(name: str) -> Path:
    """The package's own copy of the repository folder `name` (a wheel), else the checkout's."""
    inside = PACKAGE / name
    return inside if inside.is_dir() else PACKAGE.parent / name


TEMPLATES = data_folder("templates")
EXPERIMENTS = data_folder("experiments")


def shell_quote(value: object) -> str:
    if value is None or isinstance(value, jinja2.Undefined):
        raise jinja2.UndefinedError("a None value reached the shell-quoting filter")
    return shlex.quote(str(value))


def environment(root: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(root)),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
    )
    env.filters["sh"] = shell_quote
    return env


def html_environment(root: Path) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(root)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
