"""mjcalc: scoring for Chinese regional mahjong (Xingguo 冲关, Shanghai 清混碰).

``import mjcalc`` is light: it imports neither Click nor Rich, and loads the scoring machinery
only when :func:`score` is first called.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from mjcalc.hand import Hand
    from mjcalc.models import Request, Result

__all__ = ["__version__", "format_hand", "parse_hand", "score"]


def score(request: Request | dict[str, Any]) -> Result:
    """Score one hand. Errors come back as a result with ``ok = False``, never raised."""
    scorer = _SCORER[0] if _SCORER else _load_scorer()
    return scorer(request)


_SCORER: list[Callable[[Request | dict[str, Any]], Result]] = []
"""``mjcalc.app.score.score`` once loaded: an import statement run for every hand cost more than a
hand's whole request check (it looks the module up anew each time)."""


def _load_scorer() -> Callable[[Request | dict[str, Any]], Result]:
    from mjcalc.app.score import score as _score

    _SCORER.append(_score)
    return _score


def parse_hand(text: str) -> Hand:
    """Parse hand notation (mpsz, letters, Chinese or Unicode glyphs) into a :class:`Hand`.

    Raises :class:`mjcalc.errors.MjcalcError` (code ``invalid_notation``, with the column).
    """
    from mjcalc.notation import parse_hand as _parse

    return _parse(text)


def format_hand(hand: Hand, *, glyphs: bool = False) -> str:
    """A hand in canonical mpsz (``123m456p789s11z [777z] (1111m) 12f``), or drawn with the
    Unicode mahjong glyphs when ``glyphs`` is true; :func:`parse_hand` reads either back."""
    from mjcalc.notation import format_hand as _mpsz
    from mjcalc.notation import format_hand_unicode as _glyphs

    return _glyphs(hand) if glyphs else _mpsz(hand)
