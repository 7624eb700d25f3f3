"""The sitting a server keeps replayed in memory gives exactly what a fresh replay of the file's
bytes gives, after appends (fed only the new lines) and after any other change (replayed whole);
and a reader holding the records up to a line gets only the ones after it, or all when its lines
changed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mjcalc.app.session import replay
from mjcalc.app.session.follow import Follower
from mjcalc.app.session.records import Summary

HEADER = '{"session": {"rules": "shanghai", "players": {"E": "Ann"}}}\n'
LINES = [
    '{"hand": "11122233344455m", "discarder": "S"}',
    "draw",
    '{"hand": "11122233344455p", "winner": "S", "self_draw": true}',
    "11122233344455s --winner W --discarder E",
    "not a line",
    "# a comment",
    "",
    "escape N",
    '\ufeff{"hand": "11122233344455m", "winner": "N", "discarder": "E"}',
    "draw\r",
    "x" * 20_000,  # longer than a line may be: refused for its length
]


def fresh(path: Path) -> tuple[list[str], str]:
    """The records' JSON and the summary's body from a replay from the first line."""
    records, summary = [], ""
    with path.open("rb") as stream:
        for item in replay(stream, directory=str(path.parent)):
            if isinstance(item, Summary):
                summary = item.body_json()
            else:
                records.append(item.to_json())
    return records, summary


def same_as_fresh(follower: Follower, path: Path) -> None:
    snapshot = follower.read()
    records, summary = fresh(path)
    assert snapshot.records == records
    assert snapshot.summary == summary
    part = json.loads(snapshot.since().to_json())
    assert part["since"] == 0
    assert part["lines"] == len(path.read_bytes().split(b"\n")) - path.read_bytes().endswith(b"\n")


def test_appends_are_fed_and_other_changes_replayed(tmp_path: Path) -> None:
    rng = random.Random(7)
    path = tmp_path / "night.jsonl"
    path.write_text(HEADER)
    follower = Follower(str(path), directory=str(tmp_path))
    same_as_fresh(follower, path)
    appends = 0
    for _ in range(120):
        content = path.read_bytes()
        roll = rng.random()
        if roll < 0.7 or content.count(b"\n") < 3:  # append one or two lines
            added = "".join(rng.choice(LINES) + "\n" for _ in range(rng.randint(1, 2)))
            path.write_bytes(content + added.encode())
            appends += 1
        elif roll < 0.8:  # undo: drop the last line
            path.write_bytes(content[: content.rstrip(b"\n").rfind(b"\n") + 1])
        elif roll < 0.9:  # replace a middle line
            lines = content.split(b"\n")
            lines[rng.randrange(1, len(lines) - 1)] = rng.choice(LINES).encode()
            path.write_bytes(b"\n".join(lines))
        else:  # a last line without its newline, then more after it
            path.write_bytes(content + rng.choice(LINES[:4]).encode())
        same_as_fresh(follower, path)
    assert follower.replays < 120 - appends // 2  # most appends were fed, not replayed


def test_only_appends_cost_one_replay(tmp_path: Path) -> None:
    path = tmp_path / "night.jsonl"
    path.write_text(HEADER)
    follower = Follower(str(path))
    for line in LINES * 3:
        with path.open("a") as out:
            out.write(line + "\n")
        follower.read()
    assert follower.replays == 1
    same_as_fresh(follower, path)


def test_a_reader_gets_what_came_after_its_line(tmp_path: Path) -> None:
    path = tmp_path / "night.jsonl"
    path.write_text(HEADER + "draw\ndraw\n")
    follower = Follower(str(path))
    first = json.loads(follower.read().since().to_json())
    assert (first["since"], first["lines"], len(first["records"])) == (0, 3, 2)
    with path.open("a") as out:
        out.write("\n# note\n" + LINES[0] + "\n")
    later = json.loads(follower.read().since(first["lines"], first["mark"]).to_json())
    assert later["since"] == 3
    assert [r["line"] for r in later["records"]] == [6]
    assert later["lines"] == 6
    assert later["summary"] == json.loads(fresh(path)[1])
    assert later["players"] == {"E": "Ann"}

    # an undo of line 6 and a new line 6: the reader's mark of line 6 no longer matches
    path.write_text(HEADER + "draw\ndraw\n\n# note\ndraw\n")
    again = json.loads(follower.read().since(later["lines"], later["mark"]).to_json())
    assert again["since"] == 0
    assert [r["line"] for r in again["records"]] == [2, 3, 6]


@pytest.mark.parametrize("since, mark", [(99, "x"), (2, "wrong"), (-1, ""), (1, "")])
def test_a_mark_that_does_not_match_gives_everything(tmp_path: Path, since: int, mark: str) -> None:
    path = tmp_path / "night.jsonl"
    path.write_text(HEADER + "draw\ndraw\n")
    part = Follower(str(path)).read().since(since, mark)
    assert (part.since, len(part.records)) == (0, 2)


def test_a_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        Follower(str(tmp_path / "gone.jsonl")).read()
