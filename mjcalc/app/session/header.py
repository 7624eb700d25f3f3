"""The session header: the ruleset, players, first dealer, silver, rank points, table options.

``{"session": {"rules": "shanghai", "players": {...}, "dealer": "E", "balances": {...},
"points": {...}, "options": {...}}}`` — only ``rules`` is required. The header is checked
against its ruleset at once (its options validated, silver and ranks only where the ruleset keeps
them), so a session never starts on a header it would misread later.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from mjcalc.errors import MjcalcError
from mjcalc.models import SEATS, Seat, empty_dict
from mjcalc.rules.registry import LoadedRules, describe_validation_error, load_rules
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

    @property
    def name(self) -> str:
        return self.header.rules

    def start_balances(self) -> dict[Seat, int] | None:
        return None if self.header.balances is None else dict(self.header.balances)

    def start_points(self) -> dict[Seat, int] | None:
        if self.rules.rank is None:
            return None
        return {seat: self.header.points.get(seat, 0) for seat in SEATS}


def is_header(data: dict[str, Any]) -> bool:
    return "session" in data


def read_header(line: int, data: dict[str, Any]) -> Table:
    """The table of a header line, or ``MjcalcError`` saying what is wrong with it."""
    if set(data) != {"session"} or not isinstance(data["session"], dict):
        raise MjcalcError.t("invalid_request", "err.session.header_shape")
    try:
        header = HeaderModel.model_validate(data["session"])
    except ValidationError as exc:
        detail = describe_validation_error(exc)
        raise MjcalcError.t("invalid_request", "err.session.bad_header", detail=detail) from None
    loaded = load_rules(header.rules)
    rules = loaded.ruleset.session_rules()
    if rules is None:
        raise MjcalcError.t("invalid_request", "err.session.no_session_rules", rules=header.rules)
    if header.balances is not None:
        if not rules.silver:
            raise MjcalcError.t("invalid_request", "err.session.no_silver", rules=header.rules)
        missing = [seat for seat in SEATS if seat not in header.balances]
        if missing:
            raise MjcalcError.t(
                "invalid_request", "err.session.balances_all", seats=" ".join(missing)
            )
    if header.points and rules.rank is None:
        raise MjcalcError.t("invalid_request", "err.session.no_ranks", rules=header.rules)
    return Table(line, header, loaded, rules, loaded.options(header.options))
