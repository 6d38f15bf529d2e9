"""Configuration of the engine tests (run by CPython and, through tests/pyodide, by Pyodide)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "cpython_only: needs something Pyodide does not have (e.g. jsonschema); the Pyodide "
        "run deselects it with -m 'not cpython_only'",
    )
