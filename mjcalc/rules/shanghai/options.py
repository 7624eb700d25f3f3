"""The Shanghai ruleset's options (``rulesets/shanghai.toml``, overridable per request), each
declared once with its default and its meaning in English and Chinese (``mjcalc rules``).

``fee`` and ``escape_lezi`` belong to sessions (service fees, escapes); a single hand ignores them,
but they are declared here so one TOML file describes the whole house rule.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from mjcalc.plugin import MAX_AMOUNT, MAX_COUNT, MAX_STAKE, bounded_option, option


class ShanghaiOptions(BaseModel):
    """Option values of one Shanghai table; unknown names are an error, never ignored.

    Strict like every request field: ``"5"`` is not 5 and ``true`` is not 1.
    """

    model_config = ConfigDict(extra="forbid", strict=True)

    base: int = bounded_option(
        0,
        MAX_AMOUNT,
        1,
        "底分: added to the flowers before doubling once per fan",
        "底分：翻倍前加在花数上",
    )
    lezi: int = bounded_option(
        1,
        MAX_AMOUNT,
        10,
        "one 勒子 (L): the cap on a share (2 L for 清碰 / 风一色 / 开宝 / 黄番, 4 L for 风碰)",
        "一个勒子：每份的封顶（清碰/风一色/开宝/黄番 2 个，风碰 4 个）",
    )
    stake: int = bounded_option(
        1, MAX_STAKE, 1, "multiplies every amount (points → silver)", "所有数额的倍数（分→银子）"
    )
    fee: int = bounded_option(
        0,
        MAX_AMOUNT,
        0,
        "service fee per seat per normally finished hand (sessions only)",
        "台费：每局正常结束每家付（牌局记录用）",
        session=True,
    )
    escape_lezi: int = bounded_option(
        0,
        MAX_COUNT,
        3,
        "an escaping seat pays this many 勒子 (sessions only)",
        "逃跑者付的勒子数（牌局记录用）",
        session=True,
    )
    liability: Literal["extra", "full"] = option(
        "extra",
        '承包: liable seats pay shares on top ("extra") or instead of the others ("full")',
        '承包："extra" 承包者在原有份额外另付；"full" 承包者代替他人全付',
    )
    cap_scope: Literal["share", "payer"] = option(
        "share",
        'the 勒子 cap limits each share ("share") or each payer\'s total in the hand ("payer")',
        '勒子封顶："share" 每份封顶；"payer" 每家一局付的总数封顶',
    )
