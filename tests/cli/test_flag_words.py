"""A request typed as flags is refused in the words of the flags: a missing ``--jing`` or another
ruleset's flag is named as the flag it is written with, on the command line and in the argument
lines of files, in both languages; a JSON request keeps its fields' names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import run

XINGGUO = ("123m456p789s11z 234m", "-r", "xingguo")
SHANGHAI = ("111m222m333m444m55m", "--discarder", "S", "-r", "shanghai")
MISSING = {
    "en": "a xingguo hand needs the flipped tile (正精): --jing TILE",
    "zh": "兴国冲关的牌必须给出翻出的那张牌（定正精）：--jing TILE",
}
FOREIGN = {
    "en": "--jings is a xingguo flag: a shanghai hand has no --jings",
    "zh": "--jings 是兴国冲关的选项：上海清混碰的牌没有 --jings",
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_score_without_jing_names_the_flag(lang: str) -> None:
    out = run("score", *XINGGUO, "--lang", lang)
    assert out.exit_code == 1
    assert MISSING[lang] in out.stderr
    assert "'jing'" not in out.stderr


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_another_rulesets_flag_names_both_rulesets(lang: str) -> None:
    out = run("score", *SHANGHAI, "--jings", "S=1,0", "--lang", lang)
    assert out.exit_code == 1
    assert FOREIGN[lang] in out.stderr
    assert "schema request" not in out.stderr  # no hint to read the JSON fields


def test_the_json_of_a_flag_request_carries_both_wordings() -> None:
    out = run("score", *XINGGUO, "--json")
    error = json.loads(out.stdout)["error"]
    assert (error["message"], error["message_zh"]) == (MISSING["en"], MISSING["zh"])


def test_waits_names_the_flag_too() -> None:
    out = run("waits", "1112223334445m", "-r", "xingguo")
    assert MISSING["en"] in out.stderr


def test_a_house_rule_file_is_its_rulesets(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('ruleset = "xingguo"\n')
    out = run("score", XINGGUO[0], "-r", str(house))
    assert MISSING["en"] in out.stderr


def test_batch_argument_lines_name_flags_and_json_lines_fields(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(
        "123m456p789s11z 234m -r xingguo\n"
        '{"rules": "xingguo", "hand": "123m456p789s11z 234m"}\n'
        "111m222m333m444m55m --discarder S -r shanghai --jings S=1,0\n"
        '{"rules": "shanghai", "hand": "111m222m333m444m55m", "jings": {"S": [1, 0]}}\n'
    )
    out = run("batch", str(path), "--json")
    errors = [json.loads(line)["error"] for line in out.stdout.splitlines()]
    assert [e["message"] for e in errors] == [
        MISSING["en"],
        "missing field 'jing'",
        FOREIGN["en"],
        "unknown field 'jings'",
    ]
    assert errors[0]["message_zh"] == MISSING["zh"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_sitting_line_typed_as_flags_names_the_flag(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "night.jsonl"
    path.write_text('{"session": {"rules": "xingguo"}}\n')
    out = run("session", str(path), "--add", "123m456p789s11z 234m", "--lang", lang)
    assert out.exit_code == 1
    assert MISSING[lang] in out.stderr
    json_line = '{"hand": "123m456p789s11z 234m"}'
    out = run("session", str(path), "--add", json_line)
    assert "missing field 'jing'" in out.stderr
