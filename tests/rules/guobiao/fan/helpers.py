"""Hands for the fan tests, written as players write them.

``count("123456789m123p5s", "5s")``: the concealed tiles before the winning tile (mpsz), the
winning tile, then the declared melds (``"123m"`` a chow, ``"555p"`` a pung, ``"5555p"`` a kong,
``"(5555p)"`` a concealed kong) and the situation as keywords. It returns {fan id: fan}, flowers
included, as the items give it.
"""

from __future__ import annotations

from mjcalc.hand import Meld
from mjcalc.rules.guobiao.fan import FanCount, FanHand, count_fans
from mjcalc.tiles import EAST, tile, tiles

WINDS = "ESWN"


def hand(
    before: str,
    win: str,
    *melds: str,
    drawn: bool = False,
    seat: str = "E",
    prevalent: str = "E",
    flowers: int = 0,
    after_kong: bool = False,
    robbing_kong: bool = False,
    wall_last: bool = False,
    last_of_kind: bool = False,
) -> FanHand:
    """The :class:`FanHand` of a written hand (off a discard, East seat, East round unless told)."""
    declared = []
    for m in melds:
        concealed = m.startswith("(")
        declared.append(Meld(tuple(tiles(m.strip("()"))), concealed=concealed))
    w = tile(win)
    return FanHand(
        concealed=(*tiles(before), w),
        melds=tuple(declared),
        win_tile=w,
        self_drawn=drawn,
        seat_wind=EAST + WINDS.index(seat),
        prevalent_wind=EAST + WINDS.index(prevalent),
        flowers=flowers,
        after_kong=after_kong,
        robbing_kong=robbing_kong,
        last_tile_of_wall=wall_last,
        last_of_kind=last_of_kind,
    )


def counted(
    before: str, win: str, *melds: str, option: bool = True, **situation: object
) -> FanCount:
    """The calculator's whole answer for a written hand (which must win)."""
    found = count_fans(hand(before, win, *melds, **situation), melded_and_concealed_kong=option)
    assert found is not None
    return found


def count(
    before: str, win: str, *melds: str, option: bool = True, **situation: object
) -> dict[str, int]:
    """{fan id: fan} of a written hand (which must win)."""
    return {
        item.id: item.fan for item in counted(before, win, *melds, option=option, **situation).items
    }


def count_written(written: str, **situation: object) -> dict[str, int]:
    """:func:`count` of ``"before win meld meld..."`` in one string, as the golden tables write
    hands."""
    before, win, *melds = written.split()
    return count(before, win, *melds, **situation)


def fan_list(text: str) -> dict[str, int]:
    """``"pure_straight=16 concealed_hand=2"`` as {id: fan}."""
    return {k: int(v) for k, v in (pair.split("=") for pair in text.split())}
