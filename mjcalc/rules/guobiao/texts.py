"""Guobiao's texts, key → (English, Chinese): its errors, the items of its results and what
``mjcalc rules guobiao`` shows (each option's meaning is declared with the option, in
:mod:`.options`; each fan's names in the fan table). Declared once, by the plug-in (``texts=``
of its ``Plugin``); every key starts with ``gb.``, so none is another ruleset's.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # --- errors
    "gb.err.not_winning": (
        "no reading wins: not 4 sets + a pair, 七对 (seven pairs), 十三幺 (thirteen orphans),"
        " 全不靠 / 七星不靠 (knitted and honors) or 组合龙 (knitted straight) + a set + a pair",
        "不成胡：不是四组一对、七对、十三幺、全不靠/七星不靠，也不是组合龙加一组一对",
    ),
    "gb.err.below_minimum": (
        "{fan} fan ({names}) is below the minimum of {min} fan (flowers not counted)",
        "{fan} 番（{names}）不够 {min} 番起和（花牌不计）",
    ),
    "gb.err.no_fan": ("no fan", "无番"),
    "gb.err.flower_win": (
        "a flower cannot be the winning tile ({tile}): flowers are set aside and replaced",
        "花牌（{tile}）不能是胡张：花牌要补花，不能胡",
    ),
    "gb.err.rob_last_tile": (
        "robbing_kong with last_tile_of_wall: no kong can be added once the wall's last tile is"
        " drawn (it has no replacement)",
        "抢杠与海底不能同时成立：摸了最后一张牌后不能再开杠（没有牌可补）",
    ),
    "gb.err.last_of_kind_held": (
        "last_of_kind (和绝张): the hand holds {held} concealed × {tile}, so the other three are"
        " not all shown",
        "和绝张：手里暗藏 {held} 张 {tile}，其余三张并未全部亮明",
    ),
    "gb.warn.rob_last_of_kind": (
        "last_of_kind ignored: a robbed kong's tile is the last of its kind, and 抢杠和 does not"
        " count 和绝张 beside it",
        "已忽略和绝张：被抢的杠牌本就是绝张，抢杠不再另计和绝张",
    ),
    # --- items
    "gb.item.fan": ("{n} fan", "{n} 番"),
    "gb.item.fan_times": ("{value} fan × {k}", "{value} 番 × {k}"),
    "gb.item.total": ("{n} fan in all", "共 {n} 番"),
    "gb.item.base": ("{n} from each", "每家 {n}"),
    "gb.item.base_detail": (
        "the base: every other seat pays it to the winner",
        "底分：其余每家都付给胡牌者",
    ),
    "gb.item.from_each": ("{n} from each", "每家付 {n}"),
    "gb.item.self_drawn_detail": (
        "self-drawn: each other seat pays the base + the fan",
        "自摸：其余每家付底分加番数",
    ),
    "gb.item.discarder": ("{n} from the discarder", "点炮者付 {n}"),
    "gb.item.discarder_detail": (
        "{seat} discarded: it pays {full} (the base + the fan), each other seat {base}",
        "{seat}点炮：付 {full}（底分加番数），其余每家付 {base}",
    ),
    # --- ``mjcalc rules guobiao``
    "gb.rules.title_fan": ("A 番 the 81 fan", "A 番种表"),
    "gb.rules.fan_columns": ("fan|id|中文|English", "番数|id|中文|英文"),
    "gb.rules.note_fan": (
        "a hand needs {min} fan, flowers not counted; each 花牌 adds 1; the hand is scored on"
        " its best arrangement, a fan implied by a bigger one not counted again",
        "起和 {min} 番，花牌不计；每张花牌加 1 番；按番数最高的组合计算，被大番包含的番不重复计",
    ),
    "gb.rules.title_pay": ("B payments", "B 付分"),
    "gb.rules.pay_columns": ("the discarder|each other seat|in all", "点炮者|其余每家|合计"),
    "gb.rules.pay_discard": ("off a discard, {n} fan", "点炮，{n} 番"),
    "gb.rules.pay_self": ("self-drawn, {n} fan", "自摸，{n} 番"),
    "gb.rules.note_pay": (
        "base {base}: off a discard the discarder pays base + fan, each other seat the base;"
        " self-drawn, each of the three pays base + fan; a false win (错和) pays {penalty} to"
        " each other seat",
        "底分 {base}：点炮时点炮者付底分加番数，其余每家付底分；自摸时三家各付底分加番数；"
        "错和者付其余每家 {penalty}",
    ),
}
