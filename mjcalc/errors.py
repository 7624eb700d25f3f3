"""The error every user-facing failure becomes: a documented code, one message, maybe a column.

The core raises :class:`MjcalcError`; :func:`mjcalc.score` turns it into a result with
``ok = False`` and the CLI into a message plus an exit status. Nothing else is shown to users.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

ErrorCode = Literal[
    "invalid_notation",
    "invalid_hand",
    "invalid_request",
    "not_winning",
    "illegal_win",
    "below_minimum",
    "unknown_rules",
    "internal_error",
    "plugin_error",
    "locked",
]

ERROR_CODES: tuple[ErrorCode, ...] = get_args(ErrorCode)
"""Every code, in the order of :data:`ErrorCode`: a new code is added there alone.

``internal_error`` is mjcalc's own addition to the contract: a bug in mjcalc, never a user
error. It exists so that one bad hand cannot stop a batch; its message asks for a report.
``plugin_error`` is another: an installed ruleset plug-in that cannot be used (it does not
import, is no Plugin, a flag takes a core option's name, its ruleset, texts, TOML file or tables
fail); the message names its package and entry point and says what is wrong.
``below_minimum``: a winning shape worth less than the ruleset's minimum (Guobiao's 8 fan, flowers
not counted); its message names what the hand has and the minimum, and the error carries the
items found (:attr:`MjcalcError.items`), so the player sees why."""


def writable(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, so that UTF-8 can encode it.

    A message quotes what the user gave, and a command-line argument that is not UTF-8 reaches
    Python as lone surrogates (``\\udcff`` for the byte 0xff): written as they are, they make
    output that is not UTF-8 (or fail to write at all), and JSON output must be valid UTF-8 for
    any input. Messages are few and short: the check costs nothing on the scoring path.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    return text


class MjcalcError(Exception):
    """A user error: ``code`` is one of :data:`ERROR_CODES`; ``column`` is 1-based in the hand."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        column: int | None = None,
        *,
        message_zh: str | None = None,
        items: tuple[Any, ...] = (),
    ) -> None:
        message = writable(message)
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message
        self.message_zh = None if message_zh is None else writable(message_zh)
        self.column = column
        self.items = items
        """What was found before the refusal (``below_minimum``: the hand's items, each a
        :class:`mjcalc.models.Item`), for the error to carry; empty for most errors."""

    @classmethod
    def from_key(
        cls, code: ErrorCode, key: str, column: int | None = None, /, **params: object
    ) -> MjcalcError:
        """An error whose message comes from the catalogue (:mod:`mjcalc.i18n`): both languages."""
        from mjcalc.i18n import text

        return cls(
            code,
            text(key, "en", **params),
            column,
            message_zh=text(key, "zh", **params),
        )

    def within(
        self,
        key: str,
        code: ErrorCode | None = None,
        column: int | None = None,
        /,
        **params: object,
    ) -> MjcalcError:
        """This error's message placed inside the catalogue text ``key`` (its ``{inner}`` field).

        Used when a message from a deeper layer needs context: ``jing: <the notation error>``.
        The column is not kept unless given: it counts in the hand, not in another field.
        """
        from mjcalc.i18n import Bilingual

        inner = Bilingual(self.message, self.message_zh or self.message)
        return MjcalcError.from_key(code or self.code, key, column, inner=inner, **params)

    def __repr__(self) -> str:
        return f"MjcalcError({self.code!r}, {self.message!r}, column={self.column!r})"
