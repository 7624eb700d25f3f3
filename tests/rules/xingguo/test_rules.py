"""Worked hands for each rule of docs/rules/xingguo.md, through ``mjcalc.score`` (and the CLI):
shapes, the reading chosen, 精吊, legality, items, kongs, options (the jing: test_jing.py).

Unless a test says otherwise: dealer E, the flipped tile 5s (正精 5s, 副精 6s), and N holds one
副精 so that 霸胡 does not apply. Amounts follow the formula quoted in test_seed.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mjcalc.app.request_checks import build_context
from mjcalc.cli import cli
from mjcalc.engine import distinct_readings
from mjcalc.rules.registry import load_rules
from mjcalc.rules.xingguo.base import parse_jing
from mjcalc.rules.xingguo.hu import Candidate, Pricer, candidates, shape_of, shape_rules
from mjcalc.rules.xingguo.options import XingguoOptions
from mjcalc.rules.xingguo.request import XingguoRequest
from tests.rules.xingguo.helpers import DEGUO_PLAIN, ZERO, error_of, item_ids, score

# --- shapes -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("honor_sets", "hand", "ok"),
    [
        ("same_class", "123m456p789s124z66z", True),  # 東南北
        ("same_class", "123m456p789s567z11z", True),  # 白發中
        ("same_class", "123m456p789s127z66z", False),  # 東南中 mixes winds and dragons
        ("any_distinct", "123m456p789s127z66z", True),
    ],
)
def test_lanfeng_honor_sets(honor_sets: str, hand: str, ok: bool) -> None:
    result = score(hand, "1m", options={"honor_sets": honor_sets})
    assert result.ok is ok
    if not ok:
        assert error_of(result)[0] == "not_winning"


def test_exposed_lanfeng_bracket_follows_honor_sets() -> None:
    hand = "123m456p789s66z [127z]"
    assert error_of(score(hand, "1m"))[0] == "invalid_hand"
    assert score(hand, "1m", options={"honor_sets": "any_distinct"}).ok


def test_jing_fills_an_honor_set() -> None:
    # 東南 + 5s(→ a wind) is a 烂风 set; a wild 平胡 must be self-drawn
    result = score("123m456p789s12z66z5s", "1m")
    assert result.ok, result.error
    assert result.pattern is not None and result.pattern.id == "plain"


def test_seven_pairs_four_of_a_kind_counts_as_two_pairs() -> None:
    hand = "1111m2288p4477s11z"
    four_as_two = score(hand, "2p")
    assert four_as_two.pattern is not None and four_as_two.pattern.id == "seven_pairs"
    strict = score(hand, "2p", options={"seven_pairs_four_as_two": False})
    assert error_of(strict)[0] == "not_winning"


def test_big_seven_allows_melds_but_not_chows_or_honor_sets() -> None:
    melded = score("333s444s55z [111m] [222p]", "5z", winner="S", discarder="W")
    assert melded.pattern is not None and melded.pattern.id == "big_seven"
    # an honor set instead of a pung: a 平胡 (v = 1), 德国 off W's discard: 1×2×2+5 = 9
    honors = score("333s444s55z [111m] [124z]", "5z", winner="S", discarder="W")
    assert honors.pattern is not None and honors.pattern.id == "plain"
    assert honors.sections["hu"]["W"] == -9


def test_big_seven_reading_beats_the_plain_one() -> None:
    # 111m222m333m999p + 4z 5s: 大七 (pungs) or 平胡 (123m × 3), both with the 5s as wild
    result = score("111m222m333m999p4z5s", "9p", winner="S", discarder="W")
    assert result.pattern is not None and result.pattern.id == "big_seven"
    assert result.sections["hu"]["W"] == -8  # 4 × 2 discarder, off a discard: legal


@pytest.mark.parametrize(
    ("allowed", "shape", "dealer_pays"),
    [
        (False, "thirteen_lan", 8),  # 2×2×2: the 5s stands for a tile, not a missing honor
        (True, "seven_star_lan", 16),  # 4×2×2: the 5s stands for 中
    ],
)
def test_seven_star_jing_option(allowed: bool, shape: str, dealer_pays: int) -> None:
    result = score("147m258p3s123456z5s", "1m", options={"seven_star_jing": allowed})
    assert result.pattern is not None and result.pattern.id == shape
    assert result.sections["hu"]["S"] == -dealer_pays


# --- choosing the reading -------------------------------------------------------------------


def test_jing_at_face_value_makes_deguo() -> None:
    # 345s holds the 正精 at face value (精还原): 德国, 13 each for the dealer's self-draw
    result = score("123m456p789p345s11z", "1m")
    assert result.sections["hu"] == {"E": 39, "S": -13, "W": -13, "N": -13}
    assert result.reading is not None
    assert all(w.stood_for is None for w in result.reading.wilds)


def test_ties_go_to_deguo_then_to_fewer_wilds() -> None:
    # 天胡 with no reward: every reading pays 20, so the tie-breaks decide the reading
    no_bonus = {"deguo_bonus": 0}
    deguo = score("123m456p789p567s11z", "1m", heavenly=True, options=no_bonus)
    assert deguo.reading is not None
    assert all(w.stood_for is None for w in deguo.reading.wilds)
    # 67s + 5s 5s + 1z: one 5s completes 567s at face, the other pairs the 1z
    fewer = score("123m456p789p67s1z5s5s", "1m", heavenly=True, options=no_bonus)
    assert fewer.reading is not None
    # (the 6s, 副精, keeps its face value too)
    assert [w.stood_for for w in fewer.reading.wilds if w.stood_for is not None] == ["1z"]


def test_rank_prefers_deguo_then_fewer_wilds_whatever_the_order() -> None:
    # Under a 20-point 天胡 every reading pays the same. 567s (正精 5s, 副精 6s) is 德国 at face
    # value, or 5s → 8s in 678s; 67s 5s 5s 1z: one 5s at face value in 567s and one wild (→ 1z),
    # or both wild (678s). Priced in reverse engine order (most wilds first), the rank still
    # picks 德国, then the fewest wilds. (Every distinct reading: the candidates themselves
    # leave out the readings with more wilds than the fewest, which the rank never chooses.)
    loaded = load_rules("xingguo")
    options = loaded.options({"deguo_bonus": 0})
    assert isinstance(options, XingguoOptions)
    cases = (("123m456p789p567s11z", 0, {0, 1}), ("123m456p789p67s1z5s5s", 1, {1}))
    for hand, wanted, fewest in cases:
        request = XingguoRequest(
            rules="xingguo", hand=hand, win_tile="1m", jing="5s", heavenly=True
        )
        ctx = build_context(request, loaded, options)
        jing, rules = parse_jing("5s"), shape_rules(options)
        every = [
            Candidate(r, shape_of(r))
            for r in distinct_readings(ctx.hand.concealed, ctx.hand.melds, jing.kinds, rules)
        ]
        priced = [Pricer(ctx, options, False, "heavenly").price(c) for c in reversed(every)]
        assert len({p.total for p in priced}) == 1
        assert priced[0].candidate.n_wild > wanted  # the order alone would choose wrongly
        assert max(priced, key=lambda p: p.rank).candidate.n_wild == wanted
        assert {c.n_wild for c in candidates(ctx, jing, rules)} == fewest
        assert {c.n_wild for c in every} > fewest


def test_heavenly_is_not_doubled_by_bahu() -> None:
    # nobody holds a jing, yet 天胡 stays flat: 20 + 5 (德国) from each
    result = score(DEGUO_PLAIN, "1m", heavenly=True, jings={})
    assert result.sections["hu"] == {"E": 75, "S": -25, "W": -25, "N": -25}
    assert "bahu" not in item_ids(result)


def test_reading_reports_what_each_wild_stood_for() -> None:
    result = score("222m444p777s999s1z5s", "2m")
    assert result.reading is not None
    assert result.reading.shape == "standard"
    assert [(w.tile, w.stood_for) for w in result.reading.wilds] == [("5s", "1z")]
    assert result.pattern is not None
    assert result.pattern.model_dump() == {
        "id": "big_seven",
        "zh": "大七",
        "en": "Big seven (all pungs)",
    }


# --- 精吊 -----------------------------------------------------------------------------------


def test_drawing_a_jing_onto_a_non_jing_single_is_not_jingdiao() -> None:
    # 13 tiles: four sets + 1z; drawing the 5s wins (5s → 1z) but is no 精吊: 1×2×2 = 4 each
    result = score("123m456p789p789s1z5s", "5s")
    assert result.sections["hu"] == {"E": 12, "S": -4, "W": -4, "N": -4}
    assert "jingdiao" not in item_ids(result)


def test_jingdiao_with_two_jing() -> None:
    # 正精 東: 123m 678m 345s 99s + 東 南 (both jing): 東 makes 999s, 南 waits alone on anything.
    # Self-drawn 4p: 精吊, 有精: 1×2×2×2 = 8 each
    hand = "123m678m345s99s1z2z4p"
    drawn = score(hand, "4p", jing="1z", jings={"N": [1, 0]})
    assert drawn.sections["hu"] == {"E": 24, "S": -8, "W": -8, "N": -8}
    off_discard = score(hand, "4p", jing="1z", jings={"N": [1, 0]}, discarder="S")
    code, message = error_of(off_discard)
    assert code == "illegal_win" and "已构成精吊结构" in message


@pytest.mark.parametrize(
    ("hand", "win", "extra"),
    [
        ("123m456p789p789s5s5s", "5s", {}),  # 德国 off a discard: the 5s pairs at face value
        ("1133m2288p4477s5s1z", "1z", {}),  # six pairs + a lone jing
        ("123m456p789p789s5s1z", "1z", {}),
        ("123m456p789p789s5s1z", "1z", {"robbing_kong": True}),  # 不能抢杠 either
    ],
)
def test_jingdiao_structure_cannot_win_off_a_discard(
    hand: str, win: str, extra: dict[str, Any]
) -> None:
    code, message = error_of(score(hand, win, winner="S", discarder="W", **extra))
    assert code == "illegal_win"
    assert "已构成精吊结构，不能抓德国点炮或抢杠" in message


LITERAL = {"options": {"jingdiao_discard": "non_deguo"}}


def test_jingdiao_structure_off_a_discard_default_refuses_even_a_wild_reading() -> None:
    # 11m 33m 55p 77p 99p 22z + a lone 5s: W's 4z would be an 有精小七 (5s standing for 4z)
    code, message = error_of(score("11m33m55p77p99p22z5s4z", "4z", discarder="W"))
    assert code == "illegal_win" and "may only win by self-draw" in message


def test_jingdiao_structure_non_deguo_allows_a_wild_discard_win() -> None:
    # the literal reading of seed 四.9: only a 德国 discard win is forbidden. 有精小七 off W:
    # W 2 ×2 disc ×2 dealer = 8; S, N 2 ×2 dealer = 4 → E +16
    result = score("11m33m55p77p99p22z5s4z", "4z", discarder="W", **LITERAL)
    assert result.ok, result.error
    assert result.pattern is not None and result.pattern.id == "seven_pairs"
    assert result.sections["hu"] == {"E": 16, "S": -4, "W": -8, "N": -4}
    assert "deguo" not in item_ids(result)


@pytest.mark.parametrize(
    ("hand", "win", "extra", "why"),
    [
        # the 5s pairs at face value: 德国, the one reading left is an 有精平胡, never off a discard
        ("123m456p789p789s5s5s", "5s", {}, "有精平胡不能抓点炮"),
        # 抢杠 stays forbidden whatever the reading
        ("11m33m55p77p99p22z5s4z", "4z", {"robbing_kong": True}, "不能抓德国点炮或抢杠"),
    ],
)
def test_jingdiao_structure_non_deguo_still_refuses_deguo_and_robbing(
    hand: str, win: str, extra: dict[str, Any], why: str
) -> None:
    code, message = error_of(score(hand, win, winner="S", discarder="W", **extra, **LITERAL))
    assert code == "illegal_win"
    assert why in message


# --- legality ---------------------------------------------------------------------------------


def test_wild_plain_win_off_a_robbed_kong_is_illegal() -> None:
    code, message = error_of(
        score("123m45678p789s11z5s", "1m", winner="S", discarder="W", robbing_kong=True)
    )
    assert code == "illegal_win" and "有精平胡不能抓点炮" in message


def test_a_legal_reading_wins_when_another_is_illegal() -> None:
    # off a discard: 345s at face is a legal 德国 平胡, the 5s as wild an illegal 有精平胡
    result = score("123m456p789p345s11z", "1m", winner="S", discarder="W")
    assert result.ok, result.error
    assert result.sections["hu"] == {"E": -4, "S": 15, "W": -9, "N": -2}  # A10


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"heavenly": True, "winner": "S"}, "天胡 is the dealer's win"),
        ({"heavenly": True, "discarder": "S"}, "cannot be off a discard"),
        ({"earthly": True}, "地胡 is a non-dealer's win"),
        ({"earthly": True, "winner": "S", "discarder": "W"}, "cannot be off a discard"),
    ],
)
def test_heavenly_and_earthly_conditions(fields: dict[str, Any], fragment: str) -> None:
    code, message = error_of(score(DEGUO_PLAIN, "1m", **fields))
    assert code == "illegal_win" and fragment in message


def test_earthly_off_a_discard_with_the_house_option() -> None:
    # 地胡 is flat: 20 from each of the three payers; 德国 adds +5 from the discarder only
    result = score(
        DEGUO_PLAIN,
        "1m",
        earthly=True,
        winner="S",
        discarder="W",
        options={"earthly_off_discard": True},
    )
    assert result.ok, result.error
    assert result.sections["hu"] == {"E": -20, "S": 65, "W": -25, "N": -20}


def test_heavenly_and_earthly_together_is_invalid() -> None:
    code, _ = error_of(score(DEGUO_PLAIN, "1m", heavenly=True, earthly=True))
    assert code == "invalid_request"


def test_not_winning() -> None:
    code, message = error_of(score("123m456p789s11z248m", "8m"))
    assert code == "not_winning" and "正精" in message


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"xianggong": {"E": "big"}}, "cannot be 相公"),
        ({"after_kong": True}, "no kong"),
        ({"jings": {"S": [3, 0]}}, "only 3 are in play"),  # 3 held by S + the winner's 5s
        ({"jings": {"S": [0, 4], "W": [0, 1]}}, "only 4"),
        ({"kongs": [{"seat": "S", "kind": "concealed", "tile": "5s"}]}, "flipped 正精"),
    ],
)
def test_contradictory_requests(fields: dict[str, Any], fragment: str) -> None:
    code, message = error_of(score("123m456p789p345s11z", "1m", **fields))
    assert code == "invalid_request" and fragment in message


def test_four_of_the_flipped_tile_cannot_be_held() -> None:
    code, message = error_of(score("123m456p789p5555s1z", "1m"))
    assert code == "invalid_hand" and "only 3 are in play" in message


# --- items ---------------------------------------------------------------------------------


def test_items_name_every_factor_and_the_seats_it_concerns() -> None:
    # A10: S wins 德国 off W's discard, dealer E
    result = score(DEGUO_PLAIN, "1m", winner="S", discarder="W")
    items = {i.id: i for i in result.items}
    # then N's 副精 (jing ledger): 1, and as the only holder 霸精
    assert list(items) == ["base", "discarder", "dealer", "deguo", "deguo_bonus", "jing", "bawang"]
    assert items["discarder"].seats == ["W"] and items["discarder"].effect == "×2"
    assert items["dealer"].seats == ["E"]
    assert items["deguo"].seats is None  # all three payers
    assert items["deguo_bonus"].seats == ["W"] and items["deguo_bonus"].add == 5
    assert (items["discarder"].zh, items["deguo"].zh) == ("点炮", "德国")


# --- kongs ----------------------------------------------------------------------------------


def test_kong_of_jing_pays_ten_from_each() -> None:
    # S's concealed kong of 6s (副精): 杠精 10 from each; S also holds those four 副精
    result = score(
        DEGUO_PLAIN, "1m", jings={}, kongs=[{"seat": "S", "kind": "concealed", "tile": "6s"}]
    )
    assert result.sections["kong"] == {"E": -10, "S": 30, "W": -10, "N": -10}
    # S holds 4 副精 (s = 4), alone: 霸精 8 from each
    assert result.sections["jing"] == {"E": -8, "S": 24, "W": -8, "N": -8}
    assert "jing_kong" in item_ids(result)


def test_winners_own_kong_and_dealer_does_not_double_kongs() -> None:
    # the winner S holds a concealed kong and an exposed one: 2 from each, dealer E included
    result = score("(1111m) [2222p] 789p789s11z", "1z", winner="S")
    assert result.sections["kong"] == {"E": -4, "S": 12, "W": -4, "N": -4}


def test_a_kong_of_the_dealer_is_not_doubled_either() -> None:
    result = score(DEGUO_PLAIN, "1m", kongs=[{"seat": "E", "kind": "exposed"}], winner="S")
    assert result.sections["kong"] == {"E": 6, "S": -2, "W": -2, "N": -2}


def test_kong_score_option() -> None:
    result = score(
        DEGUO_PLAIN,
        "1m",
        kongs=[{"seat": "W", "kind": "added", "tile": "3p"}],
        options={"kong_score": 3},
    )
    assert result.sections["kong"] == {"E": -3, "S": -3, "W": 9, "N": -3}


def test_only_the_robbed_kong_goes_unscored() -> None:
    kongs = [
        {"seat": "W", "kind": "added", "tile": "3p"},  # made earlier: scores
        {"seat": "W", "kind": "added", "tile": "2m"},  # robbed: does not
    ]
    result = score(DEGUO_PLAIN, "2m", winner="S", discarder="W", robbing_kong=True, kongs=kongs)
    assert result.sections["kong"] == {"E": -2, "S": -2, "W": 6, "N": -2}
    assert "robbed_kong" in item_ids(result)


# --- 跟庄, options, house rules ---------------------------------------------------------------


def test_follow_dealer_rounds_and_score() -> None:
    result = score(
        DEGUO_PLAIN, "1m", dealer="S", follow_dealer=2, options={"follow_dealer_score": 3}
    )
    # dealer S pays 2 rounds × 3 to each of three
    assert result.sections["follow_dealer"] == {"E": 6, "S": -18, "W": 6, "N": 6}


def test_sections_are_always_all_four() -> None:
    result = score(DEGUO_PLAIN, "1m")
    assert list(result.sections) == ["hu", "kong", "jing", "follow_dealer"]
    assert result.sections["kong"] == result.sections["follow_dealer"] == ZERO
    assert result.payments == {
        s: sum(sec[s] for sec in result.sections.values()) for s in ("E", "S", "W", "N")
    }


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"bawang": "triple"}, "option 'bawang'"),
        ({"deguo_bonus": "5"}, "option 'deguo_bonus'"),
        ({"kong_score": -1}, "option 'kong_score'"),
        ({"bahu": "all"}, "unknown option 'bahu'"),
    ],
)
def test_bad_options_are_invalid_requests(options: dict[str, Any], fragment: str) -> None:
    code, message = error_of(score(DEGUO_PLAIN, "1m", options=options))
    assert code == "invalid_request" and fragment in message


def test_stake_multiplies_every_section() -> None:
    result = score(DEGUO_PLAIN, "1m", options={"stake": 2}, follow_dealer=1)
    assert result.sections["hu"] == {"E": 78, "S": -26, "W": -26, "N": -26}  # 2 × 39
    assert result.sections["follow_dealer"] == {"E": -30, "S": 10, "W": 10, "N": 10}


def test_house_rule_file(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('ruleset = "xingguo"\n[options]\ndeguo_bonus = 10\nheavenly_score = 30\n')
    result = score(DEGUO_PLAIN, "1m", rules=str(house))
    assert result.sections["hu"] == {"E": 54, "S": -18, "W": -18, "N": -18}  # 4×2 + 10
    heavenly = score("123m45678p789s11z5s", "1m", rules=str(house), heavenly=True)
    assert heavenly.sections["hu"] == {"E": 90, "S": -30, "W": -30, "N": -30}


def test_bundled_toml_lists_every_option_with_its_default() -> None:
    import tomllib

    text = (Path(__file__).parents[3] / "rulesets" / "xingguo.toml").read_text("utf-8")
    data = tomllib.loads(text)
    assert data["ruleset"] == "xingguo"
    assert data["options"] == XingguoOptions().model_dump()


# --- the command line -----------------------------------------------------------------------


def test_cli_full_settlement() -> None:
    # jing 1m (正) / 2m (副). E self-draws a 德国 平胡, the 1m 2m 2m at face value in 123m 234m:
    # 1×2×2 = 4, ×2 + 5 = 13 each. E alone holds jing: 2 × 1 + 2 = 4, 霸精 ×2 = 8 from each.
    # S's concealed kong: 2 from each. One round of 跟庄: E pays 5 to each.
    args = [
        "score",
        "123m456p789s11z 234m",
        "--rules",
        "xingguo",
        "--jing",
        "1m",
        "--kong",
        "S=concealed:9m",
        "--follow-dealer",
        "1",
        "--json",
    ]
    out = CliRunner(env={"MJCALC_RULES": None}).invoke(cli, args)
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["sections"] == {
        "hu": {"E": 39, "S": -13, "W": -13, "N": -13},
        "kong": {"E": -2, "S": 6, "W": -2, "N": -2},
        "jing": {"E": 24, "S": -8, "W": -8, "N": -8},
        "follow_dealer": {"E": -15, "S": 5, "W": 5, "N": 5},
    }
    # E 39 - 2 + 24 - 15; S -13 + 6 - 8 + 5; W and N -13 - 2 - 8 + 5
    assert data["payments"] == {"E": 46, "S": -10, "W": -18, "N": -18}


def test_cli_illegal_win_exits_one() -> None:
    args = [
        "score",
        "123m45678p789s11z 5s",
        "--rules",
        "xingguo",
        "--jing",
        "5s",
        "--discarder",
        "S",
        "--win",
        "1m",
        "--json",
    ]
    out = CliRunner(env={"MJCALC_RULES": None}).invoke(cli, args)
    assert out.exit_code == 1
    assert json.loads(out.stdout)["error"]["code"] == "illegal_win"


# --- robbed_kong_deguo: the 德国 reward of a robbed kong ------------------------------------------


@pytest.mark.parametrize(("reading", "total"), [("once", 25), ("per_share", 35)])
def test_robbed_kong_deguo_reward_once_or_on_each_share(reading: str, total: int) -> None:
    # S robs W's kong with 德国 平胡 (DEGUO_PLAIN holds no 5s / 6s), dealer E, N holds a 副精:
    #   E's share: 1 × 2 dealer × 2 抢杠 × 2 德国 = 8
    #   W's share: 1 × 2 discarder (the kong maker) × 2 抢杠 × 2 德国 = 8
    #   N's share: 1 × 2 抢杠 × 2 德国 = 4
    # W pays all three (杠家一人全包): 8 + 8 + 4 = 20, plus the reward:
    #   "once": + 5 = 25;  "per_share": + 5 × 3 = 35
    result = score(
        DEGUO_PLAIN,
        "2m",
        winner="S",
        discarder="W",
        robbing_kong=True,
        options={"robbed_kong_deguo": reading},
    )
    assert result.ok, result.error
    assert result.sections["hu"] == {"E": 0, "S": total, "W": -total, "N": 0}
    bonus = next(i for i in result.items if i.id == "deguo_bonus")
    assert bonus.seats == (None if reading == "per_share" else ["W"])


def test_robbed_kong_deguo_does_not_touch_a_plain_discard() -> None:
    # no robbed kong: W discards to S; the reward stays the discarder's alone, once.
    # W: 1 × 2 discarder × 2 德国 = 4 + 5 = 9; E: 1 × 2 dealer × 2 德国 = 4; N: 1 × 2 德国 = 2
    result = score(
        DEGUO_PLAIN, "2m", winner="S", discarder="W", options={"robbed_kong_deguo": "per_share"}
    )
    assert result.sections["hu"] == {"E": -4, "S": 15, "W": -9, "N": -2}


def test_robbed_kong_deguo_rejects_other_values() -> None:
    result = score(DEGUO_PLAIN, "2m", options={"robbed_kong_deguo": "twice"})
    assert error_of(result)[0] == "invalid_request"
    assert "robbed_kong_deguo" in error_of(result)[1]


def test_jingdiao_structure_waits_follow_the_option() -> None:
    from mjcalc.app.waits import analyse

    def discard_wins(options: dict[str, str]) -> dict[str, int]:
        request = {"rules": "xingguo", "hand": "11m33m55p77p99p22z5s", "jing": "5s"}
        out = analyse({**request, "jings": {"N": [0, 1]}, "options": options})
        wait = next(w for w in out.waits if w.tile == "4z")
        return {seat: way.payments["E"] for seat, way in wait.discard.items()}

    assert discard_wins({}) == {}
    # E +21 in all: the hu's 16 (W's discard) plus the jing section
    assert discard_wins({"jingdiao_discard": "non_deguo"}) == {"S": 21, "W": 21, "N": 21}


def test_a_jing_free_hand_holds_no_jing_at_any_seat_in_a_table_of_its_own() -> None:
    # the shortcut for a hand without jing, no counts given and no kong: every seat holds none,
    # in a dict of its own (the settlement may change a holding; the next hand must not see it)
    from mjcalc.models import SEATS
    from mjcalc.rules.jing import NO_JING as _NO_JING
    from mjcalc.rules.jing import JingHeld
    from mjcalc.rules.xingguo.base import holdings

    loaded = load_rules("xingguo")
    options = loaded.options({})
    request = XingguoRequest(rules="xingguo", hand="123m456p789p567s11z", jing="9s")
    ctx = build_context(request, loaded, options)
    held = holdings(ctx, request, parse_jing("9s"))
    assert held == dict.fromkeys(SEATS, JingHeld(0, 0))
    held["E"] = JingHeld(1, 0)
    assert holdings(ctx, request, parse_jing("9s"))["E"] is _NO_JING
    # with a jing in the hand the winner's count is the hand's, as before
    request = XingguoRequest(rules="xingguo", hand="123m456p789p567s11z", jing="5s")
    ctx = build_context(request, loaded, options)
    assert holdings(ctx, request, parse_jing("5s"))[ctx.winner] == JingHeld(1, 1)
