"""``site/index.html``: sends the reader to their language (the one they picked last, else
the browser's, else English); without JavaScript it is a plain list of the four languages."""

from __future__ import annotations

import json
from html import escape

from rulesite.locales import Locales

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{title}</title>
<link rel="icon" href="en/assets/hk/favicon.svg">
<script>
(function () {{
  var langs = {langs};
  var pick = null;
  try {{ pick = localStorage.getItem("hk-lang"); }} catch (e) {{}}
  if (langs.indexOf(pick) < 0) {{
    pick = "en";
    var wanted = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < wanted.length; i++) {{
      var code = String(wanted[i]).toLowerCase().split("-")[0];
      if (code === "in") code = "id";  // the old code for Indonesian
      if (langs.indexOf(code) >= 0) {{ pick = code; break; }}
    }}
  }}
  location.replace(pick + "/");
}})();
</script>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto;
       padding: 0 1rem; line-height: 1.6; }}
a {{ color: #8c2f39; }}
li {{ margin: .4rem 0; font-size: 1.2rem; }}
@media (prefers-color-scheme: dark) {{ body {{ background: #1e1e24; color: #e6e6e6; }}
  a {{ color: #f0a3ac; }} }}
</style>
</head>
<body>
<h1>{title}</h1>
<ul>
{links}
</ul>
</body>
</html>
"""


def root_index(locales: Locales) -> str:
    langs = locales.structure.languages
    links = "\n".join(
        f'<li lang="{code}"><a href="{code}/" hreflang="{code}">'
        f'{escape(locales.languages[code].ui["language.name"])}</a>: '
        f'{escape(locales.languages[code].ui["root.choose"])}</li>'
        for code in langs)
    return _PAGE.format(title=escape(locales.english.ui["site.name"]),
                        langs=json.dumps(list(langs)), links=links)
