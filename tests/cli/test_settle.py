"""``mjcalc session FILE --settle``: who pays whom, from a real sitting's numbers, as text to
paste into a chat (both languages), JSON and CSV; the flags it takes and those it refuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import run

SITTING = [
    {"session": {"rules": "shanghai", "players": {"E": "Ann", "W": "Cy"}, "options": {"fee": 2}}},
    {"hand": "11122233344455m", "discarder": "S"},
    "111m222p333s444m55p --winner W --discarder N",
    {"hand": "11122233344455p", "winner": "N"},
    "escape S",
]


@pytest.fixture
def sitting(tmp_path: Path) -> Path:
    path = tmp_path / "night.jsonl"
    lines = [line if isinstance(line, str) else json.dumps(line) for line in SITTING]
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def totals_of(path: Path) -> dict[str, int]:
    last = run("session", str(path), "--json").stdout.strip().split("\n")[-1]
    totals: dict[str, int] = json.loads(last)["summary"]["totals"]
    return totals


def test_the_text_names_the_players_and_the_money(sitting: Path) -> None:
    assert totals_of(sitting) == {"E": 2, "S": -78, "W": -14, "N": 58}
    shown = run("session", str(sitting), "--settle", "--rate", "0.25", "--currency", "¥")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout == (
        "S pays Ann 4 (¥1.00)\n"
        "S pays N 66 (¥16.50)\n"
        "Cy pays Ann 6 (¥1.50)\n"
        "Ann pays the house 8 in fees (¥2.00)\n"
        "S pays the house 8 in fees (¥2.00)\n"
        "Cy pays the house 8 in fees (¥2.00)\n"
        "N pays the house 8 in fees (¥2.00)\n"
    )


def test_the_text_in_chinese(sitting: Path) -> None:
    shown = run("session", str(sitting), "--settle", "--lang", "zh", "--rate", "0.25")
    assert shown.stdout.split("\n")[:3] == [
        "南 付给 Ann 4（1.00）",
        "南 付给 北 66（16.50）",
        "Cy 付给 Ann 6（1.50）",
    ]
    assert "北 付服务费 8（2.00）" in shown.stdout


def test_without_a_rate_only_points(sitting: Path) -> None:
    shown = run("session", str(sitting), "--settle", "--currency", "CNY").stdout
    assert shown.startswith("S pays Ann 4\nS pays N 66\nCy pays Ann 6\n")


def test_json_each_seat_nets_its_total(sitting: Path) -> None:
    shown = run("session", str(sitting), "--settle", "--json", "--rate", "0.5", "--currency", "元")
    data = json.loads(shown.stdout)
    assert data == {
        "transfers": [
            {"from": "S", "to": "E", "amount": 4, "money": "2.00"},
            {"from": "S", "to": "N", "amount": 66, "money": "33.00"},
            {"from": "W", "to": "E", "amount": 6, "money": "3.00"},
        ],
        "totals": {"E": 2, "S": -78, "W": -14, "N": 58},
        "fees": {"E": 8, "S": 8, "W": 8, "N": 8},
        "players": {"E": "Ann", "W": "Cy"},
        "rate": "0.5",
        "currency": "元",
    }
    net = {seat: -fee for seat, fee in data["fees"].items()}
    for t in data["transfers"]:
        net[t["from"]] -= t["amount"]
        net[t["to"]] += t["amount"]
    assert net == totals_of(sitting)


def test_csv(sitting: Path) -> None:
    shown = run("session", str(sitting), "--settle", "--csv", "--rate", "0.5")
    assert shown.stdout.split("\n")[:5] == [
        "from,from_name,to,to_name,amount,money",
        "S,,E,Ann,4,2.00",
        "S,,N,,66,33.00",
        "W,Cy,E,Ann,6,3.00",
        "E,Ann,house,,8,4.00",
    ]


def test_a_sitting_without_fees_or_names(tmp_path: Path) -> None:
    path = tmp_path / "plain.jsonl"
    path.write_text(
        '{"session": {"rules": "xingguo"}}\n{"event": "false_win", "seat": "S"}\n',
        encoding="utf-8",
    )
    shown = run("session", str(path), "--settle", "--rate", "1", "--currency", "$")
    assert shown.stdout == "S pays E 20 ($20.00)\nS pays W 20 ($20.00)\nS pays N 20 ($20.00)\n"
    zh = run("session", str(path), "--settle", "--lang", "zh").stdout
    assert zh == "南 付给 東 20\n南 付给 西 20\n南 付给 北 20\n"
    assert "fees" not in json.loads(run("session", str(path), "--settle", "--json").stdout)


def test_nothing_to_settle(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text('{"session": {"rules": "shanghai"}}\ndraw\n', encoding="utf-8")
    assert run("session", str(path), "--settle").stdout == "nothing to settle: every total is 0\n"
    zh = run("session", str(path), "--settle", "--lang", "zh").stdout
    assert zh == "无需结算：各家输赢均为 0\n"
    assert json.loads(run("session", str(path), "--settle", "--json").stdout)["transfers"] == []


def test_a_bad_line_is_said_and_the_status_is_1(sitting: Path) -> None:
    with sitting.open("a", encoding="utf-8") as out:
        out.write("123x\n")
    shown = run("session", str(sitting), "--settle")
    assert shown.exit_code == 1
    assert "line 6" in shown.stderr
    assert shown.stdout.startswith("S pays Ann 4\n")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--settle", "--add", "draw"], "--settle is a view of the replay: not with --add"),
        (["--settle", "--undo"], "not with --undo"),
        (["--settle", "--standings"], "not with --standings"),
        (["--settle", "--chart"], "not with --chart"),
        (["--rate", "1"], "--rate: only with --settle"),
        (["--currency", "¥"], "--currency: only with --settle"),
        (["--settle", "--rate", "-1"], "Invalid value for '--rate'"),
        (["--settle", "--rate", "abc"], "Invalid value for '--rate'"),
        (["--settle", "--rate", "NaN"], "Invalid value for '--rate'"),
        (["--settle", "--currency", "a b"], "Invalid value for '--currency'"),
    ],
)
def test_usage_errors(sitting: Path, args: list[str], said: str) -> None:
    before = sitting.read_bytes()
    shown = run("session", str(sitting), *args)
    assert shown.exit_code == 2
    assert said in shown.stderr
    assert sitting.read_bytes() == before


def test_usage_errors_in_chinese(sitting: Path) -> None:
    shown = run("session", str(sitting), "--settle", "--rate", "-1", "--lang", "zh")
    assert shown.exit_code == 2
    assert "倍率必须是不小于 0 的小数" in shown.stderr
