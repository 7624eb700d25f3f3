"""Tests for mjcalc.validate: valid hands pass, every invalid_hand error names tile and column;
the quick checks (copies, tiles, the count) say what the checks tile by tile say.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjcalc
from mjcalc import validate
from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld
from mjcalc.notation import parse_hand
from mjcalc.tiles import FIRST_FLOWER, tile, tiles
from mjcalc.validate import HandPolicy, count_is_right, validate_hand

SHANGHAI = HandPolicy(flowers=True, allow_incomplete=False)
SAME_CLASS = HandPolicy(honor_melds="same_class")
ANY_DISTINCT = HandPolicy(honor_melds="any_distinct")


def _error(text: str, policy: HandPolicy | None = None, win: str | None = None) -> MjcalcError:
    with pytest.raises(MjcalcError) as info:
        validate_hand(parse_hand(text), policy or HandPolicy(), tile(win) if win else None)
    assert info.value.code == "invalid_hand"
    return info.value


# --- valid hands --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "policy"),
    [
        ("123m456p789s11155z", HandPolicy()),
        ("11223344556677m", HandPolicy()),  # seven pairs: shape is the engine's business
        ("19m19p19s12345677z", HandPolicy()),  # thirteen orphans
        ("5555m 123p 456s 789s 7z", HandPolicy()),  # four of a tile concealed is fine
        ("123p456s77z [5555m] [123m]", HandPolicy()),  # 15 tiles with one kong
        ("456s77z [5555m] (1111p) [123m]", HandPolicy()),  # 16 tiles with two kongs
        ("77z [5555m] (1111p) [2222s] (EEEE)", HandPolicy()),  # 18 tiles, four kongs
        ("11z [123m] [555z] [789s] [345p]", HandPolicy()),
        ("123m456p789s11155z 1234f", SHANGHAI),
        ("123m456p789s55z [123z]", SAME_CLASS),  # three different winds
        ("123m456p789s11z [567z]", SAME_CLASS),  # 白發中
        ("123m456p789s55z [127z]", ANY_DISTINCT),
        ("11m 12345678f", HandPolicy(flowers=True, allow_incomplete=True)),  # 八花齐
        ("12345678f", HandPolicy(flowers=True, allow_incomplete=True)),
    ],
)
def test_valid_hands_pass(text: str, policy: HandPolicy) -> None:
    validate_hand(parse_hand(text), policy)  # raises on any problem


def test_win_tile_among_concealed_passes() -> None:
    validate_hand(parse_hand("123m456p789s11155z"), win_tile=tile("5z"))
    validate_hand(parse_hand("123p456s77z [5555m] [123m]"), win_tile=tile("7z"))


def test_code_built_hand_without_columns_passes() -> None:
    validate_hand(Hand(concealed=tuple(tiles("123m456p789s11155z"))))


# --- more than four of a tile -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "column", "fragment"),
    [
        ("55555m 123p 456s 7z", 5, "5m appears 5 times; there are only 4"),
        ("1m 5m 5m 5m 5m 5m 123p 456s 7z", 16, "5m appears 5 times"),
        ("55m [555m] 123p 456s 7z", 5, "5m appears 5 times"),  # the fifth copy is in the meld
        ("[555m] 55m 123p 456s 7z", 9, "5m appears 5 times"),  # the fifth copy is concealed
        ("[5555z] [555z] 11m", 9, "5z appears 7 times; there are only 4"),
        ("EEEEE 123m 456p 789s", 5, "1z appears 5 times"),
    ],
)
def test_more_than_four(text: str, column: int, fragment: str) -> None:
    err = _error(text)
    assert err.column == column
    assert fragment in err.message
    assert f"column {column}" in err.message


def test_more_than_four_without_columns() -> None:
    hand = Hand(concealed=tuple(tiles("55555m123p456s77z")))
    with pytest.raises(MjcalcError) as info:
        validate_hand(hand)
    assert info.value.column is None
    assert info.value.message == "5m appears 5 times; there are only 4"


# --- flowers ------------------------------------------------------------------------------------


def test_flower_twice() -> None:
    err = _error("123m456p789s11155z 1f 春", SHANGHAI)
    assert "flower 春 (1f) appears twice" in err.message


def test_flowers_forbidden() -> None:
    err = _error("123m456p789s11155z 5f")
    assert "this ruleset has no flowers" in err.message
    assert "梅 (5f)" in err.message


def test_flower_in_bracket() -> None:
    err = _error("123m456p789s55z [123f]", SHANGHAI)
    assert err.column == 17
    assert "[123f]: flower 春 (1f) cannot be in a meld" in err.message
    err = _error("123m456p789s55z [123f]")
    assert err.column == 17
    assert "this ruleset has no flowers" in err.message


def test_flower_among_concealed_tiles_of_a_code_built_hand() -> None:
    hand = Hand(concealed=(0, FIRST_FLOWER), columns=(1, 3))
    with pytest.raises(MjcalcError) as info:
        validate_hand(hand, SHANGHAI)
    assert info.value.column == 3
    assert "flower 春 (1f) is among the concealed tiles" in info.value.message


def test_non_flower_in_flowers_of_a_code_built_hand() -> None:
    with pytest.raises(MjcalcError) as info:
        validate_hand(Hand(concealed=tuple(tiles("123m456p789s11155z")), flowers=(4,)), SHANGHAI)
    assert "5m) is not a flower" in info.value.message


# --- tile count ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("123m456p789s1115z", "13 tiles; a winning hand has 14"),
        ("123m456p789s111555z", "15 tiles; a winning hand has 14"),
        ("123p456s [5555m] [123m]", "13 tiles; a winning hand with 1 kong has 15"),
        ("123p45s77z [5555m] (1111s) [123m]", "18 tiles; a winning hand with 2 kongs has 16"),
        ("E", "1 tile; a winning hand has 14"),
    ],
)
def test_wrong_tile_count(text: str, message: str) -> None:
    err = _error(text)
    assert err.message == message
    assert err.column is None


def test_tile_count_ignores_flowers() -> None:
    err = _error("123m456p789s1115z 1234f", SHANGHAI)
    assert err.message == "13 tiles; a winning hand has 14 (flowers aside)"


def test_allow_incomplete_skips_only_the_count() -> None:
    policy = HandPolicy(flowers=True, allow_incomplete=True)
    validate_hand(parse_hand("1m 12345678f"), policy)
    with pytest.raises(MjcalcError, match="appears twice"):
        validate_hand(parse_hand("1m 12345678f 1f"), policy)
    with pytest.raises(MjcalcError, match="5m appears 5 times"):
        validate_hand(parse_hand("55555m"), policy)
    with pytest.raises(MjcalcError, match="is not a chow"):
        validate_hand(parse_hand("[124m]"), policy)


# --- meld shapes --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "policy", "column", "fragment"),
    [
        ("123p456s77z [124m] [123m]", HandPolicy(), 13, "[124m] is not a chow, pung or kong"),
        ("123p456s77z [89m1p] [123m]", HandPolicy(), 13, "[89m1p] is not a chow, pung or kong"),
        ("123p456s77z [89m1p] [123m]", HandPolicy(), 13, "a chow needs one suit"),
        ("123p456s77z [12m1z] [123m]", HandPolicy(), 13, "a chow needs one suit"),
        ("123p456s77z [112m] [123m]", HandPolicy(), 13, "[112m] is not a chow, pung or kong"),
        ("123p456s77z 123m [12m]", HandPolicy(), 18, "it has 2 tiles, a meld has 3 or 4"),
        ("123p456s77z [12345m]", HandPolicy(), 13, "[12345m] is not a chow, pung or kong"),
        ("123m456p789s55z [123z]", HandPolicy(), 17, "[123z]: honors cannot form a chow"),
        ("123m456p789s11z [567z]", HandPolicy(), 17, "[567z]: honors cannot form a chow"),
        (
            "123m456p789s55z [127z]",
            SAME_CLASS,
            17,
            "[127z]: honors cannot form a chow; this ruleset allows only three different winds",
        ),
        (
            "123p456s77z (111m) [123m]",
            HandPolicy(),
            13,
            "(111m): a concealed kong needs 4 identical",
        ),
        ("123p456s77z (1234m) 123m", HandPolicy(), 13, "(1234m): a concealed kong needs 4"),
        ("123p456s77z (1112m) 123m", HandPolicy(), 13, "(1112m): a concealed kong"),
    ],
)
def test_bad_melds(text: str, policy: HandPolicy, column: int, fragment: str) -> None:
    err = _error(text, policy)
    assert err.column == column
    assert fragment in err.message
    assert f"column {column}" in err.message


def test_meld_error_without_column() -> None:
    hand = Hand(concealed=tuple(tiles("123p456s77z123m")), melds=(Meld(tuple(tiles("124m"))),))
    with pytest.raises(MjcalcError) as info:
        validate_hand(hand)
    assert info.value.column is None
    assert info.value.message == "[124m] is not a chow, pung or kong"


# --- winning tile -------------------------------------------------------------------------------


def test_win_tile_not_concealed() -> None:
    err = _error("123m456p789s11155z", win="5m")
    assert err.message == "winning tile 5m is not among the concealed tiles"
    err = _error("123p456s77z [5555m] [123m]", win="5m")  # only in a meld
    assert "winning tile 5m is not among the concealed tiles" in err.message


def test_flower_is_never_the_win_tile() -> None:
    err = _error("123m456p789s11155z 1f", SHANGHAI, win="1f")
    assert "winning tile 1f is not among the concealed tiles" in err.message
    assert "flowers are never the winning tile" in err.message


# --- the quick checks against the check tile by tile ----------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    concealed=st.lists(st.integers(0, 33), min_size=1, max_size=14),
    melds=st.lists(st.integers(0, 33), max_size=4),
)
def test_a_fifth_copy_is_found_exactly_when_a_tile_is_there_five_times(
    concealed: list[int], melds: list[int]
) -> None:
    hand = Hand(tuple(concealed), tuple(Meld((t, t, t)) for t in melds))
    counts = Counter(hand.all_tiles)
    if max(counts.values()) >= 5:
        with pytest.raises(MjcalcError, match="only 4"):
            validate._check_copies(hand)
    else:
        validate._check_copies(hand)


@settings(max_examples=300, deadline=None)
@given(
    concealed=st.lists(st.integers(-2, 44), max_size=6),
    melds=st.lists(st.lists(st.integers(-2, 44), min_size=3, max_size=4), max_size=2),
    flowers=st.lists(st.integers(-2, 44), max_size=3),
)
def test_the_tile_check_shortcut_agrees_with_the_tile_by_tile_check(
    concealed: list[int], melds: list[list[int]], flowers: list[int]
) -> None:
    hand = Hand(tuple(concealed), tuple(Meld(tuple(m)) for m in melds), tuple(flowers))

    def outcome() -> str | None:
        try:
            validate._check_tiles(hand)
        except MjcalcError as exc:
            return exc.message
        return None

    quick = outcome()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(validate, "_tiles_in_place", lambda _hand: False)  # the long way only
        assert outcome() == quick


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


_WELL_FORMED_MELDS = [Meld((0, 1, 2)), Meld((4, 4, 4)), Meld((7, 7, 7, 7)), Meld((9,) * 4, True)]


@settings(max_examples=300, deadline=None)
@given(
    concealed=st.integers(0, 17),
    melds=st.lists(st.sampled_from(_WELL_FORMED_MELDS), max_size=4),
)
def test_the_tile_count_of_well_formed_melds_is_the_long_ways(
    concealed: int, melds: list[Meld]
) -> None:
    hand = Hand(tuple(range(concealed)), tuple(melds))
    assert count_is_right(hand) == (len(hand.all_tiles) == 14 + len(hand.kongs))
    # and validation still refuses a wrong count with its message
    if not count_is_right(hand):
        with pytest.raises(MjcalcError, match="tile"):
            validate._check_count(hand, len(hand.all_tiles))
    else:
        validate._check_count(hand, len(hand.all_tiles))


def _verdict(hand: Hand, policy: HandPolicy, win: int | None) -> str | None:
    """What validation says of a hand: nothing, or the error's code, message and column."""
    try:
        validate.validate_hand(hand, policy, win)
    except MjcalcError as exc:
        return f"{exc.code}: {exc.message} @ {exc.column}"
    except (TypeError, ValueError) as exc:
        return type(exc).__name__
    return None


def _same_the_long_way(hand: Hand, policy: HandPolicy, win: int | None) -> None:
    """The shortcut's slow twin: every check, the long way, says the same of the hand."""
    quick = _verdict(hand, policy, win)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(validate, "_whole", lambda *_: False)
        assert _verdict(hand, policy, win) == quick


@settings(max_examples=500, deadline=None)
@given(
    concealed=st.one_of(
        st.lists(st.integers(-1, 36), min_size=12, max_size=15),
        st.lists(st.integers(0, 4), min_size=12, max_size=15),  # pungs and fifth copies
    ),
    win=st.one_of(st.none(), st.integers(0, 35)),
    allow_incomplete=st.booleans(),
)
def test_the_shortcut_for_concealed_tiles_alone_says_what_every_check_says(
    concealed: list[int], win: int | None, allow_incomplete: bool
) -> None:
    # A hand of concealed tiles alone passes in a few C-level passes; the full checks (its
    # slow twin) must let the same hands through and say the same of the others.
    hand = Hand(tuple(concealed), columns=tuple(range(1, len(concealed) + 1)))
    _same_the_long_way(hand, HandPolicy(allow_incomplete=allow_incomplete), win)


_MELD_TILES = st.one_of(
    st.integers(0, 33).map(lambda t: (t, t, t)),  # pungs
    st.integers(0, 33).map(lambda t: (t, t, t, t)),  # kongs
    st.integers(0, 26).map(lambda t: (t, t + 1, t + 2)),  # chows, some across two suits
    st.sampled_from([(27, 28, 29), (31, 32, 33), (27, 28, 33)]),  # honor sets
    st.lists(st.integers(-1, 41), min_size=2, max_size=5).map(tuple),  # anything
)


@settings(max_examples=800, deadline=None)
@given(
    concealed=st.lists(st.integers(0, 6), min_size=1, max_size=14),  # fifth copies likely
    melds=st.lists(st.tuples(_MELD_TILES, st.booleans()), max_size=4),
    flowers=st.lists(st.integers(FIRST_FLOWER - 2, FIRST_FLOWER + 8), max_size=9),
    win=st.one_of(st.none(), st.integers(0, 8)),
    allows=st.tuples(
        st.booleans(), st.sampled_from(["none", "same_class", "any_distinct"]), st.booleans()
    ),
)
def test_the_shortcut_with_melds_and_flowers_says_what_every_check_says(
    concealed: list[int],
    melds: list[tuple[tuple[int, ...], bool]],
    flowers: list[int],
    win: int | None,
    allows: tuple[bool, str, bool],
) -> None:
    # Melds, flowers and the count are checked in one pass as well: the same verdicts, the
    # same messages and columns as every check done one by one.
    hand = Hand(
        tuple(concealed),
        tuple(Meld(t, concealed=c, column=20 + 6 * i) for i, (t, c) in enumerate(melds)),
        tuple(flowers),
        tuple(range(1, len(concealed) + 1)),
    )
    flowers_allowed, honor_melds, allow_incomplete = allows
    policy = HandPolicy(flowers_allowed, honor_melds, allow_incomplete)  # type: ignore[arg-type]
    _same_the_long_way(hand, policy, win)


def test_the_shortcut_passes_a_plain_hand_and_leaves_a_fifth_copy_to_the_checks() -> None:
    validate_hand(parse_hand("123m456p789s11555z"), HandPolicy(), tile("5z"))
    assert validate._whole(parse_hand("123m456p789s11155z"), HandPolicy(), None)
    assert not validate._whole(parse_hand("1111m456p789s1555z"), HandPolicy(), tile("2m"))
    assert not validate._whole(parse_hand("11111m456p789s155z"), HandPolicy(), None)
    assert _error("11111m456p789s155z").column == 5  # the fifth 1m, found the long way


def test_the_shortcut_passes_melds_and_flowers_and_leaves_the_rest_to_the_checks() -> None:
    shanghai = HandPolicy(flowers=True)
    hand = parse_hand("111234m5z5z [999m] (5555p) 12f")
    assert validate._whole(hand, shanghai, tile("5z"))
    assert not validate._whole(hand, HandPolicy(), None)  # no flowers in this ruleset
    assert not validate._whole(parse_hand("111234m5z5z [999m] [5555p] 11f"), shanghai, None)
    assert not validate._whole(parse_hand("111234m5z5z [999m] (555p) 1f"), shanghai, None)
    assert not validate._whole(parse_hand("111234m5z5z [999m] [567z] 1f"), shanghai, None)
    assert not validate._whole(parse_hand("111234m55z [999m] [1111m]"), shanghai, None)  # 5th 1m
    assert _error("111234m55z [999m] [1111m]").column is not None
