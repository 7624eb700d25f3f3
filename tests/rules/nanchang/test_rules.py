"""Nanchang's refusals with their codes, what its results say (items, readings, warnings), its
request fields and options, and its tables, through ``mjcalc.score`` and the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import mjcalc
from mjcalc.cli import cli
from mjcalc.rules.registry import load_rules
from tests.rules.nanchang.helpers import (
    GERMAN,
    LONE_JING,
    MISFITS,
    PLAIN,
    SEVEN_STAR,
    error_of,
    item_ids,
    score,
)

# --- what is refused -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win", "fields", "code"),
    [
        # four melds and two jings: the pair would be two jings
        ("9p1p [123m] [456m] [789m] [234s]", "1p", {}, "not_winning"),
        # 小七 with a meld: the pairs need a meld-free hand
        ("1122m3344p557s [666s]", "1m", {}, "not_winning"),
        # 十三烂 with a meld
        ("147m258p369s12z [567z]", "1m", {}, "not_winning"),
        # 十三烂 / 七星 off a discard
        (MISFITS, "1m", {"winner": "S", "discarder": "W"}, "illegal_win"),
        (SEVEN_STAR, "1m", {"winner": "S", "discarder": "E"}, "illegal_win"),
        # 天胡 is the dealer's self-draw; 地胡 a non-dealer's win off the dealer's discard
        (GERMAN, "8m", {"winner": "S", "heavenly": True}, "illegal_win"),
        (GERMAN, "8m", {"discarder": "S", "heavenly": True}, "illegal_win"),
        (GERMAN, "8m", {"winner": "S", "earthly": True}, "illegal_win"),
        (GERMAN, "8m", {"winner": "S", "discarder": "W", "earthly": True}, "illegal_win"),
        (GERMAN, "8m", {"heavenly": True, "earthly": True}, "invalid_request"),
        # the winner's jing come from its hand; no more than four of a kind across the seats
        (PLAIN, "8m", {"jings": {"E": [1, 0]}}, "invalid_request"),
        (PLAIN, "8m", {"jings": {"S": [3, 0], "N": [1, 0]}}, "invalid_request"),
        (PLAIN, "8m", {"jing": "1f"}, "invalid_request"),
        (PLAIN, "8m", {"follow_dealer": 2}, "invalid_request"),
        # the flip's copies: T stays in the wall (3 at most dealt), a kind after T too
        (PLAIN, "8m", {"opening_flip": "3m E=2,0 S=2,0"}, "invalid_request"),
        (PLAIN, "8m", {"opening_flip": "3m E=x"}, "invalid_request"),
        (PLAIN, "8m", {"opening_flip": {"tile": "1f"}}, "invalid_request"),
        # a claimed jing as a natural tile: 5s is left single
        (
            "123m456m789m234s5s9p",
            "9p",
            {"winner": "S", "discarder": "W", "options": {"discarded_jing_wild": False}},
            "not_winning",
        ),
    ],
)
def test_refused_with_its_code(hand: str, win: str, fields: dict[str, object], code: str) -> None:
    assert error_of(score(hand, win, **fields))[0] == code


def test_a_misfits_hand_may_rob_a_kong() -> None:
    result = score(
        MISFITS,
        "1m",
        winner="S",
        discarder="W",
        robbing_kong=True,
        kongs=[{"seat": "W", "kind": "added", "tile": "1m"}],
    )
    assert result.ok and result.pattern is not None
    assert result.pattern.id == "thirteen_misfits"


def test_the_not_winning_message_names_the_jing() -> None:
    _, message = error_of(score("9p1p [123m] [456m] [789m] [234s]", "1p"))
    assert "正精 九筒 (9p), 副精 一筒 (1p)" in message


# --- 德国, 德中德 and 精钓 are read from the request, never given ----------------------------


@pytest.mark.parametrize("flag", ["german", "true_german", "jingdiao", "deguo"])
def test_german_and_fishing_are_no_request_fields(flag: str) -> None:
    assert error_of(score(GERMAN, "8m", **{flag: True}))[0] == "invalid_request"


def test_items_name_what_was_multiplied() -> None:
    fishing = score(LONE_JING, "5s", winner="S")
    assert item_ids(fishing)[:4] == ["hand_factor", "jingdiao", "self_draw", "dealer_pays"]
    jingdiao = next(i for i in fishing.items if i.id == "jingdiao")
    assert jingdiao.detail == "精钓: the self-drawn 5s is the pair with 9p"
    assert jingdiao.detail_zh == "精钓：自摸的 5s 和 9p 成将"
    true_german = score(GERMAN, "8m", winner="S", jings={})
    assert item_ids(true_german) == [
        "hand_factor",
        "true_german",
        "self_draw",
        "dealer_pays",
        "german_bonus",
    ]
    german = score(GERMAN, "8m", winner="S")
    assert "german" not in item_ids(german)  # +5 only, by default
    assert "german_bonus" in item_ids(german)


def test_the_fishing_reading_is_shown() -> None:
    result = score(LONE_JING, "5s", winner="S")
    assert result.reading is not None
    assert result.reading.sets[0] == "55s"
    assert [w.model_dump() for w in result.reading.wilds] == [{"tile": "9p", "stood_for": "5s"}]


def test_no_jings_given_warns_and_an_empty_one_does_not() -> None:
    warned = mjcalc.score({"rules": "nanchang", "hand": PLAIN, "win_tile": "8m", "jing": "9p"})
    assert warned.warnings
    assert warned.warnings[0].message.startswith("no jing counts given")
    quiet = score(PLAIN, "8m", jings={})
    assert not quiet.warnings


def test_the_opening_flip_section_is_there_only_when_played() -> None:
    assert "opening_flip" not in score(PLAIN, "8m").sections
    flipped = score(PLAIN, "8m", opening_flip={"tile": "3m"})
    assert flipped.sections["opening_flip"] == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_the_written_flip_is_the_object() -> None:
    written = score(PLAIN, "8m", opening_flip="3m 东=1,0 s=0,2")
    spelled = score(PLAIN, "8m", opening_flip={"tile": "3m", "dealt": {"E": [1, 0], "S": [0, 2]}})
    assert written.payments == spelled.payments


def test_the_tile_order_changes_nothing() -> None:
    a = score("9p55s234s87654321m", "8m", winner="S", discarder="W")
    b = score(PLAIN, "8m", winner="S", discarder="W")
    assert a.payments == b.payments and a.items == b.items


# --- the command line, the TOML and the tables ----------------------------------------------


def test_score_flags_fill_the_request() -> None:
    out = CliRunner().invoke(
        cli,
        [
            "score",
            LONE_JING,
            "--win",
            "5s",
            "-r",
            "nanchang",
            "--jing",
            "9p",
            "--winner",
            "S",
            "--jings",
            "N=0,1",
            "--opening-flip",
            "3m E=1,0 S=0,2",
            "--follow-dealer",
            "1",
            "--json",
        ],
    )
    assert out.exit_code == 0, out.output
    record = json.loads(out.output)
    # 精钓 (−8, +16, −4, −4), jing 5/1 (−3, +5, −3, +1), flip (+4, +4, −4, −4), 跟庄 E −15
    assert record["payments"] == {"E": -22, "S": 30, "W": -6, "N": -2}


def test_a_house_rule_is_one_line_of_toml(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    house = tmp_path / "guide.toml"
    house.write_text('ruleset = "nanchang"\n[options]\ngerman_doubles = "guide"\n', "utf-8")
    result = mjcalc.score(
        {
            "rules": str(house),
            "hand": GERMAN,
            "win_tile": "8m",
            "jing": "9p",
            "winner": "S",
            "jings": {},
        }
    )
    assert result.payments["S"] == 47  # 德中德 ×4: as golden case 13


def test_the_rules_tables_are_scored() -> None:
    loaded = load_rules("nanchang")
    tables = loaded.ruleset.tables(loaded.options())
    hu = tables[0]
    assert hu.rows[0][:2] == ["庄家自摸 dealer self-draws", "4+4+4=12"]
    assert hu.rows[5][1:] == ["6=6", "21=21", "—", "—", "27=27", "39=39"]
    assert [row[1] for row in tables[1].rows[:6]] == ["×1", "×2", "×2", "×2", "×2", "×2"]
    ladder = {row[0]: row[1:] for row in tables[2].rows}
    assert ladder["5 jing"] == ["5→10", "20"]
    assert ladder["a kong of 正精: 8 + 10"] == ["18→270", "540"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_mjcalc_rules_nanchang(lang: str) -> None:
    out = CliRunner().invoke(cli, ["rules", "nanchang", "--lang", lang])
    assert out.exit_code == 0, out.output
    assert ("上下翻精" if lang == "zh" else "german_doubles") in out.output
