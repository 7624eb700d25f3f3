"""The catalogue: every human-readable text of mjcalc, in English and Chinese, found by key.

Core modules raise errors with a catalogue key (:meth:`mjcalc.errors.MjcalcError.t`) and the views
look their words up here, so switching ``--lang`` changes every word and no literal is scattered
through the code. The catalogue is one dict assembled from one module per area (errors, views,
sessions, waits…), so each area's texts stay next to each other.

Templates use :meth:`str.format` fields: ``text("err.seat_twice", "zh", seat="S")``.
"""

from __future__ import annotations

from typing import Literal

from mjcalc.i18n.errors import ERRORS
from mjcalc.i18n.hardening import HARDENING

Lang = Literal["en", "zh"]
LANGS: tuple[Lang, ...] = ("en", "zh")

CATALOGUE: dict[str, tuple[str, str]] = {**ERRORS, **HARDENING}
"""key → (English, Chinese) templates."""


def text(key: str, lang: Lang = "en", /, **params: object) -> str:
    """The text of ``key`` in ``lang``, its ``{fields}`` filled from ``params``."""
    en, zh = CATALOGUE[key]
    template = zh if lang == "zh" else en
    return template.format(**params) if params else template
