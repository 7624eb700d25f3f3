"""Session lines: raw text, bytes or dicts in, a JSON object or argument text out; event models.

A line is JSON (it starts with ``{``) or the arguments of ``mjcalc score`` (a hand line only);
blank lines and ``#`` comments are skipped. Lines are decoded by :mod:`mjcalc.app.lines`, exactly as
batch lines are, with the session's own nesting limit (:data:`mjcalc.app.lines.SESSION_DEPTH`: a
multiple win holds requests). Anything that cannot be decoded is an ``invalid_request`` error
for that line alone, never an exception that stops the session.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictBool, ValidationError

from mjcalc.app.lines import SESSION_DEPTH, check_object, json_object, line_text
from mjcalc.errors import MjcalcError
from mjcalc.models import Seat
from mjcalc.rules.registry import describe_validation_error

RawLine = str | bytes | Mapping[str, Any]
"""One line of a session: text, bytes (UTF-8) or an already decoded JSON object."""


def read_line(raw: RawLine) -> dict[str, Any] | str | None:
    """The line as a JSON object, as argument text, or ``None`` when blank or a comment.

    A dict is held to the same rules as a decoded line (nesting, lone surrogates); it is copied,
    so the replay never changes the caller's object.
    """
    if isinstance(raw, Mapping):
        return check_object(dict(raw), SESSION_DEPTH)
    text = line_text(raw)
    if text is None or not text.startswith("{"):
        return text
    return json_object(text, SESSION_DEPTH)


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
