"""Nanchang's command-line flags, as data (the command line makes options of them).

``--jing``, ``--jings``, ``--heavenly``, ``--earthly`` and ``--follow-dealer`` fill the same
request fields as Xingguo's flags of those names: where both rulesets are installed one option
is offered, its help naming both.
"""

from __future__ import annotations

from mjcalc.plugin import Flag

FLAGS: tuple[Flag, ...] = (
    Flag(
        "--jing",
        "jing",
        "text",
        (
            "nanchang: the indicator (正精; the next kind is 副精).",
            "南昌：翻出的精牌（正精，下一种为副精）。",
        ),
        metavar="TILE",
    ),
    Flag(
        "--jings",
        "jings",
        "seat_values",
        (
            "nanchang: 正精,副精 another seat holds at the end (hand and melds).",
            "南昌：其他某家终局时的正精数,副精数（手牌和副露）。",
        ),
        metavar="SEAT=Z,F",
        value="pair",
        value_error=(
            "expected SEAT=Z,F (正精 and 副精 counts, two whole numbers), got {text}",
            "应为 SEAT=Z,F（正精和副精的张数，两个整数），实际为 {text}",
        ),
    ),
    Flag(
        "--heavenly",
        "heavenly",
        "switch",
        ("nanchang: 天胡 (the dealer's dealt hand wins).", "南昌：天胡（庄家起手即胡）。"),
    ),
    Flag(
        "--earthly",
        "earthly",
        "switch",
        (
            "nanchang: 地胡 (won off the dealer's first discard).",
            "南昌：地胡（胡庄家打出的第一张牌）。",
        ),
    ),
    Flag(
        "--follow-dealer",
        "follow_dealer",
        "count",
        ("nanchang: 跟庄, 0 or 1.", "南昌：跟庄，0 或 1。"),
        metavar="N",
    ),
    Flag(
        "--opening-flip",
        "opening_flip",
        "text",
        (
            "nanchang: 上下翻精, the settlement tile and each seat's dealt copies of it and of"
            " the next kind: 'T SEAT=C,D ...'.",
            "南昌：上下翻精，翻出的结算牌及各家起手所持该牌和下一种牌的张数：'T SEAT=C,D ...'。",
        ),
        metavar="'T SEAT=C,D'",
    ),
)
