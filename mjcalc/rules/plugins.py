"""Finding rulesets: every ruleset, bundled or not, is a plug-in of the ``mjcalc.rulesets`` group.

A ruleset package declares one :class:`Plugin` and names it in its distribution's entry points::

    [project.entry-points."mjcalc.rulesets"]
    jihu = "mjcalc_ruleset_jihu:PLUGIN"

mjcalc's own rulesets are declared the same way in its ``pyproject.toml``, so a club's house
variant or a third ruleset installed beside mjcalc is found exactly as Xingguo and Shanghai are:
listed by ``mjcalc rules``, loadable by name, its flags offered by ``score`` and ``waits``.

A :class:`Plugin` is light on purpose: its name, one line of description, its command-line
flags (data), and where the rest lives — the ruleset itself (evaluator, request model, options,
tables, session and waits rules), its texts and what its sessions carry from hand to hand are
imported only when a command needs them. This module imports neither Pydantic nor Click, and
its types are named tuples (a class statement, not generated code): the command line reads every
plug-in's flags while it starts.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from mjcalc.i18n import texts_from
from mjcalc.rules.flags import Flag, Texts

if TYPE_CHECKING:
    from mjcalc.rules.carry import Carry

GROUP = "mjcalc.rulesets"
"""The entry-point group rulesets are found in."""


class Plugin(NamedTuple):
    """A ruleset as its package declares it.

    ``ruleset``, ``texts`` and ``carry`` are ``"module:attribute"`` references, imported on
    first use: the :class:`~mjcalc.rules.base.Ruleset`, the ruleset's catalogue of texts (key →
    (English, Chinese), added to mjcalc's catalogue when the ruleset loads), and what its
    sessions carry from hand to hand. ``defaults`` is the
    ruleset's TOML file (``ruleset = "<name>"`` and its default option values): what loading the
    ruleset by name reads, so a house rule is a copy of it with one line changed.
    """

    name: str
    title: Texts
    """The ruleset's name for people, in English and Chinese (``("xingguo", "兴国冲关")``)."""
    description: Texts
    """One line saying what the ruleset has, in English and Chinese."""
    ruleset: str
    defaults: Path
    flags: tuple[Flag, ...] = ()
    texts: str | None = None
    order: int = 100
    """Where the ruleset stands among the installed ones (its flags in ``--help``, its request
    in the schema): lower first, then by name, whatever order they were installed in."""
    carry: str | None = None
    """Its session rules' own :class:`~mjcalc.rules.carry.Carry`, named here too so that a
    session of another ruleset knows its line marks and carried fields (to refuse them by
    name) without loading the ruleset."""

    def load(self) -> Any:
        """The :class:`~mjcalc.rules.base.Ruleset` (its modules imported now)."""
        return resolve(self.ruleset)

    def catalogue(self) -> Mapping[str, tuple[str, str]]:
        """The ruleset's own texts (empty when it has none)."""
        if self.texts is None:
            return {}
        texts: Mapping[str, tuple[str, str]] = resolve(self.texts)
        return texts


class PluginError(Exception):
    """A plug-in that cannot be used: its entry point does not import or is not a Plugin."""

    def __init__(self, name: str, distribution: str, reason: str) -> None:
        super().__init__(f"{name} ({distribution}): {reason}")
        self.name = name
        self.distribution = distribution
        self.reason = reason


def resolve(reference: str) -> Any:
    """The object a ``"module:attribute"`` reference names (the module imported now)."""
    module_name, _, attribute = reference.partition(":")
    value: Any = importlib.import_module(module_name)
    for part in attribute.split(".") if attribute else ():
        value = getattr(value, part)
    return value


class Found(NamedTuple):
    """What discovery found: the usable plug-ins by name, and the broken ones by name."""

    plugins: dict[str, Plugin]
    broken: dict[str, PluginError]


@cache
def discover() -> Found:
    """Every plug-in of :data:`GROUP` in the installed distributions, by :attr:`Plugin.order`.

    A plug-in that fails to import, is not a :class:`Plugin`, or whose name differs from its
    entry point's is kept aside (:attr:`Found.broken`), so that one broken package never stops
    the others; asking for it by name says why. Of two plug-ins with one name, the first found
    is used.
    """
    from mjcalc._fast import entry_points

    plugins: dict[str, Plugin] = {}
    broken: dict[str, PluginError] = {}
    for distribution, name, value in entry_points(GROUP):
        if name in plugins or name in broken:
            continue
        try:
            plugin = resolve(value)
        except Exception as exc:  # any failure of a third party's import is that plug-in's
            broken[name] = PluginError(name, distribution, f"{type(exc).__name__}: {exc}")
            continue
        if not isinstance(plugin, Plugin):
            reason = f"{value} is a {type(plugin).__name__}, not a mjcalc.rules.plugins.Plugin"
            broken[name] = PluginError(name, distribution, reason)
        elif plugin.name != name:
            reason = f"the entry point is named {name!r} but the plug-in {plugin.name!r}"
            broken[name] = PluginError(name, distribution, reason)
        else:
            plugins[name] = plugin
    ordered = sorted(plugins.values(), key=lambda p: (p.order, p.name))
    return Found({p.name: p for p in ordered}, broken)


def plugins() -> dict[str, Plugin]:
    """The usable plug-ins by name, in their :attr:`Plugin.order`."""
    return discover().plugins


def names() -> list[str]:
    """The names of the rulesets that can be loaded by name, sorted."""
    return sorted(plugins())


def flags() -> tuple[Flag, ...]:
    """Every plug-in's flags, each option name once, in the plug-ins' order: of two plug-ins that
    declare the same option, the first one's flag is offered and the second one's left out."""
    seen: dict[str, Flag] = {}
    for plugin in plugins().values():
        for flag in plugin.flags:
            seen.setdefault(flag.option, flag)
    return tuple(seen.values())


def carries() -> tuple[Carry, ...]:
    """What every plug-in carries across hands (those that carry anything), imported now."""
    return tuple(resolve(p.carry) for p in plugins().values() if p.carry is not None)


def _catalogues() -> Iterator[Mapping[str, tuple[str, str]]]:
    """Every usable plug-in's declared texts: the catalogue's source for a key it does not know
    (a plug-in whose texts fail to import is left out, as discovery leaves out a broken one)."""
    for plugin in plugins().values():
        try:
            yield plugin.catalogue()
        except Exception:  # a third party's broken texts module must not break mjcalc's texts
            continue


texts_from(_catalogues)


def bundled_dir() -> Path:
    """The folder of mjcalc's own rulesets' TOML files (``rulesets/``, installed as
    ``mjcalc/rulesets/``; in the source tree ``mjcalc/rulesets`` links to it)."""
    return Path(__file__).resolve().parent.parent / "rulesets"
