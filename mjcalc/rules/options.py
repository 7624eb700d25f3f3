"""A ruleset's option, declared in one place: its default, its meaning in English and in Chinese.

An option's meaning is shown by ``mjcalc rules NAME`` (text and ``--json``) and the server's
``/api/rules/NAME``. Kept on the option's own field, it cannot drift from the options model: an
option added, renamed or removed takes its meaning with it, and no table of meanings beside the
model (nor a catalogue key per option) has to follow it::

    class JihuOptions(BaseModel):
        base: int = bounded_option(1, MAX_AMOUNT, 1, "底分: one share is base × 2^fan",
                                   "底分：每份 = 底分 × 2^番")
        seven_pairs: bool = option(True, "七对 wins", "七对可以胡")

The meanings ride in the field's ``json_schema_extra`` (``help``, ``help_zh``), where Pydantic
keeps what it does not read itself, beside ``session_only`` (an option only sessions use).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field
from pydantic.fields import FieldInfo

HELP = "help"
HELP_ZH = "help_zh"
SESSION_ONLY = "session_only"
"""The keys of an option field's ``json_schema_extra`` that mjcalc reads."""


def _extra(en: str, zh: str | None, session: bool) -> dict[str, Any]:
    extra: dict[str, Any] = {HELP: en}
    if zh is not None:
        extra[HELP_ZH] = zh
    if session:
        extra[SESSION_ONLY] = True
    return extra


def option(default: Any, en: str, zh: str | None, *, session: bool = False) -> Any:
    """An option's field: its ``default`` and its meaning in English (``en``) and Chinese
    (``zh``; ``None``: the Chinese view shows none). ``session``: an option only ``mjcalc
    session`` uses (setting it for one hand is warned about)."""
    return Field(default, description=en, json_schema_extra=_extra(en, zh, session))


def bounded_option(
    low: int, high: int, default: int, en: str, zh: str | None, *, session: bool = False
) -> Any:
    """A whole-number option from ``low`` to ``high`` (both included, strict: ``"5"`` is not
    5), with its meaning as :func:`option`'s; ``mjcalc rules`` shows the range beside it."""
    return Field(
        default,
        ge=low,
        le=high,
        strict=True,
        description=en,
        json_schema_extra=_extra(en, zh, session),
    )


def option_help(field: FieldInfo | None) -> tuple[str, str | None]:
    """An option field's meaning in English and in Chinese (``""`` and ``None`` when it was
    declared without one)."""
    extra = field.json_schema_extra if field is not None else None
    if not isinstance(extra, dict):
        return "", None
    en, zh = extra.get(HELP), extra.get(HELP_ZH)
    return (en if isinstance(en, str) else ""), (zh if isinstance(zh, str) else None)


def session_only(field: FieldInfo | None) -> bool:
    """Whether an option field is one only sessions use (:func:`option`'s ``session``)."""
    extra = field.json_schema_extra if field is not None else None
    return isinstance(extra, dict) and extra.get(SESSION_ONLY) is True


__all__ = ["bounded_option", "option", "option_help", "session_only"]
