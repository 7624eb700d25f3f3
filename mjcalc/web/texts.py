"""The server's own messages, in English and Chinese.

Kept here rather than in mjcalc's own catalogue modules (:mod:`mjcalc.i18n`): nothing outside
``mjcalc serve`` says them. The modules that say them add them to the catalogue
(:func:`mjcalc.i18n.add_texts`), as a ruleset adds its own, and say them as the core does
(:func:`mjcalc.i18n.text`, :meth:`mjcalc.errors.MjcalcError.t`): every error the server makes
carries both languages (``message`` and ``message_zh``).
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "web.unauthorized": (
        "this server needs its token: open the URL it printed, or send Authorization: Bearer TOKEN",
        "这个服务需要令牌：请打开它打印的网址，或发送 Authorization: Bearer TOKEN",
    ),
    "web.too_large": (
        "the request body is over {limit} bytes",
        "请求内容超过 {limit} 字节",
    ),
    "web.hand_too_long": (
        "the hand is over {limit} characters",
        "手牌超过 {limit} 个字符",
    ),
    "web.not_json_object": (
        "the body must be one JSON object, e.g. {example}",
        "请求内容必须是一个 JSON 对象，例如 {example}",
    ),
    "web.field": (
        "the body needs the text field '{field}', e.g. {example}",
        "请求内容需要文本字段 '{field}'，例如 {example}",
    ),
    "web.rules_name": (
        "the server scores with its installed rulesets only, by name: '{name}' is not one"
        " (known: {known})",
        "服务只按名称使用已安装的规则：'{name}' 不在其中（现有：{known}）",
    ),
    "web.no_session": (
        "this server was started without --session FILE",
        "这个服务启动时没有指定 --session FILE",
    ),
    "web.no_sitting": (
        "this server has no sitting '{id}' (GET /api/sittings lists them)",
        "这个服务没有对局 '{id}'（GET /api/sittings 可列出所有对局）",
    ),
    "web.no_directory": (
        "this server was started without --dir DIR: it cannot start a sitting",
        "这个服务启动时没有指定 --dir DIR：不能新建对局",
    ),
    "web.sitting_exists": (
        "the sitting '{id}' exists already: choose another id, or leave it out",
        "对局 '{id}' 已经存在：请换一个 id，或不写 id",
    ),
    "web.bad_id": (
        "a sitting's id is 1 to 64 lower-case letters, digits and hyphens (e.g."
        " 2026-12-07-table-2), not {got}",
        "对局 id 须是 1 到 64 个小写字母、数字和连字符（例如 2026-12-07-table-2），不能是 {got}",
    ),
    "web.line_number": (
        "'{field}' must be a line number (1, 2, …), not {got}",
        "'{field}' 必须是行号（1、2……），不能是 {got}",
    ),
    "web.new_field": (
        "'{field}' must be {kind}",
        "'{field}' 的格式不对：应为 {kind}",
    ),
    "web.new_unknown": (
        "a new sitting takes rules, names, dealer, options, balances, points and id; not {fields}",
        "新建对局只接受 rules、names、dealer、options、balances、points 和 id；不接受 {fields}",
    ),
    "web.session_unreadable": (
        "the session file cannot be read: {reason}",
        "无法读取对局文件：{reason}",
    ),
    "web.not_found": ("no such page or route: {path}", "没有这个页面或接口：{path}"),
    "web.method": ("{method} is not allowed on {path}", "{path} 不接受 {method}"),
    "web.misdirected": (
        "this server does not answer for the host '{host}': open the URL it printed, or start"
        " it with --allow-host NAME",
        "这个服务不应答主机名 '{host}'：请打开它打印的网址，或用 --allow-host NAME 启动",
    ),
    "web.cross_origin": (
        "a page of another site ({origin}) cannot use this server",
        "其他网站的网页（{origin}）不能使用这个服务",
    ),
    "web.media_type": (
        "a {method} request must send its body as Content-Type: application/json",
        "{method} 请求必须以 Content-Type: application/json 发送内容",
    ),
    "web.key_reused": (
        "this Idempotency-Key was already used for another change: send a new key with each change",
        "这个 Idempotency-Key 已用于另一项改动：每项改动请用新的键",
    ),
    "web.client_gone": (
        "the client closed the connection before its change was made: nothing was written",
        "客户端在改动写入前关闭了连接：什么也没有写入",
    ),
    "web.internal": (
        "internal error ({kind}): please report it; the server goes on",
        "内部错误（{kind}）：请报告这个问题；服务继续运行",
    ),
}
