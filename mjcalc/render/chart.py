"""The running totals of a sitting as a chart in the terminal, drawn by plotext.

plotext is imported here only, when ``--chart`` asks for a chart: every other path of the command
line starts without it. Each seat's line is drawn with its own letter (E, S, W, N) as the marker,
so the chart reads the same piped or printed as in colour (where each line has its colour too).
The caller starts every line from 0 at the header. The legend and the title are written around
the plot, not inside it, so a player's name (CJK or not) cannot push a line past the width.
A long sitting is thinned to at most :data:`MAX_POINTS` points per player (the last line always
kept): a terminal has far fewer columns than that. The x axis marks every line while the labels
fit, then a round step (:func:`x_ticks`); where seats stand level the letters would hide each
other, so the point shows :data:`TIE` and the legend says what it means.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mjcalc.i18n import text
from mjcalc.models import SEATS, Seat
from mjcalc.render.text import Lang, safe, seat_name, wrap_cells

MAX_WIDTH = 80
Y_LABELS = 6
"""The cells left of the plot (the y axis's labels and its frame)."""
TIE = "*"
"""The marker of a point where two or more seats stand level."""
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
    ties = [(lines[i], total) for i in keep for total in _tied(totals, i)]
    if ties:  # drawn last, over the seats' own letters, which would hide each other there
        plt.scatter([x for x, _ in ties], [y for _, y in ties], marker=TIE)
    plt.xticks(x_ticks(xs, width - Y_LABELS))
    values = [totals[seat][i] for seat in SEATS for i in keep]
    plt.yticks(_ticks(min(values), max(values), HEIGHT // 3))
    built = plt.build()
    if not colour:
        built = plt.uncolorize(built)
    out += [line.rstrip() for line in built.splitlines()]
    legend = " · ".join(_legend(seat, players.get(seat), lang) for seat in SEATS)
    if ties:
        legend += " · " + text("session.chart_tie", lang, mark=TIE)
    out += wrap_cells(text("session.chart_axes", lang) + "   " + legend, width)
    return out


def _legend(seat: Seat, player: str | None, lang: Lang) -> str:
    """``E Ann``, or ``E = 東 Ann`` where the seat's name is not its marker (its letter)."""
    name = seat_name(seat, lang)
    entry = name if name == seat else f"{seat} = {name}"
    return f"{entry} {safe(player)}" if player else entry


def _tied(totals: Mapping[Seat, Sequence[int]], index: int) -> list[int]:
    """The totals two or more seats share at point ``index`` (a tie hides all letters but
    the last drawn)."""
    values = [totals[seat][index] for seat in SEATS]
    return sorted({value for value in values if values.count(value) > 1})


def x_ticks(xs: Sequence[int], room: int) -> list[int]:
    """The line numbers to mark on the x axis, ``room`` cells wide: every point's while their
    labels fit (each needs its digits and two cells between), else the multiples of the
    smallest step of 1, 2 or 5 times a power of ten whose labels fit."""
    label = len(str(xs[-1])) + 2
    fit = max(2, room // label)
    if len(xs) <= fit:
        return list(xs)
    first, last = xs[0], xs[-1]
    step = 1
    while (last - first) // step + 1 > fit:
        step = _next_step(step)
    return [x for x in range(first, last + 1) if x % step == 0] or [first]


def _next_step(step: int) -> int:
    """1, 2, 5, 10, 20, 50, 100…"""
    digits = str(step)
    return step * 5 // 2 if digits[0] == "2" else step * 2


def _ticks(first: int, last: int, count: int) -> list[int]:
    """Up to ``count`` whole numbers from ``first`` to ``last``, both included: line numbers
    and totals are whole, and plotext's own ticks would show them with decimals."""
    if last - first < count:
        return list(range(first, last + 1))
    step = (last - first) / (count - 1)
    return sorted({first + round(i * step) for i in range(count)})
