"""Shared by tests/site and tests/browser: the real rulebook, built once per session the way
the Pages workflow builds it, for a site that lives under a sub-path of its host."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def deployed_url() -> str:
    """Where the test build says it will live: under a sub-path, as a GitHub Pages project
    site, on the loopback port tests/browser serves it on (so the page's absolute links,
    canonical and hreflang, stay on the site's own origin)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/hanamikoji-rules/"


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory, deployed_url: str) -> Path:
    """The real rulebook of locales/, built as `SITE_URL=<deployed_url> make site` builds it."""
    # Imported here: the engine's tests also run in Pyodide, which has no site builder deps.
    from rulesite.build import build_once

    return build_once(REPO / "locales", tmp_path_factory.getbasetemp() / "real-site",
                      site_url=deployed_url)
