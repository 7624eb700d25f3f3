"""``mjcalc.batch`` on Dask, as docs/scale.md shows it: the page's own code, run over several
partitions with Dask's process pool and with a ``distributed`` cluster, gives exactly the
records ``mjcalc batch --json`` writes for the same file.

Dask is in the ``test`` extra; without it the tests skip, except on CI, where they must run.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mjcalc.cli import cli
from tests.support.cli import CLEAN_ENV
from tests.support.fuzz_inputs import batch_line

if not os.environ.get("CI"):
    pytest.importorskip("dask.bag")
    pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "scale.md"
EXAMPLES = ROOT / "docs" / "examples" / "hands.txt"
BLOCK = 1 << 16  # bytes a partition: the file below (1.3 MB) makes 20


def page_code() -> dict[str, Any]:
    """The first Python block of docs/scale.md, run: its functions, as a reader would have them
    (in a module of their own name, so the workers get them by value, as from a script)."""
    match = re.search(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)
    assert match is not None
    namespace: dict[str, Any] = {"__name__": "scale_page"}
    exec(compile(match.group(1), str(PAGE), "exec"), namespace)
    return namespace


def hand_log(path: Path, seed: int, count: int) -> None:
    """``count`` varied lines: fuzzed JSON requests and argument lines (bad ones among them:
    invalid UTF-8, cut JSON, unknown flags, deep nesting), the example club night, Windows line
    ends, blank lines and comments."""
    rng = random.Random(seed)
    examples = EXAMPLES.read_bytes().splitlines()
    lines: list[bytes] = []
    for i in range(count):
        lines.append(batch_line(rng).replace(b"\n", b" ").replace(b"\r", b" "))
        if i % 40 == 0:
            lines += examples
        if i % 55 == 0:
            lines += [b"", b"# a comment", b"'11122233344455m' --rules shanghai\r"]
    path.write_bytes(b"\n".join(lines) + b"\n")


def cli_records(path: Path, rules: str) -> list[dict[str, Any]]:
    result = CliRunner(env=CLEAN_ENV).invoke(
        cli, ["batch", str(path), "--rules", rules, "--json"], prog_name="mjcalc"
    )
    assert result.exit_code == 1, result.output  # some lines fail: they are records too
    # split at "\n" only: a JSON line may hold U+2028 and the like, which splitlines() cuts at
    return [json.loads(line) for line in result.stdout_bytes.split(b"\n") if line]


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    path = tmp_path_factory.mktemp("dask") / "hands.txt"
    hand_log(path, seed=18, count=300)
    return path, cli_records(path, "xingguo")


def test_the_log_is_varied(log: tuple[Path, list[dict[str, Any]]]) -> None:
    _, expected = log
    codes = {r["error"]["code"] for r in expected if not r["ok"]}
    assert sum(r["ok"] for r in expected) >= 40
    assert {"invalid_request", "invalid_notation"} <= codes
    # numbers skip blank and comment lines, which give no record
    assert len(expected) < expected[-1]["line"]


def test_dask_bag_over_partitions_gives_the_batch_records(
    log: tuple[Path, list[dict[str, Any]]],
) -> None:
    path, expected = log
    code = page_code()
    bag = code["score_log"](str(path), rules="xingguo", blocksize=BLOCK)
    assert bag.npartitions >= 8
    assert bag.compute(scheduler="sync") == expected
    assert bag.compute(scheduler="processes", num_workers=2) == expected


def test_a_distributed_cluster_gives_the_batch_records(
    log: tuple[Path, list[dict[str, Any]]],
) -> None:
    import dask
    from distributed import Client, LocalCluster

    path, expected = log
    code = page_code()
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
        Client(cluster),
    ):
        bag = code["score_log"](str(path), rules="xingguo", blocksize=BLOCK)
        assert bag.npartitions >= 8
        failed = bag.filter(lambda r: not r["ok"]).pluck("error").pluck("code")
        records, codes = dask.compute(bag, failed.frequencies())  # one graph, as the page's
        assert records == expected
        assert dict(codes) == _count(r["error"]["code"] for r in expected if not r["ok"])


def test_one_partition_per_file_numbers_each_file_from_1(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    hand_log(first, seed=1, count=30)
    hand_log(second, seed=2, count=20)
    code = page_code()
    bag = code["score_files"](str(tmp_path / "*.txt"), rules="shanghai")
    assert bag.npartitions == 2
    assert bag.compute(scheduler="sync") == [
        *cli_records(first, "shanghai"),
        *cli_records(second, "shanghai"),
    ]


def _count(items: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts
