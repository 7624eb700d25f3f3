"""Shanghai's texts, key → (English, Chinese): its errors, the items of its results, and what
``mjcalc rules shanghai`` shows (the fan table, the 勒子 ladder; the options' meanings are in
:mod:`.options`).

Declared once, by the plug-in (``texts=`` of its ``Plugin``): mjcalc adds them to its catalogue
when the ruleset loads, or when one of its keys is first asked for; no module of this package
adds them itself. The keys are the ruleset's own, never one of mjcalc's.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # --- errors: 承包 seats, flowers given twice, 八花齐 off a discard, hands that may not win
    "err.eight_flowers_discarder": (
        "{inner}. 八花齐 wins on drawing the eighth flower, so it has no discarder",
        "{inner}。八花齐是摸到第八张花时胡的，没有点炮的",
    ),
    "err.liable_winner": (
        "liable lists seat {seat}, the winner: a winner is never liable",
        "liable 里写了胡家 {seat}：胡家不会承包",
    ),
    "err.liable_twice": ("liable lists seat {seat} twice", "liable 里 {seat} 写了两次"),
    "err.flowers_twice": (
        "flowers are written in the hand ({in_hand}) and given by 'flowers' ({given}):"
        " give them one way only",
        "花牌既写在手牌里（{in_hand} 张）又用 'flowers' 给出（{given}）：只能用一种方式",
    ),
    "err.shanghai_not_winning": (
        "not a winning hand: no reading as 4 sets (chows within one suit, pungs, kongs)"
        " + a pair, nor as all honors",
        "不成胡：既不能读成四组（同花色的吃、碰、杠）加一对，也不是全字牌",
    ),
    "err.shanghai_illegal": (
        "{what} may not win in Shanghai; the hands that may win: {hands}",
        "上海麻将不许胡{what}；可以胡的牌型：{hands}",
    ),
    "err.what_seven_pairs": ("seven pairs (七对)", "七对"),
    "err.what_mixed": ("a mixed hand with chows (平胡)", "有吃的杂牌（平胡）"),
    # --- items of the hand's value: fan, flowers, situational fan, the share and its 勒子 cap
    "item.fan": ("+{n} fan", "+{n} 番"),
    "item.flowers": ("+{n} flower{plural}", "+{n} 花"),
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
    # --- items of who pays: shares, 抢杠, 承包, 八花齐, the cap per payer
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
    "item.cap_payer_effect": ("≤ {cap} per payer", "每家最多 {cap}"),
    "item.cap_payer": (
        "what one seat pays is capped at {cap} (cap_scope = payer)",
        "每家一局最多付 {cap}（按人封顶）",
    ),
    # --- ``mjcalc rules shanghai``: the fan table and the 勒子 ladder
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
    # --- the rank table's names in English (by their Chinese name: the session view looks
    # them up as "rank." + the name a rank level carries)
    "rank.待业": ("Jobless", "待业"),
    "rank.麻袋": ("Sack", "麻袋"),
    "rank.临时工": ("Temp", "临时工"),
    "rank.街头一段": ("Street 1st dan", "街头一段"),
    "rank.合同工": ("Contract worker", "合同工"),
    "rank.街头二段": ("Street 2nd dan", "街头二段"),
    "rank.正式工": ("Staff", "正式工"),
    "rank.街头三段": ("Street 3rd dan", "街头三段"),
    "rank.助理主管": ("Assistant supervisor", "助理主管"),
    "rank.街头霸王": ("Street king", "街头霸王"),
    "rank.副主管": ("Deputy supervisor", "副主管"),
    "rank.茶室一段": ("Tea-room 1st dan", "茶室一段"),
    "rank.主管": ("Supervisor", "主管"),
    "rank.茶室二段": ("Tea-room 2nd dan", "茶室二段"),
    "rank.助理经理": ("Assistant manager", "助理经理"),
    "rank.茶室三段": ("Tea-room 3rd dan", "茶室三段"),
    "rank.副经理": ("Deputy manager", "副经理"),
    "rank.茶室不败": ("Tea-room unbeaten", "茶室不败"),
    "rank.经理": ("Manager", "经理"),
    "rank.酒店一段": ("Hotel 1st dan", "酒店一段"),
    "rank.助理总裁": ("Assistant president", "助理总裁"),
    "rank.酒店二段": ("Hotel 2nd dan", "酒店二段"),
    "rank.副总裁": ("Vice president", "副总裁"),
    "rank.酒店三段": ("Hotel 3rd dan", "酒店三段"),
    "rank.总裁": ("President", "总裁"),
    "rank.酒店至尊": ("Hotel supreme", "酒店至尊"),
    "rank.董事": ("Director", "董事"),
    "rank.县级大师": ("County master", "县级大师"),
    "rank.副董事长": ("Vice chairman", "副董事长"),
    "rank.市级大师": ("City master", "市级大师"),
    "rank.董事长": ("Chairman", "董事长"),
    "rank.省级大师": ("Provincial master", "省级大师"),
    "rank.赌王": ("King of gamblers", "赌王"),
    "rank.国家大师": ("National master", "国家大师"),
    "rank.赌圣": ("Saint of gamblers", "赌圣"),
    "rank.国际大师": ("International master", "国际大师"),
    "rank.赌神": ("God of gamblers", "赌神"),
    "rank.特级大师": ("Grandmaster", "特级大师"),
    "rank.边锋首富": ("Richest on Bianfeng", "边锋首富"),
    "rank.麻将部长": ("Mahjong minister", "麻将部长"),
    "rank.中国首富": ("Richest in China", "中国首富"),
    "rank.麻将总理": ("Mahjong premier", "麻将总理"),
    "rank.亚洲首富": ("Richest in Asia", "亚洲首富"),
    "rank.麻将总统": ("Mahjong president", "麻将总统"),
    "rank.世界首富": ("Richest in the world", "世界首富"),
    "rank.麻将皇帝": ("Mahjong emperor", "麻将皇帝"),
    "rank.财神": ("God of wealth", "财神"),
    "rank.麻将无敌": ("Mahjong invincible", "麻将无敌"),
    # --- session carries: what the session view shows of 开宝 and 黄番
    "session.shanghai.carried": (
        "开宝 {kaibao}, 黄番 {huangfan}",
        "开宝 {kaibao}，黄番 {huangfan}",
    ),
    "session.shanghai.draw_carry": (
        "drawn hand 黄 (pending 开宝 {kaibao}, 黄番 {huangfan})",
        "黄庄（待开宝 {kaibao}，黄番 {huangfan}）",
    ),
}
