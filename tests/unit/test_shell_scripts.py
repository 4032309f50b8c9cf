"""The project's shell scripts and job templates under `set -o pipefail` never pipe into
`grep -q`: grep exits at its first match, the writer still writing gets SIGPIPE, and the
pipeline fails though it matched. Seen in CI (venv-over-modules.sh: `printf "$check" | grep -q
'[X] TensorFlow'` failed on a check output whose match came before its last write);
reproduced: an output of 233 KB with the match early failed 30 times in 30, the here-string
form none."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PIPED_QUIET_GREP = re.compile(r"\|\s*grep\s+(-[A-Za-z]*q|--quiet|--silent)")


def _scripts() -> list[Path]:
    return sorted(
        [*ROOT.glob("scripts/**/*.sh"), *ROOT.glob("templates/**/*.j2"), *ROOT.glob("Makefile")]
    )


def test_no_script_under_pipefail_pipes_into_a_quiet_grep():
    found = []
    for path in _scripts():
        text = path.read_text()
        if "pipefail" not in text:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if PIPED_QUIET_GREP.search(line) and not line.lstrip().startswith("#"):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, 'use a here-string (grep -q PATTERN <<<"$text"):\n' + "\n".join(found)


def test_the_check_finds_the_pattern_it_is_about():
    assert PIPED_QUIET_GREP.search('printf "%s" "$x" | grep -q "y"')
    assert PIPED_QUIET_GREP.search("readelf -d f.so | grep -qF libmpi")
    assert not PIPED_QUIET_GREP.search('grep -q "y" <<<"$x"')
