"""Texts of ``mjcalc waits`` (key → English, Chinese): its errors (``err.waits_*``) and its view
(``waits.*``)."""

from __future__ import annotations

WAITS: dict[str, tuple[str, str]] = {
    # --- errors ---
    "err.waits_not_object": ("a request must be a JSON object", "请求必须是一个 JSON 对象"),
    "err.waits_no_rules": (
        "missing field 'rules' (e.g. \"{example}\")",
        "缺少字段 'rules'（例如 \"{example}\"）",
    ),
    "err.waits_field": (
        "'{field}' describes the winning tile: waits tries every tile and every way to win"
        " by itself",
        "'{field}' 描述的是胡张：waits 会自己尝试每一张牌和每一种胡法",
    ),
    "err.waits_count": (
        "{n} tiles{kongs}; waits takes {ready} (what a hand waits on) or {full} (what to discard)",
        "{n} 张牌{kongs}；waits 需要 {ready} 张（看听什么）或 {full} 张（看打哪张）",
    ),
    "err.waits_out_of_play": (
        "the hand holds {n} × {tile}, but only {in_play} are in play",
        "手牌有 {n} 张 {tile}，但场上只有 {in_play} 张",
    ),
    "err.waits_held_elsewhere": (
        "the hand holds {n} × {tile} and the request gives other seats {other}, but only"
        " {in_play} are in play",
        "手牌有 {n} 张 {tile}，请求又给其他家 {other} 张，但场上只有 {in_play} 张",
    ),
    # --- the view ---
    "waits.tile": ("tile", "牌"),
    "waits.left": ("left", "剩余"),
    "waits.pattern": ("pattern", "牌型"),
    "waits.self_draw": ("self-draw", "自摸"),
    "waits.off": ("off {seat}", "{seat}点炮"),
    "waits.no": ("—", "—"),
    "waits.fan": ("fan", "番"),
    "waits.short": ("short", "不够"),
    "waits.short_pattern": ("not enough fan", "番数不够"),
    "waits.short_all": (
        "Not ready to win: it waits on {kinds} kind{s} of tile by shape, but none reaches the"
        " minimum fan",
        "未能胡牌：按牌形听 {kinds} 种牌，但没有一张够起和番",
    ),
    "waits.short_legend": (
        "fan: self-drawn / off a discard; short: under the minimum fan, no win that way",
        "番：自摸 / 点炮；不够：不够起和番，不能这样胡",
    ),
    "waits.ready": (
        "Ready: waits on {kinds} kind{s} of tile, {left} tile{ls} left",
        "听牌：听 {kinds} 种牌，还剩 {left} 张",
    ),
    "waits.ready_none": (
        "Ready by shape, but no tile it waits on is left to draw or allowed to win",
        "已成听牌形，但所听的牌已无剩余或不能胡",
    ),
    "waits.any_tile": (
        "Waits on every tile (a lone wild: 精吊 structure), {left} tiles left",
        "听任何牌（单吊精：精吊结构），还剩 {left} 张",
    ),
    "waits.any_other": ("any other ({kinds} kinds)", "其他任何牌（{kinds} 种）"),
    "waits.shanten": (
        "Not ready: shanten {n} ({n} tile change{s} from ready)",
        "未听牌：{n} 向听（再换 {n} 张牌才听牌）",
    ),
    "waits.impossible": (
        "This hand can never win under these rules (its melds rule out every winning hand)",
        "按此规则这手牌不可能胡（副露已排除所有可胡的牌型）",
    ),
    "waits.improving": (
        "Tiles that improve it ({kinds} kind{s}, {left} left): {tiles}",
        "进张（{kinds} 种，{left} 张）：{tiles}",
    ),
    "waits.complete": (
        "Complete already (shanten -1): `mjcalc score` prices the win. Discards that keep it"
        " ready:",
        "已经是胡牌的牌形（-1 向听）：用 `mjcalc score` 计算得分。打出后仍听牌的牌：",
    ),
    "waits.discard_ready": (
        "Discard {tile}: waits on {kinds} kind{s}, {left} left, value {value}",
        "打 {tile}：听 {kinds} 种，剩 {left} 张，价值 {value}",
    ),
    "waits.discard_shanten": (
        "Discard {tile}: shanten {n}, {kinds} improving kind{s} ({left} tiles): {tiles}",
        "打 {tile}：{n} 向听，进张 {kinds} 种 {left} 张：{tiles}",
    ),
    "waits.discards_ready": (
        "Discards that leave the hand ready: {n}, best first (tiles left × self-draw value)",
        "打出后听牌的打法：{n} 种，按（剩余张数 × 自摸得分）从好到差",
    ),
    "waits.discards_none": (
        "No discard leaves it ready; the best keep shanten {n}:",
        "打哪张都不能听牌；以下打法保持 {n} 向听：",
    ),
    "waits.legend": (
        "amounts: the winner's net gain; — : not allowed that way",
        "金额为胡家净得分；— 表示不能这样胡",
    ),
    "waits.patterns": ("patterns: {patterns}", "牌型：{patterns}"),
    "waits.refused": ("not allowed: {reason}", "不能胡：{reason}"),
    "waits.score_hint": (
        "a hand that waits for its winning tile: `mjcalc waits` lists what it waits on",
        "这手牌还在等胡张：用 `mjcalc waits` 查看听什么牌",
    ),
}
