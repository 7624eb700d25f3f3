"""Click in Chinese: its own messages through :mod:`gettext`, and help pages wrapped by cell width.

Imported only when the command line is in Chinese (:func:`mjcalc.cli.lang.click_language`), so the
English paths load nothing of this.

**Messages.** Click marks every text it prints with ``gettext`` — ``from gettext import gettext
as _`` (and ``ngettext``) at the top of each of its modules — and looks the words up when it
prints them. :func:`translate_click` points those module names at a
:class:`gettext.NullTranslations` subclass that answers from :data:`mjcalc.i18n.click_zh.CLICK_ZH`,
and points them back at :mod:`gettext`'s own functions afterwards. Nothing is installed into
:mod:`gettext`'s global state (``gettext.install`` would change ``builtins._`` for every library),
and Click's files are not touched.

**Widths.** Click measures help text in characters; a Chinese character takes two terminal cells,
so a page wrapped by characters would be twice too wide. :class:`CellHelpFormatter` lays out the
same page counting cells, and breaks Chinese text between any two characters (never before a
closing mark such as ``，`` or ``）``).
"""

from __future__ import annotations

import gettext
import sys
import unicodedata
from collections.abc import Iterable
from types import ModuleType

from click.formatting import HelpFormatter

from mjcalc.i18n.click_zh import CLICK_ZH, CLICK_ZH_PLURAL


class ClickChinese(gettext.NullTranslations):
    """Click's message ids → Chinese; an id not in the table is left as Click wrote it."""

    def gettext(self, message: str) -> str:
        return CLICK_ZH.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        found = CLICK_ZH_PLURAL.get(msgid1)
        if found is not None:
            return found
        return msgid1 if n == 1 else msgid2


_PATCHED: list[ModuleType] = []


def _gettext_users() -> Iterable[ModuleType]:
    """The loaded modules that may call gettext through their own ``_``/``ngettext``: Click's,
    and the command line's. (Argument lines are worded in both languages at once, from
    :mod:`mjcalc.i18n.click_zh`, by :mod:`mjcalc.app.options`: no gettext there.)"""
    for name, module in list(sys.modules.items()):
        if module is None:
            continue
        if name in ("click", "mjcalc.cli") or name.startswith(("click.", "mjcalc.cli.")):
            yield module


def translate_click(chinese: bool) -> None:
    """Click's messages in Chinese (``True``) or back to Click's English (``False``)."""
    if chinese:
        if _PATCHED:
            return
        translations = ClickChinese()
        for module in _gettext_users():
            names = vars(module)
            if names.get("_") is gettext.gettext or names.get("ngettext") is gettext.ngettext:
                if names.get("_") is gettext.gettext:
                    module._ = translations.gettext  # type: ignore[attr-defined]
                if names.get("ngettext") is gettext.ngettext:
                    module.ngettext = translations.ngettext  # type: ignore[attr-defined]
                _PATCHED.append(module)
        return
    while _PATCHED:
        module = _PATCHED.pop()
        names = vars(module)
        if "_" in names:
            module._ = gettext.gettext  # type: ignore[attr-defined]
        if "ngettext" in names:
            module.ngettext = gettext.ngettext  # type: ignore[attr-defined]


# --- widths -------------------------------------------------------------------------------------

CLOSING = set("，。、；：！？）］」』》〉”’")
"""Marks that may not begin a line: the word before them moves down with them."""
OPENING = set("（［「『《〈“‘")
"""Marks that may not end a line: they move down with the word after them."""


def cells(text: str) -> int:
    """Terminal cells of ``text``: two for wide (CJK) characters, one for the others."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _tokens(text: str) -> list[str]:
    """Runs of spaces, runs of narrow characters, and single wide characters."""
    out: list[str] = []
    for ch in text:
        last = out[-1][-1] if out else "\u4e00"  # as if after a wide character
        if not _wide(ch) and not _wide(last) and (ch == " ") == (last == " "):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells: broken at spaces and between wide
    characters; a word longer than a line is cut."""
    lines: list[list[str]] = []
    line: list[str] = []
    used = 0
    for token in _pieces(_tokens(text), width):
        if token.startswith(" "):
            if line:
                line.append(" ")
                used += 1
            continue
        size = cells(token)
        if used + size <= width:
            line.append(token)
            used += size
            continue
        while line and line[-1] == " ":
            line.pop()
        carried = []
        if token in CLOSING and len(line) > 1:  # the word before a closing mark goes with it
            carried.append(line.pop())
        while len(line) > 1 and line[-1] in OPENING:  # an opening mark goes with what follows
            carried.insert(0, line.pop())
        if cells("".join(carried)) + size > width:  # no room for them below: they stay
            line.extend(carried)
            carried = []
        if line:
            lines.append(line)
        line = [*carried, token]
        used = cells("".join(line))
    if line:
        lines.append(line)
    return ["".join(words).rstrip() for words in lines] or [""]


def _pieces(tokens: list[str], width: int) -> Iterable[str]:
    """The tokens, a word wider than a whole line cut into pieces that fit one."""
    for token in tokens:
        while cells(token) > width and not token.startswith(" "):
            cut = 1
            while cells(token[: cut + 1]) <= width:
                cut += 1
            yield token[:cut]
            token = token[cut:]
        yield token


def _paragraphs(text: str) -> list[tuple[int, bool, str]]:
    """Click's paragraphs: (indent, kept as written after ``\\b``, text)."""
    found: list[tuple[int, bool, str]] = []
    buf: list[str] = []
    indent: int | None = None

    def flush() -> None:
        if buf:
            if buf[0].strip() == "\b":
                found.append((indent or 0, True, "\n".join(buf[1:])))
            else:
                found.append((indent or 0, False, _join(buf)))
            buf.clear()

    for line in text.expandtabs().splitlines():
        if not line:
            flush()
            indent = None
            continue
        if indent is None:
            indent = len(line) - len(line.lstrip())
            line = line.lstrip()
        buf.append(line)
    flush()
    return found


def _join(lines: list[str]) -> str:
    """A paragraph's lines as one: a space between them, unless a wide character meets one."""
    out = lines[0]
    for line in lines[1:]:
        out += line if _wide(out[-1]) or _wide(line[0]) else " " + line
    return out


class CellHelpFormatter(HelpFormatter):
    """Click's help layout, measured in terminal cells (Chinese help pages)."""

    def _fill(self, text: str, width: int, first: str, rest: str) -> str:
        lines = wrap(text, max(width - cells(first), 10))
        return "\n".join((first if i == 0 else rest) + line for i, line in enumerate(lines))

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = CLICK_ZH["Usage:"]
        head = f"{'':>{self.current_indent}}{prefix}{prog} "
        if not args:
            self.write(head.rstrip(" ") + "\n")
            return
        self.write(self._fill(args, self.width, head, " " * cells(head)) + "\n")

    def _text(self, text: str, width: int, indent: str) -> str:
        out = []
        for extra, raw, body in _paragraphs(text):
            lead = indent + " " * extra
            if raw:
                out.append("\n".join(lead + line for line in body.splitlines()))
            else:
                out.append(self._fill(body, width, lead, lead))
        return "\n\n".join(out)

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{heading}：\n")

    def write_text(self, text: str) -> None:
        self.write(self._text(text, self.width, " " * self.current_indent) + "\n")

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        rows = list(rows)
        first_col = min(max((cells(first) for first, _ in rows), default=0), col_max)
        first_col += col_spacing
        margin = " " * (first_col + self.current_indent)
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if cells(first) <= first_col - col_spacing:
                self.write(" " * (first_col - cells(first)))
            else:
                self.write("\n" + margin)
            lines = self._text(second, max(self.width - first_col - 2, 10), "").splitlines()
            self.write((lines[0] if lines else "") + "\n")
            for line in lines[1:]:
                self.write(f"{margin}{line}\n" if line else "\n")
