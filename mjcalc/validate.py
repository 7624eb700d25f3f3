"""Hand validation: is what was written a physically possible, well-formed winning hand?

The parser (:mod:`mjcalc.notation`) records exactly what was written; this module decides whether
it can be a hand at the table before any scoring is attempted: no tile more than four times, no
flower twice, brackets that really are melds, and the right number of tiles.  Every failure is an
``invalid_hand`` :class:`MjcalcError` with a message that names the offending tile or meld, so a
typo is never scored as some other hand.

What a ruleset allows differs (Shanghai has flowers, Xingguo does not; some rules accept three
different honors as a set), so those choices come in as a :class:`HandPolicy`.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import eq
from typing import Literal

from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld, meld_kind
from mjcalc.i18n import Bilingual, bilingual
from mjcalc.notation import format_meld, format_tile
from mjcalc.tiles import FIRST_FLOWER, N_ALL, N_KINDS, Tile, is_dragon, is_flower, is_wind, zh_name

__all__ = ["HandPolicy", "count_is_right", "validate_hand"]

HonorMelds = Literal["none", "same_class", "any_distinct"]


@dataclass(frozen=True)
class HandPolicy:
    """The ruleset's answers to the questions validation cannot decide by itself."""

    flowers: bool = False
    """May the hand hold flower tiles (Shanghai yes, Xingguo no)."""
    honor_melds: HonorMelds = "none"
    """May a bracket hold three different honors: never, only three winds or 中發白, or any."""
    allow_incomplete: bool = False
    """Skip the tile-count check (Shanghai 八花齐 wins with any hand)."""


def _fail(key: str, column: int | None = None, **params: object) -> MjcalcError:
    return MjcalcError.from_key("invalid_hand", key, column, **params)


def _at(column: int | None) -> Bilingual:
    return bilingual("err.at_column", col=column) if column else bilingual("hint.none")


def _flower_name(t: Tile) -> Bilingual:
    return bilingual("err.flower_name", zh=zh_name(t), code=format_tile(t))


def _meld_column(meld: Meld) -> int | None:
    return meld.column or None  # 0 means "not parsed from text"


def validate_hand(
    hand: Hand,
    policy: HandPolicy = HandPolicy(),  # frozen, so one shared default is safe
    win_tile: Tile | None = None,
) -> None:
    """Raise ``invalid_hand`` for the first problem found, else return ``None``.

    Checks run from the most local to the most global (stray or repeated flowers, a fifth copy of
    a tile, a bracket that is no meld, then the tile count), so the message points at the actual
    mistake rather than at its consequence: ``[124m]`` is reported as a bad meld, not as a hand
    whose count happens to be right.
    """
    if _whole(hand, policy, win_tile):
        return  # most hands: nothing any check below would report
    tiles = hand.all_tiles
    if _playing_tiles(tiles, hand.flowers):
        # every concealed and meld tile a playing tile and every flower a flower: nothing for
        # _check_tiles to report, nor for the meld half of _check_flowers
        _check_hand_flowers(hand, policy)
    else:
        _check_tiles(hand)
        _check_flowers(hand, policy)
    _check_copies(hand, tiles)
    for meld in hand.melds:
        _check_meld(meld, policy)
    if not policy.allow_incomplete:
        _check_count(hand, len(tiles))
    if win_tile is not None and win_tile not in hand.concealed:
        note = bilingual("err.win_flower_note" if is_flower(win_tile) else "hint.none")
        raise _fail("err.win_not_concealed", tile=format_tile(win_tile), note=note)


def _whole(hand: Hand, policy: HandPolicy, win_tile: Tile | None) -> bool:
    """A hand that every check of :func:`validate_hand` passes, found by C-level passes over
    its tiles and one remembered answer per meld: playing tiles, flowers where the ruleset has
    them and none twice, no fifth copy, melds that are open chows, pungs or any kong, the count
    (unless not checked), the winning tile among the concealed ones. ``False`` only means the
    full checks decide (and name the problem, if there is one)."""
    concealed, melds, flowers = hand.concealed, hand.melds, hand.flowers
    if not concealed or not (policy.allow_incomplete or count_is_right(hand)):
        return False
    if win_tile is not None and win_tile not in concealed:
        return False
    if flowers and not (policy.flowers and len(set(flowers)) == len(flowers)):
        return False
    for meld in melds:
        kind = meld_kind(meld.tiles)
        if kind != "kong" and (meld.concealed or kind not in _OPEN_SETS):
            return False  # a bracket that is not a meld here, or an honor set to judge
    tiles = hand.all_tiles
    return _playing_tiles(tiles, flowers) and _no_fifth_copy(tiles)


def _no_fifth_copy(tiles: tuple[Tile, ...]) -> bool:
    """No tile five times, by C-level passes: a fifth copy needs four repeats at least (a hand
    of chows has one or two), and then some tile equals the one four places on, in order."""
    if len(tiles) - len(set(tiles)) < 4:
        return True
    in_order = sorted(tiles)
    return not any(map(eq, in_order, in_order[4:]))


_OPEN_SETS = frozenset({"chow", "pung"})


def _check_tiles(hand: Hand) -> None:
    """Guard hands built in code: every entry is a tile, and flowers sit in ``Hand.flowers``."""
    if _tiles_in_place(hand):
        return  # the common case, answered by C-level scans
    columns = hand.columns if len(hand.columns) == len(hand.concealed) else None
    for i, t in enumerate(hand.concealed):
        if not 0 <= t < N_ALL:
            raise _fail("err.not_a_tile", value=repr(t))
        if is_flower(t):
            col = columns[i] if columns else None
            raise _fail("err.flower_concealed", col, flower=_flower_name(t), at=_at(col))
    for meld in hand.melds:
        for t in meld.tiles:
            if not 0 <= t < N_ALL:
                raise _fail("err.not_a_tile", value=repr(t))
    for t in hand.flowers:
        if not 0 <= t < N_ALL or not is_flower(t):
            code = format_tile(t) if 0 <= t < N_ALL else "?"
            raise _fail("err.not_a_flower", value=repr(t), code=code)


def _tiles_in_place(hand: Hand) -> bool:
    """Concealed tiles are playing tiles, meld tiles are tiles, flowers are flowers (min / max)."""
    concealed, flowers = hand.concealed, hand.flowers
    if concealed and not (min(concealed) >= 0 and max(concealed) < N_KINDS):
        return False
    if flowers and not (min(flowers) >= FIRST_FLOWER and max(flowers) < N_ALL):
        return False
    return all(min(m.tiles) >= 0 and max(m.tiles) < N_ALL for m in hand.melds if m.tiles)


def _playing_tiles(tiles: tuple[Tile, ...], flowers: tuple[Tile, ...]) -> bool:
    """The hand's concealed and meld tiles (``tiles``) are playing tiles, its flowers flowers:
    the common case, answered by C-level scans of the whole hand at once."""
    if tiles and not (min(tiles) >= 0 and max(tiles) < N_KINDS):
        return False
    return not flowers or (min(flowers) >= FIRST_FLOWER and max(flowers) < N_ALL)


def _check_flowers(hand: Hand, policy: HandPolicy) -> None:
    """Flowers only where the ruleset has them, never in a meld, each at most once."""
    for meld in hand.melds:
        if max(meld.tiles, default=0) < FIRST_FLOWER:
            continue  # no flower in it (the common case)
        flowers = [t for t in meld.tiles if is_flower(t)]
        if flowers:
            col = _meld_column(meld)
            key = "err.flower_in_meld" if policy.flowers else "err.no_flowers_meld"
            flower = _flower_name(flowers[0])
            raise _fail(key, col, meld=format_meld(meld), flower=flower, at=_at(col))
    _check_hand_flowers(hand, policy)


def _check_hand_flowers(hand: Hand, policy: HandPolicy) -> None:
    """The flowers written outside brackets: only where the ruleset has them, each once."""
    if hand.flowers and not policy.flowers:
        raise _fail("err.no_flowers_hand", flower=_flower_name(hand.flowers[0]))
    if len(set(hand.flowers)) == len(hand.flowers):
        return  # none twice (the common case)
    seen: set[Tile] = set()
    for t in hand.flowers:
        if t in seen:
            raise _fail("err.flower_twice", flower=_flower_name(t))
        seen.add(t)


def _check_copies(hand: Hand, tiles: tuple[Tile, ...] | None = None) -> None:
    """No tile more than four times, melds counted; report the fifth copy in written order.

    ``tiles``: the hand's :attr:`~mjcalc.hand.Hand.all_tiles`, when the caller has them."""
    if tiles is None:
        tiles = hand.all_tiles
    if _no_fifth_copy(tiles):
        return  # the common case: nothing to report, no need to order the tiles as written
    columns: tuple[int | None, ...] = (
        hand.columns if len(hand.columns) == len(hand.concealed) else (None,) * len(hand.concealed)
    )
    seen: list[tuple[int | None, Tile]] = list(zip(columns, hand.concealed, strict=True))
    for meld in hand.melds:
        col = _meld_column(meld)
        seen.extend((col, t) for t in meld.tiles)
    # Written order when every column is known; otherwise concealed then melds (a stable sort on a
    # constant key keeps that order).
    if all(col is not None for col, _t in seen):
        seen.sort(key=lambda item: item[0] or 0)
    counts = [0] * N_ALL
    for col, t in seen:
        counts[t] += 1
        if counts[t] == 5:
            n = sum(1 for _c, x in seen if x == t)
            raise _fail("err.fifth_copy", col, tile=format_tile(t), n=n, at=_at(col))


def count_is_right(hand: Hand) -> bool:
    """Whether a hand whose melds are all well formed (3 tiles, 4 for a kong) holds 14 tiles,
    one more per kong: each meld stands for one set of 3, whatever its size, so it is 14 counting
    every meld as 3. Asked of every hand: arithmetic, no pass over the melds or their kongs."""
    return len(hand.concealed) + 3 * len(hand.melds) == 14


def _check_meld(meld: Meld, policy: HandPolicy) -> None:
    kind = meld.kind
    if kind == "kong" or (kind in ("chow", "pung") and not meld.concealed):
        return  # the common case: nothing to report
    col = _meld_column(meld)
    text = format_meld(meld)
    at = _at(col)
    if meld.concealed:  # and not a kong
        raise _fail("err.concealed_kong_shape", col, meld=text, at=at)
    if kind == "honors":
        if policy.honor_melds == "any_distinct":
            return
        if policy.honor_melds == "same_class" and (
            all(is_wind(t) for t in meld.tiles) or all(is_dragon(t) for t in meld.tiles)
        ):
            return
        same_class = policy.honor_melds == "same_class"
        allowed = bilingual("err.honor_chow_same_class" if same_class else "hint.none")
        raise _fail("err.honor_chow", col, meld=text, allowed=allowed, at=at)
    if len(meld.tiles) not in (3, 4):
        raise _fail("err.meld_size", col, meld=text, n=len(meld.tiles), at=at)
    suits = {t // 9 for t in meld.tiles}  # 3 for honors: any mix with them is across classes
    if len(meld.tiles) == 3 and len(set(meld.tiles)) == 3 and len(suits) > 1:
        raise _fail("err.chow_one_suit", col, meld=text, at=at)
    raise _fail("err.not_a_meld", col, meld=text, at=at)


def _check_count(hand: Hand, n: int) -> None:
    """14 tiles, one more per kong; ``n``: the hand's tiles, concealed and melded.

    Called once every meld passed :func:`_check_meld` (3 tiles, or 4 for a kong): then "14
    tiles, one more per kong" is "14 with every meld counted as 3" (:func:`count_is_right`),
    which needs no pass over the melds.
    """
    if count_is_right(hand):
        return  # the common case
    kongs = len(hand.kongs)
    need = 14 + kongs
    if n != need:
        if kongs:
            with_kongs = bilingual("err.with_kongs", kongs=kongs, plural="s" if kongs > 1 else "")
        else:
            with_kongs = bilingual("hint.none")
        raise _fail(
            "err.tile_count",
            n=n,
            plural="s" if n != 1 else "",
            with_kongs=with_kongs,
            need=need,
            flowers=bilingual("err.flowers_aside" if hand.flowers else "hint.none"),
        )
