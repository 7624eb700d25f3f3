"""The engine against an independent brute-force oracle, and properties of generated hands.

The oracle below shares no code with the engine: winning checks on plain counts (no wilds),
written the textbook way, and wilds handled by trying every tile kind for every wild tile (its
own kind being face value). With up to two wilds that is at most 34² hands per question, each
answered directly. The engine must find a reading of each shape exactly when the oracle does,
and every reading it reports must check out once its wilds are replaced by what they stood for.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, pairwise, product

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from mjcalc.engine import Group, HonorSets, Reading, ShapeRules, lone_wild_wait, readings
from mjcalc.hand import Meld
from mjcalc.tiles import DRAGONS, HONORS, N_KINDS, WINDS, Tile, tile, tiles

MODES: tuple[HonorSets, ...] = ("none", "same_class", "any_distinct")


def examples(n: int) -> settings:
    """``n`` examples, no per-example deadline (a cold engine cache is slower on the first)."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- the oracle -------------------------------------------------------------------------------

Counts = tuple[int, ...]


@cache
def honor_triples(mode: HonorSets) -> list[tuple[Tile, Tile, Tile]]:
    """Every honor set a mode allows, as sorted triples of different honors."""
    if mode == "none":
        return []
    if mode == "same_class":
        return [*combinations(WINDS, 3), *combinations(DRAGONS, 3)]
    return list(combinations(HONORS, 3))


def is_chow(ts: Sequence[Tile]) -> bool:
    a, b, c = sorted(ts)
    return c < 27 and a // 9 == c // 9 and b == a + 1 and c == b + 1


@cache
def oracle_sets(counts: Counts, mode: HonorSets) -> bool:
    """Can ``counts`` be split into sets (pungs, chows, honor sets of ``mode``)?"""
    first = next((t for t, c in enumerate(counts) if c), None)
    if first is None:
        return True
    candidates = [(first,) * 3]
    if first < 27 and first % 9 <= 6:
        candidates.append((first, first + 1, first + 2))
    candidates += [h for h in honor_triples(mode) if h[0] == first]
    for group in candidates:
        rest = list(counts)
        for t in group:
            rest[t] -= 1
        if min(rest) >= 0 and oracle_sets(tuple(rest), mode):
            return True
    return False


def oracle_standard(counts: Counts, n_sets: int, mode: HonorSets) -> bool:
    """``n_sets`` sets + one pair."""
    if sum(counts) != 3 * n_sets + 2:
        return False
    for t in range(N_KINDS):
        if counts[t] >= 2:
            rest = list(counts)
            rest[t] -= 2
            if oracle_sets(tuple(rest), mode):
                return True
    return False


def oracle_seven_pairs(counts: Counts, four_as_two: bool) -> bool:
    allowed = (0, 2, 4) if four_as_two else (0, 2)
    return sum(counts) == 14 and all(c in allowed for c in counts)


def oracle_lan(counts: Counts) -> bool:
    if sum(counts) != 14 or max(counts) > 1:
        return False
    for suit in range(3):
        ranks = [r for r in range(9) if counts[9 * suit + r]]
        if any(b - a < 3 for a, b in pairwise(ranks)):
            return False
    return True


def oracle_star(counts: Counts) -> bool:
    return oracle_lan(counts) and all(counts[h] for h in HONORS)


def substitutions(
    concealed: Sequence[Tile], wild_kinds: Sequence[Tile]
) -> Iterator[tuple[Counts, bool]]:
    """Every hand the wilds can make: (counts, whether some wild stood in for another honor)."""
    fixed = [t for t in concealed if t not in wild_kinds]
    faces = [t for t in concealed if t in wild_kinds]
    for kinds in product(range(N_KINDS), repeat=len(faces)):
        counts = [0] * N_KINDS
        for t in (*fixed, *kinds):
            counts[t] += 1
        wild_honor = any(k in HONORS and k != f for f, k in zip(faces, kinds, strict=True))
        yield tuple(counts), wild_honor


def oracle_shapes(
    concealed: Sequence[Tile],
    n_melds: int,
    wild_kinds: Sequence[Tile],
    mode: HonorSets,
    four_as_two: bool,
    wild_for_star_honors: bool,
) -> set[str]:
    """The shapes some substitution of the wilds makes (seven pairs and lan need no melds)."""
    found: set[str] = set()
    for counts, wild_honor in substitutions(concealed, wild_kinds):
        if "standard" not in found and oracle_standard(counts, 4 - n_melds, mode):
            found.add("standard")
        if n_melds:
            continue
        if "seven_pairs" not in found and oracle_seven_pairs(counts, four_as_two):
            found.add("seven_pairs")
        if "thirteen_lan" not in found and oracle_lan(counts):
            found.add("thirteen_lan")
        if (
            "seven_star_lan" not in found
            and (wild_for_star_honors or not wild_honor)
            and oracle_star(counts)
        ):
            found.add("seven_star_lan")
    return found


def engine_shapes(
    concealed: Sequence[Tile],
    melds: Sequence[Meld],
    wild_kinds: Sequence[Tile],
    mode: HonorSets,
    four_as_two: bool,
    wild_for_star_honors: bool,
) -> set[str]:
    """Each shape asked of the engine on its own, so no shape hides another."""
    one_shape = {
        "standard": ShapeRules(honor_sets=mode),
        "seven_pairs": ShapeRules(seven_pairs=True, four_as_two=four_as_two),
        "thirteen_lan": ShapeRules(thirteen_lan=True),
        "seven_star_lan": ShapeRules(
            seven_star_lan=True, wild_for_seven_star_honors=wild_for_star_honors
        ),
    }
    return {
        shape
        for shape, rules in one_shape.items()
        if any(r.shape == shape for r in readings(concealed, melds, wild_kinds, rules))
    }


# --- checking one reading ---------------------------------------------------------------------


def group_is_valid(g: Group, mode: HonorSets) -> bool:
    ts = g.tiles
    if g.kind == "pair":
        return len(ts) == 2 and ts[0] == ts[1]
    if g.kind in ("pung", "kong"):
        return len(ts) == (3 if g.kind == "pung" else 4) and len(set(ts)) == 1
    if g.kind == "chow":
        return len(ts) == 3 and is_chow(ts)
    if g.kind == "honors":
        return g.melded or tuple(sorted(ts)) in honor_triples(mode)
    return g.kind == "lan"


def assert_reading_is_sound(
    r: Reading, concealed: Sequence[Tile], wild_kinds: Sequence[Tile], rules: ShapeRules
) -> None:
    """Replacing every wild by what it stood for gives a hand the reading fits, without wilds."""
    held_wilds = sorted(t for t in concealed if t in wild_kinds)
    assert sorted(w.face for w in r.wilds) == held_wilds
    acting = [w for w in r.wilds if w.stood_for is not None]
    kept = [w.face for w in r.wilds if w.stood_for is None]
    hand = [g for g in r.groups if not g.melded]
    at_wild = [t for g in hand for t, w in zip(g.tiles, g.wild, strict=True) if w]
    at_real = [t for g in hand for t, w in zip(g.tiles, g.wild, strict=True) if not w]
    assert sorted(at_wild) == sorted(w.stood_for for w in acting)  # type: ignore[type-var]
    assert sorted(at_real) == sorted([t for t in concealed if t not in wild_kinds] + kept)
    assert all(0 <= t < N_KINDS for t in at_wild)
    assert all(group_is_valid(g, rules.honor_sets) for g in r.groups)
    counts = [0] * N_KINDS
    for t in at_wild + at_real:
        counts[t] += 1
    n_melds = sum(g.melded for g in r.groups)
    if r.shape == "standard":
        assert [g.kind for g in r.groups].count("pair") == 1
        assert len(r.sets) == 4
        assert oracle_standard(tuple(counts), 4 - n_melds, rules.honor_sets)
    elif r.shape == "seven_pairs":
        assert all(g.kind == "pair" for g in r.groups)
        assert oracle_seven_pairs(tuple(counts), rules.four_as_two)
    elif r.shape == "thirteen_lan":
        assert oracle_lan(tuple(counts))
    else:
        assert r.shape == "seven_star_lan"
        assert oracle_star(tuple(counts))
        if not rules.wild_for_seven_star_honors:
            assert not any(t in HONORS for t in at_wild)


# --- hand generators --------------------------------------------------------------------------

CHOWS = [(t, t + 1, t + 2) for t in range(27) if t % 9 <= 6]
PUNGS = [(t,) * 3 for t in range(N_KINDS)]
LAN_RANKS = [
    [rs for rs in combinations(range(9), k) if all(b - a >= 3 for a, b in pairwise(rs))]
    for k in range(4)
]


def fits(ts: Sequence[Tile]) -> bool:
    return max(Counter(ts).values(), default=0) <= 4


Parts = tuple[Sequence[tuple[Tile, ...]], Tile, tuple[Meld, ...], HonorSets]


@st.composite
def hand_parts(draw: st.DrawFn) -> Parts:
    """Concealed sets, the pair tile, melds, honor-set mode of a random 4 sets + pair hand.

    Sets are chows, pungs and the honor sets of a drawn mode; 0-2 of them melded (a melded
    pung may be a kong, exposed or concealed).
    """
    mode = draw(st.sampled_from(MODES))
    options = CHOWS + PUNGS + honor_triples(mode)
    sets = draw(st.lists(st.sampled_from(options), min_size=4, max_size=4))
    pair = draw(st.integers(0, N_KINDS - 1))
    n_melds = draw(st.integers(0, 2))
    melds = []
    for s in sets[:n_melds]:
        kong = len(set(s)) == 1 and draw(st.booleans())
        melds.append(Meld(s + s[:1] if kong else s, concealed=kong and draw(st.booleans())))
    concealed = [t for s in sets[n_melds:] for t in s] + [pair, pair]
    assume(fits(concealed + [t for m in melds for t in m.tiles]))
    return sets[n_melds:], pair, tuple(melds), mode


@st.composite
def standard_hands(draw: st.DrawFn) -> tuple[list[Tile], tuple[Meld, ...], HonorSets]:
    """A winning 4 sets + pair hand in random order."""
    sets, pair, melds, mode = draw(hand_parts())
    concealed = [t for s in sets for t in s] + [pair, pair]
    return draw(st.permutations(concealed)), melds, mode


@st.composite
def seven_pairs_hands(draw: st.DrawFn) -> list[Tile]:
    kinds = draw(st.lists(st.integers(0, N_KINDS - 1), min_size=7, max_size=7, unique=True))
    return [t for k in kinds for t in (k, k)]


@st.composite
def lan_hands(draw: st.DrawFn, star: bool = False) -> list[Tile]:
    """十三烂: at most 3 tiles a suit, gaps of 3; the rest honors (all seven for a star)."""
    n_honors = 7 if star else draw(st.integers(5, 7))
    sizes = draw(
        st.sampled_from([s for s in product(range(4), repeat=3) if sum(s) == 14 - n_honors])
    )
    suited = [
        9 * suit + r
        for suit, size in enumerate(sizes)
        for r in draw(st.sampled_from(LAN_RANKS[size]))
    ]
    honors = st.lists(st.sampled_from(HONORS), min_size=n_honors, max_size=n_honors, unique=True)
    return suited + draw(honors)


@st.composite
def with_wilds(
    draw: st.DrawFn,
    concealed: list[Tile],
    melded: Sequence[Tile],
    most: int,
    kinds: tuple[Tile, ...] = (),
) -> tuple[list[Tile], tuple[Tile, ...]]:
    """Up to ``most`` concealed tiles replaced by copies of 1-2 wild kinds (≤ 4 copies a kind).

    The wild kinds are drawn unless given.
    """
    if not kinds:
        kinds = tuple(
            draw(st.lists(st.integers(0, N_KINDS - 1), min_size=1, max_size=2, unique=True))
        )
    n = draw(st.integers(0, most))
    indices = st.integers(0, len(concealed) - 1)
    positions = draw(st.lists(indices, min_size=n, max_size=n, unique=True))
    hand = list(concealed)
    for p in positions:
        hand[p] = draw(st.sampled_from(kinds))
    assume(fits([*hand, *melded]))
    return hand, kinds


# --- properties of generated winning hands ----------------------------------------------------


@examples(150)
@given(st.data())
def test_standard_hands_win_whatever_the_order_and_with_wilds(data: st.DataObject) -> None:
    concealed, melds, mode = data.draw(standard_hands())
    rules = ShapeRules(honor_sets=mode)
    found = set(readings(concealed, melds, (), rules))
    assert any(r.shape == "standard" for r in found)
    assert set(readings(data.draw(st.permutations(concealed)), melds, (), rules)) == found
    melded = [t for m in melds for t in m.tiles]
    hand, kinds = data.draw(with_wilds(concealed, melded, 3))
    wild_found = list(readings(hand, melds, kinds, rules))
    assert any(r.shape == "standard" for r in wild_found)
    for r in wild_found:
        assert_reading_is_sound(r, hand, kinds, rules)


@examples(60)
@given(seven_pairs_hands(), st.booleans(), st.data())
def test_seven_pairs_hands(hand: list[Tile], four_as_two: bool, data: st.DataObject) -> None:
    rules = ShapeRules(seven_pairs=True, four_as_two=four_as_two)
    found = set(readings(hand, (), (), rules))
    assert any(r.shape == "seven_pairs" for r in found)
    assert set(readings(data.draw(st.permutations(hand)), (), (), rules)) == found
    wild_hand, kinds = data.draw(with_wilds(hand, (), 3))
    wild_found = list(readings(wild_hand, (), kinds, rules))
    assert any(r.shape == "seven_pairs" for r in wild_found)
    for r in wild_found:
        assert_reading_is_sound(r, wild_hand, kinds, rules)


@examples(60)
@given(st.booleans(), st.data())
def test_lan_hands(star: bool, data: st.DataObject) -> None:
    hand = data.draw(lan_hands(star))
    shape = "seven_star_lan" if star else "thirteen_lan"
    rules = ShapeRules(thirteen_lan=not star, seven_star_lan=star)
    found = set(readings(hand, (), (), rules))
    assert {r.shape for r in found} == {shape}
    assert set(readings(data.draw(st.permutations(hand)), (), (), rules)) == found
    wild_hand, kinds = data.draw(with_wilds(hand, (), 3))
    wild_found = list(readings(wild_hand, (), kinds, rules))
    assert any(r.shape == shape for r in wild_found)
    for r in wild_found:
        assert_reading_is_sound(r, wild_hand, kinds, rules)


# --- the engine against the oracle ------------------------------------------------------------


@st.composite
def near_winning(draw: st.DrawFn) -> tuple[list[Tile], tuple[Meld, ...], HonorSets]:
    """A winning hand of some shape with 0-2 tiles changed at random, so both outcomes occur."""
    kind = draw(st.sampled_from(["standard", "standard", "seven_pairs", "lan"]))
    melds: tuple[Meld, ...] = ()
    mode: HonorSets = draw(st.sampled_from(MODES))
    if kind == "standard":
        hand, melds, mode = draw(standard_hands())
    elif kind == "seven_pairs":
        hand = draw(seven_pairs_hands())
    else:
        hand = draw(lan_hands(draw(st.booleans())))
    for _ in range(draw(st.integers(0, 2))):
        hand[draw(st.integers(0, len(hand) - 1))] = draw(st.integers(0, N_KINDS - 1))
    return hand, melds, mode


@examples(250)
@given(near_winning(), st.booleans(), st.booleans(), st.data())
def test_engine_agrees_with_the_oracle(
    base: tuple[list[Tile], tuple[Meld, ...], HonorSets],
    four_as_two: bool,
    wild_for_star_honors: bool,
    data: st.DataObject,
) -> None:
    hand, melds, mode = base
    melded = [t for m in melds for t in m.tiles]
    hand, kinds = data.draw(with_wilds(hand, melded, 2))
    assume(sum(t in kinds for t in hand) <= 2)  # the oracle tries 34 kinds for each wild
    args = (mode, four_as_two, wild_for_star_honors)
    expected = oracle_shapes(hand, len(melds), kinds, *args)
    event(f"oracle finds {' + '.join(sorted(expected)) or 'no win'}")
    event(f"{sum(t in kinds for t in hand)} wild tiles held")
    assert engine_shapes(hand, melds, kinds, *args) == expected


@examples(60)
@given(standard_hands(), st.randoms(use_true_random=False))
def test_one_tile_off_a_winning_hand(
    base: tuple[list[Tile], tuple[Meld, ...], HonorSets], rnd: random.Random
) -> None:
    """Changing one tile of a winning hand so that the oracle says no: the engine says no."""
    hand, melds, mode = base
    position = rnd.randrange(len(hand))
    changes = (
        [*hand[:position], new, *hand[position + 1 :]]
        for new in rnd.sample(range(N_KINDS), N_KINDS)
    )
    melded = [t for m in melds for t in m.tiles]
    changed = next(
        (
            c
            for c in changes
            if fits([*c, *melded]) and not oracle_shapes(c, len(melds), (), mode, True, True)
        ),
        None,
    )
    assume(changed is not None)
    assert changed is not None
    rules = ShapeRules(honor_sets=mode, seven_pairs=True, thirteen_lan=True, seven_star_lan=True)
    assert list(readings(changed, melds, (), rules)) == []


# --- the wait: a lone wild, and a fixed pair ---------------------------------------------------


def oracle_rest_is_sets(counts: Counts, n_sets: int, mode: HonorSets) -> bool:
    return sum(counts) == 3 * n_sets and oracle_sets(counts, mode)


def oracle_rest_is_pairs(counts: Counts, four_as_two: bool, fixed: Tile | None = None) -> bool:
    """Six pairs; without four_as_two no kind twice, nor the kind of the fixed seventh pair.

    The fixed pair counts towards the copies of its kind: with four_as_two a kind still makes at
    most two pairs (six of a kind is never three pairs of 小七).
    """
    allowed = (0, 2, 4) if four_as_two else (0, 2)
    most = 4 if four_as_two else 2
    within = fixed is None or counts[fixed] + 2 <= most
    return sum(counts) == 12 and all(c in allowed for c in counts) and within


def without(ts: Sequence[Tile], *taken: Tile) -> list[Tile] | None:
    rest = list(ts)
    for t in taken:
        if t not in rest:
            return None
        rest.remove(t)
    return rest


def oracle_lone_wild_wait(
    concealed13: Sequence[Tile], n_melds: int, wild_kinds: Sequence[Tile], rules: ShapeRules
) -> bool:
    """Some wild set aside, the other 12 (wilds substituted) are sets, or six pairs."""
    for lone in {t for t in concealed13 if t in wild_kinds}:
        rest = without(concealed13, lone) or []
        for counts, _ in substitutions(rest, wild_kinds):
            if oracle_rest_is_sets(counts, 4 - n_melds, rules.honor_sets):
                return True
            if (
                rules.seven_pairs
                and not n_melds
                and oracle_rest_is_pairs(counts, rules.four_as_two)
            ):
                return True
    return False


def oracle_fixed_pair(
    concealed: Sequence[Tile],
    n_melds: int,
    wild_kinds: Sequence[Tile],
    pair: tuple[Tile, Tile],
    rules: ShapeRules,
) -> set[str]:
    """The shapes of the hand with ``pair`` taken out first (lone wild standing for partner)."""
    lone, partner = pair
    rest = without(concealed, lone, partner)
    if rest is None or (lone != partner and lone not in wild_kinds):
        return set()
    found: set[str] = set()
    for counts, _ in substitutions(rest, wild_kinds):
        if oracle_rest_is_sets(counts, 4 - n_melds, rules.honor_sets):
            found.add("standard")
        pairs_ok = rules.seven_pairs and not n_melds
        if pairs_ok and oracle_rest_is_pairs(counts, rules.four_as_two, partner):
            found.add("seven_pairs")
    return found


@st.composite
def lone_tile_hands(draw: st.DrawFn) -> tuple[list[Tile], tuple[Meld, ...], HonorSets]:
    """13 tiles: 4 sets + a single, or (no melds) 6 pairs + a single."""
    if draw(st.booleans()):
        sets, single, melds, mode = draw(hand_parts())
        return [t for s in sets for t in s] + [single], melds, mode
    hand = draw(seven_pairs_hands())
    return hand[1:], (), draw(st.sampled_from(MODES))


@st.composite
def waits(draw: st.DrawFn) -> tuple[list[Tile], tuple[Meld, ...], tuple[Tile, ...], ShapeRules]:
    """13 tiles near a lone-wild wait, and up to 3 wilds.

    Either a winning hand less a random tile, or sets / pairs + a single whose kind is made wild
    (the 精吊 structure); then 0-1 tiles changed at random so both answers occur.
    """
    if draw(st.booleans()):
        hand, melds, mode = draw(near_winning())
        del hand[draw(st.integers(0, len(hand) - 1))]
        kinds: tuple[Tile, ...] = ()
    else:
        hand, melds, mode = draw(lone_tile_hands())
        kinds = (hand[-1], *draw(st.lists(st.integers(0, N_KINDS - 1), max_size=1)))
        for _ in range(draw(st.integers(0, 1))):
            hand[draw(st.integers(0, len(hand) - 1))] = draw(st.integers(0, N_KINDS - 1))
    melded = [t for m in melds for t in m.tiles]
    hand, kinds = draw(with_wilds(hand, melded, 2, kinds))
    assume(sum(t in kinds for t in hand) <= 3)  # the lone one + at most 34² substitutions
    seven_pairs, four_as_two = draw(st.booleans()), draw(st.booleans())
    rules = ShapeRules(honor_sets=mode, seven_pairs=seven_pairs, four_as_two=four_as_two)
    return hand, melds, kinds, rules


@examples(200)
@given(waits())
def test_lone_wild_wait_agrees_with_the_oracle(
    case: tuple[list[Tile], tuple[Meld, ...], tuple[Tile, ...], ShapeRules],
) -> None:
    hand, melds, kinds, rules = case
    expected = oracle_lone_wild_wait(hand, len(melds), kinds, rules)
    event(f"lone wild wait: {expected}")
    assert lone_wild_wait(hand, melds, kinds, rules) is expected


def test_a_fixed_pair_does_not_make_a_third_pair_of_its_kind() -> None:
    # regression (the oracle once allowed it): 4m wild; 1122333m, 8p×4 and three 4m, the pair
    # fixed as 4m (wild) + the drawn 8p. Seven pairs would need 8p8p, 8p+4m and the fixed
    # 8p+4m: six 8p, three pairs of one kind — never 小七, even with four_as_two.
    hand = [3, 3, 2, 0, 1, 2, 0, 1, 2, 16, 16, 16, 3, 16]
    rules = ShapeRules(seven_pairs=True, four_as_two=True)
    found = {r.shape for r in readings(hand, (), (3,), rules, pair=(3, 16))}
    assert found == {"standard"} == oracle_fixed_pair(hand, 0, (3,), (3, 16), rules)


@examples(150)
@given(waits(), st.data())
def test_fixed_pair_readings_agree_with_the_oracle(
    case: tuple[list[Tile], tuple[Meld, ...], tuple[Tile, ...], ShapeRules], data: st.DataObject
) -> None:
    """Add a drawn tile, fix the pair (a held wild, the drawn tile): the 精吊 question."""
    hand, melds, kinds, rules = case
    drawn = data.draw(st.sampled_from([*kinds, *range(N_KINDS)]))
    hand = [*hand, drawn]
    assume(fits([*hand, *(t for m in melds for t in m.tiles)]))
    lone = data.draw(st.sampled_from([*kinds, drawn]))
    found = list(readings(hand, melds, kinds, rules, pair=(lone, drawn)))
    expected = oracle_fixed_pair(hand, len(melds), kinds, (lone, drawn), rules)
    event(f"fixed pair: {sorted(expected) or 'none'}")
    assert {r.shape for r in found} == expected
    for r in found:
        assert r.groups[0].kind == "pair"
        assert r.groups[0].tiles == (drawn, drawn)
        assert_reading_is_sound(r, hand, kinds, rules)


# --- fixed non-winning hands ------------------------------------------------------------------

EVERYTHING = ShapeRules(
    honor_sets="same_class", seven_pairs=True, thirteen_lan=True, seven_star_lan=True
)
NO_HONOR_SETS = ShapeRules(seven_pairs=True, thirteen_lan=True, seven_star_lan=True)
STAR_ONLY_NO_WILD = ShapeRules(seven_star_lan=True, wild_for_seven_star_honors=False)
RED = tile("7z")


@pytest.mark.parametrize(
    ("text", "wild", "rules"),
    [
        ("89m1p234p567s789s11z", (), EVERYTHING),  # 8m 9m 1p is no chow (suits never join)
        ("9m12p345p567s789s11z", (), EVERYTHING),  # nor is 9m 1p 2p
        ("123z456m789m123s55p", (), NO_HONOR_SETS),  # 東南西 without honor sets
        ("127z345m678m99p456s", (), EVERYTHING),  # 東南中 mixes winds and a dragon
        ("123m456m789m123p45p", (), EVERYTHING),  # four sets, no pair
        ("1234567m1234567p", (), EVERYTHING),  # each suit leaves a single
        ("1112345678999m1p", (), EVERYTHING),  # nine gates + a stray 1p
        ("111m22m33p44p55s66s7z", (), EVERYTHING),  # pairs with a triple and a single
        ("1111m3344p5566s77z", (), ShapeRules(seven_pairs=True, four_as_two=False)),
        ("1122m3344p5566s7z1s", (), EVERYTHING),  # six pairs + two singles
        ("147m258p368s12345z", (), EVERYTHING),  # 十三烂 with 6s 8s (gap 2)
        ("147m258p369s11234z", (), EVERYTHING),  # 十三烂 with two 東
        ("145m258p369s12345z", (), EVERYTHING),  # 4m 5m neighbours
        ("119m19p19s1234567z", (), EVERYTHING),  # thirteen orphans is no Xingguo shape
        ("147m58p26s1234577z", (RED,), STAR_ONLY_NO_WILD),  # 中 may not stand in for 發
        ("147m258p369s1234z1m", (), EVERYTHING),  # lan with a repeated 1m
        ("11122233344556z", (), EVERYTHING),  # 3 wind pungs + 北北 白白 發
        ("111m222m333m444m59m", (), EVERYTHING),  # 5m 9m: no pair, no set
        ("123m456p789s13s56z7z", (RED,), EVERYTHING),  # one 中 cannot fix 13s and 白發
        ("123m456p789s123z77z", (RED,), NO_HONOR_SETS),  # 東南西 no set; 中中 pair one only
        ("123m456p789s15s6z77z", (RED,), EVERYTHING),  # two 中 for 1s 5s 發: not enough
        ("123m456p789s159s6z7z", (RED,), EVERYTHING),  # one 中 for four loose tiles
        ("12m45m78m12p45p78p77z", (RED,), EVERYTHING),  # six open chows, two 中
        ("135m246p357s12346z", (), EVERYTHING),  # gaps of 2 in every suit
        ("1133557799m1134p", (), EVERYTHING),  # six pairs, 3p 4p; no set anywhere
        ("19m19p19s12345667z", (), EVERYTHING),  # terminals + honors with 發 twice
        ("2468m2468p2468s11z", (), EVERYTHING),  # even ranks: no chow, gaps of 2
        ("123456789m12345p", (), EVERYTHING),  # 12345p is a set and two strays, no pair
        ("111m22p33s4455667z", (), EVERYTHING),  # 1m three times among six pairs
        ("135m246p357s1234z7z", (RED,), EVERYTHING),  # one 中 for three gaps of 2
        ("1234m5678p99s1357z", (), EVERYTHING),  # 4m 5p and loose honors left over
    ],
)
def test_fixed_non_winning_hands(text: str, wild: tuple[Tile, ...], rules: ShapeRules) -> None:
    hand = tiles(text)
    assert len(hand) == 14
    options = (rules.honor_sets, rules.four_as_two, rules.wild_for_seven_star_honors)
    assert oracle_shapes(hand, 0, wild, *options) <= _off(rules)
    assert list(readings(hand, (), wild, rules)) == []


def _off(rules: ShapeRules) -> set[str]:
    """The shapes a rule set ignores (the oracle may find them; the engine must not)."""
    on = {
        "standard": True,
        "seven_pairs": rules.seven_pairs,
        "thirteen_lan": rules.thirteen_lan,
        "seven_star_lan": rules.seven_star_lan,
    }
    return {shape for shape, enabled in on.items() if not enabled}


def test_non_winning_with_melds() -> None:
    pung = Meld(tuple(tiles("777z")))
    # 45p is no set: 123m 45p 99s 678s + [777z]; 中 is not wild inside the meld.
    hand = tiles("123m45p99s678s")
    assert oracle_shapes(hand, 1, (), "same_class", True, True) == set()
    assert list(readings(hand, (pung,), (RED,), EVERYTHING)) == []
