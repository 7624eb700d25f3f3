"""The ``mjcalc`` command line: Click commands that turn flags into requests and print results.

JSON goes to stdout, human messages to stderr. Rich (and the scoring core) are imported only on
the paths that need them, so ``mjcalc score --json`` starts quickly.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any

import click

from mjcalc import __version__

if TYPE_CHECKING:
    from mjcalc.models import Result

SEAT_CHOICE = click.Choice(["E", "S", "W", "N"], case_sensitive=False)
EXIT_OK, EXIT_NOT_SCORED, EXIT_USAGE = 0, 1, 2


def _seat(value: str | None) -> str | None:
    return value.upper() if value else value


def _split_assignment(text: str, flag: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise click.BadParameter(f"expected NAME=VALUE, got {text!r}", param_hint=flag)
    return name.strip(), value.strip()


def _option_value(text: str) -> Any:
    """``--option`` values: JSON where it parses (numbers, true/false), else the plain string."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _seat_key(text: str, flag: str) -> str:
    seat = text.upper()
    if seat not in ("E", "S", "W", "N"):
        raise click.BadParameter(f"unknown seat {text!r} (use E, S, W or N)", param_hint=flag)
    return seat


def request_from_params(params: dict[str, Any]) -> dict[str, Any]:
    """The request object for the ``score`` flags that were given (and only those).

    Flags left out stay out of the request, so another ruleset's flags never leak in; flags that
    do not belong to the chosen ruleset are rejected by its request model (``invalid_request``).
    """
    req: dict[str, Any] = {"hand": " ".join(params["hand"])}
    if params.get("rules"):
        req["rules"] = params["rules"]
    for key in ("winner", "dealer", "discarder"):
        if params.get(key):
            req[key] = _seat(params[key])
    if params.get("self_draw"):
        req["self_draw"] = True
    if params.get("win"):
        req["win_tile"] = params["win"]
    for flag, key in (("after_kong", "after_kong"), ("rob_kong", "robbing_kong"),
                      ("heavenly", "heavenly"), ("earthly", "earthly")):
        if params.get(flag):
            req[key] = True
    kongs = []
    for text in params.get("kong") or ():
        seat, value = _split_assignment(text, "--kong")
        kind, _, tile = value.partition(":")
        kong: dict[str, Any] = {"seat": _seat_key(seat, "--kong"), "kind": kind.lower()}
        if tile:
            kong["tile"] = tile
        kongs.append(kong)
    if kongs:
        req["kongs"] = kongs
    options = dict(_split_assignment(t, "--option") for t in params.get("option") or ())
    if options:
        req["options"] = {k: _option_value(v) for k, v in options.items()}
    if params.get("jing"):
        req["jing"] = params["jing"]
    jings = {}
    for text in params.get("jings") or ():
        seat, value = _split_assignment(text, "--jings")
        main, comma, secondary = value.partition(",")
        try:
            jings[_seat_key(seat, "--jings")] = [int(main), int(secondary) if comma else 0]
        except ValueError:
            raise click.BadParameter(
                f"expected SEAT=Z,F with whole numbers, got {text!r}", param_hint="--jings"
            ) from None
    if jings:
        req["jings"] = jings
    xiang = {}
    for text in params.get("xianggong") or ():
        seat, value = _split_assignment(text, "--xianggong")
        xiang[_seat_key(seat, "--xianggong")] = value.lower()
    if xiang:
        req["xianggong"] = xiang
    for key in ("follow_dealer", "flowers", "kaibao", "huangfan"):
        if params.get(key) is not None:
            req[key] = params[key]
    liable = [_seat_key(s, "--liable") for s in params.get("liable") or ()]
    if liable:
        req["liable"] = liable
    return req


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="mjcalc")
def cli() -> None:
    """Score Chinese regional mahjong hands: Xingguo 冲关 and Shanghai 清混碰.

    \b
    Examples:
      mjcalc score 123m456p789s11z 234m --rules xingguo --jing 9s --self-draw
      mjcalc score 11122233344455m --rules shanghai --discarder S --json
      mjcalc batch hands.txt --rules xingguo --json | jq .payments
      mjcalc rules xingguo
    """


def _score_options(f: Any) -> Any:
    decorators = [
        click.argument("hand", nargs=-1, required=True),
        click.option("--rules", "-r", envvar="MJCALC_RULES", metavar="NAME|PATH",
                      help="Ruleset name (xingguo, shanghai) or a ruleset TOML file "
                           "[env: MJCALC_RULES]."),
        click.option("--winner", type=SEAT_CHOICE, help="Winning seat (default E)."),
        click.option("--dealer", type=SEAT_CHOICE, help="Dealer seat (default E)."),
        click.option("--self-draw", is_flag=True, help="Won on a self-drawn tile (the default)."),
        click.option("--discarder", type=SEAT_CHOICE, help="Seat that discarded the winning tile."),
        click.option("--win", metavar="TILE", help="The winning tile (default: last concealed)."),
        click.option("--after-kong", is_flag=True, help="Won on a kong replacement tile (杠开)."),
        click.option("--rob-kong", is_flag=True,
                     help="Won by robbing a kong (抢杠); --discarder is the kong maker."),
        click.option("--kong", multiple=True, metavar="SEAT=KIND[:TILE]",
                     help="A kong by another seat: KIND is concealed, exposed or added. Repeatable."),
        click.option("--option", "-o", multiple=True, metavar="NAME=VALUE",
                     help="Override a ruleset option for this hand. Repeatable."),
        click.option("--jing", metavar="TILE", help="xingguo: the flipped tile (正精)."),
        click.option("--jings", multiple=True, metavar="SEAT=Z,F",
                     help="xingguo: 正精,副精 held by a seat. Repeatable."),
        click.option("--heavenly", is_flag=True, help="xingguo: 天胡 (dealer wins on the deal)."),
        click.option("--earthly", is_flag=True, help="xingguo: 地胡 (non-dealer, first draw)."),
        click.option("--follow-dealer", type=click.IntRange(min=0), metavar="N",
                     help="xingguo: rounds of 跟庄."),
        click.option("--xianggong", multiple=True, metavar="SEAT=big|small",
                     help="xingguo: a seat is 相公 (big: too many tiles; small: too few)."),
        click.option("--flowers", type=click.IntRange(0, 8), metavar="N",
                     help="shanghai: flowers held, when they are not written in the hand."),
        click.option("--kaibao", type=click.IntRange(min=0), metavar="N",
                     help="shanghai: pending 开宝 (dice doubles)."),
        click.option("--huangfan", type=click.IntRange(min=0), metavar="N",
                     help="shanghai: pending 黄番 (drawn hands since the last win)."),
        click.option("--liable", multiple=True, type=SEAT_CHOICE, metavar="SEAT",
                     help="shanghai: a seat liable under 承包. Repeatable."),
    ]
    for d in reversed(decorators):
        f = d(f)
    return f


@cli.command()
@_score_options
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the breakdown.")
def score(as_json: bool, lang: str, **params: Any) -> None:
    """Score one hand.

    HAND is the winner's final tiles, e.g. '123m456p789s11z 234m' (mpsz), letters E S W N P F C,
    Chinese (一万 五筒 東) or Unicode tiles; [...] is an exposed meld, (...) a concealed kong.
    """
    from mjcalc.api import score as score_request

    if not params.get("rules"):
        raise click.UsageError("no ruleset: give --rules NAME (xingguo, shanghai) or set MJCALC_RULES")
    result = score_request(request_from_params(params))
    if as_json:
        click.echo(result.to_json())
        if not result.ok:
            _echo_error(result)
    else:
        from mjcalc.render import render_result

        render_result(result, lang=lang)
    sys.exit(EXIT_OK if result.ok else EXIT_NOT_SCORED)


def _echo_error(result: Result) -> None:
    from mjcalc.render import error_lines

    for line in error_lines(result):
        click.echo(line, err=True)


def _batch_request(text: str, default_rules: str | None) -> dict[str, Any]:
    """One batch line (a JSON request or ``score`` arguments) as a request object."""
    from mjcalc.errors import MjcalcError

    if text.startswith("{"):
        try:
            req = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MjcalcError("invalid_request", f"bad JSON: {exc.msg} (char {exc.pos + 1})") from None
        if not isinstance(req, dict):
            raise MjcalcError("invalid_request", "a request must be a JSON object")
    else:
        try:
            args = shlex.split(text)
        except ValueError as exc:
            raise MjcalcError("invalid_request", f"cannot split the line: {exc}") from None
        if args and args[0] == "score":
            args = args[1:]
        try:
            with score.make_context("score", args) as ctx:
                req = request_from_params(ctx.params)
        except click.exceptions.Exit:
            raise MjcalcError("invalid_request", "not a hand line") from None
        except click.ClickException as exc:
            raise MjcalcError("invalid_request", exc.format_message()) from None
    if default_rules and "rules" not in req:
        req["rules"] = default_rules
    return req


def score_lines(lines: Iterable[str], default_rules: str | None) -> Iterator[Result]:
    """Score each hand line in order, lazily: one result per line that is not blank or ``#``."""
    from mjcalc.api import error_result
    from mjcalc.api import score as score_request
    from mjcalc.errors import MjcalcError

    for number, line in enumerate(lines, 1):
        text = line.strip().lstrip("\ufeff")
        if not text or text.startswith("#"):
            continue
        try:
            result = score_request(_batch_request(text, default_rules))
        except MjcalcError as exc:
            result = error_result(exc)
        result.line = number
        yield result


@cli.command()
@click.argument("file", type=click.File("r", encoding="utf-8", lazy=False))
@click.option("--rules", "-r", envvar="MJCALC_RULES", metavar="NAME|PATH",
              help="Ruleset for lines that do not name one [env: MJCALC_RULES].")
@click.option("--json", "as_json", is_flag=True, help="One JSON result per hand line.")
def batch(file: IO[str], rules: str | None, as_json: bool) -> None:
    """Score a file of hands, one per line (FILE or - for stdin).

    Each line is a JSON request or the arguments of `mjcalc score`; blank lines and # comments are
    skipped. Every hand line yields exactly one result, in order; exit status 1 if any failed.
    """
    results = score_lines(file, rules)
    if as_json:
        failed = 0
        out = sys.stdout
        for result in results:
            out.write(result.to_json() + "\n")
            failed += not result.ok
        out.flush()
    else:
        from mjcalc.render import render_batch

        failed = render_batch(results)
    sys.exit(EXIT_NOT_SCORED if failed else EXIT_OK)


@cli.command()
@click.argument("name", required=False)
@click.option("--json", "as_json", is_flag=True, help="Options and tables as JSON.")
def rules(name: str | None, as_json: bool) -> None:
    """List the rulesets, or show one: its options and its scoring table."""
    from mjcalc.render import render_rules

    sys.exit(render_rules(name, as_json=as_json))


@cli.command()
@click.argument("which", type=click.Choice(["request", "result"]), default="request")
def schema(which: str) -> None:
    """Print the JSON Schema of a request or a result."""
    from mjcalc.schema import json_schema

    click.echo(json.dumps(json_schema(which), ensure_ascii=False, indent=2))


def main() -> None:
    """Console entry point."""
    cli(prog_name="mjcalc")
