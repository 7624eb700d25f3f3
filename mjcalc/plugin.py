"""What a ruleset plug-in imports from mjcalc, in one place: the names kept stable for it.

A ruleset package written outside mjcalc imports only from here, so that mjcalc may move its own
modules without breaking it (``docs/plugins.md`` writes one from start to finish)::

    from mjcalc.plugin import Flag, Plugin                  # light: the package's __init__
    from mjcalc.plugin import Context, Ruleset, Scored      # the evaluator's module

Each name is imported when it is first asked for, so the light ones (:class:`Plugin`,
:class:`Flag`, :func:`mark`, :func:`bundled_dir`) cost a plug-in's declaration
nothing more than their own small modules: the command line reads every plug-in's flags at
start-up, before anything heavy is imported.

The surface is deliberate, and mjcalc's own rulesets (``mjcalc/rules/xingguo``,
``mjcalc/rules/shanghai``) import from mjcalc nothing else, so what a ruleset needs is here by
construction. Its groups: declaring the plug-in; the evaluator's contract; options; session
hooks; models (the request and the result's pieces); the ledger; tiles and hands; the engine;
texts.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names below, for type checkers (at run time: __getattr__)
    from mjcalc.engine import (
        DistinctReading,
        HonorSets,
        Part,
        Reading,
        ShapeRules,
        arrangements,
        distinct_readings,
        honors_and_knitted,
        knitted_straight,
        lone_wild_wait,
        only_wait,
        pairs_only,
        readings,
        shape_waits,
        single_wait_on_pair,
        thirteen_orphans,
    )
    from mjcalc.engine.shanten import Target
    from mjcalc.errors import MjcalcError
    from mjcalc.hand import Hand, Meld
    from mjcalc.i18n import Bilingual, add_texts, bilingual, same, seat, text
    from mjcalc.models import (
        MAX_AMOUNT,
        MAX_COUNT,
        MAX_STAKE,
        SEATS,
        Count,
        Item,
        Named,
        Request,
        Seat,
        TileText,
        bounded,
        empty_dict,
        empty_list,
        named,
    )
    from mjcalc.notation import format_tile, parse_hand, parse_tile
    from mjcalc.rules.base import (
        KONG_NAMES,
        Context,
        KongKind,
        KongMade,
        Ruleset,
        Scored,
        Table,
        WaitRules,
    )
    from mjcalc.rules.carry import Carry, Counts
    from mjcalc.rules.events import EventArg, SessionEvent
    from mjcalc.rules.flags import Flag, mark
    from mjcalc.rules.jing import (
        CHONGGUAN_FROM,
        NO_JING,
        Jing,
        JingHeld,
        chongguan,
        next_kind,
        nobody_holds,
    )
    from mjcalc.rules.ledger import Ledger, Section, collected, next_seat, others, total
    from mjcalc.rules.options import bounded_option, option
    from mjcalc.rules.plugins import Plugin, bundled_dir
    from mjcalc.rules.session import DrawnHand, RankLevel, SessionRules
    from mjcalc.tiles import (
        DRAGONS,
        EAST,
        FLOWERS,
        GREEN,
        HONORS,
        N_KINDS,
        NORTH,
        RED,
        SOUTH,
        WEST,
        WHITE,
        WINDS,
        Tile,
        code,
        en_name,
        is_dragon,
        is_flower,
        is_honor,
        is_suited,
        is_wind,
        rank_of,
        suit_of,
        zh_name,
    )
    from mjcalc.validate import HandPolicy, count_is_right, validate_hand

_WHERE: dict[str, str] = {
    # declaring the plug-in: light, the command line reads every plug-in's declaration at start-up
    "Plugin": "mjcalc.rules.plugins",
    "bundled_dir": "mjcalc.rules.plugins",
    "Flag": "mjcalc.rules.flags",
    "mark": "mjcalc.rules.flags",
    "Carry": "mjcalc.rules.carry",
    "Counts": "mjcalc.rules.carry",
    # the evaluator's contract: what a ruleset provides, receives and returns
    "Context": "mjcalc.rules.base",
    "KongMade": "mjcalc.rules.base",
    "KongKind": "mjcalc.rules.base",
    "KONG_NAMES": "mjcalc.rules.base",
    "Ruleset": "mjcalc.rules.base",
    "Scored": "mjcalc.rules.base",
    "Table": "mjcalc.rules.base",
    "WaitRules": "mjcalc.rules.base",
    "HandPolicy": "mjcalc.validate",
    "count_is_right": "mjcalc.validate",
    "validate_hand": "mjcalc.validate",
    "MjcalcError": "mjcalc.errors",
    # options: each one's default and meaning in both languages, in one place
    "option": "mjcalc.rules.options",
    "bounded_option": "mjcalc.rules.options",
    # session hooks: the ruleset's rules across hands
    "SessionRules": "mjcalc.rules.session",
    "RankLevel": "mjcalc.rules.session",
    "DrawnHand": "mjcalc.rules.session",
    "SessionEvent": "mjcalc.rules.events",
    "EventArg": "mjcalc.rules.events",
    # models: the request and the result's pieces
    "Request": "mjcalc.models",
    "Seat": "mjcalc.models",
    "SEATS": "mjcalc.models",
    "Count": "mjcalc.models",
    "TileText": "mjcalc.models",
    "Item": "mjcalc.models",
    "Named": "mjcalc.models",
    "named": "mjcalc.models",
    "bounded": "mjcalc.models",
    "empty_dict": "mjcalc.models",
    "empty_list": "mjcalc.models",
    "MAX_AMOUNT": "mjcalc.models",
    "MAX_COUNT": "mjcalc.models",
    "MAX_STAKE": "mjcalc.models",
    # ledger: settling, seat by seat
    "Ledger": "mjcalc.rules.ledger",
    "Section": "mjcalc.rules.ledger",
    "collected": "mjcalc.rules.ledger",
    "next_seat": "mjcalc.rules.ledger",
    "others": "mjcalc.rules.ledger",
    "total": "mjcalc.rules.ledger",
    # jing: wild tiles named by a tile turned up after the deal (the Jiangxi rulesets)
    "Jing": "mjcalc.rules.jing",
    "JingHeld": "mjcalc.rules.jing",
    "NO_JING": "mjcalc.rules.jing",
    "CHONGGUAN_FROM": "mjcalc.rules.jing",
    "chongguan": "mjcalc.rules.jing",
    "next_kind": "mjcalc.rules.jing",
    "nobody_holds": "mjcalc.rules.jing",
    # tiles and hands
    "Hand": "mjcalc.hand",
    "Meld": "mjcalc.hand",
    "Tile": "mjcalc.tiles",
    "N_KINDS": "mjcalc.tiles",
    "EAST": "mjcalc.tiles",
    "SOUTH": "mjcalc.tiles",
    "WEST": "mjcalc.tiles",
    "NORTH": "mjcalc.tiles",
    "WINDS": "mjcalc.tiles",
    "RED": "mjcalc.tiles",
    "GREEN": "mjcalc.tiles",
    "WHITE": "mjcalc.tiles",
    "DRAGONS": "mjcalc.tiles",
    "HONORS": "mjcalc.tiles",
    "FLOWERS": "mjcalc.tiles",
    "is_suited": "mjcalc.tiles",
    "is_honor": "mjcalc.tiles",
    "is_wind": "mjcalc.tiles",
    "is_dragon": "mjcalc.tiles",
    "is_flower": "mjcalc.tiles",
    "suit_of": "mjcalc.tiles",
    "rank_of": "mjcalc.tiles",
    "code": "mjcalc.tiles",
    "zh_name": "mjcalc.tiles",
    "en_name": "mjcalc.tiles",
    "parse_hand": "mjcalc.notation",
    "parse_tile": "mjcalc.notation",
    "format_tile": "mjcalc.notation",
    # engine: the readings of a hand, and the waits' shapes
    "readings": "mjcalc.engine",
    "Reading": "mjcalc.engine",
    "ShapeRules": "mjcalc.engine",
    "HonorSets": "mjcalc.engine",
    "distinct_readings": "mjcalc.engine",
    "DistinctReading": "mjcalc.engine",
    "lone_wild_wait": "mjcalc.engine",
    "single_wait_on_pair": "mjcalc.engine",
    "Target": "mjcalc.engine.shanten",
    # engine: the arrangements of a hand into sets, and the knitted shapes (Guobiao's)
    "Part": "mjcalc.engine",
    "arrangements": "mjcalc.engine",
    "shape_waits": "mjcalc.engine",
    "only_wait": "mjcalc.engine",
    "pairs_only": "mjcalc.engine",
    "knitted_straight": "mjcalc.engine",
    "honors_and_knitted": "mjcalc.engine",
    "thirteen_orphans": "mjcalc.engine",
    # texts: both languages, by catalogue key
    "Bilingual": "mjcalc.i18n",
    "bilingual": "mjcalc.i18n",
    "same": "mjcalc.i18n",
    "text": "mjcalc.i18n",
    "seat": "mjcalc.i18n",
    "add_texts": "mjcalc.i18n",
}
"""Where each name of :data:`__all__` lives: mjcalc may move it, a plug-in never notices."""

__all__ = [
    "CHONGGUAN_FROM",
    "DRAGONS",
    "EAST",
    "FLOWERS",
    "GREEN",
    "HONORS",
    "KONG_NAMES",
    "MAX_AMOUNT",
    "MAX_COUNT",
    "MAX_STAKE",
    "NORTH",
    "NO_JING",
    "N_KINDS",
    "RED",
    "SEATS",
    "SOUTH",
    "WEST",
    "WHITE",
    "WINDS",
    "Bilingual",
    "Carry",
    "Context",
    "Count",
    "Counts",
    "DistinctReading",
    "DrawnHand",
    "EventArg",
    "Flag",
    "Hand",
    "HandPolicy",
    "HonorSets",
    "Item",
    "Jing",
    "JingHeld",
    "KongKind",
    "KongMade",
    "Ledger",
    "Meld",
    "MjcalcError",
    "Named",
    "Part",
    "Plugin",
    "RankLevel",
    "Reading",
    "Request",
    "Ruleset",
    "Scored",
    "Seat",
    "Section",
    "SessionEvent",
    "SessionRules",
    "ShapeRules",
    "Table",
    "Target",
    "Tile",
    "TileText",
    "WaitRules",
    "add_texts",
    "arrangements",
    "bilingual",
    "bounded",
    "bounded_option",
    "bundled_dir",
    "chongguan",
    "code",
    "collected",
    "count_is_right",
    "distinct_readings",
    "empty_dict",
    "empty_list",
    "en_name",
    "format_tile",
    "honors_and_knitted",
    "is_dragon",
    "is_flower",
    "is_honor",
    "is_suited",
    "is_wind",
    "knitted_straight",
    "lone_wild_wait",
    "mark",
    "named",
    "next_kind",
    "next_seat",
    "nobody_holds",
    "only_wait",
    "option",
    "others",
    "pairs_only",
    "parse_hand",
    "parse_tile",
    "rank_of",
    "readings",
    "same",
    "seat",
    "shape_waits",
    "single_wait_on_pair",
    "suit_of",
    "text",
    "thirteen_orphans",
    "total",
    "validate_hand",
    "zh_name",
]


def __getattr__(name: str) -> Any:
    """A name of :data:`__all__`, its module imported now (and the name kept here)."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
