"""The ``curl`` examples of docs/serve.md run as shown, against a real server on loopback (the
port the test got in place of 8765), and answer what the page says they do."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.web.conftest import LiveServer, session_file

DOC = Path(__file__).resolve().parents[2] / "docs" / "serve.md"

pytestmark = pytest.mark.skipif(
    not (shutil.which("curl") and shutil.which("jq") and shutil.which("bash")),
    reason="curl, jq and bash are needed",
)


def curl_examples() -> list[str]:
    """Each ``curl`` command of the page's ``sh`` blocks, its continued lines joined."""
    blocks = re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    commands = []
    for block in blocks:
        for command in block.replace("\\\n", " ").splitlines():
            if command.startswith("curl "):
                commands.append(command)
    return commands


def test_the_page_has_its_examples() -> None:
    assert len(curl_examples()) == 4


def test_the_curl_examples_run_as_shown(serve: Callable[..., LiveServer], tmp_path: Path) -> None:
    path = session_file(tmp_path)
    server = serve(session=path)

    def run(command: str) -> str:
        local = command.replace("localhost:8765", f"127.0.0.1:{server.port}")
        assert local != command
        out = subprocess.run(
            ["bash", "-c", "set -o pipefail; " + local],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
        return out.stdout.strip()

    score, add, keyed, since = curl_examples()
    payments = json.loads(run(score))
    assert set(payments) == set("ESWN") and sum(payments.values()) == 0
    assert payments["E"] > 0  # the dealer's self-drawn 清一色
    assert run(add) == "true"
    assert run(keyed) == "3"
    assert run(keyed) == "3"  # the same key again: the first answer, nothing written
    assert path.read_text(encoding="utf-8").splitlines()[1:] == [
        "11122233344455m --discarder S",
        "draw",
    ]
    assert run(since).split() == ["0", "2"]  # a mark the file does not hold: everything
