"""The club night of docs/serve.md runs as shown: each ``$ `` command of its section, in order,
in one directory, against a real server on loopback (the port the test got in place of 8765, the
day the page shows), prints exactly the lines under it."""

from __future__ import annotations

import datetime
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from mjcalc.web import sittings
from tests.web.conftest import LiveServer

DOC = Path(__file__).resolve().parents[2] / "docs" / "serve.md"

pytestmark = pytest.mark.skipif(
    not (shutil.which("curl") and shutil.which("jq") and shutil.which("bash")),
    reason="curl, jq and bash are needed",
)


def walkthrough() -> list[tuple[str, str]]:
    """Each ``$ `` command of the section's ``sh`` blocks (its continued lines kept) and what it
    prints."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## A club night\n", 1)[1].split("\n## ", 1)[0]
    steps: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```sh\n(.*?)```", section, re.S):
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps and line.startswith(" ") and not steps[-1][1]:
                steps[-1] = (steps[-1][0] + "\n" + line, [])
            elif steps:
                steps[-1][1].append(line)
    return [(command, "\n".join(out)) for command, out in steps]


def test_the_section_has_its_steps() -> None:
    commands = [command.split()[0] for command, _ in walkthrough()]
    assert commands.count("curl") == 6
    assert commands[-1] == "mjcalc"


def test_the_club_night_runs_as_shown(
    serve: Callable[..., LiveServer], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps = walkthrough()
    day = re.search(r"(\d{4})-(\d\d)-(\d\d)-shanghai-1", steps[0][1])
    assert day is not None
    shown = datetime.date(*(int(part) for part in day.groups()))
    monkeypatch.setattr(sittings, "local_date", lambda: shown)
    night = tmp_path / "night"
    night.mkdir()
    server = serve(directory=night)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env = {k: v for k, v in env.items() if k not in ("MJCALC_LANG", "MJCALC_RULES")}
    done: list[str] = []  # the assignments so far (S=…), made again before each command
    for command, expected in steps:
        local = command.replace("localhost:8765", f"127.0.0.1:{server.port}")
        if re.fullmatch(r"[A-Z]+=\S+", local):
            done.append(local)
            continue
        script = "set -o pipefail\n" + "\n".join([*done, local])
        out = subprocess.run(
            ["bash", "-c", script],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            cwd=tmp_path,
            env=env,
        )
        assert out.returncode == 0, (command, out.stderr)
        assert out.stdout.strip() == expected.strip(), command
