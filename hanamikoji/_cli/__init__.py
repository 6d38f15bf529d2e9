"""The command line behind ``python -m hanamikoji``: ``play``, ``simulate`` and ``replay``.

:mod:`.main` parses the arguments and runs a command; each command has its own module
(:mod:`.play`, :mod:`.simulate`, :mod:`.replay`) and the terminal board is drawn by
:mod:`.board`; :mod:`.common` holds the exit codes and the computer players by name.
"""

from hanamikoji._cli.main import build_parser, run
from hanamikoji._cli.play import PlaySession
from hanamikoji._cli.simulate import Progress, simulate

__all__ = ["PlaySession", "Progress", "build_parser", "run", "simulate"]
