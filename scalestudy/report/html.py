"""report.html: one self-contained file (Jinja2 template under templates/report/), figures
embedded as base64 PNGs."""

from __future__ import annotations

import base64
from pathlib import Path

from scalestudy.profiles import TEMPLATES
from scalestudy.report.figures import Rendered
from scalestudy.report.summary import Summary
from scalestudy.templating import html_environment

TEMPLATE_DIR = TEMPLATES / "report"
TEMPLATE = "report.html.j2"


def render(s: Summary, figures: list[Rendered], files: dict[str, dict[str, Path]]) -> str:
    env = html_environment(TEMPLATE_DIR)
    embedded = [
        {
            "name": f.name,
            "title": f.title,
            "caption": f.caption,
            "png": base64.b64encode(files[f.name]["png"].read_bytes()).decode("ascii"),
        }
        for f in figures
    ]
    return env.get_template(TEMPLATE).render(s=s, figures=embedded)
