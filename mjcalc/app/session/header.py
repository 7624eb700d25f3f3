"""The session header: the ruleset, players, first dealer, silver, rank points, table options.

``{"session": {"rules": "shanghai", "players": {...}, "dealer": "E", "balances": {...},
"points": {...}, "options": {...}}}`` — only ``rules`` is required. The header is checked
against its ruleset at once (its options validated, silver and ranks only where the ruleset keeps
them), so a session never starts on a header it would misread later.

A ``rules`` path is the record's own: a relative one is read against the session file's
directory (never the current one, which would let the same file replay under another house's
rules), and ``rules_digest`` keeps the SHA-256 of that file as it was when the sitting started, so
that a replay can say when the file has changed since — and refuse, when asked to.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from mjcalc.app.session.words import own_word_clash
from mjcalc.errors import MjcalcError
from mjcalc.i18n import Bilingual, bilingual
from mjcalc.models import SEATS, Seat, empty_dict
from mjcalc.rules.registry import (
    LoadedRules,
    describe_validation_error,
    is_rules_path,
    load_rules,
    plugin_error,
)
from mjcalc.rules.session import SessionRules

MAX_SILVER = 10**15
"""Balances and rank points beyond this are typing mistakes, not sittings."""

PlayerName = Annotated[
    str, StringConstraints(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f-\x9f]+$")
]
Amount = Annotated[int, Field(ge=0, le=MAX_SILVER)]


class HeaderModel(BaseModel):
    """The header object, as written (the value of the ``session`` key)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    rules: str = Field(min_length=1, max_length=4096)
    rules_digest: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    players: dict[Seat, PlayerName] = Field(default_factory=empty_dict)
    dealer: Seat = "E"
    balances: dict[Seat, Amount] | None = None
    points: dict[Seat, Amount] = Field(default_factory=empty_dict)
    options: dict[str, Any] = Field(default_factory=empty_dict)


@dataclass(frozen=True)
class Table:
    """A checked header: the loaded ruleset, its session rules, and the starting position."""

    line: int
    header: HeaderModel
    loaded: LoadedRules
    rules: SessionRules[Any]
    options: BaseModel  # the table's options: ruleset file, then the header's ``options``
    warnings: tuple[Bilingual, ...] = ()  # e.g. the ruleset file changed since the sitting started

    @property
    def name(self) -> str:
        """The ruleset as the header names it (what views and the summary show)."""
        return self.header.rules

    @property
    def source(self) -> str:
        """The ruleset as loaded: a relative path taken against the session file's directory
        (what each hand's request names)."""
        return self.loaded.name

    def start_balances(self) -> dict[Seat, int] | None:
        return None if self.header.balances is None else dict(self.header.balances)

    def start_points(self) -> dict[Seat, int] | None:
        if self.rules.rank is None:
            return None
        return {seat: self.header.points.get(seat, 0) for seat in SEATS}


def is_header(data: dict[str, Any]) -> bool:
    return "session" in data


def rules_at(rules: str, directory: str | None) -> str:
    """Where a header's ``rules`` is read from: a relative path joined to the session file's
    ``directory`` (``None`` for a stream: the current directory), anything else as it is."""
    if directory is None or not is_rules_path(rules) or os.path.isabs(rules):
        return rules
    return os.path.join(directory, rules)


def rules_directory(file: str) -> str:
    """The directory a relative ``rules`` path in session ``file``'s header is read against:
    the real file's (through a symbolic link), whoever replays it — command line, store or
    server."""
    return os.path.dirname(os.path.realpath(file))


def pinned_rules(rules: str, file: str) -> tuple[str, str | None]:
    """``rules`` as a new header for session ``file`` records it, and its file's digest.

    A ruleset path given on the command line is relative to the current directory; the header
    keeps it relative to the session file's directory instead (absolute paths stay absolute), so
    the pair can be moved together. The digest is ``None`` for a ruleset given by name, which
    is recorded as the plug-in's own (``-r 上海`` writes ``shanghai``).
    """
    if not is_rules_path(rules):
        return load_rules(rules).name, None
    loaded = load_rules(rules)
    if not os.path.isabs(rules):
        directory = os.path.dirname(os.path.abspath(file))
        rules = os.path.relpath(os.path.abspath(rules), directory)
    return rules, loaded.digest


def pin_header(data: dict[str, Any], file: str) -> dict[str, Any]:
    """A new header line's object (``{"session": {...}}``) for session ``file``: its ruleset
    path as :func:`pinned_rules` records it, and ``rules_digest`` beside it."""
    rest = dict(data["session"])
    rules, digest = pinned_rules(str(rest.pop("rules")), file)
    header: dict[str, Any] = {"rules": rules}
    if digest is not None:
        header["rules_digest"] = digest
    return {"session": {**header, **rest}}


def read_header(
    line: int, data: dict[str, Any], directory: str | None = None, *, strict_rules: bool = False
) -> Table:
    """The table of a header line, or ``MjcalcError`` saying what is wrong with it.

    ``directory`` is the session file's (relative ``rules`` paths are read against it);
    ``strict_rules`` refuses a ruleset file whose digest is not the recorded one, rather than
    warning about it.
    """
    if set(data) != {"session"} or not isinstance(data["session"], dict):
        raise MjcalcError.from_key("invalid_request", "err.session.header_shape")
    try:
        header = HeaderModel.model_validate(data["session"])
    except ValidationError as exc:
        detail = describe_validation_error(exc)
        raise MjcalcError.from_key(
            "invalid_request", "err.session.bad_header", detail=detail
        ) from None
    loaded = load_rules(rules_at(header.rules, directory))
    warnings: tuple[Bilingual, ...] = ()
    if header.rules_digest is not None and loaded.digest != header.rules_digest:
        if strict_rules:
            raise MjcalcError.from_key(
                "invalid_request", "err.session.rules_changed", rules=header.rules
            )
        warnings = (bilingual("warn.session.rules_changed", rules=header.rules),)
    rules = loaded.ruleset.session_rules()
    if rules is None:
        raise MjcalcError.from_key(
            "invalid_request", "err.session.no_session_rules", rules=header.rules
        )
    clash = own_word_clash(rules.own_events)
    if clash is not None:  # mjcalc's own line would be read instead: the plug-in is broken
        raise plugin_error(loaded.ruleset.name, bilingual("err.plugin.event_word", word=clash))
    if header.balances is not None:
        if not rules.silver:
            raise MjcalcError.from_key(
                "invalid_request", "err.session.no_silver", rules=header.rules
            )
        missing = [seat for seat in SEATS if seat not in header.balances]
        if missing:
            raise MjcalcError.from_key(
                "invalid_request", "err.session.balances_all", seats=" ".join(missing)
            )
    if header.points and rules.rank is None:
        raise MjcalcError.from_key("invalid_request", "err.session.no_ranks", rules=header.rules)
    return Table(line, header, loaded, rules, loaded.options(header.options), warnings)
