"""The fourth round's shortcuts (issue 9) give exactly what the long way gives.

``bench/digest.py`` checks 20,000 random results end to end; these pin the individual pieces:
objects built without their ``__init__``, checks answered for the whole hand at once, texts
read from tables.
"""

from __future__ import annotations

import dataclasses
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjcalc
from mjcalc import validate
from mjcalc.app import score as api
from mjcalc.engine.groups import Reading
from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld, new_hand, new_meld
from mjcalc.i18n import text
from mjcalc.models import Notice
from mjcalc.rules.base import Context, KongMade
from mjcalc.rules.registry import load_rules
from mjcalc.tiles import N_ALL, code, rank_of, suit_of
from mjcalc.validate import HandPolicy


def _same_dataclass(quick: object, slow: object) -> None:
    """Equal field by field, the fields left out of ``==`` included, and of the same type."""
    assert type(quick) is type(slow)
    for f in dataclasses.fields(slow):  # type: ignore[arg-type]
        assert getattr(quick, f.name) == getattr(slow, f.name), f.name
    assert quick == slow


def test_context_of_fills_every_field_as_the_dataclass_does() -> None:
    loaded = load_rules("xingguo")
    request = loaded.ruleset.request_model.model_validate(
        {
            "rules": "xingguo",
            "hand": "123m456p789s11z 234m",
            "jing": "9s",
            "winner": "S",
            "dealer": "W",
            "discarder": "N",
            "robbing_kong": True,
        }
    )
    hand = mjcalc.parse_hand(request.hand)
    kongs = (KongMade("N", "added", 5),)
    slow = Context(
        request=request,
        hand=hand,
        win_tile=5,
        winner="S",
        dealer="W",
        discarder="N",
        after_kong=False,
        robbing_kong=True,
        kongs=kongs,
    )
    _same_dataclass(Context.of(request, hand, 5, kongs), slow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Context.of(request, hand, 5).win_tile = 6  # type: ignore[misc]


def test_hands_and_melds_built_directly_equal_those_built_by_init() -> None:
    meld = new_meld((31, 31, 31), False, 12)
    _same_dataclass(meld, Meld((31, 31, 31), False, 12))
    kong = new_meld((1, 1, 1, 1), True, 3)
    _same_dataclass(kong, Meld((1, 1, 1, 1), True, 3))
    hand = new_hand((1, 2, 3), (meld, kong), (35,), (1, 2, 3))
    _same_dataclass(hand, Hand((1, 2, 3), (meld, kong), (35,), (1, 2, 3)))
    assert hash(hand) == hash(Hand((1, 2, 3), (meld, kong), (35,), (1, 2, 3)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.concealed = ()  # type: ignore[misc]


def test_tile_codes_read_from_the_table_are_the_worked_out_codes() -> None:
    for t in range(-3, N_ALL + 3):  # values that are no tile too: never another tile's entry
        assert code(t) == f"{rank_of(t)}{suit_of(t)}"


def _outcome(hand: Hand, policy: HandPolicy) -> str | None:
    try:
        validate.validate_hand(hand, policy)
    except MjcalcError as exc:
        return f"{exc.code}: {exc.message} @ {exc.column}"
    except (TypeError, ValueError) as exc:  # a malformed hand built in code
        return type(exc).__name__
    return None


@settings(max_examples=400, deadline=None)
@given(
    concealed=st.lists(st.integers(-2, 44), max_size=15),
    melds=st.lists(st.tuples(st.lists(st.integers(-2, 44), max_size=5), st.booleans()), max_size=3),
    flowers=st.lists(st.integers(-2, 44), max_size=4),
    allow_flowers=st.booleans(),
)
def test_the_whole_hand_tile_check_reports_what_the_check_by_part_reports(
    concealed: list[int],
    melds: list[tuple[list[int], bool]],
    flowers: list[int],
    allow_flowers: bool,
) -> None:
    hand = Hand(
        tuple(concealed),
        tuple(Meld(tuple(m), kong, i + 1) for i, (m, kong) in enumerate(melds)),
        tuple(flowers),
    )
    policy = HandPolicy(flowers=allow_flowers)
    quick = _outcome(hand, policy)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(validate, "_playing_tiles", lambda _tiles, _flowers: False)  # the long way
        assert _outcome(hand, policy) == quick


@pytest.mark.parametrize(
    "hand",
    [
        "123m456p789s11z 234m",
        "1233444456999m5m 567f",
        "11234s22z1s [345s] [555s] 35f",
        "1112233367777z5z 1248f 1f",  # a flower twice
        "111m[1111m]222m33m44m",  # a fifth copy
        "123m456p789s11z 23f4m",  # a flower among the tiles, by the scanner
    ],
)
def test_the_whole_hand_tile_check_on_parsed_hands(hand: str) -> None:
    parsed = mjcalc.parse_hand(hand)
    for policy in (HandPolicy(), HandPolicy(flowers=True)):
        quick = _outcome(parsed, policy)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(validate, "_playing_tiles", lambda _tiles, _flowers: False)
            assert _outcome(parsed, policy) == quick


def test_no_effect_notices_are_the_catalogue_texts_validated() -> None:
    loaded = load_rules("shanghai")
    request = loaded.ruleset.request_model.model_validate(
        {
            "rules": "shanghai",
            "hand": "111m234m567m99m [111z]",
            "kongs": [{"seat": "S", "kind": "added"}],
            "options": {"fee": 3},
        }
    )
    options = loaded.options(request.options)
    notices = api.no_effect_warnings(request, options)
    slow = [
        Notice(
            message=text("warn.no_effect_field", "en", name="kongs"),
            message_zh=text("warn.no_effect_field", "zh", name="kongs"),
        ),
        Notice(
            message=text("warn.session_option", "en", name="fee"),
            message_zh=text("warn.session_option", "zh", name="fee"),
        ),
    ]
    assert notices == slow
    assert [n.model_dump_json() for n in notices] == [n.model_dump_json() for n in slow]
    again = api.no_effect_warnings(request, options)
    assert again[0] is not notices[0]  # a result's notices are its own (not frozen)


def test_a_request_given_as_a_dict_subclass_or_a_model_reads_as_a_dict() -> None:
    class Fields(dict[str, object]):
        pass

    plain = {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "9s"}
    assert api.request_fields(plain) == plain and api.request_fields(plain) is not plain
    assert api.request_fields(Fields(plain)) == plain
    model = load_rules("xingguo").ruleset.request_model.model_validate(plain)
    assert api.request_fields(model) == plain
    assert mjcalc.score(Fields(plain)) == mjcalc.score(plain)


def _engine_answers(seed: int) -> list[object]:
    """Every reading and every distinct reading of the random hands of the distinct-readings
    tests (with and without wilds, each wild fixed as a lone pair too)."""
    from mjcalc.engine import distinct_readings, readings
    from tests.engine.test_distinct_readings import questions

    out: list[object] = []
    for (tiles, melds, wild_kinds, rules), pair in questions(seed, 400):
        out.append(list(readings(tiles, melds, wild_kinds, rules, pair=pair)))
        found = distinct_readings(tiles, melds, wild_kinds, rules, pair=pair)
        out.append([(d.shape, d.all_triplets, d.substituting, d.reading()) for d in found])
    return out


@pytest.mark.parametrize("seed", [11, 12])
def test_the_engine_without_wilds_held_answers_as_the_split_by_split_search(seed: int) -> None:
    """A hand holding no wild is asked its one split's questions directly (``_found_at_face``):
    the same readings as the split-by-split code, run on an equal plan that is not the shared
    one. (The key of a split without jokers in ``distinct_readings`` is checked against the
    resolved readings by tests/test_distinct_readings.py.)"""
    readings_module = sys.modules["mjcalc.engine.readings"]
    quick = _engine_answers(seed)
    no_wild = readings_module._NO_WILD
    real_plan = readings_module._plan

    def plan_copy(counts: list[int], wild_kinds: tuple[int, ...]) -> object:
        plan = real_plan(counts, wild_kinds)
        return readings_module._Plan(*plan) if plan is no_wild else plan  # equal, not it

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(readings_module, "_plan", plan_copy)
        assert _engine_answers(seed) == quick
    assert sum(1 for answer in quick if answer) > 300  # the hands did win


def _long_meld_flowers(reading: Reading) -> list[object]:
    """Shanghai's meld_flowers as written before (every set through its form, then filtered)."""
    from collections import Counter

    from mjcalc.rules.shanghai.hands import SetForm, _set_source

    sets: list[tuple[int, SetForm, str]] = []
    for g in reading.groups:
        if g.kind == "loose":
            counts = Counter(g.tiles)
            sets += [(t, "pung", "item.three_alike") for t in sorted(counts) if counts[t] >= 3]
            continue
        form: SetForm | None = None
        if g.kind == "kong":
            form = "exposed_kong" if g.exposed else "concealed_kong"
        elif g.kind == "pung":
            form = "pung"
        if form is not None:
            how = "item.melded" if g.melded else "item.concealed_pung"
            sets.append((g.tiles[0], form, how))
    sources = [_set_source(t, form, how) for t, form, how in sets]
    return [s for s in sources if s is not None]


def _shanghai_readings(seed: int, n: int) -> list[tuple[Hand, Reading]]:
    """Readings of random complete hands: chows, pungs of every class, melded pungs and
    chows, exposed and concealed kongs, all-honor hands read without structure."""
    import random

    from mjcalc.engine import ShapeRules, readings

    rng = random.Random(seed)
    out: list[tuple[Hand, Reading]] = []
    while len(out) < n:
        concealed: list[int] = []
        melds: list[Meld] = []
        honors_only = rng.random() < 0.2
        for _ in range(4):
            t = rng.randrange(27, 34) if honors_only else rng.randrange(34)
            roll = rng.random()
            tiles: tuple[int, ...]
            if roll < 0.35 and t < 27 and t % 9 <= 6:
                tiles = (t, t + 1, t + 2)
            elif roll < 0.5:
                tiles = (t,) * 4
            else:
                tiles = (t,) * 3
            if len(tiles) == 4 or rng.random() < 0.3:
                melds.append(Meld(tiles, concealed=len(tiles) == 4 and rng.random() < 0.5))
            else:
                concealed += tiles
        pair = rng.randrange(27, 34) if honors_only else rng.randrange(34)
        concealed += [pair, pair]
        hand = Hand(tuple(concealed), tuple(melds))
        if max(hand.all_tiles.count(t) for t in set(hand.all_tiles)) > 4:
            continue
        rules = ShapeRules(loose_honors=honors_only)
        out += [(hand, r) for r in readings(hand.concealed, hand.melds, (), rules)]
    return out


def test_meld_flowers_and_the_hand_colour_are_the_long_way() -> None:
    from mjcalc.engine.groups import TRIPLET_OR_NOT_SET
    from mjcalc.rules.shanghai.hands import hand_colour, meld_flowers

    found = _shanghai_readings(21, 600)
    kinds = {(g.kind, g.melded, g.exposed) for _h, r in found for g in r.groups}
    assert {("kong", True, True), ("kong", True, False), ("pung", True, True)} <= kinds
    assert {("pung", False, False), ("chow", False, False), ("loose", False, False)} <= kinds
    for hand, r in found:
        assert meld_flowers(r) == _long_meld_flowers(r)
        classes = {t // 9 for t in hand.all_tiles}
        honors, suits = 3 in classes, len(classes) - (3 in classes)
        long_colour = (
            "honors"
            if suits == 0
            else ("half_flush" if honors else "full_flush")
            if suits == 1
            else "mixed"
        )
        assert hand_colour(hand) == long_colour
        long_triplets = r.shape == "standard" and all(
            g.kind in TRIPLET_OR_NOT_SET for g in r.groups
        )
        assert r.all_triplets == long_triplets


@settings(max_examples=200, deadline=None)
@given(
    payee=st.sampled_from(["E", "S", "W", "N"]),
    amounts=st.dictionaries(
        st.sampled_from(["E", "S", "W", "N"]), st.integers(-5000, 5000), max_size=4
    ),
    before=st.lists(st.tuples(st.integers(0, 3), st.integers(1, 3), st.integers(0, 99))),
)
def test_a_ledger_collects_as_each_payer_pays(
    payee: str, amounts: dict[str, int], before: list[tuple[int, int, int]]
) -> None:
    from mjcalc.models import SEATS
    from mjcalc.rules.ledger import Ledger, collected

    quick, slow = Ledger(), Ledger()
    for a, step, amount in before:  # earlier transfers in both
        for ledger in (quick, slow):
            ledger.pay(SEATS[a], SEATS[(a + step) % 4], amount)
    if payee in amounts:
        with pytest.raises(ValueError, match="cannot pay itself"):
            quick.collect(payee, amounts)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="cannot pay itself"):
            collected(payee, amounts)  # type: ignore[arg-type]
        return
    quick.collect(payee, amounts)  # type: ignore[arg-type]
    for payer, amount in amounts.items():
        slow.pay(payer, payee, amount)  # type: ignore[arg-type]
    assert quick.net == slow.net and list(quick.net) == list(SEATS)
    fresh = Ledger()
    for payer, amount in amounts.items():
        fresh.pay(payer, payee, amount)  # type: ignore[arg-type]
    net = collected(payee, amounts)  # type: ignore[arg-type]
    assert net == fresh.net and list(net) == list(SEATS)


@pytest.mark.parametrize(
    "raw",
    [
        {"rules": "shanghai", "hand": "111m234m567m99m [111z]", "winner": "南", "flowers": 2},
        {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "9s", "kongs": []},
        {"rules": "xingguo", "hand": "123m", "jing": "9s", "winner": "X"},  # refused
        {"rules": "shanghai", "hand": "123m", "flowers": "2", "extra": 1},  # refused
        {"rules": "shanghai", "hand": 5},  # refused
    ],
)
def test_requests_are_validated_as_model_validate_validates_them(raw: dict[str, object]) -> None:
    from pydantic import ValidationError

    model = load_rules(str(raw["rules"])).ruleset.request_model

    def outcome(validate: object) -> object:
        try:
            return validate(raw)  # type: ignore[operator]
        except ValidationError as exc:
            return exc.errors()

    quick = outcome(model.__pydantic_validator__.validate_python)
    assert quick == outcome(model.model_validate)
    if not isinstance(quick, list):
        assert type(quick) is model and quick.model_fields_set == set(raw)


def test_a_shares_figures_are_the_long_ways() -> None:
    """HandScore.of: the cap lifted to two 勒子 by a lifting fan (never lowered), the flowers
    summed, as max() and sum() over every fan and source gave them."""
    from itertools import combinations

    from mjcalc.rules.shanghai.hands import (
        AFTER_KONG,
        BIG_CRANE,
        EIGHT_FLOWERS,
        WINNING_HANDS,
        HandScore,
        _huangfan,
        _kaibao,
        _set_source,
        flower_tiles_source,
    )

    fans = [AFTER_KONG, BIG_CRANE, _kaibao(2), _huangfan(1)]
    sources = [
        s
        for s in (
            _set_source(27, "pung", "item.melded"),
            _set_source(31, "concealed_kong", "item.melded"),
        )
        if s
    ]
    sources.append(flower_tiles_source(3, (34, 35, 36)))  # type: ignore[arg-type]
    reading = _shanghai_readings(5, 1)[0][1]
    for named in (*WINNING_HANDS, EIGHT_FLOWERS):
        for k in range(len(fans) + 1):
            for chosen in combinations(fans, k):
                for n in range(len(sources) + 1):
                    flowers = tuple(sources[:n])
                    score = HandScore.of(named, reading, chosen, flowers, 1, 10)
                    lifted = 2 if any(f.lifts_cap for f in chosen) else 1
                    fan = named.fan + sum(f.fan for f in chosen)
                    count = sum(s.flowers for s in flowers)
                    assert score.cap_lezi == max(named.cap_lezi, lifted)
                    assert (score.fan, score.flower_count) == (fan, count)
                    assert score.uncapped == (count + 1) * 2**fan
                    assert score.share == min(score.uncapped, score.cap_lezi * 10)


def test_amounts_owed_without_liability_are_the_shares_owed_times_a_share() -> None:
    from mjcalc.rules.shanghai.pay import Payers, ShareValue, amounts_owed, shares_owed

    for winner in ("E", "S", "W", "N"):
        for discarder in (None, "E", "S", "W", "N"):
            if discarder == winner:
                continue
            for robbing in (False, True) if discarder else (False,):
                p = Payers(winner, discarder, robbing, ())
                for value in (ShareValue(10, 40, 10, 0), ShareValue(7, 7, 20, 10)):
                    long_way = {
                        s: n * (value.capped + value.bonus) for s, n in shares_owed(p).items()
                    }
                    for liability in ("extra", "full"):
                        owed = amounts_owed(p, value, liability, "share")
                        assert owed == long_way and list(owed) == list(long_way)


@settings(max_examples=200, deadline=None)
@given(
    counts=st.lists(
        st.one_of(st.none(), st.tuples(st.integers(0, 3), st.integers(0, 4))),
        min_size=4,
        max_size=4,
    ),
    winner=st.sampled_from(["E", "S", "W", "N"]),
)
def test_jing_held_by_nobody_settles_as_asked_seat_by_seat(
    counts: list[tuple[int, int] | None], winner: str
) -> None:
    """The shared empty holding tells a jing-free table at once; given ``[0, 0]`` seats, and
    every other table, are asked seat by seat: the same answers either way."""
    from mjcalc.models import SEATS
    from mjcalc.rules.xingguo import base, hu, settle
    from mjcalc.rules.xingguo.base import JingHeld, XingguoOptions

    held = {
        seat: base._NO_JING if c is None else JingHeld(*c)
        for seat, c in zip(SEATS, counts, strict=True)
    }
    options = XingguoOptions()

    def answers() -> object:
        return (
            [hu.is_bahu(held, winner, scope) for scope in ("all", "others")],  # type: ignore[arg-type]
            settle.settle_jing(held, {}, options),
        )

    quick = answers()
    with pytest.MonkeyPatch.context() as mp:
        for module in (hu, settle):
            mp.setattr(module, "nobody_holds", lambda _held: False)
        assert answers() == quick


def test_mjcalc_score_loads_the_scorer_on_first_use_only() -> None:
    """``import mjcalc`` stays light; the first score loads ``mjcalc.app.score`` and keeps its
    scorer."""
    import subprocess

    code_ = (
        "import sys, mjcalc\n"
        "assert 'mjcalc.app.score' not in sys.modules\n"
        "r = mjcalc.score({'rules': 'xingguo', 'hand': '123m456p789s11z 234m', 'jing': '9s'})\n"
        "import mjcalc.app.score as api\n"
        "assert r.ok and mjcalc._SCORER == [api.score]\n"
        "mjcalc.score({'rules': 'xingguo', 'hand': '1m', 'jing': '9s'})\n"
        "assert mjcalc._SCORER == [api.score]\n"
    )
    subprocess.run([sys.executable, "-c", code_], check=True)
