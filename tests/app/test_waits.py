"""``mjcalc.app.waits.analyse``: waits and discards, checked against the scorer itself.

The oracle is :func:`mjcalc.score`: a tile is a wait exactly when the 14-tile hand it makes
scores in at least one way (self-drawn or off some seat's discard), and each listed way pays
exactly what ``score`` says. Worked examples check the numbers by hand.
"""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import mjcalc
from mjcalc.app.waits import analyse
from mjcalc.hand import Hand
from mjcalc.models.waits import WaitsResult
from mjcalc.notation import format_hand, parse_hand
from mjcalc.rules.ledger import others
from mjcalc.schema import json_schema
from mjcalc.tiles import N_KINDS, code

XINGGUO: dict[str, Any] = {"rules": "xingguo", "jing": "9p"}
SHANGHAI: dict[str, Any] = {"rules": "shanghai"}


def waits_of(hand: str, **context: Any) -> WaitsResult:
    result = analyse({**context, "hand": hand})
    assert result.ok, result.error
    return result


def scored(context: dict[str, Any], hand: Hand, t: int, discarder: str | None) -> mjcalc.Result:
    """What ``mjcalc score`` says of the hand completed by ``t`` (the oracle)."""
    full = Hand((*hand.concealed, t), hand.melds, hand.flowers)
    request = {**context, "hand": format_hand(full), "win_tile": code(t)}
    if discarder is not None:
        request["discarder"] = discarder
    return mjcalc.score(request)


def check_against_score(context: dict[str, Any], hand_text: str) -> WaitsResult:
    """Every tile: listed as a wait ⇔ ``score`` wins with it some way; listed values = score's."""
    result = waits_of(hand_text, **context)
    hand = parse_hand(hand_text)
    winner = context.get("winner", "E")
    listed = {w.tile: w for w in result.waits}
    held = hand.all_tiles
    for t in range(N_KINDS):
        out = 1 if context["rules"] == "xingguo" and code(t) == context["jing"] else 0
        if held.count(t) + out >= 4:
            assert code(t) not in listed  # no copy left to draw
            continue
        ways = {d: scored(context, hand, t, d) for d in (None, *others(winner))}
        wins = {d: r for d, r in ways.items() if r.ok}
        if not wins:
            assert code(t) not in listed, (hand_text, code(t))
            continue
        assert result.shanten == 0
        wait = listed[code(t)]
        assert wait.left == 4 - held.count(t) - out
        if None in wins:
            assert wait.self_draw is not None
            assert wait.self_draw.payments == wins[None].payments
        else:
            assert wait.self_draw is None and "self_draw" in wait.refused
        for seat in others(winner):
            if seat in wins:
                assert wait.discard[seat].payments == wins[seat].payments
            else:
                assert seat not in wait.discard and seat in wait.refused
    return result


# --- the oracle on random hands ------------------------------------------------------------------


def random_ready_ish(rng: random.Random, avoid: int | None = None, flush: bool = False) -> str:
    """A 13-tile hand: a winning-looking hand with its last tile dropped and maybe one changed
    (``flush``: most of it in one suit and honors, as Shanghai's winning hands are)."""
    suit = rng.randrange(3)
    kinds = [*range(9 * suit, 9 * suit + 9), *range(27, 34)] if flush else range(N_KINDS)
    tiles: list[int] = []
    while len(tiles) < 12:
        t = rng.choice(kinds)
        if t < 27 and t % 9 <= 6 and rng.random() < 0.5:
            tiles += [t, t + 1, t + 2]
        elif rng.random() < 0.3 and t < 27:
            tiles += [t - t % 9 + rng.randrange(9) for _ in range(3)]  # a one-suit jumble
        else:
            tiles += [t, t, t]
    tiles = [*tiles[:12], rng.randrange(N_KINDS)]
    if rng.random() < 0.5:
        tiles[rng.randrange(13)] = rng.randrange(N_KINDS)
    if avoid is not None and rng.random() < 0.6:  # some jing in the hand
        for _ in range(rng.randrange(1, 3)):
            tiles[rng.randrange(13)] = avoid
    counts = [tiles.count(t) for t in range(N_KINDS)]
    if max(counts) > 4 or (avoid is not None and counts[avoid] > 3):
        return random_ready_ish(rng, avoid, flush)
    return format_hand(Hand(tuple(sorted(tiles))))


@pytest.mark.parametrize("rules", ["xingguo", "shanghai"])
def test_waits_are_exactly_the_tiles_that_score(rules: str) -> None:
    rng = random.Random(f"waits-oracle-{rules}")
    context = XINGGUO if rules == "xingguo" else SHANGHAI
    jing = 17 if rules == "xingguo" else None  # 9p
    ready = 0
    for _ in range(25):
        hand = random_ready_ish(rng, jing, flush=rules == "shanghai" and rng.random() < 0.7)
        result = check_against_score(context, hand)
        ready += result.shanten == 0
    assert ready >= 5  # the generator does produce ready hands to compare


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(["E", "S"]), st.sampled_from(["E", "W"]))
def test_listed_waits_score_with_the_listed_payments(seed: int, winner: str, dealer: str) -> None:
    """Property: adding a listed wait tile always scores, with the listed payments; a tile not
    listed never wins (whoever wins and deals)."""
    hand = random_ready_ish(random.Random(seed), 17)
    assume(parse_hand(hand).all_tiles.count(9) < 4)  # N holds a 1p: four more is no request
    check_against_score(
        {**XINGGUO, "winner": winner, "dealer": dealer, "jings": {"N": [0, 1]}}, hand
    )


@pytest.mark.parametrize(
    ("context", "hand"),
    [
        (SHANGHAI, "2345678999m (1111m)"),
        (SHANGHAI, "12345m11z [777z] [222z] 12f"),
        (SHANGHAI, "1199m [555p] [777z] (2222s)"),
        ({**XINGGUO, "jing": "1s"}, "123m456p7891s (2222z)"),
        ({**XINGGUO, "winner": "S"}, "456p789s1z [234m] (5555m)"),
    ],
)
def test_hands_with_melds_and_kongs_against_score(context: dict[str, Any], hand: str) -> None:
    result = check_against_score(context, hand)
    assert result.shanten == 0 and result.waits


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(0, 7))
def test_shanghai_waits_are_what_scores(seed: int, flowers: int) -> None:
    """Property: in Shanghai, with any number of flowers below 八花齐, the listed waits and their
    payments are exactly what ``score`` gives; nothing else wins."""
    hand = random_ready_ish(random.Random(seed), flush=True)
    check_against_score({**SHANGHAI, "flowers": flowers}, hand)


# --- worked examples -----------------------------------------------------------------------------


def test_jingdiao_structure_waits_on_every_tile() -> None:
    # 123m 456p 789s 123s + a lone 9p (正精; 1p is 副精): four sets and a lone jing wait on
    # anything, self-drawn only (精吊 structure). Dealer E self-draws, nobody else holds jing.
    result = waits_of("123m456p789s123s9p", **XINGGUO)
    assert result.any_tile and len(result.waits) == 34
    by_tile = {w.tile: w for w in result.waits}
    for w in result.waits:
        assert w.discard == {} and set(w.refused) == {"S", "W", "N"}
        assert all(r.code == "illegal_win" for r in w.refused.values())
    # 4m: 精吊 平胡, v = 1 × 2 self-draw × 2 dealer × 2 精吊 = 8 from each = 24; jing: E alone
    # holds one 正精 = 2, 霸精 doubles it to 4 from each = 12; E +36
    assert by_tile["4m"].self_draw is not None
    assert by_tile["4m"].self_draw.payments == {"E": 36, "S": -12, "W": -12, "N": -12}
    # 1p (副精) drawn: the same 24 of hu; jing 2 + 1 = 3, doubled 6 from each = 18; E +42
    assert by_tile["1p"].self_draw is not None and by_tile["1p"].self_draw.payments["E"] == 42
    # 9p: the pair 9p 9p at face value is 精吊德国: 8 × 2 = 16 + 5 reward = 21 from each = 63;
    # jing 2 × 2 = 4, doubled 8 from each = 24; E +87. Copies left: 4 − 1 held − 1 flipped = 2
    assert by_tile["9p"].left == 2
    assert by_tile["9p"].self_draw is not None and by_tile["9p"].self_draw.payments["E"] == 87
    # best first by left × self-draw gain: 9p 2 × 87 = 174, 1p 4 × 42 = 168, then 4 × 36 = 144
    assert [w.tile for w in result.waits[:2]] == ["9p", "1p"]
    assert result.waits[0].value == 174


def test_a_tile_another_seat_made_a_kong_of_is_no_wait() -> None:
    # regression: the 精吊 hand waits on every tile, but S's kong took all four 5m; scoring a
    # 5m win refused the whole request (5 copies of 5m). Now 5m is simply not there: 33 waits,
    # still every tile in play. 4m self-drawn: the +36 of the test above, less the 2 that S's
    # exposed kong takes from each other seat: E 36 − 2 = 34, S −12 + 3 × 2 = −6
    result = waits_of(
        "123m456p789s123s9p", **XINGGUO, kongs=[{"seat": "S", "kind": "exposed", "tile": "5m"}]
    )
    assert "5m" not in {w.tile for w in result.waits} and len(result.waits) == 33
    assert result.any_tile
    four = next(w for w in result.waits if w.tile == "4m")
    assert four.self_draw is not None
    assert four.self_draw.payments == {"E": 34, "S": -6, "W": -14, "N": -14}


def test_wild_plain_win_cannot_take_a_discard() -> None:
    # 123m 456p 789s 11z 4m + 9p (正精): 3m completes 34m + 9p-as-wild, a 平胡 using a jing —
    # 有精平胡: self-draw only. Self-drawn by the dealer: 1 × 2 × 2 = 4 from each = 12; jing: E
    # alone holds one 正精, 2 doubled (霸精) = 4 from each = 12; E +24.
    result = waits_of("123m456p789s11z4m9p", **XINGGUO)
    three = next(w for w in result.waits if w.tile == "3m")
    assert three.self_draw is not None
    assert three.self_draw.payments == {"E": 24, "S": -8, "W": -8, "N": -8}
    assert three.discard == {}
    assert {r.code for r in three.refused.values()} == {"illegal_win"}
    assert "有精平胡" in three.refused["S"].message
    # the 9 waits: 1m 2m 3m 4m 5m 6m (万 with the wild), 1z (pung with the wild), 9p, 1p
    assert sorted(w.tile for w in result.waits) == sorted(
        ["1m", "2m", "3m", "4m", "5m", "6m", "1z", "9p", "1p"]
    )


def test_shanghai_mixed_hand_never_waits() -> None:
    # 123m 456p 789s 11z 23m: ready by shape (1m / 4m), but a mixed hand with chows (平胡) may not
    # win in Shanghai, so it is not ready for Shanghai's hands. Closest is all pungs: 22m, 33m in
    # set slots, 11z as the pair, 1m and 4p alone in the last two set slots = 8 tiles placed of
    # 14: shanten 3·4 + 1 − 8 = 5 (a 万 flush places only 123m 23m 11z = 7).
    result = waits_of("123m456p789s11z23m", **SHANGHAI)
    assert result.shanten == 5
    assert result.waits == []
    assert {"1m", "2m", "3m", "1z", "4p"} <= {i.tile for i in result.improving}
    check_against_score(SHANGHAI, "123m456p789s11z23m")


def test_nine_gates_discard() -> None:
    # 1112345678999m + 5p: only discarding 5p leaves it ready, on all nine 万 (九莲宝灯 shape).
    # 清一色: 4 fan, (0 flowers + 1 base) × 2^4 = 16, capped at 1 勒子 = 10: self-drawn 10 from
    # each = +30; off a discard the discarder pays 10. Left: 2m–8m 3 each, 1m and 9m 1 each = 23;
    # value 23 × 30 = 690.
    result = waits_of("1112345678999m5p", **SHANGHAI)
    assert result.shanten == 0 and result.discards is not None
    assert [d.tile for d in result.discards] == ["5p"]
    best = result.discards[0]
    assert len(best.waits) == 9 and sum(w.left for w in best.waits) == 23
    assert best.value == 690
    two = next(w for w in best.waits if w.tile == "2m")
    assert two.self_draw is not None and two.self_draw.payments["E"] == 30
    assert two.discard["S"].payments == {"E": 10, "S": -10, "W": 0, "N": 0}


def test_discards_best_first_and_shanten_when_none_is_ready() -> None:
    # 19m19p19s1234567z + 5p under Shanghai: no discard leaves a winning hand one tile away; each
    # discard of a terminal or 5p keeps shanten 6 (all honors: 7 honors placed, 13 − 7 = 6) and
    # improves on the 7 honors (3 left each = 21).
    result = waits_of("19m19p19s1234567z5p", **SHANGHAI)
    assert result.discards is not None and result.shanten == 6
    assert {d.tile for d in result.discards} == {"1m", "9m", "1p", "5p", "9p", "1s", "9s"}
    for d in result.discards:
        assert d.shanten == 6 and d.waits == []
        assert [i.tile for i in d.improving] == ["1z", "2z", "3z", "4z", "5z", "6z", "7z"]
        assert sum(i.left for i in d.improving) == 21


def test_complete_fourteen_tiles_say_so_and_list_discards() -> None:
    # 19m 159p 19s 1234567z is 七星十三烂 under Xingguo (jing 5s held by nobody): complete (-1)
    result = waits_of("19m19p19s1234567z5p", rules="xingguo", jing="5s")
    assert result.shanten == -1
    assert result.discards and all(d.shanten == 0 for d in result.discards)
    values = [d.value for d in result.discards]
    assert values == sorted(values, reverse=True)


def test_not_ready_hand_has_shanten_and_improving_tiles() -> None:
    # 147m 147p 147s 1234z under Shanghai: a flush of 万 places 147m as singles in three set slots
    # plus 1234z: pair slot 1z… best target all honors (loose): 4 honors placed, 13 − 4 = 9; a
    # 万 flush: 1m 4m 7m in three slots + 1z pair slot + 2z in the fourth set slot = 5: 13 − 5 = 8.
    result = waits_of("147m147p147s1234z", **SHANGHAI)
    assert result.shanten == 8
    assert result.waits == [] and result.discards is None
    assert result.improving and all(i.left > 0 for i in result.improving)


# --- errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "field", ["win_tile", "discarder", "self_draw", "after_kong", "robbing_kong"]
)
def test_fields_about_the_winning_tile_are_refused(field: str) -> None:
    value: Any = "S" if field == "discarder" else "1m" if field == "win_tile" else True
    result = analyse({**SHANGHAI, "hand": "1112345678999m", field: value})
    assert not result.ok and result.error is not None
    assert result.error.code == "invalid_request" and field in result.error.message
    assert result.error.message_zh and field in result.error.message_zh


def test_user_errors_come_back_as_results() -> None:
    cases = [
        ({**SHANGHAI, "hand": "123m"}, "invalid_hand"),
        ({**SHANGHAI, "hand": "1112345678999m12p"}, "invalid_hand"),
        ({**SHANGHAI, "hand": "11123456789x99m"}, "invalid_notation"),
        ({"rules": "nope", "hand": "1112345678999m"}, "unknown_rules"),
        ({"hand": "1112345678999m"}, "invalid_request"),
        ({**SHANGHAI, "hand": "1112345678999m", "typo": 1}, "invalid_request"),
        ({"rules": "xingguo", "hand": "1112345678999m"}, "invalid_request"),  # no jing
        # 3 × 9p are all the 正精 in play (the fourth is the flipped one): 9p 9p 9p 9p is too many
        ({**XINGGUO, "hand": "9999p123m456m789m"}, "invalid_hand"),
    ]
    for request, expected in cases:
        result = analyse(request)
        assert not result.ok and result.error is not None, request
        assert result.error.code == expected, (request, result.error)
    assert analyse([1, 2]).error is not None  # type: ignore[arg-type]


def test_error_message_counts_the_kongs() -> None:
    result = analyse({**SHANGHAI, "hand": "123m456m11z (2222p)"})
    assert result.error is not None
    # 8 concealed tiles and a kong of 4 = 12; with one kong waits takes 13 + 1 = 14 or 15
    assert result.error.message == (
        "12 tiles with 1 kong; waits takes 14 (what a hand waits on) or 15 (what to discard)"
    )


# --- JSON ---------------------------------------------------------------------------------


def test_json_matches_the_schema_and_the_spec_shape() -> None:
    schema = json_schema("waits")
    for request in (
        {**XINGGUO, "hand": "123m456p789s11z4m9p"},
        {**SHANGHAI, "hand": "1112345678999m5p"},
        {**SHANGHAI, "hand": "147m147p147s1234z"},
        {**SHANGHAI, "hand": "123m"},
    ):
        data = json.loads(analyse(request).to_json())
        jsonschema.validate(data, schema)
        assert data["schema"] == 1
        if data["ok"]:
            assert {"rules", "hand", "shanten", "waits"} <= set(data)
            assert ("discards" in data) == (data["tiles"] == 14)
        else:
            assert set(data["error"]) >= {"code", "message"}
    data = json.loads(analyse({**XINGGUO, "hand": "123m456p789s11z4m9p"}).to_json())
    wait = data["waits"][0]
    assert set(wait) >= {"tile", "left", "pattern", "self_draw", "discard"}
    assert set(wait["pattern"]) == {"id", "zh", "en"}
    assert set(wait["self_draw"]) >= {"payments"}
    assert sum(wait["self_draw"]["payments"].values()) == 0
    assert wait["discard"] == {}  # 有精平胡: every discard refused


def test_melds_that_rule_out_every_winning_hand() -> None:
    # Shanghai: a chow of 万 and a chow of 筒 melded — no one-suit hand, no all-pungs hand, no
    # all-honors hand can hold both: shanten null, no waits, no improving tiles.
    result = waits_of("123s4s11z7z [123m] [456p]", **SHANGHAI)
    assert result.shanten is None and result.waits == [] and result.improving == []
    json.loads(result.to_json())  # null shanten is valid JSON for the schema too
    jsonschema.validate(json.loads(result.to_json()), json_schema("waits"))


def test_a_jing_other_seats_hold_every_copy_of_is_no_wait() -> None:
    # regression (found by the property above): 2 正精 9p in the hand + 1 at N are the 3 in play,
    # so 9p cannot be drawn; scoring a 9p win refused the whole request (4 正精 across the seats).
    # Now 9p is no wait. Copies left still count only what this seat sees: 1p (副精, none in
    # this hand, none said elsewhere) has 4.
    # The hand: 123m 456p 789s 11z + 9p 9p: 11z with one wild 9p is a pung, the other 9p alone:
    # the 精吊 structure, waiting on every tile that can still be drawn — all but 9p
    result = waits_of("123m456p789s11z9p9p", **XINGGUO, jings={"N": [1, 0]})
    tiles = {w.tile for w in result.waits}
    assert "9p" not in tiles and "1z" in tiles and "4m" in tiles
    assert next(w for w in result.waits if w.tile == "1p").left == 4
    assert next(w for w in result.waits if w.tile == "1z").left == 2  # 4 − the 2 held
    assert result.any_tile  # every tile that can still be drawn
    assert len(result.waits) == 33


def test_a_hand_and_other_seats_holding_too_many_jing_is_one_error() -> None:
    # 4 副精 1p in the hand + 1 at N: 5 of the 4 in play. The request contradicts itself, said
    # once, whether the hand is ready or not (before, only a ready hand failed, at some tile)
    for hand in ("1111p456p789s123s9p", "1111p456p789s12s5z9p"):
        result = analyse({**XINGGUO, "hand": hand, "jings": {"N": [0, 1]}})
        assert not result.ok and result.error is not None
        assert result.error.code == "invalid_request"
        assert result.error.message == (
            "the hand holds 4 × 1p and the request gives other seats 1, but only 4 are in play"
        )


# --- ready by shape, but every winning tile used up: not ready (shanten 1, as riichi counts) ---


def test_a_hand_whose_waits_are_all_used_up_is_not_ready() -> None:
    # 234m 456m 555m 999m + 9m… every reading waits on 5m or 9m, and all their copies are in
    # the hand: ready by shape, nothing to win on
    result = waits_of("2344555569999m", **SHANGHAI)
    assert result.shanten == 1
    assert result.ready_by_shape is True
    assert result.waits == []
    # the tiles after which some discard leaves a wait with a copy left: 1m 7m 8m, the honors…
    improving = {t.tile: t.left for t in result.improving}
    assert improving["1m"] == 4 and improving["7z"] == 4 and improving["4m"] == 2
    assert "5m" not in improving and "9m" not in improving  # none left
    data = json.loads(result.to_json())
    assert data["shanten"] == 1 and data["ready_by_shape"] is True


def test_ready_by_shape_is_left_out_of_the_json_of_other_hands() -> None:
    assert "ready_by_shape" not in json.loads(waits_of("1112345678999m", **SHANGHAI).to_json())


def test_a_discard_that_leaves_no_winnable_tile_is_not_listed_as_ready() -> None:
    # 4888m 4444p 555p 333z: discarding 4p waits on 4m (3 left); discarding 4m would wait on
    # 4p only, all four of which are in the hand — it is not "ready"
    result = waits_of("4888m4444555p333z", **SHANGHAI)
    assert result.shanten == 0
    assert result.discards is not None
    assert [(d.tile, d.shanten) for d in result.discards] == [("4p", 0)]
    assert [(w.tile, w.left) for w in result.discards[0].waits] == [("4m", 3)]
