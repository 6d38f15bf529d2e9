"""The site's own stylesheets as readers get them: without their comments and spacing.

The sources under ``docs/assets`` keep their comments, which say why a rule is there; the
built site ships them minified by rcssmin, which keeps every selector, value and string.
Every page loads six of them (site, teach, board, widget and both games' boards) before it
shows anything: 16.9 KB gzipped with their comments, 9.0 KB without. Material's own
(``*.min.css``) come minified already.
"""

from __future__ import annotations

from pathlib import Path

import rcssmin  # type: ignore[import-untyped]  # rcssmin ships no stubs or py.typed


def minify_tree(folder: Path) -> None:
    """Minify, in place, every stylesheet under ``folder`` that is not minified already."""
    for path in sorted(folder.rglob("*.css")):
        if not path.name.endswith(".min.css"):
            path.write_text(rcssmin.cssmin(path.read_text(encoding="utf-8")),
                            encoding="utf-8")
