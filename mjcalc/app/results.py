"""The contract's :class:`~mjcalc.models.Result` of a hand: scored, or refused with its error.

A scored hand's result is built from the ruleset's :class:`~mjcalc.rules.base.Scored` (its
sections checked to sum to zero and added up into the payments, the stake applied, the hand
and its reading written in canonical mpsz, the warnings about the request); a refused one
repeats what of the request can be written safely. Every value here was made by mjcalc itself,
so the models are built without validating them again.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from mjcalc.engine.groups import Group, Reading, WildUse
from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld
from mjcalc.hot_paths import trusted, trusted_from
from mjcalc.i18n import bilingual
from mjcalc.models import (
    MAX_HAND,
    MAX_RULES,
    SEATS,
    ErrorOut,
    Item,
    Notice,
    ReadingOut,
    Request,
    Result,
    Seat,
    WildOut,
)
from mjcalc.notation import format_hand, format_meld, format_tiles
from mjcalc.rules.base import Context, Scored
from mjcalc.rules.options import session_only
from mjcalc.rules.registry import LoadedRules
from mjcalc.tiles import Tile, code


def error_result(exc: MjcalcError, raw: Mapping[str, Any] | None = None) -> Result:
    """The result of a hand that was not scored.

    It repeats the request's ``rules`` and ``hand`` only when they are text that can be written
    (within the limits, no lone surrogate), so reporting a hostile request cannot fail in turn.
    """
    raw = raw or {}
    # built from mjcalc's own values: construct without validating them again
    return trusted(
        Result,
        ok=False,
        rules=echoed(raw.get("rules"), MAX_RULES),
        hand=echoed(raw.get("hand"), MAX_HAND),
        error=trusted(
            ErrorOut,
            code=exc.code,
            message=exc.message,
            message_zh=exc.message_zh,
            column=exc.column,
            items=[i for i in exc.items if isinstance(i, Item)] or None,
        ),
    )


def echoed(value: object, limit: int) -> str | None:
    """``value`` as an error result may repeat it: text within ``limit`` that UTF-8 can
    encode, else ``None`` (a hand from the command line may hold bytes that are not UTF-8,
    which Python keeps as lone surrogates, and JSON output must stay valid UTF-8)."""
    if not isinstance(value, str) or len(value) > limit:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return None
    return value


def scored_result(
    loaded: LoadedRules, ctx: Context, scored: Scored, more: dict[str, Any] | None = None
) -> Result:
    """The contract's result of a scored hand; ``more``: other fields set (the warnings)."""
    sections: dict[str, dict[Seat, int]] = {}
    e = s = w = n = 0  # the payments, seat by seat: every section in seat order
    for name, section in scored.sections.items():
        sections[name] = sec = _all_seats(section)
        se, ss, sw, sn = sec.values()
        if se + ss + sw + sn != 0:  # a ledger bug, never a user error
            raise AssertionError(f"section {name} does not sum to zero: {sec}")
        e, s, w, n = e + se, s + ss, w + sw, n + sn
    # every value below was built by mjcalc itself: no need to validate it again
    values = {
        "ok": True,
        "rules": loaded.name,
        "hand": canonical_hand(ctx.hand, ctx.win_tile),
        "win_tile": code(ctx.win_tile),
        "winner": ctx.winner,
        "dealer": ctx.dealer,
        "discarder": ctx.discarder,
        "pattern": scored.pattern,
        "reading": reading_out(scored.reading) if scored.reading else None,
        "items": scored.items,
        "sections": sections,
        "payments": {"E": e, "S": s, "W": w, "N": n},  # SEATS' order
    }
    if more:
        values.update(more)
    return trusted_from(Result, values)


def _all_seats(section: dict[Seat, int]) -> dict[Seat, int]:
    """A section with every seat, in seat order (a ledger's net already is: kept as it is)."""
    if len(section) == 4 and tuple(section) == SEATS:
        return section
    return {s: section.get(s, 0) for s in SEATS}


def apply_stake(scored: Scored, stake: int) -> None:
    """``stake`` (an option of every ruleset) turns points into money: it scales every section."""
    if stake == 1:
        return
    scored.sections = {
        name: {seat: amount * stake for seat, amount in sec.items()}
        for name, sec in scored.sections.items()
    }
    scored.items.append(
        trusted(
            Item,
            id="stake",
            zh="底注",
            en="stake",
            effect=f"×{stake}",
            factor=stake,
            detail="every amount multiplied by the stake",
        )
    )


@lru_cache(maxsize=256)
def notice(message: str, message_zh: str) -> Notice:
    """A warning, built once per text and shared, as items are (a result's models are not
    changed once built): Xingguo warns of the jing counts it assumed on most hands, and a
    field that changes nothing is named in the same words each time."""
    return trusted_from(Notice, {"message": message, "message_zh": message_zh})


def no_effect_warnings(request: Request, options: BaseModel) -> list[Notice]:
    """A warning for each field or option given that changes nothing in this hand.

    A field the ruleset ignores (Shanghai ``kongs``), or an option override that only sessions
    use (``fee``, ``escape_lezi``, ``false_win_score``): probably a mistake, yet not a wrong
    request, so it is scored and warned about — never refused, never silently ignored.
    """
    notices = [
        ("warn.no_effect_field", name)
        for name in sorted(request.NO_EFFECT & request.model_fields_set)
        if getattr(request, name)
    ]
    fields = type(options).model_fields
    for name in request.options:
        if session_only(fields.get(name)):
            notices.append(("warn.session_option", name))
    # the texts come from the catalogue's cache, each notice built once and shared (:func:`notice`)
    texts = [bilingual(key, name=name) for key, name in notices]
    return [notice(t.en, t.zh) for t in texts]


def canonical_hand(hand: Hand, win_tile: int) -> str:
    """The hand in canonical mpsz: concealed tiles sorted, then the winning tile set apart.

    ``123m456p789s1z 1z [555z]``: re-parsing it gives the same hand with the same winning tile.
    """
    if win_tile not in hand.concealed:  # 八花齐 of flowers only: the hand is its flowers
        return format_hand(Hand((), hand.melds, tuple(sorted(hand.flowers))))
    rest = sorted(hand.concealed)
    rest.remove(win_tile)  # one copy out of a sorted list: still sorted
    head = f"{format_tiles(rest)} {code(win_tile)}" if rest else code(win_tile)
    if not hand.melds and not hand.flowers:
        return head
    # the melds as format_hand writes them (the same text as their reading's groups)
    parts = [head, *[_group_text(m.tiles, True, not m.concealed) for m in hand.melds]]
    if hand.flowers:
        parts.append(format_tiles(sorted(hand.flowers)))
    return " ".join(parts)


def group_text(g: Group) -> str:
    """A group in mpsz, melds in their brackets: ``123m``, ``[555z]``, ``(1111m)``."""
    return _group_text(g.tiles, g.melded, g.exposed)


@lru_cache(maxsize=4096)
def _group_text(tiles: tuple[Tile, ...], melded: bool, exposed: bool) -> str:
    """Cached by what the text shows (C-level hashing): the same chows and pungs come back
    hand after hand. A meld is written as notation writes it."""
    if melded:
        return format_meld(Meld(tiles, concealed=not exposed))
    return format_tiles(tiles)


def reading_out(r: Reading) -> ReadingOut:
    """The result's reading: built for every hand scored, from mjcalc's own values."""
    return trusted_from(
        ReadingOut,
        {
            "shape": r.shape,
            "sets": _set_texts(r.groups),
            "wilds": _wilds_out(r.wilds) if r.wilds else [],  # most hands hold no wild
        },
    )


def _set_texts(groups: tuple[Group, ...]) -> list[str]:
    """:func:`group_text` of each group of a reading, each looked up by what it shows in
    :func:`_group_text`'s cache (a key hashed in C: cheaper than a Python call per group)."""
    text = _group_text
    return [text(g.tiles, g.melded, g.exposed) for g in groups]


def _wilds_out(wilds: tuple[WildUse, ...]) -> list[WildOut]:
    """What each wild of a reading did: its face, and the tile it stood for (``None``: kept)."""
    return [_wild_out(w.face, w.stood_for) for w in wilds]


@lru_cache(maxsize=2048)
def _wild_out(face: Tile, stood_for: Tile | None) -> WildOut:
    """One wild's use, built once per face and tile stood for and shared, as items are (a
    result's models are not changed once built): a hand with four jing has four of them."""
    return trusted(
        WildOut, tile=code(face), stood_for=None if stood_for is None else code(stood_for)
    )
