"""The winning situation as the fan rows read it, and the fans of the situation alone.

:class:`Win` is worked out once per hand from the :class:`~.api.FanHand` (counts, the kinds
held, the declared melds as parts, the flags as the reading corrects them); every arrangement
of the hand is then scored against it.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjcalc.plugin import Part, Tile
from mjcalc.rules.guobiao.fan.combine import Fans, add


@dataclass(slots=True)
class Win:
    """One winning hand's facts, shared by all its arrangements (not frozen, only for speed:
    it is built once per hand and never changed after, but for :attr:`unique_wait`, filled in
    when first asked)."""

    win_tile: Tile
    self_drawn: bool
    seat_wind: Tile
    prevalent_wind: Tile
    last_tile: bool
    """和绝张, as the reading corrects it: never with the winning tile already in the hand,
    always when the other three are in one declared pung."""
    wall_last: bool
    kong: bool
    """杠上开花 (self-drawn) or 抢杠和 (off a discard), dropped where impossible: a self-draw
    without a kong, or a robbed tile the hand already holds."""
    melds: tuple[Part, ...]
    standing: tuple[int, ...]
    """The concealed tiles' counts, the winning tile included."""
    counts: tuple[int, ...]
    """Every tile's count, the melds' included."""
    kinds: tuple[Tile, ...]
    """Each kind held, once, in tile order."""
    unique_wait: bool | None
    """Whether the winning tile was the hand's only wait: ``None`` until first asked
    (:func:`~.fast.only_wait_of`; most hands never need it)."""
    both_kongs_fan: bool
    """明暗杠 for one concealed and one declared kong (else 暗杠 + 明杠)."""
    tile_fans: Fans
    """The fans of the kinds held (suits, kinds of tile, ranks), the same for every arrangement:
    worked out once (read only)."""
    base_fans: Fans
    """What every arrangement of four sets starts with: the kinds' fans, the situation's, and
    门前清 / 不求人 / 全求人 / 自摸 (read only)."""
    hogs: int
    """Kinds held four times and not as a kong (四归一, where the shape allows it)."""


def flag_fans(win: Win, fans: Fans) -> None:
    """和绝张, 自摸, 妙手回春 / 海底捞月, 杠上开花 / 抢杠和 (抢杠和 is never 和绝张)."""
    if win.self_drawn:
        if win.wall_last:
            add(fans, "last_tile_draw")
        if win.kong:
            add(fans, "out_with_replacement_tile")
        if not (win.wall_last or win.kong):
            add(fans, "self_drawn")
    else:
        if win.wall_last:
            add(fans, "last_tile_claim")
        if win.kong:
            add(fans, "robbing_the_kong")
    if win.last_tile and not (win.kong and not win.self_drawn):
        add(fans, "last_tile")


_ALREADY_OFF = ("big_three_winds", "all_terminals_and_honors", "all_honors", "little_four_winds")
"""Fans that have taken the wind pungs' 幺九刻 off already."""


def wind_fans(pung_tiles: tuple[Tile, ...], win: Win, fans: Fans) -> None:
    """圈风刻 and 门风刻, each in place of that pung's 幺九刻 (大四喜 has both inside)."""
    prevalent, own = win.prevalent_wind, win.seat_wind
    if fans.get("big_four_winds") or (prevalent not in pung_tiles and own not in pung_tiles):
        return
    off = any(fans.get(f) for f in _ALREADY_OFF)
    for t in pung_tiles:
        if t == prevalent:
            fans["prevalent_wind"] = 1
            if not off:
                _less(fans, "pung_of_terminals_or_honors")
        if t == own:
            fans["seat_wind"] = 1
            if not off and own != prevalent:
                _less(fans, "pung_of_terminals_or_honors")


def _less(fans: Fans, fan: str) -> None:
    left = fans.get(fan, 0) - 1
    if left > 0:
        fans[fan] = left
    else:
        fans.pop(fan, None)
