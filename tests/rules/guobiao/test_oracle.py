"""Guobiao's fan calculator against the outside engine, PyMahjongGB (ChineseOfficialMahjongHelper).

Thousands of random valid situations with a fixed seed (every shape, melds and concealed kongs,
flowers, every flag, every seat and prevalent wind; :mod:`.situations`), each required to agree
with the package fan by fan and on the total. The package builds from source (a C++ compiler),
so the test is skipped when it is not installed; ``bench/guobiao_oracle.py`` runs the same
comparison on hundreds of thousands.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mjcalc.rules.guobiao.fan import FanHand, count_fans
from mjcalc.tiles import EAST, tiles
from tests.rules.guobiao.situations import SHAPES, ours, package_fans, situation

MahjongGB = pytest.importorskip("MahjongGB")

CASES = 6000
SEED = 20261207


def test_every_random_situation_agrees_fan_by_fan() -> None:
    rng = random.Random(SEED)
    shapes: Counter[str] = Counter()
    fans_seen: Counter[str] = Counter()
    disagreements = []
    for _ in range(CASES):
        s = situation(rng)
        shapes[s.shape] += 1
        mine, theirs = ours(s), package_fans(MahjongGB.MahjongFanCalculator, s)
        fans_seen.update(mine or {})
        if mine != theirs:
            disagreements.append((s.hand, mine, theirs))
    assert disagreements[:5] == []
    assert set(shapes) == set(SHAPES)
    assert len(fans_seen) >= 75  # nearly every fan of the table comes up


def test_totals_agree_with_the_package_on_its_own_example() -> None:
    found = MahjongGB.MahjongFanCalculator(
        pack=(),
        hand=("W1", "W1", "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "W9", "W9"),
        winTile="W5",
        flowerCount=2,
        isSelfDrawn=False,
        is4thTile=False,
        isAboutKong=False,
        isWallLast=False,
        seatWind=0,
        prevalentWind=0,
    )
    hand = FanHand(
        concealed=tuple(tiles("11123455678999m")),
        melds=(),
        win_tile=4,
        self_drawn=False,
        seat_wind=EAST,
        prevalent_wind=EAST,
        flowers=2,
    )
    counted = count_fans(hand)
    assert counted is not None
    assert counted.total == sum(fan for fan, _ in found) == 88 + 2 + 1 + 2


def _package(hand: tuple[str, ...], win: str, **flags: object) -> dict[str, int]:
    """The package's fans of a concealed hand, by Chinese name."""
    call = {
        "pack": (),
        "hand": hand,
        "winTile": win,
        "flowerCount": 0,
        "isSelfDrawn": False,
        "is4thTile": False,
        "isAboutKong": False,
        "isWallLast": False,
        "seatWind": 0,
        "prevalentWind": 0,
        **flags,
    }
    return {name: fan for fan, name in MahjongGB.MahjongFanCalculator(**call)}


SEVEN_PAIRS = ("W1", "W1", "W3", "W3", "B5", "B5", "B7", "B7", "T9", "T9", "T2", "T2", "F4")
"""11m33m55p77p99s22s + 4z, waiting on 4z (a tile the hand holds one of)."""


@pytest.mark.parametrize(
    ("flags", "request_fields", "said"),
    [
        # a robbed kong of a tile the hand holds: the package drops 抢杠和 and scores the rest
        (
            {"isAboutKong": True},
            {"discarder": "W", "robbing_kong": True},
            "4z",
        ),
        # 杠上开花 with no kong in the hand: the package drops the flag
        (
            {"isAboutKong": True, "isSelfDrawn": True},
            {"after_kong": True},
            "kong",
        ),
    ],
)
def test_what_mjcalc_refuses_the_package_quietly_accepts(
    flags: dict[str, object], request_fields: dict[str, object], said: str
) -> None:
    import mjcalc

    theirs = _package(SEVEN_PAIRS, "F4", **flags)
    assert theirs["七对"] == 24 and "抢杠和" not in theirs and "杠上开花" not in theirs
    result = mjcalc.score(
        {"rules": "guobiao", "hand": "11m33m55p77p99s22s44z", "winner": "S", **request_fields}
    )
    assert result.error is not None and result.error.code == "invalid_request"
    assert said in result.error.message
