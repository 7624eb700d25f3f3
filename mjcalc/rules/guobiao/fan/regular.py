"""The fans of one arrangement of four sets and a pair, before the best one is chosen.

The steps run in the reading's order, because a few look at what an earlier one found: the
pair turns 双箭刻 into 小三元 and 三风刻 into 小四喜; 一色四同顺 leaves no 四归一; the wind
pungs come last, once settling has told whether their 幺九刻 is still counted.
"""

from __future__ import annotations

from typing import Final

from mjcalc.plugin import Part, Tile
from mjcalc.rules.guobiao.fan.combine import Fans, add, chow_fans, pung_fans, settle
from mjcalc.rules.guobiao.fan.fast import only_wait_fans
from mjcalc.rules.guobiao.fan.order import TILE_KEYS, is_dragon, is_wind
from mjcalc.rules.guobiao.fan.sets import terminal_chows
from mjcalc.rules.guobiao.fan.situation import Win, wind_fans
from mjcalc.rules.guobiao.fan.traits import every_set_fans

_CONCEALED_PUNGS = {2: "two_concealed_pungs", 3: "three_concealed_pungs", 4: "four_concealed_pungs"}


def regular_fans(parts: tuple[Part, ...], win: Win) -> Fans:
    """The settled fans of ``parts`` (the melds, the concealed sets, the pair last)."""
    fans = dict(win.base_fans)
    pair = parts[-1].tile
    chows: list[Tile] = []
    pungs: list[Part] = []
    for p in parts:
        kind = p.kind
        if kind == "chow":
            chows.append(p.tile)
        elif kind != "pair":
            pungs.append(p)
    pung_tiles: tuple[Tile, ...] = ()
    if pungs:
        pung_tiles = tuple(sorted([p.tile for p in pungs], key=_KEY))
        kong_fans(pungs, parts, win, fans)
        if len(pungs) == 4:
            add(fans, "all_pungs")
        pung_fans(pung_tiles, fans)
    if len(chows) > 1:
        chows.sort(key=_KEY)
        if len(chows) == 4 and (fan := terminal_chows(tuple(chows), pair)) is not None:
            add(fans, fan)
        else:
            chow_fans(tuple(chows), fans)
    pair_fans(pair, len(chows), fans)
    every_set_fans(parts, fans)
    if win.hogs and not fans.get("quadruple_chow"):
        add(fans, "tile_hog", win.hogs)
    only_wait_fans(parts[len(win.melds) :], win, fans)
    fans = settle(fans)
    if pung_tiles:
        wind_fans(pung_tiles, win, fans)
    return fans or {"chicken_hand": 1}


_KEY = TILE_KEYS.__getitem__

_KONGS: Final = {4: "four_kongs", 3: "three_kongs"}
_FEW_KONGS: Final = {
    (1, 0): "melded_kong",
    (0, 1): "concealed_kong",
    (2, 0): "two_melded_kongs",
    (1, 1): "concealed_and_melded_kong",
    (0, 2): "two_concealed_kongs",
}
"""The kongs' fan by (declared, concealed) kongs, under three of them."""


def kong_fans(pungs: list[Part], parts: tuple[Part, ...], win: Win, fans: Fans) -> None:
    """The kongs' fan, and the concealed pungs' (a concealed kong is one): a pung completed
    off a discard is not concealed, unless the tile may be read into a concealed chow."""
    melded = hidden = concealed = 0
    w = win.win_tile
    on_win = False  # a concealed pung of the winning tile
    for p in pungs:
        if p.kind == "kong":
            if p.concealed:
                hidden += 1
            else:
                melded += 1
        elif p.concealed:
            concealed += 1
            on_win |= p.tile == w
    if (
        on_win
        and not win.self_drawn
        and not any(p.kind == "chow" and p.concealed and p.tile <= w <= p.tile + 2 for p in parts)
    ):
        concealed -= 1
    fan: str | None = None
    if melded or hidden:
        fan = _KONGS.get(melded + hidden) or _FEW_KONGS.get((melded, hidden))
        if fan == "concealed_and_melded_kong" and not win.both_kongs_fan:
            add(fans, "melded_kong")
            add(fans, "concealed_kong")
        else:
            add(fans, fan)
    total = concealed + hidden
    if total >= 2 and not (fan == "two_concealed_kongs" and total == 2):
        add(fans, _CONCEALED_PUNGS[total])


def concealment_fans(melds: tuple[Part, ...], self_drawn: bool, fans: Fans) -> None:
    """门前清 / 不求人 with nothing declared but concealed kongs, 全求人 with four declared
    sets and a discard, else 自摸 for a self-draw."""
    declared = sum([not p.concealed for p in melds]) if melds else 0
    if declared == 0:
        add(fans, "fully_concealed_hand" if self_drawn else "concealed_hand")
    elif self_drawn:
        fans["self_drawn"] = 1
    elif declared == 4:
        add(fans, "melded_hand")


def pair_fans(pair: Tile, n_chows: int, fans: Fans) -> None:
    """平和 (four chows, a suited pair); 双箭刻 with a dragon pair is 小三元, 三风刻 with a
    wind pair 小四喜."""
    if n_chows == 4:
        if pair < 27:
            add(fans, "all_chows")
    elif fans.get("two_dragon_pungs"):
        if is_dragon(pair):
            del fans["two_dragon_pungs"]
            add(fans, "little_three_dragons")
    elif fans.get("big_three_winds") and is_wind(pair):
        del fans["big_three_winds"]
        add(fans, "little_four_winds")


def wait_fans(concealed: tuple[Part, ...], w: Tile, fans: Fans) -> None:
    """边张, else 坎张, else 单钓将, by where the only waiting tile sits in the concealed sets
    (never with 全求人 or 四杠)."""
    if fans.get("melded_hand") or fans.get("four_kongs"):
        return
    edge = closed = single = False
    for p in concealed:
        if p.kind == "chow":
            closed |= p.tile + 1 == w
            edge |= w in (p.tile, p.tile + 2)
        elif p.kind == "pair":
            single |= p.tile == w
    add(
        fans,
        "edge_wait" if edge else "closed_wait" if closed else "single_wait" if single else None,
    )
