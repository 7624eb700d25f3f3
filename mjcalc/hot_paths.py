"""Every speed trick of mjcalc, fenced in one module; each has a slow twin that a test compares.

What lives here does what a standard tool does, at a fraction of its cost, on a path taken for
every hand or every start-up. Nothing else in mjcalc bypasses a library's own way of doing a
thing; a reader who wants the plain meaning reads the twin named in each docstring.

- :func:`entry_points`: the ``mjcalc.rulesets`` plug-ins, read from the installed
  distributions' ``entry_points.txt`` (twin: :func:`importlib.metadata.entry_points`, whose
  import alone costs about a sixth of a ``score --json`` start-up).
- :func:`built`, :func:`trusted_from`: a Pydantic model from values mjcalc computed itself,
  without validating them again (twin: ``Model.model_construct``).
- :func:`slot_setters`, :func:`new_instance`: a frozen slotted dataclass filled slot by slot
  (twin: its ``__init__``).
- :class:`_NoPluginLoader`: Pydantic's plugin loader module, answered without importing
  :mod:`importlib.metadata` while the command line keeps Pydantic's plugins off (twin: the
  real module, which takes over the moment plugins are on or anything else is asked).
- :func:`has_line_break`: whether a JSON text holds a character that splits lines, by three
  C-level scans (twin: the character class ``[\\x85\\u2028\\u2029]`` searched by :mod:`re`).
- :func:`record_json`: a sitting's record as JSON, its per-seat amounts written by hand (twin:
  the record's parts through :func:`json.dumps`, ``tests/core/test_hot_paths_match_their_twins``).
- :func:`paid_in_full`: a sitting line's payments when every loser can pay in full, added up
  (twin: :func:`mjcalc.app.session.silver.settle`'s pairing of debtors and creditors).
- :func:`widen_pipes`: a process pool's pipes given room for a megabyte (twin: the pool as
  :mod:`multiprocessing` makes it, with the system's 64 KiB pipes).

Rulesets never import this module: they build their names and items through
:func:`mjcalc.models.named` and :meth:`mjcalc.models.Item.of`.
"""

from __future__ import annotations

import os
import re
import sys
import types
from collections.abc import Callable, Iterable
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:  # Pydantic is imported when the first model is built: start-up reads plug-ins
    from pydantic import BaseModel

# --- entry points ------------------------------------------------------------------------------

_DIST_DIR = re.compile(r"^(?P<name>[^-]+)(?:-[^-]*)?\.(?:dist|egg)-info$", re.IGNORECASE)


def _normalized(name: str) -> str:
    """A distribution's name as the packaging standards compare them (``My_Pkg`` → ``my-pkg``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def entry_points(group: str, path: Iterable[str] | None = None) -> list[tuple[str, str, str]]:
    """``(distribution, name, value)`` of each entry point in ``group``, in the order
    :func:`importlib.metadata.entry_points` gives them: the folders of ``path`` (default
    :data:`sys.path`) in order, each folder's distributions as listed, each distribution's
    entry points as written; a distribution found twice counts once, where it is found first.

    Reads only the ``entry_points.txt`` of each ``*.dist-info`` / ``*.egg-info`` folder (no
    metadata parsing, no zip archives: a zipped distribution is not looked into).
    """
    found: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for folder in sys.path if path is None else path:
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        for entry in names:
            match = _DIST_DIR.match(entry)
            if match is None:
                continue
            dist = _normalized(match["name"])
            if dist in seen:
                continue
            seen.add(dist)
            try:
                with open(os.path.join(folder or ".", entry, "entry_points.txt"), "rb") as file:
                    text = file.read().decode("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            found.extend((dist, name, value) for name, value in _group(text, group))
    return found


def _group(text: str, group: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines of ``[group]`` in an ``entry_points.txt`` (INI syntax)."""
    pairs: list[tuple[str, str]] = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            pairs.append((name.strip(), value.strip()))
    return pairs


# --- models built from mjcalc's own values ------------------------------------------------------

M = TypeVar("M", bound="BaseModel")
Setter = Callable[[Any, Any], None]
_PLANS: dict[type[BaseModel], tuple[dict[str, Any], tuple[tuple[str, Any], ...]]] = {}
_new = object.__new__
_set_dict = object.__setattr__
_MODEL_SLOTS: list[tuple[Setter, Setter, Setter]] = []


def _model_slots() -> tuple[Setter, Setter, Setter]:
    """BaseModel's slots (fields set, extra, private), set directly as its own
    ``model_construct`` does, without the checks; looked up once."""
    if not _MODEL_SLOTS:
        from pydantic import BaseModel

        slots = BaseModel.__dict__
        _MODEL_SLOTS.append(
            (
                slots["__pydantic_fields_set__"].__set__,
                slots["__pydantic_extra__"].__set__,
                slots["__pydantic_private__"].__set__,
            )
        )
    return _MODEL_SLOTS[0]


def trusted(cls: type[M], **values: Any) -> M:
    """An instance of ``cls`` from values mjcalc computed itself, without validating them again.

    What :meth:`BaseModel.model_construct` does, for field names only and at a fraction of its
    cost (it resolves aliases and defaults anew on every call): a result's models are built for
    every hand, and validating values the code just produced bought nothing. Fields left out
    take their defaults (a fresh one from a ``default_factory``); ``__dict__`` keeps the field
    order, which is the order they are dumped in (a copy of the defaults, updated in place).
    """
    return trusted_from(cls, values)


def trusted_from(cls: type[M], values: dict[str, Any]) -> M:
    """:func:`built` from a dict of the values (which it does not keep), for the models built
    for every hand (a result, its reading, an item): written as a dict at the call, the values
    are not packed into keyword arguments and out again."""
    plan = _PLANS.get(cls)
    if plan is None:
        model_fields = cls.model_fields
        plan = _PLANS[cls] = (
            {name: f.default for name, f in model_fields.items()},
            tuple((n, f.default_factory) for n, f in model_fields.items() if f.default_factory),
        )
    defaults, factories = plan
    set_fields_set, set_extra, set_private = _MODEL_SLOTS[0] if _MODEL_SLOTS else _model_slots()
    data = defaults.copy()
    data.update(values)
    if len(data) != len(defaults):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(values) - set(defaults))}")
    for name, factory in factories:
        if name not in values:
            data[name] = factory()
    model: M = _new(cls)
    _set_dict(model, "__dict__", data)
    set_fields_set(model, set(values))
    set_extra(model, None)
    set_private(model, None)
    return model


# --- frozen slotted dataclasses filled slot by slot ---------------------------------------------


def slot_setters(cls: type) -> tuple[Setter, ...]:
    """The setters of a frozen slotted dataclass's fields, in field order: to fill an instance
    made by :func:`new_instance` (a frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``, at about twice the cost), for the objects built for every hand."""
    return tuple(cls.__dict__[f.name].__set__ for f in fields(cls))


new_instance = object.__new__
"""An empty instance of a class, its ``__init__`` not run (fill it with :func:`slot_setters`)."""


# --- line breaks in JSON text ------------------------------------------------------------------


def has_line_break(text: str) -> bool:
    """Whether ``text`` holds U+0085, U+2028 or U+2029, the characters besides ``\\n`` and
    ``\\r`` that split lines (:func:`mjcalc.models.json_text` escapes them). Asked of every
    JSON line mjcalc writes: three ``in`` scans run in C at memory speed (about 0.2 µs for a
    result's 1.5 KB), where :mod:`re` steps through a character class one character at a time
    (6–7 µs). Twin: ``re.search("[\\x85\\u2028\\u2029]", text) is not None``."""
    return "\x85" in text or "\u2028" in text or "\u2029" in text


# --- a sitting's record as JSON ----------------------------------------------------------------

_SEAT_KEYS = frozenset("ESWN")


def _word(value: object) -> str | None:
    """``value`` as JSON when it is ``None`` or a word that JSON writes as it is (ASCII letters,
    digits and underscores: no quote, backslash or control character to escape); else ``None``."""
    if value is None:
        return "null"
    if type(value) is str and value.isascii() and value.isidentifier():
        return f'"{value}"'
    return None


_SEAT_ORDER = ("E", "S", "W", "N")


def _amounts(values: object) -> str | None:
    """A dict of seats to whole amounts as ``json.dumps(..., separators=(",", ":"))`` writes it,
    or ``None`` for anything else (a key that is not a seat letter, an amount not a plain int).
    The four seats in their order (every amount a sitting writes) are one comparison."""
    if type(values) is not dict:
        return None
    if len(values) == 4 and tuple(values) == _SEAT_ORDER:
        e, s, w, n = values.values()
        if type(e) is int and type(s) is int and type(w) is int and type(n) is int:
            return f'{{"E":{e},"S":{s},"W":{w},"N":{n}}}'
        return None
    parts = []
    for seat, amount in values.items():
        if type(amount) is not int or type(seat) is not str or seat not in _SEAT_KEYS:
            return None
        parts.append(f'"{seat}":{amount}')
    return "{" + ",".join(parts) + "}"


def record_json(record: Any) -> str | None:
    """The fast path of ``Record.to_json`` (:mod:`mjcalc.app.session.records`) for the common
    records: a line refused (``{"line", "ok": false, "error"}``, the error written by its
    model's own JSON writer, as a result's is), or applied with no ``adjust``, no event of the
    ruleset's own and no loser short of silver, its event and dealer plain words and its
    amounts whole numbers by seat (``{"line", "ok", "event", "dealer", "results", "payments",
    "fees", "totals", "balances"}``, the results by their own ``to_json``). ``None`` for any
    other record, which the plain way writes. A replay writes one a line: the few small
    ``json.dumps`` and their scans for line breaks cost about as much as the rest of the
    sitting's bookkeeping.

    Twin: the record's parts through ``json.dumps`` (the plain ``Record.to_json``), kept in
    ``tests/core/test_hot_paths_match_their_twins.py`` and compared on many replayed records.
    Nothing written here by hand can hold a line break (ASCII words and numbers); each result
    escapes its own, and the error's text is escaped here as :func:`mjcalc.models.json_text`
    does."""
    if type(record.line) is not int:
        return None
    if record.ok is False and record.error is not None:
        error = record.error
        try:
            text = error.__pydantic_serializer__.to_json(error, exclude_none=True).decode()
        except ValueError:  # text Pydantic cannot encode (a lone surrogate): the plain way
            return None
        if has_line_break(text):
            return None
        return f'{{"line":{record.line},"ok":false,"error":{text}}}'
    if record.ok is not True or record.adjust is not None or record.own is not None:
        return None
    event, dealer = _word(record.event), _word(record.dealer)
    payments, fees = _amounts(record.payments), _amounts(record.fees)
    totals = _amounts(record.totals)
    balances = "null" if record.balances is None else _amounts(record.balances)
    if None in (event, dealer, payments, fees, totals, balances) or record.short():
        return None
    results = ",".join([result.to_json() for result in record.results])
    return (
        f'{{"line":{record.line},"ok":true,"event":{event},"dealer":{dealer},'
        f'"results":[{results}],"payments":{payments},"fees":{fees},"totals":{totals},'
        f'"balances":{balances}}}'
    )


# --- silver paid in full ---------------------------------------------------------------------


def paid_in_full(vectors: list[Any], balances: Any) -> dict[str, int] | None:
    """The fast path of :func:`mjcalc.app.session.silver.settle` with balances: when every
    vector is a zero-sum vector of whole amounts over the seats and no loser owes more than
    its balance, every debt is paid in full, and the net change of each seat is simply the sum
    of the vectors (what it is owed less what it owes); ``None`` otherwise (someone short, or
    anything unusual), for the plain pairing of debtors and creditors to settle. Every line of
    a sitting with silver settles; nearly always everyone can pay.

    Twin: ``settle`` itself (its pairing, :func:`~mjcalc.app.session.silver.debts`), compared
    in ``tests/core/test_hot_paths_match_their_twins.py`` on many random vectors and balances,
    short or not."""
    net = {"E": 0, "S": 0, "W": 0, "N": 0}
    due = {"E": 0, "S": 0, "W": 0, "N": 0}
    for vector in vectors:
        if type(vector) is not dict:
            return None
        total = 0
        for seat, amount in vector.items():
            if type(amount) is not int or type(seat) is not str or seat not in net:
                return None
            net[seat] += amount
            total += amount
            if amount < 0:
                due[seat] -= amount
        if total:
            return None
    for seat, owes in due.items():
        if owes and not owes <= balances[seat]:
            return None
    return net


# --- a process pool's pipes --------------------------------------------------------------------

PIPE_BYTES = 1 << 20
"""Room asked for in each of a pool's pipes: the most an unprivileged Linux process may ask
(``/proc/sys/fs/pipe-max-size``)."""


def widen_pipes(pool: Any) -> int:
    """Give the pipes of a :class:`multiprocessing.pool.Pool` room for :data:`PIPE_BYTES`, as
    far as the system allows; returns how many were widened (0 where it is not Linux, or the
    pool is not built as this expects: then it works exactly as before, only slower).

    ``batch --jobs`` sends each worker a chunk of lines and gets back a block of JSON lines, a
    megabyte or more a second in all. Through the system's 64 KiB pipes a block crosses in
    dozens of writes, and at each the worker waits for the parent to read: two processes
    switching in turns, on the cores the workers need. With room for a megabyte a block
    crosses at once (`batch --jobs 2` on 20,000 lines about 5 % faster, the parent's CPU a
    fifth lower). The pipes are the pool's own (``_inqueue`` and ``_outqueue``, each a
    ``SimpleQueue`` of two connections): private names, so each is looked up with care.
    """
    try:
        import fcntl
    except ImportError:  # not a POSIX system
        return 0
    setting = getattr(fcntl, "F_SETPIPE_SZ", None)  # Linux only
    if setting is None:
        return 0
    widened = 0
    for queue in (getattr(pool, "_inqueue", None), getattr(pool, "_outqueue", None)):
        for end in (getattr(queue, "_reader", None), getattr(queue, "_writer", None)):
            try:
                fcntl.fcntl(end.fileno(), setting, PIPE_BYTES)  # type: ignore[union-attr]
            except (AttributeError, OSError, ValueError):
                continue  # not a pipe end, closed, or more room than allowed
            widened += 1
    return widened


# --- Pydantic's plugin loader, while plugins are off -------------------------------------------

PLUGINS_ENV = "PYDANTIC_DISABLE_PLUGINS"
"""Pydantic looks for plugins (the ``pydantic`` entry points of every installed distribution)
when it builds its first validator, unless this is ``__all__``: a scan of all the metadata of
the environment, on every start-up, that grows with the number of packages installed.
The command line sets it unless it is already set, since it has no use for such plugins; set it
to an empty value to have them loaded (``PYDANTIC_DISABLE_PLUGINS= mjcalc ...``). ``import
mjcalc`` as a library leaves Pydantic's own behaviour alone."""


_PLUGINS_OFF = ("__all__", "1", "true")  # the values that make Pydantic skip its plugin scan
_PLUGIN_LOADER = "pydantic.plugin._loader"


class _NoPluginLoader(types.ModuleType):
    """Stands in for Pydantic's plugin loader module while plugins are off (:data:`PLUGINS_ENV`).

    Pydantic asks that module for its plugins when it builds a validator; with plugins off the
    answer is "none" without any scan, yet the module imports ``importlib.metadata`` at its top,
    for the scan: a costly import on every start-up, for nothing (bench/README.md). This stand-in
    gives the same answer to the same question, and hands over to the real module the moment
    anything else is asked of it or plugins are turned back on.
    """

    def get_plugins(self) -> Iterable[Any]:
        if os.environ.get(PLUGINS_ENV) in _PLUGINS_OFF:
            return ()
        return cast(Iterable[Any], self._real().get_plugins())

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # what the import system asks of any module (a __path__?)
            raise AttributeError(name)
        return getattr(self._real(), name)

    def _real(self) -> types.ModuleType:
        if sys.modules.get(_PLUGIN_LOADER) is self:
            del sys.modules[_PLUGIN_LOADER]
        import importlib

        return importlib.import_module(_PLUGIN_LOADER)


def skip_plugin_loader() -> None:
    """Put :class:`_NoPluginLoader` in place of Pydantic's loader, if plugins are off and the
    loader was not imported yet."""
    if os.environ.get(PLUGINS_ENV) in _PLUGINS_OFF and _PLUGIN_LOADER not in sys.modules:
        sys.modules[_PLUGIN_LOADER] = _NoPluginLoader(_PLUGIN_LOADER)
