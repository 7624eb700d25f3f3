"""``mjcalc session FILE --undo | --replace N LINE | --insert N LINE | --delete N``, and what the
command says when FILE cannot be written (each case its own words, in English and Chinese).

``QP`` 清碰 is 20 a share with the Shanghai defaults (tests/app/session/test_replay.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from tests.support.cli import run

QP = "11122233344455m"
HEADER = '{"session": {"rules": "shanghai", "balances": {"E": 100, "S": 100, "W": 100, "N": 100}}}'
WIN = f"{QP} --winner W --discarder N"
DRAW = '{"event": "draw"}'


def sitting(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def session(*args: str, lang: str = "en") -> Result:
    return run("session", *args, env={"MJCALC_LANG": lang})


def test_undo_after_add_gives_back_the_same_bytes(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER, WIN)
    before = path.read_bytes()
    assert session(str(path), "--add", DRAW).exit_code == 0
    out = session(str(path), "--undo")
    assert out.exit_code == 0, out.output
    assert path.read_bytes() == before
    assert f"undone: removed line 3 of {path}: {DRAW}" in out.stderr
    assert "W" in out.stdout and "+20" in out.stdout  # the standings as they are now
    assert session(str(path), "--add", DRAW).exit_code == 0
    zh = session(str(path), "--undo", lang="zh")
    assert f"已撤销：删除了 {path} 的第 3 行" in zh.stderr
    assert path.read_bytes() == before


def test_replace_insert_delete_print_like_add(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER, WIN, DRAW)
    out = session(str(path), "--replace", "2", f"{QP} --winner E --discarder S", "--json")
    assert out.exit_code == 0, out.output
    record, summary = json_lines(out.stdout)
    assert record["line"] == 2 and record["payments"] == {"E": 20, "S": -20, "W": 0, "N": 0}
    assert summary["summary"]["dealer"] == "E"
    assert f"replaced line 2 of {path}" in out.stderr
    out = session(str(path), "--insert", "3", "# then tea")
    assert out.exit_code == 0 and f"inserted line 3 into {path}" in out.stderr
    out = session(str(path), "--delete", "4", "--json")
    assert out.exit_code == 0
    (summary,) = json_lines(out.stdout)
    assert summary["summary"]["lines"] == 1
    assert path.read_text().splitlines() == [HEADER, f"{QP} --winner E --discarder S", "# then tea"]


def test_a_refused_edit_prints_the_failing_line_and_changes_nothing(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER, WIN, DRAW)
    before = path.read_bytes()
    out = session(str(path), "--insert", "2", '{"event": "escape", "seat": "W", "ends": true}')
    assert out.exit_code == 1 and path.read_bytes() == before
    assert out.stderr.startswith("line 2: error [invalid_request] refused: line 2 would then fail")
    out = session(str(path), "--replace", "3", "1x", "--json")
    assert out.exit_code == 1 and path.read_bytes() == before
    (record,) = json_lines(out.stdout)
    assert record["line"] == 3 and record["error"]["code"] == "invalid_notation"
    out = session(str(path), "--delete", "1", "--lang", "zh")
    assert out.exit_code == 1 and "第 1 行是会话表头" in out.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--undo", "--add", DRAW],
        ["--delete", "2", "--undo"],
        ["--replace", "2", DRAW, "--insert", "2", DRAW],
        ["--new", "--rules", "shanghai", "--undo"],
        ["--delete", "1_0"],
        ["--delete", "١"],
        ["--delete", "0"],
        ["--replace", "x", DRAW],
        ["--replace", "2"],
        ["--undo", "--rules", "shanghai"],
    ],
)
def test_usage_errors_exit_2_and_change_nothing(tmp_path: Path, args: list[str]) -> None:
    path = sitting(tmp_path, HEADER, WIN)
    before = path.read_bytes()
    out = session(str(path), *args)
    assert out.exit_code == 2, out.output
    assert path.read_bytes() == before


def test_two_changes_at_once_name_both_flags(tmp_path: Path) -> None:
    out = session(str(sitting(tmp_path, HEADER)), "--undo", "--add", DRAW)
    assert "--add, --undo: give only one of --new, --add, --undo" in out.stderr
    zh = session(str(sitting(tmp_path, HEADER)), "--undo", "--add", DRAW, lang="zh")
    assert "只能用一个" in zh.stderr


@pytest.mark.parametrize("flags", [["--add", DRAW], ["--undo"], ["--delete", "2"]])
def test_standard_input_cannot_be_changed(flags: list[str]) -> None:
    out = run("session", "-", *flags, stdin=f"{HEADER}\n{WIN}\n")
    assert out.exit_code == 2
    assert f"{flags[0]} changes a file: FILE cannot be - (standard input)" in out.stderr
    assert not Path("-").exists()


def test_help_lists_the_edit_flags_in_both_languages() -> None:
    en = run("session", "--help").stdout
    assert "--replace N LINE" in en and "--insert N LINE" in en and "--delete N" in en
    assert "Remove the last hand or event line" in en
    zh = run("session", "--help", env={"MJCALC_LANG": "zh"}).stdout
    assert "删除 FILE 最后一个牌局或事件行" in zh and "在第 N 行之前插入 LINE" in zh


# --- what cannot be written, in its own words ---------------------------------------------------


def test_add_to_a_missing_file_points_to_new(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    out = session(str(path), "--add", DRAW)
    assert out.exit_code == 1
    assert f"no such file; start a sitting with `mjcalc session {path} --new" in out.stderr
    zh = session(str(path), "--add", DRAW, "--json", lang="zh")
    assert "新建牌局请用" in zh.stderr
    assert json.loads(zh.stdout)["error"]["code"] == "invalid_request"
    assert not path.exists()


def test_a_read_only_file_says_so(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER)
    path.chmod(0o444)
    out = session(str(path), "--add", WIN)
    assert out.exit_code == 1 and "is read-only; nothing was written" in out.stderr
    assert "cannot write the output" not in out.stderr
    assert "只读文件" in session(str(path), "--undo", lang="zh").stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only directory")
def test_a_read_only_directory_says_so(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER)
    tmp_path.chmod(0o555)
    try:
        out = session(str(path), "--add", WIN)
    finally:
        tmp_path.chmod(0o755)
    assert out.exit_code == 1 and "a read-only directory?" in out.stderr
    assert path.read_text() == HEADER + "\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file without read permission")
def test_an_unreadable_file_says_permission_denied(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER)
    path.chmod(0o200)
    try:
        out = session(str(path), "--add", WIN)
    finally:
        path.chmod(0o644)
    assert out.exit_code == 1 and "permission denied (cannot read it)" in out.stderr
    assert path.read_text() == HEADER + "\n"


def test_new_in_a_missing_directory_and_over_a_symlink(tmp_path: Path) -> None:
    out = session(str(tmp_path / "none" / "g.jsonl"), "--new", "--rules", "xingguo")
    assert out.exit_code == 1 and "no such directory" in out.stderr
    link = tmp_path / "g.jsonl"
    link.symlink_to(tmp_path / "nowhere.jsonl")
    out = session(str(link), "--new", "--rules", "xingguo", "--force")
    assert out.exit_code == 1 and "is a symbolic link" in out.stderr
    assert not (tmp_path / "nowhere.jsonl").exists()
    assert "符号链接" in session(str(link), "--new", "--rules", "xingguo", lang="zh").stderr


def test_a_stream_and_a_fifo_can_be_replayed(tmp_path: Path) -> None:
    fifo = tmp_path / "game.fifo"
    os.mkfifo(fifo)
    code = (
        "import sys\nfrom mjcalc.cli import main\n"
        f"sys.argv = ['mjcalc', 'session', {str(fifo)!r}, '--json']\nmain()\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    with fifo.open("w") as out:
        out.write(f"{HEADER}\n{WIN}\n")
    stdout, stderr = child.communicate(timeout=60)
    assert child.returncode == 0, stderr
    assert json_lines(stdout)[-1]["summary"]["totals"]["W"] == 20
    out = session(str(fifo), "--add", DRAW)
    assert out.exit_code == 1 and "is not a regular file" in out.stderr
    shell = subprocess.run(
        ["bash", "-c", f'{sys.executable} -m mjcalc session <(printf "%s\\n" "$H") --json'],
        env={**os.environ, "H": HEADER},
        capture_output=True,
        text=True,
        check=False,
    )
    assert shell.returncode == 0, shell.stderr
    assert json.loads(shell.stdout)["summary"]["rules"] == "shanghai"


def test_file_names_with_control_characters_are_shown_escaped(tmp_path: Path) -> None:
    path = tmp_path / "g\x1b[31m.jsonl"
    out = session(str(path), "--new", "--rules", "xingguo")
    assert out.exit_code == 0, out.output
    assert "\x1b" not in out.stderr and "\\x1b[31m" in out.stderr
    out = session(str(path), "--add", '{"event": "draw"}')
    assert out.exit_code == 0 and "\x1b" not in out.stderr


# --- display options are not part of a line ---------------------------------------------------


@pytest.mark.parametrize("option", ["--lang zh", "--json", "--format=markdown", "--format json"])
@pytest.mark.parametrize("edit", [["--add"], ["--replace", "2"], ["--insert", "2"]])
def test_a_display_option_in_a_line_is_refused_and_the_file_left_alone(
    tmp_path: Path, option: str, edit: list[str]
) -> None:
    path = sitting(tmp_path, HEADER, WIN)
    before = path.read_bytes()
    out = session(str(path), *edit, f"{WIN} {option}")
    assert out.exit_code == 1
    shown = option.split()[0]
    assert f"{shown} says how the sitting is shown, not what happened" in out.stderr
    assert path.read_bytes() == before


def test_the_refusal_is_in_chinese_too(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER)
    out = session(str(path), "--add", f"{WIN} --lang zh", lang="zh")
    assert "--lang 是显示方式，不是牌局里发生的事：请写在 mjcalc session 命令上" in out.stderr
    assert path.read_text() == HEADER + "\n"


def test_a_hand_word_after_the_options_end_is_the_hands(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER)
    out = session(str(path), "--add", f"{QP} --winner W --discarder N -- --json")
    assert "says how the sitting is shown" not in out.stderr  # the hand's own word, refused as one
