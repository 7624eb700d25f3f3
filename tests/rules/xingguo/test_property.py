"""Property: for any hand of four sets + a pair in any situation, every section is zero-sum.

Hands are built from sets (chows, pungs, 烂风 honor sets, sometimes a concealed kong), with a
random flipped jing, random seats, jing held elsewhere, 跟庄, 相公 and house options. A self-drawn
complete hand always scores; off a discard it scores or is refused as ``illegal_win`` (有精平胡,
the 精吊 structure) — never anything else.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import mjcalc
from mjcalc.models import SEATS, Seat
from mjcalc.rules.jing import next_kind
from mjcalc.tiles import DRAGONS, WINDS, Tile, code

seats = st.sampled_from(SEATS)
chows = st.builds(
    lambda suit, start: [9 * suit + start + k for k in range(3)],
    st.integers(0, 2),
    st.integers(0, 6),
)
pungs = st.integers(0, 33).map(lambda t: [t] * 3)
honor_sets = st.one_of(
    st.permutations(WINDS).map(lambda w: sorted(w[:3])), st.just(sorted(DRAGONS))
)
sets = st.one_of(chows, chows, pungs, honor_sets)


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[str, Tile, list[Tile], bool]:
    """(hand text, winning tile, every tile, has a kong): four sets + a pair, ≤ 4 of a tile."""
    groups = draw(st.lists(sets, min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    tiles = [t for g in groups for t in g] + [pair, pair]
    kong = draw(st.booleans()) and groups[0][0] == groups[0][1] and tiles.count(groups[0][0]) == 3
    if kong:  # the first set, a pung, becomes a concealed kong
        tiles += [groups[0][0]]
    assume(max(Counter(tiles).values()) <= 4)
    concealed = [t for g in groups[1 if kong else 0 :] for t in g] + [pair, pair]
    text = "".join(code(t) for t in concealed)
    if kong:
        text += f" ({code(groups[0][0]) * 4})"  # e.g. (1m1m1m1m)
    win = draw(st.sampled_from(concealed))
    return text, win, tiles, kong


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    hand, win, tiles, kong = draw(winning_hands())
    flipped = draw(st.integers(0, 33))
    main, secondary = flipped, next_kind(flipped)
    assume(tiles.count(main) <= 3)
    winner, dealer = draw(seats), draw(seats)
    discarder = draw(st.one_of(st.none(), seats.filter(lambda s: s != winner)))
    others: list[Seat] = [s for s in SEATS if s != winner]
    main_left, secondary_left = 3 - tiles.count(main), 4 - tiles.count(secondary)
    jings: dict[str, list[int]] = {}
    for seat in others:
        m = draw(st.integers(0, main_left))
        f = draw(st.integers(0, secondary_left))
        main_left, secondary_left = main_left - m, secondary_left - f
        if m or f:
            jings[seat] = [m, f]
    request: dict[str, Any] = {
        "rules": "xingguo",
        "hand": hand,
        "win_tile": code(win),
        "jing": code(flipped),
        "winner": winner,
        "dealer": dealer,
        "discarder": discarder,
        "jings": jings,
        "follow_dealer": draw(st.integers(0, 2)),
        "xianggong": draw(
            st.dictionaries(st.sampled_from(others), st.sampled_from(["big", "small"]), max_size=1)
        ),
        "options": {
            "bawang": draw(st.sampled_from(["double", "plus10"])),
            "bahu_scope": draw(st.sampled_from(["all", "others"])),
        },
    }
    if discarder is None:
        request["after_kong"] = kong and draw(st.booleans())
        if not request["after_kong"]:
            first_turn = "heavenly" if winner == dealer else "earthly"
            request[first_turn] = draw(st.booleans())
    else:
        # 抢杠 takes the fourth copy: the winner holds no other copy of the tile it robs
        request["robbing_kong"] = tiles.count(win) == 1 and draw(st.booleans())
    return request


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(requests())
def test_every_section_sums_to_zero(request: dict[str, Any]) -> None:
    result = mjcalc.score(request)
    if request["discarder"] is None:
        assert result.ok, (request, result.error)
    elif not result.ok:
        assert result.error is not None
        assert result.error.code == "illegal_win", (request, result.error)
        return
    assert set(result.sections) == {"hu", "kong", "jing", "follow_dealer"}
    for name, section in result.sections.items():
        assert sum(section.values()) == 0, name
    assert sum(result.payments.values()) == 0
    winner = request["winner"]
    hu = result.sections["hu"]
    assert hu[winner] > 0
    assert all(hu[s] <= 0 for s in SEATS if s != winner)
