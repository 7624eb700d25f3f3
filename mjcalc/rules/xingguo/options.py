"""Xingguo 冲关: the options of ``rulesets/xingguo.toml`` (overridable per request), each
declared once with its default and its meaning in English and Chinese (``mjcalc rules``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from mjcalc.plugin import MAX_AMOUNT, MAX_STAKE, bounded_option, option


class XingguoOptions(BaseModel):
    """House-rule values of ``rulesets/xingguo.toml`` (strict: a typo never changes a score)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    honor_sets: Literal["same_class", "any_distinct"] = option(
        "same_class",
        '烂风 sets: "same_class" (3 winds or 中發白) or "any_distinct" (any 3 honors)',
        '烂风组："same_class" 三张不同风牌或中發白；"any_distinct" 任意三张不同字牌',
    )
    seven_star_jing: bool = option(
        False,
        "may a jing stand in for one of the 7 honors of 七星十三烂",
        "七星十三烂的七张字牌能否用精代替",
    )
    seven_pairs_four_as_two: bool = option(
        True, "小七: four of a kind counts as two pairs", "小七：四张相同算两对"
    )
    bahu_scope: Literal["all", "others"] = option(
        "all",
        '霸胡 when no seat holds jing ("all") or no seat but the winner ("others")',
        '霸胡："all" 所有家都没有精；"others" 除胡家外都没有精',
    )
    bawang: Literal["double", "plus10"] = option(
        "double",
        '霸精: the sole jing holder\'s score is doubled ("double") or gets +10 ("plus10")',
        '霸精：独家有精时精分 "double" 翻倍，或 "plus10" 加 10',
    )
    deguo_bonus: int = bounded_option(
        0,
        MAX_AMOUNT,
        5,
        "德国 reward, added after every doubling (paid by the discarder, or all)",
        "德国奖励，翻倍之后再加（点炮者付，自摸则每家付）",
    )
    kong_score: int = bounded_option(
        0,
        MAX_AMOUNT,
        2,
        "each other seat pays a kong's owner this much (never doubled)",
        "每个杠其余每家付的分（庄家不翻倍）",
    )
    jing_kong_score: int = bounded_option(
        0,
        MAX_AMOUNT,
        10,
        "each other seat pays this for a kong of jing tiles (杠精)",
        "杠精：其余每家付的分",
    )
    heavenly_score: int = bounded_option(
        0, MAX_AMOUNT, 20, "天胡 / 地胡: flat amount per payer", "天胡/地胡：每家固定付的分"
    )
    heavenly_jingdiao_score: int = bounded_option(
        0,
        MAX_AMOUNT,
        40,
        "天胡 / 地胡 on a 精吊 reading: flat amount per payer",
        "精吊天胡/地胡：每家固定付的分",
    )
    earthly_off_discard: bool = option(
        False,
        "地胡 may also be won off a discard (the dealer's first discard)",
        "地胡也可以胡庄家打出的第一张牌",
    )
    follow_dealer_score: int = bounded_option(
        0,
        MAX_AMOUNT,
        5,
        "跟庄: the dealer pays each other seat this much per round",
        "跟庄：每轮庄家付其余每家的分",
    )
    false_win_score: int = bounded_option(
        0,
        MAX_AMOUNT,
        20,
        "诈胡: the false declarer pays each other seat (used by `mjcalc session`)",
        "诈胡：诈胡者付其余每家的分（牌局记录用）",
        session=True,
    )
    stake: int = bounded_option(
        1, MAX_STAKE, 1, "multiplies every amount (points → money)", "所有数额的倍数（分→钱）"
    )
    robbed_kong_deguo: Literal["once", "per_share"] = option(
        "once",
        '抢杠 德国: the kong maker pays the reward "once", or on each of the three shares it'
        ' takes over ("per_share")',
        '抢杠德国：杠家付德国奖励 "once" 一次，或 "per_share" 三份各付一次',
    )
    jingdiao_discard: Literal["none", "non_deguo"] = option(
        "none",
        '精吊 structure off a discard: no discard win ("none"), or every one but a 德国 win'
        ' ("non_deguo"); 抢杠 is refused either way',
        '精吊结构遇点炮："none" 一律不能胡，或 "non_deguo" 只是不能德国点炮胡；抢杠都不能胡',
    )
