"""A sitting's file is never damaged: a full disk, a kill inside the write and writers racing each
other leave it either as it was or as it should be, never cut, never with a line twice.

The disk is filled in a portable way (the file size limit, ``RLIMIT_FSIZE``, set in the child so
that the write crosses it at a 4096-byte page edge; ``SIGXFSZ`` ignored, so the write fails with
``EFBIG`` as on a full disk), and, when the tests run as root and may mount, on a real small
tmpfs (``ENOSPC``). The kill lands where the store's test hook stops the process
(``MJCALC_TEST_PAUSE_WRITE``: with the lock held, half-way through the temporary file, just
after the rename).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mjcalc.app.session import replay, store
from mjcalc.app.session.atomic import PAUSE_ENV
from mjcalc.app.session.records import Record, Summary
from tests.support.cli import CLEAN_ENV

QP = "11122233344455m"
HEADER = '{"session": {"rules": "shanghai"}}'
WIN = f"{QP} --winner W --discarder N"
PAGE = 4096


def mjcalc(
    path: Path,
    *args: str,
    env: dict[str, str] | None = None,
    preexec: Callable[[], None] | None = None,
) -> subprocess.Popen[str]:
    """``python -m mjcalc session PATH ARGS`` in a child process (not waited for)."""
    environ = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    return subprocess.Popen(
        [sys.executable, "-m", "mjcalc", "session", str(path), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**environ, **(env or {})},
        preexec_fn=preexec,
    )


def finished(child: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = child.communicate(timeout=120)
    return child.returncode, out, err


def records(path: Path) -> tuple[list[Record], Summary]:
    with path.open("rb") as stream:
        *lines, summary = replay(stream)
    assert isinstance(summary, Summary)
    return lines, summary  # type: ignore[return-value]


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def padded(path: Path, size: int) -> bytes:
    """A sitting of exactly ``size`` bytes: the header, then a comment filling the rest."""
    head = HEADER + "\n"
    filler = size - len(head) - 3  # "# " and the newline
    content = (head + "# " + "x" * filler + "\n").encode()
    assert len(content) == size
    path.write_bytes(content)
    return content


# --- a full disk ----------------------------------------------------------------------------------


def size_limit(limit: int) -> Callable[[], None]:
    def preexec() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return preexec


@pytest.mark.parametrize(
    ("size", "limit", "line"),
    [
        (PAGE - 8, PAGE, WIN),  # the new line crosses the first page edge
        (PAGE - 1, PAGE, WIN),
        (PAGE, PAGE, WIN),  # the file fills the page exactly: the first byte more fails
        (2 * PAGE - 40, 2 * PAGE, WIN),
        (3 * PAGE - 100, 3 * PAGE, "# " + "y" * 5000),  # a long line across two edges
        (5 * PAGE, 3 * PAGE, WIN),  # already past the limit: the copy itself fails
    ],
)
def test_a_full_disk_leaves_the_file_byte_identical_and_a_retry_records_once(
    tmp_path: Path, size: int, limit: int, line: str
) -> None:
    path = tmp_path / "game.jsonl"
    before = padded(path, size)
    code, out, err = finished(mjcalc(path, "--add", line, preexec=size_limit(limit)))
    assert code == 1, err
    assert "the disk is full (or a file size limit was reached)" in err
    assert "Traceback" not in err and out == ""
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == []
    code, _out, err = finished(mjcalc(path, "--add", line))
    assert code == 0, err
    assert path.read_bytes() == before + line.encode() + b"\n"


def test_a_full_disk_in_chinese(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    before = padded(path, PAGE - 8)
    child = mjcalc(path, "--add", WIN, "--lang", "zh", preexec=size_limit(PAGE))
    code, _out, err = finished(child)
    assert code == 1 and "磁盘已满" in err and path.read_bytes() == before


def test_new_on_a_full_disk_leaves_nothing_and_a_retry_works(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    args = ("--new", "--rules", "shanghai", "--player", "E=Ann")
    code, _out, err = finished(mjcalc(path, *args, preexec=size_limit(10)))
    assert code == 1 and "the disk is full" in err, err
    assert list(tmp_path.iterdir()) == []  # no empty file to block the retry
    code, _out, err = finished(mjcalc(path, *args))
    assert code == 0, err
    assert json.loads(path.read_text())["session"]["players"] == {"E": "Ann"}


@pytest.fixture
def small_tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A real tmpfs of 8 pages, mounted for the test (root only; skipped where mount fails)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mount = tmp_path / "tmpfs"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={8 * PAGE}", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True, check=False)


def test_a_real_full_file_system(small_tmpfs: Path) -> None:
    path = small_tmpfs / "game.jsonl"
    before = padded(path, 3 * PAGE - 20)
    filler = small_tmpfs / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:  # fill every page left
        while os.write(fd, b"f" * PAGE):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)
    code, _out, err = finished(mjcalc(path, "--add", WIN))
    assert code == 1 and "the disk is full" in err, err
    assert path.read_bytes() == before and leftovers(small_tmpfs) == []
    filler.unlink()
    code, _out, err = finished(mjcalc(path, "--add", WIN))
    assert code == 0, err
    assert path.read_bytes() == before + WIN.encode() + b"\n"
    ro = subprocess.run(
        ["mount", "-o", "remount,ro", str(small_tmpfs)], capture_output=True, check=False
    )
    if ro.returncode == 0:
        code, _out, err = finished(mjcalc(path, "--undo"))
        assert code == 1 and "read-only file system" in err, err


# --- a kill inside the write ------------------------------------------------------------------


def stopped(child: subprocess.Popen[str]) -> None:
    """Wait until the child stops itself at the test hook."""
    _pid, status = os.waitpid(child.pid, os.WUNTRACED)
    assert os.WIFSTOPPED(status), status


@pytest.mark.parametrize(
    ("stage", "lands"),
    [("locked", False), ("partial", False), ("renamed", True)],
)
def test_a_kill_inside_the_write_leaves_the_old_file_or_the_new_one(
    tmp_path: Path, stage: str, lands: bool
) -> None:
    path = tmp_path / "game.jsonl"
    before = padded(path, 3 * PAGE - 10)
    line = "# " + "z" * 12_000  # a long line: the write spans several pages
    child = mjcalc(path, "--add", line, env={PAUSE_ENV: stage})
    stopped(child)
    if stage == "partial":  # half the new content is in the temporary file, not in FILE
        (temp,) = leftovers(tmp_path)
        assert len(before) < (tmp_path / temp).stat().st_size < len(before) + len(line)
    new = before + line.encode() + b"\n"
    assert path.read_bytes() == (new if lands else before)  # never cut, whatever the stage
    child.kill()
    child.communicate(timeout=60)
    assert path.read_bytes() == (new if lands else before)
    # the lock died with the process: the next writer goes ahead
    code, _out, err = finished(mjcalc(path, "--add", WIN))
    assert code == 0, err
    lines, summary = records(path)
    assert summary.errors == 0 and [r.line for r in lines] == [4 if lands else 3]


def test_kills_at_random_moments_never_cut_the_file(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(HEADER + "\n")
    line = "# " + "k" * 15_000
    rng = random.Random(19)
    for _round in range(5):
        before = path.read_bytes()
        child = mjcalc(path, "--add", line)
        time.sleep(rng.uniform(0.05, 0.8))
        child.kill()
        child.communicate(timeout=60)
        after = path.read_bytes()
        assert after in (before, before + line.encode() + b"\n")
    _lines, summary = records(path)
    assert summary.errors == 0


# --- writers racing ---------------------------------------------------------------------------


def _add_one(path: str, line: str, start: object, results: object) -> None:
    start.wait()  # type: ignore[attr-defined]
    edit = store.add(path, line)
    results.put((edit.line, line))  # type: ignore[attr-defined]


def test_forty_writers_at_once_each_land_exactly_once(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(HEADER + "\n")
    lines = [
        json.dumps({"hand": QP, "winner": "WSEN"[i % 4], "options": {"stake": i + 1}})
        for i in range(40)
    ]
    context = multiprocessing.get_context("fork")
    start, results = context.Barrier(len(lines)), context.Queue()
    workers = [
        context.Process(target=_add_one, args=(str(path), line, start, results)) for line in lines
    ]
    for worker in workers:
        worker.start()
    got = [results.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    assert sorted(number for number, _line in got) == list(range(2, 42))  # distinct numbers
    written = path.read_text().splitlines()
    assert written[0] == HEADER and sorted(written[1:]) == sorted(lines)  # each exactly once
    assert all(written[number - 1] == line for number, line in got)
    replayed, summary = records(path)
    assert summary.errors == 0 and len(replayed) == 40
    # each self-draw of stake s takes 20 × s from each other seat: the sum of the stakes
    # (1 + … + 40 = 820) × 20 × 3 is what the winners took in all
    assert sum(v for v in summary.totals.values() if v > 0) <= 820 * 60
    assert sum(summary.totals.values()) == 0


def test_a_second_writer_waits_for_the_first_and_replays_what_it_wrote(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(HEADER + "\n")
    first = mjcalc(path, "--add", WIN, env={PAUSE_ENV: "locked"})
    stopped(first)  # it holds the lock
    second = mjcalc(path, "--add", '{"event": "escape", "seat": "N", "ends": true}')
    with pytest.raises(subprocess.TimeoutExpired):
        second.wait(timeout=3)  # waiting for the lock
    os.kill(first.pid, signal.SIGCONT)
    assert finished(first)[0] == 0
    code, _out, err = finished(second)
    assert code == 0, err
    assert "added line 3" in err  # after the first one's line 2
    assert path.read_text().splitlines()[1:] == [
        WIN,
        '{"event": "escape", "seat": "N", "ends": true}',
    ]


def test_command_line_writers_racing(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(HEADER + "\n")
    lines = [f"{QP} --winner {'ESWN'[i % 4]} --option stake={i + 1}" for i in range(8)]
    children = [mjcalc(path, "--add", line) for line in lines]
    results = [finished(child) for child in children]
    assert [code for code, _out, _err in results] == [0] * len(lines)
    numbers = sorted(int(err.split("added line ")[1].split()[0]) for _c, _o, err in results)
    assert numbers == list(range(2, 2 + len(lines)))
    assert sorted(path.read_text().splitlines()[1:]) == sorted(lines)
    assert records(path)[1].errors == 0
