"""Click's own messages in Chinese: Click's English message id → the Chinese text.

Click passes every message it prints through :mod:`gettext` (usage line, section headings, the
``[default: …]`` marks, every usage error). :mod:`mjcalc.cli.click_chinese` answers those calls
from this table when the command line is in Chinese. The keys are Click's message ids exactly as
they are in Click's source (``tests/cli/test_help_zh.py`` checks that each one is still there),
the fields in ``{braces}`` are Click's own. Loaded only when Chinese is chosen.
"""

from __future__ import annotations

CLICK_ZH: dict[str, str] = {
    # --- help pages -----------------------------------------------------------------------------
    "Usage:": "用法：",
    "Options": "选项",
    "Commands": "命令",
    "Positional arguments": "位置参数",
    "Show this message and exit.": "显示本帮助并退出。",
    "Show the version and exit.": "显示版本号并退出。",
    "%(prog)s, version %(version)s": "%(prog)s，版本 %(version)s",
    "env var: {var}": "环境变量：{var}",
    "default: {default}": "默认：{default}",
    "(dynamic)": "（动态）",
    "required": "必填",
    "deprecated": "已弃用",
    "Aborted!": "已中止！",
    # --- how a usage error is shown ---------------------------------------------------------------
    "Error: {message}": "错误：{message}",
    "Try '{command} {option}' for help.": "用 '{command} {option}' 查看帮助。",
    # --- usage errors -----------------------------------------------------------------------------
    "No such option {name!r}.": "没有选项 {name!r}。",
    "No such command {name!r}.": "没有命令 {name!r}。",
    "Missing command.": "缺少命令。",
    "Missing argument": "缺少参数",
    "Missing option": "缺少选项",
    "Missing parameter": "缺少参数",
    "Missing {param_type}": "缺少{param_type}",
    "Missing parameter: {param_name}": "缺少参数：{param_name}",
    "Invalid value: {message}": "值无效：{message}",
    "Invalid value for {param_hint}: {message}": "{param_hint} 的值无效：{message}",
    "Option {name!r} does not take a value.": "选项 {name!r} 不接受值。",
    "Argument {name!r} takes {nargs} values.": "参数 {name!r} 需要 {nargs} 个值。",
    "Invalid start character for option ({option})": "选项的起始字符无效（{option}）",
    "Value must be an iterable.": "值必须是可迭代的。",
    "Could not open file {filename!r}: {message}": "无法打开文件 {filename!r}：{message}",
    "unknown error": "未知错误",
    # --- values of a type -------------------------------------------------------------------------
    "{value!r} is not a valid {number_type}.": "{value!r} 不是有效的数。",
    "{value} is not in the range {range}.": "{value} 不在范围 {range} 内。",
    "{value!r} is not a valid UUID.": "{value!r} 不是有效的 UUID。",
    "Choose from:\n\t{choices}": "可选：\n\t{choices}",
    "file": "文件",
    "directory": "目录",
    "path": "路径",
    "{name} {filename!r} does not exist.": "{name} {filename!r} 不存在。",
    "{name} {filename!r} is a file.": "{name} {filename!r} 是文件。",
    "{name} {filename!r} is a directory.": "{name} {filename!r} 是目录。",
    "{name} {filename!r} is not readable.": "{name} {filename!r} 不可读。",
    "{name} {filename!r} is not writable.": "{name} {filename!r} 不可写。",
    "{name} {filename!r} is not executable.": "{name} {filename!r} 不可执行。",
}
"""Click's singular message ids → Chinese."""

CLICK_ZH_PLURAL: dict[str, str] = {
    # Chinese has one form: keyed by Click's singular id, used for singular and plural alike
    "Did you mean {possibility}?": "您是不是想写 {possibility}？",
    "Got unexpected extra argument ({args})": "多了参数（{args}）",
    "Option {name!r} requires an argument.": "选项 {name!r} 需要 {nargs} 个值。",
    "{value!r} is not {choice}.": "{value!r} 不是可选值之一：{choices}。",
    "Takes {nargs} values but 1 was given.": "需要 {nargs} 个值，实际给了 {len} 个。",
    "{len_type} values are required, but {len_value} was given.": (
        "需要 {len_type} 个值，实际给了 {len_value} 个。"
    ),
    "{value!r} does not match the format {format}.": "{value!r} 不符合格式 {formats}。",
}
"""Click's ``ngettext`` messages (by their singular id) → Chinese, one form for any count."""
