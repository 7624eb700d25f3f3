"""The routes that need no session: scoring, waits, parsing as you type, the rulesets.

Each answer is the use case's own JSON text (``Result.to_json``, ``WaitsResult.to_json``, the
data of ``mjcalc rules --json``), so the API and the command line cannot drift apart. A body is
read the way ``mjcalc batch`` reads a JSON line (:mod:`mjcalc.app.lines`: the same size limit,
the same refusal of duplicate keys, deep nesting, huge numbers and lone surrogates); a body that
is not one JSON object is 422 with an error record, while a request that is an object but cannot
be scored is a result with ``ok`` false and status 200, as in a batch.

No file path is ever taken from a client: ``rules`` must name an installed ruleset (a path is
``unknown_rules``, unread), and the session file is the one the server was started with.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from mjcalc.app.lines import REQUEST_DEPTH, json_object, line_text
from mjcalc.app.results import error_result
from mjcalc.app.rules import ruleset_doc, rulesets_listing
from mjcalc.app.score import score
from mjcalc.app.waits import analyse
from mjcalc.app.waits import error_result as waits_error
from mjcalc.errors import MjcalcError
from mjcalc.models import MAX_HAND, json_dumps
from mjcalc.notation import format_hand, format_hand_unicode, parse_hand
from mjcalc.rules.carry import Carry
from mjcalc.rules.flags import Flag
from mjcalc.rules.options import option_help, session_only
from mjcalc.rules.plugins import Plugin, plugins, resolve
from mjcalc.rules.registry import example_name, known_names, load_rules
from mjcalc.web.guard import error_of, error_record, json_response, read_body

router = APIRouter(prefix="/api")


def example() -> str:
    """A request to show in a message: an installed ruleset's name and a hand."""
    return json.dumps({"rules": example_name(), "hand": "123m456p789s11z 234m"})


class BodyError(Exception):
    """A body that is not what the route takes: answered 422 with the error's record."""

    def __init__(self, error: MjcalcError) -> None:
        super().__init__(error.message)
        self.error = error

    def record(self) -> dict[str, Any]:
        return error_record(self.error)


def body_object(raw: bytes, shown: str | None = None) -> dict[str, Any]:
    """The body as one JSON object, read as a batch line is (:class:`BodyError` otherwise)."""
    try:
        text = line_text(raw)
        if text is None or not text.startswith("{"):
            shown = shown or example()
            raise MjcalcError.from_key("invalid_request", "web.not_json_object", example=shown)
        return json_object(text, REQUEST_DEPTH)
    except MjcalcError as exc:
        raise BodyError(exc) from None


def text_field(data: dict[str, Any], field: str, example: str) -> str:
    """The text field ``field`` of a body (:class:`BodyError` when it is missing or not text)."""
    value = data.get(field)
    if not isinstance(value, str):
        raise BodyError(
            MjcalcError.from_key("invalid_request", "web.field", field=field, example=example)
        )
    return value


def named_rules(rules: object) -> MjcalcError | None:
    """``unknown_rules`` when ``rules`` (a request's field) is text that names no installed
    ruleset (a path, a typo): the server never opens a file a client names."""
    if isinstance(rules, str) and rules not in plugins():
        return MjcalcError.from_key(
            "unknown_rules", "web.rules_name", name=rules, known=known_names()
        )
    return None


def scored_json(data: dict[str, Any]) -> str:
    """The result of one request, as ``mjcalc score --json`` writes it."""
    refused = named_rules(data.get("rules"))
    result = error_result(refused, data) if refused else score(data)
    return result.to_json()


def waits_json(data: dict[str, Any]) -> str:
    """The answer of ``mjcalc waits --json`` for one request."""
    refused = named_rules(data.get("rules"))
    if refused is not None:
        hand = data.get("hand")  # the refused name is not repeated; a hand within the limit is
        shown = hand if isinstance(hand, str) and len(hand) <= MAX_HAND else None
        return waits_error(refused, {"hand": shown}).to_json()
    return analyse(data).to_json()


def parsed(hand: str) -> dict[str, Any]:
    """The hand as typed, parsed: its canonical form and glyphs, or the error with its column."""
    try:
        if len(hand) > MAX_HAND:
            raise MjcalcError.from_key("invalid_request", "web.hand_too_long", limit=MAX_HAND)
        found = parse_hand(hand)
    except MjcalcError as exc:
        return {"ok": False, "error": error_of(exc)}
    return {
        "ok": True,
        "hand": format_hand(found),
        "glyphs": format_hand_unicode(found),
        "tiles": len(found.all_tiles),
        "kongs": len(found.kongs),
        "flowers": len(found.flowers),
    }


@router.post("/score", summary="Score one hand (a request → its result)")
async def score_route(request: Request) -> Response:
    data = body_object(await read_body(request))
    return json_response(await run_in_threadpool(scored_json, data))


@router.post("/waits", summary="What a hand waits on, or what to discard")
async def waits_route(request: Request) -> Response:
    data = body_object(await read_body(request))
    return json_response(await run_in_threadpool(waits_json, data))


@router.post("/parse", summary="Parse hand notation as it is typed")
async def parse_route(request: Request) -> Response:
    example = '{"hand": "123m456p789s11z 234m"}'
    hand = text_field(body_object(await read_body(request), example), "hand", example)
    return json_response(await run_in_threadpool(parsed, hand))


@router.get("/rules", summary="The installed rulesets (as `mjcalc rules --json`)")
async def rules_route() -> Response:
    listing = await run_in_threadpool(rulesets_listing)
    return json_response(json_dumps(listing))


@router.get("/rules/{name}", summary="One ruleset's options and tables (`mjcalc rules NAME`)")
async def ruleset_route(name: str) -> Response:
    refused = named_rules(name)
    if refused is not None:
        return json_response(error_record(refused), 404)
    try:
        doc = await run_in_threadpool(ruleset_doc, name)
    except MjcalcError as exc:  # an installed plug-in that cannot load: say why
        return json_response(error_record(exc), 404)
    return json_response(asdict(doc))


def flag_data(flag: Flag) -> dict[str, Any]:
    """One flag as the page draws its control: the field, its kind, help in both languages,
    what it is written with (``metavar``, ``low``/``high``, how a ``seat_values`` value reads)."""
    return {
        "option": flag.option,
        "field": flag.field,
        "kind": flag.kind,
        "help": list(flag.help),
        "metavar": flag.metavar,
        "low": flag.low,
        "high": flag.high,
        "value": flag.value,
    }


def sitting_data(plugin: Plugin) -> dict[str, Any]:
    """What the page needs of a ruleset beyond its flags. What a sitting of it does with a hand
    besides scoring it: the request fields it
    supplies from what it carries (``carried``, e.g. 开宝 and 黄番), the line marks a hand or
    drawn hand may hold (``marks``, each with what it adds to the counts a win is scored with),
    the lines its table takes (``events``), the shared request fields it ignores
    (``ignored``: the page offers no control for them), the request fields a sitting supplies
    to each hand (``supplied``, Guobiao's prevalent wind: no control while a sitting is followed),
    and the options only a sitting uses
    that are a whole number (``options``: what a new sitting's form offers, e.g. Shanghai's
    fee), and the table's word for a false win (``false_win_name``: 诈胡, Guobiao's 错和). Empty
    for a ruleset that cannot load."""
    carried: list[str] = []
    marks: list[dict[str, Any]] = []
    events: list[str] = []
    ignored: list[str] = []
    supplied: list[str] = []
    options: list[dict[str, Any]] = []
    false_win = "诈胡"
    with contextlib.suppress(Exception):  # a broken plug-in: no sitting data, the rest stands
        carry: Carry | None = resolve(plugin.carry) if plugin.carry else None
        if carry is not None:
            carried = list(carry.fields)
            zero = carry.zero()
            for flag in carry.marks:
                won = carry.on_win(zero, frozenset({flag.field}))
                adds = {f: b - a for f, a, b in zip(carry.fields, zero, won, strict=True) if b != a}
                marks.append({**flag_data(flag), "adds": adds})
        loaded = load_rules(plugin.name)
        ruleset = loaded.ruleset
        ignored = sorted(ruleset.request_model.NO_EFFECT)
        rules = ruleset.session_rules()
        if rules is not None:
            events = sorted(rules.events)
            false_win = rules.false_win_name
            if rules.hand_fields is not None:
                supplied = sorted(rules.hand_fields(1))
        options = session_options(loaded.options())
    return {
        "carried": carried,
        "marks": marks,
        "events": events,
        "ignored": ignored,
        "supplied": supplied,
        "options": options,
        "false_win_name": false_win,
    }


def session_options(values: BaseModel) -> list[dict[str, Any]]:
    """The whole-number options of ``values`` that only a sitting uses, each with its value
    (the ruleset file's), its help in both languages and its bounds: ``{"name", "value",
    "help", "low", "high"}``."""
    out = []
    for name, field in type(values).model_fields.items():
        value = getattr(values, name)
        if not session_only(field) or not isinstance(value, int) or isinstance(value, bool):
            continue
        bounds = {
            key: getattr(rule, key)
            for rule in field.metadata
            for key in ("ge", "le")
            if getattr(rule, key, None) is not None
        }
        if len(bounds) < 2:
            continue
        en, zh = option_help(field)
        help_pair = [en, zh or en]
        out.append(
            {
                "name": name,
                "value": value,
                "help": help_pair,
                "low": bounds["ge"],
                "high": bounds["le"],
            }
        )
    return out


def flags_data() -> dict[str, Any]:
    """Each installed ruleset's title, its own request fields and its sitting's data."""
    out = {}
    for name, plugin in plugins().items():  # the plug-ins' own order: mjcalc's first
        flags = [flag_data(f) for f in plugin.flags]
        out[name] = {"title": list(plugin.title), "flags": flags, **sitting_data(plugin)}
    return out


@router.get("/flags", summary="Each installed ruleset's own request fields, for the page")
async def flags_route() -> Response:
    return json_response(await run_in_threadpool(flags_data))
