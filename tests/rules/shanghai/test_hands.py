"""Shanghai: which hands may win, their fan, the situational fan, flowers and the 勒子 caps;
the evaluator's shortcuts against the long way.

Worked hands, winner E, off S's discard unless told. Defaults: base 1, one 勒子 = 10. Where the
fan arithmetic should show in full, the cap is raised out of the way with ``lezi = 1000``.
A share is (flowers + base) × 2^fan, capped.
"""

from __future__ import annotations

import pytest

import mjcalc
from mjcalc.engine import readings
from mjcalc.engine.groups import Reading
from mjcalc.hand import Hand, Meld
from mjcalc.rules.shanghai import hands
from mjcalc.rules.shanghai.hands import _BY_COLOUR, SHAPES, WINNING_HANDS, classify, hand_colour
from mjcalc.tiles import N_KINDS, tile
from tests.rules.shanghai.helpers import BIG_CAP, error, hu, item, item_ids, nets, score

# --- named hands ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "pattern", "zh", "share"),
    [
        # mixed suits, all pungs, no flowers: (0 + 1) × 2^2 = 4
        ("111m222p333s444m55p", "all_pungs", "碰碰胡", 4),
        # 万 + an East pair (a pair is no pung: no flower): (0 + 1) × 2^2 = 4
        ("123m456m789m123m11z", "half_flush", "混一色", 4),
        # (0 + 1) × 2^4 = 16
        ("123m456m789m123m55m", "full_flush", "清一色", 16),
        # 混一色 + all pungs: (0 + 1) × 2^4 = 16
        ("111m333m555m777m11z", "half_flush_pungs", "混碰", 16),
        # 清一色 + all pungs: (0 + 1) × 2^5 = 32
        ("111m333m555m777m99m", "full_flush_pungs", "清碰", 32),
        # all honors, no sets at all (乱风向); no three alike: (0 + 1) × 2^5 = 32
        ("11223344556677z", "all_honors", "风一色", 32),
        # four wind pungs (concealed, 1 flower each) + a 白 pair: (4 + 1) × 2^6 = 320
        ("111z222z333z444z55z", "all_honor_pungs", "风碰", 320),
    ],
)
def test_each_named_hand_wins_with_its_fan(hand: str, pattern: str, zh: str, share: int) -> None:
    result = score(hand, discarder="S", options=BIG_CAP)
    assert result.pattern is not None
    assert (result.pattern.id, result.pattern.zh) == (pattern, zh)
    assert result.sections["hu"] == nets(share, -share, 0, 0)


def test_named_hand_item_carries_zh_en_and_fan() -> None:
    result = score("111m333m555m777m99m", discarder="S")
    named = item(result, "full_flush_pungs")
    assert (named.zh, named.en, named.fan) == ("清碰", "Full flush all pungs", 5)
    assert result.pattern is not None
    assert result.pattern.model_dump() == {
        "id": "full_flush_pungs",
        "zh": "清碰",
        "en": "Full flush all pungs",
    }


def test_best_named_hand_is_taken_alone_not_summed() -> None:
    # 111222333444m55m reads as four pungs (清碰, 5 fan) or as 123m×3 + 444m (清一色, 4 fan).
    # 清碰 is a fixed 5, not 清一色 4 + 碰碰胡 2: (0 + 1) × 2^5 = 32, not 2^6 = 64 or 2^4 = 16
    result = score("111m222m333m444m55m", discarder="S", options=BIG_CAP)
    assert result.pattern is not None and result.pattern.id == "full_flush_pungs"
    assert [i.fan for i in result.items if i.fan] == [5]
    assert result.sections["hu"] == nets(32, -32, 0, 0)


def test_half_flush_pungs_beats_half_flush_reading() -> None:
    # 111222333m 444m 11z: 混碰 (4 fan) over the 混一色 chow reading (2): 1 × 2^4 = 16
    result = score("111m222m333m444m11z", discarder="S", options=BIG_CAP)
    assert result.pattern is not None and result.pattern.id == "half_flush_pungs"
    assert result.sections["hu"] == nets(16, -16, 0, 0)


def test_all_honors_prefers_honor_pungs_over_loose_reading() -> None:
    # 555666777z 111z 22z is both 风一色 (5) and 风碰 (6): 风碰. Flowers: three dragon pungs
    # 2 each + one wind pung 1 = 7; (7 + 1) × 2^6 = 512
    result = score("555z666z777z111z22z", discarder="S", options=BIG_CAP)
    assert result.pattern is not None and result.pattern.id == "all_honor_pungs"
    assert result.sections["hu"] == nets(512, -512, 0, 0)


def test_all_honors_with_honor_melds() -> None:
    # melds of honors keep 风一色: [555z] dragon pung 2 flowers; the loose rest has no three
    # alike. (2 + 1) × 2^5 = 96
    result = score("1122334467z [555z] 7z", discarder="S", options=BIG_CAP)
    assert result.pattern is not None and result.pattern.id == "all_honors"
    assert result.sections["hu"] == nets(96, -96, 0, 0)


# --- hands that may not win ------------------------------------------------------------------


def test_mixed_suit_chow_hand_is_illegal_and_lists_the_winning_hands() -> None:
    err = error("123m456p789s11122z", discarder="S")
    assert err.code == "illegal_win"
    for zh in ("碰碰胡", "混一色", "清一色", "混碰", "清碰", "风一色", "风碰", "八花齐"):
        assert zh in err.message


def test_seven_pairs_is_illegal() -> None:
    err = error("1122m3344p5566s77z")
    assert err.code == "illegal_win"
    assert "seven pairs" in err.message


def test_thirteen_tiles_is_an_invalid_hand() -> None:
    err = error("123m456m789m123m5m")
    assert err.code == "invalid_hand"
    assert "13 tiles" in err.message


def test_incomplete_hand_is_not_winning() -> None:
    assert error("123m456m789m124m55m").code == "not_winning"


def test_honors_never_chow() -> None:
    # 白發中 is no set in Shanghai (and 万 tiles rule out the structure-free 风一色)
    assert error("123m456m789m55m567z").code == "not_winning"


def test_chows_only_within_one_suit() -> None:
    # 78m + 9p is no chow across suits
    assert error("123m456m78m9p111z55m").code == "not_winning"


# --- situational fan ---------------------------------------------------------------------


def test_after_kong_adds_one_fan() -> None:
    # 清一色 4 + 杠开 1; flowers: the 1111m 暗杠 is 2. (2 + 1) × 2^5 = 96 from each other seat
    result = score("234m456m678m55m (1111m)", after_kong=True, options=BIG_CAP)
    assert item(result, "after_kong").fan == 1
    assert result.sections["hu"] == nets(288, -96, -96, -96)


def test_big_crane_all_melded_single_wait_on_the_pair() -> None:
    # 清一色 4 + 大吊车 1; the 暗杠 counts as melded and is 2 flowers: (2 + 1) × 2^5 = 96
    result = score("[234m] [456m] [678m] (1111m) 55m", discarder="S", options=BIG_CAP)
    assert item(result, "big_crane").fan == 1
    assert result.sections["hu"] == nets(96, -96, 0, 0)


def test_big_crane_needs_every_other_set_melded() -> None:
    # 234m still concealed: no 大吊车. (2 + 1) × 2^4 = 48
    result = score("234m [456m] [678m] (1111m) 55m", discarder="S", options=BIG_CAP)
    assert "big_crane" not in item_ids(result)
    assert result.sections["hu"] == nets(48, -48, 0, 0)


def test_kaibao_adds_one_fan_per_pending_count() -> None:
    # 清一色 4 + 开宝 2 = 6 fan: (0 + 1) × 2^6 = 64
    result = score("123m456m789m123m55m", discarder="S", kaibao=2, options=BIG_CAP)
    assert item(result, "kaibao").fan == 2
    assert result.sections["hu"] == nets(64, -64, 0, 0)


def test_huangfan_adds_one_fan_per_drawn_hand() -> None:
    # 碰碰胡 2 + 黄番 3 = 5 fan: (0 + 1) × 2^5 = 32
    result = score("111m222p333s444m55p", discarder="S", huangfan=3, options=BIG_CAP)
    assert item(result, "huangfan").fan == 3
    assert result.sections["hu"] == nets(32, -32, 0, 0)


def test_situational_fans_add_up() -> None:
    # 清一色 4 + 杠开 1 + 开宝 1 + 黄番 1 = 7 fan, 2 flowers (暗杠): (2 + 1) × 2^7 = 384
    result = score(
        "234m456m678m55m (1111m)", after_kong=True, kaibao=1, huangfan=1, options=BIG_CAP
    )
    assert result.sections["hu"] == nets(3 * 384, -384, -384, -384)


# --- flowers -------------------------------------------------------------------------------


def test_written_flower_tiles_count_one_each() -> None:
    # 碰碰胡 with 春夏秋: (3 + 1) × 2^2 = 16
    result = score("111m222p333s444m55p 123f", discarder="S", options=BIG_CAP)
    flowers = item(result, "flower_tiles")
    assert flowers.add == 3
    assert flowers.detail is not None and "春" in flowers.detail
    assert result.sections["hu"] == nets(16, -16, 0, 0)


def test_flowers_field_counts_when_not_written() -> None:
    # the same hand with flowers = 3: (3 + 1) × 2^2 = 16
    result = score("111m222p333s444m55p", discarder="S", flowers=3, options=BIG_CAP)
    assert item(result, "flower_tiles").add == 3
    assert result.sections["hu"] == nets(16, -16, 0, 0)


def test_flowers_written_and_given_is_invalid_request() -> None:
    err = error("111m222p333s444m55p 123f", flowers=3)
    assert err.code == "invalid_request"
    assert "one way" in err.message


@pytest.mark.parametrize(
    ("hand", "source", "flowers"),
    [
        ("222p333s444m55p [1111m]", "suit_exposed_kong", 1),
        ("222p333s444m55p (1111m)", "suit_concealed_kong", 2),
        ("222p333s444m55p [111z]", "wind_pung", 1),
        ("111z222p333s444m55p", "wind_pung", 1),  # a concealed pung counts as a pung
        ("222p333s444m55p [1111z]", "wind_exposed_kong", 2),
        ("222p333s444m55p (1111z)", "wind_concealed_kong", 3),
        ("222p333s444m55p [555z]", "dragon_pung", 2),
        ("777z222p333s444m55p", "dragon_pung", 2),  # concealed 中 pung
        ("222p333s444m55p [5555z]", "dragon_exposed_kong", 3),
        ("222p333s444m55p (5555z)", "dragon_concealed_kong", 4),
    ],
)
def test_meld_flowers_by_source(hand: str, source: str, flowers: int) -> None:
    # 碰碰胡 (mixed suits + honors, all pungs), 2 fan: share = (flowers + 1) × 4
    result = score(hand, discarder="S", options=BIG_CAP)
    assert result.pattern is not None and result.pattern.id == "all_pungs"
    assert item(result, source).add == flowers
    share = (flowers + 1) * 4
    assert result.sections["hu"] == nets(share, -share, 0, 0)


def test_suit_pungs_and_honor_pairs_hold_no_flowers() -> None:
    # 111m 222p 333s pungs, 55z pair: (0 + 1) × 2^2 = 4, no flower item at all
    result = score("111m222p333s444m55z", discarder="S", options=BIG_CAP)
    assert not [i for i in result.items if i.id.endswith(("_pung", "_kong", "flower_tiles"))]
    assert result.sections["hu"] == nets(4, -4, 0, 0)


def test_all_flower_sources_add_up() -> None:
    # 混碰 (万 + honors, all pungs) 4 fan. Flowers: 春夏 2 + 東 concealed pung 1
    # + [5555z] 白 exposed kong 3 + (7777z) 中 concealed kong 4 + [2222m] suit exposed kong 1 = 11.
    # (11 + 1) × 2^4 = 192
    result = score("111z55m [5555z] (7777z) [2222m] 12f", discarder="S", options=BIG_CAP)
    assert result.pattern is not None and result.pattern.id == "half_flush_pungs"
    assert sum(i.add or 0 for i in result.items if i.id != "base") == 11
    assert result.sections["hu"] == nets(192, -192, 0, 0)


def test_loose_all_honors_counts_three_alike_as_pungs() -> None:
    # 東東東 南南南 西西 北 白 發發 中中: no standard reading; 風一色 with two wind "pungs" (一客 is
    # three alike): (2 + 1) × 2^5 = 96
    result = score("11122233456677z", discarder="S", options=BIG_CAP)
    assert result.pattern is not None and result.pattern.id == "all_honors"
    assert result.sections["hu"] == nets(96, -96, 0, 0)


def test_other_seats_kongs_hold_no_flowers_for_the_winner() -> None:
    # meld flowers are the winner's only: S's 中 kong changes nothing. (0 + 1) × 2^2 = 4
    kongs = [{"seat": "S", "kind": "exposed", "tile": "7z"}]
    assert hu("111m222p333s444m55p", discarder="S", kongs=kongs) == nets(4, -4, 0, 0)


# --- caps (勒子) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "share", "cap_zh"),
    [
        ("123m456m789m123m55m", 10, "勒子"),  # 清一色 1 × 2^4 = 16 → one 勒子, 10
        ("111m333m555m777m11z", 10, "勒子"),  # 混碰 16 → 10
        ("111m333m555m777m99m", 20, "双勒"),  # 清碰 32 → two 勒子, 20
        ("11223344556677z", 20, "双勒"),  # 风一色 32 → 20
        ("111z222z333z444z55z", 40, "四勒"),  # 风碰 (4 + 1) × 64 = 320 → four 勒子, 40
    ],
)
def test_default_caps_of_the_lezi_ladder(hand: str, share: int, cap_zh: str) -> None:
    result = score(hand, discarder="S")
    cap = item(result, "cap")
    assert cap.zh == cap_zh
    assert cap.effect.startswith(f"≤ {share}: ")  # and it bit
    assert result.sections["hu"] == nets(share, -share, 0, 0)


def test_cap_not_reached_is_reported_as_such() -> None:
    # 碰碰胡 1 × 2^2 = 4 ≤ 10
    result = score("111m222p333s444m55p", discarder="S")
    assert item(result, "cap").effect == "≤ 10, not reached"
    assert result.sections["hu"] == nets(4, -4, 0, 0)


def test_one_lezi_cap_bites_on_many_flowers() -> None:
    # 碰碰胡 with 5 flowers: (5 + 1) × 2^2 = 24 → 10
    result = score("111m222p333s444m55p 12345f", discarder="S")
    assert item(result, "cap").effect == "≤ 10: 24 → 10"
    assert result.sections["hu"] == nets(10, -10, 0, 0)


@pytest.mark.parametrize("field", ["kaibao", "huangfan"])
def test_kaibao_or_huangfan_lifts_the_cap_to_two_lezi(field: str) -> None:
    # 清一色 + 1 fan: (0 + 1) × 2^5 = 32; the cap is 2 勒子 = 20 (without it 10)
    result = score("123m456m789m123m55m", discarder="S", **{field: 1})
    cap = item(result, "cap")
    assert (cap.zh, cap.effect) == ("双勒", "≤ 20: 32 → 20")
    assert result.sections["hu"] == nets(20, -20, 0, 0)


def test_kaibao_does_not_lower_the_four_lezi_cap() -> None:
    # 风碰 + 开宝: (4 + 1) × 2^7 = 640 → 4 勒子 = 40
    assert hu("111z222z333z444z55z", discarder="S", kaibao=1) == nets(40, -40, 0, 0)


def test_after_kong_does_not_lift_the_cap() -> None:
    # 清一色 + 杠开, 2 flowers: (2 + 1) × 2^5 = 96 → still one 勒子, 10 each
    result = score("234m456m678m55m (1111m)", after_kong=True)
    assert item(result, "cap").zh == "勒子"
    assert result.sections["hu"] == nets(30, -10, -10, -10)


def test_each_flower_is_held_once() -> None:
    assert error("111m222p333s444m55p 11f").code == "invalid_hand"


# --- the evaluator's shortcuts against the long way -----------------------------------------------

# Each shortcut is checked on the case it skips work for: the tile count checked alone once the
# flowers are known, the engine asked only for the shapes that may win (every shape again to word
# a refusal), the hand's colour found once for all its readings, items shared between hands, the
# flowers of the melds and a share's figures worked out as before.


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


def test_the_colour_table_gives_each_playing_tiles_class() -> None:
    assert [hands._CLASS_BYTES[t] for t in range(N_KINDS)] == [t // 9 for t in range(N_KINDS)]


@pytest.mark.parametrize(
    ("hand", "fields"),
    [
        ("123m456m789m123m5m", {"flowers": 3}),  # 13 tiles, flowers only counted
        ("123m456m789m123m55m5m", {"flowers": 1}),  # 15 tiles
        ("123m456m789m5m (1111p)", {}),  # a kong and 14 tiles in all: one short
        ("123m456m789m123m5m", {"flowers": 0}),
    ],
)
def test_the_count_checked_late_is_the_count_of_validation(
    hand: str, fields: dict[str, int]
) -> None:
    err = error(hand, **fields)
    assert err.code == "invalid_hand"
    assert "tiles" in err.message


def test_eight_flowers_counted_skip_the_count() -> None:
    result = score("123m456m789m123m5m", flowers=8)
    assert result.pattern is not None and result.pattern.id == "eight_flowers"


@pytest.mark.parametrize(
    ("hand", "code", "words"),
    [
        ("1122m3344p5566s77z", "illegal_win", "seven pairs"),  # seven pairs alone
        ("112233m445566p77z", "illegal_win", "mixed"),  # seven pairs and mixed chows
        ("123m456m789m124m55m", "not_winning", "no reading"),
    ],
)
def test_refusals_still_see_every_shape(hand: str, code: str, words: str) -> None:
    err = error(hand)
    assert err.code == code
    assert words in err.message


def test_seven_pairs_that_are_also_a_flush_score_as_the_flush() -> None:
    result = score("11223344556677m")
    assert result.pattern is not None and result.pattern.id == "full_flush"


def test_all_honors_without_structure_still_found() -> None:
    result = score("1122334455667z 7z")
    assert result.pattern is not None and result.pattern.id == "all_honors"


@pytest.mark.parametrize(
    "text",
    [
        "11122233344455m",
        "111222333m44455z",
        "123m456m789m123m11z",
        "111m222p333s444m55p",
        "11223344556677z",
        "111z222z333z444z55z",
        "111m234m567m99m [777z]",
    ],
)
def test_colour_of_the_hand_is_the_colour_of_each_reading(text: str) -> None:
    """The named hand from the hand's colour is the one each reading's own tiles give."""
    hand = mjcalc.parse_hand(text)
    colour = hand_colour(hand)
    for r in readings(hand.concealed, hand.melds, (), SHAPES):
        tiles = [t for g in r.groups for t in g.tiles]
        suits = {t // 9 for t in tiles if t < 27}
        honors = any(t >= 27 for t in tiles)
        expected = {0: "honors", 1: "half_flush" if honors else "full_flush"}.get(
            len(suits), "mixed"
        )
        assert colour == expected
        named = classify(r, colour)
        if r.shape == "standard":
            assert named is _BY_COLOUR[colour][r.all_triplets]
            assert named is None or named in WINNING_HANDS


def test_colour_counts_melds() -> None:
    hand = Hand(tuple(tile(t) for t in ("1m", "1m", "1m")), (Meld((27, 27, 27)),))
    assert hand_colour(hand) == "half_flush"


def test_shared_items_never_carry_one_hand_into_the_next() -> None:
    """Items are shared between hands; each result's list of them is its own."""
    staked = score("123m456m789m123m55m", options={"stake": 3})
    plain = score("123m456m789m123m55m")
    assert "stake" in item_ids(staked)
    assert "stake" not in item_ids(plain)
    assert staked.items is not plain.items
    again = score("123m456m789m123m55m")
    assert again.model_dump() == plain.model_dump()
