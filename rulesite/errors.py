"""Typed errors of the site builder. Each locale error names the file, the key path and what
was expected, so a translator can fix it without reading the builder."""

from __future__ import annotations

from pathlib import Path


class SiteError(Exception):
    """Root of every error the site builder raises on purpose."""


class LocaleError(SiteError):
    """A problem in one locale file, at one key path."""

    def __init__(self, file: Path | str, key: str, problem: str) -> None:
        self.file = Path(file)
        self.key = key
        self.problem = problem
        super().__init__(f"{self.file}: {key}: {problem}")


class MissingKeyError(LocaleError):
    """A key the reference (English text, structure.yml or the builder) requires is absent."""


class ExtraKeyError(LocaleError):
    """A key that the reference does not have."""


class UnknownReferenceError(LocaleError):
    """A ``{ref:}``, ``{term:}`` or ``{n:}`` placeholder (or a structure link) names nothing."""


class MalformedEntryError(LocaleError):
    """An entry has the wrong shape: wrong type, bad ID, unknown kind, empty text."""


class AssetError(SiteError):
    """A file the site ships (compiled engine, Pyodide runtime) cannot be produced."""


class BuildError(SiteError):
    """MkDocs failed (or warned, under ``--strict``) while building one language."""
