"""Tests for mjcalc.notation: every written form, every error with its column, round-trips; the
quick path of plain hands reads them as the scanner does.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjcalc
from mjcalc import notation
from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld
from mjcalc.notation import (
    format_hand,
    format_hand_unicode,
    format_meld,
    format_tile,
    format_tiles,
    parse_hand,
    parse_tile,
    parse_tiles,
)
from mjcalc.tiles import (
    EAST,
    FIRST_FLOWER,
    GREEN,
    NORTH,
    RED,
    SOUTH,
    WEST,
    WHITE,
    Tile,
    glyph,
    rank_of,
    tile,
    tiles,
)

# --- every form parses to the same hand ---------------------------------------------------------

SAME_HAND = tiles("123m456p789s11155z")  # 123m 456p 789s 東東東 白白

SAME_HAND_FORMS = [
    "123m456p789s11155z",
    "123m 456p 789s 111z 55z",
    "123m456p789sEEEPP",
    "1m2m3m4p5p6p7s8s9s1z1z1z5z5z",
    "一二三万四五六筒七八九条東東東白白",
    "一二三萬 四五六饼 七八九索 东东东 白白",
    "一二三萬 四五六餅 七八九條 東風 東风 东 白 白",
    "123万456筒789条東東東白白",
    "1二3萬 4五6饼 7八9索 E东風1z P白",
    "🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀀🀆🀆",
    "🀇\ufe0f🀈\ufe0e🀉🀜🀝🀞🀖🀗🀘🀀\ufe0f🀀🀀🀆🀆\ufe0e",
    "1m 2万 三萬 4p,五饼，六筒、7s\u3000八条\t9索 E 東 东风 P 白",
]


@pytest.mark.parametrize("text", SAME_HAND_FORMS)
def test_every_form_gives_the_same_hand(text: str) -> None:
    hand = parse_hand(text)
    assert hand == Hand(concealed=tuple(SAME_HAND))
    assert hand.concealed == (0, 1, 2, 12, 13, 14, 24, 25, 26, EAST, EAST, EAST, WHITE, WHITE)
    assert format_hand(hand) == "123m456p789s11155z"


HONOR_FORMS: list[tuple[Tile, list[str]]] = [
    (EAST, ["1z", "E", "東", "东", "東風", "东风", "\U0001f000", "\U0001f000\ufe0f"]),
    (SOUTH, ["2z", "S", "南", "南风", "南風", "\U0001f001"]),
    (WEST, ["3z", "W", "西", "西风", "\U0001f002"]),
    (NORTH, ["4z", "N", "北", "北風", "\U0001f003"]),
    (WHITE, ["5z", "P", "白", "\U0001f006"]),
    (GREEN, ["6z", "F", "發", "发", "\U0001f005"]),
    (RED, ["7z", "C", "中", "\U0001f004"]),
]


@pytest.mark.parametrize(
    ("expected", "text"), [(t, form) for t, forms in HONOR_FORMS for form in forms]
)
def test_honor_forms(expected: Tile, text: str) -> None:
    assert parse_tile(text) == expected


FLOWER_FORMS: list[tuple[str, list[str]]] = [
    ("1f", ["春", "\U0001f026"]),
    ("2f", ["夏", "\U0001f027"]),
    ("3f", ["秋", "\U0001f028"]),
    ("4f", ["冬", "\U0001f029"]),
    ("5f", ["梅", "\U0001f022"]),
    ("6f", ["兰", "蘭", "\U0001f023"]),
    ("7f", ["竹", "\U0001f024"]),
    ("8f", ["菊", "\U0001f025"]),
]


@pytest.mark.parametrize(("code", "text"), [(c, f) for c, forms in FLOWER_FORMS for f in forms])
def test_flower_forms(code: str, text: str) -> None:
    assert parse_tile(text) == tile(code) == parse_tile(code)


def test_flower_and_season_glyph_order() -> None:
    """The block puts 梅兰竹菊 (5f..8f) at U+1F022..25 *before* 春夏秋冬 (1f..4f) at U+1F026..29."""
    by_codepoint = [parse_tile(chr(cp)) for cp in range(0x1F022, 0x1F02A)]
    assert [format_tile(t) for t in by_codepoint] == [
        "5f",
        "6f",
        "7f",
        "8f",
        "1f",
        "2f",
        "3f",
        "4f",
    ]
    assert [ord(glyph(FIRST_FLOWER + i)) for i in range(8)] == [
        0x1F026,
        0x1F027,
        0x1F028,
        0x1F029,
        0x1F022,
        0x1F023,
        0x1F024,
        0x1F025,
    ]
    hand = parse_hand("12345678f")
    assert format_hand_unicode(hand) == "".join(
        chr(cp) for cp in (*range(0x1F026, 0x1F02A), *range(0x1F022, 0x1F026))
    )


def test_dragon_glyph_order() -> None:
    """U+1F004..06 run 中 發 白: the reverse of mpsz 5z 6z 7z = 白 發 中."""
    assert parse_tiles("\U0001f004\U0001f005\U0001f006") == [RED, GREEN, WHITE]
    assert format_hand_unicode(parse_hand("567z")) == "\U0001f006\U0001f005\U0001f004"


def test_suited_glyph_blocks() -> None:
    """Characters U+1F007.., bamboos U+1F010.., circles U+1F019.."""
    assert parse_tiles("\U0001f007\U0001f00f") == tiles("19m")
    assert parse_tiles("\U0001f010\U0001f018") == tiles("19s")
    assert parse_tiles("\U0001f019\U0001f021") == tiles("19p")


def test_case_sensitive_letters() -> None:
    assert parse_tiles("1s S") == [tile("1s"), SOUTH]
    assert parse_tiles("1p P") == [tile("1p"), WHITE]
    assert parse_tiles("1f F") == [tile("1f"), GREEN]


def test_chinese_suits_and_numerals() -> None:
    assert parse_tiles("九万 九萬 5筒 5饼 5餅 一条 一條 一索") == tiles("99m555p111s")
    assert parse_tiles("一二三四五六七八九万") == tiles("123456789m")


# --- columns ------------------------------------------------------------------------------------


def test_columns_of_concealed_tiles() -> None:
    text = "12m E 東风 \U0001f004\ufe0f 五万 [555z] 3p"
    hand = parse_hand(text)
    assert hand.concealed == (0, 1, EAST, EAST, RED, 4, tile("3p"))
    assert hand.columns == (1, 2, 5, 7, 10, 13, 23)
    assert [text[c - 1] for c in hand.columns] == ["1", "2", "E", "東", "\U0001f004", "五", "3"]
    assert hand.melds == (Meld((WHITE,) * 3),)
    assert hand.melds[0].column == 16


def test_melds_and_flowers() -> None:
    hand = parse_hand("春 23m [123p] 夏 (1111m) [5555z] 8f")
    assert hand.concealed == (tile("2m"), tile("3m"))
    assert hand.flowers == (tile("1f"), tile("2f"), tile("8f"))
    assert hand.melds == (
        Meld(tuple(tiles("123p"))),
        Meld(tuple(tiles("1111m")), concealed=True),
        Meld((WHITE,) * 4),
    )
    assert [m.column for m in hand.melds] == [7, 16, 24]
    assert [m.kind for m in hand.melds] == ["chow", "kong", "kong"]


def test_meld_contents_use_any_form_and_separators() -> None:
    hand = parse_hand("[一二三万] (東 東, 东风 \U0001f000) [P白\U0001f006]")
    assert hand.melds == (
        Meld(tuple(tiles("123m"))),
        Meld((EAST,) * 4, concealed=True),
        Meld((WHITE,) * 3),
    )


def test_flower_inside_bracket_is_kept_for_validation() -> None:
    hand = parse_hand("[123f]")
    assert hand.melds == (Meld(tuple(tiles("123f"))),)
    assert hand.flowers == ()


# --- errors -------------------------------------------------------------------------------------

ERRORS: list[tuple[str, int | None, str]] = [
    # unknown characters
    ("123m h", 6, "unknown character 'h' at column 6; use z or the letters E S W N P F C"),
    ("x", 1, "unknown character 'x' at column 1"),
    ("11m e", 5, "upper-case"),
    ("1m\n2m", 3, "unknown character U+000A at column 3"),
    ("１２０ｍ", 3, "'0' at column 3 is not a tile"),  # full-width: one column per character
    ("红 中", 1, "'红' (U+7EA2) at column 1 must be followed by 中"),
    ("幺", 1, "must be followed by 鸡"),
    ("1s财", 3, "'财' (U+8D22) at column 3 must follow 發/发"),
    ("中板", 2, "must follow 白"),
    ("東ｈ", 2, "unknown character 'ｈ' (U+FF48) at column 2; use z or the letters"),
    ("（1111m）", 1, "use ASCII ( )"),
    ("12m\U0001f02a", 4, "joker"),
    ("\U0001f02b", 1, "tile back"),
    ("1m\ufe0f", 3, "U+FE0F"),  # a variation selector only after a glyph
    ("E\ufe0f", 2, "U+FE0F"),
    ("白风", 2, "must follow a wind"),
    ("风", 1, "must follow a wind"),
    ("東风风", 3, "must follow a wind"),
    # dangling digits
    ("12 3m", 1, "digit '1' at column 1 has no suit after it"),
    ("11m 123", 5, "digit '1' at column 5 has no suit"),
    ("12E", 1, "digit '1' at column 1"),
    ("1東", 1, "digit '1' at column 1"),
    ("5m 3\U0001f000", 4, "digit '3' at column 4"),
    ("一二 三万", 1, "numeral 一 at column 1 has no suit"),
    ("1m 三", 4, "numeral 三 at column 4"),
    ("三m", 1, "numeral 三 at column 1 needs a Chinese suit"),
    ("5[", 1, "digit '5' at column 1"),
    ("[一 二三万]", 2, "numeral 一 at column 2"),  # a separator ends a numeral run
    ("[12]", 2, "digit '1' at column 2"),
    ("[12m 3]", 6, "digit '3' at column 6"),
    # zero and out-of-range digits
    ("105m", 2, "'0' at column 2 is not a tile"),
    ("0", 1, "'0' at column 1"),
    ("1238z", 4, "8z is not a tile"),
    ("12z 19f", 6, "9f is not a tile"),
    # suits without digits
    ("m", 1, "suit letter 'm' at column 1 has no digits before it"),
    (
        "123m s",
        6,
        "suit letter 's' at column 6 has no digits before it; for the South wind write S",
    ),
    ("p", 1, "write P"),
    ("f", 1, "write F"),
    ("1m z", 4, "suit letter 'z' at column 4"),
    ("东万", 2, "suit '万' (U+4E07) at column 2 has no numeral before it"),
    ("条", 1, "no numeral before it"),
    # brackets
    ("123m []", 6, "empty meld [] at column 6"),
    ("( )", 1, "empty meld () at column 1"),
    ("11m [123m", 5, "'[' at column 5 is never closed"),
    ("(1111m", 1, "'(' at column 1 is never closed"),
    ("123m]", 5, "']' at column 5 closes no meld"),
    ("1m ) ", 4, "')' at column 4 closes no meld"),
    ("[123m)", 6, "')' at column 6 does not match '[' at column 1"),
    ("(1111m]", 7, "']' at column 7 does not match '('"),
    ("[12m[3m]]", 5, "melds cannot be nested"),
    ("(11m(", 5, "'(' at column 5 opens a meld inside the meld opened at column 1"),
    # empty hand
    ("", None, "empty"),
    (" ,、\u3000\t，", None, "empty"),
]


@pytest.mark.parametrize(("text", "column", "fragment"), ERRORS)
def test_notation_errors(text: str, column: int | None, fragment: str) -> None:
    with pytest.raises(MjcalcError) as info:
        parse_hand(text)
    err = info.value
    assert err.code == "invalid_notation"
    assert err.column == column
    assert fragment in err.message
    if column is not None:
        assert f"column {column}" in err.message
        assert f"第 {column} 列" in (err.message_zh or "")


# --- everyday names and full-width input (what a Chinese input method types) ---------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("红中", "7z"),
        ("紅中", "7z"),
        ("发财", "6z"),
        ("發財", "6z"),
        ("白板", "5z"),
        ("幺鸡", "1s"),
        ("么鸡", "1s"),
        ("幺雞", "1s"),
        ("东风", "1z"),
        ("東風", "1z"),
        ("北风", "4z"),
        ("１ｍ", "1m"),
        ("Ｅ", "1z"),
        ("５ｚ", "5z"),
    ],
)
def test_everyday_names(text: str, expected: str) -> None:
    assert parse_tile(text) == tile(expected)


def test_everyday_names_keep_the_typed_columns() -> None:
    # 红中(1-2) 白板(3-4) 幺鸡(5-6) then １２３ｍ: digits at columns 7, 8, 9
    hand = parse_hand("红中白板幺鸡１２３ｍ")
    assert format_tiles(hand.concealed) == "75z1s123m"
    assert hand.columns == (1, 3, 5, 7, 8, 9)
    # the eleventh character is a bad one: columns count every typed character
    with pytest.raises(MjcalcError) as info:
        parse_hand("发财東風１２ｍ０")
    assert info.value.column == 8


def test_parse_tile() -> None:
    assert parse_tile("5m") == tile("5m")
    assert parse_tile(" 五饼 ") == tile("5p")
    assert parse_tile("C") == RED
    assert parse_tile("2f") == tile("2f")


@pytest.mark.parametrize(
    ("text", "column", "fragment"),
    [
        ("", None, "expected exactly one tile, found none"),
        ("  ", None, "expected exactly one tile"),
        ("55m", 2, "expected exactly one tile, found 2"),
        ("5m E 東", 4, "found 3 (the second at column 4)"),
        ("[5m]", 1, "found a meld"),
        ("5", 1, "digit '5' at column 1 has no suit"),
        ("q", 1, "unknown character 'q'"),
    ],
)
def test_parse_tile_errors(text: str, column: int | None, fragment: str) -> None:
    with pytest.raises(MjcalcError) as info:
        parse_tile(text)
    assert info.value.code == "invalid_notation"
    assert info.value.column == column
    assert fragment in info.value.message


def test_parse_tiles() -> None:
    assert parse_tiles("1m 春 E") == [0, FIRST_FLOWER, EAST]
    assert parse_tiles("") == []
    with pytest.raises(MjcalcError) as info:
        parse_tiles("1m (1111m)")
    assert info.value.column == 4


# --- formatting ---------------------------------------------------------------------------------


def test_format_tiles_keeps_written_order() -> None:
    assert format_tiles([0, 1, 2, 12, 0]) == "123m4p1m"
    assert format_tiles([EAST, WHITE, RED]) == "157z"
    assert format_tiles([]) == ""


def test_format_hand_canonical() -> None:
    hand = parse_hand("一二三万 456p 7s8s9s E东 [C中\U0001f004] (1111m) 春 夏")
    assert format_hand(hand) == "123m456p789s11z [777z] (1111m) 12f"
    assert mjcalc.format_hand(hand) == format_hand(hand)
    assert format_hand_unicode(hand) == (
        "\U0001f007\U0001f008\U0001f009\U0001f01c\U0001f01d\U0001f01e"
        "\U0001f016\U0001f017\U0001f018\U0001f000\U0001f000"
        " [\U0001f004\U0001f004\U0001f004] (\U0001f007\U0001f007\U0001f007\U0001f007)"
        " \U0001f026\U0001f027"
    )
    assert mjcalc.format_hand(hand, glyphs=True) == format_hand_unicode(hand)


def test_format_melds() -> None:
    assert format_meld(Meld(tuple(tiles("789m")))) == "[789m]"
    assert format_meld(Meld(tuple(tiles("5555z")), concealed=True)) == "(5555z)"
    assert format_hand(Hand(concealed=(), melds=(Meld(tuple(tiles("123p"))),))) == "[123p]"


# --- property tests -----------------------------------------------------------------------------

playing = st.integers(0, 33)
flower = st.integers(FIRST_FLOWER, FIRST_FLOWER + 7)


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    kind = draw(st.sampled_from(["chow", "pung", "kong", "ckong", "honors", "any"]))
    if kind == "chow":
        start = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
        return Meld((start, start + 1, start + 2))
    if kind in ("pung", "kong", "ckong"):
        t = draw(playing)
        return Meld((t,) * (3 if kind == "pung" else 4), concealed=kind == "ckong")
    if kind == "honors":
        return Meld(tuple(draw(st.lists(st.integers(27, 33), min_size=3, max_size=3, unique=True))))
    # Anything the parser accepts inside brackets, flowers included (validation rejects it later).
    return Meld(
        tuple(draw(st.lists(st.integers(0, 41), min_size=1, max_size=5))),
        concealed=draw(st.booleans()),
    )


hands = st.builds(
    Hand,
    concealed=st.lists(playing, max_size=14).map(tuple),
    melds=st.lists(melds(), max_size=4).map(tuple),
    flowers=st.lists(flower, max_size=8).map(tuple),
).filter(lambda h: bool(h.concealed or h.melds or h.flowers))


@settings(max_examples=300)
@given(hands)
def test_round_trip_mpsz(hand: Hand) -> None:
    text = format_hand(hand)
    parsed = parse_hand(text)
    assert parsed == hand
    assert [text[c - 1] for c in parsed.columns] == [str(rank_of(t)) for t in hand.concealed]
    assert [text[m.column - 1] for m in parsed.melds] == [
        "(" if m.concealed else "[" for m in hand.melds
    ]


@settings(max_examples=300)
@given(hands)
def test_round_trip_unicode(hand: Hand) -> None:
    text = format_hand_unicode(hand)
    parsed = parse_hand(text)
    assert parsed == hand
    assert [text[c - 1] for c in parsed.columns] == [glyph(t) for t in hand.concealed]
    assert format_hand(parsed) == format_hand(hand)


_ZH_SUITS = {"m": "万萬", "p": "筒饼餅", "s": "条條索"}
_ZH_HONORS = ["東东", "南", "西", "北", "白", "發发", "中"]
_ZH_FLOWERS = ["春", "夏", "秋", "冬", "梅", "兰蘭", "竹", "菊"]


@st.composite
def written(draw: st.DrawFn, t: Tile) -> str:
    """One tile in a randomly chosen written form (each form is self-delimiting)."""
    forms = [format_tile(t), glyph(t), glyph(t) + "\ufe0f", glyph(t) + "\ufe0e"]
    rank = rank_of(t)
    if t < 27:
        suit = draw(st.sampled_from(_ZH_SUITS[format_tile(t)[1]]))
        forms += [str(rank) + suit, "一二三四五六七八九"[rank - 1] + suit]
    elif t < FIRST_FLOWER:
        forms += ["ESWNPFC"[t - 27], *_ZH_HONORS[t - 27]]
        if t <= NORTH:
            forms += [ch + w for ch in _ZH_HONORS[t - 27] for w in "风風"]
    else:
        forms += list(_ZH_FLOWERS[t - FIRST_FLOWER])
    return draw(st.sampled_from(forms))


@settings(max_examples=200)
@given(st.data(), st.lists(st.integers(0, 41), min_size=1, max_size=20))
def test_mixed_forms(data: st.DataObject, tile_list: list[Tile]) -> None:
    seps = st.sampled_from(["", " ", ",", "，", "、", "\u3000", "\t", " , "])
    text = "".join(data.draw(written(t)) + data.draw(seps) for t in tile_list)
    assert parse_tiles(text) == tile_list


@settings(max_examples=500, deadline=None)
@given(
    st.text(alphabet="0123456789mpszfESWNPFChx []()，一三万筒条東风春\U0001f000\U0001f02a\ufe0f")
)
def test_garbage_fails_cleanly(text: str) -> None:
    """Any input either parses or raises invalid_notation with a column inside the text."""
    try:
        hand = parse_hand(text)
    except MjcalcError as err:
        assert err.code == "invalid_notation"
        assert err.column is None or 1 <= err.column <= len(text)
    else:
        assert parse_hand(format_hand(hand)) == hand


# --- the quick path of plain hands against the scanner --------------------------------------------


_PIECES = ["123m", "45p", "789s", "11z", "7z", "12f", "8f", "9f", "8z", "0m", " ", "[555z]"]


_PIECES += ["(1111m)", "[123m]", "[]", "(", ")", "[12f]", "[1m 2m]", "5", "m", "５m", "一万"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=8).map("".join))
def test_plain_hands_parse_as_the_scanner_parses_them(text: str) -> None:
    try:
        notation._scanned_hand(text)
    except MjcalcError as exc:  # then the quick path must not take it: the same error
        with pytest.raises(MjcalcError) as again:
            mjcalc.parse_hand(text)
        assert (again.value.code, again.value.message) == (exc.code, exc.message)
        return
    _as_the_scanner(text)


def _as_the_scanner(text: str) -> None:
    """The quick paths' slow twin: the scanner gives the same hand, columns included."""
    quick = mjcalc.parse_hand(text)
    scanned = notation._scanned_hand(text)
    assert quick == scanned and quick.columns == scanned.columns
    assert [m.column for m in quick.melds] == [m.column for m in scanned.melds]


_RUNS = st.sampled_from(["123m", "45p", "789s", "11z", "7z", "9999p", "1m", "567s"])
_MELD_TEXTS = st.sampled_from(["[555z]", "(1111m)", "[123m]", "[789s]", "(7777z)", "[1m2m3m]"])


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.lists(_RUNS, min_size=1, max_size=3).map("".join), min_size=1, max_size=3),
    st.lists(_MELD_TEXTS, max_size=4),
    st.one_of(st.none(), st.sampled_from(["1", "8", "1234", "5678", "12345678"])),
)
def test_laid_out_hands_parse_as_the_scanner_parses_them(
    runs: list[str], melds: list[str], flowers: str | None
) -> None:
    # the layout mjcalc writes, read from its three parts: the scanner is its slow twin
    text = " ".join([*runs, *melds, *([f"{flowers}f"] if flowers else [])])
    assert notation._LAID_OUT.fullmatch(text)
    _as_the_scanner(text)


@pytest.mark.parametrize(
    "text",
    [
        "123m  [555z]",
        " 123m [555z]",
        "123m [555z]  12f",
        "123m [555z][666z]",
        "12f 123m",
        "1m 2f 3m",
    ],
)
def test_other_layouts_take_the_plain_path(text: str) -> None:
    # two spaces, a leading space, melds side by side, flowers first or among the runs
    assert notation._LAID_OUT.fullmatch(text) is None
    assert notation._PLAIN_HAND.fullmatch(text)
    _as_the_scanner(text)


@pytest.mark.parametrize(
    ("text", "laid_out", "columns", "meld_columns"),
    [
        ("12m 3p [555z] (1111s) 12f", True, (1, 2, 5), (8, 15)),  # read in its three parts
        ("12m [555z] 3p (1111s) 12f", False, (1, 2, 12), (5, 15)),  # a run after a meld
    ],
)
def test_a_hand_with_melds_and_flowers_by_each_quick_path(
    text: str, laid_out: bool, columns: tuple[int, ...], meld_columns: tuple[int, int]
) -> None:
    match = notation._LAID_OUT.fullmatch(text)
    if laid_out:
        assert match is not None
        assert match.groups() == ("12m 3p", " [555z] (1111s)", "12")
    else:
        assert match is None and notation._PLAIN_HAND.fullmatch(text)
    hand = mjcalc.parse_hand(text)
    assert hand.concealed == (tile("1m"), tile("2m"), tile("3p"))
    assert hand.columns == columns
    assert [(m.tiles, m.concealed, m.column) for m in hand.melds] == [
        ((tile("5z"),) * 3, False, meld_columns[0]),  # at its "["
        ((tile("1s"),) * 4, True, meld_columns[1]),  # at its "("
    ]
    assert hand.flowers == (tile("1f"), tile("2f"))


def test_plain_hand_columns() -> None:
    # "12m 3p": 1m at column 1, 2m at 2, 3p at 5 (after the space)
    hand = mjcalc.parse_hand("12m 3p")
    assert hand.concealed == (tile("1m"), tile("2m"), tile("3p"))
    assert hand.columns == (1, 2, 5)


def test_a_long_plain_looking_text_that_fails_is_handed_to_the_scanner_at_once() -> None:
    # Regression: the quick path's pattern once nested two repetitions, so a text of many runs
    # ending in a bad character made it retry every grouping of the runs (2^60 here) before
    # giving up. Now it fails in one pass and the scanner reports the character: column 121.
    text = "1m" * 60 + "x"
    with pytest.raises(MjcalcError) as exc:
        mjcalc.parse_hand(text)
    assert exc.value.code == "invalid_notation"
    assert exc.value.column == 121
