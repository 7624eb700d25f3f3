"""The command-line flags of 鸡胡, as data: mjcalc's command line makes an option of each.

Every command lists every installed ruleset's flags, so the help names the ruleset first, and
the option name must be one no other ruleset uses (a flag of the same name is offered once).
"""

from __future__ import annotations

from mjcalc.plugin import Flag

FLAGS: tuple[Flag, ...] = (
    Flag(
        "--round-wind",
        "round_wind",
        "seat",
        (
            "jihu: the round wind (圈风), E S W N or 东 南 西 北 (default E).",
            "鸡胡：圈风，E S W N 或 东 南 西 北（默认 E）。",
        ),
        metavar="WIND",
    ),
)
