"""The fan calculator's fast paths: code shaped for speed rather than for reading, each the
twin of a plain version that ``tests/rules/guobiao/fan/test_fast_paths_match_their_twins.py``
checks it against on many random hands.

- :func:`only_wait_fans` — the wait fans of one arrangement, asking the hand's waits (a search)
  only when the arrangement could have one of them and shows no second wait itself; the search
  is the engine's :func:`~mjcalc.engine.arrange.only_wait` (one block, not the whole hand), a
  fast path of ``shape_waits(...) == (tile,)`` twinned in the same test.

(The groups of sets that :func:`~.combine.chow_fans` and :func:`~.combine.pung_fans` skip
without asking the rows, two suits among three sets or four, are checked in that test too.)
"""

from __future__ import annotations

from mjcalc.plugin import Part, only_wait
from mjcalc.rules.guobiao.fan.combine import Fans, add
from mjcalc.rules.guobiao.fan.situation import Win


def only_wait_fans(concealed: tuple[Part, ...], win: Win, fans: Fans) -> None:
    """Fast path of ``if the winning tile was the hand's only wait: wait_fans(concealed, ...)``
    (:func:`~.regular.wait_fans`, the twin).

    The hand's waits are searched last, once per hand (:func:`only_wait_of`), and only when the
    winning tile sits where it would give 边张 / 坎张 / 单钓将. A second wait is seen without a
    search when the winning tile is the lowest tile of a chow not starting at 7 (the tile three
    ranks up finishes the hand too) or the highest of one not starting at 1 (three ranks down):
    the hand then has no wait fan."""
    if fans.get("melded_hand") or fans.get("four_kongs"):
        return
    w = win.win_tile
    edge = closed = single = False
    for p in concealed:
        kind = p.kind
        if kind == "chow":
            t = p.tile
            if w == t + 1:
                closed = True
            elif w == t:
                if t % 9 < 6:
                    return  # t + 3 is a wait too
                edge = True
            elif w == t + 2:
                if t % 9 > 0:
                    return  # t - 1 is a wait too
                edge = True
        elif kind == "pair":
            single |= p.tile == w
    if (edge or closed or single) and only_wait_of(win):
        add(fans, "edge_wait" if edge else "closed_wait" if closed else "single_wait")


def only_wait_of(win: Win) -> bool:
    """Whether the winning tile was the hand's only wait, searched on first asking and kept in
    ``win.unique_wait``."""
    unique = win.unique_wait
    if unique is None:
        before = list(win.standing)
        before[win.win_tile] -= 1
        unique = win.unique_wait = only_wait(before, win.win_tile)
    return unique
