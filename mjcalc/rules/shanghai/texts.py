"""The texts of this ruleset (key → English, Chinese), added to mjcalc's catalogue when it loads."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {}
