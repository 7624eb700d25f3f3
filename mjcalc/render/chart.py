"""The running totals of a sitting as a chart in the terminal, drawn by plotext.

plotext is imported here only, when ``--chart`` asks for a chart: every other path of the command
line starts without it. Each seat's line is drawn with its own letter (E, S, W, N) as the marker,
so the chart reads the same piped or printed as in colour (where each line has its colour too).
The caller starts every line from 0 at the header. The legend and the title are written around
the plot, not inside it, so a player's name (CJK or not) cannot push a line past the width.
A long sitting is thinned to at most :data:`MAX_POINTS` points per player (the last line always
kept): a terminal has far fewer columns than that.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mjcalc.i18n import text
from mjcalc.models import SEATS, Seat
from mjcalc.render.text import Lang, safe, seat_name, wrap_cells

MAX_WIDTH = 80
HEIGHT = 20
MAX_POINTS = 400
COLOURS: dict[Seat, str] = {"E": "cyan", "S": "magenta", "W": "yellow", "N": "blue"}
"""On a terminal with colour each seat's line has its own colour too."""


def thin(xs: Sequence[int], count: int = MAX_POINTS) -> list[int]:
    """Indexes of at most ``count`` evenly spread points, the first and the last kept."""
    if len(xs) <= count:
        return list(range(len(xs)))
    step = (len(xs) - 1) / (count - 1)
    return sorted({round(i * step) for i in range(count)})


def chart_lines(
    lines: Sequence[int],
    totals: Mapping[Seat, Sequence[int]],
    players: Mapping[Seat, str],
    lang: Lang,
    *,
    width: int = MAX_WIDTH,
    colour: bool = False,
) -> list[str]:
    """The chart as text lines of at most ``width`` cells (colour codes aside)."""
    import plotext as plt  # heavy: only the chart needs it

    width = min(width, MAX_WIDTH)
    title = text("session.chart_title", lang)
    out = [title]
    if not lines:
        return [*out, text("session.chart_empty", lang)]
    keep = thin(lines)
    xs = [lines[i] for i in keep]
    plt.clear_figure()
    plt.plotsize(width, HEIGHT)
    plt.theme("clear")
    for seat in SEATS:
        ys = [totals[seat][i] for i in keep]
        if colour:
            plt.plot(xs, ys, marker=seat, color=COLOURS[seat])
        else:
            plt.plot(xs, ys, marker=seat)
    plt.xticks(_ticks(xs[0], xs[-1], 6))
    values = [totals[seat][i] for seat in SEATS for i in keep]
    plt.yticks(_ticks(min(values), max(values), HEIGHT // 3))
    built = plt.build()
    if not colour:
        built = plt.uncolorize(built)
    out += [line.rstrip() for line in built.splitlines()]
    legend = " · ".join(_legend(seat, players.get(seat), lang) for seat in SEATS)
    out += wrap_cells(text("session.chart_axes", lang) + "   " + legend, width)
    return out


def _legend(seat: Seat, player: str | None, lang: Lang) -> str:
    """``E Ann``, or ``E = 東 Ann`` where the seat's name is not its marker (its letter)."""
    name = seat_name(seat, lang)
    entry = name if name == seat else f"{seat} = {name}"
    return f"{entry} {safe(player)}" if player else entry


def _ticks(first: int, last: int, count: int) -> list[int]:
    """Up to ``count`` whole numbers from ``first`` to ``last``, both included: line numbers
    and totals are whole, and plotext's own ticks would show them with decimals."""
    if last - first < count:
        return list(range(first, last + 1))
    step = (last - first) / (count - 1)
    return sorted({first + round(i * step) for i in range(count)})
