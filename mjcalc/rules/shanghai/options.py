"""The Shanghai ruleset's options (``rulesets/shanghai.toml``, overridable per request).

``fee`` and ``escape_lezi`` belong to sessions (service fees, escapes); a single hand ignores them,
but they are declared here so one TOML file describes the whole house rule.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class ShanghaiOptions(BaseModel):
    """Option values of one Shanghai table; unknown names are an error, never ignored."""

    model_config = ConfigDict(extra="forbid")

    base: int = Field(1, ge=0)
    lezi: int = Field(10, ge=1)
    stake: int = Field(1, ge=1)
    fee: int = Field(0, ge=0)
    escape_lezi: int = Field(3, ge=0)
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
