"""Reading a scored result in the rulesets' tests: its error, its item ids."""

from __future__ import annotations

from mjcalc.models import Result


def error_of(result: Result) -> tuple[str, str]:
    """The code and the English message of a refused hand."""
    assert not result.ok
    assert result.error is not None
    return result.error.code, result.error.message


def item_ids(result: Result) -> list[str]:
    return [i.id for i in result.items]
