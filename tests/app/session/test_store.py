"""Writing a session file (mjcalc.app.session.store): add, undo, replace, insert, delete, start.

Every change is judged by a replay first; a refused one leaves FILE byte-identical. Hands: ``QP``
清碰 is 20 a share with the Shanghai defaults (see test_replay.py), so W winning it off N moves
+20 / −20.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from mjcalc.app.session import replay, store
from mjcalc.app.session.records import Summary
from mjcalc.app.session.sitting import Session
from mjcalc.errors import MjcalcError

QP = "11122233344455m"
HEADER = '{"session": {"rules": "shanghai", "balances": {"E": 100, "S": 100, "W": 100, "N": 100}}}'
WIN = f"{QP} --winner W --discarder N"
DRAW = '{"event": "draw"}'
ENDS = '{"event": "escape", "seat": "W", "ends": true}'


def sitting(tmp_path: Path, *lines: str, end: str = "\n") -> Path:
    path = tmp_path / "game.jsonl"
    path.write_bytes(("\n".join(lines) + end).encode("utf-8"))
    return path


def replayed(path: Path) -> Summary:
    """The summary of a full replay of FILE, as ``mjcalc session FILE`` computes it."""
    with path.open("rb") as stream:
        *_, summary = replay(stream)
    assert isinstance(summary, Summary)
    return summary


def add(path: Path, line: str) -> store.Edit:
    return store.add(str(path), line)


# --- add and undo -------------------------------------------------------------------------------


def test_add_appends_and_undo_gives_back_the_same_bytes(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER, "# first hand", WIN)
    before = path.read_bytes()
    edit = add(path, DRAW)
    assert (edit.action, edit.line, edit.text) == ("added", 4, DRAW)
    assert edit.record is not None and edit.record.ok and edit.record.dealer == "W"
    assert path.read_bytes() == before + DRAW.encode() + b"\n"
    undone = store.undo(str(path))
    assert (undone.action, undone.line, undone.text, undone.record) == ("undone", 4, DRAW, None)
    assert path.read_bytes() == before
    assert undone.summary.to_json() == replayed(path).to_json()
    assert undone.summary.totals == {"E": 0, "S": 0, "W": 20, "N": -20}


def test_undo_removes_the_last_hand_or_event_line_and_keeps_later_comments(
    tmp_path: Path,
) -> None:
    path = sitting(tmp_path, HEADER, WIN, DRAW, "# tea", "")
    edit = store.undo(str(path))
    assert edit.line == 3 and edit.text == DRAW
    assert path.read_text() == f"{HEADER}\n{WIN}\n# tea\n\n"
    store.undo(str(path))
    assert path.read_text() == f"{HEADER}\n# tea\n\n"
    with pytest.raises(MjcalcError, match="no hand or event line to undo"):
        store.undo(str(path))
    assert path.read_text() == f"{HEADER}\n# tea\n\n"  # never the header


def test_add_after_a_file_without_final_newline_starts_a_new_line(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER, WIN, end="")
    add(path, DRAW)
    assert path.read_text() == f"{HEADER}\n{WIN}\n{DRAW}\n"


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("1x", "invalid_notation"),
        (f"{QP} --dealer S", "invalid_request"),
        (f"{DRAW}\n{DRAW}", "invalid_request"),
        ("   ", "invalid_request"),
        ('{"event": "false_win", "seat": "S"}', "invalid_request"),  # not a Shanghai event
    ],
)
def test_a_refused_add_leaves_the_file_byte_identical(tmp_path: Path, line: str, code: str) -> None:
    path = sitting(tmp_path, HEADER, WIN, end="")
    before = path.read_bytes()
    with pytest.raises(store.Refused) as caught:
        add(path, line)
    assert caught.value.record.line == 3 and caught.value.code == code
    assert path.read_bytes() == before


# --- replace, insert, delete ---------------------------------------------------------------------


def test_replace_insert_delete_use_physical_line_numbers(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER, "", WIN, DRAW)
    edit = store.replace(str(path), 3, f"{QP} --winner E --discarder S")
    assert edit.record is not None and edit.record.line == 3
    assert edit.summary.totals == {"E": 20, "S": -20, "W": 0, "N": 0}
    assert edit.summary.dealer == "E"  # the draw keeps the new winner dealing
    store.insert(str(path), 2, "# hand one, as corrected")
    store.insert(str(path), 6, WIN)  # one past the end: at the end
    assert path.read_text().splitlines() == [
        HEADER,
        "# hand one, as corrected",
        "",
        f"{QP} --winner E --discarder S",
        DRAW,
        WIN,
    ]
    edit = store.delete(str(path), 5)
    assert (edit.action, edit.text, edit.record) == ("deleted", DRAW, None)
    assert edit.summary.to_json() == replayed(path).to_json()
    assert edit.summary.totals == {"E": 20, "S": -20, "W": 20, "N": -20}


def test_an_edit_that_breaks_a_later_line_is_refused(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER, WIN, DRAW)
    before = path.read_bytes()
    with pytest.raises(store.Refused) as caught:  # the game would end before line 2
        store.insert(str(path), 2, ENDS)
    record = caught.value.record
    assert record.line == 2  # numbered as the file is now
    assert "line 2 would then fail" in caught.value.message
    assert "the game ended" in caught.value.message
    assert path.read_bytes() == before
    with pytest.raises(store.Refused):
        store.replace(str(path), 2, ENDS.replace('"W"', '"S"'))
    assert path.read_bytes() == before
    # ending the game on the last line breaks nothing
    store.replace(str(path), 3, ENDS)
    assert path.read_text().splitlines()[-1] == ENDS


def test_a_line_that_failed_before_may_go_on_failing(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER, "1x", WIN)
    edit = store.delete(str(path), 3)
    assert edit.summary.errors == 1
    assert path.read_text() == f"{HEADER}\n1x\n"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: store.delete(p, 1), "line 1 is the session header"),
        (lambda p: store.delete(p, 4), r"has no line 4 \(the last is line 3\)"),
        (lambda p: store.replace(p, 9, DRAW), "has no line 9"),
        (lambda p: store.insert(p, 5, DRAW), "has no line 5"),
        (lambda p: store.insert(p, 1, DRAW), "header must come first"),
        (lambda p: store.replace(p, 1, DRAW), "header must come first"),
    ],
)
def test_edits_that_cannot_be_made_change_nothing(
    tmp_path: Path, change: object, message: str
) -> None:
    path = sitting(tmp_path, HEADER, WIN, DRAW)
    before = path.read_bytes()
    with pytest.raises(MjcalcError, match=message):
        change(str(path))  # type: ignore[operator]
    assert path.read_bytes() == before


def test_the_header_can_be_replaced_when_every_line_still_replays(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER, WIN)
    richer = HEADER.replace("100", "500")
    edit = store.replace(str(path), 1, richer)
    assert edit.summary.balances == {"E": 500, "S": 500, "W": 520, "N": 480}
    with pytest.raises(store.Refused, match="line 2 would then fail"):
        store.replace(str(path), 1, '{"session": {"rules": "xingguo"}}')


# --- the file itself ----------------------------------------------------------------------------


def test_permissions_are_kept_and_a_symlink_stays_a_symlink(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER)
    path.chmod(0o640)
    link = tmp_path / "today.jsonl"
    link.symlink_to(path.name)
    add(link, WIN)
    assert link.is_symlink() and path.read_text() == f"{HEADER}\n{WIN}\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith("checkpoint")) == [
        "game.jsonl",
        "today.jsonl",
    ]


def test_a_read_only_file_is_refused_even_for_root(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER)
    path.chmod(0o444)
    with pytest.raises(store.FileError) as caught:
        add(path, WIN)
    assert caught.value.problem == "read_only" and "read-only" in caught.value.message
    assert "只读" in (caught.value.message_zh or "")
    assert path.read_text() == HEADER + "\n"


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda p: None, "missing"),
        (lambda p: p.mkdir(), "is_dir"),
        (lambda p: os.mkfifo(p), "not_regular"),
    ],
)
def test_what_cannot_be_edited_says_why(tmp_path: Path, make: object, problem: str) -> None:
    path = tmp_path / "game.jsonl"
    make(path)  # type: ignore[operator]
    with pytest.raises(store.FileError) as caught:
        add(path, WIN)
    assert caught.value.problem == problem
    if problem == "missing":
        assert "--new --rules NAME" in caught.value.message


def test_start_writes_the_header_and_leaves_nothing_on_failure(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    edit = store.start(str(path), HEADER)
    assert edit.action == "started" and edit.summary.balances == dict.fromkeys("ESWN", 100)
    assert path.read_text() == HEADER + "\n"
    mode = stat.S_IMODE(path.stat().st_mode)
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask
    with pytest.raises(store.FileError, match="exists: --force replaces it"):
        store.start(str(path), '{"session": {"rules": "xingguo"}}')
    store.start(str(path), '{"session": {"rules": "xingguo"}}', replace=True)
    assert path.read_text() == '{"session": {"rules": "xingguo"}}\n'
    other = tmp_path / "other.jsonl"
    with pytest.raises(store.Refused):
        store.start(str(other), '{"session": {"rules": "nowhere"}}')
    with pytest.raises(store.FileError) as caught:
        store.start(str(tmp_path / "no" / "such" / "dir.jsonl"), HEADER)
    assert caught.value.problem == "no_dir"
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith("checkpoint")) == [
        "game.jsonl"
    ]


@pytest.mark.parametrize("dangling", [True, False])
def test_start_refuses_a_symlink(tmp_path: Path, dangling: bool) -> None:
    target = tmp_path / "target.jsonl"
    if not dangling:
        target.write_text("keep\n")
    link = tmp_path / "game.jsonl"
    link.symlink_to(target)
    for replace in (False, True):
        with pytest.raises(store.FileError) as caught:
            store.start(str(link), HEADER, replace=replace)
        assert caught.value.problem == "symlink"
    assert target.exists() != dangling
    if not dangling:
        assert target.read_text() == "keep\n"


# --- the checkpoint ---------------------------------------------------------------------------


def count_feeds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    fed: list[int] = []
    feed = Session.feed

    def counting(self: Session, number: int, raw: object) -> object:
        fed.append(number)
        return feed(self, number, raw)  # type: ignore[arg-type]

    monkeypatch.setattr(Session, "feed", counting)
    return fed


def test_add_resumes_from_the_checkpoint_instead_of_replaying(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sitting(tmp_path, HEADER, *([WIN, DRAW] * 20))
    add(path, DRAW)  # no checkpoint yet: a full replay, which leaves one
    checkpoint = tmp_path / ".game.jsonl.mjcalc-checkpoint"
    after, before = json.loads(checkpoint.read_text())["states"]
    assert after["size"] == path.stat().st_size and after["records"] == 41
    assert before["records"] == 40  # where it stood before the added line: for an undo
    fed = count_feeds(monkeypatch)
    edit = add(path, WIN)
    assert fed == [1, 43]  # the header, then only the new line
    full = replayed(path)
    assert edit.summary.to_json() == full.to_json()
    assert edit.summary.stats["W"].wins == full.stats["W"].wins == 21  # the standings' counts


def test_undo_after_add_resumes_from_the_state_before_the_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sitting(tmp_path, HEADER, *([WIN, DRAW] * 10))
    add(path, DRAW)
    fed = count_feeds(monkeypatch)
    edit = store.undo(str(path))
    assert fed == [1]  # the header: nothing else to replay
    assert edit.summary.to_json() == replayed(path).to_json()
    fed.clear()
    store.undo(str(path))  # no state from before line 21: in full
    assert fed == list(range(1, 21))
    fed.clear()
    edit = add(path, DRAW)
    assert fed == [1, 21]  # the undo left a checkpoint of what it replayed
    assert edit.summary.to_json() == replayed(path).to_json()


def test_a_line_appended_by_hand_is_replayed_after_the_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sitting(tmp_path, HEADER, WIN)
    add(path, DRAW)
    with path.open("a") as out:
        out.write(f"{WIN}\n# by hand\n")
    fed = count_feeds(monkeypatch)
    edit = add(path, DRAW)
    assert fed == [1, 4, 5, 6]
    assert edit.line == 6 and edit.summary.to_json() == replayed(path).to_json()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda text: "{not json",
        lambda text: text.replace('"W":20', '"W":999'),  # the digest holds, the sum does not
        lambda text: text.replace('"size":', '"size":1'),
        lambda text: text.replace('"fingerprint":"', '"fingerprint":"0'),
        lambda text: text.replace('"carried":[0,0]', '"carried":[0]'),
        lambda text: text.replace('"dealer":"W"', '"dealer":"X"'),
        lambda text: text.replace('"records":1', '"records":true'),
        lambda text: text.replace('"stats":{"E":[0', '"stats":{"E":[9'),  # wins > lines read
        lambda text: "[]",
        lambda text: "x" * 100_000,
    ],
)
def test_a_checkpoint_that_does_not_hold_is_ignored(
    tmp_path: Path, spoil: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sitting(tmp_path, HEADER)
    add(path, WIN)
    checkpoint = tmp_path / ".game.jsonl.mjcalc-checkpoint"
    spoilt = spoil(checkpoint.read_text())  # type: ignore[operator]
    checkpoint.write_text(spoilt)
    fed = count_feeds(monkeypatch)
    edit = add(path, DRAW)
    assert fed[-3:] == [1, 2, 3]  # a full replay (after the header, read to check the rest)
    assert edit.summary.to_json() == replayed(path).to_json()


def test_a_file_changed_in_the_middle_is_replayed_in_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sitting(tmp_path, HEADER, WIN)
    add(path, DRAW)
    path.write_text(path.read_text().replace("--winner W", "--winner E"))
    fed = count_feeds(monkeypatch)
    edit = add(path, DRAW)
    assert fed == [1, 2, 3, 4]
    assert edit.summary.totals["E"] == 20 and edit.summary.to_json() == replayed(path).to_json()


def test_every_change_leaves_a_checkpoint_that_matches_a_full_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sitting(tmp_path, "# club night", HEADER, WIN)
    changes = [
        lambda: store.insert(str(path), 1, "# moved"),
        lambda: store.replace(str(path), 3, HEADER.replace("100", "300")),
        lambda: store.delete(str(path), 1),
        lambda: store.undo(str(path)),
        lambda: add(path, DRAW),
    ]
    for change in changes:
        change()
        with monkeypatch.context() as patch:
            fed = count_feeds(patch)  # type: ignore[arg-type]
            edit = add(path, WIN)
        header_line = next(n for n, t in enumerate(path.read_text().splitlines(), 1) if "{" in t)
        assert fed == [header_line, edit.line]
        assert edit.summary.to_json() == replayed(path).to_json()
        store.undo(str(path))


def test_a_resumed_replay_knows_where_the_header_is(tmp_path: Path) -> None:
    path = sitting(tmp_path, "# club night", "", HEADER)
    add(path, WIN)  # leaves a checkpoint
    with pytest.raises(store.Refused, match=r"one header \(it is at line 3\)"):
        add(path, HEADER)


KINDS = [
    WIN,
    DRAW,
    '{"event": "draw", "dice_double": true}',
    "111m222p333s444m55p --winner S --dice-double",
    '{"discarder": "N", "winners": [{"hand": "11122233344455m", "winner": "E"},'
    ' {"hand": "111m222p333s444m55p", "winner": "W"}]}',
    '{"event": "escape", "seat": "W", "ends": false}',
    ENDS,
    "# a comment",
    "1x",
]


OPS = ("add", "undo", "insert", "replace", "delete")


@pytest.mark.parametrize("seed", range(4))
def test_random_changes_always_agree_with_a_full_replay(tmp_path: Path, seed: int) -> None:
    """Whatever the changes (and bytes appended by hand), each one's summary is a full replay's,
    and a refused one leaves the file as it was."""
    import random

    rng = random.Random(seed)
    path = sitting(tmp_path, HEADER.replace("100", "60"), '{"event": "draw"}')
    for _step in range(30):
        count = len(path.read_bytes().splitlines())
        line = rng.choice(KINDS)
        number = rng.randint(2, count + 1)
        before = path.read_bytes()
        if rng.random() < 0.1:
            with path.open("a") as out:
                out.write(line + "\n")
            continue
        op, target = rng.choice(OPS), str(path)
        try:
            if op == "add":
                edit = add(path, line)
            elif op == "undo":
                edit = store.undo(target)
            elif op == "insert":
                edit = store.insert(target, number, line)
            elif op == "replace":
                edit = store.replace(target, min(number, count), line)
            else:
                edit = store.delete(target, min(number, count))
        except MjcalcError:
            assert path.read_bytes() == before
            continue
        full = replayed(path)
        assert edit.summary.to_json() == full.to_json()
        assert edit.summary.stats == full.stats  # wins, self-draws, deal-ins, biggest hand


def test_the_header_cannot_be_replaced_by_a_comment(tmp_path: Path) -> None:
    path = sitting(tmp_path, HEADER)
    with pytest.raises(MjcalcError, match="line 1 is the session header"):
        store.replace(str(path), 1, "# gone")
    assert path.read_text() == HEADER + "\n"


def test_a_house_rules_file_is_read_beside_the_sitting_and_its_change_is_noticed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text('ruleset = "shanghai"\n[options]\nstake = 1\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "house.toml").write_text('ruleset = "shanghai"\n[options]\nstake = 10\n')
    monkeypatch.chdir(elsewhere)  # a relative path is the file's directory's, not the cwd's
    path = tmp_path / "game.jsonl"
    store.start(str(path), '{"session": {"rules": "house.toml"}}')
    assert add(path, WIN).summary.totals["W"] == 20
    rules.write_text('ruleset = "shanghai"\n[options]\nstake = 2\n')
    fed = count_feeds(monkeypatch)
    edit = add(path, WIN)
    assert fed[-3:] == [1, 2, 3]  # the checkpoint's ruleset changed: a full replay
    assert edit.summary.totals["W"] == 80  # both hands at the file's stake now
