"""``python -m mjcalc``: the same command line as the ``mjcalc`` script."""

from mjcalc.cli import main

main()
