"""Sessions (``mjcalc session``): error messages (``err.session.*``) and the words of the view
(``session.*``), key → (English, Chinese)."""

from __future__ import annotations

SESSION_ERRORS: dict[str, tuple[str, str]] = {
    "err.session.no_header": (
        'the session header must come first: {{"session": {{"rules": "{example}", ...}}}}',
        '会话文件须以表头开始：{{"session": {{"rules": "{example}", ...}}}}',
    ),
    "err.session.header_shape": (
        'a header is one object {"session": {...}} and nothing else',
        '表头只能是一个对象 {"session": {...}}',
    ),
    "err.session.bad_header": ("session header: {detail}", "会话表头：{detail}"),
    "err.session.second_header": (
        "a session has one header (it is at line {line})",
        "一个会话只有一个表头（在第 {line} 行）",
    ),
    "err.session.no_session_rules": (
        "ruleset '{rules}' has no rules across hands: it cannot be played as a session",
        "规则 '{rules}' 没有跨局规则，不能用于会话",
    ),
    "err.session.no_silver": (
        "'{rules}' keeps no silver: a {rules} header cannot give balances",
        "'{rules}' 不计银子：表头不能给出 balances",
    ),
    "err.session.balances_all": (
        "balances: give all four seats (missing {seats})",
        "balances：须给出四家的银子（缺 {seats}）",
    ),
    "err.session.no_ranks": (
        "'{rules}' keeps no rank points: a {rules} header cannot give points",
        "'{rules}' 不计积分等级：表头不能给出 points",
    ),
    "err.session.ended": ("the game ended at line {line}", "牌局已在第 {line} 行结束"),
    "err.session.match_over": (
        "the match is over: its {n} hands are played (a header's options may ask for more"
        ' rounds, e.g. "rounds": 8)',
        '本局 {n} 盘已经打完（可在牌局开头的 options 里加圈数，如 "rounds": 8）',
    ),
    "err.session.event_not_here": (
        "a {rules} sitting has no {what}: '{typed}' is not one of its lines ({known})",
        "{rules} 牌局没有{what}：'{typed}' 不是它的行（它的行有：{known}）",
    ),
    "session.lines.hand": ("hands", "牌"),
    "session.lines.multi_win": ("multiple wins (一炮多响)", "一炮多响"),
    "session.lines.draw": ("drawn hands", "流局"),
    "session.lines.false_win": ("false wins (诈胡)", "诈胡"),
    "session.lines.escape": ("escapes (逃跑)", "逃跑"),
    "session.lines.adjust": ("adjustments", "调整"),
    "err.session.unknown_event": (
        "unknown event '{event}' (known here: {known})",
        "未知事件 '{event}'（可用：{known}）",
    ),
    "err.session.bad_event": ("event line: {detail}", "事件行：{detail}"),
    "err.session.bad_multi": ("multiple-win line: {detail}", "一炮多响行：{detail}"),
    "err.session.no_mark": (
        "'{rules}' counts no {subject}: {field} is not a {rules} field",
        "'{rules}' 不计{subject}：{field} 不是 {rules} 的字段",
    ),
    "err.session.mark_bool": (
        "{field} must be true or false",
        "{field} 必须是 true 或 false",
    ),
    "err.session.line_sets": (
        "'{field}' is supplied by the session: a hand line cannot set it",
        "'{field}' 由会话给出：牌局行不能自行设定",
    ),
    "err.session.options_object": ("options must be an object", "options 必须是对象"),
    "err.session.table_option": (
        "option '{name}' is a table setting: give it in the session header's options",
        "选项 '{name}' 属于整桌设定：请写在会话表头的 options 中",
    ),
    "err.session.winner_mark": (
        "winners[{index}]: {field} belongs to the line, not to one winner",
        "winners[{index}]：{field} 属于整行，不属于某一胡家",
    ),
    "err.session.winner_missing": (
        "winners[{index}]: each hand of a multiple win names its winner",
        "winners[{index}]：一炮多响的每手牌都要写明 winner",
    ),
    "err.session.winner_discarder": (
        "winners[{index}]: discarder {given} is not the line's discarder {seat}",
        "winners[{index}]：点炮者 {given} 与本行点炮者 {seat} 不同",
    ),
    "err.session.winner_twice": (
        "winners: seat {seat} wins twice off one discard",
        "winners：{seat} 在同一炮中胡了两次",
    ),
    "err.session.one_line": (
        "LINE must be one line (this one holds a line break)",
        "LINE 只能是一行（这里含有换行）",
    ),
    "err.session.exists": (
        "{file} exists: --force replaces it",
        "{file} 已存在：加 --force 才会覆盖",
    ),
    "err.session.winner_failed": ("winners[{index}]: {message}", "winners[{index}]：{message}"),
    "err.session.word_missing": (
        "{line} needs {missing}: the line is {usage}",
        "{line} 还缺 {missing}：该行的写法是 {usage}",
    ),
    "err.session.word_usage": (
        "cannot read {got}: the line is {usage}",
        "无法读取 {got}：该行的写法是 {usage}",
    ),
    "err.session.word_winner_field": (
        "winners[{index}]: --{field} belongs to the line (--winners, --discarder), not to one hand",
        "winners[{index}]：--{field} 属于整行（--winners、--discarder），不属于某一手牌",
    ),
    # writing a session file (mjcalc.app.session.store): each failure in its own words
    "err.store.display_option": (
        "{option} says how the sitting is shown, not what happened: give it to"
        " `mjcalc session` itself, not in the line (nothing was written)",
        "{option} 是显示方式，不是牌局里发生的事：请写在 mjcalc session 命令上，"
        "不要写进这一行（文件没有改动）",
    ),
    "err.store.blank": (
        "the line is blank: nothing to write (--delete removes a line)",
        "这一行是空的，没有可写的内容（删除一行请用 --delete）",
    ),
    "err.store.not_a_header": (
        "the first line of a session file must be its header",
        "会话文件的第一行必须是表头",
    ),
    "err.store.nothing_to_undo": (
        "{file} has no hand or event line to undo",
        "{file} 没有可撤销的牌局或事件行",
    ),
    "err.store.no_line": (
        "{file} has no line {line} (the last is line {count})",
        "{file} 没有第 {line} 行（最后一行是第 {count} 行）",
    ),
    "err.store.header": (
        "line {line} is the session header: it cannot be removed (--replace changes it)",
        "第 {line} 行是会话表头，不能删除（可用 --replace 修改）",
    ),
    "err.store.breaks": (
        "refused: line {line} would then fail: {inner}",
        "已拒绝：这样改会使第 {line} 行出错：{inner}",
    ),
    "err.store.locked": (
        "{file}: another writer holds its lock; gave up after {seconds} s, nothing was written"
        " (try again, or --wait SECONDS)",
        "{file}：另一个写入者持有它的锁；等待 {seconds} 秒后放弃，未写入任何内容"
        "（请重试，或用 --wait SECONDS）",
    ),
    "session.written_not_shown": (
        "mjcalc: the change to {file} was written (line {line}), but its output could not be: "
        "{reason}. Do not make the change again.",
        "mjcalc：{file} 的改动已经写入（第 {line} 行），但结果无法输出：{reason}。"
        "请勿重复这一改动。",
    ),
    "session.waiting_lock": (
        "waiting for {file}: another writer holds its lock (up to {seconds} s)",
        "正在等待 {file}：另一个写入者持有它的锁（最多 {seconds} 秒）",
    ),
    "err.store.missing": (
        "{file}: no such file; start a sitting with `mjcalc session {file} --new --rules NAME`",
        "{file}：没有这个文件；新建牌局请用 `mjcalc session {file} --new --rules NAME`",
    ),
    "err.store.no_dir": (
        "{dir}: no such directory; nothing was written",
        "{dir}：没有这个目录；未写入任何内容",
    ),
    "err.store.read_only": (
        "{file} is read-only; nothing was written",
        "{file} 是只读文件；未写入任何内容",
    ),
    "err.store.read_only_dir": (
        "cannot create a file in {dir} (permission denied: a read-only directory?);"
        " {file} was not changed",
        "无法在 {dir} 中建立文件（没有权限：目录只读？）；{file} 未改动",
    ),
    "err.store.read_only_fs": (
        "{file} is on a read-only file system; nothing was written",
        "{file} 所在的文件系统是只读的；未写入任何内容",
    ),
    "err.store.denied": (
        "{file}: permission denied (cannot read it)",
        "{file}：没有权限（无法读取）",
    ),
    "err.store.disk_full": (
        "the disk is full (or a file size limit was reached): {file} was not changed;"
        " free some space and try again",
        "磁盘已满（或超过文件大小限制）：{file} 未改动；腾出空间后再试",
    ),
    "err.store.not_regular": (
        "{file} is not a regular file (a pipe or a device?): only a file can be changed",
        "{file} 不是普通文件（管道或设备？）：只能修改普通文件",
    ),
    "err.store.is_dir": ("{file} is a directory", "{file} 是一个目录"),
    "err.store.symlink": (
        "{file} is a symbolic link: --new writes a new regular file only",
        "{file} 是符号链接：--new 只新建普通文件",
    ),
    "err.store.os": ("{file}: cannot write: {reason}", "{file}：无法写入：{reason}"),
}

SETTLE_ERRORS: dict[str, tuple[str, str]] = {
    "err.settle.rate": (
        "the rate must be a decimal number from 0 up (e.g. 0.5), got {got}",
        "倍率必须是不小于 0 的小数（例如 0.5），实际是 {got}",
    ),
    "err.settle.currency": (
        "the currency must be a symbol or code of 1 to {limit} characters without spaces"
        " (e.g. ¥, CNY), got {got}",
        "货币须是 1 到 {limit} 个字符、不含空格的符号或代码（例如 ¥、CNY），实际是 {got}",
    ),
    "err.settle.not_zero_sum": (
        "the totals less the fees do not sum to zero: nothing can settle them",
        "各家累计扣除服务费后总和不为零：无法结算",
    ),
}

SESSION_RULES_FILE: dict[str, tuple[str, str]] = {
    "err.session.rules_changed": (
        "ruleset file {rules} has changed since the sitting started (its SHA-256 is not the"
        " header's rules_digest); refused with --strict-rules",
        "规则文件 {rules} 在牌局开始后已被修改（SHA-256 与表头的 rules_digest 不符）；"
        "--strict-rules 下拒绝回放",
    ),
    "warn.session.rules_changed": (
        "ruleset file {rules} has changed since the sitting started; the hands are scored"
        " with the file as it is now",
        "规则文件 {rules} 在牌局开始后已被修改；各手牌按文件现在的内容计分",
    ),
}

SESSION_WORDS: dict[str, tuple[str, str]] = {
    "session.line": ("line", "行"),
    "session.dealer": ("dealer", "庄家"),
    "session.what": ("what happened", "本局"),
    "session.total": ("total", "累计"),
    "session.silver": ("silver", "银子"),
    "session.seat": ("seat", "座位"),
    "session.player": ("player", "玩家"),
    "session.net": ("net", "输赢"),
    "session.balance": ("balance", "银子"),
    "session.rank": ("rank", "级别"),
    "session.rank_value": ("{level} {zh} · {dan}", "{level} 级 {zh} · {dan}"),
    "session.wins_off": (
        "{winner} wins {pattern} off {discarder}",
        "{winner} 胡 {pattern}，{discarder} 点炮",
    ),
    "session.self_draws": ("{winner} self-draws {pattern}", "{winner} 自摸 {pattern}"),
    "session.multi_win": ("{discarder} discards to {winners}", "{discarder} 一炮多响：{winners}"),
    "session.multi_winner": ("{winner} {pattern}", "{winner} {pattern}"),
    "session.short": (
        "{seat} short: paid {paid} of {owed}",
        "{seat} 银子不足：付 {paid} / 应付 {owed}",
    ),
    "session.fee_each": ("fee {fee} each", "服务费每家 {fee}"),
    "session.fees": ("fees {fees}", "服务费 {fees}"),
    "session.draw_void": ("drawn hand 流局: void", "流局：本局作废"),
    "session.false_win": (
        "{seat} false win {name}: pays {amount} to each",
        "{seat} {name}：赔每家 {amount}",
    ),
    "session.escape_on": (
        "{seat} escapes 逃跑: pays {paid}; play goes on",
        "{seat} 逃跑：赔 {paid}；继续",
    ),
    "session.escape_ends": (
        "{seat} escapes 逃跑: pays {paid}; the game ends",
        "{seat} 逃跑：赔 {paid}；牌局结束",
    ),
    "session.next_dealer": ("next dealer {seat}", "下局庄家 {seat}"),
    "session.error": ("error [{code}] {message}", "错误 [{code}] {message}"),
    "session.counts": ("{lines} line{ls}, {errors} error{es}", "{lines} 行，{errors} 个错误"),
    "session.fees_collected": ("fees collected {fees}", "服务费共 {fees}"),
    "session.ended": ("the game ended at line {line}", "牌局在第 {line} 行结束"),
    "session.no_header": ("no session header was read", "未读到会话表头"),
    "session.standings": ("standings", "战况"),
    "session.place": ("place", "名次"),
    "session.points": ("points", "积分"),
    "session.table_points": ("table pts", "标准分"),
    "session.hands_played": ("hands played: {n}", "已打 {n} 盘"),
    "session.wins": ("won", "胡牌"),
    "session.deal_ins": ("dealt in", "点炮"),
    "session.biggest": ("biggest", "最大一手"),
    "session.need_self_draw": ("needs: self-draw", "超越所需：自摸"),
    "session.need_discard": ("or discard", "或点炮"),
    "session.need_note": (
        "needs: the least a win must be worth per payer to pass the leader;\n"
        "a self-draw closes the gap by 4× that, a win off the leader's discard by 2×",
        "超越所需：一手牌每家至少须付多少才能超过第一名；\n"
        "自摸缩小差距为其 4 倍，第一名点炮为其 2 倍",
    ),
    "session.adjust": (
        "adjustment: {source} pays {amount} to {target}",
        "调整：{source} 付给 {target} {amount}",
    ),
    "session.chart_title": ("running totals, line by line", "逐行累计输赢"),
    "session.chart_empty": ("no line was applied: nothing to draw", "没有有效的行：无图可画"),
    "session.chart_axes": ("x: line, y: total", "横轴：行号，纵轴：累计"),
    "session.chart_tie": ("{mark} seats level", "{mark} 同分"),
    "session.adjust_reason": (" ({reason})", "（{reason}）"),
    "session.started": (
        "started {file}: {rules}, dealer {dealer}",
        "已新建 {file}：{rules}，庄家 {dealer}",
    ),
    "session.added": ("added line {line} to {file}", "已在 {file} 添加第 {line} 行"),
    "session.replaced": ("replaced line {line} of {file}", "已替换 {file} 的第 {line} 行"),
    "session.inserted": ("inserted line {line} into {file}", "已在 {file} 插入第 {line} 行"),
    "session.deleted": (
        "deleted line {line} of {file}: {text}",
        "已删除 {file} 的第 {line} 行：{text}",
    ),
    "session.undone": (
        "undone: removed line {line} of {file}: {text}",
        "已撤销：删除了 {file} 的第 {line} 行：{text}",
    ),
    "session.settle_pays": (
        "{source} pays {target} {amount}{money}",
        "{source} 付给 {target} {amount}{money}",
    ),
    "session.settle_money": (" ({money})", "（{money}）"),
    "session.settle_fees": (
        "{source} pays the house {amount} in fees{money}",
        "{source} 付服务费 {amount}{money}",
    ),
    "session.settle_nothing": (
        "nothing to settle: every total is 0",
        "无需结算：各家输赢均为 0",
    ),
    "session.not_written": ("error [{code}] {message}", "错误 [{code}] {message}"),
    "session.earlier_errors": (
        "note: {file} has {errors} bad lines; `mjcalc session {file}` shows them",
        "注意：{file} 有 {errors} 行错误；`mjcalc session {file}` 可查看",
    ),
}

SESSION: dict[str, tuple[str, str]] = {
    **SESSION_ERRORS,
    **SETTLE_ERRORS,
    **SESSION_RULES_FILE,
    **SESSION_WORDS,
}
"""Everything above, as merged into :data:`mjcalc.i18n.CATALOGUE`."""
