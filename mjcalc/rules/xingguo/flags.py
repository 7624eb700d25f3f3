"""Xingguo's command-line flags, as data (the command line makes options of them)."""

from __future__ import annotations

from mjcalc.plugin import Flag

FLAGS: tuple[Flag, ...] = (
    Flag(
        "--jing",
        "jing",
        "text",
        ("xingguo: the flipped tile (正精).", "兴国：翻出的那张牌（定正精）。"),
        metavar="TILE",
    ),
    Flag(
        "--jings",
        "jings",
        "seat_values",
        (
            "xingguo: 正精,副精 held by a seat. Repeatable.",
            "兴国：某家手里的正精数,副精数。可重复。",
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
        ("xingguo: 天胡 (dealer wins on the deal).", "兴国：天胡（庄家起手即胡）。"),
    ),
    Flag(
        "--earthly",
        "earthly",
        "switch",
        ("xingguo: 地胡 (non-dealer, first draw).", "兴国：地胡（闲家第一次摸牌即胡）。"),
    ),
    Flag(
        "--follow-dealer",
        "follow_dealer",
        "count",
        ("xingguo: rounds of 跟庄 (0-64).", "兴国：跟庄的圈数（0-64）。"),
        metavar="N",
    ),
    Flag(
        "--xianggong",
        "xianggong",
        "seat_values",
        (
            "xingguo: a seat is 相公 (big: too many tiles; small: too few).",
            "兴国：某家成了相公（big 大相公：牌多了；small 小相公：牌少了）。",
        ),
        metavar="SEAT=big|small",
    ),
)
