"""The ```console examples of the documentation, read and run as a reader would type them.

A block is one or more ``$ mjcalc …`` commands, each followed by what it prints. A command may be
piped into ``jq`` (the real one: its filters are jq's, whatever they are), and may end with a
``# comment``. A line ``...`` (or ``…``) alone in the output stands for any lines there, so a
long listing may show its start and its end. Blocks whose prompt names a virtual environment
(``(.venv-jihu) $``) are run by tests/contract/test_plugin_example.py, where the example
plug-in is installed.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```console\n(.*?)^```", re.S | re.M)
PROMPT = "$ "
ELLIPSIS = ("...", "…")


@dataclass(frozen=True)
class Step:
    """One command of a block and the lines it prints."""

    command: str
    output: tuple[str, ...]


@dataclass(frozen=True)
class Block:
    """A ```console block: where it is, and its commands in order."""

    page: Path
    line: int
    steps: tuple[Step, ...]
    prompt: str

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT).as_posix()}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """Every ```console block of ``page``, in order."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in BLOCK.finditer(text):
        line = text[: match.start()].count("\n") + 1
        body = match.group(1).splitlines()
        head = re.match(r"^(\(\S+\) )?\$ ", body[0]) if body else None
        prompt = head.group(0) if head else ""
        steps: list[Step] = []
        command, output = None, []
        for row in body:
            if prompt and row.startswith(prompt):
                if command is not None:
                    steps.append(Step(command, tuple(output)))
                command, output = row[len(prompt) :], []
            else:
                output.append(row)
        if command is not None:
            steps.append(Step(command, tuple(output)))
        found.append(Block(page, line, tuple(steps), prompt))
    return found


def shown_lines(text: str) -> list[str]:
    """Lines as a page shows them: trailing spaces and blank lines at either end left out."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def matches(expected: Sequence[str], actual: Sequence[str]) -> bool:
    """Whether ``actual`` is ``expected``, each ``...`` line of it standing for any lines."""
    parts: list[list[str]] = [[]]
    for line in shown_lines("\n".join(expected)):
        if line.strip() in ELLIPSIS:
            parts.append([])
        else:
            parts[-1].append(line)
    actual = list(actual)
    if len(parts) == 1:
        return actual == parts[0]
    first, *middle, last = parts
    if actual[: len(first)] != first or actual[len(actual) - len(last) :] != last:
        return False
    at, end = len(first), len(actual) - len(last)
    if end < at:
        return False
    for part in middle:
        found = next(
            (i for i in range(at, end - len(part) + 1) if actual[i : i + len(part)] == part),
            None,
        )
        if found is None:
            return False
        at = found + len(part)
    return True


def workdir(tmp: Path) -> Path:
    """A copy of what the examples read (``docs/``, ``examples/``), for a page's commands to run
    in as from the repository's root: what they write (a sitting) stays out of the
    repository."""
    keep = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist", ".*")
    for folder in ("docs", "examples"):
        shutil.copytree(ROOT / folder, tmp / folder, ignore=keep)
    return tmp


def run(command: str, env: dict[str, str | None]) -> tuple[str, ...]:
    """What ``command`` (``mjcalc …``, maybe ``| jq …``) may show in a terminal, run in the
    current directory: its output and its messages, in either order (in a terminal they come as
    they are written; run in-process, the two streams cannot tell which came first); piped,
    jq's output after mjcalc's messages, or alone (a page about the JSON may leave out what
    stderr said beside it)."""
    from mjcalc.cli import cli

    words = shlex.split(command, comments=True)
    pipe = words.index("|") if "|" in words else len(words)
    mjcalc, rest = words[:pipe], words[pipe + 1 :]
    assert mjcalc[0] == "mjcalc", command
    # help pages laid out as on an 80-column terminal (Click's width there: 78)
    result = CliRunner(env=env).invoke(cli, mjcalc[1:], prog_name="mjcalc", terminal_width=78)
    if not rest:
        return result.stdout + result.stderr, result.stderr + result.stdout
    assert rest[0] == "jq", command
    done = subprocess.run(
        ["jq", *rest[1:]],
        input=result.stdout,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "LC_ALL": "C.UTF-8"},
    )
    assert done.returncode == 0, done.stderr
    return result.stderr + done.stdout, done.stdout


def needs_jq(block: Block) -> bool:
    return any(" | jq" in step.command for step in block.steps)
