"""The tile model: every tile kind is a small integer.

Plain ints keep the engine's inner loops fast (count arrays indexed by tile), while the helpers
here give every kind its names: mpsz code, Chinese name, English name and Unicode glyph.

Index layout::

    0..8    1m..9m   万 characters
    9..17   1p..9p   筒 dots
    18..26  1s..9s   条 bamboo
    27..33  1z..7z   東 南 西 北 白 發 中 (mpsz order)
    34..41  1f..8f   春 夏 秋 冬 梅 兰 竹 菊 (flowers)
"""

from __future__ import annotations

from typing import Final

Tile = int

SUITS: Final = "mps"
N_KINDS: Final = 34  # playing tiles (no flowers): the length of a count array
N_ALL: Final = 42

EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31  # 白 P
GREEN: Final = 32  # 發 F
RED: Final = 33  # 中 C
FIRST_FLOWER: Final = 34

WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
HONORS: Final = WINDS + DRAGONS
FLOWERS: Final = tuple(range(FIRST_FLOWER, FIRST_FLOWER + 8))

HONOR_LETTERS: Final = "ESWNPFC"
HONOR_ZH: Final = "東南西北白發中"
FLOWER_ZH: Final = "春夏秋冬梅兰竹菊"
SUIT_ZH: Final = {"m": "万", "p": "筒", "s": "条"}
ZH_NUMERALS: Final = "一二三四五六七八九"
HONOR_EN: Final = ("East", "South", "West", "North", "White", "Green", "Red")
FLOWER_EN: Final = (
    "Spring",
    "Summer",
    "Autumn",
    "Winter",
    "Plum",
    "Orchid",
    "Bamboo",
    "Chrysanthemum",
)
SUIT_EN: Final = {"m": "Characters", "p": "Dots", "s": "Bamboo"}


def tile(code: str) -> Tile:
    """The tile of a two-character mpsz code such as ``"5m"``, ``"7z"`` or ``"3f"``.

    A convenience for code and tests; user input goes through :mod:`mjcalc.notation`.
    """
    if len(code) != 2 or not code[0].isdigit():
        raise ValueError(f"not an mpsz tile code: {code!r}")
    rank, suit = int(code[0]), code[1]
    if suit in SUITS and 1 <= rank <= 9:
        return SUITS.index(suit) * 9 + rank - 1
    if suit == "z" and 1 <= rank <= 7:
        return 27 + rank - 1
    if suit == "f" and 1 <= rank <= 8:
        return FIRST_FLOWER + rank - 1
    raise ValueError(f"not an mpsz tile code: {code!r}")


def tiles(codes: str) -> list[Tile]:
    """Tiles from compact mpsz without melds, e.g. ``"123m55z"`` (for code and tests)."""
    out: list[Tile] = []
    digits = ""
    for ch in codes.replace(" ", ""):
        if ch.isdigit():
            digits += ch
        else:
            out.extend(tile(d + ch) for d in digits)
            digits = ""
    if digits:
        raise ValueError(f"dangling digits in {codes!r}")
    return out


def is_suited(t: Tile) -> bool:
    return t < 27


def is_honor(t: Tile) -> bool:
    return 27 <= t < 34


def is_wind(t: Tile) -> bool:
    return 27 <= t <= 30


def is_dragon(t: Tile) -> bool:
    return 31 <= t <= 33


def is_flower(t: Tile) -> bool:
    return t >= FIRST_FLOWER


def suit_of(t: Tile) -> str:
    """``m``, ``p``, ``s``, ``z`` (honors) or ``f`` (flowers)."""
    if t < 27:
        return SUITS[t // 9]
    return "z" if t < FIRST_FLOWER else "f"


def rank_of(t: Tile) -> int:
    """The digit of the mpsz code: 1..9 for suits, 1..7 for honors, 1..8 for flowers."""
    if t < 27:
        return t % 9 + 1
    if t < FIRST_FLOWER:
        return t - 27 + 1
    return t - FIRST_FLOWER + 1


def code(t: Tile) -> str:
    """The mpsz code of a tile: ``"5m"``, ``"1z"``, ``"2f"``.

    Read from a table (every result writes its winning tile's code); a value that is no tile
    is worked out as before, so it never reads another tile's entry."""
    if 0 <= t < N_ALL:
        return _CODES[t]
    return f"{rank_of(t)}{suit_of(t)}"


_CODES: Final = tuple(f"{rank_of(t)}{suit_of(t)}" for t in range(N_ALL))


def zh_name(t: Tile) -> str:
    """The Chinese name: 五万, 東, 春."""
    if t < 27:
        return ZH_NUMERALS[t % 9] + SUIT_ZH[SUITS[t // 9]]
    if t < FIRST_FLOWER:
        return HONOR_ZH[t - 27]
    return FLOWER_ZH[t - FIRST_FLOWER]


def en_name(t: Tile) -> str:
    """The English name: "5 Characters", "East", "Spring"."""
    if t < 27:
        return f"{t % 9 + 1} {SUIT_EN[SUITS[t // 9]]}"
    if t < FIRST_FLOWER:
        return HONOR_EN[t - 27]
    return FLOWER_EN[t - FIRST_FLOWER]


# Unicode Mahjong Tiles block: U+1F000 East..North, U+1F004 Red, Green, White, U+1F007 characters,
# U+1F010 bamboos, U+1F019 circles, U+1F022 plum, orchid, bamboo, chrysanthemum, U+1F026 spring,
# summer, autumn, winter.  Note the flowers (梅兰竹菊, 5f..8f) come *before* the seasons (春夏秋冬,
# 1f..4f), and the dragons run 中發白, the reverse of mpsz 5z 6z 7z = 白 發 中.
_GLYPH_BASE: Final = 0x1F000


def _glyph_index(t: Tile) -> int:
    if t < 9:
        return 0x07 + t
    if t < 18:
        return 0x19 + (t - 9)
    if t < 27:
        return 0x10 + (t - 18)
    if t <= NORTH:
        return t - EAST
    if t < FIRST_FLOWER:
        return {RED: 0x04, GREEN: 0x05, WHITE: 0x06}[t]
    f = t - FIRST_FLOWER
    return 0x26 + f if f < 4 else 0x22 + (f - 4)


GLYPHS: Final = tuple(chr(_GLYPH_BASE + _glyph_index(t)) for t in range(N_ALL))
GLYPH_TO_TILE: Final = {g: t for t, g in enumerate(GLYPHS)}


def glyph(t: Tile) -> str:
    """The Unicode mahjong glyph of a tile (U+1F000–U+1F029)."""
    return GLYPHS[t]
