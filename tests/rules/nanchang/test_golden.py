"""Golden hands: each worked by hand from the spec (docs/rules/nanchang.md), its whole payments
asserted, the hu section too.

Notation: m = hand factor × 2[德中德] × 2[精钓] × 2[杠开] × 2[the dealer won], f = 5 for 德国
or 德中德. Self-draw: each other seat 2m + f, the dealer 4m + f when another seat won. Discard:
the discarder 2m + f (4m + f the dealer), the others m + f (2m + f the dealer). Robbing a kong:
the kong maker alone 3 × 2m + 3f (3 × 4m + 3f the dealer). Jing: raw = 2 × 正精 + 1 × 副精
(+ 10 per jing kong); 冲关 raw ≥ 5 → raw × (raw − 3); 霸王精 doubles the only seat scoring;
each seat's net = 4 × own − the four scores. Defaults: dealer E, indicator 9p (正精 9p, 副精 1p),
N holds one 副精 (raw 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.rules.nanchang.helpers import (
    GERMAN,
    GERMAN_PAIRS,
    LONE_JING,
    MISFITS,
    PAIRS,
    PLAIN,
    PUNGS,
    SEVEN_STAR,
    score,
)


@dataclass(frozen=True)
class Case:
    id: str
    hand: str
    win: str
    pattern: str
    hu: tuple[int, int, int, int]  # E S W N
    payments: tuple[int, int, int, int]
    fields: dict[str, Any] = field(default_factory=dict)


def seats(values: tuple[int, int, int, int]) -> dict[str, int]:
    return dict(zip("ESWN", values, strict=True))


# the jing of most cases: the winner holds one 9p (raw 2), N one 1p (raw 1): total 3, the winner
# 4 × 2 − 3 = +5, N 4 × 1 − 3 = +1, the other two −3 each ("jing 5/1")
CASES = [
    # 1. dealer E self-draws 平胡: m = 1 × 2 = 2, each 2m = 4 → hu E +12; jing 5/1
    Case("dealer self-draw", PLAIN, "8m", "standard", (12, -4, -4, -4), (17, -7, -7, -3)),
    # 2. S self-draws: m = 1; W, N 2m = 2, the dealer E 4m = 4 → S +8; jing S 5, N 1
    Case(
        "other self-draw",
        PLAIN,
        "8m",
        "standard",
        (-4, 8, -2, -2),
        (-7, 13, -5, -1),
        {"winner": "S"},
    ),
    # 3. S off W: W 2m = 2, N m = 1, the bystander dealer E 2m = 2 → S +5; jing S 5, N 1
    Case(
        "off a non-dealer, dealer bystander",
        PLAIN,
        "8m",
        "standard",
        (-2, 5, -2, -1),
        (-5, 10, -5, 0),
        {"winner": "S", "discarder": "W"},
    ),
    # 4. S off the dealer E: E 4m = 4, W 1, N 1 → S +6
    Case(
        "off the dealer",
        PLAIN,
        "8m",
        "standard",
        (-4, 6, -1, -1),
        (-7, 11, -4, 0),
        {"winner": "S", "discarder": "E"},
    ),
    # 5. the dealer E off S: m = 2; S 2m = 4, W m = 2, N 2 → E +8; jing E 5, N 1
    Case(
        "dealer off a discard",
        PLAIN,
        "8m",
        "standard",
        (8, -4, -2, -2),
        (13, -7, -5, -1),
        {"discarder": "S"},
    ),
    # 6. dealer_pays_double = discarder, S self-draws: the dealer pays 2m = 2 like the others
    Case(
        "discarder option, self-draw",
        PLAIN,
        "8m",
        "standard",
        (-2, 6, -2, -2),
        (-5, 11, -5, -1),
        {"winner": "S", "options": {"dealer_pays_double": "discarder"}},
    ),
    # 7. discarder option, S off W: the bystander dealer pays m = 1
    Case(
        "discarder option, bystander dealer",
        PLAIN,
        "8m",
        "standard",
        (-1, 4, -2, -1),
        (-4, 9, -5, 0),
        {"winner": "S", "discarder": "W", "options": {"dealer_pays_double": "discarder"}},
    ),
    # 8. discarder option, S off E: the dealer dealt in, 4m = 4 as by default
    Case(
        "discarder option, dealer dealt in",
        PLAIN,
        "8m",
        "standard",
        (-4, 6, -1, -1),
        (-7, 11, -4, 0),
        {"winner": "S", "discarder": "E", "options": {"dealer_pays_double": "discarder"}},
    ),
    # 9. 德国 S self-draw: m = 1, f = 5: W, N 2 + 5 = 7, E 4 + 5 = 9 → +23; jing: N alone
    #    raw 1, 霸王精 → 2: N 4 × 2 − 2 = +6, the others −2
    Case(
        "German self-draw",
        GERMAN,
        "8m",
        "standard",
        (-9, 23, -7, -7),
        (-11, 21, -9, -1),
        {"winner": "S"},
    ),
    # 10. 德国 S off W: W 2 + 5 = 7, N 1 + 5 = 6, E 2 + 5 = 7 → +20; jing N +6
    Case(
        "German off a discard",
        GERMAN,
        "8m",
        "standard",
        (-7, 20, -7, -6),
        (-9, 18, -9, 0),
        {"winner": "S", "discarder": "W"},
    ),
    # 11. 德中德 (nobody holds jing): m = 1 × 2 = 2: W, N 4 + 5 = 9, E 8 + 5 = 13 → +31
    Case(
        "True German",
        GERMAN,
        "8m",
        "standard",
        (-13, 31, -9, -9),
        (-13, 31, -9, -9),
        {"winner": "S", "jings": {}},
    ),
    # 12. 德中德, the dealer self-draws: m = 1 × 2 × 2 = 4, each 8 + 5 = 13 → +39
    Case(
        "True German dealer",
        GERMAN,
        "8m",
        "standard",
        (39, -13, -13, -13),
        (39, -13, -13, -13),
        {"jings": {}},
    ),
    # 13. 德中德 under german_doubles = guide: m = 4: W, N 8 + 5 = 13, E 16 + 5 = 21 → +47
    Case(
        "True German, guide",
        GERMAN,
        "8m",
        "standard",
        (-21, 47, -13, -13),
        (-21, 47, -13, -13),
        {"winner": "S", "jings": {}, "options": {"german_doubles": "guide"}},
    ),
    # 14. 德国 under guide: m = 2: W, N 4 + 5 = 9, E 8 + 5 = 13 → +31; jing N +6
    Case(
        "German, guide",
        GERMAN,
        "8m",
        "standard",
        (-13, 31, -9, -9),
        (-15, 29, -11, -3),
        {"winner": "S", "options": {"german_doubles": "guide"}},
    ),
    # 15. 精钓, a lone 9p waits on anything, S draws 5s: m = 2: W, N 4, E 8 → +16; jing 5/1
    Case(
        "spirit fishing, lone jing",
        LONE_JING,
        "5s",
        "standard",
        (-8, 16, -4, -4),
        (-11, 21, -7, -3),
        {"winner": "S"},
    ),
    # 16. 精钓 (wide): S draws the second 5s of the pair while holding a 9p (78m + 9p): m = 2
    Case(
        "spirit fishing, natural pair",
        "12345678m234s5s9p5s",
        "5s",
        "standard",
        (-8, 16, -4, -4),
        (-11, 21, -7, -3),
        {"winner": "S"},
    ),
    # 17. the same under jingdiao_scope = pair_wait: no lone jing in the pair, m = 1
    Case(
        "pair_wait: not fishing",
        "12345678m234s5s9p5s",
        "5s",
        "standard",
        (-4, 8, -2, -2),
        (-7, 13, -5, -1),
        {"winner": "S", "options": {"jingdiao_scope": "pair_wait"}},
    ),
    # 18. a drawn jing never fishes: S draws the 9p (5s + 9p the pair), m = 1
    Case(
        "drawn jing, no fishing",
        "123m456m789m234s5s9p",
        "9p",
        "standard",
        (-4, 8, -2, -2),
        (-7, 13, -5, -1),
        {"winner": "S"},
    ),
    # 19. 精钓 only self-drawn: the lone-jing hand off W is a plain discard win (as case 3)
    Case(
        "fishing off a discard",
        LONE_JING,
        "5s",
        "standard",
        (-2, 5, -2, -1),
        (-5, 10, -5, 0),
        {"winner": "S", "discarder": "W"},
    ),
    # 20. dealer 杠开 + 精钓 (55s pair, holding 9p): m = 1 × 2 × 2 × 2 = 8, each 16 → +48;
    #     E's concealed kong +2 from each (+6); jing 5/1
    Case(
        "kong bloom, dealer, fishing",
        "(1111m) 234m56m9p234s55s",
        "5s",
        "standard",
        (48, -16, -16, -16),
        (59, -21, -21, -17),
        {"after_kong": True},
    ),
    # 21. 小七 with a jing, the dealer self-draws: m = 2 × 2 = 4, each 8 → +24; jing 5/1
    Case("seven pairs, dealer", PAIRS, "1m", "seven_pairs", (24, -8, -8, -8), (29, -11, -11, -7)),
    # 22. 小七 德国 S self-draw: m = 2, f = 5: W, N 9, E 13 → +31; jing N alone +6
    Case(
        "seven pairs German",
        GERMAN_PAIRS,
        "1m",
        "seven_pairs",
        (-13, 31, -9, -9),
        (-15, 29, -11, -3),
        {"winner": "S"},
    ),
    # 23. 小七 whose two jings pair each other (9p + 1p): still 德国: +31; jing S raw 3, N 1:
    #     S 12 − 4 = +8, N 0, E, W −4
    Case(
        "seven pairs, jing pair",
        "1122m3344p5566s9p1p",
        "1m",
        "seven_pairs",
        (-13, 31, -9, -9),
        (-17, 39, -13, -9),
        {"winner": "S"},
    ),
    # 24. 大七 S off W: m = 2: W 4, N 2, E 4 → +10; jing 5/1
    Case(
        "all pungs off a discard",
        PUNGS,
        "1m",
        "all_triplets",
        (-4, 10, -4, -2),
        (-7, 15, -7, -1),
        {"winner": "S", "discarder": "W"},
    ),
    # 25. the spec's 345s345s345s777m11z, indicator 4s (正精 4s, 副精 5s): 大七 (333s and wild
    #     pungs) + 德国 at face value + 精钓 (7m pairs with 7m): m = 2 × 2 = 4: W, N 8 + 5 = 13,
    #     E 16 + 5 = 21 → +47; jing S 3 × 2 + 3 = 9 → 冲关 54, N 1: S 216 − 55 = +161, N −51
    Case(
        "spec example, full search",
        "345s345s345s11z777m",
        "7m",
        "all_triplets",
        (-21, 47, -13, -13),
        (-76, 208, -68, -64),
        {"winner": "S", "jing": "4s"},
    ),
    # 26. 十三烂 S self-draw, always 德国: m = 2: W, N 9, E 13 → +31; jing 5/1
    Case(
        "thirteen misfits",
        MISFITS,
        "1m",
        "thirteen_misfits",
        (-13, 31, -9, -9),
        (-16, 36, -12, -8),
        {"winner": "S"},
    ),
    # 27. 十三烂 robbing W's added 1m kong: W alone 3 × 4 + 3 × 5 = 27; W's kong still paid
    #     (+1 from each); jing 5/1
    Case(
        "thirteen misfits robbing a kong",
        MISFITS,
        "1m",
        "thirteen_misfits",
        (0, 27, -27, 0),
        (-4, 31, -27, 0),
        {
            "winner": "S",
            "discarder": "W",
            "robbing_kong": True,
            "kongs": [{"seat": "W", "kind": "added", "tile": "1m"}],
        },
    ),
    # 28. 七星 the dealer self-draws: m = 4 × 2 = 8, each 16 + 5 = 21 → +63; jing 5/1
    Case(
        "seven-star, dealer",
        SEVEN_STAR,
        "1m",
        "seven_star_thirteen",
        (63, -21, -21, -21),
        (68, -24, -24, -20),
    ),
    # 29. 七星 with two jings for the two missing honors (6z 7z): m = 4: W, N 13, E 21 → +47;
    #     jing S 9p + 1p = 3, N 1: S +8, N 0, E, W −4
    Case(
        "seven-star with jing honors",
        "147m258p3s12345z9p1p",
        "1m",
        "seven_star_thirteen",
        (-21, 47, -13, -13),
        (-25, 55, -17, -13),
        {"winner": "S"},
    ),
    # 30. three natural honors and two jings: 4 honors missing > 2 jings, a plain 十三烂:
    #     +31; jing S 3, N 1
    Case(
        "misfits, too few jing for seven stars",
        "147m258p369s123z9p1p",
        "1m",
        "thirteen_misfits",
        (-13, 31, -9, -9),
        (-17, 39, -13, -9),
        {"winner": "S"},
    ),
    # 31. S robs W's added 8m: W alone 3 × 2m = 6; W's kong +1 from each; jing 5/1
    Case(
        "robbing a non-dealer's kong",
        PLAIN,
        "8m",
        "standard",
        (0, 6, -6, 0),
        (-4, 10, -6, 0),
        {
            "winner": "S",
            "discarder": "W",
            "robbing_kong": True,
            "kongs": [{"seat": "W", "kind": "added", "tile": "8m"}],
        },
    ),
    # 32. S robs the dealer E's added 8m: E alone 3 × 4m = 12; E's kong +3
    Case(
        "robbing the dealer's kong",
        PLAIN,
        "8m",
        "standard",
        (-12, 12, 0, 0),
        (-12, 16, -4, 0),
        {
            "winner": "S",
            "discarder": "E",
            "robbing_kong": True,
            "kongs": [{"seat": "E", "kind": "added", "tile": "8m"}],
        },
    ),
    # 33. the dealer E robs S's added 8m: m = 2, S alone 3 × 2m = 12; S's kong +3; jing 5/1
    Case(
        "dealer robs a kong",
        PLAIN,
        "8m",
        "standard",
        (12, -12, 0, 0),
        (16, -12, -4, 0),
        {
            "discarder": "S",
            "robbing_kong": True,
            "kongs": [{"seat": "S", "kind": "added", "tile": "8m"}],
        },
    ),
    # 34. under dealer_pays_double = discarder a robbed dealer still dealt in: as case 32
    Case(
        "discarder option, robbed dealer",
        PLAIN,
        "8m",
        "standard",
        (-12, 12, 0, 0),
        (-12, 16, -4, 0),
        {
            "winner": "S",
            "discarder": "E",
            "robbing_kong": True,
            "kongs": [{"seat": "E", "kind": "added", "tile": "8m"}],
            "options": {"dealer_pays_double": "discarder"},
        },
    ),
    # 35. 天胡: 20 from each, no 德中德, no +5 → E +60; jing N alone +6
    Case(
        "heavenly",
        GERMAN,
        "8m",
        "standard",
        (60, -20, -20, -20),
        (58, -22, -22, -14),
        {"heavenly": True},
    ),
    # 36. 地胡: S off the dealer's first discard, 20 from each → +60; jing 5/1
    Case(
        "earthly",
        PLAIN,
        "8m",
        "standard",
        (-20, 60, -20, -20),
        (-23, 65, -23, -19),
        {"winner": "S", "discarder": "E", "earthly": True},
    ),
    # 37. other seats' kongs (as case 2): W exposed 4z +1 from each, N concealed 7z +2 from
    #     each, E added 2z +1 from each: E 3 − 1 − 2 = 0, S −4, W 3 − 2 − 1 = 0, N 6 − 2 = 4
    Case(
        "kongs of the others",
        PLAIN,
        "8m",
        "standard",
        (-4, 8, -2, -2),
        (-7, 9, -5, 3),
        {
            "winner": "S",
            "kongs": [
                {"seat": "W", "kind": "exposed", "tile": "4z"},
                {"seat": "N", "kind": "concealed", "tile": "7z"},
                {"seat": "E", "kind": "added", "tile": "2z"},
            ],
        },
    ),
    # 38. W's concealed kong of 1p (副精, its four tiles): raw 4 + 10 = 14 → 冲关 154; S raw 2:
    #     W 616 − 156 = +460, S 8 − 156, E, N −156; the kong +2 from each
    Case(
        "jing kong, raw",
        PLAIN,
        "8m",
        "standard",
        (-4, 8, -2, -2),
        (-162, -142, 464, -160),
        {
            "winner": "S",
            "jings": {"W": [0, 4]},
            "kongs": [{"seat": "W", "kind": "concealed", "tile": "1p"}],
        },
    ),
    # 39. the same, jing_kong = flat: W raw 4, S 2: W 16 − 6 = +10, S +2, E, N −6; the kong
    #     2 + 10 from each → W +36
    Case(
        "jing kong, flat",
        PLAIN,
        "8m",
        "standard",
        (-4, 8, -2, -2),
        (-22, -2, 44, -20),
        {
            "winner": "S",
            "jings": {"W": [0, 4]},
            "options": {"jing_kong": "flat"},
            "kongs": [{"seat": "W", "kind": "concealed", "tile": "1p"}],
        },
    ),
    # 40. the winner's concealed kong of 9p (正精): 德国 at face value and 精钓 (55s pair):
    #     m = 2: W, N 4 + 5 = 9, E 8 + 5 = 13 → +31; kong +6; jing S 8 + 10 = 18 → 270, N 1:
    #     S 1080 − 271 = +809, N 4 − 271 = −267, E, W −271
    Case(
        "winner's jing kong",
        "(9999p) 123m456m234s55s",
        "5s",
        "standard",
        (-13, 31, -9, -9),
        (-286, 846, -282, -278),
        {"winner": "S"},
    ),
    # 41. 冲关 of another seat: E holds 2 正精 + 1 副精 = 5 → 10; S raw 2: E 40 − 12 = +28,
    #     S −4, W, N −12; hu as case 2
    Case(
        "chongguan of a payer",
        PLAIN,
        "8m",
        "standard",
        (-4, 8, -2, -2),
        (24, 4, -14, -14),
        {"winner": "S", "jings": {"E": [2, 1]}},
    ),
    # 42. 霸王精 of the winner: only S holds jing (raw 2 → 4): S 16 − 4 = +12, the others −4
    Case(
        "sole jing holder",
        PLAIN,
        "8m",
        "standard",
        (-4, 8, -2, -2),
        (-8, 20, -6, -6),
        {"winner": "S", "jings": {}},
    ),
    # 43. 跟庄: the dealer E pays 5 to each (as case 2 otherwise)
    Case(
        "follow the dealer",
        PLAIN,
        "8m",
        "standard",
        (-4, 8, -2, -2),
        (-22, 18, 0, 4),
        {"winner": "S", "follow_dealer": 1},
    ),
    # 44. 上下翻精 T = 3m: E dealt one 3m, S two 4m; Σc = 1, Σd = 2: E 2 × 3 − 2 = +4,
    #     S −2 + 6 = +4, W, N −4 (as case 2 otherwise)
    Case(
        "opening flip",
        PLAIN,
        "8m",
        "standard",
        (-4, 8, -2, -2),
        (-3, 17, -9, -5),
        {"winner": "S", "opening_flip": {"tile": "3m", "dealt": {"E": [1, 0], "S": [0, 2]}}},
    ),
    # 45. 上下翻精, W the only holder (two 3m, one 4m): W 2 × 6 + 3 = 15, the others −5,
    #     doubled: W +30, the others −10
    Case(
        "opening flip, sole holder",
        PLAIN,
        "8m",
        "standard",
        (-4, 8, -2, -2),
        (-17, 3, 25, -11),
        {"winner": "S", "opening_flip": "3m W=2,1"},
    ),
    # 46. a claimed 9p stays wild (discarded_jing_wild true): S off W, 5s + 9p the pair: as
    #     case 3
    Case(
        "claimed jing, wild",
        "123m456m789m234s5s9p",
        "9p",
        "standard",
        (-2, 5, -2, -1),
        (-5, 10, -5, 0),
        {"winner": "S", "discarder": "W"},
    ),
    # 47. a claimed 9p as a natural tile pairs with the held 9p; 德国 at face value: W 2 + 5,
    #     N 1 + 5, E 2 + 5 → +20; jing S two 9p = 4, N 1: S 16 − 5 = +11, N −1, E, W −5
    Case(
        "claimed jing, natural",
        "123m456m789m234s9p9p",
        "9p",
        "standard",
        (-7, 20, -7, -6),
        (-12, 31, -12, -7),
        {"winner": "S", "discarder": "W", "options": {"discarded_jing_wild": False}},
    ),
    # 48. stake 2 doubles every section of case 2
    Case(
        "stake",
        PLAIN,
        "8m",
        "standard",
        (-8, 16, -4, -4),
        (-14, 26, -10, -2),
        {"winner": "S", "options": {"stake": 2}},
    ),
    # 49. the dealer N (not E) as a bystander of S's win off W: N pays 2m = 2, E m = 1
    Case(
        "dealer N bystander",
        PLAIN,
        "8m",
        "standard",
        (-1, 5, -2, -2),
        (-4, 10, -5, -1),
        {"winner": "S", "discarder": "W", "dealer": "N"},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_golden_hand(case: Case) -> None:
    result = score(case.hand, case.win, **case.fields)
    assert result.ok, result.error
    assert result.pattern is not None and result.pattern.id == case.pattern
    assert result.sections["hu"] == seats(case.hu)
    assert result.payments == seats(case.payments)
    for name, section in result.sections.items():
        assert sum(section.values()) == 0, name


def test_there_are_at_least_forty_golden_hands() -> None:
    assert len(CASES) >= 40
    assert len({c.id for c in CASES}) == len(CASES)
