"""Properties of Nanchang hands in any situation: the payments and every ledger section sum to
zero, the winner gains the hu and every other seat pays or not, and the order the tiles are
written in changes nothing.

Hands are four sets (chows, pungs, honor chows, sometimes a concealed kong) and a pair, some of
their tiles replaced by jings (each set and the pair keeping a natural tile, so the hand still
wins), with a random indicator, seats, jing held elsewhere, kongs by others, 跟庄, the opening
flip and the readings' options.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import mjcalc
from mjcalc.models import SEATS
from mjcalc.rules.jing import next_kind
from mjcalc.tiles import DRAGONS, WINDS, code

seats = st.sampled_from(SEATS)
chows = st.builds(
    lambda suit, start: [9 * suit + start + k for k in range(3)],
    st.integers(0, 2),
    st.integers(0, 6),
)
pungs = st.integers(0, 33).map(lambda t: [t] * 3)
honor_chows = st.one_of(
    st.permutations(WINDS).map(lambda w: sorted(w[:3])), st.just(sorted(DRAGONS))
)
sets = st.one_of(chows, chows, pungs, honor_chows)
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "german_doubles": st.sampled_from(["engine", "guide"]),
        "dealer_pays_double": st.sampled_from(["any", "discarder"]),
        "discarded_jing_wild": st.booleans(),
        "jingdiao_scope": st.sampled_from(["wide", "pair_wait"]),
        "jing_kong": st.sampled_from(["raw", "flat"]),
    },
)


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    groups = draw(st.lists(sets, min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    indicator = draw(st.integers(0, 33))
    kinds = (indicator, next_kind(indicator))
    kong = groups[0][0] == groups[0][1] and draw(st.booleans())
    hidden = [list(g) for g in groups[1 if kong else 0 :]] + [[pair, pair]]
    for g in hidden:  # jings for some tiles, a natural one kept in each group
        for i in draw(st.lists(st.integers(0, len(g) - 1), max_size=len(g) - 1, unique=True)):
            g[i] = draw(st.sampled_from(kinds))
    concealed = [t for g in hidden for t in g]
    melded = groups[0] + groups[0][:1] if kong else []
    every = concealed + melded
    assume(max(Counter(every).values()) <= 4)
    winner = draw(seats)
    discarder = draw(st.one_of(st.none(), seats.filter(lambda s: s != winner)))
    win = draw(st.sampled_from(concealed))
    main_left = 4 - every.count(kinds[0])
    secondary_left = 4 - every.count(kinds[1])
    jings: dict[str, list[int]] = {}
    for s in SEATS:
        if s != winner:
            m, f = draw(st.integers(0, min(main_left, 2))), draw(st.integers(0, secondary_left))
            main_left, secondary_left = main_left - m, secondary_left - f
            if m or f:
                jings[s] = [m, f]
    text = "".join(code(t) for t in concealed)
    if kong:
        text += f" ({code(groups[0][0]) * 4})"
    request: dict[str, Any] = {
        "rules": "nanchang",
        "hand": text,
        "win_tile": code(win),
        "jing": code(indicator),
        "winner": winner,
        "dealer": draw(seats),
        "discarder": discarder,
        "jings": jings,
        "follow_dealer": draw(st.integers(0, 1)),
        "options": draw(OPTIONS),
    }
    if draw(st.booleans()):
        request["kongs"] = [
            {"seat": s, "kind": draw(st.sampled_from(["exposed", "added", "concealed"]))}
            for s in SEATS
            if s != winner and draw(st.booleans())
        ]
    if draw(st.booleans()):
        request["opening_flip"] = {
            "tile": code(draw(st.integers(0, 33))),
            "dealt": {s: [draw(st.integers(0, 1)), draw(st.integers(0, 1))] for s in SEATS[:2]},
        }
    if discarder is None and kong:
        request["after_kong"] = draw(st.booleans())
    elif discarder is not None:
        request["robbing_kong"] = every.count(win) == 1 and draw(st.booleans())
    return request


def _shuffled(text: str, order: list[int]) -> str:
    concealed, _, melds = text.partition(" ")
    tiles = [concealed[i : i + 2] for i in range(0, len(concealed), 2)]
    moved = [tiles[i] for i in order] if len(order) == len(tiles) else tiles
    return "".join(moved) + (f" {melds}" if melds else "")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(requests(), st.randoms(use_true_random=False))
def test_zero_sums_and_tile_order(request: dict[str, Any], rnd: Any) -> None:
    result = mjcalc.score(request)
    if not result.ok:
        assert result.error is not None
        # a 十三烂 off a discard, or a claimed jing read as a natural tile
        assert result.error.code in ("illegal_win", "not_winning"), (
            request,
            result.error,
        )
        if result.error.code == "not_winning":
            assert request["options"].get("discarded_jing_wild") is False
        return
    for name, section in result.sections.items():
        assert sum(section.values()) == 0, name
    assert sum(result.payments.values()) == 0
    hu = result.sections["hu"]
    winner = request["winner"]
    assert hu[winner] > 0
    assert all(hu[s] <= 0 for s in SEATS if s != winner)
    order = list(range(len(request["hand"].partition(" ")[0]) // 2))
    rnd.shuffle(order)
    again = mjcalc.score(request | {"hand": _shuffled(request["hand"], order)})
    assert again.payments == result.payments
    assert [i.id for i in again.items] == [i.id for i in result.items]
    assert again.pattern == result.pattern
