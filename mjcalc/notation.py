"""Hand notation: parse every accepted written form into a :class:`Hand`, and format it back.

Accepted forms (they may be mixed freely within one hand, see docs/notation.md):

* mpsz: digit runs closed by a suit letter, ``123m 456p 789s 11z 12f``;
* honor letters (case-sensitive): ``E S W N`` winds, ``P`` 白, ``F`` 發, ``C`` 中;
* Chinese: a numeral run (``一``..``九`` or ASCII digits) closed by 万/萬, 筒/饼/餅 or 条/條/索;
  honors 東/东 南 西 北 (optionally followed by 风/風) 中 發/发 白; the everyday names 红中/紅中,
  发财/發財, 白板 and 幺鸡/么鸡 (1s); flowers 春 夏 秋 冬 梅 兰/蘭 竹 菊;
* full-width digits and letters (``１２３ｍ``, ``ＥＳＷＮ``), read as their ASCII twins;
* Unicode mahjong glyphs U+1F000..U+1F029, optionally followed by a variation selector;
* ``[...]`` an exposed meld and ``(...)`` a concealed kong, whose contents use the same grammar.

The parser is a single left-to-right pass.  It never drops or guesses a character: anything it
cannot read becomes an ``invalid_notation`` :class:`MjcalcError` naming the character and its
1-based column (a code-point index into the text as typed, which is what a user counts on
screen: a full-width digit or a two-character name like 红中 counts one column per character).

Whether the parsed tiles make a *legal* hand (counts, meld shapes) is not decided here but in
:mod:`mjcalc.validate`: the parser only records what was written, so that the validator can give a
precise message about it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress
from typing import Final

from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld, new_hand, new_meld
from mjcalc.i18n import bilingual
from mjcalc.tiles import (
    FIRST_FLOWER,
    FLOWER_ZH,
    GLYPH_TO_TILE,
    HONOR_LETTERS,
    HONOR_ZH,
    N_ALL,
    ZH_NUMERALS,
    Tile,
    code,
    glyph,
    is_flower,
    rank_of,
    suit_of,
)

__all__ = [
    "format_hand",
    "format_hand_unicode",
    "format_meld",
    "format_meld_unicode",
    "format_tile",
    "format_tiles",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
]

# --- character tables ---------------------------------------------------------------------------

_SUIT_LETTERS: Final = "mpszf"
_ZH_SUITS: Final[dict[str, str]] = {
    "万": "m",
    "萬": "m",
    "筒": "p",
    "饼": "p",
    "餅": "p",
    "条": "s",
    "條": "s",
    "索": "s",
}
_SUIT_BASE: Final[dict[str, int]] = {"m": 0, "p": 9, "s": 18, "z": 27, "f": FIRST_FLOWER}
_SUIT_MAX: Final[dict[str, int]] = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_MAX_DIGIT: Final[dict[str, str]] = {suit: str(top) for suit, top in _SUIT_MAX.items()}
_ASCII_RUN: Final = re.compile(r"([1-9]+)([mpszf])")
_RUN = r"[1-9]+[mps]|[1-7]+z"
# one repetition level only: runs are told apart by their suit letter, so a text matches in one
# way, and a long text that fails does so in linear time (a nested repetition here would retry
# every grouping of the runs: exponential)
_PLAIN_HAND: Final = re.compile(rf"(?:{_RUN}|[1-8]+f| |\[(?:{_RUN})+\]|\((?:{_RUN})+\))+")
"""A hand of plain ASCII runs, flower runs, melds of plain runs and spaces only
(``123m456p11z 2m [555z] (1111s) 12f``): the common case, which has nothing to report."""
_LAID_OUT: Final = re.compile(
    rf"((?:{_RUN})+(?: +(?:{_RUN})+)*)((?: \[(?:{_RUN})+\]| \((?:{_RUN})+\))*)(?: ([1-8]+)f)?"
)
"""The layout mjcalc writes and most hands are typed in: concealed runs (spaces between them
allowed), then each meld after one space, then one run of flowers after one space
(``123m456p 11z [555z] (1111s) 12f``): three groups, read without a scan of the parts. It
matches in linear time, as :data:`_PLAIN_HAND` does: every run ends at its suit letter."""
_DIGIT_TILE: Final[dict[str, dict[str, Tile]]] = {
    suit: {str(d): base + d - 1 for d in range(1, 10)} for suit, base in _SUIT_BASE.items()
}
"""suit letter → digit → tile, for the plain runs (a digit beyond the suit never gets here)."""
_DIGIT_CHAR: Final[dict[str, dict[int, str]]] = {
    suit: str.maketrans({digit: chr(t) for digit, t in tiles.items()})
    for suit, tiles in _DIGIT_TILE.items()
}
"""suit letter → ``str.translate`` table of its digits to the characters numbered by their
tiles: a run of digits becomes its tiles at C level (:func:`_plain_hand`)."""
_DIGIT_MASK: Final = bytes(48 < b < 58 for b in range(256))
"""``bytes.translate`` table: 1 for the ASCII digits 1-9, 0 for every other byte."""
_PLAIN_PART: Final = re.compile(r"\[([^\]]*)\]|\(([^)]*)\)|([1-9]+)([mpszf])")
_ZH_RANK: Final[dict[str, int]] = {ch: i + 1 for i, ch in enumerate(ZH_NUMERALS)}

_WIND_SUFFIX: Final = "风風"
_VARIATION_SELECTORS: Final = "\ufe0e\ufe0f"
_SEPARATORS: Final = " \t,，、\u3000"
_OPENERS: Final = "[("
_CLOSERS: Final = {"]": "[", ")": "("}


def _single_tiles() -> dict[str, Tile]:
    """Every character that is a whole tile by itself (letters, Chinese honors/flowers, glyphs)."""
    out: dict[str, Tile] = {}
    for i, ch in enumerate(HONOR_LETTERS):
        out[ch] = 27 + i
    for i, ch in enumerate(HONOR_ZH):
        out[ch] = 27 + i
    out.update({"东": 27, "发": 32})
    for i, ch in enumerate(FLOWER_ZH):
        out[ch] = FIRST_FLOWER + i
    out["蘭"] = FIRST_FLOWER + 5
    out.update(GLYPH_TO_TILE)
    return out


_SINGLE: Final = _single_tiles()
_GLYPH_CHARS: Final = frozenset(GLYPH_TO_TILE)
_NON_TILE_GLYPHS: Final = {"\U0001f02a": "glyph.joker", "\U0001f02b": "glyph.back"}

# Everyday names: a tile character followed by a word that completes its name (東风, 發財, 白板),
# and two-character names whose first character is no tile by itself (红中, 幺鸡 = 1s).
_NAME_SUFFIX: Final[dict[str, str]] = {
    **dict.fromkeys("東东南西北", "风風"),
    **dict.fromkeys("發发", "财財"),
    "白": "板",
}
_NAME_WORDS: Final[dict[str, Tile]] = {
    **dict.fromkeys(("红中", "紅中"), 33),
    **dict.fromkeys(("幺鸡", "么鸡", "幺雞", "么雞"), 18),
}
_WORD_FIRST: Final = frozenset(w[0] for w in _NAME_WORDS)
_SUFFIX_OF: Final[dict[str, tuple[str, str]]] = {
    "风": ("東 南 西 北", "东风"),
    "風": ("東 南 西 北", "東風"),
    "财": ("發/发", "发财"),
    "財": ("發/发", "發財"),
    "板": ("白", "白板"),
}

# What a Chinese input method types in full-width mode: one ASCII character per character, so
# the columns of a message stay those the user counts.
_FULL_WIDTH: Final = str.maketrans(
    {chr(0xFF10 + i): chr(0x30 + i) for i in range(10)}
    | {chr(0xFF21 + i): chr(0x41 + i) for i in range(26)}
    | {chr(0xFF41 + i): chr(0x61 + i) for i in range(26)}
)

_HINTS: Final[dict[str, str]] = {
    "h": "hint.honors",
    "H": "hint.honors",
    "e": "hint.upper_e",
    "w": "hint.upper_w",
    "n": "hint.upper_n",
    "c": "hint.upper_c",
    "（": "hint.kong_brackets",
    "）": "hint.kong_brackets",
    "【": "hint.meld_brackets",
    "】": "hint.meld_brackets",
    "［": "hint.meld_brackets",
    "］": "hint.meld_brackets",
}
_SUIT_HINTS: Final[dict[str, str]] = {"s": "hint.suit_s", "p": "hint.suit_p", "f": "hint.suit_f"}


def _show(ch: str) -> str:
    """A character quoted for a message, with its code point when it may be hard to see."""
    if ch.isascii() and ch.isprintable():
        return repr(ch)
    if ch.isprintable() and not ch.isspace():
        return f"'{ch}' (U+{ord(ch):04X})"
    return f"U+{ord(ch):04X}"


def _error(key: str, column: int | None, **params: object) -> MjcalcError:
    return MjcalcError.from_key("invalid_notation", key, column, **params)


# --- the scanner --------------------------------------------------------------------------------


@dataclass(slots=True)
class _Scan:
    """What one pass over the text found, in written order."""

    loose: list[tuple[Tile, int]] = field(default_factory=list)  # outside brackets, flowers too
    melds: list[Meld] = field(default_factory=list)


def _scan(text: str) -> _Scan:
    """Read ``text`` in one pass; raise ``invalid_notation`` at the first unreadable character.

    ``pending`` holds the digits/numerals waiting for their suit as ``(rank, column, chinese)``.
    Anything that is not a suit closes the run, so leftover digits there are "dangling".
    """
    typed = text
    text = text.translate(_FULL_WIDTH)
    out = _Scan()
    pending: list[tuple[int, int, bool]] = []
    opener: str | None = None  # the open bracket character, if inside a meld
    opener_col = 0
    meld: list[Tile] = []

    def emit(t: Tile, col: int) -> None:
        if opener is not None:
            meld.append(t)
        else:
            out.loose.append((t, col))

    def no_dangling() -> None:
        if pending:
            rank, col, chinese = pending[0]
            if chinese:
                raise _error("err.dangling_numeral", col, numeral=ZH_NUMERALS[rank - 1], col=col)
            raise _error("err.dangling_digit", col, digit=rank, col=col)

    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        col = i + 1
        i += 1
        if "1" <= ch <= "9":
            run = None if pending else _ASCII_RUN.match(text, i - 1)
            if run is not None and max(run[1]) <= _MAX_DIGIT[run[2]]:
                # the common case, a plain run such as "123m": every tile of it at once
                base = _SUIT_BASE[run[2]] - 49
                for k, digit in enumerate(run[1]):
                    emit(base + ord(digit), col + k)
                i = run.end()
                continue
            pending.append((ord(ch) - 48, col, False))
        elif ch in _ZH_RANK:
            pending.append((_ZH_RANK[ch], col, True))
        elif ch in _SUIT_LETTERS:
            if not pending:
                hint = bilingual(_SUIT_HINTS.get(ch, "hint.none"))
                raise _error("err.suit_no_digits", col, letter=repr(ch), col=col, hint=hint)
            for rank, dcol, chinese in pending:
                if chinese:
                    numeral = ZH_NUMERALS[rank - 1]
                    raise _error(
                        "err.numeral_letter_suit",
                        dcol,
                        numeral=numeral,
                        col=dcol,
                        letter=repr(ch),
                        digit=rank,
                    )
                if rank > _SUIT_MAX[ch]:
                    key = "err.honor_rank" if ch == "z" else "err.flower_rank"
                    raise _error(key, dcol, digit=rank, col=dcol, tile=f"{rank}{ch}")
                emit(_SUIT_BASE[ch] + rank - 1, dcol)
            pending.clear()
        elif ch in _ZH_SUITS:
            if not pending:
                raise _error("err.zh_suit_no_numeral", col, char=_show(ch), col=col)
            base = _SUIT_BASE[_ZH_SUITS[ch]]
            for rank, dcol, _chinese in pending:
                emit(base + rank - 1, dcol)
            pending.clear()
        elif ch in _WORD_FIRST and text[i - 1 : i + 1] in _NAME_WORDS:
            no_dangling()
            emit(_NAME_WORDS[text[i - 1 : i + 1]], col)
            i += 1  # 红中, 幺鸡: two characters, the tile at the column of the first
        elif ch in _SINGLE:
            no_dangling()
            emit(_SINGLE[ch], col)
            if i < n:
                nxt = text[i]
                if (ch in _GLYPH_CHARS and nxt in _VARIATION_SELECTORS) or (
                    nxt in _NAME_SUFFIX.get(ch, "")
                ):
                    i += 1  # part of this tile: 东风, 發財, 白板, or a glyph's selector
        elif ch in _SEPARATORS:
            no_dangling()
        elif ch in _OPENERS:
            no_dangling()
            if opener is not None:
                raise _error("err.nested_meld", col, char=repr(ch), col=col, opened=opener_col)
            opener, opener_col = ch, col
        elif ch in _CLOSERS:
            no_dangling()
            if opener is None:
                raise _error("err.closes_nothing", col, char=repr(ch), col=col)
            if _CLOSERS[ch] != opener:
                raise _error(
                    "err.bracket_mismatch",
                    col,
                    char=repr(ch),
                    col=col,
                    opener=repr(opener),
                    opened=opener_col,
                )
            if not meld:
                brackets = opener + ch
                raise _error("err.empty_meld", opener_col, brackets=brackets, col=opener_col)
            out.melds.append(Meld(tuple(meld), concealed=opener == "(", column=opener_col))
            meld = []
            opener = None
        elif ch == "0":
            raise _error("err.zero", col, col=col)
        elif ch in _NON_TILE_GLYPHS:
            what = bilingual(_NON_TILE_GLYPHS[ch])
            raise _error("err.non_tile_glyph", col, char=_show(ch), col=col, what=what)
        elif ch in _SUFFIX_OF:
            before, word = _SUFFIX_OF[ch]
            key = "err.wind_suffix" if ch in _WIND_SUFFIX else "err.word_suffix"
            raise _error(key, col, char=_show(ch), col=col, before=before, word=word)
        elif ch in _WORD_FIRST:
            word = "红中" if ch in "红紅" else "幺鸡"
            raise _error("err.word_prefix", col, char=_show(ch), col=col, after=word[1], word=word)
        else:
            shown = _show(typed[col - 1])
            hint = bilingual(_HINTS.get(ch, "hint.none"))
            raise _error("err.unknown_char", col, char=shown, col=col, hint=hint)
    no_dangling()
    if opener is not None:
        raise _error("err.unclosed", opener_col, opener=repr(opener), col=opener_col)
    return out


# --- public parsing API -------------------------------------------------------------------------


def parse_hand(text: str) -> Hand:
    """Parse a whole hand: concealed tiles, ``[...]``/``(...)`` melds and flowers.

    Flowers written outside brackets go to :attr:`Hand.flowers` (they are never part of the
    concealed hand); a flower inside a bracket is kept in the meld so that validation can name it.
    ``Hand.columns`` records the column of the character that produced each concealed tile.
    """
    laid_out = _LAID_OUT.fullmatch(text)
    if laid_out is not None:
        return _laid_out_hand(*laid_out.groups())
    if _PLAIN_HAND.fullmatch(text) and not text.isspace():
        return _plain_hand(text)
    return _scanned_hand(text)


def _laid_out_hand(runs: str, melds: str, flowers: str | None) -> Hand:
    """:func:`parse_hand` of a :data:`_LAID_OUT` text, from its three parts: the concealed
    runs, the melds (each after a space) and the flowers' digits — the same hand the scanner
    gives, each part read by C-level passes and a lookup per meld."""
    built: tuple[Meld, ...] = ()
    if melds:
        col = len(runs) + 2  # the first bracket, after the runs and a space
        out = []
        for token in melds[1:].split(" "):
            tiles, concealed_kong = _meld_text(token)
            out.append(new_meld(tiles, concealed_kong, col))
            col += len(token) + 1
        built = tuple(out)
    held = tuple(flowers.translate(_DIGIT_CHAR["f"]).encode("latin-1")) if flowers else ()
    return new_hand(_tiles_of_runs(runs), built, held, _digit_columns(runs))


def _tiles_of_runs(runs: str) -> tuple[Tile, ...]:
    """The tiles of a text of plain runs (``123m45p``, spaces between them allowed): each
    run's digits become its tiles by one translation, at C level."""
    found = _ASCII_RUN.findall(runs)
    return tuple("".join([d.translate(_DIGIT_CHAR[suit]) for d, suit in found]).encode("latin-1"))


def _digit_columns(runs: str) -> tuple[int, ...]:
    """The column of each digit of a text of plain runs (ASCII: one column a character)."""
    return _columns_of_mask(runs.encode().translate(_DIGIT_MASK))


@lru_cache(maxsize=1024)
def _columns_of_mask(mask: bytes) -> tuple[int, ...]:
    """:func:`_digit_columns` from the text's :data:`_DIGIT_MASK` translation: kept per mask,
    as hands of as many tiles in as many runs are written alike."""
    return tuple(compress(range(1, len(mask) + 1), mask))


@lru_cache(maxsize=1024)
def _meld_text(token: str) -> tuple[tuple[Tile, ...], bool]:
    """A bracketed meld of plain runs (``[555z]``, ``(1111s)``): its tiles and whether it is a
    concealed kong, kept per text (the same melds come back hand after hand)."""
    return _run_tiles(token[1:-1]), token[0] == "("


def _scanned_hand(text: str) -> Hand:
    """:func:`parse_hand` by the scanner: any notation, every error."""
    scan = _scan(text)
    if not scan.loose and not scan.melds:
        raise _error("err.empty_hand", None)
    concealed: list[Tile] = []
    columns: list[int] = []
    flowers: list[Tile] = []
    for t, col in scan.loose:
        if is_flower(t):
            flowers.append(t)
        else:
            concealed.append(t)
            columns.append(col)
    return Hand(
        concealed=tuple(concealed),
        melds=tuple(scan.melds),
        flowers=tuple(flowers),
        columns=tuple(columns),
    )


def _plain_hand(text: str) -> Hand:
    """:func:`parse_hand` of a :data:`_PLAIN_HAND` text: every digit in range, brackets paired
    and never empty, so nothing to report — the same hand the scanner gives, part by part."""
    concealed: list[Tile] = []
    if "[" not in text and "(" not in text and "f" not in text:  # runs and spaces only
        return new_hand(_tiles_of_runs(text), (), (), _digit_columns(text))
    columns: list[int] = []
    flowers: list[Tile] = []
    melds: list[Meld] = []
    for part in _PLAIN_PART.finditer(text):
        exposed, kong, digits, suit = part.groups()
        if digits is None:  # a meld: its runs, at the column of its bracket
            tiles = _run_tiles(exposed if kong is None else kong)
            melds.append(new_meld(tiles, kong is not None, part.start() + 1))
        elif suit == "f":
            flowers.extend(digits.translate(_DIGIT_CHAR[suit]).encode("latin-1"))
        else:
            concealed.extend(digits.translate(_DIGIT_CHAR[suit]).encode("latin-1"))
            col = part.start() + 1
            columns.extend(range(col, col + len(digits)))
    return new_hand(tuple(concealed), tuple(melds), tuple(flowers), tuple(columns))


@lru_cache(maxsize=1024)
def _run_tiles(runs: str) -> tuple[Tile, ...]:
    """The tiles of a meld's plain runs (``456m``): kept per text, as the same melds come back."""
    return _tiles_of_runs(runs)


def parse_tiles(text: str) -> list[Tile]:
    """Parse a plain list of tiles (flowers included, no brackets), in written order."""
    scan = _scan(text)
    if scan.melds:
        col = scan.melds[0].column
        raise _error("err.meld_not_allowed", col, col=col)
    return [t for t, _col in scan.loose]


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile in any form (``5m``, ``五万``, ``E``, ``東风``, a glyph...).

    Used for single-tile inputs such as ``--win``, ``--jing`` and ``win_tile``; a second tile is
    reported at its column rather than silently ignored.
    """
    exact = _EXACT_TILES.get(text)
    if exact is not None:  # "5m", "7z", "E": no scan needed
        return exact
    scan = _scan(text)
    if scan.melds:
        col = scan.melds[0].column
        raise _error("err.one_tile_meld", col, col=col)
    if not scan.loose:
        raise _error("err.one_tile_none", None)
    if len(scan.loose) > 1:
        col = scan.loose[1][1]
        raise _error("err.one_tile_many", col, n=len(scan.loose), col=col)
    return scan.loose[0][0]


# --- formatting ---------------------------------------------------------------------------------


def format_tile(t: Tile) -> str:
    """The mpsz code of one tile, e.g. ``5m``, ``7z``, ``1f`` (:func:`mjcalc.tiles.code`)."""
    return code(t)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Compact mpsz in the given order: consecutive tiles of one suit share a suit letter.

    The order is kept (``[1m, 2m, 3m, 4p, 1m]`` gives ``123m4p1m``) because the written order
    carries meaning: the last concealed tile is the default winning tile.
    """
    parts: list[str] = []
    run_suit = ""
    for t in tiles:
        suit = _SUIT[t]
        if suit != run_suit and run_suit:
            parts.append(run_suit)
        parts.append(_RANK[t])
        run_suit = suit
    parts.append(run_suit)
    return "".join(parts)


_EXACT_TILES: Final[dict[str, Tile]] = {
    **{f"{rank_of(t)}{suit_of(t)}": t for t in range(N_ALL)},
    **{ch: 27 + i for i, ch in enumerate(HONOR_LETTERS)},
}

# every result formats its hand and groups: table lookups instead of arithmetic per tile
_SUIT: Final = tuple(suit_of(t) for t in range(N_ALL))
_RANK: Final = tuple(str(rank_of(t)) for t in range(N_ALL))


def format_meld(meld: Meld) -> str:
    """``[555z]`` for an exposed meld, ``(1111m)`` for a concealed kong."""
    body = format_tiles(meld.tiles)
    return f"({body})" if meld.concealed else f"[{body}]"


def format_meld_unicode(meld: Meld) -> str:
    """A meld drawn with glyphs, in the same brackets as :func:`format_meld`."""
    body = "".join(glyph(t) for t in meld.tiles)
    return f"({body})" if meld.concealed else f"[{body}]"


def format_hand(hand: Hand) -> str:
    """Canonical mpsz: concealed part, melds, flowers, e.g. ``123m456p789s11z [555z] (1111m) 12f``.

    ``parse_hand(format_hand(h)) == h`` for every hand the parser can produce.
    """
    parts: list[str] = []
    if hand.concealed:
        parts.append(format_tiles(hand.concealed))
    parts.extend(format_meld(m) for m in hand.melds)
    if hand.flowers:
        parts.append(format_tiles(hand.flowers))
    return " ".join(parts)


def format_hand_unicode(hand: Hand) -> str:
    """The layout of :func:`format_hand` drawn with Unicode mahjong glyphs."""
    parts: list[str] = []
    if hand.concealed:
        parts.append("".join(glyph(t) for t in hand.concealed))
    parts.extend(format_meld_unicode(m) for m in hand.melds)
    if hand.flowers:
        parts.append("".join(glyph(t) for t in hand.flowers))
    return " ".join(parts)
