"""Every text in the catalogue is used: no dead keys left behind when a message moves or goes.

A key counts as used when ``mjcalc/`` (outside the catalogue itself) names it as a string
literal. The few families whose keys are built at run time are listed in :data:`BUILT`, each
with the code that builds them (which must still be there) and a way to tell a live key of the
family from a dead one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import get_args

from mjcalc.engine.groups import Shape
from mjcalc.errors import ErrorCode
from mjcalc.i18n import CATALOGUE
from mjcalc.rules.registry import load_rules

PACKAGE = Path(__file__).resolve().parent.parent / "mjcalc"
SOURCE = "\n".join(
    path.read_text(encoding="utf-8")
    for path in sorted(PACKAGE.rglob("*.py"))
    if path.parent.name != "i18n"
)


def _options(ruleset: str) -> set[str]:
    return set(type(load_rules(ruleset).options({})).model_fields)


def _word_used(name: str) -> bool:
    """``word.NAME`` is looked up as ``word("NAME", …)`` or through the ``WORDS`` table."""
    return f'"{name}"' in SOURCE or f"'{name}'" in SOURCE


SECTIONS_MADE = {"hu", "kong", "jing", "follow_dealer"}
"""The ledger sections the two rulesets produce (``sections={...}`` in their ``ruleset.py``)."""

BUILT: dict[str, tuple[str, Callable[[str], bool]]] = {
    # prefix: (the code that builds the key, is this suffix live?)
    "word.": ('text(f"word.{key}", lang)', _word_used),
    "section.": ('_by_id("section.")', SECTIONS_MADE.__contains__),
    "shape.": ('_by_id("shape.")', set(get_args(Shape)).__contains__),
    "code.": ('text(f"code.{err.code}", lang)', set(get_args(ErrorCode)).__contains__),
    "option.xingguo.": ('f"option.{ruleset}.{option}"', _options("xingguo").__contains__),
    "option.shanghai.": ('f"option.{ruleset}.{option}"', _options("shanghai").__contains__),
    "kind.": ('bi(f"kind.{kind}")', {"concealed", "exposed", "added"}.__contains__),
    "err.what_": ('bi(f"err.what_{what}")', {"field", "option"}.__contains__),
    "item.liable_": (
        'bi(f"{key}_detail")',
        lambda rest: f'"item.liable_{rest.removesuffix("_detail")}"' in SOURCE,
    ),
    "rules.xg.title_": ('bi(f"rules.xg.title_{key}")', set("abcdef").__contains__),
    "rules.xg.e_robbing_": (
        'bi(f"rules.xg.e_robbing_{o.robbed_kong_deguo}")',
        {"once", "per_share"}.__contains__,
    ),
    "rules.xg.": ("Situation(", lambda rest: f'Situation("{rest}"' in SOURCE),
}


def test_every_catalogue_key_is_used_in_the_package() -> None:
    unused = []
    for key in CATALOGUE:
        if f'"{key}"' in SOURCE:
            continue
        prefix = next((p for p in BUILT if key.startswith(p)), None)
        if prefix is None or not BUILT[prefix][1](key.removeprefix(prefix)):
            unused.append(key)
    assert unused == []


def test_the_code_that_builds_keys_is_still_there() -> None:
    for prefix, (code, _live) in BUILT.items():
        assert code in SOURCE, prefix


def test_a_built_family_holds_only_live_keys() -> None:
    # the check itself can fail: a key of a built family with a dead suffix is reported
    assert not BUILT["section."][1]("bahua")
    assert not BUILT["option.shanghai."][1]("honor_sets")
    assert BUILT["option.xingguo."][1]("honor_sets")
    assert not BUILT["rules.xg."][1]("nowhere")


def test_no_key_of_the_old_line_decoders_survives() -> None:
    # batch and session lines share one set of texts (mjcalc/i18n/lines.py)
    old = re.compile(
        r"^err\.(input\.(line_long|surrogate|too_deep|number_too_long|duplicate_key)"
        r"|session\.(not_utf8|bad_json|undecodable|too_deep|surrogate|cannot_split"
        r"|not_a_line)|not_utf8|bad_json|cannot_split)$"
    )
    assert [key for key in CATALOGUE if old.match(key)] == []
