"""Shanghai property: any legal hand in any situation settles to zero, and the winner is paid.

Hands are built as 4 sets + a pair inside one suit (with or without honors, chows or pungs, some
sets melded or kongs), or as all pungs over any tiles — every one a named hand that may win.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mjcalc
from mjcalc.hand import Hand, Meld
from mjcalc.models import SEATS
from mjcalc.notation import format_hand, parse_hand
from mjcalc.tiles import HONORS, Tile, code

SUIT_STARTS = (0, 9, 18)


@st.composite
def legal_hands(draw: st.DrawFn) -> str:
    """A 碰碰胡 / 混一色 / 清一色 / 混碰 / 清碰 / 风碰 hand in mpsz, some sets melded."""
    kind = draw(st.sampled_from(["flush", "half_flush", "pungs", "honors"]))
    suit = draw(st.sampled_from(SUIT_STARTS))
    suited = list(range(suit, suit + 9))
    pool: list[Tile] = {
        "flush": suited,
        "half_flush": suited + list(HONORS),
        "pungs": list(range(34)),
        "honors": list(HONORS),
    }[kind]
    chows_ok = kind in ("flush", "half_flush")
    groups: list[tuple[Tile, ...]] = []
    for _ in range(4):
        start = draw(st.sampled_from(pool))
        is_chow = chows_ok and start < 27 and (start - suit) <= 6 and draw(st.booleans())
        groups.append((start, start + 1, start + 2) if is_chow else (start,) * 3)
    pair = draw(st.sampled_from(pool))
    used = Counter(t for g in groups for t in g) + Counter([pair, pair])
    assume(all(n <= 4 for n in used.values()))
    concealed: list[Tile] = []
    melds: list[Meld] = []
    for g in groups:
        how = draw(st.sampled_from(["concealed", "exposed", "exposed_kong", "concealed_kong"]))
        kong_ok = len(set(g)) == 1 and used[g[0]] == 3
        if how == "concealed" or (how.endswith("kong") and not kong_ok):
            concealed.extend(g)
        elif how == "exposed":
            melds.append(Meld(g))
        else:
            melds.append(Meld((g[0],) * 4, concealed=how == "concealed_kong"))
    return format_hand(Hand((*concealed, pair, pair), tuple(melds)))


@st.composite
def situations(draw: st.DrawFn) -> dict[str, Any]:
    """Winner, discarder or self-draw, 杠开 / 抢杠, 承包, 开宝, 黄番, flowers, options."""
    winner = draw(st.sampled_from(SEATS))
    others = [s for s in SEATS if s != winner]
    discarder = draw(st.sampled_from([None, *others]))
    req: dict[str, Any] = {
        "winner": winner,
        "dealer": draw(st.sampled_from(SEATS)),
        "discarder": discarder,
        "liable": draw(st.lists(st.sampled_from(others), unique=True, max_size=3)),
        "kaibao": draw(st.integers(0, 3)),
        "huangfan": draw(st.integers(0, 3)),
        "flowers": draw(st.integers(0, 8)),
        "options": {"base": draw(st.integers(1, 3)), "lezi": draw(st.sampled_from([10, 20, 50]))},
    }
    if discarder is None:
        req["after_kong"] = draw(st.booleans())
    else:
        req["robbing_kong"] = draw(st.booleans())
    return req


@settings(max_examples=150, deadline=None)
@given(hand=legal_hands(), situation=situations())
def test_payments_sum_to_zero_and_only_the_winner_gains(
    hand: str, situation: dict[str, Any]
) -> None:
    parsed = parse_hand(hand)
    # a win on a kong needs its kong: 杠开 a kong in the hand; 抢杠 the fourth copy of its tile,
    # so the winner holds no other copy — it wins on a tile of a chow when there is one
    singles = [t for t in parsed.concealed if parsed.all_tiles.count(t) == 1]
    if situation.get("robbing_kong") and singles:
        situation = {**situation, "win_tile": code(singles[0])}
    result = mjcalc.score({"rules": "shanghai", "hand": hand, **situation})
    if (situation.get("robbing_kong") and not singles) or (
        situation.get("after_kong") and not parsed.kongs
    ):
        assert result.error is not None and result.error.code == "invalid_request", hand
        return
    assert result.ok, (hand, result.error)
    assert sum(result.payments.values()) == 0
    winner = situation["winner"]
    assert result.payments[winner] > 0
    assert all(v <= 0 for s, v in result.payments.items() if s != winner)
    # a share is at most four 勒子 (+ one for 八花齐); at most 12 shares are paid (抢杠: the
    # kong maker 3, and 3 more from each of three liable seats)
    assert result.payments[winner] <= 12 * 5 * situation["options"]["lezi"]
