"""Every row of the seed's tables A–D and its E examples, scored through ``mjcalc.score``.

The seed is the scraped Chinese text 沖關麻將興國規則 (section 五 计子规则, groups A–E); the formula
(docs/rules/xingguo.md, "The hu score")::

    amount(p) = v × 2[self-draw] × 2[p discarded] × 2[winner or p is dealer] × 2[精吊]
                  × 2[杠开] × 2[抢杠] × 2[霸胡]
    德国: × 2, then + 5 (self-draw: from all; off a discard: from the discarder)

Dealer E. A non-dealer winner is S; the other payers are W and N. The flipped tile is 5s, so
正精 = 5s and 副精 = 6s; the hands hold neither except where a jing is meant. Where the seed
assumes a jing is held somewhere (its 德国 rows), W or N holds a 副精 via ``jings`` so 霸胡 does
not apply; only the hu section is asserted (the jing ledger is tested elsewhere).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import mjcalc
from mjcalc.models import Seat
from mjcalc.rules.xingguo.options import XingguoOptions
from mjcalc.rules.xingguo.ruleset import tables

JING = "5s"
HELD_ELSEWHERE = {"N": [0, 1]}  # N is never the winner below


def score(hand: str, win: str, **fields: Any) -> mjcalc.models.Result:
    request = {"rules": "xingguo", "hand": hand, "win_tile": win, "jing": JING, **fields}
    request.setdefault("jings", HELD_ELSEWHERE)
    return mjcalc.score(request)


@dataclass(frozen=True)
class Situation:
    winner: Seat
    discarder: Seat | None


DEALER_SELF = Situation("E", None)
NON_DEALER_SELF = Situation("S", None)
TO_DEALER = Situation("E", "S")  # 闲家点庄家
DEALER_TO = Situation("S", "E")  # 庄家点闲家
NON_DEALER_TO = Situation("S", "W")  # 闲家点闲家


@dataclass(frozen=True)
class Row:
    """A seed row: shares per paying seat and the seed's total (``None``: 不能胡)."""

    seed: str
    situation: Situation
    shares: dict[Seat, int] | None
    total: int | None = None


# Hands, each with its winning tile. 有精 hands need the 5s as a wild; none had four sets (six
# pairs) + a lone jing before its winning tile, which would be 精吊.
PLAIN_JING = ("123m45678p789s11z5s", "1m")  # 78p + 5s(→9p)
PLAIN_DEGUO = ("123m456789p789s11z", "1m")
PAIRS_JING = ("1133m2288p4477s1z5s", "1m")  # 1z + 5s(→1z)
PAIRS_DEGUO = ("1133m2288p4477s11z", "1m")
LAN_JING = ("147m258p39s12345z5s", "1m")  # 3s 5s are too close: the 5s is wild
LAN_DEGUO = ("147m258p147s12345z", "1m")
BIG_JING = ("222m444p777s999s1z5s", "2m")  # pair 1z + 5s(→1z)
BIG_DEGUO = ("222m444p777s999s11z", "2m")
STAR_JING = ("14m258p35s1234567z", "1m")  # 3s 5s too close: the 5s stands for a bamboo
STAR_DEGUO = ("147m258p3s1234567z", "1m")

# A 平胡: v = 1
A_JING = [
    # A1 庄家平胡有精自摸 4+4+4=12: 1 × 2 self × 2 dealer = 4 each
    Row("A1", DEALER_SELF, {"S": 4, "W": 4, "N": 4}, 12),
    # A3 闲家平胡有精自摸 4+2+2=8: dealer 1×2×2 = 4, others 1×2 = 2
    Row("A3", NON_DEALER_SELF, {"E": 4, "W": 2, "N": 2}, 8),
    Row("A5", TO_DEALER, None),  # 闲家点庄家有精平胡: 不能胡
    Row("A7", DEALER_TO, None),  # 庄家点闲家有精平胡: 不能胡
    Row("A9", NON_DEALER_TO, None),  # 闲家点闲家有精平胡: 不能胡
]
A_DEGUO = [
    # A2 庄家平胡德国自摸 13+13+13=39: 4 × 2 + 5
    Row("A2", DEALER_SELF, {"S": 13, "W": 13, "N": 13}, 39),
    # A4 闲家平胡德国自摸 13+9+9=31: dealer 4×2+5, others 2×2+5
    Row("A4", NON_DEALER_SELF, {"E": 13, "W": 9, "N": 9}, 31),
    # A6 闲家点庄家德国平胡 13+4+4=21: S 1×2 disc×2 dealer=4, ×2+5; W, N 1×2 dealer=2, ×2
    Row("A6", TO_DEALER, {"S": 13, "W": 4, "N": 4}, 21),
    # A8 庄家点闲家德国平胡 13+2+2=17: E (discarder, dealer) 4×2+5; W, N 1×2
    Row("A8", DEALER_TO, {"E": 13, "W": 2, "N": 2}, 17),
    # A10 闲家点闲家德国平胡 9+4+2=15: W 2×2+5, dealer E 2×2, N 1×2
    Row("A10", NON_DEALER_TO, {"W": 9, "E": 4, "N": 2}, 15),
]
# B 小七 / 十三烂: v = 2
B_JING = [
    Row("B1", DEALER_SELF, {"S": 8, "W": 8, "N": 8}, 24),  # 2×2×2
    Row("B3", NON_DEALER_SELF, {"E": 8, "W": 4, "N": 4}, 16),  # dealer 2×2×2, others 2×2
    Row("B5", TO_DEALER, {"S": 8, "W": 4, "N": 4}, 16),  # S 2×2×2; W, N 2×2 dealer
    Row("B7", DEALER_TO, {"E": 8, "W": 2, "N": 2}, 12),  # E 2×2×2; W, N 2
    Row("B9", NON_DEALER_TO, {"W": 4, "E": 4, "N": 2}, 10),  # W 2×2, E 2×2, N 2
]
B_DEGUO = [
    Row("B2", DEALER_SELF, {"S": 21, "W": 21, "N": 21}, 63),  # 8×2+5
    # B4 闲家小七德国自摸: the seed prints 21+13+13=37, a slip of addition: the parts
    # (dealer 8×2+5 = 21, others 4×2+5 = 13) are right and sum to 47
    Row("B4", NON_DEALER_SELF, {"E": 21, "W": 13, "N": 13}, 47),
    Row("B6", TO_DEALER, {"S": 21, "W": 8, "N": 8}, 37),  # S 8×2+5; W, N 4×2
    Row("B8", DEALER_TO, {"E": 21, "W": 4, "N": 4}, 29),  # E 8×2+5; W, N 2×2
    Row("B10", NON_DEALER_TO, {"W": 13, "E": 8, "N": 4}, 25),  # W 4×2+5, E 4×2, N 2×2
]
# C 大七 / 七星十三烂: v = 4
C_JING = [
    Row("C1", DEALER_SELF, {"S": 16, "W": 16, "N": 16}, 48),  # 4×2×2
    Row("C3", NON_DEALER_SELF, {"E": 16, "W": 8, "N": 8}, 32),
    Row("C5", TO_DEALER, {"S": 16, "W": 8, "N": 8}, 32),
    Row("C7", DEALER_TO, {"E": 16, "W": 4, "N": 4}, 24),
    Row("C9", NON_DEALER_TO, {"W": 8, "E": 8, "N": 4}, 20),
]
C_DEGUO = [
    Row("C2", DEALER_SELF, {"S": 37, "W": 37, "N": 37}, 111),  # 16×2+5
    Row("C4", NON_DEALER_SELF, {"E": 37, "W": 21, "N": 21}, 79),  # 16×2+5, 8×2+5
    Row("C6", TO_DEALER, {"S": 37, "W": 16, "N": 16}, 69),  # 16×2+5, 8×2
    # C8 庄家点闲家德国大七: the seed prints 37+8+8=43, a slip of addition: E 16×2+5 = 37,
    # W, N 4×2 = 8 sum to 53
    Row("C8", DEALER_TO, {"E": 37, "W": 8, "N": 8}, 53),
    # C10 闲家点闲家德国大七, printed 16+21+8=45: W 8×2+5 = 21, dealer E 8×2 = 16, N 4×2 = 8
    Row("C10", NON_DEALER_TO, {"W": 21, "E": 16, "N": 8}, 45),
]

SEED_CASES = [
    *((f"{r.seed} 平胡 有精", *PLAIN_JING, r) for r in A_JING),
    *((f"{r.seed} 平胡 德国", *PLAIN_DEGUO, r) for r in A_DEGUO),
    *((f"{r.seed} 小七 有精", *PAIRS_JING, r) for r in B_JING),
    *((f"{r.seed} 小七 德国", *PAIRS_DEGUO, r) for r in B_DEGUO),
    *((f"{r.seed} 十三烂 有精", *LAN_JING, r) for r in B_JING),
    *((f"{r.seed} 十三烂 德国", *LAN_DEGUO, r) for r in B_DEGUO),
    *((f"{r.seed} 大七 有精", *BIG_JING, r) for r in C_JING),
    *((f"{r.seed} 大七 德国", *BIG_DEGUO, r) for r in C_DEGUO),
    *((f"{r.seed} 七星十三烂 有精", *STAR_JING, r) for r in C_JING),
    *((f"{r.seed} 七星十三烂 德国", *STAR_DEGUO, r) for r in C_DEGUO),
]


def assert_row(result: mjcalc.models.Result, row: Row) -> None:
    if row.shares is None:
        assert not result.ok
        assert result.error is not None
        assert result.error.code == "illegal_win"
        assert "有精平胡不能抓点炮" in result.error.message
        return
    assert result.ok, result.error
    assert sum(row.shares.values()) == row.total
    winner = row.situation.winner
    expected = {winner: row.total, **{seat: -amount for seat, amount in row.shares.items()}}
    assert result.sections["hu"] == expected


@pytest.mark.parametrize(
    ("hand", "win", "row"), [case[1:] for case in SEED_CASES], ids=[c[0] for c in SEED_CASES]
)
def test_seed_tables_a_b_c(hand: str, win: str, row: Row) -> None:
    s = row.situation
    assert_row(score(hand, win, winner=s.winner, discarder=s.discarder), row)


def test_the_shapes_are_the_ones_meant() -> None:
    ids = {
        hand: score(hand, win).pattern.id  # type: ignore[union-attr]
        for hand, win in (PLAIN_JING, PAIRS_JING, LAN_JING, BIG_JING, STAR_JING, STAR_DEGUO)
    }
    assert list(ids.values()) == [
        "plain",
        "seven_pairs",
        "thirteen_lan",
        "big_seven",
        "seven_star_lan",
        "seven_star_lan",
    ]


# D 精吊: 13 tiles = four sets (six pairs, four pungs) + a lone 5s; self-drawn. 有精: the
# winning tile is another tile, the 5s stands for it; 德国: the winning tile is another 5s.
JINGDIAO_CASES = [
    # D1 庄家有精平胡精吊 8+8+8=24: 1×2 self×2 dealer×2 精吊 = 8
    ("D1", "123m456p789p789s5s1z", "1z", "E", {"S": 8, "W": 8, "N": 8}, 24),
    # D2 闲家有精平胡精吊 8+4+4=16: dealer 8, others 1×2×2 = 4
    ("D2", "123m456p789p789s5s1z", "1z", "S", {"E": 8, "W": 4, "N": 4}, 16),
    # D3 庄家有精小七精吊 16+16+16=48: 2×2×2×2
    ("D3", "1133m2288p4477s5s1z", "1z", "E", {"S": 16, "W": 16, "N": 16}, 48),
    ("D4", "1133m2288p4477s5s1z", "1z", "S", {"E": 16, "W": 8, "N": 8}, 32),
    # D5 庄家有精大七精吊 32+32+32=96: 4×2×2×2
    ("D5", "222m444p777s999s5s1z", "1z", "E", {"S": 32, "W": 32, "N": 32}, 96),
    ("D6", "222m444p777s999s5s1z", "1z", "S", {"E": 32, "W": 16, "N": 16}, 64),
    # D7 庄家平胡精吊德国 21+21+21=63: 8×2+5
    ("D7", "123m456p789p789s5s5s", "5s", "E", {"S": 21, "W": 21, "N": 21}, 63),
    # D8 闲家平胡精吊德国 21+13+13=47: 8×2+5, 4×2+5
    ("D8", "123m456p789p789s5s5s", "5s", "S", {"E": 21, "W": 13, "N": 13}, 47),
    # D9 庄家小七精吊德国 37+37+37=111: 16×2+5
    ("D9", "1133m2288p4477s5s5s", "5s", "E", {"S": 37, "W": 37, "N": 37}, 111),
    ("D10", "1133m2288p4477s5s5s", "5s", "S", {"E": 37, "W": 21, "N": 21}, 79),
    # D11 庄家大七精吊德国 69+69+69=207: 32×2+5
    ("D11", "222m444p777s999s5s5s", "5s", "E", {"S": 69, "W": 69, "N": 69}, 207),
    # D12 闲家大七精吊德国 69+37+37=143: 32×2+5, 16×2+5
    ("D12", "222m444p777s999s5s5s", "5s", "S", {"E": 69, "W": 37, "N": 37}, 143),
]


@pytest.mark.parametrize(
    ("hand", "win", "winner", "shares", "total"),
    [c[1:] for c in JINGDIAO_CASES],
    ids=[c[0] for c in JINGDIAO_CASES],
)
def test_seed_table_d_jingdiao(
    hand: str, win: str, winner: Seat, shares: dict[Seat, int], total: int
) -> None:
    row = Row("D", Situation(winner, None), shares, total)
    result = score(hand, win, winner=winner)
    assert_row(result, row)
    assert "jingdiao" in [i.id for i in result.items]


def test_seed_d13_kong_jingdiao_deguo() -> None:
    # D13 庄家大七杠吊德国 133+133+133=399: 4 ×2 self ×2 dealer ×2 精吊 ×2 杠开 = 64, ×2 + 5
    result = score("(2222m) 444p777s999s5s5s", "5s", after_kong=True)
    assert result.sections["hu"] == {"E": 399, "S": -133, "W": -133, "N": -133}
    ids = [i.id for i in result.items]
    assert {"jingdiao", "after_kong", "deguo", "deguo_bonus"} <= set(ids)


# --- E 其它 -----------------------------------------------------------------------------------


def test_e1_every_deguo_win_adds_the_reward_once() -> None:
    # the same 德国 hand with deguo_bonus 0: A2's 13 = 8 + 5
    with_bonus = score(*PLAIN_DEGUO).sections["hu"]
    without = score(*PLAIN_DEGUO, options={"deguo_bonus": 0}).sections["hu"]
    assert with_bonus["S"] - without["S"] == -5
    assert without == {"E": 24, "S": -8, "W": -8, "N": -8}


@pytest.mark.parametrize(
    ("flag", "winner", "hand", "win", "each"),
    [
        # E2 普通天、地胡 20+20+20=60 (有精, so no 德国 reward)
        ("heavenly", "E", *PLAIN_JING, 20),
        ("earthly", "S", *PLAIN_JING, 20),
        # E3 精吊天、地胡 40+40+40=120
        ("heavenly", "E", "123m456p789p789s5s1z", "1z", 40),
        ("earthly", "S", "123m456p789p789s5s1z", "1z", 40),
        # 德国 天胡: 20 + 5 from each
        ("heavenly", "E", *PLAIN_DEGUO, 25),
        # 精吊德国 地胡: 40 + 5
        ("earthly", "S", "123m456p789p789s5s5s", "5s", 45),
    ],
)
def test_e2_e3_heavenly_and_earthly_are_flat(
    flag: str, winner: Seat, hand: str, win: str, each: int
) -> None:
    result = score(hand, win, winner=winner, **{flag: True})
    payers = [s for s in ("E", "S", "W", "N") if s != winner]
    # no dealer doubling, no self-draw doubling: the dealer pays a 地胡 like anyone else
    assert result.sections["hu"] == {winner: 3 * each, **{p: -each for p in payers}}
    assert "dealer" not in [i.id for i in result.items]


def test_e5_kongs_pay_two_from_each() -> None:
    # 暗杠、碰杠、补杠 +2+2+2=6: one of each by three seats, plus the winner's concealed kong
    kongs = [
        {"seat": "S", "kind": "concealed", "tile": "1p"},
        {"seat": "W", "kind": "exposed", "tile": "2p"},
        {"seat": "N", "kind": "added"},
    ]
    result = score("(1111m) 456m789p789s11z", "1z", winner="E", kongs=kongs)
    # each of the four owners collects 2 from each of three and pays 2 to each of the three
    # other kongs: 6 - 3 × 2 = 0 for everyone
    assert result.sections["kong"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    only_s = score(*PLAIN_DEGUO, kongs=kongs[:1])
    assert only_s.sections["kong"] == {"E": -2, "S": 6, "W": -2, "N": -2}
    assert [i.id for i in result.items].count("kong") == 4


def test_e5_robbing_a_kong_doubles_and_the_kong_maker_pays_all() -> None:
    # S robs W's added kong of 2m: a 德国 平胡 scored as W's discard, every share ×2:
    # W 1×2 disc×2 抢杠 = 4, ×2 + 5 = 13; E 1×2 dealer×2 = 4, ×2 = 8; N 1×2 = 2, ×2 = 4 —
    # 25 in all, and W (杠家一人全包) pays it alone; the +5 is paid once, undoubled
    result = score(
        "123m456789p789s11z",
        "2m",
        winner="S",
        discarder="W",
        robbing_kong=True,
        kongs=[{"seat": "W", "kind": "added", "tile": "2m"}],
    )
    assert result.sections["hu"] == {"E": 0, "S": 25, "W": -25, "N": 0}
    assert result.sections["kong"] == {"E": 0, "S": 0, "W": 0, "N": 0}  # a robbed kong: nothing


def test_e6_win_on_a_kong_replacement_doubles() -> None:
    # 杠上花 = normal ×2: non-dealer S, 有精 平胡 (1111m kong, 78p + 5s): E 1×2×2×2 = 8, W N 4
    hand = "(1111m) 456m78p789s11z5s"
    result = score(hand, "1z", winner="S", after_kong=True)
    assert result.sections["hu"] == {"E": -8, "S": 16, "W": -4, "N": -4}
    # 杠上平胡 = 平胡精吊 (D2 8+4+4) and 杠花德国 = 德国精吊 (D8 21+13+13)
    deguo = score("(1111m) 456m789p789s11z", "1z", winner="S", after_kong=True)
    assert deguo.sections["hu"] == {"E": -21, "S": 47, "W": -13, "N": -13}


def test_e6_kong_on_big_seven_equals_big_seven_jingdiao() -> None:
    # 杠上大七 = 大七精吊 (D5: 32 each for the dealer): 4×2×2×2
    result = score("(2222m) 444p777s999s1z5s", "4p", after_kong=True)
    assert result.sections["hu"] == {"E": 96, "S": -32, "W": -32, "N": -32}


def test_e7_no_jing_anywhere_doubles_the_win() -> None:
    # 霸胡: A2's hand with nobody holding a jing: 1×2×2×2 = 8, ×2 + 5 = 21 each
    result = score(*PLAIN_DEGUO, jings={})
    assert result.sections["hu"] == {"E": 63, "S": -21, "W": -21, "N": -21}
    assert "bahu" in [i.id for i in result.items]


def test_e8_follow_the_dealer_costs_the_dealer_fifteen_a_round() -> None:
    result = score(*PLAIN_DEGUO, follow_dealer=1)
    assert result.sections["follow_dealer"] == {"E": -15, "S": 5, "W": 5, "N": 5}


def test_e9_seven_star_lan_scores_as_big_seven() -> None:
    star = score(*STAR_DEGUO, winner="S", discarder="W").sections["hu"]
    big = score(*BIG_DEGUO, winner="S", discarder="W").sections["hu"]
    assert star == big == {"E": -16, "S": 45, "W": -21, "N": -8}  # C10


# --- the tables of `mjcalc rules xingguo` --------------------------------------------------------

# The seed's cells, as parts (any order) and total; B4 and C8 with their corrected totals.
SEED_TABLES = {
    "A": [
        ("4+4+4=12", "13+13+13=39"),
        ("4+2+2=8", "13+9+9=31"),
        (None, "13+4+4=21"),
        (None, "13+2+2=17"),
        (None, "9+4+2=15"),
    ],
    "B": [
        ("8+8+8=24", "21+21+21=63"),
        ("8+4+4=16", "21+13+13=47"),
        ("8+4+4=16", "21+8+8=37"),
        ("8+2+2=12", "21+4+4=29"),
        ("4+4+2=10", "13+8+4=25"),
    ],
    "C": [
        ("16+16+16=48", "37+37+37=111"),
        ("16+8+8=32", "37+21+21=79"),
        ("16+8+8=32", "37+16+16=69"),
        ("16+4+4=24", "37+8+8=53"),
        ("8+8+4=20", "16+21+8=45"),
    ],
}


def _parts(cell: str | None) -> tuple[list[int], int] | None:
    if cell is None or cell.startswith("不能胡"):
        return None
    parts, total = cell.split("=")
    return sorted(int(p) for p in parts.split("+")), int(total)


def test_generated_tables_reproduce_the_seed() -> None:
    generated = tables(XingguoOptions())
    assert [t.title[0] for t in generated] == ["A", "B", "C", "D", "E", "F"]
    for table in generated[:3]:
        seed = SEED_TABLES[table.title[0]]
        for row, (with_jing, deguo) in zip(table.rows, seed, strict=True):
            cells = row[1:]
            # every shape of the group (小七 and 十三烂; 大七 and 七星十三烂) has the seed's values
            for k, cell in enumerate(cells):
                assert _parts(cell) == _parts(deguo if k % 2 else with_jing), (table.title, row)


def test_generated_table_d_reproduces_the_seed() -> None:
    d = tables(XingguoOptions())[3]
    dealer, non_dealer, discard, kong = (row[1:] for row in d.rows)
    # D1, D7, D3, D9, D5, D11 (dealer) and D2, D8, D4, D10, D6, D12 (non-dealer)
    assert dealer == [
        "8+8+8=24",
        "21+21+21=63",
        "16+16+16=48",
        "37+37+37=111",
        "32+32+32=96",
        "69+69+69=207",
    ]
    assert non_dealer == [
        "8+4+4=16",
        "21+13+13=47",
        "16+8+8=32",
        "37+21+21=79",
        "32+16+16=64",
        "69+37+37=143",
    ]
    assert all(cell.startswith("不能胡") for cell in discard)
    assert kong[-1] == "133+133+133=399"  # D13


def test_tables_follow_the_options() -> None:
    a = tables(XingguoOptions(deguo_bonus=0))[0]
    assert a.rows[0][2] == "8+8+8=24"  # A2 without the +5


def test_generated_table_e_lists_the_seed_section_e() -> None:
    # E1 德国 +5; E2 天/地胡 20+20+20=60; E3 精吊 天/地胡 40+40+40=120; E4 诈胡 -20-20-20=-60;
    # E5 暗杠/碰杠/补杠 +2+2+2=6 (杠精 10 each, family), 抢杠 ×2; E6 杠上花 ×2; E7 霸胡 ×2;
    # E8 跟庄 -5-5-5=-15 a round; E9 七星十三烂 = 十三烂 ×2 (4 against 2)
    e = tables(XingguoOptions())[4]
    assert [row[1] for row in e.rows] == [
        "+5",
        "+20+20+20=60",
        "+40+40+40=120",
        "-20-20-20=-60",
        "+2+2+2=6",
        "+10+10+10=30",
        "×2",
        "×2",
        "×2",
        "-5-5-5=-15",
        "×2",
    ]
    assert e.rows_zh is not None and e.rows_zh[0][0] == "所有德国奖励，不翻倍"
    # the amounts follow the options: a house rule of 30 for 天胡 and 3 for 跟庄
    house = tables(XingguoOptions(heavenly_score=30, follow_dealer_score=3))[4]
    assert house.rows[1][1] == "+30+30+30=90"
    assert house.rows[9][1] == "-3-3-3=-9"


def test_generated_table_f_is_the_chongguan_ladder_with_bawang() -> None:
    # 冲关: s below 5 scores s; from 5 on s × (s - 3): 5→10, 6→18, 7→28, 8→40, 9→54, 10→70.
    # 霸精 (the only holder) doubles it: 1→2 … 10→140; with "plus10" it adds 10 instead.
    f = tables(XingguoOptions())[5]
    assert [row[1] for row in f.rows] == [
        "1→1", "2→2", "3→3", "4→4", "5→10", "6→18", "7→28", "8→40", "9→54", "10→70"
    ]  # fmt: skip
    assert [int(row[2]) for row in f.rows] == [2, 4, 6, 8, 20, 36, 56, 80, 108, 140]
    plus = tables(XingguoOptions(bawang="plus10"))[5]
    assert [int(row[2]) for row in plus.rows] == [11, 12, 13, 14, 20, 28, 38, 50, 64, 80]
    # one 正精 held alone: 2 → 霸精 4 from each of three = 12; a 大相公 collects nothing
    assert f.note is not None and "小相公 still collects 12, 大相公 0" in f.note
