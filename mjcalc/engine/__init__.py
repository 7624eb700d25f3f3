"""Ruleset-independent hand analysis: decompositions, shapes, wild tiles and waits.

Pure functions of tiles; nothing here knows a ruleset by name. Rulesets describe what they
accept with :class:`ShapeRules` and score the :class:`Reading` objects this package finds.
"""

from mjcalc.engine.arrange import (
    Arrangement,
    Part,
    arrangements,
    is_complete,
    only_wait,
    pairs_only,
    shape_waits,
)
from mjcalc.engine.decompose import can_decompose, decompose
from mjcalc.engine.distinct import DistinctReading, distinct_readings
from mjcalc.engine.groups import ANY, Group, HonorSets, Reading, Shape, WildUse
from mjcalc.engine.knitted import (
    KNITTED_STRAIGHTS,
    honors_and_knitted,
    knitted_straight,
    thirteen_orphans,
)
from mjcalc.engine.readings import ShapeRules, counts_of, meld_group, readings
from mjcalc.engine.shapes import loose_honors, seven_pairs, thirteen_lan
from mjcalc.engine.waits import lone_wild_wait, single_wait_on_pair

# Shanten and waits (``COMPLETE``, ``Target``, ``shanten``, ``completing_tiles``,
# ``improving_tiles``) are imported from :mod:`mjcalc.engine.shanten` itself: only
# ``mjcalc waits`` needs them, and scoring a hand should not pay for loading them (start-up).

__all__ = [
    "ANY",
    "KNITTED_STRAIGHTS",
    "Arrangement",
    "DistinctReading",
    "Group",
    "HonorSets",
    "Part",
    "Reading",
    "Shape",
    "ShapeRules",
    "WildUse",
    "arrangements",
    "can_decompose",
    "counts_of",
    "decompose",
    "distinct_readings",
    "honors_and_knitted",
    "is_complete",
    "knitted_straight",
    "lone_wild_wait",
    "loose_honors",
    "meld_group",
    "only_wait",
    "pairs_only",
    "readings",
    "seven_pairs",
    "shape_waits",
    "single_wait_on_pair",
    "thirteen_lan",
    "thirteen_orphans",
]
