"""``python -m hanamikoji``: play, simulate and replay games in a terminal.

Run ``python -m hanamikoji --help`` for the commands; :mod:`hanamikoji._cli` does the work.
"""

from __future__ import annotations

import sys

from hanamikoji import _cli


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (``sys.argv[1:]`` by default); return the exit code."""
    return _cli.run(argv)


if __name__ == "__main__":
    sys.exit(main())
