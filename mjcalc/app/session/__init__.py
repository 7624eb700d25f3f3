"""Sessions: a whole sitting, hand after hand (``mjcalc session``; docs/sessions.md).

The machinery here is ruleset-independent: reading lines (:mod:`.lines`), the header
(:mod:`.header`), silver, fees and escapes (:mod:`.silver`), the running position and its
records (:mod:`.sitting`, :mod:`.records`). A ruleset supplies only its rules across hands
(:class:`mjcalc.rules.session.SessionRules`, with what it carries from hand to hand as a
:class:`mjcalc.rules.carry.Carry`). Hands are scored by
:func:`mjcalc.score` unchanged. Neither Click nor Rich is imported.

    from mjcalc.app.session import replay
    for item in replay(open("sitting.jsonl", "rb")):
        print(item.to_json())

This ``__init__`` stays light: the replay machinery (:mod:`.sitting`) is imported when
:func:`replay` is first called. (The module is not named ``replay``: importing it would then
put the module in this package's ``replay`` in place of the function.)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mjcalc.app.session.lines import RawLine
    from mjcalc.app.session.records import Record, Summary

__all__ = ["replay"]


def replay(
    lines: Iterable[RawLine],
    *,
    directory: str | None = None,
    strict_rules: bool = False,
) -> Iterator[Record | Summary]:
    """Replay a session: one record per line (not blank, comment or header), then a summary.

    ``directory``: the session file's, against which a relative ``rules`` path is read (else
    the current directory); ``strict_rules``: refuse a ruleset file changed since the sitting
    started. See :func:`mjcalc.app.session.sitting.replay`.
    """
    from mjcalc.app.session.sitting import replay as _replay

    return _replay(lines, directory=directory, strict_rules=strict_rules)
