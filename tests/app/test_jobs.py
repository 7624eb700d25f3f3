"""``batch --jobs N``: worker processes, results in input order, input read a window at a time.

Toy ruleset (conftest): the discarder pays the winner 3, or each other seat pays 3 on a self-draw.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mjcalc.app.jobs import BIG_CHUNK, CHUNK, ordered_chunks, ordered_map
from mjcalc.cli import cli
from tests.support.cli import CLEAN_ENV

WIN = "123m456p789s11z 234m"
NOT_WINNING = "123m456p789s11z 235m"
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "hands.txt"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner(env=CLEAN_ENV).invoke(cli, list(args), prog_name="mjcalc")
    return result.exit_code, result.stdout


def _square_all(block: list[int]) -> list[int]:
    return [n * n for n in block]


def test_jobs_give_the_same_json_lines_as_one_process(tmp_path: Path, toy_rules: str) -> None:
    # 700 hand lines over several chunks: a win, a discard win, a non-winning hand, a bad line,
    # with comments and blank lines between, so numbering and skipping cross chunk borders
    lines = []
    for i in range(700):
        lines.append([WIN, f"{WIN} --discarder S", NOT_WINNING, "1x"][i % 4])
        if i % 97 == 0:
            lines += ["# a comment", ""]
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    serial = run("batch", str(path), "--rules", toy_rules, "--json")
    for jobs in ("2", "3", "0"):
        parallel = run("batch", str(path), "--rules", toy_rules, "--json", "--jobs", jobs)
        assert parallel == serial
    assert serial[0] == 1  # some lines were not scored
    results = [json.loads(line) for line in serial[1].splitlines()]
    assert len(results) == 700
    # line 1 is the first hand, then "# a comment" and a blank line, then the next hands
    assert [r["line"] for r in results[:3]] == [1, 4, 5]
    assert results[0]["payments"] == {"E": 9, "S": -3, "W": -3, "N": -3}  # self-draw: 3 × 3
    assert results[1]["payments"] == {"E": 3, "S": -3, "W": 0, "N": 0}  # S discarded: 3
    assert results[2]["error"]["code"] == "not_winning"


def test_jobs_on_the_bundled_rulesets_and_the_table(tmp_path: Path) -> None:
    one = run("batch", str(EXAMPLES), "--rules", "xingguo", "--json")
    two = run("batch", str(EXAMPLES), "--rules", "xingguo", "--json", "--jobs", "2")
    assert one == two
    first = json.loads(two[1].splitlines()[0])
    # line 3 of the example: 平胡 self-drawn by the dealer E, README figure: E +63
    assert (first["line"], first["payments"]["E"]) == (3, 63)
    table = run("batch", str(EXAMPLES), "--rules", "xingguo", "--jobs", "2")
    assert table == run("batch", str(EXAMPLES), "--rules", "xingguo")
    assert "6 scored, 1 not scored" in table[1]


def test_negative_jobs_is_a_usage_error() -> None:
    code, _ = run("batch", str(EXAMPLES), "--jobs", "-1")
    assert code == 2


def test_ordered_map_keeps_order_and_reads_a_bounded_window() -> None:
    read = 0

    def numbers() -> Iterator[int]:
        nonlocal read
        for n in range(100_000):
            read += 1
            yield n

    results = ordered_map(_square_all, numbers(), jobs=2)
    assert [next(results) for _ in range(3)] == [0, 1, 4]
    # at most 2 × jobs + 2 chunks are read ahead of the one being handed on
    assert read <= (2 * 2 + 2) * BIG_CHUNK
    assert list(results)[-1] == 99_999**2
    assert read == 100_000


def _size(block: list[int]) -> int:
    return len(block)


def test_first_chunks_are_small_and_the_rest_big() -> None:
    # one small chunk per worker (they decide how many workers start), then big ones: fewer
    # round trips through the pool; the last chunk takes what is left
    n = 2 * CHUNK + 3 * BIG_CHUNK + 5
    sizes = list(ordered_chunks(_size, range(n), jobs=2))
    assert sizes == [CHUNK, CHUNK, BIG_CHUNK, BIG_CHUNK, BIG_CHUNK, 5]
    assert BIG_CHUNK > CHUNK


def _blocks(block: list[int]) -> bytes:
    return b"x" * (100_000 + block[0])  # bigger than a system pipe holds


def test_wide_pipes_carry_the_same_blocks_as_the_systems_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the pool's pipes widened (where Linux allows) or as multiprocessing makes them: the same
    # blocks, in the same order
    import multiprocessing

    from mjcalc import hot_paths

    with multiprocessing.get_context("fork").Pool(1) as pool:
        widened = hot_paths.widen_pipes(pool)
    if hasattr(__import__("fcntl"), "F_SETPIPE_SZ"):
        assert widened == 4  # the two ends of the pool's two pipes
    wide = list(ordered_chunks(_blocks, range(3 * BIG_CHUNK), jobs=2))
    monkeypatch.setattr("mjcalc.app.jobs.widen_pipes", lambda _pool: 0)  # the twin
    assert list(ordered_chunks(_blocks, range(3 * BIG_CHUNK), jobs=2)) == wide
    firsts = [0, CHUNK, 2 * CHUNK, 2 * CHUNK + BIG_CHUNK, 2 * CHUNK + 2 * BIG_CHUNK]
    assert [len(b) - 100_000 for b in wide] == firsts  # each chunk's block, in order
    assert hot_paths.widen_pipes(object()) == 0  # not a pool: nothing to widen, nothing broken


def test_ordered_map_of_nothing() -> None:
    assert list(ordered_map(_square_all, [], jobs=2)) == []


# --- how many workers ---------------------------------------------------------------------------


def test_worker_count_is_capped() -> None:
    from mjcalc.app.jobs import MAX_JOBS, cpu_count, worker_count

    assert MAX_JOBS == 64
    assert worker_count(0) == min(cpu_count(), MAX_JOBS)
    assert worker_count(3) == 3 and worker_count(MAX_JOBS) == MAX_JOBS
    for bad in (-1, MAX_JOBS + 1, 500):
        with pytest.raises(ValueError, match="between 0 and 64"):
            worker_count(bad)


def test_jobs_above_the_cap_is_a_usage_error_and_the_cap_itself_works() -> None:
    code, out = run("batch", str(EXAMPLES), "-r", "xingguo", "--json", "--jobs", "500")
    assert code == 2  # under --json the one record of the usage error, nothing else
    assert json.loads(out)["error"]["code"] == "usage"
    result = CliRunner(env=CLEAN_ENV).invoke(
        cli, ["batch", str(EXAMPLES), "--jobs", "65"], prog_name="mjcalc"
    )
    assert "65 is not in the range 0<=x<=64" in result.stderr
    assert run("batch", str(EXAMPLES), "-r", "xingguo", "--json", "--jobs", "64") == run(
        "batch", str(EXAMPLES), "-r", "xingguo", "--json"
    )


class _Pools:
    """``multiprocessing.get_context`` that records the size of every pool started."""

    def __init__(self) -> None:
        import multiprocessing

        self.sizes: list[int] = []
        self._real = multiprocessing.get_context

    def __call__(self, method: str) -> Any:
        context = self._real(method)
        sizes = self.sizes

        class Recording:
            def Pool(self, processes: int, **kwargs: Any) -> Any:
                sizes.append(processes)
                return context.Pool(processes, **kwargs)

        return Recording()


def test_no_more_workers_than_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    pools = _Pools()
    monkeypatch.setattr(multiprocessing, "get_context", pools)
    # one line with 64 jobs: scored here, no process started
    assert list(ordered_map(_square_all, [7], jobs=64)) == [49]
    assert list(ordered_map(_square_all, range(CHUNK), jobs=64)) == [n * n for n in range(CHUNK)]
    assert pools.sizes == []
    # three chunks: three workers, not 64
    numbers = range(2 * CHUNK + 1)
    assert list(ordered_map(_square_all, numbers, jobs=64)) == [n * n for n in numbers]
    assert pools.sizes == [3]
    # more chunks than jobs: the jobs asked for
    numbers = range(10 * CHUNK)
    assert list(ordered_map(_square_all, numbers, jobs=2)) == [n * n for n in numbers]
    assert pools.sizes == [3, 2]
