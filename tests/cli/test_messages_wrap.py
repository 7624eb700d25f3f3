"""Long messages wrap to the terminal at word boundaries, Chinese ones too: never inside a Latin
word (``Shangh|ai``, ``ful|l flush``, ``--ji|ng``), never a closing mark at the start of a line."""

from __future__ import annotations

import re

import pytest

from mjcalc.cli.output import wrapped
from mjcalc.render.text import text_width, wrap_cells

MESSAGES = [
    "错误（请求有误）：兴国冲关的牌必须给出翻出的那张牌（定正精）：--jing TILE，例如Shanghai清混碰",
    "错误（未知规则）：未知规则 'shanghia'：您是不是想写 shanghai？（现有：shanghai、xingguo）",
    "南胡清碰，東点炮Shanghai清混碰full flush和Full flush all pungs清碰",
    "error [invalid_request]: --jings is a xingguo flag: a shanghai hand has no --jings",
]


def words_of(pieces: list[str]) -> set[str]:
    return {w for piece in pieces for w in re.findall(r"[-A-Za-z]+", piece)}


@pytest.mark.parametrize("message", MESSAGES)
@pytest.mark.parametrize("width", [20, 24, 30, 41, 60, 80])
def test_a_message_wraps_between_words(message: str, width: int) -> None:
    pieces = wrapped(message, width)
    assert all(text_width(piece) <= width for piece in pieces), pieces
    assert "".join(pieces).replace(" ", "") == message.replace(" ", "")  # nothing dropped
    cut = {w for w in words_of(pieces) if w not in words_of([message])}
    assert cut == set(), pieces  # every Latin word whole
    assert not any(piece[:1] in "，。、；：！？）」" for piece in pieces), pieces


def test_chinese_breaks_next_to_a_word_rather_than_inside_it() -> None:
    pieces = wrap_cells("南胡清碰，東点炮Shanghai清混碰", 20)
    assert pieces == ["南胡清碰，東点炮", "Shanghai清混碰"]


def test_a_word_wider_than_the_line_is_still_cut() -> None:
    assert wrap_cells("abcdefghijklmnopqrstuvwxyz", 10) == ["abcdefghij", "klmnopqrst", "uvwxyz"]
