"""``score()``: request in, result out — the one entry every front scores a hand through.

Every user error becomes a result with ``ok = False``; nothing here raises for bad input. What
a request must be before its ruleset sees it is checked in :mod:`mjcalc.app.request_checks`; the
contract's result is built in :mod:`mjcalc.app.results`. Here they are put in order: read the
request, load its ruleset, validate it, check it, evaluate it, build its result.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from mjcalc.app.request_checks import build_context, check_situation, check_table, hand_context
from mjcalc.app.results import apply_stake, error_result, no_effect_warnings, notice, scored_result
from mjcalc.errors import MjcalcError
from mjcalc.hand import Hand
from mjcalc.models import MAX_RULES, Request, Result
from mjcalc.rules.base import Context
from mjcalc.rules.registry import LoadedRules, example_name, load_rules, validation_error
from mjcalc.tiles import Tile


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
        return error_result(MjcalcError.from_key("invalid_request", "err.not_object"))
    try:
        return _score(raw)
    except MjcalcError as exc:
        return error_result(exc, raw)
    except Exception as exc:  # a bug: keep the batch going, and say so plainly
        error = MjcalcError.from_key(
            "internal_error", "err.internal", kind=type(exc).__name__, detail=exc
        )
        return error_result(error, raw)


def _score(raw: dict[str, Any]) -> Result:
    rules_name = raw.get("rules")
    if not isinstance(rules_name, str) or not rules_name:
        raise MjcalcError.from_key("invalid_request", "err.missing_rules", example=example_name())
    if len(rules_name) > MAX_RULES:
        raise MjcalcError.from_key("invalid_request", "err.input.rules_long", limit=MAX_RULES)
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
    apply_stake(scored, getattr(options, "stake", 1))
    no_effect = request.options or not request.NO_EFFECT.isdisjoint(request.model_fields_set)
    if not (no_effect or scored.warnings):
        return scored_result(loaded, ctx, scored)  # no warning
    own = no_effect_warnings(request, options) if no_effect else []
    # the ruleset's own (what it assumed), after the request's
    notices = [notice(en, zh) for en, zh in scored.warnings]
    # set as the result is built (as if assigned after: the field counts as set, even to null)
    return scored_result(loaded, ctx, scored, {"warnings": [*own, *notices] or None})
