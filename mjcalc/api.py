"""``score()``: request in, result out — validation, the ruleset's evaluator, the result model.

Every user error becomes a result with ``ok = False``; nothing here raises for bad input.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ValidationError

from mjcalc.engine.groups import Group, Reading
from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand
from mjcalc.ledger import total
from mjcalc.models import (
    SEATS,
    ErrorOut,
    Item,
    ReadingOut,
    Request,
    Result,
    WildOut,
    built,
)
from mjcalc.notation import format_hand, format_tiles, parse_hand, parse_tile
from mjcalc.registry import LoadedRules, describe_validation_error, load_rules
from mjcalc.rules.base import Context, KongMade, Scored
from mjcalc.tiles import code
from mjcalc.validate import validate_hand


def score(request: Request | Mapping[str, Any]) -> Result:
    """Score one hand; see :func:`mjcalc.score`."""
    raw: dict[str, Any]
    if isinstance(request, BaseModel):
        raw = request.model_dump(exclude_unset=True)
    elif isinstance(request, Mapping):
        raw = dict(request)
    else:
        return error_result(MjcalcError("invalid_request", "a request must be a JSON object"))
    try:
        return _score(raw)
    except MjcalcError as exc:
        return error_result(exc, raw)
    except Exception as exc:  # a bug: keep the batch going, and say so plainly
        error = MjcalcError.t("internal_error", "err.internal", kind=type(exc).__name__, detail=exc)
        return error_result(error, raw)


def error_result(exc: MjcalcError, raw: Mapping[str, Any] | None = None) -> Result:
    """The result of a hand that was not scored."""
    raw = raw or {}
    rules = raw.get("rules")
    hand = raw.get("hand")
    # built from mjcalc's own values: construct without validating them again
    return built(
        Result,
        ok=False,
        rules=rules if isinstance(rules, str) else None,
        hand=hand if isinstance(hand, str) else None,
        error=built(
            ErrorOut,
            code=exc.code,
            message=exc.message,
            message_zh=exc.message_zh,
            column=exc.column,
        ),
    )


def _score(raw: dict[str, Any]) -> Result:
    rules_name = raw.get("rules")
    if not isinstance(rules_name, str) or not rules_name:
        raise MjcalcError("invalid_request", "missing field 'rules' (e.g. \"xingguo\")")
    loaded = load_rules(rules_name)
    try:
        request = loaded.ruleset.request_model.model_validate(raw)
    except ValidationError as exc:
        raise MjcalcError("invalid_request", describe_validation_error(exc)) from None
    options = loaded.options(request.options)
    ctx = build_context(request, loaded, options)
    scored = loaded.ruleset.evaluate(ctx, options)
    _apply_stake(scored, getattr(options, "stake", 1))
    return _result(loaded, ctx, scored)


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
    _check_situation(request)
    hand = parse_hand(request.hand)
    win_tile = _tile_field(request.win_tile, "win_tile") if request.win_tile else None
    validate_hand(hand, loaded.ruleset.hand_policy(options, hand), win_tile=win_tile)
    if win_tile is None:
        if not hand.concealed:
            raise MjcalcError("invalid_hand", "the hand has no concealed tile to win on")
        win_tile = hand.concealed[-1]
    kongs = tuple(
        KongMade(k.seat, k.kind, _tile_field(k.tile, "kongs.tile") if k.tile else None)
        for k in request.kongs
    )
    return Context.of(request, hand, win_tile, kongs)


def _tile_field(text: str, field: str) -> int:
    try:
        return parse_tile(text)
    except MjcalcError as exc:
        # the column of the contract is in the hand string; this one is in another field
        raise MjcalcError(exc.code, f"{field}: {exc.message}") from None


def _check_situation(r: Request) -> None:
    """Contradictions in the context are ``invalid_request``: never guess which part is right."""
    if r.discarder is not None and r.discarder == r.winner:
        raise MjcalcError("invalid_request", f"the discarder ({r.discarder}) cannot be the winner")
    if r.self_draw is True and r.discarder is not None:
        raise MjcalcError("invalid_request", "self_draw is true but a discarder is given")
    if r.self_draw is False and r.discarder is None:
        raise MjcalcError("invalid_request", "self_draw is false but no discarder is given")
    if r.after_kong and r.discarder is not None:
        raise MjcalcError(
            "invalid_request", "after_kong (杠开) is a self-draw: it cannot have a discarder"
        )
    if r.robbing_kong and r.discarder is None:
        raise MjcalcError(
            "invalid_request", "robbing_kong (抢杠) needs the kong maker as discarder"
        )
    if r.robbing_kong and r.after_kong:
        raise MjcalcError("invalid_request", "a win cannot be both after_kong and robbing_kong")
    for k in r.kongs:
        if k.seat == r.winner:
            raise MjcalcError(
                "invalid_request",
                f"kongs lists seat {k.seat}, the winner: the winner's kongs are read from its hand",
            )


def _result(loaded: LoadedRules, ctx: Context, scored: Scored) -> Result:
    sections = {name: {s: sec.get(s, 0) for s in SEATS} for name, sec in scored.sections.items()}
    for name, sec in sections.items():
        if sum(sec.values()) != 0:  # a ledger bug, never a user error
            raise AssertionError(f"section {name} does not sum to zero: {sec}")
    # every value below was built by mjcalc itself: no need to validate it again
    return built(
        Result,
        ok=True,
        rules=loaded.name,
        hand=canonical_hand(ctx.hand, ctx.win_tile),
        win_tile=code(ctx.win_tile),
        winner=ctx.winner,
        dealer=ctx.dealer,
        discarder=ctx.discarder,
        pattern=scored.pattern,
        reading=reading_out(scored.reading) if scored.reading else None,
        items=scored.items,
        sections=sections,
        payments=total(sections.values()),
    )


def canonical_hand(hand: Hand, win_tile: int) -> str:
    """The hand in canonical mpsz: concealed tiles sorted, then the winning tile set apart.

    ``123m456p789s1z 1z [555z]``: re-parsing it gives the same hand with the same winning tile.
    """
    rest = list(hand.concealed)
    rest.remove(win_tile)
    tail = Hand((), hand.melds, tuple(sorted(hand.flowers)))
    parts = [format_tiles(sorted(rest)), format_tiles([win_tile]), format_hand(tail)]
    return " ".join(p for p in parts if p)


@lru_cache(maxsize=4096)
def group_text(g: Group) -> str:
    """A group in mpsz, melds in their brackets: ``123m``, ``[555z]``, ``(1111m)``.

    Cached: the same chows and pungs come back hand after hand.
    """
    body = format_tiles(g.tiles)
    if g.melded:
        return f"[{body}]" if g.exposed else f"({body})"
    return body


def reading_out(r: Reading) -> ReadingOut:
    return built(
        ReadingOut,
        shape=r.shape,
        sets=[group_text(g) for g in r.groups],
        wilds=[
            built(
                WildOut,
                tile=code(w.face),
                stood_for=None if w.stood_for is None else code(w.stood_for),
            )
            for w in r.wilds
        ],
    )
