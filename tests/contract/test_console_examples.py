"""Every console example of README.md and docs/ runs as shown, from the repository's root.

Each page's blocks run in order in one working directory (a copy of ``docs/`` and
``examples/``), so a page may build a sitting in one block and edit it in the next, as a reader
following it would; what they write stays out of the repository. Each command's output must be
what the page shows, line for line (``...`` standing for lines left out; a command piped into
``jq`` may show jq's output alone, leaving out what mjcalc said on stderr). ``jq`` is the real
one; where it is not installed the blocks that pipe into it are skipped, except in CI
(``CI=true``), where they must run.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.support.cli import CLEAN_ENV
from tests.support.console import PAGES, Block, blocks, matches, needs_jq, run, shown_lines, workdir

IN_A_VENV = "(.venv-jihu) $ "
"""The prompt of the examples run where the example plug-in is installed (not here)."""

RUN_HERE = {page: [b for b in blocks(page) if b.prompt != IN_A_VENV] for page in PAGES}
HAVE_JQ = shutil.which("jq") is not None


def test_every_console_block_is_an_example_that_can_run() -> None:
    bad = [
        block.name
        for page in PAGES
        for block in blocks(page)
        if block.prompt not in ("$ ", IN_A_VENV)
        or not block.steps
        or not all(step.command.startswith("mjcalc ") for step in block.steps)
    ]
    assert bad == []


def test_every_command_shows_its_output() -> None:
    silent = [
        f"{block.name}: {step.command}"
        for blocks_ in RUN_HERE.values()
        for block in blocks_
        for step in block.steps
        if not shown_lines("\n".join(step.output))
    ]
    assert silent == []


def test_the_ellipsis_stands_for_lines_left_out() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "…"], ["a", "b"])
    assert matches(["a", "...", "c", "...", "e"], ["a", "b", "c", "d", "e"])
    assert not matches(["a", "...", "d"], ["a", "b"])
    assert not matches(["a", "b"], ["a", "b", "c"])
    assert matches(["", "a  ", ""], ["a"])


@pytest.mark.parametrize(
    "page",
    [page for page, found in RUN_HERE.items() if found],
    ids=lambda page: page.relative_to(PAGES[0].parent).as_posix(),
)
def test_the_pages_examples_run_as_shown(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not HAVE_JQ and any(needs_jq(b) for b in RUN_HERE[page]):
        if os.environ.get("CI") == "true":
            pytest.fail("jq is not installed: the examples pipe into it")
        pytest.skip("jq is not installed")
    monkeypatch.chdir(workdir(tmp_path))
    wrong = []
    for block in RUN_HERE[page]:
        for step in block.steps:
            ways = [shown_lines(way) for way in run(step.command, CLEAN_ENV)]
            if not any(matches(step.output, shown) for shown in ways):
                wrong.append(_difference(block, step.command, step.output, ways[0]))
    assert not wrong, "\n\n".join(wrong)


def _difference(block: Block, command: str, expected: tuple[str, ...], shown: list[str]) -> str:
    import difflib

    diff = difflib.unified_diff(
        shown_lines("\n".join(expected)), shown, "the page", "the command", lineterm=""
    )
    return f"{block.name}: $ {command}\n" + "\n".join(diff)
