"""Interface strings stay grammatical once filled in, in every language.

Every ``ui.yml`` string is rendered with a sample for each of its fields, and every count
with samples of each plural category, in the code that fills them (``explain.py`` for the
build and the worker, ``i18n.js`` under node for the browser); the result must follow the
language's rules: no field left raw, the plural form CLDR gives each count, lists joined as
the language writes them, French spaces before ``: ; ! ?``, no ASCII colon in Japanese, and
no reference that echoes the title it follows.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from babel.lists import format_list

from gamekit.hanamikoji import explain as explainer
from rulesite.pages import examples
from rulesite.pages.writer import PageWriter
from rulesite.sources import locales, words
from rulesite.sources.placeholders import ref_context

REPO = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "ja", "id")
SAMPLES = (0, 1, 2, 5, 21)
# CLDR's categories for the samples (cldr.unicode.org, "Language Plural Rules"), written out
# so that a wrong table, wrong data or a hand-made rule fails here and not only in Babel.
CLDR = {
    "en": {0: "other", 1: "one", 2: "other", 5: "other", 21: "other"},
    "fr": {0: "one", 1: "one", 2: "other", 5: "other", 21: "other"},
    "ja": dict.fromkeys(SAMPLES, "other"),
    "id": dict.fromkeys(SAMPLES, "other"),
}
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
TAG = re.compile(r"<[^>]+>")
explain = explainer


@pytest.fixture(scope="module")
def loaded() -> locales.Locales:
    return locales.load(REPO / "locales")


def text(html: str) -> str:
    """What a reader (or a screen reader, or Cite) gets from HTML: the text of its tags."""
    return TAG.sub("", html).replace("&amp;", "&").replace("&quot;", '"').replace("&#x27;", "'")


def sample(ui: dict[str, Any], field: str) -> str:
    """A value of the kind the code puts in ``field`` (HTML)."""
    if field in ("cards", "kept", "geishas_list"):
        return explain.chips(ui, [5, 6, 7])
    if field in ("pair1", "pair2"):
        return explain.pair(ui, [2, 5])
    if field in ("geishas", "geishas_a", "geishas_b"):
        return explain.count(ui, "count.geishas", 2)
    if field in ("charm", "charm_a", "charm_b"):
        return explain.count(ui, "count.charm", 11)
    if field == "count":
        return explain.count(ui, "count.cards", 3)
    if field == "moves":
        return explain.count(ui, "count.moves", 21)
    if field in ("player", "opponent", "winner", "loser", "player_a", "player_b", "engine",
                 "seat"):
        return "B"
    if field == "title":
        return "Secret"
    return "7"


def rendered(ui: dict[str, Any]) -> dict[str, str]:
    """Every interface string of ``ui`` filled in, as text; counts at every sample."""
    out = {}
    for key, value in ui.items():
        if key == "grammar":
            continue
        if key.startswith("count."):
            for n in SAMPLES:
                out[f"{key}[{n}]"] = text(explain.count(ui, key, n))
        else:
            out[key] = text(explain.fill(value, {f: sample(ui, f) for f in FIELD.findall(value)}))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_counts_take_the_cldr_form_of_each_number(loaded: locales.Locales, lang: str) -> None:
    ui = loaded.languages[lang].ui
    counts = [key for key in ui if key.startswith("count.")]
    assert {"count.cards", "count.geishas", "count.charm", "count.moves"} <= set(counts)
    for key in counts:
        for n in SAMPLES:
            assert words.category(lang, n) == CLDR[lang][n]
            assert explain.plural(ui, n) == CLDR[lang][n], (lang, n)
            said = explain.count(ui, key, n)
            assert said == ui[key][CLDR[lang][n]].replace("{n}", str(n)), (key, n)
            assert str(n) in said
        if lang in ("en", "fr"):
            # The singular is the plural without its plural marks: "card"/"cards",
            # « point de charme »/« points de charme »; a swapped or unmarked form fails.
            assert ui[key]["one"] != ui[key]["other"], key
            assert re.sub(r"s\b", "", ui[key]["other"]) == ui[key]["one"], key
            assert re.sub(r"s\b", "", ui[key]["many"] if lang == "fr" else "") == (
                ui[key]["one"] if lang == "fr" else ""), key


@pytest.mark.parametrize("lang", LANGS)
def test_lists_are_joined_as_the_language_writes_them(loaded: locales.Locales,
                                                      lang: str) -> None:
    ui = loaded.languages[lang].ui
    for items in (["5"], ["5", "6"], ["5", "6", "7"], ["1", "2", "3", "4", "6", "7"]):
        assert explain.join(ui, items) == format_list(items, locale=lang)
    assert text(explain.chips(ui, [5, 6, 7])) == {
        "en": "5, 6, and 7", "fr": "5, 6 et 7", "ja": "5、6、7", "id": "5, 6, dan 7"}[lang]


@pytest.mark.parametrize(("code", "written"), [
    ("en", "November 25, 2026"), ("fr", "25 novembre 2026"), ("ja", "2026年11月25日"),
    ("id", "25 November 2026")])
def test_changelog_dates_are_written_as_the_language_writes_them(code: str,
                                                                 written: str) -> None:
    assert words.date(code, "2026-11-25") == written


@pytest.mark.parametrize("lang", LANGS)
def test_every_interface_string_renders_by_the_languages_rules(loaded: locales.Locales,
                                                               lang: str) -> None:
    strings = rendered(loaded.languages[lang].ui)
    for key, said in strings.items():
        assert not FIELD.search(said), f"{lang}/ui.yml: {key}: raw field in {said!r}"
        if lang == "ja":
            assert ":" not in said, f"{lang}/ui.yml: {key}: ASCII colon in {said!r}"
        if lang == "fr":
            for match in re.finditer(r"(.)([:;!?])", said):
                assert match.group(1) == "\u202f", (
                    f"{lang}/ui.yml: {key}: {match.group(2)!r} without U+202F before it in "
                    f"{said!r}")
        # A count is never read as a geisha's number: "2 geishas", not "geishas 2".
        assert not re.search(r"\bgeishas? 2\b", said), f"{lang}/ui.yml: {key}: {said!r}"
        # Pairs stay pairs (card.pair), never "25" (twenty-five).
        assert "25" not in said, f"{lang}/ui.yml: {key}: {said!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_reference_echoes_the_title_it_follows(loaded: locales.Locales, lang: str) -> None:
    """"Secret (Secret)", « la distribution (Phase 1 : la distribution) »: a reference in
    brackets never repeats the words it follows, in any text of the language."""
    writer = PageWriter(loaded, lang)
    link = re.compile(r"\[([^\]]*)\]\([^)]*\)")
    language = loaded.languages[lang]
    sources = [(f"{group}.{entry}.{name}", value)
               for group, entries in language.text.items()
               for entry, fields in entries.items()
               for name, value in fields.items() if isinstance(value, str)]
    sources += [(f"glossary.{term}", entry["definition"])
                for term, entry in language.glossary.items()]
    for key, source in sources:
        page = loaded.structure.page_of.get(key.split(".")[1], "glossary")
        md = link.sub(lambda m: m.group(1), writer.resolver(page).markdown(source))
        # Brackets, ASCII or full-width
        for match in re.finditer(r"[(\uff08]([^()\uff08\uff09]+)[)\uff09]", md):
            inside = match.group(1).strip("“”«»「」\u00a0 ").casefold()
            before = md[:match.start()].rstrip(" \u00a0*").casefold()
            assert not (len(inside) > 2 and before.endswith(inside)), (
                f"{lang}: {key}: {md[max(0, match.start() - 40):match.end()]!r}")


def test_references_take_the_languages_quotes_or_a_chapter(loaded: locales.Locales) -> None:
    """A title inside a sentence is quoted as the language quotes; in brackets a chapter is
    named by its number; a list item or a title the writer quoted is left as it is."""
    expected = {"en": ("“", "”", "chapter 7"), "fr": ("«\u00a0", "\u00a0»", "chapitre\u00a07"),
                "ja": ("「", "」", "第7章"), "id": ("“", "”", "bab 7")}
    for lang, (opening, closing, chapter) in expected.items():
        md = PageWriter(loaded, lang).resolver("round").markdown
        title = md("{ref:action-secret}", links=False)  # starts a line: the bare title
        assert title and not title.startswith(opening)
        assert md("x {ref:action-secret} y", links=False) == f"x {opening}{title}{closing} y"
        assert md("x ({ref:action-secret})", links=False) == f"x ({chapter})"
        assert md("x “{ref:action-secret}”", links=False) == f"x “{title}”"
    assert ref_context("a ({ref:x}) b", 3, 10) == "paren"
    assert ref_context("- {ref:x}: b", 2, 9) == "item"
    assert ref_context("| {ref:x} |", 2, 9) == "item"
    assert ref_context("see {ref:x} now", 4, 11) == "run"


NODE_CHECK = """
import { translator } from "./docs/assets/examples/i18n.js";
const strings = JSON.parse(process.argv[1]);
const t = translator(strings);
const samples = JSON.parse(process.argv[2]);
const out = {};
for (const key of Object.keys(strings).filter((k) => k.startsWith("count."))) {
  out[key] = samples.map((n) => t.count(key, n));
}
out.list = [["5"], ["5", "6"], ["5", "6", "7"]].map((items) => t.list(items));
console.log(JSON.stringify(out));
"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_browser_says_the_same_counts_and_lists(loaded: locales.Locales, lang: str) -> None:
    """i18n.js (Intl.PluralRules, Intl.ListFormat, under node) agrees with the build."""
    ui = examples.strings(loaded.languages[lang].ui)
    result = subprocess.run(
        ["node", "--input-type=module", "-e", NODE_CHECK, json.dumps(ui), json.dumps(SAMPLES)],
        cwd=REPO, capture_output=True, text=True, check=True, timeout=60)
    said = json.loads(result.stdout)
    for key in (k for k in ui if k.startswith("count.")):
        assert said[key] == [explain.count(ui, key, n) for n in SAMPLES], key
    assert said["list"] == [format_list(items, locale=lang)
                            for items in (["5"], ["5", "6"], ["5", "6", "7"])]


@pytest.mark.parametrize("lang", LANGS)
def test_a_misreading_says_it_is_wrong_in_its_heading_toc_and_search(
        fixture_site: Path, lang: str) -> None:
    """The wrong claim is marked in words (not by the CSS cross alone) wherever its heading
    goes: the page, its table of contents, the search index, a screen reader."""
    language = locales.load(fixture_site.parent / "locales").languages[lang]
    ui, claim = language.ui, language.text["misreadings"]["mr-hand-of-seven"]["claim"]
    marked = ui["misreading.claim"].format(claim=claim)
    prefix = ui["misreading.claim"].split("{claim}")[0]
    assert prefix.strip()
    html = (fixture_site / lang / "misreadings" / "index.html").read_text(encoding="utf-8")
    heading = re.search(
        r'<h2 class="rs-misreading" id="mr-hand-of-seven">(.*?)<a class="headerlink"', html, re.S)
    assert heading is not None and text(heading.group(1)) == marked
    toc = re.search(r'href="#mr-hand-of-seven" class="md-nav__link">(.*?)</a>', html, re.S)
    assert toc is not None and " ".join(text(toc.group(1)).split()) == " ".join(marked.split())
    index = json.loads((fixture_site / lang / "search" / "search_index.json").read_text(
        encoding="utf-8"))
    titles = [doc["title"] for doc in index["docs"]
              if doc["location"].endswith("#mr-hand-of-seven")]
    assert titles and all(title.startswith(prefix) for title in titles), titles
