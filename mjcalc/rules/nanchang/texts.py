"""Nanchang's texts, key → (English, Chinese): its errors, the items of its results and what
``mjcalc rules nanchang`` shows (each option's meaning is declared with the option, in
:mod:`.options`). Declared once, by the plug-in (``texts=`` of its ``Plugin``); every key
starts with ``nc.`` (but its own ledger section's), so none is another ruleset's.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # --- errors
    "nc.err.jing_flower": (
        "jing: Nanchang has no flowers ({text})",
        "jing：南昌麻将没有花牌（{text}）",
    ),
    "nc.err.jings_winner": (
        "jings: the winner's jing ({seat}) are read from its hand; give only the other seats'",
        "jings：胡家（{seat}）的精从手牌中数出，只需给出其他三家的",
    ),
    "nc.err.jings_total": (
        "jings: {n} × {tile} ({zh}) counted across the seats, but there are only {max}",
        "jings：各家共计 {n} 张 {tile}（{zh}），但只有 {max} 张",
    ),
    "nc.err.not_winning": (
        "no reading wins: not 4 sets + a pair (each set and the pair holding a tile that is no"
        " jing), 小七, 大七, 十三烂 or 七星十三烂 (jing: {jing})",
        "不成胡：不是四组一对（每组和将都要有一张不是精的牌）、小七、大七、十三烂或七星十三烂（{jing}）",
    ),
    "nc.err.lan_discard": (
        "a {shape} cannot be won off a discard (only self-drawn, or by robbing a kong)",
        "{shape}不能胡别人打出的牌（只能自摸或抢杠）",
    ),
    "nc.err.heavenly_and_earthly": (
        "a win cannot be both 天胡 (heavenly) and 地胡 (earthly)",
        "一次胡牌不能既是天胡又是地胡",
    ),
    "nc.err.heavenly": (
        "天胡 is the dealer's self-draw on its dealt tiles: {winner} won, {dealer} deals",
        "天胡是庄家起手自摸：胡家是 {winner}，庄家是 {dealer}",
    ),
    "nc.err.earthly": (
        "地胡 is a non-dealer's win off the dealer's first discard ({dealer} deals)",
        "地胡是闲家胡庄家打出的第一张牌（庄家是 {dealer}）",
    ),
    "nc.err.flip_flower": (
        "opening_flip: the settlement tile cannot be a flower ({text})",
        "opening_flip：结算牌不能是花牌（{text}）",
    ),
    "nc.err.flip_copies": (
        "opening_flip: {n} × {tile} dealt across the seats, but only {max} can be (the"
        " settlement tile and the jing indicator stay in the wall)",
        "opening_flip：各家起手共 {n} 张 {tile}，但最多只能有 {max} 张（结算牌和精牌都留在牌墙里）",
    ),
    "nc.err.kong_flower": ("kongs: a kong of a flower ({tile})", "kongs：花牌不能杠（{tile}）"),
    "nc.warn.jings_assumed": (
        "no jing counts given (--jings): seats {seats} are taken as holding no jing, which"
        " decides 德中德, 霸王精 and the jing settlement; give --jings SEAT=Z,F (or JSON"
        ' "jings": {{}} when nobody else holds one)',
        "没有给各家的精数（--jings）：{seats}家按没有精计算，德中德、霸王精和精分都由此而定；"
        '请用 --jings 座位=正精数,副精数 给出（别家都没有精时 JSON 写 "jings": {{}}）',
    ),
    # --- the ledger section of the opening flip (mjcalc names the others)
    "section.opening_flip": ("opening flip", "上下翻精"),
    # --- items of the hu
    "nc.item.factor": ("×{n}", "×{n}"),
    "nc.item.times": ("×{n}", "×{n}"),
    "nc.item.plus": ("+{n}", "+{n}"),
    "nc.item.plus_times": ("+{n} ×{k}", "+{n} ×{k}"),
    "nc.item.from_each": ("{n} from each", "每家付 {n}"),
    "nc.item.plus_from_each": ("+{n} from each", "每家付 {n}"),
    "nc.item.to_each": ("-{n} to each", "付每家 {n}"),
    "nc.item.factor_detail": (
        "the hand factor: one share starts at it",
        "牌型倍数：每份从这里算起",
    ),
    "nc.item.german": (
        "德国: the 14 tiles win with every jing at face value (german_doubles = guide)",
        "德国：十四张牌把精都当本身也能胡（german_doubles = guide）",
    ),
    "nc.item.true_german": (
        "德中德: no jing in the winner's tiles, none held by any other seat",
        "德中德：胡家没有精，其他三家也都没有精",
    ),
    "nc.item.jingdiao": (
        "精钓: the self-drawn {drawn} is the pair with {lone}",
        "精钓：自摸的 {drawn} 和 {lone} 成将",
    ),
    "nc.item.after_kong": ("杠开: won on a kong's replacement tile", "杠开：杠后补牌自摸"),
    "nc.item.dealer_won": ("the dealer won: every share doubled", "庄家胡：每份翻倍"),
    "nc.item.self_draw": ("each other seat pays two shares", "其余每家付两份"),
    "nc.item.discard": (
        "{seat} discarded: it pays two shares, each other seat one",
        "{seat} 点炮：付两份，其余每家付一份",
    ),
    "nc.item.robbing": (
        "{seat}'s kong robbed: it alone pays the three self-draw shares",
        "抢 {seat} 的杠：由开杠的人一人付三家的自摸份额",
    ),
    "nc.item.robbing_effect": ("×2 ×3", "×2 ×3"),
    "nc.item.dealer_pays": ("the dealer pays its own share double", "庄家自己那份翻倍"),
    "nc.item.bonus_detail": (
        "added by every payer after the doublings, never doubled",
        "每个付钱的人在翻倍之后另加，本身不翻倍",
    ),
    "nc.item.flat": ("a flat amount: no other factor applies", "固定数额：不再计任何倍数"),
    # --- kongs, jing, the opening flip, 跟庄
    "nc.kind.concealed": ("concealed", "暗杠"),
    "nc.kind.exposed": ("exposed", "明杠"),
    "nc.kind.added": ("added", "补杠"),
    "nc.item.kong_tile": (" of {tile}", " {tile}"),
    "nc.item.kong_detail": ("{kind} kong{tile}", "{kind}{tile}"),
    "nc.item.jing_kong_flat": (
        "a kong of the jing {tile}, beside the jing settlement (jing_kong = flat)",
        "杠精 {tile}，在精分之外另付（jing_kong = flat）",
    ),
    "nc.item.jing_count": (
        "2 × {main} 正精 + {secondary} 副精 = {raw}",
        "2 × {main} 正精 + {secondary} 副精 = {raw}",
    ),
    "nc.item.jing_count_kongs": (
        "2 × {main} 正精 + {secondary} 副精 + {each} × {k} 杠精 = {raw}",
        "2 × {main} 正精 + {secondary} 副精 + {each} × {k} 杠精 = {raw}",
    ),
    "nc.item.chongguan": (
        "{raw} → {raw} × {k} = {score} from each",
        "{raw} → {raw} × {k} = {score}，每家付",
    ),
    "nc.item.bawang": (
        "the only seat scoring jing: {old} → {new} from each",
        "只有一家有精分：{old} → {new}，每家付",
    ),
    "nc.item.flip": (
        "dealt {c} × {t} and {d} × {after}: 2 × {c} + {d} = {n}",
        "起手 {c} 张 {t}、{d} 张 {after}：2 × {c} + {d} = {n}",
    ),
    "nc.item.flip_sole": (
        "the only seat dealt either tile: every amount doubled",
        "只有一家起手有这两种牌：所有数额翻倍",
    ),
    "nc.item.follow_dealer": (
        "the first four discards were the same tile",
        "头四张打出的牌相同",
    ),
    # --- ``mjcalc rules nanchang``: tables A–C (titles, row labels, notes)
    "nc.rules.title_a": ("A 胡 the hu of each shape", "A 各牌型的胡分"),
    "nc.rules.title_b": ("B factors and flat amounts", "B 倍数与固定数额"),
    "nc.rules.title_c": ("C 精 jing: 冲关 and 霸王精", "C 精分：冲关与霸王精"),
    "nc.rules.dealer_self": ("庄家自摸 dealer self-draws", "庄家自摸"),
    "nc.rules.other_self": ("闲家自摸 non-dealer self-draws", "闲家自摸"),
    "nc.rules.dealer_off": ("闲家点庄家 the dealer wins off a discard", "闲家点庄家"),
    "nc.rules.dealer_discards": ("庄家点闲家 the dealer discards to a non-dealer", "庄家点闲家"),
    "nc.rules.other_off": ("闲家点闲家 non-dealer off a non-dealer", "闲家点闲家"),
    "nc.rules.rob_other": ("抢闲家的杠 robbing a non-dealer's kong", "抢闲家的杠"),
    "nc.rules.rob_dealer": ("抢庄家的杠 robbing the dealer's kong", "抢庄家的杠"),
    "nc.rules.note_a": (
        "hu shares of the paying seats, largest first = total (kongs and jing aside); dealer E;"
        " 正精 9p, 副精 1p, held only where the hand needs a wild; N holds a 副精, so no 德中德;"
        " — : not allowed (十三烂 off a discard) or no such hand",
        "各付款家的胡分（大的在前）= 合计（杠、精另算）；庄家東；正精 9p、副精 1p，只在需要时才有；"
        "北家有一个副精，所以没有德中德；—：不能胡（十三烂不能胡点炮）或没有这样的牌",
    ),
    "nc.rules.b_columns": ("factor of a share|added per payer", "每份的倍数|每家另加"),
    "nc.rules.b_german": ("德国: the 14 tiles win at face value", "德国：精当本身也能胡"),
    "nc.rules.b_true_german": ("德中德: no jing at the table", "德中德：全桌没有精"),
    "nc.rules.b_jingdiao": ("精钓: the self-drawn tile is the pair", "精钓：自摸的牌作将"),
    "nc.rules.b_after_kong": ("杠开: self-drawn on a kong's replacement", "杠开：杠后自摸"),
    "nc.rules.b_dealer": ("庄家: the dealer wins", "庄家：庄家胡"),
    "nc.rules.b_dealer_pays": ("庄家付: the dealer's own share", "庄家付：庄家自己那份"),
    "nc.rules.b_heavenly": ("天胡 / 地胡: flat, from each", "天胡/地胡：每家固定付"),
    "nc.rules.b_kongs": ("明杠 / 补杠 / 暗杠, from each", "明杠/补杠/暗杠，每家付"),
    "nc.rules.b_jing_kong_raw": ("杠精: added to the maker's jing count", "杠精：加到精数上"),
    "nc.rules.b_jing_kong_flat": ("杠精: from each, beside the jing", "杠精：精分之外每家另付"),
    "nc.rules.b_follow": ("跟庄: the dealer pays each", "跟庄：庄家付每家"),
    "nc.rules.note_b": (
        "each factor measured on W's share of a non-dealer's self-drawn 平胡, with and without"
        " it (the 德国 reward left out); the amounts are the options'",
        "每个倍数都是比较闲家自摸平胡时西家的份额得出（有无该项，不计德国奖励）；数额来自选项",
    ),
    "nc.rules.c_columns": ("冲关 count → score|霸王精 sole holder", "冲关|霸王精（独家有精）"),
    "nc.rules.c_row": ("{n} jing", "{n} 精"),
    "nc.rules.c_kong_secondary": ("a kong of 副精: 4 + {k}", "杠副精：4 + {k}"),
    "nc.rules.c_kong_main": ("a kong of 正精: 8 + {k}", "杠正精：8 + {k}"),
    "nc.rules.note_c": (
        "count = 2 × 正精 + 1 × 副精 (+ each 杠精); each seat collects its score from each other"
        " seat (net = 4 × own − the four scores); the only seat scoring doubles it",
        "精数 = 2 × 正精 + 1 × 副精（加杠精）；每家向其余每家收自己的精分"
        "（净得 = 4 × 自己 − 四家之和）；只有一家有精分时翻倍",
    ),
}
