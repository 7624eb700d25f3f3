"""The Rich consoles of the human output: colour only on a terminal, plain text everywhere else.

Rich already honours ``NO_COLOR`` and ``FORCE_COLOR`` and turns colour off when the stream is not
a terminal. What it does not do for pipes is pick a useful width (it falls back to 80 columns,
which would wrap or cut the tables) or drop the trailing spaces that pad table cells; :func:`emit`
takes care of both, so piped output is stable text that diff and grep like.
"""

from __future__ import annotations

from typing import IO, Any

from rich import box
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from mjcalc.render.text import Lang, signed

PIPE_WIDTH = 120
"""The least width used off a terminal (wider when the content needs it: see :func:`emit`)."""

UNBOUNDED = 100_000
"""A width no output reaches, to measure the natural width of a renderable."""

GAIN, LOSS, EVEN = "green", "red", "dim"
ZH_STYLE = "cyan"
HEADER_STYLE = "bold"
ERROR_STYLE = "bold red"


def make_console(
    *, stderr: bool = False, file: IO[str] | None = None, force_terminal: bool | None = None
) -> Console:
    """A console on stdout (or stderr): markup, emoji codes and auto-highlighting are off.

    The hand notation uses ``[...]`` for melds, so Rich markup must never parse user text.
    """
    console = Console(
        stderr=stderr,
        file=file,
        force_terminal=force_terminal,
        markup=False,
        emoji=False,
        highlight=False,
    )
    if not console.is_terminal:
        console.width = PIPE_WIDTH
    return console


def emit(console: Console, renderable: RenderableType, *, soft_wrap: bool = False) -> None:
    """Print on a terminal; elsewhere print whole plain lines without trailing spaces.

    Off a terminal nothing is wrapped or cut: the width grows to the renderable's natural width
    (a seven-column scoring table, a long note) so every number and word survives a pipe.
    ``soft_wrap`` leaves long lines whole on a terminal too (batch rows).
    """
    if console.is_terminal:
        console.print(renderable, soft_wrap=soft_wrap)
        return
    unbounded = console.options.update_width(UNBOUNDED)
    console.width = max(PIPE_WIDTH, console.measure(renderable, options=unbounded).maximum)
    with console.capture() as captured:
        console.print(renderable, soft_wrap=soft_wrap)
    console.file.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))


def plain_table(*headers: str, **options: Any) -> Table:
    """A table drawn with one rule under the header and no frame: light, and clean when piped."""
    settings: dict[str, Any] = {
        "box": box.SIMPLE_HEAD,
        "header_style": HEADER_STYLE,
        "show_edge": False,
        "pad_edge": False,
    }
    return Table(*headers, **(settings | options))


def amount_text(amount: int) -> Text:
    """A signed amount, green when won and red when lost."""
    return Text(signed(amount), style=GAIN if amount > 0 else LOSS if amount < 0 else EVEN)


def term_text(zh: str, en: str, lang: Lang) -> Text:
    """A named term: Chinese alone, or English with the Chinese term beside it in colour."""
    if lang == "zh":
        return Text(zh)
    return Text.assemble(en, " ", (zh, ZH_STYLE))
