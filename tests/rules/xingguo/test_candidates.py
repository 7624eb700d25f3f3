"""Xingguo's candidates, built from the engine's distinct readings, settle every hand as the full
list of readings did (on many random winning hands holding 0–7 jing).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import mjcalc
from mjcalc.engine import DistinctReading, Reading, ShapeRules, readings
from mjcalc.rules.base import Context
from mjcalc.rules.jing import Jing, next_kind
from mjcalc.rules.xingguo import hu
from mjcalc.tiles import N_KINDS, code
from tests.engine.test_distinct_readings import kind_of, random_sets


class Whole(DistinctReading):
    """A reading of the full enumeration, in the clothes of a distinct one."""

    __slots__ = ()

    def __init__(self, r: Reading) -> None:
        self.shape, self.all_triplets, self.substituting = kind_of(r)
        self._reading = r


def full_candidates(ctx: Context, jing: Jing, rules: ShapeRules) -> list[hu.Candidate]:
    """Xingguo's candidates as they were built before: from every reading."""
    concealed, melds = ctx.hand.concealed, ctx.hand.melds
    every = readings(concealed, melds, jing.kinds, rules)
    found = [hu.Candidate(Whole(r), hu.shape_of(r)) for r in every]
    if ctx.self_draw:
        for lone in jing.kinds:
            pair = (lone, ctx.win_tile)
            found += [
                hu.Candidate(Whole(r), hu.shape_of(r), lone)
                for r in readings(concealed, melds, jing.kinds, rules, pair=pair)
            ]
    return found


def every_price(found: list[hu.Candidate]) -> list[hu.Candidate]:
    """Xingguo's candidates to price as they were chosen before: the first of each (shape,
    精吊, wilds used), however many wilds."""
    seen: dict[tuple[str, bool, int], hu.Candidate] = {}
    for c in found:
        seen.setdefault((c.shape.named.id, c.jingdiao, c.n_wild), c)
    return list(seen.values())


def xingguo_request(rng: random.Random) -> dict[str, Any]:
    """A random Xingguo winning hand holding 0–7 jing, self-drawn or off a discard."""
    main = rng.randrange(N_KINDS)
    second = next_kind(main)
    sets = random_sets(rng)
    while any(t in (main, second) for s in sets for t in s):
        sets = random_sets(rng)
    tiles = [t for s in sets for t in s]
    faces = [main] * 3 + [second] * 4
    n_jing = rng.choice([1, 2, 3, 4, 4, 5, 7])
    for at, face in zip(rng.sample(range(14), n_jing), rng.sample(faces, n_jing), strict=True):
        tiles[at] = face
    win = tiles[-1]
    rng.shuffle(tiles)
    request: dict[str, Any] = {
        "rules": "xingguo",
        "hand": "".join(code(t) for t in tiles),
        "win_tile": code(win),
        "jing": code(main),
        "winner": "E",
        "dealer": rng.choice("ESWN"),
    }
    if rng.random() < 0.4:
        request["discarder"] = rng.choice("SWN")
    if rng.random() < 0.2:
        request["options"] = {"honor_sets": "any_distinct", "seven_star_jing": True}
    return request


def test_xingguo_settles_every_hand_as_from_every_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(6)
    requests = [xingguo_request(rng) for _ in range(1500)]
    results = [mjcalc.score(r) for r in requests]
    monkeypatch.setattr(hu, "candidates", full_candidates)
    monkeypatch.setattr(hu, "_distinct_prices", every_price)
    assert [r.to_json() for r in results] == [mjcalc.score(r).to_json() for r in requests]
    assert sum(r.ok for r in results) > 800  # most win (off a discard some are refused)


@pytest.mark.parametrize("discarder", [None, "S"])
@pytest.mark.parametrize("after_kong", [False, True])
@pytest.mark.parametrize("bahu", [False, True])
def test_a_lone_jing_formula_is_the_rest_with_its_doubling_in_place(
    discarder: str | None, after_kong: bool, bahu: bool
) -> None:
    # the 精吊 doubling is put after the self-draw (or discard) and the dealer's, every payer's
    # share doubled once more; the rest is the formula kept without the tiles
    lone, win = 4, 30
    situation = ("E", "W", discarder, after_kong and discarder is None, False, bahu, True)
    plain = hu.formula(*situation, None)
    with_lone = hu.formula(*situation, (lone, win))
    ids = [d.id for d in with_lone.doublings]
    assert ids[2] == "jingdiao" and ids[:2] == [d.id for d in plain.doublings][:2]
    assert with_lone.factors == tuple(2 * f for f in hu._formula(situation, True, None).factors)
    everyone = ("S", "W", "N")
    assert with_lone.factors == tuple(
        1 << sum(payer in d.payers for d in with_lone.doublings) for payer in everyone
    )
    detail = with_lone.doublings[2].item.detail or ""
    assert code(lone) in detail and code(win) in detail
    if after_kong and discarder is None:  # 杠开 of a 精吊 reading has its own detail
        kong = {d.id: d for d in with_lone.doublings}["after_kong"]
        assert kong != {d.id: d for d in plain.doublings}["after_kong"]
