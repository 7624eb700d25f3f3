"""JSON Schema (draft 2020-12) of the contract, generated from the Pydantic models.

Generated, never written by hand, so the schema cannot drift from what :func:`mjcalc.score`
accepts and returns. ``mjcalc schema request`` / ``mjcalc schema result`` print these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

from mjcalc.errors import MjcalcError
from mjcalc.models import Request, Result, rules_field
from mjcalc.rules.events import SessionEvent
from mjcalc.rules.plugins import plugins
from mjcalc.rules.registry import load_rules, ruleset_by_name

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def request_models() -> list[type[Request]]:
    """The request model of each installed ruleset (mjcalc's own first): a request must match
    one of them. A broken plug-in's is left out."""
    return list(dict.fromkeys(model for _name, model in _usable()))  # two may share one model


def _usable() -> list[tuple[str, type[Request]]]:
    """Each installed ruleset that loads, by name, with its request model."""
    found: list[tuple[str, type[Request]]] = []
    for name in plugins():
        try:
            load_rules(name)  # its own TOML file too: one that does not load is broken
            model = ruleset_by_name(name).request_model
            model.model_json_schema(by_alias=True)  # one whose schema fails is a broken plug-in
        except MjcalcError as exc:
            if exc.code != "plugin_error":
                raise
            continue  # a broken plug-in: the schema is as if it were not installed
        except Exception:  # its model's own failure: said when its ruleset is used
            continue
        found.append((name, model))
    return found


def json_schema(which: Literal["request", "result", "waits", "session"] | str) -> dict[str, Any]:
    """``request``: any bundled ruleset's request (``anyOf``); ``result``: the result object;
    ``waits``: the answer of ``mjcalc waits`` (its request is a ``request`` less the fields
    about the winning tile); ``session``: any object ``mjcalc session --json`` writes (a record,
    a bad line's record, the summary)."""
    if which == "result":
        body = Result.model_json_schema(by_alias=True, mode="serialization")
    elif which == "waits":
        from mjcalc.models.waits import WaitsResult

        body = WaitsResult.model_json_schema(by_alias=True, mode="serialization")
    elif which == "request":
        body = request_schema()
    elif which == "session":
        body = session_schema()
    else:
        raise ValueError(f"no schema named {which!r} (use request, result, waits or session)")
    return {"$schema": DIALECT, **body}


def request_schema() -> dict[str, Any]:
    """One schema accepting the request of any installed ruleset, each under ``$defs``; its
    ``rules`` field names the installed rulesets, a third party's with the bundled ones."""
    usable = _usable()
    models = list(dict.fromkeys(model for _name, model in usable))
    top = _any_of(
        models,
        "validation",
        title="mjcalc request",
        description="One hand to score: the request object of one ruleset (docs/json.md).",
    )
    described = rules_field([name for name, _model in usable])
    for model in models:
        rules = top["$defs"][model.__name__].get("properties", {}).get("rules")
        if isinstance(rules, dict):
            rules["description"] = described
    return top


def session_schema() -> dict[str, Any]:
    """One schema accepting each object of ``mjcalc session --json``: a record, a bad line's
    record or the summary, each under ``$defs``."""
    from mjcalc.models.session import session_output

    return _any_of(
        session_output(_own_events()),
        "serialization",
        by_alias=True,
        title="mjcalc session output",
        description="One line of mjcalc session --json: a line's record, or the summary.",
    )


def _own_events() -> list[SessionEvent[Any]]:
    """The session lines of the installed rulesets' own, in their order (a ruleset whose session
    rules do not load has none here: it says why when a sitting uses it)."""
    found: list[SessionEvent[Any]] = []
    for name, _model in _usable():
        try:
            rules = ruleset_by_name(name).session_rules()
        except Exception:
            continue
        if rules is not None:
            found.extend(rules.own_events)
    return found


def _any_of(
    models: Sequence[type[BaseModel]],
    mode: JsonSchemaMode,
    *,
    title: str,
    description: str,
    by_alias: bool | None = None,
) -> dict[str, Any]:
    """One schema matching any of ``models``, each under ``$defs`` (``anyOf`` their references)."""
    _, top = models_json_schema(
        [(model, mode) for model in models],
        by_alias=by_alias,
        title=title,
        description=description,
    )
    top["anyOf"] = [{"$ref": f"#/$defs/{model.__name__}"} for model in models]
    return top
