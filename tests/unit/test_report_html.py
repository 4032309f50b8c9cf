"""report.html in a real browser: headless Chromium opens the file offline, every figure
loads, no script error. Skips (with the reason) where Chromium is missing; fails in CI."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from support.skips import require  # skip with the reason here, fail in CI
from test_report_support import WEAK, WEAK_STATUS, make_sweep, point_id

from scalestudy.report.build import build

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--virtual-time-budget=10000",
]


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    root = tmp_path_factory.mktemp("html")
    make_sweep(root, "synth", samples=WEAK, statuses=WEAK_STATUS, reference="stampede2-weak")
    return build(["synth"], root, project_to=8)


def _chromium(*args: str, profile) -> subprocess.CompletedProcess:
    return subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr", *args],
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_html_is_self_contained(report):
    html = (report.out / "report.html").read_text()
    srcs = re.findall(r'\bsrc="([^"]*)"', html)
    assert len(srcs) == len(report.rendered) == 5
    assert all(s.startswith("data:image/png;base64,") for s in srcs)
    assert not re.search(r"<link\b|@import|\bhref=\"http", html)


def test_every_image_loads_in_headless_chromium(report, tmp_path):
    require(None if shutil.which(CHROMIUM) else f"{CHROMIUM} not installed (Debian: chromium)")
    page = (report.out / "report.html").as_uri()
    dom = _chromium("--dump-dom", page, profile=tmp_path / "profile")
    assert dom.returncode == 0, dom.stderr[-2000:]
    body = re.search(r"<body([^>]*)>", dom.stdout)
    assert body, dom.stdout[:500]
    attrs = dict(re.findall(r'(data-[\w-]+)="(\d+)"', body.group(1)))
    expected = len(json.loads((report.out / "figures.json").read_text())["figures"])
    assert expected == 5
    assert attrs["data-images-total"] == str(expected)
    assert attrs["data-images-loaded"] == str(expected)
    assert attrs["data-js-errors"] == "0"
    console_errors = [
        line for line in dom.stderr.splitlines() if "CONSOLE" in line and "Uncaught" in line
    ]
    assert not console_errors
    # the failed and the diverged point are named on the page the browser rendered
    assert point_id(2, False, 2) in dom.stdout and point_id(4, False, 0) in dom.stdout

    shot = tmp_path / "report.png"
    res = _chromium(
        f"--screenshot={shot}", "--window-size=1280,3000", page, profile=tmp_path / "profile2"
    )
    assert res.returncode == 0, res.stderr[-2000:]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
