"""The Shanghai ruleset's options (``rulesets/shanghai.toml``, overridable per request).

``fee`` and ``escape_lezi`` belong to sessions (service fees, escapes); a single hand ignores them,
but they are declared here so one TOML file describes the whole house rule.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from mjcalc.plugin import MAX_AMOUNT, MAX_COUNT, MAX_STAKE, bounded


class ShanghaiOptions(BaseModel):
    """Option values of one Shanghai table; unknown names are an error, never ignored.

    Strict like every request field: ``"5"`` is not 5 and ``true`` is not 1.
    """

    model_config = ConfigDict(extra="forbid", strict=True)

    base: int = bounded(0, MAX_AMOUNT, 1)
    lezi: int = bounded(1, MAX_AMOUNT, 10)
    stake: int = bounded(1, MAX_STAKE, 1)
    fee: int = bounded(0, MAX_AMOUNT, 0, session=True)
    escape_lezi: int = bounded(0, MAX_COUNT, 3, session=True)
    liability: Literal["extra", "full"] = "extra"
    cap_scope: Literal["share", "payer"] = "share"


OPTION_HELP: dict[str, str] = {
    "base": "底分: added to the flowers before doubling once per fan",
    "lezi": "one 勒子 (L): the cap on a share (2 L for 清碰 / 风一色 / 开宝 / 黄番, 4 L for 风碰)",
    "stake": "multiplies every amount (points → silver)",
    "fee": "service fee per seat per normally finished hand (sessions only)",
    "escape_lezi": "an escaping seat pays this many 勒子 (sessions only)",
    "liability": '承包: liable seats pay shares on top ("extra") or instead of the others ("full")',
    "cap_scope": 'the 勒子 cap limits each share ("share") or each payer\'s total in the hand'
    ' ("payer")',
}
