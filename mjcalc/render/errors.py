"""Error messages for the terminal: the message, the hand with a caret under the bad column, a hint.

Plain text on purpose (no Rich): ``mjcalc score --json`` prints these lines on stderr and must
start fast. The caret is placed by terminal cells, not characters, so it stays under the right
tile after Chinese characters (two cells each).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from mjcalc.errors import ErrorCode
from mjcalc.i18n import Lang, text
from mjcalc.render.text import safe, text_width

if TYPE_CHECKING:
    from mjcalc.models import ErrorOut

INDENT = "  "

# A next step (a catalogue key) for errors whose message cannot say it by itself (notation
# messages carry their own hints, e.g. "use z or the letters E S W N P F C for honors").
HINTS: dict[ErrorCode, str] = {
    "unknown_rules": "view.hint_unknown_rules",
    "not_winning": "view.hint_not_winning",
    "below_minimum": "view.hint_below_minimum",
}
UNKNOWN_FIELD_HINT = "view.hint_unknown_field"


class Failed(Protocol):
    """What an error report reads of an answer: its error and its hand (a
    :class:`~mjcalc.models.Result`, or the answer of ``waits``)."""

    @property
    def error(self) -> ErrorOut | None: ...

    @property
    def hand(self) -> str | None: ...


def shown_hand(hand: str) -> str:
    """The hand as it can be shown on one line: each control character becomes one space.

    One character in, one character out, so the columns of the contract still line up.
    """
    return "".join(" " if not ch.isprintable() and ch != "\u3000" else ch for ch in hand)


def caret_line(hand: str, column: int) -> str:
    """Spaces up to the 1-based ``column`` of ``hand``, then ``^`` (measured in terminal cells)."""
    return " " * text_width(shown_hand(hand)[: column - 1]) + "^"


def hint(result: Failed, lang: Lang = "en") -> str | None:
    """A cheap next step for this error, if there is one."""
    err = result.error
    if err is None:
        return None
    if err.code == "invalid_request" and err.message.startswith("unknown field"):
        return text(UNKNOWN_FIELD_HINT, lang)
    key = HINTS.get(err.code)
    return text(key, lang) if key else None


def headline(result: Failed, lang: Lang = "en") -> str:
    """``error [code]: message``; in Chinese ``错误（牌面写法有误）：…`` with ``message_zh``."""
    err = result.error
    assert err is not None
    message = err.message_zh if lang == "zh" and err.message_zh else err.message
    return text(
        "view.error_headline", lang, code=text(f"code.{err.code}", lang), message=safe(message)
    )


@dataclass(frozen=True)
class ErrorReport:
    """The parts of an error message, kept apart so a terminal can colour each one."""

    headline: str
    hand: str | None = None
    caret: str | None = None
    hint: str | None = None
    lang: Lang = "en"

    def hint_line(self, lang: Lang | None = None) -> str:
        """``hint: …`` (``提示：…``)."""
        return text("view.hint_line", lang or self.lang, hint=self.hint)

    def lines(self) -> list[str]:
        """``error [code]: message``, the hand and the caret under it, then ``hint: …``."""
        lines = [self.headline]
        if self.hand is not None and self.caret is not None:
            lines += [INDENT + self.hand, INDENT + self.caret]
        if self.hint:
            lines.append(self.hint_line())
        return lines


def error_report(result: Failed, lang: Lang = "en") -> ErrorReport | None:
    """The report of a result that was not scored (``None`` for a scored one)."""
    err = result.error
    if err is None:
        return None
    head = headline(result, lang)
    if err.column is None or not result.hand:
        return ErrorReport(head, hint=hint(result, lang), lang=lang)
    return ErrorReport(
        head,
        shown_hand(result.hand),
        caret_line(result.hand, err.column),
        hint(result, lang),
        lang,
    )
