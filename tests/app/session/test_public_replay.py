"""``mjcalc.replay``: a sitting's lines in, exactly the objects ``mjcalc session FILE --json``
writes out (records and summary), argument lines and words included, with no Click imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mjcalc

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "sitting.jsonl"

XINGGUO = [
    '{"session": {"rules": "xingguo", "players": {"E": "A", "S": "B", "W": "C", "N": "D"}}}',
    "'123m456p789s11z 234m' --jing 1m --discarder S",
    "draw",
    "诈胡 西",
    "'123m456p789s11z 234m' --jing 9p --self-draw --winner s",
    "adjust N E 3",
    "流局",
    "'123m456p789s11z 234m' --jing 1m --discarder Q",
    "'123m456p789s11z 234m' --jing 1m --no-such",
    "# a comment",
    "escape W",
]
SHANGHAI = [
    '{"session": {"rules": "shanghai", "options": {"fee": 5}}}',
    "11122233344455m --discarder S --dice-double",
    "draw --dice-double",
    "--winners E,W --discarder S 11122233344455p EEESSSWWW111m22p",
    "111m222p333s444m55p --winner S --flowers 9",
    '{"event": "draw"}',
]


def _command(path: Path) -> list[dict]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MJCALC_")}
    done = subprocess.run(
        [sys.executable, "-m", "mjcalc", "session", str(path), "--json"],
        capture_output=True,
        env=env,
        check=False,
    )
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


@pytest.mark.parametrize("lines", [None, XINGGUO, SHANGHAI], ids=["example", "xingguo", "shanghai"])
def test_replay_gives_what_session_json_writes(lines: list[str] | None, tmp_path: Path) -> None:
    path = EXAMPLE
    if lines is not None:
        path = tmp_path / "sitting.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with path.open("rb") as stream:
        items = [json.loads(item.to_json()) for item in mjcalc.replay(stream)]
    assert items == _command(path)
    texts = path.read_text(encoding="utf-8").splitlines()
    assert [json.loads(item.to_json()) for item in mjcalc.replay(texts)] == items


def test_the_example_reads_whole_in_words() -> None:
    items = list(mjcalc.replay(EXAMPLE.read_bytes().splitlines(keepends=True)))
    assert all(getattr(item, "ok", True) for item in items[:-1])


def test_replay_and_batch_of_argument_lines_import_no_click() -> None:
    code = (
        "import sys, mjcalc\n"
        f"items = list(mjcalc.replay(open({str(EXAMPLE)!r}, 'rb')))\n"
        "records = list(mjcalc.batch(['123m456p789s11z234m --jing 1m -r xingguo', '1m --nope']))\n"
        "assert len(items) == 9 and len(records) == 2, (len(items), len(records))\n"
        "assert records[0]['ok'] and not records[1]['ok']\n"
        "print(sorted(m for m in ('click', 'rich') if m in sys.modules))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, check=True)
    assert done.stdout.decode().strip() == "[]"
