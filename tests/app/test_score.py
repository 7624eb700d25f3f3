"""The Python API and the request path shared by every ruleset (:mod:`mjcalc.app.score`, its
checks in :mod:`mjcalc.app.request_checks`, its results built in :mod:`mjcalc.app.results`).

The request path is tested with a toy ruleset; then how a result is built, each quick way against
the long way: the canonical hand (the same result whatever the order of melds or liable seats), a
reading as the result shows it, requests read as the request model reads them, the notices of
fields with no effect, and what scoring loads.
"""

from __future__ import annotations

import gc
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjcalc
from mjcalc import notation, score
from mjcalc.app import request_checks, results
from mjcalc.app import score as api
from mjcalc.engine.groups import Group, Reading, WildUse
from mjcalc.hand import Hand, Meld
from mjcalc.hot_paths import trusted
from mjcalc.i18n import text
from mjcalc.models import Notice, ReadingOut, Request, WildOut
from mjcalc.rules.registry import load_rules
from mjcalc.tiles import code, tile
from tests.support.cli import run
from tests.support.worked import SHANGHAI, SHANGHAI_PAYMENTS, XINGGUO

HAND = "123m456p789s11z 234m"


def _score(rules: str, **fields: Any) -> mjcalc.models.Result:
    return mjcalc.score({"rules": rules, "hand": HAND, **fields})


def test_self_draw_every_other_seat_pays(toy_rules: str) -> None:
    result = _score(toy_rules)
    assert result.ok
    assert result.payments == {"E": 9, "S": -3, "W": -3, "N": -3}
    assert result.sections == {"hu": {"E": 9, "S": -3, "W": -3, "N": -3}}
    assert result.win_tile == "4m"


def test_discard_only_the_discarder_pays(toy_rules: str) -> None:
    result = _score(toy_rules, discarder="W", winner="S")
    assert result.payments == {"E": 0, "S": 3, "W": -3, "N": 0}


def test_request_options_override_the_toml(toy_rules: str) -> None:
    result = _score(toy_rules, options={"points": 5})
    assert result.payments["E"] == 15


def test_stake_scales_every_section_and_is_itemised(toy_rules: str) -> None:
    result = _score(toy_rules, options={"stake": 4})
    assert result.payments == {"E": 36, "S": -12, "W": -12, "N": -12}
    assert [i.id for i in result.items] == ["stake"]


def test_request_model_instance_is_accepted(toy_rules: str) -> None:
    result = mjcalc.score(Request(rules=toy_rules, hand=HAND, discarder="N"))
    assert result.payments["N"] == -3


def test_result_json_has_the_contract_fields(toy_rules: str) -> None:
    data = _score(toy_rules).model_dump()
    assert data["schema"] == 1
    assert {"ok", "rules", "hand", "pattern", "items", "sections", "payments"} <= set(data)


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"discarder": "E"}, "cannot be the winner"),
        ({"discarder": "S", "self_draw": True}, "self_draw is true"),
        ({"self_draw": False}, "self_draw is false"),
        ({"discarder": "S", "after_kong": True}, "after_kong"),
        ({"robbing_kong": True}, "robbing_kong"),
        ({"discarder": "S", "robbing_kong": True, "after_kong": True}, "after_kong"),
        ({"kongs": [{"seat": "E", "kind": "exposed"}]}, "the winner"),
        ({"winer": "S"}, "unknown field 'winer'"),
        ({"winner": "X"}, "field 'winner'"),
        ({"kongs": [{"seat": "S", "kind": "big"}]}, "kongs.0.kind"),
        ({"options": {"nope": 1}}, "unknown option 'nope'"),
        ({"options": {"points": "many"}}, "option 'points'"),
    ],
)
def test_contradictions_and_bad_fields_are_invalid_request(
    toy_rules: str, fields: dict[str, Any], fragment: str
) -> None:
    result = _score(toy_rules, **fields)
    assert not result.ok
    assert result.error is not None
    assert result.error.code == "invalid_request"
    assert fragment in result.error.message


def test_notation_error_carries_the_column(toy_rules: str) -> None:
    result = mjcalc.score({"rules": toy_rules, "hand": "123m456p789s11z 23hm"})
    assert result.error is not None
    assert (result.error.code, result.error.column) == ("invalid_notation", 19)


def test_bad_win_tile_is_a_notation_error_named_by_field(toy_rules: str) -> None:
    result = _score(toy_rules, win_tile="5x")
    assert result.error is not None
    assert result.error.code == "invalid_notation"
    assert result.error.message.startswith("win_tile: ")
    assert result.error.column is None  # columns refer to the hand string only


def test_hand_error_is_invalid_hand(toy_rules: str) -> None:
    result = mjcalc.score({"rules": toy_rules, "hand": "123m456p789s11z 23m"})
    assert result.error is not None
    assert result.error.code == "invalid_hand"
    assert "13 tiles" in result.error.message


def test_win_tile_must_be_in_the_hand(toy_rules: str) -> None:
    result = _score(toy_rules, win_tile="9p")
    assert result.error is not None
    assert result.error.code == "invalid_hand"


def test_evaluator_errors_come_back_as_results(toy_rules: str) -> None:
    result = mjcalc.score({"rules": toy_rules, "hand": "123m456p789s11z 235m"})
    assert result.error is not None
    assert result.error.code == "not_winning"


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"rules": "nosuch", "hand": HAND}, "unknown_rules"),
        ({"rules": "/nonexistent/x.toml", "hand": HAND}, "unknown_rules"),
        ({"hand": HAND}, "invalid_request"),
        ({"rules": 3, "hand": HAND}, "invalid_request"),
        ([1, 2], "invalid_request"),
    ],
)
def test_never_raises_on_bad_requests(request_: Any, code: str) -> None:
    result = mjcalc.score(request_)
    assert result.error is not None
    assert result.error.code == code


def test_unknown_rules_lists_the_known_ones() -> None:
    result = mjcalc.score({"rules": "nosuch", "hand": HAND})
    assert result.error is not None
    assert "unknown ruleset 'nosuch'" in result.error.message


def test_parse_hand_and_format() -> None:
    hand = mjcalc.parse_hand("一二三万 456p,789s 東東 [C C C]")
    assert mjcalc.format_hand(hand) == "123m456p789s11z [777z]"
    assert mjcalc.parse_hand(mjcalc.format_hand(hand, glyphs=True)) == hand


def test_importing_mjcalc_imports_neither_click_nor_rich() -> None:
    code = (
        "import sys, mjcalc; mjcalc.parse_hand('123m');"
        "print(sorted(m for m in ('click', 'rich') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_canonical_hand_sets_the_winning_tile_apart(toy_rules: str) -> None:
    # concealed tiles sorted, then the winning tile, then melds and flowers
    result = mjcalc.score({"rules": toy_rules, "hand": "4m 99s456p 789s3m [111z] 2m"})
    assert result.hand == "34m456p78999s 2m [111z]"
    reparsed = mjcalc.score({"rules": toy_rules, "hand": result.hand})
    assert (reparsed.win_tile, reparsed.payments) == ("2m", result.payments)


def test_a_bug_in_a_ruleset_is_an_internal_error_result(tmp_path: Path) -> None:
    """Regression: an exception inside an evaluator used to escape score() and stop a batch."""
    from mjcalc.rules.base import Ruleset
    from mjcalc.rules.registry import register_ruleset
    from tests.support.toy_ruleset import ToyOptions

    def broken(ctx: object, options: object) -> Any:
        raise ZeroDivisionError("division by zero")

    register_ruleset(Ruleset("broken", "always fails", ToyOptions, Request, broken))
    path = tmp_path / "broken.toml"
    path.write_text('ruleset = "broken"\n')
    result = mjcalc.score({"rules": str(path), "hand": HAND})
    assert result.error is not None
    assert result.error.code == "internal_error"
    assert "ZeroDivisionError" in result.error.message


def test_json_keeps_a_face_value_wild_as_null() -> None:
    """Regression: dropping None fields also dropped ``stood_for`` of a jing kept at face value."""
    import json

    result = mjcalc.score({"rules": "xingguo", "hand": HAND, "jing": "1m"})
    wilds = json.loads(result.to_json())["reading"]["wilds"]
    # 1m is 正精, 2m 副精: all three kept their face value (德国)
    assert wilds == [
        {"tile": "1m", "stood_for": None},
        {"tile": "2m", "stood_for": None},
        {"tile": "2m", "stood_for": None},
    ]
    assert "line" not in json.loads(result.to_json())


# --- the canonical hand ---------------------------------------------------------------------------


_MELDS = st.sampled_from(
    [
        Meld(t, c)
        for t in ((0, 1, 2), (2, 1, 0), (4, 4, 4), (27, 27, 27), (9, 9, 9, 9))
        for c in (0, 1)
    ]
)


@settings(max_examples=200, deadline=None)
@given(melds=st.lists(_MELDS, max_size=4), flowers=st.lists(st.integers(34, 41), unique=True))
def test_canonical_melds_and_hand_text_are_the_long_way(
    melds: list[Meld], flowers: list[int]
) -> None:
    hand = Hand((tile("5p"), tile("5p")), tuple(melds), tuple(flowers))
    long_melds = sorted(
        (Meld(tuple(sorted(m.tiles)), m.concealed, m.column) for m in melds),
        key=lambda m: (m.concealed, m.tiles),
    )
    canonical = request_checks.canonical_melds(hand)
    assert canonical.melds == tuple(long_melds)
    tail = Hand((), canonical.melds, tuple(sorted(flowers)))
    long_text = " ".join(p for p in ("5p", "5p", notation.format_hand(tail)) if p)
    assert results.canonical_hand(canonical, tile("5p")) == long_text


def test_meld_order_never_changes_the_result() -> None:
    a = {**XINGGUO, "hand": "11z 234m [555p] [789s] (2222z)", "win_tile": "1z"}
    b = {**XINGGUO, "hand": "11z 234m (2222z) [987s] [555p]", "win_tile": "1z"}
    kongs = [
        {"seat": "S", "kind": "exposed", "tile": "3p"},
        {"seat": "N", "kind": "added", "tile": "8p"},
    ]
    ra = score({**a, "kongs": kongs})
    rb = score({**b, "kongs": kongs[::-1]})
    assert ra.ok, ra.error
    assert ra.to_json() == rb.to_json()
    assert ra.hand == "234m1z 1z [555p] [789s] (2222z)"


def test_the_order_of_liable_seats_never_changes_the_result() -> None:
    # 清碰 off S with W and N liable (承包): the same result whichever seat is listed first
    a = score({**SHANGHAI, "discarder": "S", "liable": ["W", "N"]})
    b = score({**SHANGHAI, "discarder": "S", "liable": ["N", "W"]})
    assert a.ok, a.error
    assert a.to_json() == b.to_json()


def _long_reading_out(r: Reading) -> ReadingOut:
    """The reading as the result showed it before the shortcut: every model by keywords."""
    return trusted(
        ReadingOut,
        shape=r.shape,
        sets=[results.group_text(g) for g in r.groups],
        wilds=[
            trusted(
                WildOut,
                tile=code(w.face),
                stood_for=None if w.stood_for is None else code(w.stood_for),
            )
            for w in r.wilds
        ],
    )


def test_a_readings_output_is_the_long_ways_with_and_without_wilds() -> None:
    groups = (
        Group("pair", (0, 0)),
        Group("chow", (1, 2, 3), (False, True, False)),
        Group("pung", (31, 31, 31), melded=True, exposed=True),
    )
    for wilds in ((), (WildUse(5, 2),), (WildUse(5, None), WildUse(5, 2))):
        r = Reading("standard", groups, wilds)
        quick, slow = results.reading_out(r), _long_reading_out(r)
        assert quick == slow
        assert quick.model_fields_set == slow.model_fields_set
        assert quick.model_dump_json() == slow.model_dump_json()


def test_a_wilds_use_is_built_once_and_is_the_validated_model() -> None:
    # shared by every result that shows it, as items are: the same model a validation builds
    for face, stood in ((5, 2), (5, None), (33, 27), (0, 0)):
        shared = results._wild_out(face, stood)
        assert results._wild_out(face, stood) is shared
        slow = WildOut.model_validate(
            {"tile": code(face), "stood_for": None if stood is None else code(stood)}
        )
        assert shared == slow and shared.model_dump_json() == slow.model_dump_json()
        assert shared.model_fields_set == slow.model_fields_set


def test_set_texts_are_each_groups_text() -> None:
    shared = (Group("pair", (0, 0)), Group("pung", (31, 31, 31), melded=True, exposed=True))
    for t in range(27):  # groups built anew each time (as wilds resolved), and shared ones
        fresh = (
            Group("chow", (t // 9 * 9, t // 9 * 9 + 1, t // 9 * 9 + 2)),
            Group("kong", (t,) * 4, melded=True),
            Group("pung", (t,) * 3, melded=True, exposed=True),
        )
        groups = (*shared, *fresh)
        assert results._set_texts(groups) == [results.group_text(g) for g in groups]
    # a group that carries another group's number (a copy made by dataclasses.replace) is
    # written by what it shows
    first = Group("chow", (0, 1, 2), code=7)
    assert results._set_texts((first, Group("chow", (9, 10, 11), code=7))) == ["123m", "123p"]


# --- what scoring loads ---------------------------------------------------------------------------


def test_scoring_does_not_load_the_shanten_module() -> None:
    code = (
        "import sys, mjcalc; mjcalc.score({'rules': 'xingguo', 'hand': '123m456p789s11z 234m',"
        " 'jing': '9s'}); print('mjcalc.engine.shanten' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_mjcalc_score_loads_the_scorer_on_first_use_only() -> None:
    """``import mjcalc`` stays light; the first score loads ``mjcalc.app.score`` and keeps its
    scorer."""
    import subprocess

    code_ = (
        "import sys, mjcalc\n"
        "assert 'mjcalc.app.score' not in sys.modules\n"
        "r = mjcalc.score({'rules': 'xingguo', 'hand': '123m456p789s11z 234m', 'jing': '9s'})\n"
        "import mjcalc.app.score as api\n"
        "assert r.ok and mjcalc._SCORER == [api.score]\n"
        "mjcalc.score({'rules': 'xingguo', 'hand': '1m', 'jing': '9s'})\n"
        "assert mjcalc._SCORER == [api.score]\n"
    )
    subprocess.run([sys.executable, "-c", code_], check=True)


# --- requests read as the request model reads them ------------------------------------------------


def test_a_request_given_as_a_dict_subclass_or_a_model_reads_as_a_dict() -> None:
    class Fields(dict[str, object]):
        pass

    plain = {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "9s"}
    assert api.request_fields(plain) == plain and api.request_fields(plain) is not plain
    assert api.request_fields(Fields(plain)) == plain
    model = load_rules("xingguo").ruleset.request_model.model_validate(plain)
    assert api.request_fields(model) == plain
    assert mjcalc.score(Fields(plain)) == mjcalc.score(plain)


@pytest.mark.parametrize(
    "raw",
    [
        {"rules": "shanghai", "hand": "111m234m567m99m [111z]", "winner": "南", "flowers": 2},
        {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "9s", "kongs": []},
        {"rules": "xingguo", "hand": "123m", "jing": "9s", "winner": "X"},  # refused
        {"rules": "shanghai", "hand": "123m", "flowers": "2", "extra": 1},  # refused
        {"rules": "shanghai", "hand": 5},  # refused
    ],
)
def test_requests_are_validated_as_model_validate_validates_them(raw: dict[str, object]) -> None:
    from pydantic import ValidationError

    model = load_rules(str(raw["rules"])).ruleset.request_model

    def outcome(validate: object) -> object:
        try:
            return validate(raw)  # type: ignore[operator]
        except ValidationError as exc:
            return exc.errors()

    quick = outcome(model.__pydantic_validator__.validate_python)
    assert quick == outcome(model.model_validate)
    if not isinstance(quick, list):
        assert type(quick) is model and quick.model_fields_set == set(raw)


# --- notices of fields and options with no effect -------------------------------------------------


def test_no_effect_notices_are_the_catalogue_texts_validated() -> None:
    loaded = load_rules("shanghai")
    request = loaded.ruleset.request_model.model_validate(
        {
            "rules": "shanghai",
            "hand": "111m234m567m99m [111z]",
            "kongs": [{"seat": "S", "kind": "added"}],
            "options": {"fee": 3},
        }
    )
    options = loaded.options(request.options)
    notices = results.no_effect_warnings(request, options)
    slow = [
        Notice(
            message=text("warn.no_effect_field", "en", name="kongs"),
            message_zh=text("warn.no_effect_field", "zh", name="kongs"),
        ),
        Notice(
            message=text("warn.session_option", "en", name="fee"),
            message_zh=text("warn.session_option", "zh", name="fee"),
        ),
    ]
    assert notices == slow
    assert [n.model_dump_json() for n in notices] == [n.model_dump_json() for n in slow]
    again = results.no_effect_warnings(request, options)
    assert again[0] is notices[0]  # built once per text and shared, as a ruleset's warnings


def test_fields_and_options_with_no_effect_are_warned_about() -> None:
    kongs = [{"seat": "S", "kind": "exposed", "tile": "7z"}]
    result = score({**SHANGHAI, "kongs": kongs, "options": {"fee": 3}})
    assert result.payments == SHANGHAI_PAYMENTS
    assert result.warnings is not None
    assert [w.message.split()[0] for w in result.warnings] == ["'kongs'", "option"]
    assert all(w.message_zh for w in result.warnings)
    out = run("score", "11122233344455m", "-r", "shanghai", "--kong", "S=exposed", "-o", "fee=3")
    assert out.exit_code == 0
    assert [line.split(":")[0] for line in out.stderr.splitlines()] == ["warning", "warning"]
    assert score(SHANGHAI).warnings is None


@pytest.mark.parametrize(
    "request_",
    [
        {  # 天胡 by a seat that is not the dealer
            "rules": "xingguo",
            "hand": "123m456m789m123p55p",
            "jing": "9s",
            "heavenly": True,
            "winner": "S",
            "dealer": "E",
        },
        # 有精平胡 off a discard
        {"rules": "xingguo", "hand": "123m456m789m1p23p55p", "jing": "1p", "discarder": "S"},
    ],
)
def test_a_refused_hand_leaves_nothing_for_the_garbage_collector(request_: dict[str, Any]) -> None:
    """The refusal once held the frame that raised it, and the frame the refusal: every refused
    hand of a batch left a cycle (its hand, context and readings) for the collector to walk.

    Only mjcalc's own objects are counted: another library's threads (a Dask cluster an
    earlier test started) may leave cycles of theirs while the collector is off."""
    score(request_)  # what the first hand of a ruleset builds once is not garbage
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept in gc.garbage, to look at
    try:
        result = score(request_)
        gc.collect()
        ours = [o for o in gc.garbage if _is_mjcalcs(o)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert result.error is not None and result.error.code == "illegal_win"
    assert ours == []


def _is_mjcalcs(o: object) -> bool:
    """An object of a type mjcalc defines, or a frame of mjcalc's code."""
    if isinstance(o, types.FrameType):
        return "mjcalc" in o.f_code.co_filename
    return type(o).__module__.startswith("mjcalc")
