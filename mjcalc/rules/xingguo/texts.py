"""Xingguo's texts, key → (English, Chinese): its errors, the items of its results, its ledger
sections besides the hu, and what ``mjcalc rules xingguo`` shows (tables A–F; each option's
meaning is declared with the option, in :mod:`.options`).

Declared once, by the plug-in (``texts=`` of its ``Plugin``): mjcalc adds them to its catalogue
when the ruleset loads, or when one of its keys is first asked for; no module of this package
adds them itself. The keys are the ruleset's own, never one of mjcalc's.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # --- errors: the jing, 天胡 / 地胡, 相公, 杠开, and the hands that do not win
    "err.jing_flower": (
        "jing: Xingguo has no flowers ({text})",
        "jing：兴国麻将没有花牌（{text}）",
    ),
    "err.jings_main_total": (
        "jings: {n} 正精 {zh} counted across the seats, but only {max} are in play"
        " (the flipped one stays out)",
        "jings：各家共计 {n} 张正精 {zh}，但场上只有 {max} 张（翻出的那张不参与）",
    ),
    "err.jings_secondary_total": (
        "jings: {n} 副精 {zh} counted across the seats, but there are only {max}",
        "jings：各家共计 {n} 张副精 {zh}，但只有 {max} 张",
    ),
    "err.four_flipped": (
        "the hand holds 4 × {tile}, the flipped 正精: only {max} are in play",
        "手牌有 4 张 {tile}，即翻出的正精：场上只有 {max} 张",
    ),
    "err.kong_flipped": (
        "kongs: {seat} cannot kong {tile}, the flipped 正精: only {max} are in play",
        "kongs：{seat} 不能杠 {tile}（翻出的正精）：场上只有 {max} 张",
    ),
    "err.heavenly_and_earthly": (
        "a win cannot be both 天胡 (heavenly) and 地胡 (earthly)",
        "一次胡牌不能既是天胡又是地胡",
    ),
    "err.heavenly_not_dealer": (
        "天胡 is the dealer's win on the deal: {winner} is not the dealer ({dealer})",
        "天胡是庄家起手即胡：{winner} 不是庄家（庄家是 {dealer}）",
    ),
    "err.earthly_dealer": (
        "地胡 is a non-dealer's win on the first draw: {winner} is the dealer",
        "地胡是闲家第一次摸牌即胡：{winner} 是庄家",
    ),
    "err.first_turn_discard": (
        "{name} is won on the winner's own tiles: it cannot be off a discard",
        "{name}要胡自己的牌：不能胡别人打出的牌",
    ),
    "err.xingguo_not_winning": (
        "no reading wins: not 4 sets + a pair, 小七, 大七, 十三烂 or 七星十三烂"
        " (with {jing} as wild or at face value)",
        "不成胡：不是四组一对、小七、大七、十三烂或七星十三烂（{jing} 作精或还原都不行）",
    ),
    "err.wild_plain": (
        "a 平胡 that uses a jing as wild must be self-drawn, not won off a discard or a robbed kong"
        " (有精平胡不能抓点炮)",
        "有精平胡只能自摸，不能胡点炮或抢杠（有精平胡不能抓点炮）",
    ),
    "err.jingdiao_structure": (
        "the 13 tiles before the win were complete sets (or six pairs) plus a lone jing, so the"
        " hand may only win by self-draw (已构成精吊结构，不能抓德国点炮或抢杠)",
        "胡牌前的 13 张已是完整的组（或六对）加一张单精，只能自摸"
        "（已构成精吊结构，不能抓德国点炮或抢杠）",
    ),
    "err.jingdiao_structure_deguo": (
        "the 13 tiles before the win were complete sets (or six pairs) plus a lone jing, so the"
        " hand may not win by 抢杠 or off a discard as 德国 (已构成精吊结构，不能抓德国点炮或抢杠)",
        "胡牌前的 13 张已是完整的组（或六对）加一张单精，不能抢杠，也不能德国点炮胡"
        "（已构成精吊结构，不能抓德国点炮或抢杠）",
    ),
    "err.xianggong_winner": (
        "xianggong: the winner ({seat}) cannot be 相公 — a hand with the wrong number of tiles"
        " cannot win",
        "xianggong：胡家（{seat}）不能是相公——牌数不对的手牌不能胡",
    ),
    "warn.jings_assumed": (
        "no jing counts given (--jings): seats {seats} are taken as holding no jing, which"
        " decides 霸胡, 霸精 and the jing scores; give --jings SEAT=Z,F for each seat",
        "没有给各家的精数（--jings）：{seats}家按没有精计算，霸胡、霸精和精分都由此而定；"
        "请用 --jings 座位=正精数,副精数 给出每家的精",
    ),
    "item.jings_assumed": (
        "{seats} taken as holding no jing (no --jings given)",
        "{seats}家按无精计（未给 --jings）",
    ),
    # --- items of the hu (胡计子): the shape's value, each ×2, 德国, the dealer, 抢杠, 精吊
    "item.plain": ("{value}", "{value}"),
    "item.times2": ("×2", "×2"),
    "item.from_each": ("{n} from each", "每家付 {n}"),
    "item.plus_from_each": ("+{n} from each", "每家付 {n}"),
    "item.to_each": ("-{n} to each", "付每家 {n}"),
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
    # --- items of the kongs, the jing (冲关 / 霸精) and 跟庄
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
    # --- ``mjcalc rules xingguo``: tables A–F (titles, row labels, notes)
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
