"""Guobiao's fan calculator: a winning hand in (:class:`~.api.FanHand`), its fan out
(:class:`~.api.FanCount`).

- :mod:`.table` — the 82 fans: id, value, Chinese and English names;
- :mod:`.sets` — the fans sets make together, one row per fan;
- :mod:`.traits` — the fans of the tiles held (suits, kinds, ranks, every set);
- :mod:`.situation` — the hand's facts shared by its arrangements, and the situation's fans;
- :mod:`.regular` — one arrangement of four sets and a pair;
- :mod:`.special` — 七对, 全不靠 / 七星不靠, 十三幺, 组合龙, 九莲宝灯;
- :mod:`.combine` — the combination principles, each one step;
- :mod:`.api` — the seam with the evaluator.

The reading is ChineseOfficialMahjongHelper's (the outside check, PyMahjongGB): where a hand
could be read two ways, it is read the way that package reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from mjcalc.plugin import N_KINDS, Meld, Part, Tile, arrangements
from mjcalc.rules.guobiao.fan.api import FanCount, FanHand, FanItem
from mjcalc.rules.guobiao.fan.combine import Fans, best
from mjcalc.rules.guobiao.fan.order import tile_key
from mjcalc.rules.guobiao.fan.regular import concealment_fans, regular_fans
from mjcalc.rules.guobiao.fan.situation import Win, flag_fans
from mjcalc.rules.guobiao.fan.special import (
    honors_and_knitted_fans,
    knitted_straight_fans,
    nine_gates_fans,
    seven_pairs_fans,
    thirteen_orphans_fans,
)
from mjcalc.rules.guobiao.fan.table import FANS, ORDER
from mjcalc.rules.guobiao.fan.traits import kinds_fans

__all__ = ["FanCount", "FanHand", "FanItem", "count_fans"]


def count_fans(hand: FanHand, *, melded_and_concealed_kong: bool = True) -> FanCount | None:
    """The fan of a winning hand, on its best reading; ``None`` when the tiles do not win.

    ``melded_and_concealed_kong`` is the option ``concealed_and_melded_kong``: one concealed
    and one declared kong score 明暗杠 (5), or else 暗杠 (2) + 明杠 (1)."""
    win = _win(hand, melded_and_concealed_kong)
    if win is None:
        return None
    start: tuple[Fans, tuple[str, tuple[Part, ...]]] | None = None
    kinds = len(win.kinds)  # cheap tests first: most hands are none of the special shapes
    if not win.melds and kinds <= 7 and (fans := seven_pairs_fans(win)) is not None:
        start = (fans, ("seven_pairs", ()))
    elif not win.melds and kinds >= 13:
        if (fans := honors_and_knitted_fans(win)) is not None:
            start = (fans, ("honors_and_knitted", ()))
        elif (fans := thirteen_orphans_fans(win)) is not None:
            start = (fans, ("thirteen_orphans", ()))
    if start is None and len(win.melds) <= 1 and kinds >= 9:
        knitted = knitted_straight_fans(win)
        if knitted is not None:
            start = (knitted[0], ("knitted_straight", knitted[1]))
    ways = _in_reading_order(arrangements(win.standing, win.melds), len(win.melds))
    if start is None and (nine := nine_gates_fans(win)) is not None:
        start = (nine, ("regular", ways[0] if ways else ()))
    if start is not None and "seven_pairs" not in start[0]:
        return _count(hand, start[0], *start[1])
    chosen = best(((regular_fans(parts, win), ("regular", parts)) for parts in ways), start)
    if chosen is None:
        return None
    return _count(hand, chosen[0], *chosen[1])


def _win(hand: FanHand, both_kongs_fan: bool) -> Win | None:
    """The hand's facts, or ``None`` for tiles that cannot be a win (a wrong count, a meld
    that is no set)."""
    melds: list[Part] = []
    for meld in hand.melds:
        part = _part(meld)
        if part is None:
            return None
        melds.append(part)
    concealed, w = hand.concealed, hand.win_tile
    if len(concealed) + 3 * len(melds) != 14 or min(concealed) < 0 or max(concealed) >= N_KINDS:
        return None
    standing = [0] * N_KINDS
    for t in concealed:
        standing[t] += 1
    if not 0 <= w < N_KINDS or not standing[w]:
        return None
    counts = standing
    kongs = 0
    in_melds_w = 0  # the winning tile's count in the melds
    if melds:
        counts = list(standing)
        for part in melds:
            kongs += part.kind == "kong"
            for t in part.tiles:
                counts[t] += 1
                in_melds_w += t == w
    if hand.self_drawn:
        kong = hand.after_kong and kongs > 0
    else:
        kong = hand.robbing_kong and not in_melds_w and standing[w] == 1
    kinds = sorted(set(concealed).union(*(p.tiles for p in melds)) if melds else set(concealed))
    tile_fans: Fans = {}
    kinds_fans(kinds, tile_fans)
    win = Win(
        win_tile=w,
        self_drawn=hand.self_drawn,
        seat_wind=hand.seat_wind,
        prevalent_wind=hand.prevalent_wind,
        last_tile=(hand.last_of_kind and standing[w] == 1) or in_melds_w == 3,
        wall_last=hand.last_tile_of_wall,
        kong=kong,
        melds=tuple(melds),
        standing=tuple(standing),
        counts=tuple(counts),
        kinds=tuple(kinds),
        unique_wait=None,
        both_kongs_fan=both_kongs_fan,
        tile_fans=tile_fans,
        base_fans={},
        hogs=counts.count(4) - kongs,
    )
    base = win.base_fans  # filled in place: it needs the flags as corrected above
    base.update(tile_fans)
    flag_fans(win, base)
    concealment_fans(win.melds, win.self_drawn, base)
    return win


def _part(meld: Meld) -> Part | None:
    kind = meld.kind
    if kind == "chow":
        return Part("chow", min(meld.tiles), False)
    if kind == "pung":
        return Part("pung", meld.tiles[0], False)
    if kind == "kong":
        return Part("kong", meld.tiles[0], meld.concealed)
    return None


def _in_reading_order(ways: Sequence[tuple[Part, ...]], n_melds: int) -> list[tuple[Part, ...]]:
    """The arrangements in the order the reading finds them (its concealed sets compared in
    its tile order), which decides between arrangements of equal total."""

    if len(ways) < 2:
        return list(ways)

    def key(parts: tuple[Part, ...]) -> tuple[tuple[int, ...], ...]:
        return tuple(sorted(map(_eigen, parts[n_melds:-1])))

    return sorted(ways, key=key)


@lru_cache(maxsize=1024)
def _eigen(part: Part) -> tuple[int, ...]:
    """A set's tiles in the reading's order, the key its arrangements are sorted by."""
    k = tile_key(part.tile)
    return (k, k + 1, k + 2) if part.kind == "chow" else (k, k, k)


def _count(hand: FanHand, fans: Fans, shape: str, parts: tuple[Part, ...]) -> FanCount:
    """The result: the fans biggest first, the flowers last, the arrangement's sets."""
    items = [_item(fan, fans[fan]) for fan in sorted(fans, key=_BIGGEST_FIRST.__getitem__)]
    if hand.flowers:
        items.append(_item("flower_tiles", hand.flowers))
    sets: tuple[tuple[Tile, ...], ...] = tuple(map(_tiles, parts))
    return FanCount(shape=shape, items=tuple(items), sets=sets)


_BIGGEST_FIRST: Final = {fan: (-spec.value, ORDER[fan]) for fan, spec in FANS.items()}
"""Each fan's place in a result: the biggest first, then in the table's order."""


@lru_cache(maxsize=1024)
def _item(fan: str, n: int) -> FanItem:
    """A result item, shared (items are immutable; a few hundred ever occur)."""
    return FanItem(fan, FANS[fan].value * n, n)


@lru_cache(maxsize=1024)
def _tiles(part: Part) -> tuple[Tile, ...]:
    return part.tiles
