"""The JSON contract: the request fields every ruleset shares, and the result models.

Field names here are fixed by the contract. Requests forbid unknown fields so that a typo never
silently changes a score. Each ruleset's request model (in its own package) adds its own context
fields to :class:`Request`. The answers of ``mjcalc waits`` and ``mjcalc session --json`` are
described in :mod:`mjcalc.models.waits` and :mod:`mjcalc.models.session`, modules of their own
so that a ``score`` run never builds their models.

Unlike the other modules, this one does not defer its annotations (no ``from __future__ import
annotations``): Pydantic would read every field's type back from its text when each class is
made, on the path of every start-up.
"""

import json
from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    JsonValue,
    Strict,
    StrictBool,
)
from pydantic_core import core_schema

from mjcalc.errors import ErrorCode, MjcalcError
from mjcalc.hot_paths import has_line_break, trusted_from
from mjcalc.i18n import Bilingual
from mjcalc.seats import seat_alias


class _SeatAliases:
    """A seat field's validation: the letter itself, or the Chinese name (东/東 南 西 北)
    normalised to it — what ``BeforeValidator(seat_alias)`` before the letters did, with the
    same errors and the same JSON schema, but without a call into Python for a letter.

    Nearly every request gives its seats as letters, each one a Python call of the alias
    lookup before the letters were checked; now the letters are tried first, at C level, and
    only another value goes through :func:`~mjcalc.seats.seat_alias`. Any failure is the
    letters' own ``literal_error`` (the union's two failures are not shown), and the schema is
    the letters' (the alias path is not part of the contract's schema, as before).
    """

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        letters = handler(source)
        aliased = core_schema.no_info_before_validator_function(seat_alias, letters)
        return core_schema.custom_error_schema(
            core_schema.union_schema([letters, aliased], mode="left_to_right"),
            custom_error_type="literal_error",
            custom_error_context={"expected": "'E', 'S', 'W' or 'N'"},
            # written as the text it is: the union's writer would try its choices for every
            # seat of a result (a few dozen each, in its sections and payments)
            serialization=core_schema.simple_ser_schema("str"),
        )

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> dict[str, Any]:
        letters = schema["schema"]["choices"][0]
        return handler(letters)


# every seat field also takes the Chinese name (东/東 南 西 北), normalised to the letter
Seat = Annotated[Literal["E", "S", "W", "N"], _SeatAliases()]
SEATS: tuple[Seat, ...] = get_args(get_args(Seat)[0])
"""The seat letters in seat order, read from :data:`Seat` (the letters inside its annotation)."""

EventKind = Literal["hand", "multi_win", "draw", "false_win", "escape", "adjust"]
"""What a line of a sitting was: a session record's ``event``, and the lines a ruleset's table
takes (:class:`~mjcalc.rules.session.SessionRules`)."""
EVENT_KINDS: tuple[EventKind, ...] = get_args(EventKind)
"""Every kind, in the order of :data:`EventKind`: a new kind is added there alone."""


# --- limits (README "Limits"): no field can make a request expensive or the output huge -------
MAX_HAND = 256
"""Characters in ``hand``: 18 tiles, melds and 8 flowers in the longest spelling fit easily."""
MAX_TILE = 16
"""Characters in one tile field (``win_tile``, ``jing``, a kong's ``tile``): ``發財`` is 2."""
MAX_RULES = 4096
"""Characters in ``rules`` (a path)."""
MAX_COUNT = 64
"""``kaibao``, ``huangfan``, ``follow_dealer``: counts of rounds or hands, never near this."""
MAX_AMOUNT = 1000
"""Option amounts (scores, bonuses, 底分, 勒子, fees): at most 1000 points each."""
MAX_STAKE = 1000
"""``stake`` multiplies every amount: at most 1000."""
MAX_OPTIONS = 64
MAX_KEY = 64
"""Entries in ``options`` and characters of an option name."""
MAX_KONGS_PER_SEAT = 4

Count = Annotated[int, Strict(), Field(ge=0, le=MAX_COUNT)]
"""A small count: a JSON integer (never ``"3"``, ``2.0`` or ``true``) from 0 to 64."""
TileText = Annotated[str, Field(max_length=MAX_TILE)]


def bounded(
    low: int, high: int, default: int, description: str | None = None, *, session: bool = False
) -> Any:
    """A strict integer option or field from ``low`` to ``high`` (both included).

    ``session``: an option only ``mjcalc session`` uses; overriding it for one hand is warned
    about (:func:`mjcalc.app.results.no_effect_warnings`).
    """
    extra: dict[str, JsonValue] | None = {"session_only": True} if session else None
    return Field(
        default, ge=low, le=high, strict=True, description=description, json_schema_extra=extra
    )


def empty_list() -> list[Any]:
    """A new empty list, as a field's default. Not the builtin ``list`` itself: Pydantic reads a
    default factory's signature when it builds a validator, and a builtin's signature is parsed
    from its text: a cost on the path of every start-up."""
    return []


def empty_dict() -> dict[Any, Any]:
    """A new empty dict, as a field's default (a function, not ``dict``: see :func:`empty_list`)."""
    return {}


# defer_build: a model's validator and serializer are built when first used, not at import —
# a `score` run uses only its ruleset's request model and the result's serializer.
_LAZY = ConfigDict(defer_build=True)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


def rules_field(names: Sequence[str]) -> str:
    """The description of ``rules`` in the contract's schema: the rulesets' names, then a file.
    ``mjcalc schema request`` writes it with the installed rulesets' (:mod:`mjcalc.schema`)."""
    return "".join(f"`{name}`, " for name in names) + "or a path to a ruleset TOML file"


RULES_FIELD = rules_field(("xingguo", "shanghai"))
"""The description of ``rules`` in the models themselves: the bundled rulesets."""


class KongEvent(_Strict):
    """A kong made this hand by another seat (the winner's own kongs are in its hand)."""

    seat: Seat
    kind: Literal["concealed", "exposed", "added"]
    tile: TileText | None = None


class Request(_Strict):
    """One hand to score: the fields every ruleset shares."""

    NO_EFFECT: ClassVar[frozenset[str]] = frozenset()
    """Shared fields this ruleset ignores: given, they are scored with a warning, not refused."""

    rules: str = Field(
        description=RULES_FIELD,
        min_length=1,
        max_length=MAX_RULES,
    )
    hand: str = Field(
        description="the winner's final tiles, melds and flowers included", max_length=MAX_HAND
    )
    win_tile: TileText | None = Field(
        None, description="winning tile (default: last concealed tile)"
    )
    winner: Seat = "E"
    dealer: Seat = "E"
    discarder: Seat | None = Field(
        None, description="who discarded the winning tile; null = self-draw"
    )
    self_draw: StrictBool | None = Field(None, description="optional; must agree with `discarder`")
    after_kong: StrictBool = Field(False, description="won on a kong replacement tile (杠开)")
    robbing_kong: StrictBool = Field(
        False, description="won by robbing a kong; `discarder` made it"
    )
    kongs: list[KongEvent] = Field(
        default_factory=empty_list,
        max_length=3 * MAX_KONGS_PER_SEAT,
        description="at most 4 a seat",
    )
    options: dict[Annotated[str, Field(max_length=MAX_KEY)], Any] = Field(
        default_factory=empty_dict, max_length=MAX_OPTIONS, description="ruleset option overrides"
    )


class Named(BaseModel):
    """Something with a stable id and its Chinese and English names.

    Immutable (``frozen``), like the :class:`Item` built on it: a result's pattern and items are
    records of what was computed, and one instance may be shared by many results.
    """

    model_config = ConfigDict(defer_build=True, frozen=True)

    id: str
    zh: str
    en: str


def named(id: str, zh: str, en: str) -> Named:
    """A name of mjcalc's own (a pattern, a named hand), from its own values: not validated
    again. A ruleset builds each of its names once and shares it."""
    return trusted_from(Named, {"id": id, "zh": zh, "en": en})


class Item(Named):
    """One multiplier, fan or bonus applied, with its effect (``×2``, ``+5``, ``+1 fan``…).

    ``effect`` and ``detail`` are English; ``effect_zh`` and ``detail_zh`` say the same in
    Chinese (the ``--lang zh`` view), so JSON readers of either language find their words.
    """

    effect: str
    factor: int | None = None
    add: int | None = None
    fan: int | None = None
    count: int | None = None
    """How many times the item's name counts (two 幺九刻: ``count`` 2), when more than once."""
    seats: list[Seat] | None = None
    detail: str | None = None
    effect_zh: str | None = None
    detail_zh: str | None = None

    @classmethod
    def of(
        cls,
        id: str,
        zh: str,
        en: str,
        effect: Bilingual,
        detail: Bilingual | None = None,
        **fields: Any,
    ) -> "Item":
        """An item whose effect and detail come from the catalogue, in both languages.

        Built by mjcalc's own pricing, from its own values: not validated again (:func:`built`).
        Shared: the same few items (``×2`` self-draw, the dealer, the 德国 reward…) come back
        hand after hand, so each distinct one is built once and kept (items are immutable).
        """
        seats = fields.get("seats")
        if seats is not None:
            fields["seats"] = tuple(seats)  # the key's form; the item keeps a list
        key = (id, zh, en, effect, detail, *fields.items())
        item = _ITEMS.get(key)
        if item is not None:
            return item
        values: dict[str, Any] = {
            "id": id,
            "zh": zh,
            "en": en,
            "effect": effect.en,
            "effect_zh": effect.zh,
            "detail": detail.en if detail else None,
            "detail_zh": detail.zh if detail else None,
        }
        values.update(fields)
        if seats is not None:
            values["seats"] = list(seats)
        item = trusted_from(cls, values)
        if len(_ITEMS) >= _ITEMS_KEPT:
            _ITEMS.clear()  # a plain bound: the common items come straight back
        _ITEMS[key] = item
        return item


_ITEMS: dict[tuple[Any, ...], Item] = {}
_ITEMS_KEPT = 4096


class WildOut(BaseModel):
    """A wild tile of the hand and the tile it stood for (``null``: kept its face value)."""

    model_config = _LAZY

    tile: str
    stood_for: str | None


class ReadingOut(BaseModel):
    """The interpretation chosen: its shape, its groups in mpsz, and what each wild did."""

    model_config = _LAZY

    shape: str
    sets: list[str]
    wilds: list[WildOut] = Field(default_factory=empty_list)


class ErrorOut(BaseModel):
    """Why a hand was not scored: `message` in English, `message_zh` in Chinese when known."""

    model_config = _LAZY

    code: ErrorCode
    message: str
    message_zh: str | None = None
    column: int | None = None
    items: list[Item] | None = None
    """What the hand was found to have before it was refused (``below_minimum``: each fan)."""

    @classmethod
    def of(cls, exc: MjcalcError) -> "ErrorOut":
        """The error an exception reports: its code, messages, column and items."""
        items = [i for i in exc.items if isinstance(i, Item)] or None
        return cls(
            code=exc.code,
            message=exc.message,
            message_zh=exc.message_zh,
            column=exc.column,
            items=items,
        )


class Notice(BaseModel):
    """A warning about a request that was scored anyway (e.g. an option only sessions use)."""

    model_config = _LAZY

    message: str
    message_zh: str | None = None


class Result(BaseModel):
    """The outcome of scoring one hand. ``model_dump()`` is the contract's JSON object."""

    model_config = ConfigDict(serialize_by_alias=True, validate_by_name=True, defer_build=True)

    schema_version: int = Field(1, alias="schema")
    line: int | None = None
    ok: bool
    rules: str | None = None
    hand: str | None = None
    win_tile: str | None = None
    winner: Seat | None = None
    dealer: Seat | None = None
    discarder: Seat | None = None
    pattern: Named | None = None
    reading: ReadingOut | None = None
    items: list[Item] = Field(default_factory=empty_list)
    sections: dict[str, dict[Seat, int]] = Field(default_factory=empty_dict)
    payments: dict[Seat, int] = Field(default_factory=empty_dict)
    error: ErrorOut | None = None
    warnings: list[Notice] | None = None

    def to_json(self) -> str:
        """Compact JSON with unset (``None``) fields left out: ``line`` appears only in batch
        output, ``error`` only when not ok. A wild's ``stood_for`` stays even when null (it kept
        its face value), since there the null is the information."""
        empty = None if self.ok else _NOT_OK_EMPTY
        wilds = self.reading.wilds if self.reading is not None else ()
        # (most hands hold no wild: no generator started for them)
        if not wilds or all(w.stood_for is not None for w in wilds):
            # no null to keep: Pydantic's own writer gives the same text, much faster (error
            # results too), on the path of every hand written; called as model_dump_json calls
            # it. Outside the try: building it must not be hidden.
            write = self.__pydantic_serializer__.to_json
            try:
                return json_text(write(self, exclude=empty, exclude_none=True).decode())
            except ValueError:  # text Pydantic cannot encode (a lone surrogate): as below
                pass
        data = self.model_dump(mode="json", exclude=empty, exclude_none=True)
        reading = data.get("reading")
        if reading is not None:  # exclude_none dropped the nulls that carry information
            reading["wilds"] = [{"tile": w.tile, "stood_for": w.stood_for} for w in wilds]
        return json_text(_dumps(data))


_NOT_OK_EMPTY = {"items", "sections", "payments"}
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

_AS_ESCAPES = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}


def json_text(text: str) -> str:
    """JSON text (UTF-8, not ASCII-only) with U+0085, U+2028 and U+2029 written as ``\\u``
    escapes: valid JSON either way, but tools that split lines on them (JavaScript before
    ES2019, Python's ``str.splitlines``) would cut a JSON-lines record in two. They can only
    stand inside strings, where the escape means the same; one scan, nothing copied when absent
    (as in nearly every line: :func:`mjcalc.hot_paths.has_line_break`)."""
    if not has_line_break(text):
        return text
    return text.translate(_AS_ESCAPES)


def json_dumps(value: Any, **kwargs: Any) -> str:
    """``json.dumps`` as mjcalc writes JSON: UTF-8 text, line breaks escaped (:func:`json_text`)."""
    return json_text(json.dumps(value, ensure_ascii=False, **kwargs))
