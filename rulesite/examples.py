"""The seam for live examples: the one function the page renderer calls for an example block.

For each ``{kind: example, id: ID}`` block, :mod:`rulesite.pages` writes the example's title
and text, then the container::

    <div class="hk-example" id="ID" data-example="ID">  ...render(ID, lang, ...)...  </div>

and puts whatever :func:`render` returns inside it, verbatim: no Markdown processing, no
escaping. Keep the fragment free of blank lines inside elements that Markdown might reparse
(a single root element is safest).

What the browser has to work with on every page:

- ``<script id="hk-config" type="application/json">`` holds ``lang`` (``en``/``fr``/...),
  ``assets`` (URL of the site-wide ``assets/`` folder, relative to the page: resolve it with
  ``new URL(cfg.assets, location.href)``) and ``wheel`` (file name of the engine wheel in
  ``assets/py/``). The Pyodide runtime is in ``assets/pyodide/``.
- The interface strings of the page's language are in ``locales/<lang>/ui.yml``; ``ui``
  below is that mapping, so server-side text can be rendered in the right language.
"""

from __future__ import annotations

from typing import Any


def render(example_id: str, lang: str, *, spec: dict[str, Any], ui: dict[str, str]) -> str:
    """HTML to place inside the example container of ``example_id`` on a ``lang`` page.

    ``spec`` is the example's entry in ``structure.yml`` (``rule``, ``code``, ...); ``ui`` the
    language's interface strings. Called once per example per language at build time; the
    output is inserted verbatim. Returns an empty string until live examples are wired in.
    """
    return ""
