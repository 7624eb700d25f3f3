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

from mjcalc.i18n import Bilingual, bilingual, same, texts_from
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
    """A plug-in that cannot be used: its entry point does not import or is not a Plugin, a flag
    of it takes a core option's name, its ruleset, texts or TOML file cannot be loaded.

    ``reason`` says what is wrong in both languages; ``entry_point`` is the entry point's
    ``module:attribute`` value (empty when not known).
    """

    def __init__(
        self, name: str, distribution: str, reason: Bilingual, entry_point: str = ""
    ) -> None:
        super().__init__(f"{name} ({distribution}): {reason.en}")
        self.name = name
        self.distribution = distribution
        self.reason = reason
        self.entry_point = entry_point


def failure(exc: BaseException) -> Bilingual:
    """What an exception raised by a plug-in's code says, for a :class:`PluginError`."""
    if isinstance(exc, SystemExit):
        return bilingual("err.plugin.exit", code=exc.code)
    detail = str(exc)
    kind = type(exc).__name__
    return same(f"{kind}: {detail}" if detail else kind)


_CORE_OPTIONS = (
    "--add --after-kong --allow-host --balance --chart --csv --currency --dealer --delete"
    " --dir --discarder --force --format --help --host --insert --jobs --json --kong --lang --new"
    " --option --player --points --port --rate --replace --rob-kong --rules --self-draw"
    " --session --settle --standings --strict-rules --token --undo --version --wait --win"
    " --winner -V -h -j -o -r"
)
CORE_OPTIONS = frozenset(_CORE_OPTIONS.split())
"""Every option name of mjcalc's own commands: a plug-in's flag may take none of them (a test
compares this with the commands). Written out, not read off Click: start-up reads the flags
before the command line is built."""

_CORE_FIELDS = (
    "add after_kong allow_hosts as_csv as_json balance currency dealer delete directory"
    " discarder file force hand help host insert jobs kong lang name new option output_format"
    " player points port rate replace rob_kong rules self_draw session_file settle strict_rules"
    " token undo version view wait which win winner"
)
CORE_FIELDS = frozenset(_CORE_FIELDS.split())
"""The parameter names of mjcalc's own commands (an option's value is found by its name):
a plug-in's flag fills no field of these names."""


def check(plugin: Plugin) -> Bilingual | None:
    """What is wrong with a plug-in's declaration (its types, its flags), or ``None``: looked at
    while discovering, so that a bad declaration never reaches the command line."""
    texts_ok = all(
        isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(t, str) for t in pair)
        for pair in (plugin.title, plugin.description)
    )
    references = (plugin.ruleset, plugin.texts or "", plugin.carry or "")
    if not (
        texts_ok
        and isinstance(plugin.defaults, Path)
        and all(isinstance(r, str) for r in references)
        and isinstance(plugin.order, int)
        and isinstance(plugin.flags, tuple)
    ):
        return bilingual("err.plugin.fields")
    seen: set[str] = set()
    for flag in plugin.flags:
        if not isinstance(flag, Flag):
            return bilingual("err.plugin.not_flag", kind=type(flag).__name__)
        if not (isinstance(flag.option, str) and isinstance(flag.field, str)):
            return bilingual("err.plugin.bad_flag", option=repr(flag.option))
        if flag.option in CORE_OPTIONS or flag.field in CORE_FIELDS:
            return bilingual("err.plugin.flag_clash", option=flag.option, field=flag.field)
        if not (
            flag.option.startswith("--") and flag.field.isidentifier() and flag.option not in seen
        ):
            return bilingual("err.plugin.bad_flag", option=flag.option)
        seen.add(flag.option)
    return None


def resolve(reference: str) -> Any:
    """The object a ``"module:attribute"`` reference names (the module imported now)."""
    module_name, _, attribute = reference.partition(":")
    value: Any = importlib.import_module(module_name)
    for part in attribute.split(".") if attribute else ():
        value = getattr(value, part)
    return value


class Found(NamedTuple):
    """What discovery found: the usable plug-ins by name, the broken ones by name, and the
    distribution each usable one was installed by (normalized name: ``mjcalc-ruleset-jihu``)."""

    plugins: dict[str, Plugin]
    broken: dict[str, PluginError]
    distributions: dict[str, str]
    entry_points: dict[str, str]
    """Each usable plug-in's entry point (``module:attribute``)."""


@cache
def discover() -> Found:
    """Every plug-in of :data:`GROUP` in the installed distributions, by :attr:`Plugin.order`.

    A plug-in that fails to import (whatever it raises, ``sys.exit()`` included: only Ctrl-C
    goes through), is not a :class:`Plugin`, whose name differs from its entry point's or
    whose declaration is wrong (:func:`check`: a flag taking a core option's name) is kept
    aside (:attr:`Found.broken`), so that one broken package never stops the others; asking
    for it by name says why. Of two plug-ins with one name, the first found is used.
    """
    from mjcalc.hot_paths import entry_points

    plugins: dict[str, Plugin] = {}
    broken: dict[str, PluginError] = {}
    distributions: dict[str, str] = {}
    values: dict[str, str] = {}
    for distribution, name, value in entry_points(GROUP):
        if name in plugins or name in broken:
            continue
        try:
            plugin = resolve(value)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # any failure of a third party's import is that plug-in's
            broken[name] = PluginError(name, distribution, failure(exc), value)
            continue
        reason: Bilingual | None
        try:
            if not isinstance(plugin, Plugin):
                reason = bilingual("err.plugin.not_plugin", value=value, kind=type(plugin).__name__)
            elif plugin.name != name:
                reason = bilingual("err.plugin.other_name", entry=name, name=str(plugin.name))
            else:
                reason = check(plugin)
        except Exception as exc:  # a declaration too odd to look at (a field's own __eq__…)
            reason = failure(exc)
        if reason is not None:
            broken[name] = PluginError(name, distribution, reason, value)
        else:
            plugins[name] = plugin
            distributions[name] = distribution
            values[name] = value
    ordered = sorted(plugins.values(), key=lambda p: (p.order, p.name))
    return Found({p.name: p for p in ordered}, broken, distributions, values)


def distribution(name: str) -> tuple[str, str] | None:
    """The distribution that installed plug-in ``name`` and its version (from
    :mod:`importlib.metadata`, imported now: only a session's checkpoint asks), or ``None``
    for a name no usable plug-in has."""
    dist = discover().distributions.get(name)
    if dist is None:
        return None
    from importlib.metadata import PackageNotFoundError, version

    try:
        return dist, version(dist)
    except (PackageNotFoundError, ValueError, OSError):
        return dist, ""


def plugins() -> dict[str, Plugin]:
    """The usable plug-ins by name, in their :attr:`Plugin.order`."""
    return discover().plugins


def names() -> list[str]:
    """The names of the rulesets that can be loaded by name, sorted."""
    return sorted(plugins())


def installed_names(*, titles: bool = False) -> Bilingual:
    """The installed rulesets in their order, as a list in each language (``a, b``; ``a、b``),
    for the texts that tell which names ``--rules`` takes (its help, usage errors): what is
    installed, never a fixed set, so a ruleset installed beside mjcalc is named with the bundled
    ones. With ``titles``, the Chinese list names each with its title too (``xingguo
    兴国冲关、shanghai 上海清混碰``). Light: the plug-ins' declarations only, no ruleset loaded."""
    found = plugins()
    zh = [f"{name} {plugin.title[1]}" if titles else name for name, plugin in found.items()]
    return Bilingual(", ".join(found), "、".join(zh))


def named(text: str) -> Plugin | None:
    """The installed plug-in a ``--rules`` value names, as people write it: its name or either
    title in any case (``Shanghai``, ``上海清混碰``), or the start of its Chinese title when no
    other title starts so (``上海``, ``兴国``). Read off the titles each plug-in declares, so a
    ruleset installed beside mjcalc answers to its Chinese name with no table to update;
    ``None`` when nothing installed is named so."""
    found = plugins()
    plugin = found.get(text)
    if plugin is not None:
        return plugin
    folded = text.casefold()
    for plugin in found.values():
        if folded in (plugin.name.casefold(), *(title.casefold() for title in plugin.title)):
            return plugin
    if len(folded) < 2 or folded.isascii():  # a Chinese name's start, two characters or more
        return None
    starts = [p for p in found.values() if p.title[1].casefold().startswith(folded)]
    return starts[0] if len(starts) == 1 else None


def close_names(text: str) -> list[str]:
    """The installed rulesets whose name or title is close to a misspelt ``text`` (best first),
    for a did-you-mean."""
    from difflib import get_close_matches

    words: dict[str, str] = {}
    for name, plugin in plugins().items():
        for word in (name, *plugin.title):
            words.setdefault(word.casefold(), name)
    close = get_close_matches(text.strip().casefold(), list(words), n=3, cutoff=0.6)
    return list(dict.fromkeys(words[word] for word in close))


def flags() -> tuple[Flag, ...]:
    """Every plug-in's flags, each option name once, in the plug-ins' order: of two plug-ins that
    declare the same option, the first one's flag is offered and the second one's left out —
    but where both fill the same field the same way (Xingguo's and Nanchang's ``--jing``), the
    one flag offered means it for both, so its help gives both rulesets' words."""
    seen: dict[str, Flag] = {}
    for plugin in plugins().values():
        for flag in plugin.flags:
            first = seen.setdefault(flag.option, flag)
            if first is not flag and (first.field, first.kind) == (flag.field, flag.kind):
                en, zh = first.help
                seen[flag.option] = first._replace(help=(f"{en} {flag.help[0]}", zh + flag.help[1]))
    return tuple(seen.values())


def carries() -> tuple[Carry, ...]:
    """What every plug-in carries across hands (those that carry anything), imported now: a
    plug-in whose carry does not import is left out (it is broken, and says so when used)."""
    found: list[Carry] = []
    for plugin in plugins().values():
        if plugin.carry is None:
            continue
        try:
            found.append(resolve(plugin.carry))
        except KeyboardInterrupt:
            raise
        except BaseException:  # that plug-in's own failure, reported where it is used
            continue
    return tuple(found)


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
