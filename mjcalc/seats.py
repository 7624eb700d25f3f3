"""Seat names: the letters of the contract and the Chinese names players type for them.

A module of its own, free of Pydantic and Click, so both the request models and the command
line (which must start fast) read seats the same way.
"""

from __future__ import annotations

SEAT_LETTERS: tuple[str, ...] = ("E", "S", "W", "N")
SEAT_ALIASES: dict[str, str] = {"东": "E", "東": "E", "南": "S", "西": "W", "北": "N"}
"""The Chinese seat names, for the letters (東 and its simplified form 东)."""


def seat_alias(value: object) -> object:
    """``南`` → ``S``; anything else unchanged (the model then accepts or refuses it)."""
    return SEAT_ALIASES.get(value, value) if isinstance(value, str) else value
