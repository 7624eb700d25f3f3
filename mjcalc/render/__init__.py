"""Human output of the CLI: what ``mjcalc`` prints when it is not asked for JSON.

The modules are split by what they need to import, so that the fast paths stay fast:

* :mod:`~mjcalc.render.errors`, :mod:`~mjcalc.render.text` and :mod:`~mjcalc.render.views` are
  plain Python (no Rich): the error lines of ``score --json``, the words shared by every view,
  and a result in plain words (its reading, wilds, items, roles, summary sentence);
* :mod:`~mjcalc.render.markdown` writes those words as Markdown tables (``--format markdown``),
  without Rich too;
* :mod:`~mjcalc.render.console`, :mod:`~mjcalc.render.result`, :mod:`~mjcalc.render.batch` and
  :mod:`~mjcalc.render.rules` draw with Rich and are imported only by the human paths.

This ``__init__`` imports nothing, on purpose.
"""
