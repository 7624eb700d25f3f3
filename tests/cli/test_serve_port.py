"""``mjcalc serve --port``: as strict as every other integer flag (ASCII digits only).

Only refused values here: a port that parses would start the server.
"""

from __future__ import annotations

import pytest
from click.testing import Result

from tests.support.cli import run


def serve(*args: str) -> Result:
    return run("serve", *args)


@pytest.mark.parametrize("port", ["8_765", "８７６５", "٨٧٦٥"])
def test_a_port_int_would_take_is_refused(port: str) -> None:
    out = serve("--port", port)
    assert out.exit_code == 2
    assert f"Invalid value for '--port': {port!r} is not a valid integer." in out.output


def test_a_port_that_is_no_number_has_the_projects_wording() -> None:
    out = serve("--port", "abc")
    assert out.exit_code == 2
    assert "Invalid value for '--port': 'abc' is not a valid integer." in out.output
    zh = serve("--port", "abc", "--lang", "zh")
    assert zh.exit_code == 2
    assert "'--port' 的值无效：'abc' 不是有效的数。" in zh.output


def test_a_port_out_of_range_keeps_clicks_message() -> None:
    out = serve("--port", "65536")
    assert out.exit_code == 2
    assert "65536 is not in the range 0<=x<=65535." in out.output
