"""What the CLI test files share."""

from __future__ import annotations

# No variable of the environment may change what the commands print in these tests.
CLEAN_ENV: dict[str, str | None] = {
    "MJCALC_RULES": None,
    "MJCALC_LANG": None,
    "NO_COLOR": None,
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
    "COLUMNS": None,
}
