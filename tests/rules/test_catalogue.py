"""Every text in the catalogue is used, every key the code names exists, and each text is where
it belongs: mjcalc's own in :mod:`mjcalc.i18n`, a ruleset's in its package's ``texts`` module.

A key counts as used when ``mjcalc/`` (outside the catalogue and the rulesets' ``texts``) names
it as a string literal. The few families whose keys are built at run time are listed in
:data:`BUILT`, each with the code that builds them (which must still be there) and a way to tell
a live key of the family from a dead one.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import get_args

import mjcalc
from mjcalc.engine.groups import Shape
from mjcalc.errors import ErrorCode
from mjcalc.i18n import CATALOGUE
from mjcalc.i18n.errors import ERRORS
from mjcalc.i18n.help import HELP, USAGE
from mjcalc.i18n.limits import LIMIT_TEXTS
from mjcalc.i18n.lines import LINES
from mjcalc.i18n.session import SESSION
from mjcalc.i18n.views import VIEWS
from mjcalc.i18n.waits import WAITS
from mjcalc.models import EVENT_KINDS
from mjcalc.rules.plugins import plugins
from mjcalc.rules.registry import load_rules
from mjcalc.rules.shanghai.ranks import RANK_NAMES
from mjcalc.web.texts import TEXTS as WEB_TEXTS

PACKAGE = Path(__file__).resolve().parents[2] / "mjcalc"

CORE: dict[str, tuple[str, str]] = {
    **ERRORS,
    **LIMIT_TEXTS,
    **LINES,
    **VIEWS,
    **SESSION,
    **WAITS,
    **HELP,
    **USAGE,
}
"""mjcalc's own texts, as its i18n modules hold them (the catalogue itself also holds the texts
of the rulesets loaded so far)."""

RULESET_TEXTS: dict[str, Mapping[str, tuple[str, str]]] = {
    name: plugin.catalogue() for name, plugin in plugins().items()
}
"""Each bundled ruleset's own texts (``texts.TEXTS`` of its package)."""

ALL_TEXTS: dict[str, tuple[str, str]] = {
    **CORE,
    **{key: pair for texts in RULESET_TEXTS.values() for key, pair in texts.items()},
    **WEB_TEXTS,  # the server's own, added to the catalogue when it is loaded
}


def _texts_module(name: str) -> Path:
    reference = plugins()[name].texts
    assert reference is not None, name
    module = reference.partition(":")[0]
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


TEXTS_FILES = {_texts_module(name) for name in RULESET_TEXTS}
SOURCES: dict[Path, str] = {
    path: path.read_text(encoding="utf-8")
    for path in sorted(PACKAGE.rglob("*.py"))
    if path.parent.name != "i18n" and path not in TEXTS_FILES
}
SOURCE = "\n".join(SOURCES.values())


def _package_of(name: str) -> Path:
    return _texts_module(name).parent


def _word_used(name: str) -> bool:
    """``word.NAME`` is looked up as ``word("NAME", …)``."""
    return f'"{name}"' in SOURCE or f"'{name}'" in SOURCE


SECTIONS_MADE = {"hu", "kong", "jing", "opening_flip", "follow_dealer"}
"""The ledger sections the bundled rulesets produce (``sections={...}`` in their ``ruleset.py``)."""

BUILT: dict[str, tuple[str, Callable[[str], bool]]] = {
    # prefix: (the code that builds the key, is this suffix live?)
    "word.": ('text(f"word.{key}", lang)', _word_used),
    "section.": ("term(SECTION, section)", SECTIONS_MADE.__contains__),
    "shape.": ("labelled(SHAPE, reading.shape, lang)", set(get_args(Shape)).__contains__),
    "code.": ('text(f"code.{err.code}", lang)', set(get_args(ErrorCode)).__contains__),
    "kind.": ('bilingual(f"kind.{kind}")', {"concealed", "exposed", "added"}.__contains__),
    "err.what_": ('bilingual(f"err.what_{what}")', {"field", "option"}.__contains__),
    "item.liable_": (
        'bilingual(f"{key}_detail")',
        lambda rest: f'"item.liable_{rest.removesuffix("_detail")}"' in SOURCE,
    ),
    "rules.xg.title_": ('bilingual(f"rules.xg.title_{key}")', set("abcdef").__contains__),
    "rules.xg.e_robbing_": (
        'bilingual(f"rules.xg.e_robbing_{o.robbed_kong_deguo}")',
        {"once", "per_share"}.__contains__,
    ),
    "rank.": (
        'term("rank.", name)',
        {name for pair in RANK_NAMES for name in pair}.__contains__,
    ),
    "session.lines.": ('bilingual(f"session.lines.{k}")', set(EVENT_KINDS).__contains__),
    "rules.xg.": ("Situation(", lambda rest: f'Situation("{rest}"' in SOURCE),
}


def test_every_catalogue_key_is_used_in_the_package() -> None:
    # (the texts of --help are checked with the command line: tests/cli/test_help_zh.py)
    unused = []
    for key in ALL_TEXTS.keys() - HELP.keys() - USAGE.keys():
        if f'"{key}"' in SOURCE:
            continue
        prefix = next((p for p in BUILT if key.startswith(p)), None)
        if prefix is None or not BUILT[prefix][1](key.removeprefix(prefix)):
            unused.append(key)
    assert unused == []


def test_the_catalogue_holds_only_mjcalc_s_and_the_rulesets_texts() -> None:
    for name in RULESET_TEXTS:
        load_rules(name)
    import mjcalc.web.guard  # noqa: F401 (the server adds its texts, as serving does)

    assert set(CATALOGUE) <= set(ALL_TEXTS)
    assert set(CATALOGUE) >= set(ALL_TEXTS) - set(HELP) - set(USAGE)


def test_the_code_that_builds_keys_is_still_there() -> None:
    for prefix, (code, _live) in BUILT.items():
        assert code in SOURCE, prefix


def test_a_built_family_holds_only_live_keys() -> None:
    # the check itself can fail: a key of a built family with a dead suffix is reported
    assert not BUILT["section."][1]("bahua")
    assert not BUILT["rules.xg."][1]("nowhere")


KEY = re.compile(
    r"(err|item|kind|section|shape|code|word|view|rules|option|waits|session|cli|usage|warn|io"
    r"|hint|glyph|type|help)\.[a-z0-9_.]*[a-z0-9_]"
)
"""What a catalogue key looks like (a prefix, a dot, the rest), as a whole string literal."""


def _named_keys(source: str) -> set[str]:
    """The string literals of ``source`` that look like catalogue keys (the parts of an
    f-string are not: they build a key of a :data:`BUILT` family)."""
    tree = ast.parse(source)
    parts = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in node.values
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in parts
        and KEY.fullmatch(node.value)
    }


def _owner(path: Path) -> str | None:
    """The ruleset whose package holds ``path``, or ``None`` for mjcalc's own modules."""
    return next((name for name in RULESET_TEXTS if path.is_relative_to(_package_of(name))), None)


def test_every_key_the_code_names_exists_where_that_code_finds_it() -> None:
    # mjcalc's own code names mjcalc's keys; a ruleset's code names its own keys or mjcalc's,
    # never another ruleset's (which need not be installed, nor loaded)
    missing = []
    for path, source in SOURCES.items():
        owner = _owner(path)
        known = CORE.keys() | (RULESET_TEXTS[owner].keys() if owner else set())
        missing += [f"{path.name}: {key}" for key in _named_keys(source) - known]
    assert missing == []


def test_the_check_of_named_keys_can_fail() -> None:
    assert _named_keys('raise MjcalcError.from_key("invalid_request", "err.no_such_thing")') == {
        "err.no_such_thing"
    }
    assert _named_keys('x = "mjcalc.rules"; y = "section."; z = f"kind.{kind}"') == set()


def test_no_ruleset_module_adds_its_texts_itself() -> None:
    # a ruleset's texts are declared once, by its plug-in (``texts=``)
    for name in RULESET_TEXTS:
        for path in sorted(_package_of(name).glob("*.py")):
            assert "add_texts" not in path.read_text(encoding="utf-8"), path


def test_a_ruleset_module_imported_alone_finds_its_texts() -> None:
    # a fresh interpreter: nothing loaded through the registry, the plug-in's texts found on use
    code = """if True:
        from mjcalc.i18n import CATALOGUE
        from mjcalc.rules.shanghai.texts import TEXTS as SHANGHAI
        from mjcalc.rules.shanghai import pay
        assert not set(SHANGHAI) & set(CATALOGUE)
        print(pay.eight_flowers_bonus_item(10).detail)
        assert set(SHANGHAI) <= set(CATALOGUE)
    """
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.startswith("all 8 flowers held as well")


def _fields(template: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", template))


def test_a_ruleset_s_texts_are_in_both_languages() -> None:
    for texts in RULESET_TEXTS.values():
        for key, pair in texts.items():
            # an option's meaning is declared with the option (mjcalc.plugin.option), not here
            assert not key.startswith("option."), key
            assert isinstance(pair, tuple) and len(pair) == 2, key
            en, zh = pair
            assert zh.strip(), key
            assert en.strip(), key
            # Chinese may leave out an English-only field (a plural "s"), never add one
            assert _fields(zh) <= _fields(en), key


def test_a_ruleset_s_keys_are_its_own() -> None:
    seen: dict[str, str] = {}
    for name, texts in RULESET_TEXTS.items():
        assert not texts.keys() & CORE.keys(), name
        for key in texts:
            assert seen.setdefault(key, name) == name, f"{key}: {seen[key]} and {name}"


def test_no_key_of_the_old_line_decoders_survives() -> None:
    # batch and session lines share one set of texts (mjcalc/i18n/lines.py)
    old = re.compile(
        r"^err\.(input\.(line_long|surrogate|too_deep|number_too_long|duplicate_key)"
        r"|session\.(not_utf8|bad_json|undecodable|too_deep|surrogate|cannot_split"
        r"|not_a_line)|not_utf8|bad_json|cannot_split)$"
    )
    assert [key for key in ALL_TEXTS if old.match(key)] == []


def test_a_result_read_back_names_its_ruleset_s_sections() -> None:
    # a fresh interpreter that never loads the ruleset: the result comes as JSON
    result = mjcalc.score(
        {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "1m", "follow_dealer": 1}
    )
    code = """if True:
        import io, sys
        from mjcalc.models import Result
        from mjcalc.render.console import make_console
        from mjcalc.render.result import render_result
        out = io.StringIO()
        render_result(Result.model_validate_json(sys.stdin.read()), make_console(file=out), "en")
        print(out.getvalue())
    """
    out = subprocess.run(
        [sys.executable, "-c", code],
        input=result.to_json(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "follow the dealer 跟庄" in out
    assert "jing 精" in out
