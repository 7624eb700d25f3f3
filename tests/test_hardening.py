"""Regression tests of issue 8 (hostile input never stops the work), one block per item found.

The fuzzing of the same ground lives in ``tests/test_fuzz.py`` (bounded) and ``bench/fuzz.py``
(long runs); here each problem found is pinned by the input that showed it.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from click.testing import Result as ClickResult
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcalc import score
from mjcalc.app.lines import MAX_LINE, bounded_lines
from mjcalc.cli import cli
from mjcalc.cli.batch import score_lines
from mjcalc.engine import decompose
from mjcalc.render.console import make_console
from mjcalc.render.result import render_result
from mjcalc.render.text import safe
from mjcalc.rules.plugins import plugins
from mjcalc.rules.registry import ruleset_by_name
from mjcalc.tiles import N_KINDS
from tests.support.cli import CLEAN_ENV
from tests.support.fuzz_inputs import honor_hand

# --- 9: honor_sets = "any_distinct" with jing on all-honor hands ------------------------------


def test_honor_sets_dealt_out_differently_are_one_decomposition() -> None:
    # 東東南南西西北北白白 + 4 wilds as 4 sets + a pair, any three different honors a set. The
    # same honor tiles can be dealt between the honor groups in 1,340 ways. Which honor sits
    # beside which changes nothing once an honor set is there (no longer all pungs), so those
    # are one decomposition; without honor sets the pair and pungs stay exact: all pungs (大七)
    # with the pair on each of the five kinds, each pung completed by one wild.
    counts = [0] * N_KINDS
    for t in range(27, 32):  # 1z..5z twice each
        counts[t] = 2
    found = decompose(tuple(counts), 4, 4, honor_sets="any_distinct")
    kinds = sorted(tuple(sorted(g.kind for g in d)) for d in found)
    assert (
        kinds
        == [("honors", "honors", "pair", "pung", "pung")]
        + [("pair", "pung", "pung", "pung", "pung")] * 5
    )
    pairs = sorted(d[0].tiles[0] for d in found if d[0].kind == "pair" and len(d) == 5)
    assert pairs == [27, 27, 28, 29, 30, 31]


def test_all_honor_hand_with_jing_is_still_priced_as_before() -> None:
    # 東東南南西西北北白白發發發中, jing 中 (副精 發), E the dealer self-draws. Best reading:
    # 平胡 (v = 1) with 精吊 (a lone 發, a 副精, paired with the drawn 發: 66z) and 德国 (no
    # jing acting as wild): 1 × 2 self-draw × 2 dealer × 2 精吊 × 2 德国 = 16, + 5 德国 reward
    # = 21 from each → E +63. Jing: 1 正精 (×2) + 3 副精 = 5 → 冲关 5 × 2 = 10, 霸精 doubles
    # it → 20 from each → E +60. Total E +123, each other seat -41.
    result = score(
        {
            "rules": "xingguo",
            "hand": "1234567z 1234566z",
            "jing": "7z",
            "options": {"honor_sets": "any_distinct"},
        }
    )
    assert result.ok, result.error
    assert result.pattern is not None and result.pattern.id == "plain"
    assert result.sections["hu"] == {"E": 63, "S": -21, "W": -21, "N": -21}
    assert result.sections["jing"] == {"E": 60, "S": -20, "W": -20, "N": -20}
    assert result.payments == {"E": 123, "S": -41, "W": -41, "N": -41}


# --- shared ------------------------------------------------------------------------------------

XINGGUO = {"rules": "xingguo", "hand": "123m456p789s11z 234m", "jing": "9s"}
"""E, the dealer, self-draws a 平胡 holding one 正精 (9s) at face value: hu 1 × 2 self-draw × 2
dealer × 2 德国 = 8, + 5 德国 reward = 13 from each (+39); jing: one 正精 = 2 from each, 霸精
doubles it to 4 (+12). E +51, each other seat -17."""
XINGGUO_PAYMENTS = {"E": 51, "S": -17, "W": -17, "N": -17}
SHANGHAI = {"rules": "shanghai", "hand": "11122233344455m"}
"""清碰 self-drawn: (0 flowers + 1 base) × 2^5 = 32, capped at 2 勒子 = 20 from each: E +60."""
SHANGHAI_PAYMENTS = {"E": 60, "S": -20, "W": -20, "N": -20}


def error_code(request: dict[str, Any]) -> str | None:
    result = score(request)
    return result.error.code if result.error else None


def run(*args: str, stdin: str | bytes | None = None) -> ClickResult:
    return CliRunner(env=dict(CLEAN_ENV)).invoke(cli, list(args), input=stdin, prog_name="mjcalc")


def run_main(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    """``python -m mjcalc ARGS`` in a real process: what main() does with real streams."""
    env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    env.update(kwargs.pop("env", {}))
    return subprocess.run(
        [sys.executable, "-m", "mjcalc", *args],
        capture_output=kwargs.pop("capture_output", True),
        env=env,
        timeout=60,
        check=False,
        **kwargs,
    )


def test_the_shared_requests_score_as_worked_out() -> None:
    assert score(XINGGUO).payments == XINGGUO_PAYMENTS
    assert score(SHANGHAI).payments == SHANGHAI_PAYMENTS


# --- 1: one bad batch line never stops a batch ---------------------------------------------------

POISON_LINES = [
    '{"rules":"shanghai","hand":"\\ud800"}',  # a lone surrogate: decodable, not text
    "[" * 100_000,  # deeper than any request
    '{"rules":"shanghai","hand":' + "[" * 5_000 + "]" * 5_000 + "}",
    '{"rules":"shanghai","hand":"11122233344455m","kaibao":' + "9" * 5_000 + "}",
    '{"rules":"shanghai","rules":"xingguo","hand":"11122233344455m"}',  # a key twice
    '{"rules":"shanghai","hand":"11122233344455m","options":{"a":{"b":{"c":{"d":1}}}}}',
    "score " + "x" * 70_000,  # longer than a line can be
]


@pytest.mark.parametrize("poison", POISON_LINES, ids=range(len(POISON_LINES)))
def test_a_poisoned_line_is_one_invalid_request_in_its_place(poison: str) -> None:
    good = json.dumps(SHANGHAI)
    results = list(score_lines([good.encode(), poison.encode(), good.encode()], None))
    assert [r.line for r in results] == [1, 2, 3]
    assert [r.ok for r in results] == [True, False, True]
    assert results[1].error is not None and results[1].error.code == "invalid_request"
    assert results[2].payments == SHANGHAI_PAYMENTS
    results[1].to_json().encode("utf-8")  # and it can be written


def test_a_poisoned_batch_writes_every_line() -> None:
    good = json.dumps(SHANGHAI)
    stdin = "\n".join([good, *POISON_LINES, good]) + "\n"
    out = run("batch", "-", "--json", stdin=stdin)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.exit_code == 1
    assert [line["line"] for line in lines] == list(range(1, len(POISON_LINES) + 3))
    assert [line["ok"] for line in lines] == [True] + [False] * len(POISON_LINES) + [True]
    assert {line["error"]["code"] for line in lines[1:-1]} == {"invalid_request"}


def test_a_huge_line_is_read_in_bounded_pieces(tmp_path: Path) -> None:
    # 4 MiB without a newline, then a good line: the long one is cut at 16 KiB + 1 byte in
    # memory, refused, and the next line is still scored.
    good = json.dumps(SHANGHAI).encode()
    stream = io.BytesIO(b"x" * (4 << 20) + b"\n" + good + b"\n")
    lines = list(bounded_lines(stream))
    assert [len(line) for line in lines] == [MAX_LINE + 1, len(good) + 1]
    path = tmp_path / "hands.txt"
    path.write_bytes(stream.getvalue())
    out = run("batch", str(path), "--json")
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert [(r["line"], r["ok"]) for r in results] == [(1, False), (2, True)]
    assert results[0]["error"]["code"] == "invalid_request"


def test_a_line_of_exactly_the_limit_is_read() -> None:
    # 16 KiB of spaces around a request (and its newline) is still a line to score
    line = json.dumps(SHANGHAI).encode()
    line += b" " * (MAX_LINE - len(line)) + b"\n"
    (result,) = score_lines(bounded_lines(io.BytesIO(line)), None)
    assert result.payments == SHANGHAI_PAYMENTS


# --- 2 and 7: bounded, strict numbers and types ---------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"kaibao": 20_000},
        {"huangfan": 65},
        {"kaibao": "3"},
        {"kaibao": 1.0},
        {"flowers": 9},
        {"flowers": True},
        {"self_draw": "yes"},
        {"after_kong": 1},
        {"options": {"stake": 10**4000}},
        {"options": {"lezi": 10**50}},
        {"options": {"lezi": "5"}},
        {"options": {"stake": True}},
        {"options": {"base": -1}},
        {"options": {"fee": 1001}},
        {"liable": ["S", "W", "N", "S"]},
        {"hand": "1m" * 200},
        {"win_tile": "1m" * 20},
        {"options": {f"o{i}": 1 for i in range(65)}},
    ],
)
def test_shanghai_numbers_and_types_out_of_bounds(fields: dict[str, Any]) -> None:
    assert error_code({**SHANGHAI, **fields}) == "invalid_request"


@pytest.mark.parametrize(
    "fields",
    [
        {"follow_dealer": 10**100},
        {"follow_dealer": 2.0},
        {"follow_dealer": 65},
        {"heavenly": 1},
        {"earthly": "true"},
        {"jings": {"S": ["1", "0"]}},
        {"jings": {"S": [True, 0]}},
        {"jings": {"S": [4, 0]}},  # 3 正精 are in play at most
        {"jings": {"S": [0, 5]}},
        {"jings": {"S": [1]}},
        {"options": {"kong_score": 10**40}},
        {"options": {"stake": 0}},
        {"options": {"deguo_bonus": True}},
        {"jing": "9s" * 10},
        {"rules": "x" * 5000},
    ],
)
def test_xingguo_numbers_and_types_out_of_bounds(fields: dict[str, Any]) -> None:
    assert error_code({**XINGGUO, **fields}) == "invalid_request"


def test_the_largest_values_still_score() -> None:
    # stake 1000 multiplies every section: E +51 × 1000
    result = score({**XINGGUO, "follow_dealer": 0, "options": {"stake": 1000}})
    assert result.payments == {seat: 1000 * n for seat, n in XINGGUO_PAYMENTS.items()}
    # kaibao 64: any 开宝 fan reaches 2 勒子, which the 清碰 share already is: still 20 each
    assert score({**SHANGHAI, "kaibao": 64, "huangfan": 64}).payments == SHANGHAI_PAYMENTS
    # a JSON array is still the [正, 副] pair of jings
    assert score({**XINGGUO, "jings": {"S": [0, 0]}}).ok


def test_huge_counts_on_the_command_line_are_usage_errors() -> None:
    for flag in ("--kaibao", "--huangfan"):
        out = run("score", "11122233344455m", "-r", "shanghai", flag, "10000000000")
        assert out.exit_code == 2, out.output
    out = run(
        "score", "123m456p789s11z 234m", "-r", "xingguo", "--jing", "9s", "--follow-dealer", "65"
    )
    assert out.exit_code == 2


def test_an_option_given_as_a_huge_or_deep_value_on_the_command_line() -> None:
    for value in ("9" * 5000, "[" * 5000):
        out = run("score", "11122233344455m", "-r", "shanghai", "-o", f"lezi={value}", "--json")
        assert out.exit_code == 1
        assert json.loads(out.stdout)["error"]["code"] == "invalid_request"


# --- 3: `rules` reads only a regular .toml file of at most 1 MiB ----------------------------------


def refused_message(name: str) -> str:
    result = score({"rules": name, "hand": "1m"})
    assert result.error is not None and result.error.code == "unknown_rules", result.error
    return result.error.message.replace(name, "NAME")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_devices_fifos_directories_and_big_files_are_refused_unread(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)  # opening it would hang: it is never opened
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (1 << 20) + b"\n")  # one byte over 1 MiB
    names = [
        "/dev/zero",
        "/dev/stdin",
        str(fifo),
        str(folder),
        str(big),
        str(tmp_path / "missing.toml"),
        str(tmp_path / "x\x00.toml"),
        "/etc/hostname",  # a regular file, but not .toml
    ]
    # one message for all: it never tells which files exist
    assert {refused_message(name) for name in names} == {refused_message("/nonexistent.toml")}


def test_a_file_of_exactly_one_mebibyte_is_read(tmp_path: Path) -> None:
    header = 'ruleset = "shanghai"\n'
    path = tmp_path / "house.toml"
    path.write_text(header + "#" * ((1 << 20) - len(header) - 1) + "\n")
    assert path.stat().st_size == 1 << 20
    assert score({**SHANGHAI, "rules": str(path)}).payments == SHANGHAI_PAYMENTS


def test_dev_stdin_in_a_batch_does_not_swallow_the_rest() -> None:
    lines = [json.dumps({**SHANGHAI, "rules": "/dev/stdin"}), json.dumps(SHANGHAI)]
    out = run("batch", "-", "--json", stdin="\n".join(lines) + "\n")
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["ok"] for r in results] == [False, True]
    assert results[0]["error"]["code"] == "unknown_rules"


# --- 4: a ruleset file names a registered ruleset, never a module ---------------------------------


@pytest.mark.parametrize("name", ["base", "xingguo_hu", "__init__", "os", "xingguo.hu"])
def test_a_ruleset_key_outside_the_registry_is_unknown_rules(tmp_path: Path, name: str) -> None:
    path = tmp_path / "house.toml"
    path.write_text(f'ruleset = "{name}"\n')
    assert error_code({**SHANGHAI, "rules": str(path)}) == "unknown_rules"


def test_the_registry_finds_mjcalcs_own_rulesets_as_plugins() -> None:
    assert list(plugins())[:2] == ["xingguo", "shanghai"]
    assert ruleset_by_name("shanghai").name == "shanghai"


def test_a_deeply_nested_ruleset_file_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text('ruleset = "shanghai"\nx = ' + "[" * 5000 + "]" * 5000 + "\n")
    assert error_code({**SHANGHAI, "rules": str(path)}) == "invalid_request"
    inline = tmp_path / "inline.toml"
    inline.write_text('ruleset = "shanghai"\nx = ' + "{a=" * 5000 + "1" + "}" * 5000 + "\n")
    assert error_code({**SHANGHAI, "rules": str(inline)}) == "invalid_request"


# --- 5: control characters never reach the terminal -----------------------------------------------


def test_safe_escapes_controls_and_separators_only() -> None:
    assert safe("123m 東 　白") == "123m 東 　白"  # the ideographic space stays
    assert safe("a\x1b[31mb") == "a\\x1b[31mb"
    assert safe("a\u2028b\u2029c") == "a\\u2028b\\u2029c"
    assert safe("\u202eevil\u2066") == "\\u202eevil\\u2066"
    assert safe("\x85\x9b\x07\n\t") == "\\x85\\x9b\\x07\\x0a\\x09"


HOSTILE = "\x1b]0;pwned\x07\x1b[2J\u2028forged row\u202e"


def assert_clean(text: str) -> None:
    for ch in ("\x1b", "\x07", "\u2028", "\u202e"):
        assert ch not in text


def test_error_lines_escape_a_hostile_hand_and_field_name() -> None:
    out = run("score", "123m" + HOSTILE, "-r", "shanghai")
    assert out.exit_code == 1
    assert_clean(out.stderr)
    out = run("batch", "-", stdin=json.dumps({**SHANGHAI, HOSTILE: 1}) + "\n")
    assert_clean(out.stdout + out.stderr)
    assert "unknown field" in out.stdout


def test_batch_rows_escape_a_hostile_hand() -> None:
    out = run("batch", "-", stdin=json.dumps({**SHANGHAI, "hand": HOSTILE}) + "\n")
    assert out.exit_code == 1
    assert_clean(out.stdout)
    assert "\\u2028forged row" in out.stdout


def test_the_rules_view_escapes_a_hostile_ruleset_file(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    description = HOSTILE.replace("\x1b", "\\u001b").replace("\x07", "\\u0007")
    description = description.replace("\u2028", "\\u2028").replace("\u202e", "\\u202e")
    path.write_text(f'ruleset = "shanghai"\ndescription = "{description}"\n')
    out = run("rules", str(path))
    assert out.exit_code == 0, out.output
    assert_clean(out.stdout)
    assert "\\x1b]0;pwned" in out.stdout


# --- 6: output and input that fail end with one line, status 1 ------------------------------------

SCORE_ARGS = ("score", "123m456p789s11z 234m", "-r", "xingguo", "--jing", "9s")


def assert_one_line_failure(proc: subprocess.CompletedProcess[bytes], what: str) -> None:
    err = proc.stderr.decode()
    assert proc.returncode == 1
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith(f"mjcalc: cannot {what}"), err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("as_json", [True, False])
def test_a_full_disk(as_json: bool) -> None:
    with open("/dev/full", "wb") as full:
        proc = run_main(
            *SCORE_ARGS,
            *(["--json"] if as_json else []),
            stdout=full,
            capture_output=False,
            stderr=subprocess.PIPE,
        )
    assert_one_line_failure(proc, "write the output")


def test_a_closed_stdout() -> None:
    proc = run_main(
        *SCORE_ARGS,
        "--json",
        stdout=subprocess.DEVNULL,
        capture_output=False,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(1),
    )
    assert_one_line_failure(proc, "write the output")


def test_a_closed_stdin() -> None:
    proc = run_main(
        "batch",
        "-",
        "--json",
        stdout=subprocess.PIPE,
        capture_output=False,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(0),
    )
    assert_one_line_failure(proc, "read the input")


def test_a_broken_pipe() -> None:
    line = (json.dumps(XINGGUO) + "\n").encode()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mjcalc", "batch", "-", "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stdin is not None
    proc.stdout.close()  # the reader went away (`| head -1`)
    try:
        proc.stdin.write(line * 2000)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    _out, err = proc.communicate(timeout=60)
    assert_one_line_failure(
        subprocess.CompletedProcess(proc.args, proc.returncode, b"", err), "write the output"
    )


def test_an_ascii_terminal_cannot_show_the_breakdown() -> None:
    env = {"PYTHONIOENCODING": "ascii", "PYTHONUTF8": "0", "LC_ALL": "C"}
    assert_one_line_failure(run_main(*SCORE_ARGS, env=env), "write the output")


def test_an_encoding_without_tile_glyphs_shows_mpsz() -> None:
    buffer = io.BytesIO()
    stream = io.TextIOWrapper(buffer, encoding="gbk")
    console = make_console(file=stream)
    render_result(score(XINGGUO), console)
    stream.flush()
    text = buffer.getvalue().decode("gbk")
    assert text.splitlines()[0] == "12233m456p789s11z 4m"  # the canonical hand, no glyph line
    assert "平胡" in text  # Chinese still shows: GBK has it


# --- 8: impossible tables, ambiguous flags, fields with no effect -------------------------------


@pytest.mark.parametrize(
    "kongs",
    [
        [{"seat": "S", "kind": "exposed", "tile": "1z"}],  # the winner holds 1z 1z
        [
            {"seat": "S", "kind": "exposed", "tile": "7z"},
            {"seat": "W", "kind": "added", "tile": "7z"},
        ],
        [{"seat": "S", "kind": "concealed"}] * 5,  # five kongs for one seat
        [{"seat": "S", "kind": "concealed", "tile": "1f"}],  # a kong of a flower (found by fuzzing)
    ],
)
def test_impossible_tables_are_invalid_requests(kongs: list[dict[str, str]]) -> None:
    assert error_code({**XINGGUO, "kongs": kongs}) == "invalid_request"


def test_a_robbed_kong_shares_its_tile_with_the_winner() -> None:
    # W added 4m to its pung and E robbed it: the 4m in E's hand is the kong's fourth tile.
    # hu: 平胡 with the jing at face value, as a discard by W: W's share 1 × 2 discarder × 2
    # dealer (E) × 2 抢杠 × 2 德国 = 16, S's and N's 1 × 2 dealer × 2 抢杠 × 2 德国 = 8 each;
    # the kong maker pays all three shares and the 德国 reward once: 16 + 8 + 8 + 5 = 37.
    kong = {"seat": "W", "kind": "added", "tile": "4m"}
    result = score({**XINGGUO, "discarder": "W", "robbing_kong": True, "kongs": [kong]})
    assert result.ok, result.error
    assert result.sections["hu"] == {"E": 37, "S": 0, "W": -37, "N": 0}


@pytest.mark.parametrize(
    "flags",
    [
        ["--jings", "S=1"],
        ["--jings", "S=1,0", "--jings", "s=0,1"],
        ["--xianggong", "S=big", "--xianggong", "S=small"],
    ],
)
def test_ambiguous_per_seat_flags_are_usage_errors(flags: list[str]) -> None:
    out = run(*SCORE_ARGS, *flags)
    assert out.exit_code == 2
    assert "--" in out.stderr


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


# --- 10: results are canonical under meld order ---------------------------------------------


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


@settings(max_examples=12, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([None, "S"]))
def test_honors_solved_once_per_count_multiset_price_the_same(
    rng: random.Random, discarder: str | None
) -> None:
    # The any_distinct search renames honors sorted by count back to their kinds; turned off,
    # the same hand must be priced the same (caches cleared on both sides).
    request = {
        "rules": "xingguo",
        "hand": honor_hand(rng),
        "jing": f"{rng.randint(1, 7)}z",
        "discarder": discarder,
        "options": {"honor_sets": "any_distinct"},
    }
    decompose_module = sys.modules["mjcalc.engine.decompose"]

    def outcome() -> Any:
        decompose_module._search.cache_clear()
        result = score(request)
        return (result.payments, result.pattern, [i.id for i in result.items], result.error)

    renamed = outcome()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(decompose_module, "_honor_order", lambda _counts: None)
        plain = outcome()
    decompose_module._search.cache_clear()
    assert renamed == plain


# --- 11: the bundled rulesets are found from anywhere ---------------------------------------


def test_rules_run_from_the_repository_root() -> None:
    root = Path(__file__).resolve().parent.parent
    proc = run_main("rules", "xingguo", "--json", cwd=root)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["ruleset"] == "xingguo"
