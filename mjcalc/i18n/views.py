"""Words of the ``score``, ``batch`` and ``rules`` views (key → English, Chinese).

Keys: ``word.*`` labels and headings, ``section.*`` ledger sections, ``shape.*`` reading shapes,
``code.*`` error codes, ``item.*`` effects of scored items, ``view.*`` whole sentences and hints.

Only what mjcalc itself shows, whatever the ruleset: a ruleset's own section names, items and
table labels (``section.jing``, ``rules.xg.*``) are in its package's ``texts`` module, and join
the catalogue when the ruleset loads. The views look every such key up in the catalogue when
they show it, so they find those texts too.
"""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "word.rules": ("rules", "规则"),
    "word.winner": ("winner", "胡家"),
    "word.dealer": ("dealer", "庄家"),
    "word.discarder": ("discarder", "点炮"),
    "word.self_draw": ("self-drawn", "自摸"),
    "word.discard_by": ("discarded by", "点炮"),
    "word.win_tile": ("winning tile", "胡张"),
    "word.pattern": ("pattern", "牌型"),
    "word.reading": ("reading", "解读"),
    "word.wilds": ("wilds", "精"),
    "view.wilds_face": ("{tiles} not used as wild (face value)", "{tiles} 未当精用（还原）"),
    "word.item": ("item", "项目"),
    "word.effect": ("effect", "效果"),
    "word.detail": ("detail", "说明"),
    "word.seats": ("seats", "座位"),
    "word.section": ("section", "账目"),
    "word.net": ("net", "合计"),
    "word.seat": ("seat", "座位"),
    "word.role": ("role", "身份"),
    "word.amount": ("amount", "输赢"),
    "word.line": ("line", "行"),
    "word.hand": ("hand", "牌"),
    "word.gain": ("winner", "胡家赢"),
    "word.error": ("error", "错误"),
    "word.per_payer": ("per payer", "各家付"),
    "word.ruleset": ("ruleset", "规则"),
    "word.description": ("description", "说明"),
    "word.option": ("option", "选项"),
    "word.value": ("value", "取值"),
    "word.meaning": ("meaning", "含义"),
}
SECTIONS: dict[str, tuple[str, str]] = {
    "section.hu": ("win", "胡"),
    # sections more than one ruleset settles (a ruleset's own are in its texts)
    "section.kong": ("kongs", "杠"),
    "section.jing": ("jing", "精"),
    "section.follow_dealer": ("follow the dealer", "跟庄"),
}
SHAPES: dict[str, tuple[str, str]] = {
    "shape.standard": ("4 sets + a pair", "四组一对"),
    "shape.seven_pairs": ("seven pairs", "七对"),
    "shape.thirteen_lan": ("thirteen lan", "十三烂"),
    "shape.seven_star_lan": ("seven-star lan", "七星十三烂"),
    "shape.loose_honors": ("loose honors", "乱风"),
}
CODES: dict[str, tuple[str, str]] = {
    "code.invalid_notation": ("invalid_notation", "写法有误"),
    "code.invalid_hand": ("invalid_hand", "牌不合法"),
    "code.invalid_request": ("invalid_request", "请求有误"),
    "code.not_winning": ("not_winning", "未成胡"),
    "code.illegal_win": ("illegal_win", "不许胡"),
    "code.below_minimum": ("below_minimum", "不够起和番"),
    "code.unknown_rules": ("unknown_rules", "未知规则"),
    "code.internal_error": ("internal_error", "内部错误"),
    "code.plugin_error": ("plugin_error", "插件错误"),
    "code.locked": ("locked", "文件被锁"),
}
SENTENCES: dict[str, tuple[str, str]] = {
    "view.error_headline": ("error [{code}]: {message}", "错误（{code}）：{message}"),
    "view.hint_line": ("hint: {hint}", "提示：{hint}"),
    "view.warning": ("warning:", "警告："),
    "view.warning_code": ("warning [{code}]: {message}", "警告（{code}）：{message}"),
    "view.warning_at_line": ("line {line}: ", "第 {line} 行："),
    "view.hint_unknown_rules": (
        "`mjcalc rules` lists the rulesets; --rules also takes a ruleset TOML file",
        "mjcalc rules 列出所有规则；--rules 也可以是一个规则 TOML 文件",
    ),
    "view.hint_not_winning": (
        "check the tiles (14, plus one per kong); --win names the winning tile",
        "请核对手牌（14 张，每个杠多 1 张）；--win 指定胡张",
    ),
    "view.hint_below_minimum": (
        "the items of the error (--json) are the fan found; `mjcalc waits` shows which winning"
        " tiles reach the minimum",
        "错误里的 items（--json）就是算出的番；mjcalc waits 可查看哪些胡张够起和番",
    ),
    "view.hint_unknown_field": (
        "`mjcalc schema request` lists every field of a request",
        "mjcalc schema request 列出请求的所有字段",
    ),
    "view.summary": (
        "{winner} wins{what}: {gain}; {others}.",
        "{winner}家胡{what}，{gain}：{others}。",
    ),
    "view.summary_what": (" with {en} {zh}", "{zh}"),
    "view.pays": ("{seat} pays {amount}", "{seat}付{amount}"),
    "view.gets": ("{seat} gets {amount}", "{seat}收{amount}"),
    "view.even": ("{seat} is even", "{seat}平"),
    "view.list_sep": (", ", "，"),
    "view.counts": ("{scored} scored, {failed} not scored", "已计分 {scored}，未计分 {failed}"),
    "view.rules_hint": (
        "mjcalc rules NAME shows one ruleset's options and tables.",
        "mjcalc rules 规则名：显示一种规则的选项和计分表。",
    ),
}
VIEWS: dict[str, tuple[str, str]] = {
    **WORDS,
    **SECTIONS,
    **SHAPES,
    **CODES,
    **SENTENCES,
}

# Effects of scored items that more than one ruleset shows (stored on each item as effect /
# effect_zh); a ruleset's own items are in its ``texts`` module.
ITEMS: dict[str, tuple[str, str]] = {
    "item.plus": ("+{n}", "+{n}"),
}
VIEWS.update(ITEMS)
