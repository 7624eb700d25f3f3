"""Reading session lines: raw text, bytes or dicts in, a JSON object or argument text out.

A line is JSON (it starts with ``{``) or the arguments of ``mjcalc score`` (a hand line only);
blank lines and ``#`` comments are skipped. Anything that cannot be decoded is an
``invalid_request`` error for that line alone, never an exception that stops the session.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictBool, ValidationError

from mjcalc.errors import MjcalcError
from mjcalc.models import Seat
from mjcalc.registry import describe_validation_error

RawLine = str | bytes | Mapping[str, Any]
"""One line of a session: text, bytes (UTF-8) or an already decoded JSON object."""

MAX_DEPTH = 8
"""The deepest nesting a session line needs (a header's players, a multi-win's kongs)."""


def read_line(raw: RawLine) -> dict[str, Any] | str | None:
    """The line as a JSON object, as argument text, or ``None`` when blank or a comment."""
    if isinstance(raw, Mapping):
        return dict(raw)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MjcalcError.t(
                "invalid_request", "err.session.not_utf8", offset=exc.start
            ) from None
    if not isinstance(raw, str):
        raise MjcalcError.t("invalid_request", "err.session.not_a_line")
    text = raw.strip().lstrip("\ufeff").strip()
    if not text or text.startswith("#"):
        return None
    if not text.startswith("{"):
        return text
    return _json_object(text)


def _json_object(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MjcalcError.t(
            "invalid_request", "err.session.bad_json", detail=exc.msg, char=exc.pos + 1
        ) from None
    except (ValueError, RecursionError) as exc:  # e.g. a number of thousands of digits
        raise MjcalcError.t("invalid_request", "err.session.undecodable", detail=exc) from None
    if not isinstance(value, dict):
        raise MjcalcError.t("invalid_request", "err.session.not_a_line")
    _check_depth(value, 1)
    return value


def _check_depth(value: object, depth: int) -> None:
    """Refuse nesting deeper than any session line has, and text with lone surrogates."""
    if depth > MAX_DEPTH:
        raise MjcalcError.t("invalid_request", "err.session.too_deep", depth=MAX_DEPTH)
    if isinstance(value, dict):
        for key, item in value.items():
            _check_depth(key, depth)
            _check_depth(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_depth(item, depth + 1)
    elif isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise MjcalcError.t("invalid_request", "err.session.surrogate") from None


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class DrawLine(_Line):
    """``{"event": "draw"}``: a drawn hand, maybe with the dice showing a double."""

    event: Literal["draw"]
    dice_double: StrictBool = False


class FalseWinLine(_Line):
    """``{"event": "false_win", "seat": "S"}``: Xingguo 诈胡."""

    event: Literal["false_win"]
    seat: Seat


class EscapeLine(_Line):
    """``{"event": "escape", "seat": "W", "ends": true}``: Shanghai 逃跑; ``ends`` is required,
    since whether the others pay their fee depends on it."""

    event: Literal["escape"]
    seat: Seat
    ends: StrictBool


EventLine = DrawLine | FalseWinLine | EscapeLine
EVENT_MODELS: dict[str, type[EventLine]] = {
    "draw": DrawLine,
    "false_win": FalseWinLine,
    "escape": EscapeLine,
}


def event_line(data: Mapping[str, Any], model: type[EventLine]) -> EventLine:
    """``data`` validated as an event line of that kind (``invalid_request`` otherwise)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        detail = describe_validation_error(exc)
        raise MjcalcError.t("invalid_request", "err.session.bad_event", detail=detail) from None
