"""A minimal ruleset used to test the plumbing every ruleset plugs into.

Any standard hand wins; the discarder pays ``points`` (or each other seat on a self-draw).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from mjcalc.engine import ShapeRules, readings
from mjcalc.errors import MjcalcError
from mjcalc.models import Named, Request
from mjcalc.rules.base import Context, Ruleset, Scored
from mjcalc.rules.ledger import Ledger, others


class ToyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    points: int = 1
    stake: int = 1


def evaluate(ctx: Context, options: ToyOptions) -> Scored:
    reading = next(readings(ctx.hand.concealed, ctx.hand.melds, (), ShapeRules()), None)
    if reading is None:
        raise MjcalcError("not_winning", "not a complete hand")
    ledger = Ledger()
    payers = others(ctx.winner) if ctx.discarder is None else (ctx.discarder,)
    for payer in payers:
        ledger.pay(payer, ctx.winner, options.points)
    return Scored(Named(id="win", zh="胡", en="Win"), [], {"hu": ledger.net}, reading)


TOY = Ruleset("toy", "a toy ruleset for tests", ToyOptions, Request, evaluate)
