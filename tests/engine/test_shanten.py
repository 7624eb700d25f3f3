"""Shanten and waits (mjcalc.engine.shanten) against brute force on the engine's own readings.

The oracle for "complete" is :func:`mjcalc.engine.readings` (itself tested against an independent
oracle in test_oracle.py): a tile is a wait exactly when adding it gives a reading. Shanten
is then pinned down by induction: 0 exactly when some tile completes the hand, and otherwise one
more than the best hand reachable by changing a single tile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjcalc.engine import ShapeRules, readings
from mjcalc.engine.shanten import COMPLETE, Target, completing_tiles, improving_tiles, shanten
from mjcalc.hand import Meld
from mjcalc.tiles import N_KINDS, Tile, tile, tiles

XINGGUO_LIKE = ShapeRules(
    honor_sets="same_class", seven_pairs=True, thirteen_lan=True, seven_star_lan=True
)
RULE_SETS = {
    "plain": ShapeRules(),
    "xingguo": XINGGUO_LIKE,
    "any_honors_no_star_wild": ShapeRules(
        honor_sets="any_distinct",
        seven_pairs=True,
        four_as_two=False,
        thirteen_lan=True,
        seven_star_lan=True,
        wild_for_seven_star_honors=False,
    ),
    "loose": ShapeRules(loose_honors=True),
}


def complete(
    hand: Sequence[Tile], melds: Sequence[Meld], wilds: Sequence[Tile], r: ShapeRules
) -> bool:
    return next(iter(readings(hand, melds, wilds, r)), None) is not None


def oracle_waits(
    hand: list[Tile], melds: Sequence[Meld], wilds: Sequence[Tile], r: ShapeRules
) -> list[Tile]:
    return [t for t in range(N_KINDS) if complete([*hand, t], melds, wilds, r)]


def random_hand(rng: random.Random, n_melds: int = 0) -> tuple[list[Tile], tuple[Meld, ...]]:
    """A ready-ish 13-tile hand: a winning one with one tile changed, or random tiles."""
    melds = tuple(Meld((t, t, t)) for t in rng.sample(range(N_KINDS), n_melds))
    size = 13 - 3 * n_melds
    if rng.random() < 0.5:
        wall = [t for t in range(N_KINDS) for _ in range(4)]
        return sorted(rng.sample(wall, size)), melds
    hand: list[Tile] = []
    while len(hand) < size - 1:
        t = rng.randrange(N_KINDS)
        if t < 27 and t % 9 <= 6 and rng.random() < 0.6:
            hand += [t, t + 1, t + 2]
        else:
            hand += [t, t, t]
    hand = [*hand[: size - 1], rng.randrange(N_KINDS)]
    hand[rng.randrange(len(hand))] = rng.randrange(N_KINDS)
    return sorted(hand), melds


WILD_CHOICES: list[tuple[Tile, ...]] = [(), (tile("9p"),), (tile("9p"), tile("1p")), (tile("5z"),)]


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_waits_match_readings_on_random_hands(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(f"waits-{name}")
    for k in range(40):
        hand, melds = random_hand(rng, n_melds=k % 3 if k % 4 == 3 else 0)
        wilds = WILD_CHOICES[k % len(WILD_CHOICES)]
        target = [Target(rules)]
        expected = oracle_waits(hand, melds, wilds, rules)
        assert completing_tiles(hand, melds, wilds, target) == expected, (hand, melds, wilds)
        assert (shanten(hand, melds, wilds, target) == 0) == bool(expected), (hand, wilds)


def replacements(hand: list[Tile]) -> list[list[Tile]]:
    out = []
    for drop in sorted(set(hand)):
        rest = list(hand)
        rest.remove(drop)
        out += [sorted([*rest, t]) for t in range(N_KINDS) if t != drop]
    return out


@pytest.mark.parametrize("name", ["plain", "xingguo", "any_honors_no_star_wild"])
def test_shanten_is_one_more_than_the_best_single_change(name: str) -> None:
    """Induction on the definition: shanten k > 0 means some one-tile change reaches k − 1 and
    none reaches less (together with the test above, this fixes every value)."""
    rules = [Target(RULE_SETS[name])]
    rng = random.Random(f"shanten-{name}")
    for k in range(6):
        hand, melds = random_hand(rng, n_melds=1 if k == 5 else 0)
        wilds = WILD_CHOICES[k % len(WILD_CHOICES)]
        now = shanten(hand, melds, wilds, rules)
        assert now is not None
        if now == 0:
            continue
        found = (shanten(h, melds, wilds, rules) for h in replacements(hand))
        best = min(x for x in found if x is not None)
        assert best == now - 1, (hand, wilds, now, best)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(sorted(RULE_SETS)))
def test_fourteen_tiles_take_the_best_discard(seed: int, name: str) -> None:
    """A 14-tile hand's shanten is its best discard's; -1 exactly when readings find it complete."""
    rules = RULE_SETS[name]
    rng = random.Random(seed)
    hand, melds = random_hand(rng)
    hand = sorted([*hand, rng.randrange(N_KINDS)])
    wilds = WILD_CHOICES[rng.randrange(len(WILD_CHOICES))]
    whole = shanten(hand, melds, wilds, [Target(rules)])
    if complete(hand, melds, wilds, rules):
        assert whole == COMPLETE
        return
    discards = []
    for d in set(hand):
        rest = list(hand)
        rest.remove(d)
        discards.append(shanten(rest, melds, wilds, [Target(rules)]))
    assert whole == min(x for x in discards if x is not None)


def test_improving_tiles_lower_the_shanten() -> None:
    # 1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z, plain shapes only: 4 set slots + a pair slot and
    # no two of these tiles fit one slot, so 5 tiles are placed: shanten = 3·4 + 1 − 5 = 8.
    hand = tiles("147m147p147s1234z")
    plain = [Target(ShapeRules())]
    assert shanten(hand, (), (), plain) == 8
    improving = improving_tiles(hand, (), (), plain)
    # any tile next to or one apart from a held suit tile, or a copy of a held one, helps
    assert tile("2m") in improving and tile("1z") in improving
    assert tile("5z") not in improving  # a lone new honor joins no held tile
    for t in improving:
        after = shanten([*hand, t], (), (), plain)
        assert after is not None and after < 8
    # under Xingguo-like shapes the same tiles are 十三烂 waiting on 5z 6z 7z
    assert shanten(hand, (), (), [Target(XINGGUO_LIKE)]) == 0


def test_known_values() -> None:
    x = [Target(XINGGUO_LIKE)]
    # 4 sets + lone 9p jing: 精吊 waits on every kind
    assert completing_tiles(tiles("123m456p789s123s9p"), (), (tile("9p"),), x) == list(range(34))
    # 1122m3344p5566s7s: seven pairs waiting on 7s (as sets + a pair it is two tiles away)
    assert completing_tiles(tiles("1122m3344p5566s7s"), (), (), x) == [tile("7s")]
    # 456p 789s and 万 1112233 waiting: +1m 1111 22 33 = 11 + 123 + 123; +2m 111 222 33;
    # +3m 111 22 333; +4m 111 22 33 4 = 11 + 123 + 234
    assert completing_tiles(tiles("123m456p789s1123m"), (), (), x) == tiles("1234m")


def test_targets_restrict_tiles_and_triplets() -> None:
    # Shanghai-style targets: all pungs, or one suit + honors
    suit_m = frozenset(range(9)) | frozenset(range(27, 34))
    targets = [Target(triplets_only=True), Target(tiles=suit_m)]
    # 万 + honors: 3 chows and the pair 11z place 11 tiles, 2p 2p cannot be used: 3·4 + 1 − 11 = 2
    # (all pungs: pair 11z, 22p in a set slot, 1m 4m 7m alone: 7 placed, shanten 6)
    assert shanten(tiles("123m456m789m11z22p"), (), (), targets) == 2
    # one suit + honors: a chow, the pair 11z and 22z in a set slot: 7 placed, 13 − 7 = 6;
    # all pungs: 11z, 22z and three singles: also 7
    assert shanten(tiles("123m456p789s1122z"), [], (), targets) == 6
    # a melded chow rules out the all-pungs target, one in another suit every flush too
    chow_p = Meld(tuple(tiles("123p")))
    assert shanten(tiles("456m789m11z23m"), (chow_p,), (), [Target(tiles=suit_m)]) is None


def lan_ish_hand(rng: random.Random, wilds: tuple[Tile, ...]) -> list[Tile]:
    """13 tiles of a 十三烂 (ranks 3 apart in each suit, distinct honors), some of them wild
    copies, sometimes two of a wild kind or a duplicated plain tile (no 十三烂 then)."""
    pool = [9 * s + r for s in range(3) for r in rng.choice([(0, 3, 6), (1, 4, 7), (2, 5, 8)])]
    pool += list(range(27, 34))
    hand = rng.sample(pool, 13)
    for _ in range(rng.randrange(3)):
        if wilds:
            hand[rng.randrange(13)] = rng.choice(wilds)
    if rng.random() < 0.2:
        hand[0] = hand[1]  # a plain pair: the 十三烂 shortcut must say no, as the readings do
    return sorted(hand)


@pytest.mark.parametrize("name", ["xingguo", "any_honors_no_star_wild"])
def test_lan_waits_match_readings(name: str) -> None:
    # regression for the 十三烂 shortcut of completing_tiles (two copies of a kind that is not
    # wild never make one): the same waits as asking the readings, wilds doubled or not
    rules = RULE_SETS[name]
    rng = random.Random(f"lan-{name}")
    found = 0
    for k in range(40):
        wilds = WILD_CHOICES[k % len(WILD_CHOICES)]
        hand = lan_ish_hand(rng, wilds)
        expected = oracle_waits(hand, (), wilds, rules)
        assert completing_tiles(hand, (), wilds, [Target(rules)]) == expected, (hand, wilds)
        found += bool(expected)
    assert found >= 10  # most of these hands are ready


def alike_groups(hand: str, fixed: str, melds: tuple[Meld, ...] = ()) -> list[list[str]]:
    """The kinds that ``alike_tiles`` puts together (groups of two or more), in tile order."""
    from mjcalc.engine.shanten import alike_tiles
    from mjcalc.tiles import code

    groups: dict[int, list[str]] = {}
    for t, like in enumerate(alike_tiles(tiles(hand), melds, tiles(fixed) if fixed else ())):
        groups.setdefault(like, []).append(code(t))
    return [g for g in groups.values() if len(g) > 1]


def test_alike_tiles() -> None:
    # 123m 456p 789s 123s + 9p, jing 9p / 1p fixed. 万: 123m only, not symmetric; 筒: 9p and 1p
    # fixed, so no reversal; 索: 123s and 789s, symmetric under 1↔9. Winds and dragons: none held.
    assert alike_groups("123m456p789s123s9p", "9p1p") == [
        ["1s", "9s"],
        ["2s", "8s"],
        ["3s", "7s"],
        ["4s", "6s"],
        ["1z", "2z", "3z", "4z"],
        ["5z", "6z", "7z"],
    ]
    # without fixed tiles the 筒 still do not reverse: 9p is held, 1p is not
    assert ["1p", "9p"] not in alike_groups("123m456p789s123s9p", "")
    # 万 and 筒 held alike (123m, 123p): they swap; 索 and the honors: none held, all alike
    groups = alike_groups("123m123p11z", "")
    assert ["1m", "1p"] in groups and ["4m", "4p"] in groups
    assert ["2z", "3z", "4z"] in groups and ["5z", "6z", "7z"] in groups  # 1z is held
    assert ["1s", "9s"] in groups and ["4s", "6s"] in groups  # 5s has no partner
    # a meld counts as held: [789m] stops 万 reversing, 1p alone doesn't
    assert ["1m", "9m"] not in alike_groups("5p", "", (Meld((6, 7, 8)),))
    assert ["1p", "9p"] in alike_groups("5p", "", (Meld((6, 7, 8)),))
