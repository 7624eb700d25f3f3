"""Error messages for the terminal: the message, the hand with a caret under the bad column, a hint.

Plain text on purpose (no Rich): ``mjcalc score --json`` prints these lines on stderr and must
start fast. The caret is placed by terminal cells, not characters, so it stays under the right
tile after Chinese characters (two cells each).
"""

from __future__ import annotations

from dataclasses import dataclass

from mjcalc.errors import ErrorCode
from mjcalc.models import Result
from mjcalc.render.text import safe, text_width

INDENT = "  "

# A next step for errors whose message cannot say it by itself (notation messages carry their
# own hints, e.g. "use z or the letters E S W N P F C for honors").
HINTS: dict[ErrorCode, str] = {
    "unknown_rules": "`mjcalc rules` lists the rulesets; --rules also takes a ruleset TOML file",
    "not_winning": "check the tiles (14, plus one per kong); --win names the winning tile",
}
UNKNOWN_FIELD_HINT = "`mjcalc schema request` lists every field of a request"


def shown_hand(hand: str) -> str:
    """The hand as it can be shown on one line: each control character becomes one space.

    One character in, one character out, so the columns of the contract still line up.
    """
    return "".join(" " if not ch.isprintable() and ch != "\u3000" else ch for ch in hand)


def caret_line(hand: str, column: int) -> str:
    """Spaces up to the 1-based ``column`` of ``hand``, then ``^`` (measured in terminal cells)."""
    return " " * text_width(shown_hand(hand)[: column - 1]) + "^"


def hint(result: Result) -> str | None:
    """A cheap next step for this error, if there is one."""
    err = result.error
    if err is None:
        return None
    if err.code == "invalid_request" and err.message.startswith("unknown field"):
        return UNKNOWN_FIELD_HINT
    return HINTS.get(err.code)


@dataclass(frozen=True)
class ErrorReport:
    """The parts of an error message, kept apart so a terminal can colour each one."""

    headline: str
    hand: str | None = None
    caret: str | None = None
    hint: str | None = None

    def lines(self) -> list[str]:
        """``error [code]: message``, the hand and the caret under it, then ``hint: …``."""
        lines = [self.headline]
        if self.hand is not None and self.caret is not None:
            lines += [INDENT + self.hand, INDENT + self.caret]
        if self.hint:
            lines.append(f"hint: {self.hint}")
        return lines


def error_report(result: Result) -> ErrorReport | None:
    """The report of a result that was not scored (``None`` for a scored one)."""
    err = result.error
    if err is None:
        return None
    headline = f"error [{err.code}]: {safe(err.message)}"
    if err.column is None or not result.hand:
        return ErrorReport(headline, hint=hint(result))
    return ErrorReport(
        headline, shown_hand(result.hand), caret_line(result.hand, err.column), hint(result)
    )


def error_lines(result: Result) -> list[str]:
    """The report as plain lines (empty for a scored result)."""
    report = error_report(result)
    return report.lines() if report else []
