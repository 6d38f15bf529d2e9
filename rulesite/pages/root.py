"""The two pages at the site root, outside the four language builds.

``index.html`` sends the reader to their language (the one they picked last, else the
browser's, else English); without JavaScript it is a plain list of the four languages.
``404.html`` is what static hosts show for a missing URL: the same list with links by
absolute path, since it is served at any depth (the site's path from ``SITE_URL``, else ``/``).
"""

from __future__ import annotations

import json
from html import escape

from rulesite.sources.locales import Locales

# "hk-lang", not "rs-lang": named before the site held a second game ("hk-": Hanamikoji's
# initials), and kept, as readers' browsers hold it (docs/assets/site/language.js).
_REDIRECT = """<script>
(function () {
  var langs = LANGS;
  var pick = null;
  try { pick = localStorage.getItem("hk-lang"); } catch (e) {}
  if (langs.indexOf(pick) < 0) {
    pick = "en";
    var wanted = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i]).toLowerCase().split("-")[0];
      if (code === "in") code = "id";  // the old code for Indonesian
      if (langs.indexOf(code) >= 0) { pick = code; break; }
    }
  }
  location.replace(pick + "/");
})();
</script>"""

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{title}</title>
<meta name="description" content="{description}">
<link rel="icon" href="{base}en/assets/site/favicon.svg">
{script}
<style>
body {{ font-family: system-ui, sans-serif; max-width: 34rem; margin: 3rem auto;
       padding: 0 1rem; line-height: 1.6; }}
a {{ color: #8c2f39; }}
li {{ margin: .4rem 0; font-size: 1.2rem; }}
@media (prefers-color-scheme: dark) {{ body {{ background: #1e1e24; color: #e6e6e6; }}
  a {{ color: #f3a3ad; }} }}
</style>
</head>
<body>
<main>
<h1>{title}</h1>
<ul>
{links}
</ul>
</main>
</body>
</html>
"""


def _page(locales: Locales, base: str, line_key: str, script: str) -> str:
    links = "\n".join(
        f'<li lang="{code}"><a href="{base}{code}/" hreflang="{code}">'
        f'{escape(locales.languages[code].ui["language.name"])}</a>: '
        f"{escape(locales.languages[code].ui[line_key])}</li>"
        for code in locales.structure.languages)
    return _PAGE.format(title=escape(locales.english.ui["site.name"]),
                        description=escape(locales.english.ui["site.description"]), base=base,
                        script=script, links=links)


def root_index(locales: Locales) -> str:
    script = _REDIRECT.replace("LANGS", json.dumps(list(locales.structure.languages)))
    return _page(locales, "", "root.choose", script)


def not_found(locales: Locales, base: str = "/") -> str:
    """The 404 page of a site whose root is at the absolute path ``base`` (ending in /)."""
    return _page(locales, base, "root.not_found", "")
