"""Shanghai's command-line flags, as data (the command line makes options of them)."""

from __future__ import annotations

from mjcalc.plugin import Flag

FLAGS: tuple[Flag, ...] = (
    Flag(
        "--flowers",
        "flowers",
        "count",
        (
            "shanghai: flowers held, when they are not written in the hand.",
            "上海：手里的花数（手牌里没写花时用）。",
        ),
        metavar="N",
        high=8,
    ),
    Flag(
        "--kaibao",
        "kaibao",
        "count",
        ("shanghai: pending 开宝 (dice doubles, 0-64).", "上海：待开的开宝（骰子对子，0-64）。"),
        metavar="N",
    ),
    Flag(
        "--huangfan",
        "huangfan",
        "count",
        (
            "shanghai: pending 黄番 (drawn hands since the last win, 0-64).",
            "上海：待算的黄番（上次胡牌以来的流局数，0-64）。",
        ),
        metavar="N",
    ),
    Flag(
        "--liable",
        "liable",
        "seats",
        ("shanghai: a seat liable under 承包. Repeatable.", "上海：负承包责任的座位。可重复。"),
        metavar="SEAT",
    ),
)
