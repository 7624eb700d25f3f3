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
    "cli.no_rules": (
        "no ruleset: give --rules NAME ({known}) or set MJCALC_RULES",
        "没有指定规则：请用 --rules 规则名（{known}），或设置 MJCALC_RULES",
    ),
    "cli.option_needs_name": ("--option needs a ruleset NAME", "--option 需要先写规则名"),
}
ERRORS.update(CLI_ERRORS)

# Hand validation (invalid_hand), the request (invalid_request), rulesets (unknown_rules).
CORE_ERRORS: dict[str, tuple[str, str]] = {
    "err.at_column": (" (column {col})", "（第 {col} 列）"),
    "err.flower_name": ("flower {zh} ({code})", "花牌 {zh}（{code}）"),
    "err.win_not_concealed": (
        "winning tile {tile} is not among the concealed tiles{note}",
        "胡张 {tile} 不在手牌（未副露部分）里{note}",
    ),
    "err.win_flower_note": (
        " (flowers are never the winning tile)",
        "（花牌不能当胡张）",
    ),
    "err.not_a_tile": ("{value} is not a tile", "{value} 不是牌"),
    "err.flower_concealed": (
        "{flower} is among the concealed tiles{at}",
        "{flower} 混在手牌里{at}",
    ),
    "err.not_a_flower": ("{value} ({code}) is not a flower", "{value}（{code}）不是花牌"),
    "err.no_flowers_meld": (
        "this ruleset has no flowers: {meld} holds {flower}{at}",
        "这个规则没有花牌：{meld} 里有 {flower}{at}",
    ),
    "err.flower_in_meld": (
        "{meld}: {flower} cannot be in a meld{at}",
        "{meld}：{flower} 不能放进副露{at}",
    ),
    "err.no_flowers_hand": (
        "this ruleset has no flowers, but the hand has {flower}",
        "这个规则没有花牌，但手牌里有 {flower}",
    ),
    "err.flower_twice": (
        "{flower} appears twice; there is only one",
        "{flower} 出现了两次；每种花只有一张",
    ),
    "err.fifth_copy": (
        "{tile} appears {n} times; there are only 4{at}",
        "{tile} 出现了 {n} 次；每种牌只有 4 张{at}",
    ),
    "err.concealed_kong_shape": (
        "{meld}: a concealed kong needs 4 identical tiles{at}",
        "{meld}：暗杠要 4 张相同的牌{at}",
    ),
    "err.honor_chow": (
        "{meld}: honors cannot form a chow{allowed}{at}",
        "{meld}：字牌不能吃{allowed}{at}",
    ),
    "err.honor_chow_same_class": (
        "; this ruleset allows only three different winds or 中發白",
        "；这个规则只允许三张不同的风牌或中發白",
    ),
    "err.meld_size": (
        "{meld} is not a chow, pung or kong: it has {n} tiles, a meld has 3 or 4{at}",
        "{meld} 不是吃、碰或杠：有 {n} 张牌，副露是 3 或 4 张{at}",
    ),
    "err.chow_one_suit": (
        "{meld} is not a chow, pung or kong: a chow needs one suit{at}",
        "{meld} 不是吃、碰或杠：吃牌要同一花色{at}",
    ),
    "err.not_a_meld": ("{meld} is not a chow, pung or kong{at}", "{meld} 不是吃、碰或杠{at}"),
    "err.tile_count": (
        "{n} tile{plural}; a winning hand{with_kongs} has {need}{flowers}",
        "{n} 张牌；胡牌{with_kongs}应有 {need} 张{flowers}",
    ),
    "err.with_kongs": (" with {kongs} kong{plural}", "（有 {kongs} 个杠）"),
    "err.flowers_aside": (" (flowers aside)", "（花牌不算）"),
    "err.not_object": ("a request must be a JSON object", "请求必须是一个 JSON 对象"),
    "err.missing_rules": (
        "missing field 'rules' (e.g. \"{example}\")",
        "缺少字段 'rules'（规则，例如 \"{example}\"）",
    ),
    "err.no_concealed": (
        "the hand has no concealed tile to win on",
        "手牌没有未副露的牌可以当胡张",
    ),
    "err.in_field": ("{field}: {inner}", "{field}：{inner}"),
    "err.discarder_is_winner": (
        "the discarder ({seat}) cannot be the winner",
        "点炮的（{seat}）不能是胡家",
    ),
    "err.self_draw_with_discarder": (
        "self_draw is true but a discarder is given",
        "self_draw 是 true（自摸），却又给了点炮的座位",
    ),
    "err.discard_without_discarder": (
        "self_draw is false but no discarder is given",
        "self_draw 是 false（点炮），却没有给点炮的座位",
    ),
    "err.after_kong_discard": (
        "after_kong (杠开) is a self-draw: it cannot have a discarder",
        "after_kong（杠开）是自摸，不能有点炮的",
    ),
    "err.rob_needs_discarder": (
        "robbing_kong (抢杠) needs the kong maker as discarder",
        "robbing_kong（抢杠）需要把开杠的座位写作点炮的",
    ),
    "err.after_kong_and_rob": (
        "a win cannot be both after_kong and robbing_kong",
        "一次胡牌不能既是杠开又是抢杠",
    ),
    "err.after_kong_no_kong": (
        "after_kong (杠开): the winner's hand shows no kong to draw after",
        "after_kong（杠开）：胡家手牌里没有杠，无从杠后补牌",
    ),
    "err.rob_not_added": (
        "robbing_kong (抢杠) robs an added kong (补杠) only: {seat}'s kong of {tile} is {kind}",
        "抢杠只能抢补杠：{seat} 家的 {tile} 杠是{kind}",
    ),
    "err.kong_kind.exposed": ("exposed", "明杠"),
    "err.kong_kind.concealed": ("concealed", "暗杠"),
    "err.rob_copies": (
        "robbing_kong (抢杠): the kong maker showed three {tile} and the winning tile is the"
        " fourth, but the winner's hand holds {held}",
        "抢杠：开杠的座位已亮出三张 {tile}，胡的是第四张，胡家手牌里却有 {held} 张",
    ),
    "err.kong_by_winner": (
        "kongs lists seat {seat}, the winner: the winner's kongs are read from its hand",
        "kongs 里写了胡家 {seat}：胡家的杠从手牌里读",
    ),
    "err.unknown_field": ("unknown {what} '{loc}'", "未知{what} '{loc}'"),
    "err.what_field": ("field", "字段"),
    "err.what_option": ("option", "选项"),
    "err.field_invalid": ("{what} '{loc}': {msg}", "{what} '{loc}' 的值无效{why}"),
    "err.missing_field": ("missing {what} '{loc}'", "缺少{what} '{loc}'"),
    "err.why_literal": ("", "：应为 {expected} 之一"),
    "err.why_type": ("", "：类型不对，应为{expected}"),
    "err.why_range": ("", "：超出允许范围"),
    "err.why_none": ("", ""),
    "type.int": ("", "整数"),
    "type.bool": ("", " true 或 false"),
    "type.str": ("", "字符串"),
    "type.dict": ("", "对象"),
    "type.list": ("", "列表"),
    "err.rulesets_missing": (
        "its TOML file {path} cannot be read",
        "无法读取它的 TOML 文件 {path}",
    ),
    "err.plugin_broken": (
        "the ruleset plug-in {name} (package {distribution}, entry point {entry_point})"
        " cannot be used: {reason}",
        "规则插件 {name}（软件包 {distribution}，入口点 {entry_point}）无法使用：{reason}",
    ),
    "err.plugin.exit": (
        "it called sys.exit({code}) while being imported",
        "导入时调用了 sys.exit({code})",
    ),
    "err.plugin.not_plugin": (
        "{value} is of type {kind}, not a mjcalc.plugin.Plugin",
        "{value} 是 {kind} 类型，不是 mjcalc.plugin.Plugin",
    ),
    "err.plugin.other_name": (
        "the entry point is named {entry!r} but the plug-in {name!r}",
        "入口点名为 {entry!r}，插件却名为 {name!r}",
    ),
    "err.plugin.fields": (
        "its Plugin has a field of the wrong type",
        "它的 Plugin 有字段类型不对",
    ),
    "err.plugin.not_flag": (
        "its flags hold a {kind}, not a mjcalc.plugin.Flag",
        "它的 flags 含有 {kind}，不是 mjcalc.plugin.Flag",
    ),
    "err.plugin.flag_clash": (
        "its flag {option} (field {field}) takes the name of one of mjcalc's own options",
        "它的选项 {option}（字段 {field}）与 mjcalc 自身的选项重名",
    ),
    "err.plugin.bad_flag": (
        "its flag {option} is malformed (an option name --like-this, a field that is a Python"
        " name, each option once)",
        "它的选项 {option} 格式不对（选项名应形如 --like-this，字段须是 Python 名称，"
        "每个选项只能一次）",
    ),
    "err.plugin.not_ruleset": (
        "{value} is of type {kind}, not a mjcalc.plugin.Ruleset with Pydantic models",
        "{value} 是 {kind} 类型，不是带 Pydantic 模型的 mjcalc.plugin.Ruleset",
    ),
    "err.plugin.raised": (
        "{what} raised {detail}",
        "{what} 出错：{detail}",
    ),
    "err.plugin.toml": (
        "its own TOML file: {inner}",
        "它自带的 TOML 文件：{inner}",
    ),
    "err.plugin.event_word": (
        "its session event word '{word}' is one of mjcalc's own",
        "它的牌局事件用词 '{word}' 与 mjcalc 自身的重名",
    ),
    "err.unknown_ruleset": (
        "unknown ruleset '{name}' (known: {known})",
        "未知规则 '{name}'（现有：{known}）",
    ),
    "err.flag.missing": (
        "a {rules} hand needs {what}: {usage}",
        "{rules}的牌必须给出{what}：{usage}",
    ),
    "err.flag.foreign": (
        "{option} is a {other} flag: a {rules} hand has no {option}",
        "{option} 是{other}的选项：{rules}的牌没有 {option}",
    ),
    "err.unknown_ruleset_close": (
        "unknown ruleset '{name}': did you mean {close}? (known: {known})",
        "未知规则 '{name}'：您是不是想写 {close}？（现有：{known}）",
    ),
    "err.bad_toml": (
        "ruleset file {name} is not valid TOML: {reason}",
        "规则文件 {name} 不是有效的 TOML：{reason}",
    ),
    "err.rules_file_no_ruleset": (
        'ruleset file {name} must name its ruleset, e.g. ruleset = "{example}"',
        '规则文件 {name} 必须写明基于哪个规则，例如 ruleset = "{example}"',
    ),
    "err.rules_file_options": (
        "ruleset file {name}: [options] must be a table",
        "规则文件 {name}：[options] 必须是一个表",
    ),
    "err.rules_file_key": (
        "ruleset file {name}: unknown key '{key}'",
        "规则文件 {name}：未知的键 '{key}'",
    ),
    "err.rules_file": ("ruleset file {name}: {inner}", "规则文件 {name}：{inner}"),
}
ERRORS.update(CORE_ERRORS)
