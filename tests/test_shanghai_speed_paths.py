"""The Shanghai evaluator's shortcuts (issue 9) give what the long way gave.

Each shortcut is checked on the case it skips work for: the tile count checked alone once the
flowers are known, the engine asked only for the shapes that may win (every shape again to word
a refusal), the hand's colour found once for all its readings, and items shared between hands.
"""

from __future__ import annotations

import pytest

import mjcalc
from mjcalc.engine import readings
from mjcalc.hand import Hand, Meld
from mjcalc.rules.shanghai.hands import (
    _BY_COLOUR,
    SHAPES,
    WINNING_HANDS,
    classify,
    hand_colour,
)
from mjcalc.tiles import tile
from tests.rules.shanghai.helpers import error, item_ids, score


@pytest.mark.parametrize(
    ("hand", "fields"),
    [
        ("123m456m789m123m5m", {"flowers": 3}),  # 13 tiles, flowers only counted
        ("123m456m789m123m55m5m", {"flowers": 1}),  # 15 tiles
        ("123m456m789m5m (1111p)", {}),  # a kong and 14 tiles in all: one short
        ("123m456m789m123m5m", {"flowers": 0}),
    ],
)
def test_the_count_checked_late_is_the_count_of_validation(
    hand: str, fields: dict[str, int]
) -> None:
    err = error(hand, **fields)
    assert err.code == "invalid_hand"
    assert "tiles" in err.message


def test_eight_flowers_counted_skip_the_count() -> None:
    result = score("123m456m789m123m5m", flowers=8)
    assert result.pattern is not None and result.pattern.id == "eight_flowers"


@pytest.mark.parametrize(
    ("hand", "code", "words"),
    [
        ("1122m3344p5566s77z", "illegal_win", "seven pairs"),  # seven pairs alone
        ("112233m445566p77z", "illegal_win", "mixed"),  # seven pairs and mixed chows
        ("123m456m789m124m55m", "not_winning", "no reading"),
    ],
)
def test_refusals_still_see_every_shape(hand: str, code: str, words: str) -> None:
    err = error(hand)
    assert err.code == code
    assert words in err.message


def test_seven_pairs_that_are_also_a_flush_score_as_the_flush() -> None:
    result = score("11223344556677m")
    assert result.pattern is not None and result.pattern.id == "full_flush"


def test_all_honors_without_structure_still_found() -> None:
    result = score("1122334455667z 7z")
    assert result.pattern is not None and result.pattern.id == "all_honors"


@pytest.mark.parametrize(
    "text",
    [
        "11122233344455m",
        "111222333m44455z",
        "123m456m789m123m11z",
        "111m222p333s444m55p",
        "11223344556677z",
        "111z222z333z444z55z",
        "111m234m567m99m [777z]",
    ],
)
def test_colour_of_the_hand_is_the_colour_of_each_reading(text: str) -> None:
    """The named hand from the hand's colour is the one each reading's own tiles give."""
    hand = mjcalc.parse_hand(text)
    colour = hand_colour(hand)
    for r in readings(hand.concealed, hand.melds, (), SHAPES):
        tiles = [t for g in r.groups for t in g.tiles]
        suits = {t // 9 for t in tiles if t < 27}
        honors = any(t >= 27 for t in tiles)
        expected = {0: "honors", 1: "half_flush" if honors else "full_flush"}.get(
            len(suits), "mixed"
        )
        assert colour == expected
        named = classify(r, colour)
        if r.shape == "standard":
            assert named is _BY_COLOUR[colour][r.all_triplets]
            assert named is None or named in WINNING_HANDS


def test_colour_counts_melds() -> None:
    hand = Hand(tuple(tile(t) for t in ("1m", "1m", "1m")), (Meld((27, 27, 27)),))
    assert hand_colour(hand) == "half_flush"


def test_shared_items_never_carry_one_hand_into_the_next() -> None:
    """Items are shared between hands; each result's list of them is its own."""
    staked = score("123m456m789m123m55m", options={"stake": 3})
    plain = score("123m456m789m123m55m")
    assert "stake" in item_ids(staked)
    assert "stake" not in item_ids(plain)
    assert staked.items is not plain.items
    again = score("123m456m789m123m55m")
    assert again.model_dump() == plain.model_dump()
