"""JSON Schema of the contract, straight from the Pydantic models."""

from __future__ import annotations

from typing import Any

from pydantic.json_schema import models_json_schema

from mjcalc.models import Result, ShanghaiRequest, XingguoRequest


def json_schema(which: str) -> dict[str, Any]:
    """``request``: any ruleset's request (one of them); ``result``: the result object."""
    if which == "result":
        return Result.model_json_schema(by_alias=True)
    _, top = models_json_schema(
        [(XingguoRequest, "validation"), (ShanghaiRequest, "validation")],
        title="mjcalc request",
    )
    top["anyOf"] = [{"$ref": f"#/$defs/{m.__name__}"} for m in (XingguoRequest, ShanghaiRequest)]
    return top
