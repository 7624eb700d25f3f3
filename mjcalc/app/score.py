"""``score()``: request in, result out — validation, the ruleset's evaluator, the result model.

Every user error becomes a result with ``ok = False``; nothing here raises for bad input.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ValidationError

from mjcalc._fast import built, built_from
from mjcalc.engine.groups import Group, Reading, WildUse
from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand, Meld
from mjcalc.i18n import bi, seat
from mjcalc.models import (
    MAX_HAND,
    MAX_KONGS_PER_SEAT,
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
from mjcalc.notation import (
    format_hand,
    format_meld,
    format_tile,
    format_tiles,
    parse_hand,
    parse_tile,
)
from mjcalc.rules.base import Context, KongMade, Scored
from mjcalc.rules.options import session_only
from mjcalc.rules.registry import LoadedRules, example_name, load_rules, validation_error
from mjcalc.tiles import Tile, code, is_flower
from mjcalc.validate import validate_hand


def request_fields(request: Request | Mapping[str, Any]) -> dict[str, Any] | None:
    """A request as a plain dict of its fields (a model's fields that were set), or ``None``
    when it is neither a model nor a mapping. Shared by :func:`score` and ``mjcalc.app.waits``."""
    if type(request) is dict:  # the common case, before the slower abstract-class checks
        return dict(request)
    if isinstance(request, BaseModel):
        return request.model_dump(exclude_unset=True)
    if isinstance(request, Mapping):
        return dict(request)
    return None


def score(request: Request | Mapping[str, Any]) -> Result:
    """Score one hand; see :func:`mjcalc.score`."""
    raw = request_fields(request)
    if raw is None:
        return error_result(MjcalcError.t("invalid_request", "err.not_object"))
    try:
        return _score(raw)
    except MjcalcError as exc:
        return error_result(exc, raw)
    except Exception as exc:  # a bug: keep the batch going, and say so plainly
        error = MjcalcError.t("internal_error", "err.internal", kind=type(exc).__name__, detail=exc)
        return error_result(error, raw)


def error_result(exc: MjcalcError, raw: Mapping[str, Any] | None = None) -> Result:
    """The result of a hand that was not scored.

    It repeats the request's ``rules`` and ``hand`` only when they are text that can be written
    (within the limits, no lone surrogate), so reporting a hostile request cannot fail in turn.
    """
    raw = raw or {}
    # built from mjcalc's own values: construct without validating them again
    return built(
        Result,
        ok=False,
        rules=echoed(raw.get("rules"), MAX_RULES),
        hand=echoed(raw.get("hand"), MAX_HAND),
        error=built(
            ErrorOut,
            code=exc.code,
            message=exc.message,
            message_zh=exc.message_zh,
            column=exc.column,
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


def _score(raw: dict[str, Any]) -> Result:
    rules_name = raw.get("rules")
    if not isinstance(rules_name, str) or not rules_name:
        raise MjcalcError.t("invalid_request", "err.missing_rules", example=example_name())
    if len(rules_name) > MAX_RULES:
        raise MjcalcError.t("invalid_request", "err.input.rules_long", limit=MAX_RULES)
    loaded = load_rules(rules_name)
    try:
        # model_validate(raw) without its Python wrapper (same defaults): once per hand
        request: Request = loaded.ruleset.request_model.__pydantic_validator__.validate_python(raw)
    except ValidationError as exc:
        raise validation_error(exc) from None
    return score_validated(loaded, request, loaded.options(request.options))


def score_validated(loaded: LoadedRules, request: Request, options: BaseModel) -> Result:
    """:func:`score` of a request already validated by ``loaded``'s request model, with its
    options built. Raises :class:`MjcalcError` like ``_score``."""
    return _evaluated(loaded, request, options, build_context(request, loaded, options))


def score_hand(
    loaded: LoadedRules, request: Request, options: BaseModel, hand: Hand, win_tile: Tile
) -> Result:
    """:func:`score_validated` of a hand already parsed: ``hand`` and ``win_tile`` stand for
    the request's own ``hand`` and ``win_tile``, which are not read. For callers that score many
    hands of one request (``mjcalc waits`` tries each tile that completes a hand): each is
    checked and scored exactly as its text would be, without writing it out and parsing it."""
    check_situation(request)
    return _evaluated(
        loaded, request, options, hand_context(request, loaded, options, hand, win_tile)
    )


def _evaluated(loaded: LoadedRules, request: Request, options: BaseModel, ctx: Context) -> Result:
    """The ruleset's verdict on a checked context, as the contract's result."""
    try:
        scored = loaded.ruleset.evaluate(ctx, options)
    except MjcalcError as exc:
        if exc.code != "invalid_request":  # the ruleset's own request checks say it better
            check_table(ctx)
        raise
    check_table(ctx)
    _apply_stake(scored, getattr(options, "stake", 1))
    no_effect = request.options or not request.NO_EFFECT.isdisjoint(request.model_fields_set)
    if not (no_effect or scored.warnings):
        return _result(loaded, ctx, scored)  # no warning
    own = no_effect_warnings(request, options) if no_effect else []
    # the ruleset's own (what it assumed), after the request's
    notices = [_notice(en, zh) for en, zh in scored.warnings]
    # set as the result is built (as if assigned after: the field counts as set, even to null)
    return _result(loaded, ctx, scored, {"warnings": [*own, *notices] or None})


@lru_cache(maxsize=256)
def _notice(message: str, message_zh: str) -> Notice:
    """A warning, built once per text and shared, as items are (a result's models are not
    changed once built): Xingguo warns of the jing counts it assumed on most hands, and a
    field that changes nothing is named in the same words each time."""
    return built_from(Notice, {"message": message, "message_zh": message_zh})


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
    # the texts come from the catalogue's cache, each notice built once and shared (_notice)
    texts = [bi(key, name=name) for key, name in notices]
    return [_notice(t.en, t.zh) for t in texts]


def _apply_stake(scored: Scored, stake: int) -> None:
    """``stake`` (an option of every ruleset) turns points into money: it scales every section."""
    if stake == 1:
        return
    scored.sections = {
        name: {seat: amount * stake for seat, amount in sec.items()}
        for name, sec in scored.sections.items()
    }
    scored.items.append(
        built(
            Item,
            id="stake",
            zh="底注",
            en="stake",
            effect=f"×{stake}",
            factor=stake,
            detail="every amount multiplied by the stake",
        )
    )


def build_context(request: Request, loaded: LoadedRules, options: BaseModel) -> Context:
    """Check the request's situation and hand, and parse everything into a :class:`Context`."""
    check_situation(request)
    hand = parse_hand(request.hand)
    win_tile = _tile_field(request.win_tile, "win_tile") if request.win_tile else None
    return hand_context(request, loaded, options, hand, win_tile)


def hand_context(
    request: Request, loaded: LoadedRules, options: BaseModel, hand: Hand, win_tile: Tile | None
) -> Context:
    """The :class:`Context` of a request whose hand is parsed: the hand checked under the
    ruleset's policy, the winning tile found when not given, the other seats' kongs read."""
    validate_hand(hand, loaded.ruleset.hand_policy(options, hand), win_tile=win_tile)
    if win_tile is None:
        if hand.concealed:
            win_tile = hand.concealed[-1]
        elif hand.flowers and not hand.melds:
            win_tile = hand.flowers[-1]  # flowers only (八花齐): it wins on the last one drawn
        else:
            raise MjcalcError.t("invalid_hand", "err.no_concealed")
    kongs = _other_kongs(request) if request.kongs else ()
    if request.after_kong or request.robbing_kong:
        check_kong_win(request, hand, win_tile, kongs)
    return Context.of(request, canonical_melds(hand), win_tile, kongs)


def check_kong_win(
    request: Request, hand: Hand, win_tile: Tile, kongs: tuple[KongMade, ...]
) -> None:
    """A win on a kong must have its kong, in every ruleset.

    杠开 draws the replacement of a kong of the winner's, so the hand shows one. 抢杠 takes the
    fourth tile of an added kong (补杠): the kong maker showed the other three as a pung, so the
    winner holds only the tile it robs, and a kong that was exposed or concealed has no tile
    to rob. Without these checks the situation would be scored as if it could happen.
    """
    if request.after_kong and not hand.kongs:
        raise MjcalcError.t("invalid_request", "err.after_kong_no_kong")
    if not request.robbing_kong:
        return
    for k in kongs:
        if k.seat == request.discarder and k.tile == win_tile and k.kind != "added":
            raise MjcalcError.t(
                "invalid_request",
                "err.rob_not_added",
                seat=seat(k.seat),
                tile=format_tile(win_tile),
                kind=bi(
                    "err.kong_kind.exposed" if k.kind == "exposed" else "err.kong_kind.concealed"
                ),
            )
    held = hand.all_tiles.count(win_tile)
    if held > 1:
        raise MjcalcError.t(
            "invalid_request", "err.rob_copies", tile=format_tile(win_tile), held=held
        )


def _other_kongs(request: Request) -> tuple[KongMade, ...]:
    """The other seats' kongs of the request, parsed, in one order (by seat, kind, tile)."""
    return tuple(
        sorted(
            (
                KongMade(k.seat, k.kind, kong_tile(k.tile) if k.tile else None)
                for k in request.kongs
            ),
            key=lambda k: (SEATS.index(k.seat), k.kind, -1 if k.tile is None else k.tile),
        )
    )


def canonical_melds(hand: Hand) -> Hand:
    """The hand with its melds in one order (exposed before concealed, then by tiles), each
    meld's tiles sorted: the order melds were written in never changes a result."""
    if not hand.melds:
        return hand
    if _canonical_already(hand.melds):
        return hand
    melds = sorted(
        (Meld(tuple(sorted(m.tiles)), m.concealed, m.column) for m in hand.melds),
        key=lambda m: (m.concealed, m.tiles),
    )
    return Hand(hand.concealed, tuple(melds), hand.flowers, hand.columns)


def _canonical_already(melds: tuple[Meld, ...]) -> bool:
    """Whether the melds are in :func:`canonical_melds`'s order already (as mjcalc writes them,
    and most requests do): then the hand needs no rebuilding."""
    if len(melds) == 1:  # the commonest melded hand: only its tiles' order to ask
        return _tiles_in_order(melds[0].tiles)
    keys = [(m.concealed, m.tiles) for m in melds]
    return keys == sorted(keys) and all(map(_tiles_in_order, [m.tiles for m in melds]))


@lru_cache(maxsize=1024)
def _tiles_in_order(tiles: tuple[Tile, ...]) -> bool:
    """A meld's tiles are sorted: kept per tiles (a few hundred melds, in any order a few
    thousand), as every melded hand asks of each of its melds."""
    return list(tiles) == sorted(tiles)


def check_table(ctx: Context) -> None:
    """Other seats' kongs must fit the table: each takes all 4 copies of its tile.

    The one exception is the kong robbed by the win (抢杠): its fourth tile is the winning tile.
    Checked around the evaluator, so that a ruleset's own more precise complaint about a kong
    (Xingguo: a kong of the flipped 正精) is the one reported.
    """
    if not ctx.kongs:
        return
    held = [0] * 34
    for t in ctx.hand.all_tiles:
        held[t] += 1
    robbed = ctx.win_tile if ctx.robbing_kong else None
    for k in ctx.kongs:
        if k.tile is None:
            continue
        allowed = 1 if k.tile == robbed and k.seat == ctx.discarder else 0
        if held[k.tile] > allowed:
            raise MjcalcError.t(
                "invalid_request",
                "err.input.kong_copies",
                seat=k.seat,
                tile=format_tile(k.tile),
                held=held[k.tile],
            )
        held[k.tile] = 4


def kong_tile(text: str) -> int:
    tile = _tile_field(text, "kongs.tile")
    if is_flower(tile):
        raise MjcalcError.t("invalid_request", "err.input.kong_flower", tile=format_tile(tile))
    return tile


def _tile_field(text: str, field: str) -> int:
    try:
        return parse_tile(text)
    except MjcalcError as exc:
        # the column of the contract is in the hand string; this one is in another field
        raise exc.within("err.in_field", field=field) from None


def check_situation(r: Request) -> None:
    """Contradictions in the context are ``invalid_request``: never guess which part is right."""
    # each field read once (a request's fields are read through Pydantic's attribute hook)
    discarder, self_draw, after_kong, robbing_kong = (
        r.discarder,
        r.self_draw,
        r.after_kong,
        r.robbing_kong,
    )
    if discarder is not None and discarder == r.winner:
        raise MjcalcError.t("invalid_request", "err.discarder_is_winner", seat=seat(discarder))
    if self_draw is True and discarder is not None:
        raise MjcalcError.t("invalid_request", "err.self_draw_with_discarder")
    if self_draw is False and discarder is None:
        raise MjcalcError.t("invalid_request", "err.discard_without_discarder")
    if after_kong and discarder is not None:
        raise MjcalcError.t("invalid_request", "err.after_kong_discard")
    if robbing_kong and discarder is None:
        raise MjcalcError.t("invalid_request", "err.rob_needs_discarder")
    if robbing_kong and after_kong:
        raise MjcalcError.t("invalid_request", "err.after_kong_and_rob")
    if not r.kongs:
        return  # most hands: no other seat's kong to check
    if len(r.kongs) > MAX_KONGS_PER_SEAT:  # else no seat can have made too many
        for each in SEATS:
            n = sum(1 for k in r.kongs if k.seat == each)
            if n > MAX_KONGS_PER_SEAT:
                raise MjcalcError.t(
                    "invalid_request", "err.input.kongs_per_seat", seat=seat(each), n=n
                )
    for k in r.kongs:
        if k.seat == r.winner:
            raise MjcalcError.t("invalid_request", "err.kong_by_winner", seat=seat(k.seat))


def _result(
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
    return built_from(Result, values)


def _all_seats(section: dict[Seat, int]) -> dict[Seat, int]:
    """A section with every seat, in seat order (a ledger's net already is: kept as it is)."""
    if len(section) == 4 and tuple(section) == SEATS:
        return section
    return {s: section.get(s, 0) for s in SEATS}


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
    return built_from(
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
    return built(WildOut, tile=code(face), stood_for=None if stood_for is None else code(stood_for))
