"""Texts of reading an input line (:mod:`mjcalc.app.lines`): one set for batch and session lines.

Keys: ``err.line.*``. The same hostile line gets the same message whichever command reads it;
only the nesting limit named differs (a session line may nest deeper than a request).
"""

from __future__ import annotations

LINES: dict[str, tuple[str, str]] = {
    "err.line.not_a_line": (
        "a line is text: a JSON object or the arguments of mjcalc score",
        "每一行应是文本：JSON 对象或 mjcalc score 的参数",
    ),
    "err.line.too_long": (
        "the line is longer than {limit} bytes",
        "该行超过 {limit} 字节",
    ),
    "err.line.not_utf8": (
        "the line is not UTF-8 text (bad byte at offset {offset})",
        "这一行不是 UTF-8 文本（第 {offset} 字节有误）",
    ),
    "err.line.surrogate": (
        "the line holds a lone surrogate (\\u{point:04x}), which is not text",
        "该行含有孤立的代理码位（\\u{point:04x}），不是有效文本",
    ),
    "err.line.bad_json": ("bad JSON: {msg} (char {pos})", "JSON 格式错误（第 {pos} 个字符）"),
    "err.line.too_deep": (
        "bad JSON: nested more than {limit} levels deep, deeper than such a line can be",
        "JSON 有误：嵌套超过 {limit} 层，超过这种行可能的深度",
    ),
    "err.line.number_too_long": (
        "bad JSON: a number with too many digits",
        "JSON 有误：数字位数过多",
    ),
    "err.line.duplicate_key": (
        "bad JSON: the key '{name}' appears twice in one object",
        "JSON 有误：同一对象中键 '{name}' 出现了两次",
    ),
    "err.line.cannot_split": (
        "cannot split the line: {reason}",
        "无法拆分这一行的参数（引号未闭合？）",
    ),
}
"""key → (English, Chinese)."""
