"""``--rules`` takes a ruleset as people write it: its name in any case, its Chinese name (read off
each plug-in's title, so a ruleset installed later gets its own), and a misspelling is answered
with the close name, in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjcalc.rules.plugins import Plugin, close_names, named, names
from tests.support.cli import run

SHANGHAI = ["111m222m333m444m55m", "--discarder", "S", "--json"]
KNOWN = ", ".join(names())
"""Every installed ruleset, as the messages list them (a ruleset installed later joins it)."""


@pytest.mark.parametrize("written", ["上海", "Shanghai", "SHANGHAI", "上海清混碰", "shanghai"])
def test_shanghai_as_people_write_it(written: str) -> None:
    out = run("score", *SHANGHAI, "-r", written)
    assert out.exit_code == 0, out.output
    result = json.loads(out.stdout)
    assert (result["rules"], result["pattern"]["zh"]) == ("shanghai", "清碰")


@pytest.mark.parametrize("written", ["国标", "Guobiao", "GUOBIAO"])
def test_guobiao_as_people_write_it(written: str) -> None:
    out = run("score", "19m19p19s1234567z 1m", "-r", written, "--json")
    assert out.exit_code == 0, out.output
    result = json.loads(out.stdout)
    assert (result["rules"], result["pattern"]["zh"]) == ("guobiao", "十三幺")


@pytest.mark.parametrize("written", ["南昌", "Nanchang", "南昌麻将"])
def test_nanchang_as_people_write_it(written: str) -> None:
    out = run("score", "123m456p789s11z 234m", "-r", written, "--jing", "1m", "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["rules"] == "nanchang"


@pytest.mark.parametrize("written", ["兴国", "Xingguo", "兴国冲关"])
def test_xingguo_as_people_write_it(written: str) -> None:
    out = run("score", "123m456p789s11z 234m", "-r", written, "--jing", "1m", "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["rules"] == "xingguo"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "unknown ruleset 'shanghia': did you mean shanghai? (known: {KNOWN})"),
        ("zh", "未知规则 'shanghia'：您是不是想写 shanghai？（现有：{KNOWN}）"),
    ],
)
def test_a_misspelling_gets_the_close_name(lang: str, said: str) -> None:
    out = run("score", *SHANGHAI[:-1], "-r", "shanghia", "--lang", lang)
    assert out.exit_code == 1
    assert said.format(KNOWN=KNOWN) in out.stderr


def test_a_name_far_from_any_gets_the_list_alone() -> None:
    out = run("rules", "mahjong")
    assert f"unknown ruleset 'mahjong' (known: {KNOWN})" in out.stderr
    assert {"guobiao", "nanchang", "shanghai", "xingguo"} <= set(KNOWN.split(", "))


def test_the_chinese_names_come_from_the_plugins_titles(monkeypatch: pytest.MonkeyPatch) -> None:
    from mjcalc.rules import plugins

    def plugin(name: str, title: str) -> Plugin:
        return Plugin(name, (name, title), ("", ""), "x:y", Path("x.toml"))

    found = plugins.Found(
        {p.name: p for p in (plugin("nanchang", "南昌麻将"), plugin("guobiao", "国标麻将"))},
        {},
        {},
        {},
    )
    monkeypatch.setattr(plugins, "discover", lambda: found)
    assert named("南昌").name == "nanchang"  # type: ignore[union-attr]
    assert named("国标").name == "guobiao"  # type: ignore[union-attr]
    assert named("NanChang").name == "nanchang"  # type: ignore[union-attr]
    assert named("麻将") is None  # the start of a title alone, never its middle
    assert named("南") is None  # one character names nothing
    assert close_names("nanchnag") == ["nanchang"]


def test_a_new_sitting_records_the_plugins_own_name(tmp_path: Path) -> None:
    path = tmp_path / "night.jsonl"
    out = run("session", str(path), "--new", "-r", "上海")
    assert out.exit_code == 0, out.output
    assert json.loads(path.read_text())["session"]["rules"] == "shanghai"


def test_a_batch_line_may_name_it_in_chinese(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("111m222m333m444m55m --discarder S -r 上海\n", encoding="utf-8")
    out = run("batch", str(path), "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["rules"] == "shanghai"
