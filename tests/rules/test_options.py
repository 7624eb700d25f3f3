"""An option is declared once: its default and its meaning in both languages on its own field."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from mjcalc.app.rules import ruleset_doc
from mjcalc.plugin import bounded_option, option
from mjcalc.rules.options import option_help, session_only
from mjcalc.rules.plugins import names
from mjcalc.rules.registry import load_rules


class HouseOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    base: int = bounded_option(1, 100, 2, "底分: the base", "底分：底分")
    style: Literal["a", "b"] = option("a", "how", "怎样")
    fee: int = bounded_option(0, 10, 0, "the fee", "台费", session=True)
    quiet: bool = option(False, "say nothing", None)
    bare: int = 3


def test_an_option_field_keeps_its_default_its_range_and_its_meanings() -> None:
    fields = HouseOptions.model_fields
    assert HouseOptions().model_dump() == {
        "base": 2,
        "style": "a",
        "fee": 0,
        "quiet": False,
        "bare": 3,
    }
    assert option_help(fields["base"]) == ("底分: the base", "底分：底分")
    assert option_help(fields["quiet"]) == ("say nothing", None)
    assert option_help(fields["bare"]) == ("", None)
    assert option_help(None) == ("", None)
    assert [name for name, f in fields.items() if session_only(f)] == ["fee"]
    for bad in ({"base": 0}, {"base": 101}, {"base": "5"}, {"style": "c"}):
        with pytest.raises(ValidationError):
            HouseOptions.model_validate(bad)


@pytest.mark.parametrize("name", names())
def test_every_option_of_an_installed_ruleset_has_its_meaning_in_both_languages(
    name: str,
) -> None:
    model = load_rules(name).ruleset.options_model
    for option_name, field in model.model_fields.items():
        en, zh = option_help(field)
        assert en.strip() and zh is not None and zh.strip(), f"{name}.{option_name}"


def test_the_rules_view_shows_each_meaning_with_its_range() -> None:
    doc = {o.name: o for o in ruleset_doc("shanghai").options}
    assert doc["lezi"].meaning.startswith("one 勒子 (L): the cap on a share")
    assert doc["lezi"].meaning.endswith(" (1–1000)")
    assert doc["lezi"].meaning_zh is not None and doc["lezi"].meaning_zh.endswith(" (1–1000)")
    assert doc["liability"].meaning_zh == (
        '承包："extra" 承包者在原有份额外另付；"full" 承包者代替他人全付'
    )
