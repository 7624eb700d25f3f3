"""Human output of the CLI: what ``mjcalc`` prints when ``--json`` is not given.

The modules are split by what they need to import, so that the fast paths stay fast:

* :mod:`~mjcalc.render.errors` and :mod:`~mjcalc.render.text` are plain Python (no Rich): the
  error lines of ``score --json`` and the words shared by every view;
* :mod:`~mjcalc.render.console`, :mod:`~mjcalc.render.result`, :mod:`~mjcalc.render.batch` and
  :mod:`~mjcalc.render.rules` draw with Rich and are imported only by the human paths.

This ``__init__`` imports nothing, on purpose.
"""
