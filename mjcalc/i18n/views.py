"""Words of the ``score``, ``batch`` and ``rules`` views (key → English, Chinese).

Keys: ``word.*`` labels and headings, ``section.*`` ledger sections, ``shape.*`` reading shapes,
``code.*`` error codes, ``item.*`` the effects and details of scored items (stored on each item
in both languages), ``view.*`` whole sentences and hints, ``rules.*`` the ``rules`` command.
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
    "word.face_value": ("face value", "还原"),
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
    "code.unknown_rules": ("unknown_rules", "未知规则"),
    "code.internal_error": ("internal_error", "内部错误"),
}
SENTENCES: dict[str, tuple[str, str]] = {
    "view.error_headline": ("error [{code}]: {message}", "错误（{code}）：{message}"),
    "view.hint_line": ("hint: {hint}", "提示：{hint}"),
    "view.warning": ("warning:", "警告："),
    "view.warning_at_line": ("line {line}: ", "第 {line} 行："),
    "view.hint_unknown_rules": (
        "`mjcalc rules` lists the rulesets; --rules also takes a ruleset TOML file",
        "mjcalc rules 列出所有规则；--rules 也可以是一个规则 TOML 文件",
    ),
    "view.hint_not_winning": (
        "check the tiles (14, plus one per kong); --win names the winning tile",
        "请核对手牌（14 张，每个杠多 1 张）；--win 指定胡张",
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
RULESET_NAMES: dict[str, tuple[str, str]] = {}
VIEWS: dict[str, tuple[str, str]] = {
    **WORDS,
    **SECTIONS,
    **SHAPES,
    **CODES,
    **SENTENCES,
    **RULESET_NAMES,
}

# Effects and details of scored items (stored on each item as effect/effect_zh, detail/detail_zh).
ITEMS: dict[str, tuple[str, str]] = {
    "item.plain": ("{value}", "{value}"),
    "item.times2": ("×2", "×2"),
    "item.plus": ("+{n}", "+{n}"),
    "item.from_each": ("{n} from each", "每家付 {n}"),
    "item.plus_from_each": ("+{n} from each", "每家付 {n}"),
    "item.to_each": ("-{n} to each", "付每家 {n}"),
    "item.fan": ("+{n} fan", "+{n} 番"),
    "item.flowers": ("+{n} flower{plural}", "+{n} 花"),
    "item.shape": ("{zh} {en}", "{zh}"),
    "item.flat": ("a flat amount: no other multiplier applies", "固定数额：不再乘任何倍数"),
    "item.deguo_bonus": ("added after the doublings, never doubled", "翻倍之后再加，本身不翻倍"),
    "item.deguo_bonus_per_share": (
        "added after the doublings, never doubled; the kong maker pays it on each of the 3"
        " shares (robbed_kong_deguo = per_share)",
        "翻倍之后再加，本身不翻倍；开杠的人三份各付一次（抢杠德国按份计）",
    ),
    "item.robbed_discarder": ("the kong maker counts as the discarder", "开杠的人算作点炮"),
    "item.dealer_won": ("the dealer won", "庄家胡"),
    "item.dealer_pays": ("the dealer pays", "庄家付"),
    "item.gangdiao": ("杠吊: with 精吊", "杠吊：同时精吊"),
    "item.robbing_pays": (
        "{seat}, the kong maker, pays every share (杠家一人全包)",
        "开杠的{seat}付全部份额（杠家一人全包）",
    ),
    "item.jingdiao_pair": (
        "pair: lone jing {lone} + winning tile {win}",
        "对子：单精 {lone} + 胡张 {win}",
    ),
    "item.kong_detail": ("{kind} kong{tile}", "{kind}{tile}"),
    "item.kong_tile": (" of {tile}", " {tile}"),
    "kind.concealed": ("concealed", "暗杠"),
    "kind.exposed": ("exposed", "明杠"),
    "kind.added": ("added", "补杠"),
    "item.not_scored": ("not scored", "不计分"),
    "item.robbed_kong": ("a robbed kong does not score", "被抢的杠不计分"),
    "item.no_jing_score": ("no jing score", "不计精分"),
    "item.holds_jing": ("holds {n} jing", "持精 {n} 分"),
    "item.still_scores": ("still scores its jing", "照计精分"),
    "item.jing_points": (
        "2 × {main} 正精 + {secondary} 副精 = {s}",
        "2 × {main} 正精 + {secondary} 副精 = {s}",
    ),
    "item.chongguan": (
        "{s} → {s} × {k} = {score} from each",
        "{s} → {s} × {k} = {score}，每家付",
    ),
    "item.score_change": ("{old} → {new} from each", "{old} → {new}，每家付"),
    "item.rounds": ("{n} round{plural} × {score}", "{n} 轮 × {score}"),
    "item.pays_all_shares": (
        "{seat} pays all 3 shares ({amount})",
        "{seat}付全部 3 份（{amount}）",
    ),
    "item.rob_detail": (
        "scored as a self-draw, but the kong maker pays for the three others",
        "按自摸计分，但由开杠的人替三家付",
    ),
    "item.each_pays_share": (
        "each other seat pays 1 share ({share})",
        "其余每家付 1 份（{share}）",
    ),
    "item.self_draw_detail": (
        "杠开 included; a self-draw does not double and there is no dealer bonus",
        "含杠开；自摸不翻倍，也没有庄家加倍",
    ),
    "item.pays_share": ("{seat} pays 1 share ({share})", "{seat}付 1 份（{share}）"),
    "item.discard_detail": (
        "the discarder alone pays; no dealer bonus",
        "只有点炮的人付；没有庄家加倍",
    ),
    "item.liable_rob": ("+3 shares each", "每家多付 3 份"),
    "item.liable_rob_detail": (
        "抢杠: each liable seat pays 3 shares more",
        "抢杠：每个承包的人再付 3 份",
    ),
    "item.liable_self": ("3 shares in all", "共付 3 份"),
    "item.liable_self_detail": (
        "self-draw: a liable seat pays 3 shares instead of 1",
        "自摸：承包的人付 3 份而不是 1 份",
    ),
    "item.liable_discard": ("+1 share each", "每家多付 1 份"),
    "item.liable_discard_detail": (
        "discard win: each liable seat pays one share more",
        "点炮：每个承包的人多付 1 份",
    ),
    "item.liable_full": ("pays every share", "包付全部份额"),
    "item.liable_full_detail": (
        "包牌 in full: the liable seats pay every share the others would have paid",
        "全包：承包的人替其他人付全部份额",
    ),
    "item.per_share": ("+{n} per share", "每份 +{n}"),
    "item.eight_bonus_detail": (
        "all 8 flowers held as well: one 勒子 added to every share paid (承包 shares too)",
        "同时八花齐：每份加一个勒子（承包的份额也加）",
    ),
    "item.eight_instant": (
        "each other seat pays 1 勒子 ({lezi})",
        "其余每家付 1 个勒子（{lezi}）",
    ),
    "item.eight_instant_detail": (
        "wins on the draw of the eighth flower, whatever the hand; its 4 fan are paid as one 勒子"
        " flat (直接算一个勒子): no flowers, situational fan, cap or 承包 apply",
        "摸到第八张花即胡，不论手牌；4 番直接算一个勒子：不计花、不加番、不封顶、不承包",
    ),
    "item.flowers_written": ("written in the hand: {names}", "写在手牌里：{names}"),
    "item.flowers_counted": ("given as a count (flowers)", "以花数给出"),
    "item.three_alike": ("three alike among the concealed tiles", "手里三张一样的"),
    "item.melded": ("melded", "副露"),
    "item.concealed_pung": ("concealed pung in the hand", "手里的暗刻"),
    "item.gangshanghua": ("杠上花", "杠上花"),
    "item.big_crane": (
        "every other set melded (concealed kongs included); won on the pair",
        "其余各组都已副露（含暗杠）；单吊胡对子",
    ),
    "item.kaibao": ("pending 开宝", "累计开宝"),
    "item.huangfan": ("drawn hands since the last win", "上次胡牌以来的流局数"),
    "item.share_formula": (
        "({flowers} + {base}) × 2^{fan} = {uncapped}",
        "（{flowers} + {base}）× 2^{fan} = {uncapped}",
    ),
    "item.share_detail": ("flowers + base, doubled once per fan", "花数 + 底分，每番翻一倍"),
    "item.cap_hit": ("≤ {cap}: {uncapped} → {cap}", "≤ {cap}：{uncapped} → {cap}"),
    "item.cap_missed": ("≤ {cap}, not reached", "≤ {cap}，未到顶"),
    "item.cap_detail": ("{reason}; 1 勒子 = {lezi}", "{reason}；1 勒子 = {lezi}"),
    "item.cap_one": ("{zh}: one 勒子", "{zh}：一个勒子"),
    "item.cap_reaches": ("{zh} reaches {n} 勒子", "{zh}封顶 {n} 个勒子"),
    "item.cap_lifted": ("{names} lifts the cap to 2 勒子", "{names}使封顶升到 2 个勒子"),
    "item.cap_payer_effect": ("≤ {cap} per payer", "每家最多 {cap}"),
    "item.cap_payer": (
        "what one seat pays is capped at {cap} (cap_scope = payer)",
        "每家一局最多付 {cap}（按人封顶）",
    ),
}
VIEWS.update(ITEMS)

# ``mjcalc rules``: the Xingguo tables A–F (titles, row labels, notes).
RULES_TEXTS: dict[str, tuple[str, str]] = {
    "rules.xg.dealer_self": ("庄家自摸 dealer self-draws", "庄家自摸"),
    "rules.xg.other_self": ("闲家自摸 non-dealer self-draws", "闲家自摸"),
    "rules.xg.to_dealer": ("闲家点庄家 non-dealer discards to the dealer", "闲家点庄家"),
    "rules.xg.dealer_discards": ("庄家点闲家 dealer discards to a non-dealer", "庄家点闲家"),
    "rules.xg.to_other": ("闲家点闲家 non-dealer discards to a non-dealer", "闲家点闲家"),
    "rules.xg.kong_draw": ("庄家杠吊 dealer, on a kong replacement", "庄家杠吊"),
    "rules.xg.title_a": ("A 平胡 plain win", "A 平胡"),
    "rules.xg.title_b": ("B 小七 seven pairs / 十三烂 thirteen lan", "B 小七 / 十三烂"),
    "rules.xg.title_c": ("C 大七 big seven / 七星十三烂 seven-star lan", "C 大七 / 七星十三烂"),
    "rules.xg.title_d": ("D 精吊 lone-jing wait (self-drawn only)", "D 精吊（只能自摸）"),
    "rules.xg.title_e": ("E 其它 other scores", "E 其它"),
    "rules.xg.title_f": ("F 精计子 jing scores: 冲关 and 霸精", "F 精计子：冲关与霸精"),
    "rules.xg.note_hu": (
        "hu shares of the three payers, largest first = total (kong, jing and 跟庄 sections"
        " aside); dealer E; 正精 9p, 副精 1p; N holds a 副精 in every hand, so no 霸胡",
        "三家各付的胡分（大的在前）= 合计（杠、精、跟庄另算）；庄家東；正精 9p，副精 1p；"
        "北家每手都有一个副精，所以没有霸胡",
    ),
    "rules.xg.e_deguo": (
        "德国 reward (所有德国奖励), never doubled",
        "所有德国奖励，不翻倍",
    ),
    "rules.xg.e_heavenly": ("天胡 / 地胡, each payer", "普通天胡、地胡，每家"),
    "rules.xg.e_heavenly_jingdiao": ("精吊 天胡 / 地胡, each payer", "精吊天胡、地胡，每家"),
    "rules.xg.e_false_win": ("诈胡 false win: the declarer pays", "诈胡：诈胡者赔每家"),
    "rules.xg.e_kong": ("暗杠 / 碰杠 / 补杠: each other seat pays", "暗杠、碰杠、补杠：每家付"),
    "rules.xg.e_jing_kong": ("杠精 kong of jing: each other seat pays", "杠精：每家付"),
    "rules.xg.e_robbing_once": (
        "抢杠: the hu ×2, the kong maker pays every share and the 德国 reward once",
        "抢杠：胡分×2，杠家一人全包，德国奖励只付一次",
    ),
    "rules.xg.e_robbing_per_share": (
        "抢杠: the hu ×2, the kong maker pays every share and the 德国 reward on each",
        "抢杠：胡分×2，杠家一人全包，德国奖励每份都付",
    ),
    "rules.xg.e_after_kong": ("杠上花 win on a kong replacement", "杠上花"),
    "rules.xg.e_bahu": ("霸胡: no seat holds any jing", "霸胡（所有家没有一个精）"),
    "rules.xg.e_follow": ("跟庄: the dealer pays, per round", "跟庄：每轮庄家付"),
    "rules.xg.e_seven_star": (
        "七星十三烂, against 十三烂 (as 大七)",
        "七星十三烂：十三烂×2（相当于大七）",
    ),
    "rules.xg.note_e": (
        "amounts from the options; each ×2 measured by scoring a 德国 hand with and without it",
        "数额来自选项；每个×2都是用一手德国牌分别计分比较得出",
    ),
    "rules.xg.f_row": ("{s} jing", "{s} 精"),
    "rules.xg.f_columns": ("冲关 s→score|霸精 sole holder", "冲关|霸精（独家有精）"),
    "rules.xg.note_f": (
        "jing s = 2 × 正精 + 1 × 副精; each seat collects its score from each other seat;"
        " 杠精 {jing_kong} from each; one 正精 held alone: 小相公 still collects {small},"
        " 大相公 {big}",
        "精数 = 2 × 正精 + 1 × 副精；每家向其余每家收自己的精分；杠精每家付 {jing_kong}；"
        "独家一个正精：小相公照收 {small}，大相公 {big}",
    ),
}
VIEWS.update(RULES_TEXTS)

# ``mjcalc rules``: descriptions and the meaning of each option, in Chinese (the English meaning
# is the ruleset's own ``option_help``).
OPTION_TEXTS: dict[str, tuple[str, str]] = {
    "option.xingguo.honor_sets": (
        "",
        '烂风组："same_class" 三张不同风牌或中發白；"any_distinct" 任意三张不同字牌',
    ),
    "option.xingguo.seven_star_jing": ("", "七星十三烂的七张字牌能否用精代替"),
    "option.xingguo.seven_pairs_four_as_two": ("", "小七：四张相同算两对"),
    "option.xingguo.bahu_scope": ("", '霸胡："all" 所有家都没有精；"others" 除胡家外都没有精'),
    "option.xingguo.bawang": ("", '霸精：独家有精时精分 "double" 翻倍，或 "plus10" 加 10'),
    "option.xingguo.deguo_bonus": ("", "德国奖励，翻倍之后再加（点炮者付，自摸则每家付）"),
    "option.xingguo.kong_score": ("", "每个杠其余每家付的分（庄家不翻倍）"),
    "option.xingguo.jing_kong_score": ("", "杠精：其余每家付的分"),
    "option.xingguo.heavenly_score": ("", "天胡/地胡：每家固定付的分"),
    "option.xingguo.heavenly_jingdiao_score": ("", "精吊天胡/地胡：每家固定付的分"),
    "option.xingguo.earthly_off_discard": ("", "地胡也可以胡庄家打出的第一张牌"),
    "option.xingguo.follow_dealer_score": ("", "跟庄：每轮庄家付其余每家的分"),
    "option.xingguo.false_win_score": ("", "诈胡：诈胡者付其余每家的分（牌局记录用）"),
    "option.xingguo.stake": ("", "所有数额的倍数（分→钱）"),
    "option.xingguo.robbed_kong_deguo": (
        "",
        '抢杠德国：杠家付德国奖励 "once" 一次，或 "per_share" 三份各付一次',
    ),
    "option.shanghai.base": ("", "底分：翻倍前加在花数上"),
    "option.shanghai.lezi": ("", "一个勒子：每份的封顶（清碰/风一色/开宝/黄番 2 个，风碰 4 个）"),
    "option.shanghai.stake": ("", "所有数额的倍数（分→银子）"),
    "option.shanghai.fee": ("", "台费：每局正常结束每家付（牌局记录用）"),
    "option.shanghai.escape_lezi": ("", "逃跑者付的勒子数（牌局记录用）"),
    "option.shanghai.liability": (
        "",
        '承包："extra" 承包者在原有份额外另付；"full" 承包者代替他人全付',
    ),
    "option.shanghai.cap_scope": ("", '勒子封顶："share" 每份封顶；"payer" 每家一局付的总数封顶'),
}
VIEWS.update(OPTION_TEXTS)

# ``mjcalc rules shanghai``: the fan table and the 勒子 ladder.
SHANGHAI_RULES_TEXTS: dict[str, tuple[str, str]] = {
    "rules.sh.fan_title": (
        "Shanghai fan (番): share = (flowers + base) × 2^fan, capped",
        "上海番数：每份 = （花数 + 底分）× 2^番，封顶",
    ),
    "rules.sh.fan_columns": ("zh|en|fan|multiplier|cap", "牌型|番|倍数|封顶"),
    "rules.sh.lifts": ("lifts it to 2 勒子 = {cap}", "封顶升到 2 勒子 = {cap}"),
    "rules.sh.flat": ("{amount} flat from each other seat", "其余每家固定付 {amount}"),
    "rules.sh.fan_note": (
        "situational fan add to the named hand's; 开宝 and 黄番 count once per pending one;"
        " the best named hand alone counts (清碰 is 5, not 4 + 2)",
        "情景番加在牌型番上；开宝、黄番每累计一次算一番；只算最大的牌型（清碰是 5 番，不是 4 + 2）",
    ),
    "rules.sh.ladder_title": (
        "勒子 ladder: points per share by flowers (base {base}, 1 勒子 = {lezi})",
        "勒子表：按花数每份的分（底分 {base}，1 勒子 = {lezi}）",
    ),
    "rules.sh.ladder_note": (
        "— : fewer flowers than the hand's own honor pungs hold; 开宝 / 黄番 lift every cap below"
        " 2 勒子 to 2 勒子",
        "—：花数少于这手牌字牌刻子本身的花；开宝/黄番把低于 2 勒子的封顶都升到 2 勒子",
    ),
    "rules.sh.cap": ("cap", "封顶"),
}
VIEWS.update(SHANGHAI_RULES_TEXTS)
