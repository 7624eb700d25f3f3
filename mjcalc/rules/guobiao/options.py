"""Guobiao: the options of ``rulesets/guobiao.toml`` (overridable per request, but for the
table's: ``false_win_penalty`` and ``rounds``), each declared once with its default and its
meaning in English and Chinese (``mjcalc rules guobiao``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from mjcalc.plugin import MAX_AMOUNT, MAX_STAKE, bounded_option, option

MAX_ROUNDS = 64
"""At most this many rounds of four hands in a match (the header's ``rounds``)."""


class GuobiaoOptions(BaseModel):
    """House-rule values of ``rulesets/guobiao.toml`` (strict: a typo never changes a score)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    base: int = bounded_option(
        0,
        MAX_AMOUNT,
        8,
        "底分: every other seat pays it to the winner, beside the fan",
        "底分：其余每家都付给胡牌者，另加番数",
    )
    minimum: int = bounded_option(
        1,
        88,
        8,
        "起和番: the least fan a win needs, flowers not counted",
        "起和番：胡牌最少要有的番数，花牌不计",
    )
    concealed_and_melded_kong: bool = option(
        True,
        "明暗杠: one concealed and one melded kong score 5 (false: 暗杠 2 + 明杠 1)",
        "明暗杠：一暗杠一明杠计 5 番（false：暗杠 2 番加明杠 1 番）",
    )
    false_win_penalty: int = bounded_option(
        0,
        MAX_AMOUNT,
        10,
        "错和: the false declarer pays each other seat (used by `mjcalc session`)",
        "错和：错和者付其余每家（牌局记录用）",
        session=True,
    )
    rounds: int = bounded_option(
        1,
        MAX_ROUNDS,
        4,
        "rounds of four hands in a match (used by `mjcalc session`): 4 = 16 hands, E S W N",
        "一局的圈数，每圈四盘（牌局记录用）：4 圈即 16 盘，东南西北",
        session=True,
    )
    stake: int = bounded_option(
        1, MAX_STAKE, 1, "multiplies every amount (points → money)", "所有数额的倍数（分→钱）"
    )
