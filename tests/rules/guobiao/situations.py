"""Random valid Guobiao winning situations, and the outside engine's view of each.

Shared by ``tests/rules/guobiao/test_oracle.py`` (a few thousand, in CI) and
``bench/guobiao_oracle.py`` (hundreds of thousands). Every shape is drawn: four sets and a pair
(tiles often drawn from a narrow pool so that flushes, terminals, honors and runs come up),
seven pairs (four alike too, runs of one suit), 十三幺, 全不靠 / 七星不靠, 组合龙 with a set and
a pair, 九莲宝灯; melds of every kind, concealed kongs; every flag and wind, flowers.

Only situations mjcalc accepts are drawn: 和绝张 only with the winning tile not otherwise in
the hand, 抢杠和 only off a discard of a tile the hand does not hold, 杠上开花 only on a
self-draw with a kong. The package accepts the others and quietly drops the flag; mjcalc
refuses them before counting.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mjcalc.hand import Meld
from mjcalc.rules.guobiao.fan import FanHand
from mjcalc.rules.guobiao.fan.table import FANS
from mjcalc.tiles import EAST

PACKAGE_NAMES = {spec.zh: spec.id for spec in FANS.values()} | {
    "独听・边张": "edge_wait",
    "独听・嵌张": "closed_wait",
    "独听・单钓": "single_wait",
}
"""The package's Chinese names to our ids (it spells the three wait fans its own way)."""


def package_tile(t: int) -> str:
    """Our tile in the package's spelling (W 万, B 饼, T 条, F winds, J1 中 J2 發 J3 白)."""
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    if t < 31:
        return f"F{t - 26}"
    return {31: "J3", 32: "J2", 33: "J1"}[t]


@dataclass(frozen=True)
class Situation:
    """One drawn win: ours, and the package's keyword arguments for it."""

    hand: FanHand
    shape: str

    def package_args(self) -> dict[str, Any]:
        h = self.hand
        pack = []
        for m in h.melds:
            t = sorted(m.tiles)
            if len(t) == 4:
                pack.append(("GANG", package_tile(t[0]), 0 if m.concealed else 1))
            elif t[0] == t[1]:
                pack.append(("PENG", package_tile(t[0]), 2))
            else:
                pack.append(("CHI", package_tile(t[1]), 1))
        rest = list(h.concealed)
        rest.remove(h.win_tile)
        return {
            "pack": tuple(pack),
            "hand": tuple(package_tile(t) for t in rest),
            "winTile": package_tile(h.win_tile),
            "flowerCount": h.flowers,
            "isSelfDrawn": h.self_drawn,
            "is4thTile": h.last_of_kind,
            "isAboutKong": h.after_kong or h.robbing_kong,
            "isWallLast": h.last_tile_of_wall,
            "seatWind": h.seat_wind - EAST,
            "prevalentWind": h.prevalent_wind - EAST,
        }


def package_fans(calculator: Callable[..., Any], situation: Situation) -> dict[str, int] | None:
    """The package's fan of the situation as {id: fan}, or ``None`` when it finds no win."""
    try:
        found = calculator(**situation.package_args())
    except Exception:
        return None
    out: dict[str, int] = {}
    for fan, name in found:
        key = PACKAGE_NAMES[name]
        out[key] = out.get(key, 0) + fan
    return out


_POOLS: tuple[tuple[int, ...], ...] = (
    tuple(range(34)),
    tuple(range(34)),
    tuple(range(9)) + tuple(range(27, 34)),  # one suit and honors
    tuple(range(9, 18)),  # one suit
    (0, 8, 9, 17, 18, 26, *range(27, 34)),  # terminals and honors
    (*tuple(range(27, 34)), 0, 8),
    tuple(t for t in range(27) if t % 9 in (3, 4, 5)),  # 4 5 6
    tuple(t for t in range(27) if t % 9 < 4),
    tuple(t for t in range(27) if t % 9 > 4),
    tuple(t for t in range(27) if t % 9 in (1, 3, 5, 7)),
    (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31),  # reversible
    (19, 20, 21, 23, 25, 32),  # green
    (*tuple(range(18, 27)), 27, 28, 29, 30),
    (0, 8, 9, 17, 18, 26),  # terminals
)


def _sets(rng: random.Random, pool: tuple[int, ...], n: int, left: list[int]) -> list[list[int]]:
    """``n`` random sets from ``pool`` within the copies ``left``, or [] after too many tries."""
    out: list[list[int]] = []
    tries = 0
    while len(out) < n and tries < 200:
        tries += 1
        t = rng.choice(pool)
        chow = t < 27 and t % 9 <= 6 and rng.random() < 0.55
        if chow and not all(u in pool for u in (t, t + 1, t + 2)):
            chow = False
        tiles = [t, t + 1, t + 2] if chow else [t] * 3
        kong = not chow and rng.random() < 0.15
        if kong:
            tiles.append(t)
        if all(left[u] >= tiles.count(u) for u in set(tiles)):
            for u in tiles:
                left[u] -= 1
            out.append(tiles)
    return out if len(out) == n else []


def _related(rng: random.Random, left: list[int]) -> list[list[int]]:
    """Four sets each like the one before (the same or another suit, a rank or a few off):
    the runs, straights and 双龙会 that random sets rarely make."""
    chows = rng.random() < 0.7
    kongs = rng.random() < 0.2
    out: list[list[int]] = []
    suit, rank = rng.randrange(3), rng.randrange(7 if chows else 9)
    for _ in range(40):
        if len(out) == 4:
            break
        if out and rng.random() < 0.8:
            suit = rng.choice((suit, suit, rng.randrange(3)))
            rank += rng.choice((0, 0, 1, 2, 3, 3, 6, -1, -2, -3, -6))
        else:
            suit, rank = rng.randrange(3), rng.randrange(9)
        chow = chows and rng.random() < 0.9
        if not 0 <= rank <= (6 if chow else 8):
            rank = max(0, min(rank, 6 if chow else 8))
        t = 9 * suit + rank
        tiles = [t, t + 1, t + 2] if chow else [t] * (4 if kongs and rng.random() < 0.7 else 3)
        if all(left[u] >= tiles.count(u) for u in set(tiles)):
            for u in tiles:
                left[u] -= 1
            out.append(tiles)
    return out if len(out) == 4 else []


def _regular(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    pool = rng.choice(_POOLS)
    left = [4] * 34
    sets = _related(rng, left) if rng.random() < 0.35 else _sets(rng, pool, 4, left)
    if not sets:
        return None
    pairs = [t for t in pool if left[t] >= 2]
    fives = [t for t in (4, 13, 22) if left[t] >= 2]
    if fives and rng.random() < 0.15:
        pairs = fives
    if not pairs:
        return None
    pair = rng.choice(pairs)
    n_melds = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
    concealed: list[int] = [pair, pair]
    melds: list[Meld] = []
    for i, s in enumerate(sets):
        if len(s) == 4:
            melds.append(Meld(tuple(s), concealed=i >= n_melds or rng.random() < 0.4))
        elif i < n_melds:
            melds.append(Meld(tuple(s)))
        else:
            concealed += s
    return concealed, melds


def _seven_pairs(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    pool = rng.choice(_POOLS)
    if rng.random() < 0.15:
        start = rng.choice((0, 1, 2, 9, 10, 11, 18, 19, 20))
        return [t for t in range(start, start + 7) for _ in range(2)], []
    left = [4] * 34
    tiles: list[int] = []
    while len(tiles) < 14:
        t = rng.choice(pool)
        if left[t] < 2:
            if all(left[u] < 2 for u in pool):
                return None
            continue
        left[t] -= 2
        tiles += [t, t]
    return tiles, []


def _orphans(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    return [*orphans, rng.choice(orphans)], []


def _straight(rng: random.Random) -> list[int]:
    order = rng.sample(range(3), 3)
    return [9 * s + r for s, start in zip(order, range(3), strict=True) for r in range(start, 9, 3)]


def _knitted(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    straight = _straight(rng)
    n_suited = rng.choice((7, 8, 9, 7))
    suited = rng.sample(straight, n_suited)
    return suited + rng.sample(range(27, 34), 14 - n_suited), []


def _knitted_straight(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    tiles = _straight(rng)
    left = [4] * 34
    for t in tiles:
        left[t] -= 1
    pool = rng.choice(_POOLS)
    sets = _sets(rng, pool, 1, left)
    pairs = [t for t in range(34) if left[t] >= 2]
    if not sets or not pairs:
        return None
    pair = rng.choice(pairs)
    (s,) = sets
    if len(s) == 4 or rng.random() < 0.3:
        return [*tiles, pair, pair], [Meld(tuple(s), concealed=len(s) == 4 and rng.random() < 0.5)]
    return [*tiles, *s, pair, pair], []


def _nine_gates(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    lo = rng.choice((0, 9, 18))
    base = [lo] * 3 + list(range(lo + 1, lo + 8)) + [lo + 8] * 3
    return [*base, lo + rng.randrange(9)], []


SHAPES: dict[str, tuple[float, Callable[[random.Random], tuple[list[int], list[Meld]] | None]]] = {
    "regular": (0.70, _regular),
    "seven_pairs": (0.12, _seven_pairs),
    "thirteen_orphans": (0.03, _orphans),
    "honors_and_knitted": (0.05, _knitted),
    "knitted_straight": (0.07, _knitted_straight),
    "nine_gates": (0.03, _nine_gates),
}


def situation(rng: random.Random) -> Situation:
    """One random valid winning situation."""
    names = list(SHAPES)
    weights = [SHAPES[n][0] for n in names]
    while True:
        shape = rng.choices(names, weights)[0]
        drawn = SHAPES[shape][1](rng)
        if drawn is not None:
            break
    concealed, melds = drawn
    rng.shuffle(concealed)
    win = rng.choice(concealed)
    self_drawn = rng.random() < 0.4
    held = concealed.count(win) + sum(m.tiles.count(win) for m in melds)
    kong = any(len(m.tiles) == 4 for m in melds)
    after_kong = self_drawn and kong and rng.random() < 0.3
    robbing = not self_drawn and held == 1 and rng.random() < 0.15
    last_of_kind = concealed.count(win) == 1 and rng.random() < 0.15
    hand = FanHand(
        concealed=tuple(concealed),
        melds=tuple(melds),
        win_tile=win,
        self_drawn=self_drawn,
        seat_wind=EAST + rng.randrange(4),
        prevalent_wind=EAST + rng.randrange(4),
        flowers=rng.choice((0, 0, 0, 1, 2, 3, 8)),
        after_kong=after_kong,
        robbing_kong=robbing,
        last_tile_of_wall=rng.random() < 0.08,
        last_of_kind=last_of_kind,
    )
    return Situation(hand, shape)


def ours(situation: Situation) -> dict[str, int] | None:
    """mjcalc's fan of the situation as {id: fan}, or ``None`` when it finds no win."""
    from mjcalc.rules.guobiao.fan import count_fans

    found = count_fans(situation.hand)
    if found is None:
        return None
    return {item.id: item.fan for item in found.items}
