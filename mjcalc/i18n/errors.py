"""Error messages (key → English, Chinese). Keys start with ``err.``."""

from __future__ import annotations

ERRORS: dict[str, tuple[str, str]] = {
    "err.internal": (
        "mjcalc failed on this hand ({kind}: {detail}); please report it with the request",
        "mjcalc 计算这手牌时出错（{kind}: {detail}）；请附上请求内容报告此问题",
    ),
}
