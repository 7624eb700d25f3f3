"""The shapes that are not four sets and a pair, or that score as a whole: 七对 / 连七对,
全不靠 / 七星不靠, 十三幺, 组合龙 (with one set and a pair) and 九莲宝灯.

Each returns its fans (settled where its own rules need it) or ``None`` when the hand is not
of that shape. Only 七对 still competes with the hand's set arrangements (a hand of pairs can
score more as sets); the others are taken as they are.
"""

from __future__ import annotations

from mjcalc.plugin import (
    HONORS,
    Part,
    arrangements,
    honors_and_knitted,
    knitted_straight,
    pairs_only,
    shape_waits,
    thirteen_orphans,
)
from mjcalc.rules.guobiao.fan.combine import Fans, add, settle
from mjcalc.rules.guobiao.fan.order import is_dragon, is_terminal, is_wind
from mjcalc.rules.guobiao.fan.regular import wait_fans
from mjcalc.rules.guobiao.fan.situation import Win, flag_fans, wind_fans


def seven_pairs_fans(win: Win) -> Fans | None:
    """连七对 (seven pairs in a run of one suit; 断幺 too for 2-8), else 七对 with the fans of
    its tiles (四归一 for four alike)."""
    if win.melds or not pairs_only(win.standing):
        return None
    fans: Fans = {}
    held = [t for t in range(27) if win.standing[t]]
    if (
        len(held) == 7
        and held[-1] - held[0] == 6
        and held[0] // 9 == held[-1] // 9
        and all(win.standing[t] == 2 for t in held)
    ):
        add(fans, "seven_shifted_pairs")
        add(fans, "all_simples" if held[0] % 9 == 1 else None)
        flag_fans(win, fans)
        return fans
    add(fans, "seven_pairs")
    fans.update(win.tile_fans)
    add(fans, "tile_hog", win.hogs)
    flag_fans(win, fans)
    return settle(fans)


def honors_and_knitted_fans(win: Win) -> Fans | None:
    """七星不靠 (all seven honors), else 全不靠 (组合龙 too when all nine suited tiles of a
    knitted straight are there)."""
    if win.melds or not honors_and_knitted(win.standing):
        return None
    fans: Fans = {}
    if all(win.standing[t] for t in HONORS):
        add(fans, "greater_honors_and_knitted")
    else:
        add(fans, "lesser_honors_and_knitted")
        add(fans, "knitted_straight" if sum(win.standing[:27]) == 9 else None)
    flag_fans(win, fans)
    return fans


def thirteen_orphans_fans(win: Win) -> Fans | None:
    """十三幺."""
    if win.melds or not thirteen_orphans(win.standing):
        return None
    fans: Fans = {"thirteen_orphans": 1}
    flag_fans(win, fans)
    return fans


def knitted_straight_fans(win: Win) -> tuple[Fans, tuple[Part, ...]] | None:
    """组合龙 with one more set (declared or not) and a pair, and that set's and pair's fans;
    the wait fans only when the winning tile may be read outside the knitted straight, judged on
    the set and pair alone."""
    if len(win.melds) > 1 or max(win.standing) < 2:
        return None
    straight = knitted_straight(win.standing)
    if straight is None:
        return None
    rest = list(win.standing)
    for t in straight:
        rest[t] -= 1
    found = arrangements(rest, win.melds)
    if len(found) != 1:
        return None
    fourth, pair_part = found[0]
    pair, t = pair_part.tile, fourth.tile
    fans: Fans = {"knitted_straight": 1}
    if fourth.kind == "chow":
        add(fans, "all_chows" if pair < 27 else None)
        add(fans, "tile_hog" if win.counts[pair] == 4 else None)
    elif t >= 27:
        if is_wind(t):
            add(fans, "pung_of_terminals_or_honors")
            wind_fans((t,), win, fans)
        else:
            add(fans, "dragon_pung")
        add(
            fans,
            "all_types"
            if (is_wind(t) and is_dragon(pair)) or (is_dragon(t) and is_wind(pair))
            else None,
        )
    else:
        add(fans, "pung_of_terminals_or_honors" if is_terminal(t) else None)
        add(fans, "no_honors" if pair < 27 else None)
        add(fans, "tile_hog" if fourth.kind != "kong" and win.counts[t] == 4 else None)
    flag_fans(win, fans)
    if not fourth.concealed:
        add(fans, "melded_kong" if fourth.kind == "kong" else None)
    else:
        add(fans, "concealed_kong" if fourth.kind == "kong" else None)
        if win.self_drawn:
            fans.pop("self_drawn", None)
            add(fans, "fully_concealed_hand")
        else:
            add(fans, "concealed_hand")
    if rest[win.win_tile]:  # the winning tile may be read into the set or the pair
        if win.melds:
            add(fans, "single_wait")
        else:
            rest[win.win_tile] -= 1
            if len(shape_waits(rest)) == 1:
                wait_fans((fourth, pair_part), win.win_tile, fans)
    return settle(fans), found[0]


def nine_gates_fans(win: Win) -> Fans | None:
    """九莲宝灯: 1112345678999 of one suit, concealed, and any tile of it; by the winning tile,
    清龙 + 四归一 (1, 9), 双暗刻 + 幺九刻 (2, 5, 8), 连六 (2, 3, 4, 6, 7, 8)."""
    w = win.win_tile
    if win.melds or w >= 27:
        return None
    lo = w - w % 9
    shape = list(win.standing[lo : lo + 9])
    shape[w - lo] -= 1
    if sum(win.standing) != 14 or shape != [3, 1, 1, 1, 1, 1, 1, 1, 3]:
        return None
    fans: Fans = {"nine_gates": 1}
    r = w % 9 + 1
    if r in (1, 9):
        add(fans, "pure_straight")
        add(fans, "tile_hog")
    if r in (2, 5, 8):
        add(fans, "two_concealed_pungs")
        add(fans, "pung_of_terminals_or_honors")
    if r in (2, 3, 4, 6, 7, 8):
        add(fans, "short_straight")
    flag_fans(win, fans)
    return fans
