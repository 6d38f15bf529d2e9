"""The interface strings the browser's code asks for, checked against English at load time.

The live examples, the what-if boards and the Play page read ``ui.yml`` strings at run time
(``docs/assets``: the JavaScript modules; ``gamekit``: the Python the worker runs). A key they
name that English lacks, or a ``{field}`` in English that the code never fills, would build and
then fail in the reader's browser; here it stops the build, naming ``en/ui.yml``, the key and
the file that uses it. (The other languages must match English: :mod:`rulesite.sources.locales`.)

A key is found as a string literal (``"play.status.idle"``); the fields filled are the names
in the call it stands in, up to its closing bracket. Keys made at run time
(``"play.illegal." + rule``) are not checked here: the session's tests cover them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

from rulesite.errors import MalformedEntryError, MissingKeyError
from rulesite.sources.yamlio import line_of

REPO = Path(__file__).resolve().parents[2]
SOURCES = (REPO / "docs" / "assets", REPO / "gamekit")
"""Where the browser's code is: its JavaScript and the Python the worker imports."""
PREFIXES = ("play", "widget", "step", "outcome", "whatif", "share", "cite", "error")
# A game's Play page and "what if?" strings may stand under its plug-in's prefix
# (``ll.play.new``, ``ll.whatif.play``): checked alike.
_LITERAL = re.compile(r"""["'`]((?:[a-z]+\.(?:play|whatif)|""" + "|".join(PREFIXES)
                      + r""")\.[A-Za-z0-9_.-]*[A-Za-z0-9_])["'`]""")
# The Play frame's keys, under the game's prefix at run time (`${prefix}play.status.stopped`,
# docs/assets/play/frame.js): kept with PREFIX in front, read under each game's ui_prefix.
PREFIX = "${prefix}"
_PREFIXED = re.compile(r"`\$\{prefix\}((?:play|whatif)\.[A-Za-z0-9_.-]*[A-Za-z0-9_])`")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
WINDOW = 300
"""Characters after a key not passed straight to a call in which its fields are looked for."""
_KEY_CALL = re.compile(r"\bkey\s*,([^()]*(?:\([^()]*\)[^()]*)*)\)")
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _call_after(source: str, start: int) -> str | None:
    """The rest of the call that the literal ending at ``start`` is an argument of: the text
    up to the bracket that closes it, or ``None`` when the literal is not followed by more
    arguments."""
    depth = 0
    for index in range(start, min(len(source), start + 600)):
        char = source[index]
        if char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                text = source[start:index]
                return text if text.lstrip().startswith(",") else None
            depth -= 1
    return None


PLAY = (REPO / "docs" / "assets" / "play", REPO / "gamekit" / "sessions.py")
"""The Play page's code (and the record reader it shares with "what if?")."""
WHATIF = (REPO / "docs" / "assets" / "examples" / "whatif.js",
          REPO / "docs" / "assets" / "examples" / "share.js")
"""What "what if?" and Share add to an example (the game's own chooser, gamekit.Plugin.whatif,
is beside its Play page's code)."""


def game_sources(game: str, *, play: bool, whatif: bool,
                 prefixed: bool = False) -> tuple[tuple[Path, ...], tuple[Path, ...]]:
    """The browser's code a page of ``game`` runs, and the code it may run: the site's
    scripts, ``gamekit`` and the game's own package run; the Play page's code runs only if
    the game has one (``play``), "what if?" only if its examples offer it (``whatif``).
    Another game's package and Play module are neither. A game whose keys stand under a
    prefix (``prefixed``) reads the shared record reader's keys under it, not as written."""
    left_out = (() if play else PLAY) + (() if whatif else WHATIF) + (
        (PLAY[1],) if prefixed else ())
    runs: list[Path] = []
    may: list[Path] = []
    for path in _files(SOURCES):
        # Another game's plug-in, and its Play page's module (docs/assets/play/<game>/).
        if path.parent.parent in (REPO / "gamekit", PLAY[0]) and path.parent.name != game:
            continue
        out = path in left_out or any(folder in path.parents for folder in left_out)
        (may if out else runs).append(path)
    return tuple(runs), tuple(may)


def _files(sources: tuple[Path, ...]) -> list[Path]:
    return sorted(path for root in sources for pattern in ("*.js", "*.py")
                  for path in ([root] if root.is_file() and root.match(pattern)
                               else root.rglob(pattern)))


@functools.cache
def keys(sources: tuple[Path, ...] = SOURCES) -> dict[str, str]:
    """key -> the first file naming it, for every literal key in the browser's code."""
    found: dict[str, str] = {}
    for path in _files(sources):
        for key, _ in _literals(path.read_text(encoding="utf-8")):
            found.setdefault(key, path.relative_to(REPO).as_posix())
    return found


def _literals(source: str) -> list[tuple[str, int]]:
    """Each key named in ``source`` (the frame's under :data:`PREFIX`), with where it ends."""
    return ([(m.group(1), m.end()) for m in _LITERAL.finditer(source)]
            + [(PREFIX + m.group(1), m.end()) for m in _PREFIXED.finditer(source)])


@functools.cache
def uses(sources: tuple[Path, ...] = SOURCES) -> dict[str, list[tuple[str, set[str]]]]:
    """key -> [(file, names in the call)] for every literal key in the browser's code that
    is filled in a call spelling out its fields."""
    found: dict[str, list[tuple[str, set[str]]]] = {}
    for path in _files(sources):
        source = path.read_text(encoding="utf-8")
        for key, end in _literals(source):
            call = _call_after(source, end)
            if call is None:  # chosen first, filled just below: `key = "a" if x else "b"`
                later = _KEY_CALL.search(source, end, end + WINDOW)
                call = later.group(1) if later else None
            # Fields filled from an object built elsewhere (`fill(ui[key], values)`) are
            # not known here: only calls that spell their fields out are checked.
            if call is None or not re.search(r"[{=]", call):
                continue
            names = set(_NAME.findall(call))
            found.setdefault(key, []).append((path.relative_to(REPO).as_posix(), names))
    return found


def check(english: dict[str, str], file_of: Callable[[str, str], Path],
          sources: tuple[Path, ...] = SOURCES, optional: tuple[Path, ...] = (),
          prefix: str = "") -> None:
    """Every key the code ``sources`` names is in ``english`` (the site's and the game's
    ``en/ui.yml``), and each of its fields is named where the code fills it; a key of the
    code ``optional`` (not on the game's pages yet) may be missing, and where present is
    checked as well. The frame's keys are read under the game's ``prefix``.
    ``file_of(key, user)``: the file that holds ``key`` (or should: ``user`` is the first
    file of the code naming it)."""
    for named, where in keys(sources).items():
        key = named.replace(PREFIX, prefix)
        if key not in english:
            raise MissingKeyError(file_of(key, where), key, f"{where} uses it")
    for named, places in uses(sources + optional).items():
        key = named.replace(PREFIX, prefix)
        if key not in english:
            continue  # only in `optional`: the keys above are all there
        file = file_of(key, places[0][0])
        fields = set(_FIELD.findall(english[key]))
        filled = [names for _, names in places]
        missing = sorted(fields - set().union(*filled))
        if missing:
            line = line_of(file, key)
            raise MalformedEntryError(
                file, key, f"uses the field {{{missing[0]}}}, which the code never fills "
                f"({places[0][0]})" + (f" (line {line})" if line else ""))
