"""Comparisons the tests of quick constructors share."""

from __future__ import annotations

import dataclasses


def same_dataclass(quick: object, slow: object) -> None:
    """Equal field by field, the fields left out of ``==`` included, and of the same type."""
    assert type(quick) is type(slow)
    for f in dataclasses.fields(slow):  # type: ignore[arg-type]
        assert getattr(quick, f.name) == getattr(slow, f.name), f.name
    assert quick == slow
