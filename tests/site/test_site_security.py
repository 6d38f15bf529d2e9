"""What a translation may carry (review 2026-11-25, F2, F3, F7): markup in text fields and
interface strings, and the builder's own mistakes (not UTF-8, an unclosed quote, a runtime
key or field the browser's code needs), each refused at load time naming file, key and line.
The built pages carry a Content-Security-Policy and a referrer policy (F11)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rulesite.errors import LocaleError, MalformedEntryError, MissingKeyError
from rulesite.pages.examples import script_json
from rulesite.runtime import csp
from rulesite.sources.locales import load

HK = "hanamikoji"  # the fixture's game: locales/<game>/

PAYLOAD = '<img src=x onerror="window.__pwned=1">'


def refused(root: Path, error: type[LocaleError], file: str, key: str,
            *words: str) -> LocaleError:
    with pytest.raises(error) as caught:
        load(root)
    exc = caught.value
    assert (exc.file, exc.key) == (root / file, key), str(exc)
    for word in words:
        assert word in str(exc), str(exc)
    return exc


def line_of(path: Path, start: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.lstrip().startswith(start))


@pytest.mark.parametrize("text", [
    f"Cards. {PAYLOAD}",
    "A <b>bold</b> claim.",
    "Hidden <!-- comment -->",
    "[Click](javascript:alert(1))",
    "[Click](java\tscript:alert(1))",
    "[Click](JAVASCRIPT:alert(1))",
    "[Click](data:text/html,x)",
    "[Click](&#106;avascript:alert(1))",
    "A paragraph.\n{: onclick=\"alert(1)\" }",
    "Text { onmouseover = x }",
])
def test_markup_in_a_text_field_is_refused(locales: Path, edit: Any, text: str) -> None:
    edit(locales / HK / "fr" / "text.yml",
         lambda d: d["rules"]["deal-hands"].update(text=text))
    exc = refused(locales, MalformedEntryError, "hanamikoji/fr/text.yml", "rules.deal-hands.text")
    line = line_of(locales / HK / "fr" / "text.yml", "deal-hands:") + 1
    assert re.search(rf"\(line {line}\)", str(exc)) or f"line {line + 1}" in str(exc), str(exc)


def test_markup_in_a_glossary_term_is_refused(locales: Path, edit: Any) -> None:
    edit(locales / HK / "ja" / "glossary.yml", lambda d: d["hand"].update(term=f"手札{PAYLOAD}"))
    refused(locales, MalformedEntryError, "hanamikoji/ja/glossary.yml",
            "hand.term", "raw HTML", "line")


def test_the_sites_own_markdown_passes(locales: Path, edit: Any) -> None:
    text = ("Each player takes **six** cards, *face down*: see {ref:deal-hands} and "
            "`code`, 1 < 2 and a & b.")
    edit(locales / HK / "fr" / "text.yml", lambda d: d["rules"]["deal-hands"].update(text=text))
    assert load(locales).languages["fr"].text["rules"]["deal-hands"]["text"] == text


@pytest.mark.parametrize(("key", "value"), [
    ("site.description", 'Règles"><script>window.__pwned=1</script>'),
    ("site.name", f"Hanamikoji {PAYLOAD}"),
    ("play.status.over", "Partie terminée.<!--<script>"),
    ("teach.book", "Livre & co"),
])
def test_an_interface_string_is_plain_text(locales: Path, edit: Any, key: str,
                                           value: str) -> None:
    path = locales / ("hanamikoji" if key.startswith("play.") else "site") / "fr" / "ui.yml"
    edit(path, lambda d: d.update({key: value}))
    exc = refused(locales, MalformedEntryError, str(path.relative_to(locales)), key,
                  "plain text")
    assert f"(line {line_of(path, key + ':')})" in str(exc)


def test_the_play_pages_data_cannot_open_a_comment_or_close_its_script() -> None:
    text = script_json({"s": "x<!--<script></script>"})
    assert "<!--" not in text and "</" not in text


# --- F7: the builder's own mistakes -------------------------------------------------------

def test_a_file_not_in_utf8_names_its_key_and_line(locales: Path) -> None:
    path = locales / HK / "fr" / "ui.yml"
    lines = path.read_bytes().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith(b"play.status.idle:"))
    lines[at] = b'play.status.idle: "caf\xe9"\n'  # Latin-1
    path.write_bytes(b"".join(lines))
    refused(locales, MalformedEntryError, "hanamikoji/fr/ui.yml", "play.status.idle", "not UTF-8",
            f"line {at + 1}")


def test_an_unclosed_quote_names_its_own_key(locales: Path) -> None:
    path = locales / HK / "fr" / "ui.yml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("play.status.idle:"))
    lines[at] = lines[at].rstrip().rstrip('"') + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    refused(locales, MalformedEntryError, "hanamikoji/fr/ui.yml", "play.status.idle",
            f"quote opened at line {at + 1}")


def each_ui(locales: Path, edit: Any, change: Any) -> None:
    for lang in ("en", "fr", "ja", "id"):
        edit(locales / HK / lang / "ui.yml", change)


def test_a_runtime_key_missing_in_every_language_is_a_build_error(locales: Path,
                                                                   edit: Any) -> None:
    each_ui(locales, edit, lambda d: d.pop("play.step.secret_hidden"))
    refused(locales, MissingKeyError, "hanamikoji/en/ui.yml",
            "play.step.secret_hidden", "session.py")


def test_a_field_misspelled_in_every_language_is_a_build_error(locales: Path,
                                                                edit: Any) -> None:
    def typo(data: dict[str, str]) -> None:
        data["play.status.thinking"] = data["play.status.thinking"].replace("{player}",
                                                                            "{plyer}")
    each_ui(locales, edit, typo)
    refused(locales, MalformedEntryError, "hanamikoji/en/ui.yml", "play.status.thinking", "{plyer}",
            "frame.js", "line")


def test_a_field_misspelled_in_english_only_is_reported_in_english(locales: Path,
                                                                    edit: Any) -> None:
    edit(locales / HK / "en" / "ui.yml", lambda d: d.update({
        "play.step.secret_hidden": d["play.step.secret_hidden"].replace("{player}",
                                                                        "{plyer}")}))
    refused(locales, MalformedEntryError, "hanamikoji/en/ui.yml",
            "play.step.secret_hidden", "{plyer}")


def test_a_huge_value_is_quoted_short(locales: Path, edit: Any) -> None:
    edit(locales / HK / "fr" / "ui.yml",
         lambda d: d.update({"play.status.idle": list(range(10**5))}))
    exc = refused(locales, MalformedEntryError, "hanamikoji/fr/ui.yml", "play.status.idle")
    assert len(str(exc)) < 500


# --- F11: the policies --------------------------------------------------------------------

def test_csp_allows_each_pages_own_inline_scripts_by_hash_only() -> None:
    page = ('<html><head><meta charset="utf-8"><style>b{}</style></head><body>'
            '<script>var a=1</script><script type="application/json">{"x":1}</script>'
            '<script src="x.js"></script></body></html>')
    secured = csp.secure(page)
    head = secured[: secured.index("<style>")]
    assert secured.startswith('<html><head><meta charset="utf-8"><meta http-equiv=')
    policy = re.search(r'content="([^"]+)"', head).group(1)  # type: ignore[union-attr]
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert policy.count("'sha256-") == 2  # one script, one style; JSON data is no script
    assert '<meta name="referrer" content="same-origin">' in head
    assert csp.secure(secured) == secured


@pytest.mark.parametrize("page", ["index.html", "404.html", "en/index.html", "en/play/index.html",
                                  "ja/round/index.html", "fr/book/index.html",
                                  "compare/en-fr/index.html", "id/glossary/index.html"])
def test_every_built_page_has_the_policies(real_site: Path, page: str) -> None:
    html = (real_site / page).read_text(encoding="utf-8")
    head = html[: html.index("</head>")]
    assert head.count(csp.MARK) == 1 and '<meta name="referrer"' in head
    # Before any script or style, and the charset still within the first 1024 bytes.
    assert head.index(csp.MARK) < min(i for i in (head.find("<script"), head.find("<style"),
                                                  head.find("<link"), len(head)) if i >= 0)
    assert html.find("<meta charset") < 1024
