"""The catalogue: every human-readable text, in English and Chinese, found by key.

Modules raise errors with a catalogue key (:meth:`mjcalc.errors.MjcalcError.t`) and the views
look their words up here, so switching ``--lang`` changes every word and no literal is scattered
through the code. The catalogue is one dict assembled from one module per area (errors, views,
sessions, waits…), so each area's texts stay next to each other.

These modules hold mjcalc's own texts only: what the core raises or shows whatever the ruleset,
naming none. A ruleset's texts (its errors, items, section names, tables) are
its package's, ``texts`` beside its code, and join the catalogue through :func:`add_texts` when
the ruleset loads; a message that must name the installed rulesets takes them as a field.

Templates use :meth:`str.format` fields: ``text("err.seat_twice", "zh", seat="S")``. A field may
itself be a :class:`Bilingual` (a text already in both languages, see :func:`bilingual`): each
language then gets its own half, which is how a message is built from smaller catalogue pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Literal, NamedTuple, get_args

from mjcalc.i18n.errors import ERRORS
from mjcalc.i18n.limits import LIMIT_TEXTS
from mjcalc.i18n.lines import LINES
from mjcalc.i18n.session import SESSION
from mjcalc.i18n.views import VIEWS
from mjcalc.i18n.waits import WAITS

Lang = Literal["en", "zh"]
LANGS: tuple[Lang, ...] = get_args(Lang)

CATALOGUE: dict[str, tuple[str, str]] = {
    **ERRORS,
    **LIMIT_TEXTS,
    **LINES,
    **VIEWS,
    **SESSION,
    **WAITS,
}
"""key → (English, Chinese) templates. The command line's help texts and usage errors
(:mod:`mjcalc.i18n.help`) join it the first time one of them is asked for (:func:`_late`); the
rulesets' texts when they load (:func:`add_texts`)."""


class Bilingual(NamedTuple):
    """One text in both languages (a filled template), to store or to pass as a field."""

    en: str
    zh: str

    def get(self, lang: Lang) -> str:
        return self.zh if lang == "zh" else self.en


def text(key: str, lang: Lang = "en", /, **params: object) -> str:
    """The text of ``key`` in ``lang``, its ``{fields}`` filled from ``params``."""
    pair = CATALOGUE.get(key)
    en, zh = pair if pair is not None else _late(key)
    template = zh if lang == "zh" else en
    if not params:
        return template
    return template.format(
        **{k: v.get(lang) if isinstance(v, Bilingual) else v for k, v in params.items()}
    )


def _late(key: str) -> tuple[str, str]:
    """A key not loaded yet: the texts of ``--help`` and of the usage errors join the catalogue
    now, so that scoring (``mjcalc score --json``) never loads them; then, if the key is still
    missing, the texts of every source given to :func:`texts_from`. KeyError if still unknown."""
    from mjcalc.i18n.help import HELP, USAGE

    CATALOGUE.update(HELP)
    CATALOGUE.update(USAGE)
    if key not in CATALOGUE:
        for source in _SOURCES:
            for texts in source():
                add_texts(texts)
    return CATALOGUE[key]


_SOURCES: list[Callable[[], Iterable[Mapping[str, tuple[str, str]]]]] = []


def texts_from(source: Callable[[], Iterable[Mapping[str, tuple[str, str]]]]) -> None:
    """Ask ``source`` for more texts whenever a key is unknown: how the installed plug-ins'
    declared catalogues are found when one of a ruleset's modules is used without the ruleset
    having been loaded by name (a test importing it, a session resolving its carry). The
    catalogue stays ignorant of plug-ins: :mod:`mjcalc.rules.plugins` registers the source."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def add_texts(texts: Mapping[str, tuple[str, str]]) -> None:
    """Add a ruleset's own texts to the catalogue: its errors, items and view words are then
    found by key like mjcalc's own.

    A ruleset declares its texts once (its plug-in's ``texts``); the registry adds them before
    importing the ruleset, and any key still unknown is looked for in the installed plug-ins'
    texts (:func:`texts_from`), so a ruleset's modules never add them themselves. Adding the
    same texts again changes nothing, and a key mjcalc already has keeps mjcalc's texts."""
    for key, pair in texts.items():
        CATALOGUE.setdefault(key, pair)


def bilingual(key: str, /, **params: object) -> Bilingual:
    """The text of ``key`` in both languages.

    Cached: scoring builds the same few item texts (``×2``, ``+5``…) for every candidate reading.
    """
    try:
        return _bi(key, tuple(params.items()))
    except TypeError:  # a field that cannot be a cache key
        return Bilingual(text(key, "en", **params), text(key, "zh", **params))


@lru_cache(maxsize=4096)
def _bi(key: str, params: tuple[tuple[str, object], ...]) -> Bilingual:
    fields = dict(params)
    return Bilingual(text(key, "en", **fields), text(key, "zh", **fields))


def same(value: object) -> Bilingual:
    """A text that reads the same in both languages (a number, a tile code)."""
    return Bilingual(str(value), str(value))


SEAT_ZH: dict[str, str] = {"E": "東", "S": "南", "W": "西", "N": "北"}


def seat(letter: str) -> Bilingual:
    """A seat for a message: ``S`` in English, ``南`` in Chinese."""
    return Bilingual(letter, SEAT_ZH.get(letter, letter))
