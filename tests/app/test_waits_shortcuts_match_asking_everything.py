"""The shortcuts of ``mjcalc waits`` give exactly what asking the scorer everything gives.

``analyse`` asks the evaluator less than "every tile × every way" (see
``mjcalc.app.waits._Pricer``): a refusal off one discarder stands for the others when the
ruleset's refusals never depend on the seat, and a Xingguo 精吊-structure hand's discards are
refused once for all its tiles. The oracle here is the unoptimised brute force: every tile with
a copy left, self-drawn and off each other seat, through the public :func:`mjcalc.score` — the
waits, amounts, patterns, order, values *and* every refusal message must be identical, on random
hands built to hit the shortcuts (lone jing, two or three jing, 天胡 / 地胡, other seats' jing) and
on 14-tile 何切 hands.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import mjcalc
from mjcalc.app.waits import analyse
from mjcalc.hand import Hand
from mjcalc.models.waits import RefusalOut, WaitOut, WaitsResult, WayOut
from mjcalc.notation import format_hand, parse_hand
from mjcalc.rules.ledger import others
from mjcalc.rules.xingguo.base import parse_jing
from mjcalc.tiles import N_KINDS, Tile, code

NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)  # a failing seed is report enough
BOUNDED = settings(
    max_examples=8, deadline=None, phases=NO_SHRINK, suppress_health_check=[HealthCheck.too_slow]
)


def brute_force_waits(context: dict[str, Any], hand: Hand, seen: Hand) -> list[WaitOut]:
    """Every tile, every way, asked of ``mjcalc.score``; ordered as ``analyse`` orders them
    (tile order, then a stable sort by value). ``seen``: the tiles of this seat (before a
    discard, so the discarded copy is no longer in the wall)."""
    winner = context.get("winner", "E")
    elsewhere: list[Tile] = []  # copies out of play: the flipped 正精
    others_hold: list[Tile] = []  # copies other seats hold (``jings``): none left to draw
    if context["rules"] == "xingguo":
        kinds = parse_jing(context["jing"]).kinds
        elsewhere.append(kinds[0])
        for seat, held in context.get("jings", {}).items():
            if seat != winner:
                others_hold += [kinds[0]] * held[0] + [kinds[1]] * held[1]
    found: list[WaitOut] = []
    for t in range(N_KINDS):
        left = 4 - seen.all_tiles.count(t) - elsewhere.count(t)
        if left <= others_hold.count(t):
            continue
        full = Hand((*hand.concealed, t), hand.melds, hand.flowers)
        request = {**context, "hand": format_hand(full), "win_tile": code(t)}
        ways = {"self_draw": mjcalc.score(request)}
        ways |= {seat: mjcalc.score({**request, "discarder": seat}) for seat in others(winner)}
        won = {
            key: WayOut(pattern=r.pattern, payments=r.payments)
            for key, r in ways.items()
            if r.ok and r.pattern is not None
        }
        if not won:
            continue
        refused = {}
        for key, r in ways.items():
            if r.error is not None:
                assert r.error.code in ("not_winning", "illegal_win"), r.error
                refused[key] = RefusalOut(
                    code=r.error.code, message=r.error.message, message_zh=r.error.message_zh
                )
        self_draw = won.get("self_draw")
        found.append(
            WaitOut(
                tile=code(t),
                left=left,
                pattern=next(iter(won.values())).pattern,
                self_draw=self_draw,
                discard={s: won[s] for s in others(winner) if s in won},
                refused=refused,
                value=left * self_draw.payments[winner] if self_draw else 0,
            )
        )
    found.sort(key=lambda w: -w.value)
    return found


def assert_same_as_brute_force(context: dict[str, Any], hand_text: str) -> WaitsResult:
    """``analyse`` = brute force, for a 13-tile hand or for every discard of a 14-tile one."""
    result = analyse({**context, "hand": hand_text})
    assert result.ok, result.error
    hand = parse_hand(hand_text)
    if result.discards is None:
        expected = brute_force_waits(context, hand, hand) if result.shanten == 0 else []
        assert result.waits == expected, hand_text
        return result
    for d in result.discards:
        if d.shanten != 0:
            continue
        rest = list(hand.concealed)
        rest.remove(parse_hand(d.tile).concealed[0])
        expected = brute_force_waits(context, Hand(tuple(rest), hand.melds, hand.flowers), hand)
        assert d.waits == expected, (hand_text, d.tile)
    return result


# --- hands that hit the shortcuts ----------------------------------------------------------------


def four_sets(rng: random.Random, avoid: set[Tile]) -> list[Tile]:
    """Four random chows and pungs with no tile of ``avoid``, at most 4 copies of a kind."""
    while True:
        tiles: list[Tile] = []
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.choice([t for t in range(27) if t % 9 <= 6])
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.randrange(N_KINDS)] * 3
        if not avoid & set(tiles) and all(tiles.count(t) <= 4 for t in tiles):
            return tiles


def jing_hand(
    rng: random.Random, jing: str, *, fourteen: bool, held: tuple[int, int] = (0, 0)
) -> str:
    """Four sets and a lone jing (精吊 structure, 13 tiles), some set tiles replaced by jing;
    ``fourteen``: one random tile more (most discards then keep a lone-jing wait).
    ``held``: 正精 and 副精 other seats hold (3 and 4 in play), sometimes every copy left."""
    kinds = parse_jing(jing).kinds
    tiles = four_sets(rng, set(kinds))
    for _ in range(rng.randrange(0, 3)):  # 0–2 set tiles become jing (still complete)
        tiles[rng.randrange(12)] = rng.choice(kinds)
    tiles.append(rng.choice(kinds))  # the lone jing
    if fourteen:
        tiles.append(rng.randrange(N_KINDS))
    if (
        tiles.count(kinds[0]) > 3 - held[0]
        or tiles.count(kinds[1]) > 4 - held[1]
        or any(tiles.count(t) > 4 for t in tiles)
    ):
        return jing_hand(rng, jing, fourteen=fourteen, held=held)
    return format_hand(Hand(tuple(sorted(tiles))))


def jing_held(extra: dict[str, Any]) -> tuple[int, int]:
    jings = extra.get("jings", {}).values()
    return sum(h[0] for h in jings), sum(h[1] for h in jings)


def random_jing(rng: random.Random) -> str:
    return code(rng.randrange(N_KINDS))


CONTEXTS = st.sampled_from(
    [
        {},
        {"winner": "S", "dealer": "W"},
        {"winner": "S", "earthly": True},  # 地胡: a discard is refused for the first turn
        {"heavenly": True},  # 天胡 by the dealer
        {"jings": {"N": [1, 0]}, "follow_dealer": 1},
        {"jings": {"W": [1, 2]}},
    ]
)


@BOUNDED
@given(st.integers(0, 2**32), CONTEXTS)
def test_ready_jing_hands_equal_the_brute_force(seed: int, extra: dict[str, Any]) -> None:
    rng = random.Random(seed)
    jing = random_jing(rng)
    result = assert_same_as_brute_force(
        {"rules": "xingguo", "jing": jing, **extra},
        jing_hand(rng, jing, fourteen=False, held=jing_held(extra)),
    )
    assert result.shanten == 0 and result.any_tile  # the structure the shortcut is about


@settings(
    max_examples=4, deadline=None, phases=NO_SHRINK, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.integers(0, 2**32), CONTEXTS)
def test_discard_jing_hands_equal_the_brute_force(seed: int, extra: dict[str, Any]) -> None:
    rng = random.Random(seed)
    jing = random_jing(rng)
    result = assert_same_as_brute_force(
        {"rules": "xingguo", "jing": jing, **extra},
        jing_hand(rng, jing, fourteen=True, held=jing_held(extra)),
    )
    assert result.discards is not None


@BOUNDED
@given(st.integers(0, 2**32), st.sampled_from(["E", "S"]))
def test_other_ready_hands_equal_the_brute_force(seed: int, winner: str) -> None:
    """Hands that win off discards too (the seat-blind refusal is the only shortcut here)."""
    rng = random.Random(seed)
    pair = rng.choice([t for t in range(N_KINDS) if t not in (17, 9)])
    tiles = [*four_sets(rng, {17, 9}), pair, pair]  # no 9p (正精) nor 1p (副精)
    tiles.pop(rng.randrange(14))  # a winning hand less one tile: ready
    if rng.random() < 0.3:
        tiles[rng.randrange(13)] = rng.choice([17, 9])
    if any(tiles.count(t) > 4 for t in tiles) or tiles.count(17) > 3:
        return
    hand = format_hand(Hand(tuple(sorted(tiles))))
    assert_same_as_brute_force({"rules": "xingguo", "jing": "9p", "winner": winner}, hand)


@pytest.mark.parametrize(
    "hand",
    ["1112345678999m", "1112345678999m5p", "1199m [555p] [777z] (2222s)", "11122233344m55z"],
)
def test_shanghai_equals_the_brute_force(hand: str) -> None:
    result = assert_same_as_brute_force({"rules": "shanghai", "liable": ["N"]}, hand)
    assert result.waits or any(d.waits for d in result.discards or [])


def test_the_slowest_benchmark_hand_equals_the_brute_force() -> None:
    # three jing (1s 1s 正精, 2s 副精) in 14 tiles: 11 discards, each a lone-jing wait on all 34
    # tiles, 374 waits (the benchmark's slowest hand before the shortcuts)
    result = assert_same_as_brute_force(
        {"rules": "xingguo", "jing": "1s"}, "1p755m2s96m2p4m3p8m1s6m1s"
    )
    assert result.discards is not None and len(result.discards) == 11
    assert all(d.any_tile and len(d.waits) == 34 for d in result.discards)
