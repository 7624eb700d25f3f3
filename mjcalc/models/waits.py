"""The answer of ``mjcalc waits`` (听牌 and 何切): its JSON contract, as Pydantic models.

Beside the request and result models, so that ``mjcalc schema waits`` is built from the contract
alone; :func:`mjcalc.app.waits.analyse` fills them in. A module of its own, imported only where
a waits answer is made, read or described: a ``score`` run never builds these models.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from mjcalc.models import ErrorOut, Named, Seat, empty_dict, empty_list, json_dumps


class WayOut(BaseModel):
    """One way of winning on a tile (self-drawn, or off one seat's discard): what it pays."""

    pattern: Named
    payments: dict[Seat, int]
    fan: int | None = None
    """The fan of the win (the sum of its items' ``fan``), for a ruleset that counts fan; left
    out of the JSON otherwise."""


class RefusalOut(BaseModel):
    """Why a way of winning on a tile is not allowed (the evaluator's own message)."""

    code: str
    message: str
    message_zh: str | None = None
    fan: int | None = None
    """``below_minimum``: the fan the way has (the sum of its items' ``fan``), not enough; left
    out of the JSON otherwise."""


class WaitOut(BaseModel):
    """A tile that completes the hand: copies left, pattern, and each way's payments.

    ``self_draw`` is null and a seat is missing from ``discard`` when the rules forbid that way;
    ``refused`` says why (keys ``self_draw`` or a seat). ``value`` is ``left`` × the winner's
    net gain on a self-draw (0 when self-drawing it is not allowed): the order of the list.
    """

    tile: str
    left: int
    pattern: Named
    also: list[Named] = Field(default_factory=empty_list)
    """What names the win beside its pattern (Shanghai's 大吊车); left out of the JSON when
    empty."""
    self_draw: WayOut | None
    discard: dict[Seat, WayOut]
    refused: dict[str, RefusalOut] = Field(default_factory=empty_dict)
    value: int
    short: bool = False
    """Every way of winning on the tile is refused as under the ruleset's minimum
    (``below_minimum``): the tile completes the hand but is not enough to win, its fan in
    ``refused``; left out of the JSON when false."""


class TileLeft(BaseModel):
    """A tile kind and the copies of it still unseen from the hand's seat."""

    tile: str
    left: int


class DiscardOut(BaseModel):
    """One discard of a 14-tile hand: the shanten left, its waits (when ready) or the tiles
    that would improve it (when not), and its value (sum of its waits' values)."""

    tile: str
    shanten: int | None
    waits: list[WaitOut] = Field(default_factory=empty_list)
    any_tile: bool = False
    improving: list[TileLeft] = Field(default_factory=empty_list)
    value: int = 0


class WaitsResult(BaseModel):
    """The answer of ``mjcalc waits``. ``to_json()`` is the contract's JSON object.

    ``shanten``: 0 ready, ``-1`` a 14-tile hand already complete, ``null`` a hand that can never
    win (its melds rule out every winning hand). A hand ready by shape whose winning tiles are
    all used up (or all refused) is not ready: shanten 1, as riichi counts it, with
    ``ready_by_shape`` true (left out of the JSON otherwise). ``waits`` is empty unless a
    13-tile hand is ready; ``improving`` lists the tiles that lower the shanten of a 13-tile
    hand not ready; ``discards`` is there only for 14-tile hands. ``any_tile``: the hand waits
    on every tile still in play (a Xingguo 精吊 structure).
    """

    model_config = ConfigDict(serialize_by_alias=True, validate_by_name=True)

    schema_version: int = Field(1, alias="schema")
    ok: bool
    rules: str | None = None
    hand: str | None = None
    winner: Seat | None = None
    dealer: Seat | None = None
    tiles: int | None = None
    shanten: int | None = None
    ready_by_shape: bool = False
    short_of_minimum: bool = False
    """Every tile the hand waits on is under the ruleset's minimum (each wait ``short``): not
    ready to win (shanten 1, ``ready_by_shape``), the waits still listed; left out of the JSON
    when false."""
    any_tile: bool = False
    waits: list[WaitOut] = Field(default_factory=empty_list)
    improving: list[TileLeft] = Field(default_factory=empty_list)
    discards: list[DiscardOut] | None = None
    error: ErrorOut | None = None

    def to_json(self) -> str:
        """Compact JSON; ``discards`` only for 14-tile hands, ``error`` only when not ok."""
        exclude = {"discards"} if self.discards is None else set()
        exclude |= {"error"} if self.error is None else set()
        exclude |= set() if self.ready_by_shape else {"ready_by_shape"}
        exclude |= set() if self.short_of_minimum else {"short_of_minimum"}
        if not self.ok:
            exclude |= {"shanten", "any_tile", "waits", "improving", "tiles", "winner", "dealer"}
            exclude |= {"ready_by_shape", "short_of_minimum"}
        data = self.model_dump(mode="json", exclude=exclude)
        error = data.get("error")
        if error is not None and error.get("items") is None:
            del error["items"]  # only a below_minimum refusal carries items
        for wait in [
            *data.get("waits", ()),
            *(w for d in data.get("discards") or () for w in d["waits"]),
        ]:
            if not wait["also"]:
                del wait["also"]
            if not wait["short"]:
                del wait["short"]
            ways = [wait["self_draw"], *wait["discard"].values(), *wait["refused"].values()]
            for way in ways:
                if way is not None and way.get("fan") is None:
                    way.pop("fan", None)
        return json_dumps(data, separators=(",", ":"))
