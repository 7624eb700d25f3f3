"""Guobiao's command-line flags, as data (the command line makes options of them).

``--after-kong`` (杠上开花) and ``--rob-kong`` (抢杠和) are mjcalc's own, shared by every ruleset:
they fill the request's ``after_kong`` and ``robbing_kong``.
"""

from __future__ import annotations

from mjcalc.plugin import Flag

FLAGS: tuple[Flag, ...] = (
    Flag(
        "--prevalent",
        "prevalent",
        "seat",
        (
            "guobiao: the prevalent wind 圈风 (E S W N, default E; a sitting derives it).",
            "国标：圈风（E S W N，默认东；牌局记录里自动推出）。",
        ),
        metavar="WIND",
    ),
    Flag(
        "--last-tile-of-wall",
        "last_tile_of_wall",
        "switch",
        (
            "guobiao: won on the wall's last tile (妙手回春 self-drawn, 海底捞月 off a discard).",
            "国标：胡最后一张牌（自摸为妙手回春，胡别人打出的为海底捞月）。",
        ),
    ),
    Flag(
        "--last-of-kind",
        "last_of_kind",
        "switch",
        (
            "guobiao: 和绝张, the winning tile is the last of its kind (the other three shown).",
            "国标：和绝张，胡的是桌面上已亮明三张之后的第四张。",
        ),
    ),
)
