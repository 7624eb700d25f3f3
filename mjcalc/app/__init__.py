"""Use cases: score a hand, a batch, a sitting; analyse waits. No Click, no Rich, never print.

The command line (:mod:`mjcalc.cli`) and any other front call these and render what they return.
"""
