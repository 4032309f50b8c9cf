"""The project's Jinja2 setups, in one place. Both use StrictUndefined, so a missing value fails
at render time and not on the cluster, as a daemon that will not start, or as a blank in a report.
- `environment`: text for a shell or a daemon (job scripts, render.py; the local cluster's
  configuration, localcluster/config.py): trim_blocks and keep_trailing_newline, so the text is
  exactly what the template shows, and the `sh` filter that shell-quotes every user value;
- `html_environment`: report.html (report/html.py), every value HTML-escaped."""

from __future__ import annotations

import shlex
from pathlib import Path

import jinja2


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
