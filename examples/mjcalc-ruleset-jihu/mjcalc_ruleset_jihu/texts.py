"""The texts of 鸡胡 (key → English, Chinese), added to mjcalc's catalogue when it loads.

Keys start with ``jihu.`` so that they never meet mjcalc's own. (The options' meanings are not
here: each is declared with its option, in :mod:`.options`.)
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # --- items -----------------------------------------------------------------------------
    "jihu.item.fan": ("+{n} fan", "+{n} 番"),
    "jihu.item.each_pung": ("{tile} pung or kong", "{tile}的刻子或杠"),
    "jihu.item.seat_wind": (
        "{tile} is the winner's seat wind (dealer {dealer} sits East)",
        "{tile}是胡家的门风（庄家 {dealer} 坐东）",
    ),
    "jihu.item.round_wind": ("{tile} is the round wind", "{tile}是圈风"),
    "jihu.item.cap": ("{fan} fan (of {total})", "{fan} 番（共 {total} 番）"),
    "jihu.item.cap_detail": ("paid for at most {cap} fan", "最多按 {cap} 番计"),
    "jihu.item.share": ("{base} × 2^{fan} = {share}", "{base} × 2^{fan} = {share}"),
    "jihu.item.share_detail": ("base × 2^fan", "底分 × 2^番"),
    "jihu.item.discard": ("{seat} pays {share}", "{seat} 付 {share}"),
    "jihu.item.discard_detail": ("the discarder pays alone", "点炮者一家付"),
    "jihu.item.self_draw": ("each pays {share}", "每家付 {share}"),
    "jihu.item.self_draw_detail": ("each other seat pays", "其余三家各付"),
    # --- errors ----------------------------------------------------------------------------
    "jihu.err.not_winning": (
        "not a winning hand: 鸡胡 needs four sets and a pair, or seven pairs",
        "不成胡：鸡胡要四组牌加一对将，或七对",
    ),
    "jihu.err.min_fan": (
        "{fan} fan is below this table's minimum of {min} (option min_fan)",
        "只有 {fan} 番，不够本桌起胡的 {min} 番（选项 min_fan）",
    ),
    "jihu.err.after_kong_no_kong": (
        "after_kong: the winner's hand has no kong to have drawn a replacement for",
        "杠上开花：胡家手里没有杠，不会摸杠后补牌",
    ),
    # --- the tables of ``mjcalc rules jihu`` ------------------------------------------------
    "jihu.table.fan_title": ("鸡胡 fan (番)", "鸡胡番种"),
    "jihu.table.fan_columns": ("zh|en|fan|example", "番种|番|例"),
    "jihu.table.fan_note": (
        "each fan counted once per hand, 箭刻 / 门风 / 圈风 once per pung; the reading worth most"
        " is taken; below min_fan a hand may not win",
        "每种番一手计一次，箭刻、门风、圈风每个刻子计一次；取番最多的读法；不够起胡番数不能胡",
    ),
    "jihu.table.pay_title": (
        "Payments: one share = {base} × 2^fan, at most {cap} fan",
        "付分：每份 = {base} × 2^番，最多 {cap} 番",
    ),
    "jihu.table.pay_columns": (
        "fan|discarder pays|self-drawn: each pays|self-drawn: winner gets",
        "番|点炮者付|自摸：每家付|自摸：胡家得",
    ),
    "jihu.table.pay_note": (
        "off a discard the discarder pays one share alone; a self-drawn win is paid one share by"
        " each other seat",
        "点炮由点炮者一家付一份；自摸其余三家各付一份",
    ),
    "jihu.table.discard": ("{winner} wins off {discarder}", "{winner} 胡 {discarder} 点炮"),
    "jihu.table.self_draw": ("{winner} self-draws", "{winner} 自摸"),
    "jihu.table.robs": ("{winner} robs {discarder}'s kong", "{winner} 抢 {discarder} 的杠"),
    "jihu.table.in_round": ("{how}, {wind} round", "{how}，{wind}风圈"),
}
