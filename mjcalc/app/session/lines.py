"""Session lines: raw text, bytes or dicts in, a JSON object or argument text out; event models;
the line marks a table reads.

A line is JSON (it starts with ``{``) or the arguments of ``mjcalc score`` (a hand line only);
blank lines and ``#`` comments are skipped. Lines are decoded by :mod:`mjcalc.app.lines`, exactly as
batch lines are, with the session's own nesting limit (:data:`mjcalc.app.lines.SESSION_DEPTH`: a
multiple win holds requests). Anything that cannot be decoded is an ``invalid_request`` error
for that line alone, never an exception that stops the session.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StringConstraints,
    ValidationError,
    create_model,
    model_validator,
)

from mjcalc.app.lines import SESSION_DEPTH, check_object, json_object, line_text
from mjcalc.errors import MjcalcError
from mjcalc.i18n import Bilingual
from mjcalc.models import Seat
from mjcalc.rules.carry import Carry
from mjcalc.rules.events import EventArg, SessionEvent
from mjcalc.rules.flags import Flag
from mjcalc.rules.registry import describe_validation_error

RawLine = str | bytes | Mapping[str, Any]
"""One line of a session: text, bytes (UTF-8) or an already decoded JSON object."""


def read_line(raw: RawLine) -> dict[str, Any] | str | None:
    """The line as a JSON object, as argument text, or ``None`` when blank or a comment.

    A dict is held to the same rules as a decoded line (nesting, lone surrogates); it is copied,
    so the replay never changes the caller's object.
    """
    if type(raw) is not bytes and isinstance(raw, Mapping):  # (a file's line: no ABC check)
        return check_object(dict(raw), SESSION_DEPTH)
    text = line_text(raw)
    if text is None or not text.startswith("{"):
        return text
    return json_object(text, SESSION_DEPTH)


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class DrawLine(_Line):
    """``{"event": "draw"}``: a drawn hand (it may also hold line marks: :class:`LineMarks`)."""

    event: Literal["draw"]


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


MAX_ADJUST = 1000
"""The largest amount one ``adjust`` line moves: more is a typing mistake, not a correction."""

Reason = Annotated[
    str, StringConstraints(min_length=1, max_length=80, pattern=r"^[^\x00-\x1f\x7f-\x9f]+$")
]


class AdjustLine(_Line):
    """``{"event": "adjust", "from": "S", "to": "E", "amount": 10, "reason": "..."}``: a
    correction or penalty agreed at the table, moved from one seat to another (zero-sum)."""

    event: Literal["adjust"]
    source: Seat = Field(alias="from")
    target: Seat = Field(alias="to")
    amount: int = Field(ge=1, le=MAX_ADJUST)
    reason: Reason | None = None

    @model_validator(mode="after")
    def _two_seats(self) -> AdjustLine:
        if self.source == self.target:
            raise ValueError("'from' and 'to' must be two different seats")
        return self


EventLine = FalseWinLine | EscapeLine | AdjustLine
EVENT_MODELS: dict[str, type[EventLine]] = {
    "false_win": FalseWinLine,
    "escape": EscapeLine,
    "adjust": AdjustLine,
}
"""The models of the events other than a drawn hand (whose model holds the line marks the table
knows: :meth:`LineMarks.draw`)."""

LineT = TypeVar("LineT", bound=BaseModel)


@cache
def own_event_model(event: SessionEvent[Any]) -> type[_Line]:
    """The JSON line of a ruleset's own event: its ``event`` name and each argument's field (a
    seat, or a strict whole number in the argument's range), nothing else: checked, and its
    errors worded, like mjcalc's own event lines."""
    fields: dict[str, Any] = {"event": (Literal[event.name], ...)}
    for arg in event.args:
        fields[arg.field] = (_arg_type(arg), ...)
    return create_model(f"{event.name.title().replace('_', '')}Line", __base__=_Line, **fields)


def _arg_type(arg: EventArg) -> Any:
    if arg.kind == "seat":
        return Seat
    return Annotated[int, Field(ge=arg.low, le=arg.high)]


def event_line(data: Mapping[str, Any], model: type[LineT]) -> LineT:
    """``data`` validated as an event line of that kind (``invalid_request`` otherwise)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        detail = describe_validation_error(exc)
        raise MjcalcError.from_key(
            "invalid_request", "err.session.bad_event", detail=detail
        ) from None


@cache
def _draw_model(fields: tuple[str, ...]) -> type[DrawLine]:
    """A drawn hand's line model with these marks, each true or false (false when left out): a
    model like the other events', so a bad value or an unknown field is described the same way."""
    if not fields:
        return DrawLine
    marks: dict[str, Any] = {name: (StrictBool, False) for name in fields}
    return create_model("DrawLine", __base__=DrawLine, **marks)


@dataclass(frozen=True)
class LineMarks:
    """The line marks a table reads (:func:`~mjcalc.rules.flags.mark`): its ruleset's own
    (``own``, its carry's), and those of the other installed rulesets (``others``), which it
    refuses by name rather than as unknown fields: a mark written for one ruleset is a mistake
    worth naming on another's table.

    A hand or multiple-win line gives its marks up before it is read (:meth:`take`), so the
    request never holds one; a drawn hand's line is read with them (:meth:`draw`).
    """

    rules: str  # the table's ruleset, as the header named it
    own: tuple[Flag, ...]
    others: tuple[Flag, ...]

    @classmethod
    def of(cls, rules: str, own: Carry | None, installed: Iterable[Carry]) -> LineMarks:
        """The marks of a table whose ruleset carries ``own``, beside those of the ``installed``
        rulesets' carries (each field once: a mark of the table's ruleset is its own)."""
        mine = () if own is None else own.marks
        seen = {mark.field for mark in mine}
        others: list[Flag] = []
        for carry in installed:
            for mark in carry.marks:
                if mark.field not in seen:
                    seen.add(mark.field)
                    others.append(mark)
        return cls(rules, mine, tuple(others))

    @property
    def switches(self) -> tuple[Flag, ...]:
        """Every mark an argument line may be written with (the others' to be refused)."""
        return self.own + self.others

    def _refuse(self, mark: Flag) -> MjcalcError:
        return MjcalcError.from_key(
            "invalid_request",
            "err.session.no_mark",
            rules=self.rules,
            subject=Bilingual(*(mark.subject or (mark.field, mark.field))),
            field=mark.field,
        )

    def take(self, data: dict[str, Any]) -> frozenset[str]:
        """Take the marks out of a hand or multiple-win line: the fields of those that are true.

        A mark of another ruleset is refused whatever its value, one of the table's when it is
        not ``true`` or ``false``.
        """
        for mark in self.others:
            if mark.field in data:
                raise self._refuse(mark)
        found: set[str] = set()
        for mark in self.own:
            if mark.field not in data:
                continue
            value = data.pop(mark.field)
            if not isinstance(value, bool):
                raise MjcalcError.from_key(
                    "invalid_request", "err.session.mark_bool", field=mark.field
                )
            if value:
                found.add(mark.field)
        return frozenset(found)

    def draw(self, data: Mapping[str, Any]) -> frozenset[str]:
        """A drawn hand's line checked (``invalid_request`` otherwise): the fields of its marks
        that are true. A mark of another ruleset is refused when true (false says nothing)."""
        fields = tuple(mark.field for mark in self.switches)
        line = event_line(data, _draw_model(fields))
        found = frozenset(name for name in fields if getattr(line, name))
        for mark in self.others:
            if mark.field in found:
                raise self._refuse(mark)
        return found

    def not_on_winner(self, index: int, request: Mapping[str, Any]) -> None:
        """A multiple win's marks belong to the line: a winner's hand holding one is refused."""
        for mark in self.own:
            if mark.field in request:
                raise MjcalcError.from_key(
                    "invalid_request", "err.session.winner_mark", index=index, field=mark.field
                )
