"""Shared by tests/site and tests/browser: the real rulebook, built once per session the way
the Pages workflow builds it, for a site that lives under a sub-path of its host."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.build import build_once

REPO = Path(__file__).resolve().parents[1]
# Where the test build says it will live: a GitHub Pages project site (a sub-path).
DEPLOYED_URL = "https://example.org/hanamikoji-rules/"


@pytest.fixture(scope="session")
def deployed_url() -> str:
    return DEPLOYED_URL


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real rulebook of locales/, built as `SITE_URL=<DEPLOYED_URL> make site` builds it."""
    return build_once(REPO / "locales", tmp_path_factory.getbasetemp() / "real-site",
                      site_url=DEPLOYED_URL)
