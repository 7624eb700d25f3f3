"""Ruleset-independent hand analysis: decompositions, shapes, wild tiles and waits.

Pure functions of tiles; nothing here knows a ruleset by name. Rulesets describe what they
accept with :class:`ShapeRules` and score the :class:`Reading` objects this package finds.
"""

from typing import TYPE_CHECKING, Any

from mjcalc.engine.decompose import can_decompose, decompose
from mjcalc.engine.groups import ANY, Group, HonorSets, Reading, Shape, WildUse
from mjcalc.engine.readings import ShapeRules, counts_of, meld_group, readings
from mjcalc.engine.shapes import loose_honors, seven_pairs, thirteen_lan
from mjcalc.engine.waits import lone_wild_wait, single_wait_on_pair

if TYPE_CHECKING:
    from mjcalc.engine.shanten import COMPLETE, Target, completing_tiles, improving_tiles, shanten

_SHANTEN = frozenset({"COMPLETE", "Target", "completing_tiles", "improving_tiles", "shanten"})


def __getattr__(name: str) -> Any:
    """The shanten names, imported on first use: scoring a hand never needs them (start-up)."""
    if name in _SHANTEN:
        from mjcalc.engine import shanten as module

        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ANY",
    "COMPLETE",
    "Group",
    "HonorSets",
    "Reading",
    "Shape",
    "ShapeRules",
    "Target",
    "WildUse",
    "can_decompose",
    "completing_tiles",
    "counts_of",
    "decompose",
    "improving_tiles",
    "lone_wild_wait",
    "loose_honors",
    "meld_group",
    "readings",
    "seven_pairs",
    "shanten",
    "single_wait_on_pair",
    "thirteen_lan",
]
