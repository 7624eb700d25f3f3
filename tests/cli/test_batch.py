"""``mjcalc batch``: one result per hand line, in order, streamed; JSON and the human table.

Toy ruleset (conftest): the discarder pays the winner 3, or each other seat pays 3 on a self-draw.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from mjcalc.cli import cli
from mjcalc.cli.batch import score_lines
from mjcalc.render.batch import LONG_FILE_BYTES, progress_lines, render_batch
from mjcalc.render.console import make_console
from mjcalc.render.text import text_width
from tests.support.cli import CLEAN_ENV

WIN = "123m456p789s11z 234m"  # a standard hand: the toy scores it
NOT_WINNING = "123m456p789s11z 235m"


def run(*args: str, stdin: str | bytes | None = None, env: dict[str, str] | None = None) -> Result:
    runner = CliRunner(env={**CLEAN_ENV, **(env or {})})
    return runner.invoke(cli, list(args), input=stdin, prog_name="mjcalc")


def json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def write(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "hands.txt"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


# --- JSON ---------------------------------------------------------------------------------------


def test_good_and_bad_lines_give_one_json_line_each_in_order(
    tmp_path: Path, toy_rules: str
) -> None:
    path = write(tmp_path, WIN, NOT_WINNING, f"{WIN} --discarder S", "1x")
    out = run("batch", path, "--rules", toy_rules, "--json")
    assert out.exit_code == 1
    results = json_lines(out.stdout)
    assert [r["line"] for r in results] == [1, 2, 3, 4]
    assert [r["ok"] for r in results] == [True, False, True, False]
    assert results[0]["payments"] == {"E": 9, "S": -3, "W": -3, "N": -3}  # self-draw: 3 × 3
    assert results[1]["error"]["code"] == "not_winning"
    assert results[2]["payments"] == {"E": 3, "S": -3, "W": 0, "N": 0}  # S discarded
    assert results[3]["error"] == {
        "code": "invalid_notation",
        "message": "unknown character 'x' at column 2",
        "message_zh": "第 2 列有无法识别的字符 'x'",
        "column": 2,
    }
    assert out.stderr == ""


def test_all_lines_scored_exits_0(tmp_path: Path, toy_rules: str) -> None:
    out = run("batch", write(tmp_path, WIN, WIN), "-r", toy_rules, "--json")
    assert out.exit_code == 0
    assert [r["line"] for r in json_lines(out.stdout)] == [1, 2]


def test_json_and_argument_lines_mix_and_blank_and_comment_lines_are_skipped(
    tmp_path: Path, toy_rules: str
) -> None:
    path = write(
        tmp_path,
        "# a sitting at the club",
        "",
        json.dumps({"rules": toy_rules, "hand": WIN, "winner": "S", "discarder": "W"}),
        "   ",
        f"score '{WIN}' --rules {toy_rules} --winner N",
        "  # indented comment",
        f"{WIN} --rules {toy_rules} --discarder E --winner W",
    )
    out = run("batch", path, "--json")
    assert out.exit_code == 0, out.output
    results = json_lines(out.stdout)
    assert [r["line"] for r in results] == [3, 5, 7]
    assert [r["payments"] for r in results] == [
        {"E": 0, "S": 3, "W": -3, "N": 0},  # W discards to S
        {"E": -3, "S": -3, "W": -3, "N": 9},  # N self-draws: 3 from each
        {"E": -3, "S": 0, "W": 3, "N": 0},  # E discards to W
    ]


def test_stdin_dash(toy_rules: str) -> None:
    out = run("batch", "-", "-r", toy_rules, "--json", stdin=f"{WIN}\n\n{NOT_WINNING}\n")
    assert out.exit_code == 1
    assert [(r["line"], r["ok"]) for r in json_lines(out.stdout)] == [(1, True), (3, False)]


def test_mjcalc_rules_environment_is_the_default_ruleset(toy_rules: str) -> None:
    stdin = f'{WIN}\n{{"hand": "{WIN}"}}\n'
    out = run("batch", "-", "--json", stdin=stdin, env={"MJCALC_RULES": toy_rules})
    assert out.exit_code == 0
    assert [r["rules"] for r in json_lines(out.stdout)] == [toy_rules, toy_rules]


def test_batch_rules_flag_beats_the_environment_and_a_line_beats_both(
    tmp_path: Path, toy_rules: str
) -> None:
    other = tmp_path / "other.toml"
    other.write_text('ruleset = "toy"\n[options]\npoints = 7\n', encoding="utf-8")
    stdin = f'{WIN}\n{{"hand": "{WIN}"}}\n{WIN} -r {other}\n'
    out = run("batch", "-", "-r", toy_rules, "--json", stdin=stdin, env={"MJCALC_RULES": "nope"})
    # points 3 from toy_rules for the first two lines, 7 from the line's own --rules: 3 × 7 = 21
    assert [r["payments"]["E"] for r in json_lines(out.stdout)] == [9, 9, 21]


def test_a_line_without_any_ruleset_is_an_invalid_request() -> None:
    out = run("batch", "-", "--json", stdin=f"{WIN}\n")
    assert out.exit_code == 1
    assert json_lines(out.stdout)[0]["error"] == {
        "code": "invalid_request",
        "message": "missing field 'rules' (e.g. \"xingguo\")",
        "message_zh": "缺少字段 'rules'（规则，例如 \"xingguo\"）",
    }


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{bad json", "bad JSON: Expecting property name enclosed in double quotes (char 2)"),
        ('{"hand": "1m", "colour": 1}', "unknown field 'colour'"),
        (f"{WIN} --winner Q", "Invalid value for '--winner'"),
        (f"{WIN} --no-such", "No such option '--no-such'"),
        ("'unclosed", "cannot split the line: No closing quotation"),
        (f"{WIN} --help", "No such option '--help'"),
    ],
)
def test_unreadable_lines_are_results_with_invalid_request(
    toy_rules: str, line: str, message: str
) -> None:
    out = run("batch", "-", "-r", toy_rules, "--json", stdin=f"{WIN}\n{line}\n{WIN}\n")
    assert out.exit_code == 1
    results = json_lines(out.stdout)
    assert [(r["line"], r["ok"]) for r in results] == [(1, True), (2, False), (3, True)]
    assert results[1]["error"]["code"] == "invalid_request"
    assert message in results[1]["error"]["message"]


def test_invalid_utf8_line_is_one_error_and_a_bom_is_ignored(toy_rules: str) -> None:
    stdin = b"\xef\xbb\xbf" + WIN.encode() + b"\n\xff\xfe\n" + WIN.encode() + b"\r\n"
    out = run("batch", "-", "-r", toy_rules, "--json", stdin=stdin)
    results = json_lines(out.stdout)
    assert [(r["line"], r["ok"]) for r in results] == [(1, True), (2, False), (3, True)]
    assert results[1]["error"]["message"] == "the line is not UTF-8 text (bad byte at offset 0)"


def test_empty_input_exits_0_with_no_output(toy_rules: str) -> None:
    out = run("batch", "-", "-r", toy_rules, "--json", stdin="# nothing\n\n")
    assert (out.exit_code, out.stdout) == (0, "")


# --- streaming ----------------------------------------------------------------------------------


def _lines_checking(out: io.StringIO, rows_before_line_3: int) -> Iterator[bytes]:
    """Hand lines that check, when line 3 is read, how many lines were already written."""
    yield WIN.encode()
    yield NOT_WINNING.encode()
    assert out.getvalue().count("\n") >= rows_before_line_3
    yield WIN.encode()


def test_score_lines_is_lazy(toy_rules: str) -> None:
    def endless() -> Iterator[str]:
        while True:
            yield WIN

    first = next(score_lines(endless(), toy_rules))
    assert first.ok and first.line == 1


def test_json_batch_writes_each_result_before_reading_the_next_line(
    toy_rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mjcalc.cli import batch as batch_module

    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    failed = batch_module.write_json_lines(score_lines(_lines_checking(out, 2), toy_rules))
    assert failed == 1
    assert [r["line"] for r in json_lines(out.getvalue())] == [1, 2, 3]


class _CountingOut(io.StringIO):
    """A stdout that counts its flushes."""

    flushes = 0

    def flush(self) -> None:
        self.flushes += 1
        super().flush()


@pytest.mark.parametrize(("flush", "flushes"), [(True, 3 + 1), (False, 1)])
def test_json_lines_are_flushed_one_by_one_only_when_asked(
    toy_rules: str, monkeypatch: pytest.MonkeyPatch, flush: bool, flushes: int
) -> None:
    from mjcalc.cli import batch as batch_module

    out = _CountingOut()
    monkeypatch.setattr("sys.stdout", out)
    # 3 lines: one flush each when streaming from a pipe, plus the final one; else the final one
    failed = batch_module.write_json_lines(score_lines([WIN, NOT_WINNING, WIN], toy_rules), flush)
    assert failed == 1 and out.flushes == flushes
    assert [r["line"] for r in json_lines(out.getvalue())] == [1, 2, 3]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_blocks_of_bytes_are_written_as_their_text_would_be_in_order(
    monkeypatch: pytest.MonkeyPatch, encoding: str
) -> None:
    # a worker's block comes as its UTF-8 bytes: a UTF-8 output takes them as they are, any
    # other decodes them; a text between blocks keeps its place
    from mjcalc.cli.batch import write_json_texts
    from mjcalc.cli.output import Report

    texts: list[tuple[str | bytes, int, int]] = [
        ('{"a":"東"}\n'.encode(), 1, 0),
        ('{"b":"\ud800"}\n', 1, 1),  # a lone surrogate stays text
        ('{"c":"發"}\n{"d":1}\n'.encode(), 2, 0),
    ]
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding, errors="surrogatepass", write_through=False)
    monkeypatch.setattr("sys.stdout", out)
    report = write_json_texts(texts, Report(), flush=False)
    expected = '{"a":"東"}\n{"b":"\ud800"}\n{"c":"發"}\n{"d":1}\n'
    assert raw.getvalue() == expected.encode(encoding, "surrogatepass")
    assert (report.failed, report.scored) == (1, 3)


class _CountingRaw(io.BytesIO):
    """A byte stream that counts the writes reaching it."""

    writes = 0

    def write(self, data: Any) -> int:
        self.writes += 1
        return super().write(data)


def test_text_lines_to_a_utf8_output_are_not_flushed_one_by_one(
    toy_rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Regression: when blocks of bytes could follow, every text line was flushed to the byte
    # stream (a system call a line for `batch FILE --json` in one process)
    from mjcalc.cli import batch as batch_module

    raw = _CountingRaw()
    out = io.TextIOWrapper(io.BufferedWriter(raw, 1 << 16), encoding="utf-8")
    monkeypatch.setattr("sys.stdout", out)
    failed = batch_module.write_json_lines(score_lines([WIN] * 20, toy_rules), flush=False)
    assert failed == 0 and raw.writes == 1
    assert [r["line"] for r in json_lines(raw.getvalue().decode())] == list(range(1, 21))


def test_a_workers_block_is_its_utf8_bytes_and_a_lone_surrogate_keeps_it_text(
    toy_rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mjcalc.app import batch as batch_api

    chunk = [(1, WIN), (2, NOT_WINNING)]
    block, n, failed = batch_api._json_chunk(chunk, toy_rules)
    assert isinstance(block, bytes) and (n, failed) == (2, 1)
    assert [r["line"] for r in json_lines(block.decode())] == [1, 2]

    class _Odd:
        ok = True

        def to_json(self) -> str:
            return '{"x":"\ud800"}'

    monkeypatch.setattr(batch_api, "_score_chunk", lambda *_: [_Odd()])
    assert batch_api._json_chunk(chunk, toy_rules) == ('{"x":"\ud800"}\n', 1, 0)


def test_only_input_that_can_wait_gets_each_line_flushed(tmp_path: Path) -> None:
    import os

    from mjcalc.cli.batch import never_waits as _never_waits

    path = write(tmp_path, WIN)
    with open(path, "rb") as regular:
        assert _never_waits(regular)
    assert _never_waits(io.BytesIO(b""))
    read_end, write_end = os.pipe()
    os.close(write_end)
    with open(read_end, "rb") as pipe:
        assert not _never_waits(pipe)


def test_table_rows_are_printed_before_the_next_line_is_read(toy_rules: str) -> None:
    out = io.StringIO()
    console = make_console(file=out)
    totals = render_batch(
        _lines_checking(out, 3),  # the header and two rows
        lambda lines: score_lines(lines, toy_rules),
        console=console,
        err_console=make_console(file=io.StringIO()),
    )
    assert (totals.scored, totals.failed) == (2, 1)


# --- the human table ----------------------------------------------------------------------------


def test_batch_table_and_summary(tmp_path: Path, toy_rules: str) -> None:
    path = write(tmp_path, WIN, "# skipped", f"{WIN} --winner S --discarder W", "1x", NOT_WINNING)
    out = run("batch", path, "-r", toy_rules)
    assert out.exit_code == 1
    assert out.stderr == ""
    # line 1: E self-draws, 3 from each → E +9, S -3, W -3, N -3; line 3: W discards to S → S +3,
    # W -3. Net: E +9, S -3 + 3 = 0, W -3 - 3 = -6, N -3
    assert out.stdout.splitlines() == [
        " line  hand                                pattern                     winner",
        "    1  12233m456p789s11z 4m                Win 胡                      E +9",
        "    3  12233m456p789s11z 4m                Win 胡                      S +3",
        "    4  1x                                  error [invalid_notation] unknown character"
        " 'x' at column 2",
        "    5  123m456p789s11z 235m                error [not_winning] not a complete hand",
        "",
        "2 scored, 2 not scored",
        "net   E +9  S 0  W -6  N -3",
    ]


def test_batch_table_in_chinese(toy_rules: str) -> None:
    out = run("batch", "-", "-r", toy_rules, "--lang", "zh", stdin=f"{WIN}\n")
    assert out.exit_code == 0
    assert out.stdout.splitlines() == [
        "   行  牌                                  牌型                        胡家赢",
        "    1  12233m456p789s11z 4m                胡                          東 +9",
        "",
        "已计分 1，未计分 0",
        "合计   東 +9  南 -3  西 -3  北 -3",
    ]


def test_a_batch_that_mixes_rulesets_sums_each_ruleset_apart() -> None:
    # line 1, Xingguo: 123m456p789s11z + 234m self-drawn by the dealer E, jing 9s (E holds its
    # 9s at face value): hu 1 × 2 self-draw × 2 dealer × 2 德国 = 8, + 5 德国 reward = 13
    # from each; jing: one 正精 = 2, 霸精 doubles it to 4 from each → 17 each, E +51.
    # Line 2, Shanghai: 11122233344455m is 清碰, 5 fan: share (0 + 1) × 2^5 = 32, capped at
    # 2 勒子 = 20; S discards → E +20, S -20. Each ruleset is summed apart.
    lines = "123m456p789s11z234m -r xingguo --jing 9s\n11122233344455m -r shanghai --discarder S\n"
    out = run("batch", "-", stdin=lines)
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines()[-3:] == [
        "2 scored, 0 not scored",
        "net xingguo    E +51  S -17  W -17  N -17",  # labels padded: the seats line up
        "net shanghai   E +20  S -20  W 0  N 0",
    ]
    zh = run("batch", "-", "--lang", "zh", stdin=lines)
    assert zh.stdout.splitlines()[-2:] == [
        "合计 兴国冲关     東 +51  南 -17  西 -17  北 -17",
        "合计 上海清混碰   東 +20  南 -20  西 0  北 0",
    ]


def test_long_error_messages_wrap_under_their_column_on_a_terminal(toy_rules: str) -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80, color_system=None)
    render_batch(
        [b"123m456p789s11z 23m h\n"],
        lambda lines: score_lines(lines, toy_rules),
        console=console,
        err_console=make_console(file=io.StringIO()),
        lang="zh",
    )
    rows = out.getvalue().splitlines()
    assert all(text_width(row) <= 80 for row in rows)
    message = [row for row in rows if "第 21 列" in row or row.startswith(" " * 43)]
    assert len(message) >= 2  # wrapped, each piece indented under the message column
    joined = "".join(row.strip() for row in message)
    assert "无法识别的字符" in joined and "E S W N P F C" in joined.replace("SWN", "S W N")


def test_progress_bar_only_for_long_files_on_a_terminal() -> None:
    lines = [b"x" * 1000 + b"\n"] * 200  # 200 200 bytes, over LONG_FILE_BYTES
    size = sum(map(len, lines))
    assert size >= LONG_FILE_BYTES
    pipe = make_console(stderr=True, file=io.StringIO())
    with progress_lines(lines, size, pipe) as tracked:
        assert tracked is lines  # not a terminal: untouched
    terminal_file = io.StringIO()
    terminal = Console(file=terminal_file, force_terminal=True, width=60)
    with progress_lines(lines, LONG_FILE_BYTES - 1, terminal) as tracked:
        assert tracked is lines  # a short file: no bar
    with progress_lines(lines, size, terminal) as tracked:
        assert list(tracked) == lines
    assert "100%" in terminal_file.getvalue()


def test_regular_file_size_is_known_and_stdin_size_is_not(
    tmp_path: Path, toy_rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mjcalc.cli import batch as batch_module

    seen: list[int | None] = []

    def spy(lines: Any, score: Any, *, size: int | None, lang: str) -> Any:
        seen.append(size)
        return render_batch(lines, score, size=size, lang="en")

    monkeypatch.setattr("mjcalc.render.batch.render_batch", spy)
    path = write(tmp_path, WIN)
    run("batch", path, "-r", toy_rules)
    run("batch", "-", "-r", toy_rules, stdin=f"{WIN}\n")
    assert seen == [len(WIN) + 1, None]
    assert batch_module.regular_file_size(io.BytesIO(b"")) is None


# --- input that is not a hand file ----------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "is not text: a NUL byte at offset 5 (a hand file is lines of text)"),
        ("zh", "不是文本文件：偏移 5 处有 NUL 字节"),
    ],
)
def test_a_binary_file_is_refused_up_front_in_one_message(
    tmp_path: Path, lang: str, said: str
) -> None:
    path = tmp_path / "photo.jpg"
    path.write_bytes(b"\xff\xd8\xff\xe0\n\x00JFIF\n" + bytes(range(256)) * 40)
    out = run("batch", str(path), "--lang", lang)
    assert out.exit_code == 2
    assert f"photo.jpg {said}" in out.stderr
    assert out.stdout == ""  # no rows, not even the header


def test_a_binary_stdin_is_refused_too_and_json_gets_its_record() -> None:
    out = run("batch", "-", "--json", stdin=b"abc\x00def\n")
    assert out.exit_code == 2
    assert json.loads(out.stdout)["error"]["message"].endswith(
        "is not text: a NUL byte at offset 3 (a hand file is lines of text)"
    )


@pytest.mark.parametrize(
    ("content", "lang", "said"),
    [
        ("", "en", "hands.txt: it is empty, or holds only blank lines and # comments"),
        ("# a comment\n\n   \n", "en", "hands.txt: it is empty"),
        ("# 注释\n", "zh", "hands.txt 里没有牌行：文件是空的，或只有空行和 # 注释"),
    ],
)
def test_a_file_without_hand_lines_says_so(
    tmp_path: Path, content: str, lang: str, said: str
) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(content, encoding="utf-8")
    for shape in ([], ["--json"]):
        out = run("batch", str(path), "--lang", lang, *shape)
        assert out.exit_code == 0  # nothing failed
        assert said in out.stderr
        assert ("no hand lines in " in out.stderr) == (lang == "en")


def test_a_file_with_hands_says_nothing_of_the_kind(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("# one\n111m222m333m444m55m -r shanghai --discarder S\n", encoding="utf-8")
    assert "no hand lines" not in run("batch", str(path)).stderr
