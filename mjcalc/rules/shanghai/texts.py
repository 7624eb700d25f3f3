"""The texts of this ruleset (key → English, Chinese), added to mjcalc's catalogue when it loads."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # session carries
    "session.shanghai.carried": (
        "开宝 {kaibao}, 黄番 {huangfan}",
        "开宝 {kaibao}，黄番 {huangfan}",
    ),
    "session.shanghai.draw_carry": (
        "drawn hand 黄 (pending 开宝 {kaibao}, 黄番 {huangfan})",
        "黄庄（待开宝 {kaibao}，黄番 {huangfan}）",
    ),
}
