"""Nanchang: the options of ``rulesets/nanchang.toml`` (overridable per request), each declared
once with its default and its meaning in English and Chinese (``mjcalc rules``).

The first five are the readings where the engine this ruleset follows and its player's guide
disagree (docs/rules/nanchang.md, "Readings"): the engine's is the default.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from mjcalc.plugin import MAX_AMOUNT, MAX_STAKE, bounded_option, option


class NanchangOptions(BaseModel):
    """House-rule values of ``rulesets/nanchang.toml`` (strict: a typo never changes a score)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    german_doubles: Literal["engine", "guide"] = option(
        "engine",
        '"engine": 德国 adds the reward only, 德中德 doubles (×2); "guide": 德国 ×2, 德中德 ×4',
        '"engine"：德国只加奖励，德中德 ×2；"guide"：德国 ×2，德中德 ×4',
    )
    dealer_pays_double: Literal["any", "discarder"] = option(
        "any",
        '"any": the dealer doubles its own share whenever it pays; "discarder": only when it'
        " dealt in (its discard, or its kong robbed)",
        '"any"：庄家付钱时自己那份总是翻倍；"discarder"：只在庄家点炮（或被抢杠）时翻倍',
    )
    discarded_jing_wild: bool = option(
        True,
        "a jing won off a discard or a robbed kong stays wild (false: it is an ordinary tile)",
        "胡别人打出（或抢杠）的精仍是万能牌（false：当作普通牌）",
    )
    jingdiao_scope: Literal["wide", "pair_wait"] = option(
        "wide",
        '精钓: "wide", any self-drawn tile that can be the pair of a four-sets reading while the'
        ' winner holds a jing; "pair_wait", only the pair of a lone jing and the drawn tile',
        '精钓："wide" 胡家有精时，自摸的牌能在四组一对中作将即算；"pair_wait" 只算单精钓将',
    )
    jing_kong: Literal["raw", "flat"] = option(
        "raw",
        '杠精: "raw", +10 to the seat\'s jing count before 冲关 and 霸王精; "flat", 10 from each'
        " other seat beside the jing settlement",
        '杠精："raw" 精数加 10 再算冲关和霸王精；"flat" 另外每家付 10，不计冲关',
    )
    german_bonus: int = bounded_option(
        0,
        MAX_AMOUNT,
        5,
        "德国 / 德中德 reward: every payer adds it to its share, never multiplied",
        "德国/德中德奖励：每个付钱的人都加，不翻倍",
    )
    exposed_kong_score: int = bounded_option(
        0, MAX_AMOUNT, 1, "明杠 off a discard: each other seat pays", "明杠：其余每家付"
    )
    added_kong_score: int = bounded_option(
        0, MAX_AMOUNT, 1, "补杠 (pung → kong): each other seat pays", "补杠：其余每家付"
    )
    concealed_kong_score: int = bounded_option(
        0, MAX_AMOUNT, 2, "暗杠: each other seat pays", "暗杠：其余每家付"
    )
    jing_kong_score: int = bounded_option(
        0,
        MAX_AMOUNT,
        10,
        "杠精 (a kong of a jing kind): added to the jing count, or paid by each (jing_kong)",
        "杠精：加到精数上，或每家另付（见 jing_kong）",
    )
    heavenly_score: int = bounded_option(
        0,
        MAX_AMOUNT,
        20,
        "天胡 / 地胡: each of the three pays this, nothing else applies",
        "天胡/地胡：三家各付此数，不再计其它",
    )
    follow_dealer_score: int = bounded_option(
        0, MAX_AMOUNT, 5, "跟庄: the dealer pays each other seat", "跟庄：庄家付其余每家"
    )
    stake: int = bounded_option(
        1, MAX_STAKE, 1, "multiplies every amount (points → money)", "所有数额的倍数（分→钱）"
    )
