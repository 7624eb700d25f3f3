"""What a ruleset carries from one hand to the next in a session, as the session core sees it.

Kept apart from :mod:`mjcalc.rules.session` and light (no Pydantic, no scoring) because a
ruleset's plug-in names its carry too (:attr:`mjcalc.rules.plugins.Plugin.carry`): a table of
one ruleset then knows the marks and carried fields of the others, and names them when a line
holds one, without importing those rulesets' scoring.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mjcalc.i18n import Bilingual
from mjcalc.rules.flags import Flag

Counts = tuple[int, ...]
"""The numbers a ruleset carries from hand to hand, one per :attr:`Carry.fields` entry."""


@dataclass(frozen=True, slots=True)
class Carry:
    """What a ruleset carries from one hand to the next (Shanghai: pending 开宝 and 黄番).

    The session core keeps the :data:`Counts` in its position and knows nothing of their
    meaning, so a ruleset's own carry-over needs no change to the core: each win is scored with
    them as request fields (``fields``, which a hand line may therefore not set itself), then
    they start again from :meth:`zero`; a drawn hand turns them into the counts pending after it;
    other lines (an escape, a false win) leave them as they are. A line may hold ``marks``:
    switches about that one hand, read off the line before it is scored and given to
    :attr:`on_win` / :attr:`on_draw` as the set of the fields of those that are true.

    A ruleset gives its :class:`Carry` to its session rules and names it in its plug-in: a table
    of another ruleset then refuses its marks and carried fields by name.

    - ``on_win(counts, marks)``: the counts this win is scored with (every winner of a multiple
      win gets the same);
    - ``on_draw(counts, marks)``: the counts pending after a drawn hand;
    - ``shown_win(counts)``: the words the session view adds to a win scored with them
      (``None``: nothing worth showing);
    - ``shown_draw(counts)``: the words the view shows for a drawn hand that leaves them
      pending (a ruleset without a carry has its drawn hands shown as void).
    """

    fields: tuple[str, ...]
    marks: tuple[Flag, ...]
    on_win: Callable[[Counts, frozenset[str]], Counts]
    on_draw: Callable[[Counts, frozenset[str]], Counts]
    shown_win: Callable[[Counts], Bilingual | None]
    shown_draw: Callable[[Counts], Bilingual]

    def __post_init__(self) -> None:
        for flag in self.marks:
            if flag.kind != "switch" or flag.subject is None:
                raise ValueError(f"a line mark is a switch with a subject (mark()): {flag.option}")

    def zero(self) -> Counts:
        """The counts with nothing carried (a sitting's start, and after each win)."""
        return (0,) * len(self.fields)
