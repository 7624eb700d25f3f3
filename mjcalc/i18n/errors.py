"""Error messages (key → English, Chinese). Keys start with ``err.``.

The English texts are the messages mjcalc has always printed (scripts and tests match on them);
the Chinese ones say the same for a player at the table. Fields in ``{braces}`` are filled by
:meth:`mjcalc.errors.MjcalcError.t`; a ``hint``/``inner`` field is itself a text in both languages.
"""

from __future__ import annotations

ERRORS: dict[str, tuple[str, str]] = {
    "err.internal": (
        "mjcalc failed on this hand ({kind}: {detail}); please report it with the request",
        "mjcalc 计算这手牌时出错（{kind}: {detail}）；请附上请求内容报告此问题",
    ),
    # --- notation (invalid_notation) ---------------------------------------------------------
    "err.dangling_numeral": (
        "numeral {numeral} at column {col} has no suit after it (write e.g. 一二万, 三筒, 四条)",
        "第 {col} 列的数字「{numeral}」后面没有花色（例如写 一二万、三筒、四条）",
    ),
    "err.dangling_digit": (
        "digit '{digit}' at column {col} has no suit after it (write e.g. 12m, 12p, 12s, 12z)",
        "第 {col} 列的数字「{digit}」后面没有花色（例如写 12m、12p、12s、12z）",
    ),
    "err.suit_no_digits": (
        "suit letter {letter} at column {col} has no digits before it{hint}",
        "第 {col} 列的花色字母 {letter} 前面没有数字{hint}",
    ),
    "hint.suit_s": ("; for the South wind write S", "；南风请写 S"),
    "hint.suit_p": ("; for White (白) write P", "；白板请写 P"),
    "hint.suit_f": ("; for Green (發) write F", "；发财请写 F"),
    "hint.none": ("", ""),
    "err.numeral_letter_suit": (
        "numeral {numeral} at column {col} needs a Chinese suit (万 筒 条), not the letter"
        " {letter}; or write the digit {digit}",
        "第 {col} 列的汉字数字「{numeral}」要配中文花色（万 筒 条），不能配字母 {letter}；"
        "或写阿拉伯数字 {digit}",
    ),
    "err.honor_rank": (
        "digit '{digit}' at column {col}: {tile} is not a tile (honors are 1z..7z)",
        "第 {col} 列的数字「{digit}」：{tile} 不是牌（字牌是 1z..7z）",
    ),
    "err.flower_rank": (
        "digit '{digit}' at column {col}: {tile} is not a tile (flowers are 1f..8f)",
        "第 {col} 列的数字「{digit}」：{tile} 不是牌（花牌是 1f..8f）",
    ),
    "err.zh_suit_no_numeral": (
        "suit {char} at column {col} has no numeral before it",
        "第 {col} 列的花色 {char} 前面没有数字",
    ),
    "err.nested_meld": (
        "{char} at column {col} opens a meld inside the meld opened at column {opened};"
        " melds cannot be nested",
        "第 {col} 列的 {char} 在第 {opened} 列开始的副露里又开了一个副露；副露不能嵌套",
    ),
    "err.closes_nothing": (
        "{char} at column {col} closes no meld",
        "第 {col} 列的 {char} 前面没有对应的开括号",
    ),
    "err.bracket_mismatch": (
        "{char} at column {col} does not match {opener} at column {opened}",
        "第 {col} 列的 {char} 与第 {opened} 列的 {opener} 不配对",
    ),
    "err.empty_meld": (
        "empty meld {brackets} at column {col}",
        "第 {col} 列的副露 {brackets} 是空的",
    ),
    "err.zero": (
        "'0' at column {col} is not a tile (there are no red fives)",
        "第 {col} 列的「0」不是牌（没有赤五）",
    ),
    "err.non_tile_glyph": (
        "{char} at column {col} is {what}, not a playing tile",
        "第 {col} 列的 {char} 是{what}，不是可用的牌",
    ),
    "glyph.joker": ("the joker tile", "百搭牌"),
    "glyph.back": ("the tile back", "牌背"),
    "err.wind_suffix": (
        "{char} at column {col} must follow a wind (東 南 西 北)",
        "第 {col} 列的 {char} 必须跟在风牌（東 南 西 北）后面",
    ),
    "err.word_suffix": (
        "{char} at column {col} must follow {before} ({word})",
        "第 {col} 列的 {char} 必须跟在 {before} 后面（{word}）",
    ),
    "err.word_prefix": (
        "{char} at column {col} must be followed by {after} ({word})",
        "第 {col} 列的 {char} 后面必须是 {after}（{word}）",
    ),
    "err.unknown_char": (
        "unknown character {char} at column {col}{hint}",
        "第 {col} 列有无法识别的字符 {char}{hint}",
    ),
    "hint.honors": (
        "; use z or the letters E S W N P F C for honors",
        "；字牌请用 z 或字母 E S W N P F C，或写 東 南 西 北 中 發 白",
    ),
    "hint.upper_e": ("; honor letters are upper-case: E for East", "；字牌字母要大写：东风写 E"),
    "hint.upper_w": ("; honor letters are upper-case: W for West", "；字牌字母要大写：西风写 W"),
    "hint.upper_n": ("; honor letters are upper-case: N for North", "；字牌字母要大写：北风写 N"),
    "hint.upper_c": (
        "; honor letters are upper-case: C for Red (中)",
        "；字牌字母要大写：红中写 C",
    ),
    "hint.kong_brackets": (
        "; use ASCII ( ) for a concealed kong",
        "；暗杠请用半角括号 ( )",
    ),
    "hint.meld_brackets": (
        "; use ASCII [ ] for an exposed meld",
        "；明牌副露请用半角方括号 [ ]",
    ),
    "hint.fullwidth_digit": (
        "; use ASCII digits 1-9 or Chinese numerals 一..九",
        "；请用数字 1-9 或汉字 一..九",
    ),
    "err.unclosed": (
        "{opener} at column {col} is never closed",
        "第 {col} 列的 {opener} 没有闭合",
    ),
    "err.empty_hand": ("the hand is empty: no tiles were given", "手牌是空的：没有写任何牌"),
    "err.meld_not_allowed": (
        "a meld at column {col} is not allowed here; write plain tiles",
        "第 {col} 列的副露在这里不允许；请只写单张牌",
    ),
    "err.one_tile_meld": (
        "expected exactly one tile, found a meld at column {col}",
        "这里只能写一张牌，但第 {col} 列是一个副露",
    ),
    "err.one_tile_none": ("expected exactly one tile, found none", "这里要写一张牌，但什么也没写"),
    "err.one_tile_many": (
        "expected exactly one tile, found {n} (the second at column {col})",
        "这里只能写一张牌，却写了 {n} 张（第二张在第 {col} 列）",
    ),
}

# Errors of the command line (usage errors, exit status 2) and of batch lines.
CLI_ERRORS: dict[str, tuple[str, str]] = {
    "cli.bad_seat": (
        "{value} is not a seat (use E, S, W, N or 东 南 西 北)",
        "{value} 不是座位（请用 E S W N 或 东 南 西 北）",
    ),
    "cli.unknown_seat": (
        "unknown seat {seat} (use E, S, W or N)",
        "未知座位 {seat}（请用 E S W N 或 东 南 西 北）",
    ),
    "cli.name_value": ("expected NAME=VALUE, got {got}", "应写成 名称=值，实际是 {got}"),
    "cli.jings_counts": (
        "expected SEAT=Z,F with whole numbers, got {got}",
        "应写成 座位=正精数,副精数（整数），实际是 {got}",
    ),
    "cli.no_rules": (
        "no ruleset: give --rules NAME (xingguo, shanghai) or set MJCALC_RULES",
        "没有指定规则：请用 --rules 规则名（xingguo 兴国、shanghai 上海），或设置 MJCALC_RULES",
    ),
    "cli.option_needs_name": ("--option needs a ruleset NAME", "--option 需要先写规则名"),
    "cli.no_such_option": ("no such option: {name}", "没有这个选项：{name}"),
    "cli.missing_hand": ("missing argument 'HAND'", "缺少手牌"),
    "cli.usage_error": ("{inner}", "参数有误：{inner}"),
    "err.not_utf8": (
        "the line is not UTF-8 text (bad byte at offset {offset})",
        "这一行不是 UTF-8 文本（第 {offset} 字节有误）",
    ),
    "err.bad_json": ("bad JSON: {msg} (char {pos})", "JSON 格式错误（第 {pos} 个字符）"),
    "err.cannot_split": ("cannot split the line: {reason}", "无法拆分这一行的参数（引号未闭合？）"),
}
ERRORS.update(CLI_ERRORS)
