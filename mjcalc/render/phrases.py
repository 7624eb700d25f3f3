"""Text that wraps between phrases, never inside one: table cells and paragraphs of the views.

Rich wraps at spaces and folds a word longer than its column anywhere; Chinese has no spaces
between words, so a narrow column (an 80-column terminal) split "黄番 1" or "抢杠" in two, and an
English cell was cut with an ellipsis. :class:`Phrases` knows where a line may break — in
Chinese only after its punctuation (，；。、：) or before an opening bracket, in English at
spaces too — and tells the table the width of its longest phrase, so the table gives each column
at least that and no phrase is split. Only a phrase wider than the whole line is broken, at a
space if it has one, else between characters: nothing is ever dropped.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from mjcalc.render.text import Lang, char_width, text_width

BREAK_AFTER = frozenset("，；。、：！？）」』】·;,")
"""A line may break after these (Chinese punctuation, the views' separators)."""
BREAK_BEFORE = frozenset("（(")
"""… and before these (an opening bracket starts a phrase)."""


def phrase_cuts(text: str, lang: Lang) -> list[int]:
    """The offsets where a line of ``text`` may break, in order (each is the start of a phrase).

    English breaks at every space as well; Chinese keeps ``黄番 1`` or ``座位 東`` whole and breaks
    at a space only after punctuation.
    """
    cuts: list[int] = []
    for i in range(1, len(text)):
        before, ch = text[i - 1], text[i]
        if ch == " " or ch in BREAK_AFTER:
            continue  # a break lands after the spaces, and never before punctuation
        if before == " ":
            word_end = text[:i].rstrip()
            if lang != "zh" or (word_end and word_end[-1] in BREAK_AFTER):
                cuts.append(i)
        elif before in BREAK_AFTER or ch in BREAK_BEFORE:
            cuts.append(i)
    return cuts


def phrases(text: str, lang: Lang) -> list[str]:
    """``text`` cut at :func:`phrase_cuts`: its phrases, each with its trailing spaces."""
    edges = [0, *phrase_cuts(text, lang), len(text)]
    return [text[a:b] for a, b in pairwise(edges) if b > a]


def wrap_phrases(text: str, width: int, lang: Lang) -> list[tuple[int, int]]:
    """The (start, end) of each line of ``text`` in ``width`` cells: whole phrases on a line
    while they fit; a phrase wider than ``width`` alone is broken at a space, else anywhere."""
    lines: list[tuple[int, int]] = []
    start = end = 0
    for phrase in phrases(text, lang):
        if end > start and text_width(text[start : end + len(phrase.rstrip())]) > width:
            lines.append((start, end))
            start = end
        end += len(phrase)
        while text_width(text[start:end].rstrip()) > width:  # one phrase wider than a line
            cut = _cut(text, start, end, width)
            lines.append((start, cut))
            start = cut
            while start < end and text[start] == " ":
                start += 1
    if end > start:
        lines.append((start, end))
    return lines


def _cut(text: str, start: int, end: int, width: int) -> int:
    """Where to break the too-wide piece ``text[start:end]``: its last space that fits, else
    after as many characters as fit (at least one)."""
    cells, fits = 0, start
    for i in range(start, end):
        cells += char_width(text[i])
        if cells > width:
            break
        fits = i + 1
    space = text.rfind(" ", start + 1, fits + 1)
    if space > start:
        return space
    if fits < end and text[fits] in BREAK_AFTER and fits - 1 > start:
        fits -= 1  # a line never starts with punctuation: it goes down with the character before
    return max(fits, start + 1)


class Phrases:
    """A Rich renderable: ``text`` wrapped by :func:`wrap_phrases` to the width it is given.

    Its minimum width is its widest phrase, so a table never makes its column narrower than
    that while it can help it. Styles and justification are kept, line by line.
    """

    def __init__(self, text: Text | str, lang: Lang, style: str = "") -> None:
        self.text = text if isinstance(text, Text) else Text(text, style=style)
        self.lang = lang

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = self.text.plain
        widest = max((text_width(p.rstrip()) for p in phrases(plain, self.lang)), default=0)
        total = max((text_width(line) for line in plain.splitlines()), default=0)
        return Measurement(widest, total).clamp(max_width=options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)

    def lines(self, width: int) -> Iterator[Text]:
        """The text's lines at ``width`` cells, each a :class:`Text` keeping the styles."""
        for paragraph in self.text.split("\n", allow_blank=True):
            for start, end in wrap_phrases(paragraph.plain, width, self.lang) or [(0, 0)]:
                line = paragraph[start:end]
                line.rstrip()
                yield line
