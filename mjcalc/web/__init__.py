"""``mjcalc serve``'s server: the page at ``/`` and the HTTP JSON API, on FastAPI.

The same use cases as the command line answer every route (:mod:`mjcalc.app.score`,
:mod:`mjcalc.app.waits`, :mod:`mjcalc.app.rules`, :mod:`mjcalc.app.session`), and each answer is
their own JSON text, never rebuilt: a hand scored here gives the bytes ``mjcalc batch --json``
writes for it, less the line number. The modules: :mod:`.app` (the application and its
settings), :mod:`.api` (scoring, waits, rules, parsing), :mod:`.sitting` (the session file),
:mod:`.club` (a club night's sittings by id; :mod:`.sittings` finds them, :mod:`.events` sends
their changes as Server-Sent Events), :mod:`.guard` (the token, bounded bodies, error records),
:mod:`.texts` (the server's messages in both languages); the page is ``static/`` (one HTML
file, its script and its style sheet, no build step, nothing loaded from outside).

FastAPI and Uvicorn are imported only by ``mjcalc serve``: nothing else in mjcalc imports this
package, so ``score --json`` starts as fast as before. No Click here: the command is
:mod:`mjcalc.cli.serve`, which hands the server what it needs from the command line (the reader
of argument lines).
"""
