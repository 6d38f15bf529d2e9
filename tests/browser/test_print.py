"""The printed site, as headless Chromium prints it to PDF: the quick reference of each game
in each language fits one A4 page and one US Letter page, in 9.5 pt type, and keeps every rule
number it cites; a rules page and the whole rulebook keep each rule, and each example's board with
its steps, whole on one page; the rulebook's misreadings and glossary start a page and keep
each entry whole; a live example prints without its controls."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pypdfium2
import pytest
from conftest import HANDOUT_WIDTH, PX_PER_MM, no_engine
from playwright.sync_api import Browser

from rulesite.sources.locales import Locales, load, load_games
from rulesite.sources.placeholders import scan

REPO = Path(__file__).resolve().parents[2]


def squeeze(text: str) -> str:
    """Text without whitespace, ligatures undone: PDF text wraps lines where the page did."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def pages_of(pdf: bytes) -> list[str]:
    """Each printed page's text, as PDFium (Chromium's own PDF library) reads it: it reads
    the whole rulebook in under a CPU second, where pypdf, parsing the boards' drawing
    operators in Python, took 12 to 14 (about a third of these tests' time)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [squeeze(page.get_textpage().get_text_bounded()) for page in document]
    finally:
        document.close()


# The quick reference's type: the largest size (in steps of half a point) at which it still
# fits one A4 and one US Letter page in every language, measured with this test.
QUICK_REFERENCE_PT = 9.5

# Each rule as printed: its heading (without number badge's neighbours: permalink, Cite) and
# the last block of its text; each example: its title, its board's heading, its first and last
# steps and its outcome; each figure: its first board's words and its caption.
PRINTED_BLOCKS = """() => {
    const text = (node) => {
        const copy = node.cloneNode(true);
        copy.querySelectorAll('.headerlink, .rs-cite').forEach(n => n.remove());
        return copy.textContent;
    };
    const rules = [...document.querySelectorAll('h3.rs-rule')].map(h => {
        let last = h;
        for (let n = h.nextElementSibling; n && n.matches('p, ul, ol, blockquote');
             n = n.nextElementSibling) last = n;
        return [h.id, [text(h), last === h ? '' : text(last)]];
    });
    const examples = [...document.querySelectorAll('.rs-example[id]')].map(ex => {
        const steps = ex.querySelectorAll('.rs-ex-steps > li');
        const top = ex.previousElementSibling;
        return [ex.id, [text(top.querySelector('.rs-example-title')),
                        text(ex.querySelector('.rs-board-head')), text(steps[0]),
                        text(steps[steps.length - 1]), text(ex.querySelector('.rs-ex-outcome'))],
                ex.getBoundingClientRect().bottom - top.getBoundingClientRect().top];
    });
    // The book's back matter: each misreading (its claim to its settling rule) and each
    // glossary entry.
    const entries = [
        ...[...document.querySelectorAll('.rs-misreading-entry')].map(entry =>
            [entry.querySelector('h3').id, [text(entry.firstElementChild),
                                            text(entry.lastElementChild)]]),
        ...[...document.querySelectorAll('.rs-term[id]')].map(term =>
            [term.id, [text(term), text(term)]]),
    ];
    // Each figure: its first board's words (or its caption) and its caption.
    const figures = [...document.querySelectorAll('figure.rs-figure[id]')].map(figure => {
        const caption = figure.querySelector('figcaption');
        return [figure.id, [text(figure.querySelector('.rs-fig-step') || caption),
                            text(caption)]];
    });
    return {rules, examples, entries, figures};
}"""


# A4 inside the print margins of docs/assets/site/teach.css (@page: 11 mm by 13 mm), in CSS px.
A4_TEXT = (210 - 2 * 13, 297 - 2 * 11)


def assert_whole(printed: list[str], blocks: list[tuple[str, list[str]]]) -> None:
    """Each block's pieces (the start of the first, the end of the others) on one page; in any
    case, since labels print in capitals (text-transform)."""
    printed = [text.casefold() for text in printed]
    for block_id, pieces in blocks:
        first, *rest = (squeeze(piece).casefold() for piece in pieces)
        marks = [first[:24], *(piece[-24:] for piece in rest)]
        where = [i for i, text in enumerate(printed) if all(mark in text for mark in marks)]
        assert where, f"{block_id} is not whole on any printed page"


def assert_back_matter(printed: list[str], locales: Locales, lang: str,
                       entries: list[tuple[str, list[str]]]) -> None:
    """The misreadings and the glossary each start a printed page, under their titles, and
    hold every misreading and every glossary entry."""
    structure = locales.structure
    back = [p for p in structure.pages if p.kind in ("misreadings", "glossary")]
    for page_ in back:
        title = squeeze(locales.languages[lang].text["pages"][page_.id]["title"]).casefold()
        assert [i for i, text in enumerate(printed) if text.casefold().startswith(title)], (
            f"{lang}: {page_.id} does not start a printed page")
    expected = [*(item.id for p in back for item in p.items), *(t.id for t in structure.glossary)]
    assert sorted(entry_id for entry_id, _ in entries) == sorted(expected)


@pytest.mark.parametrize("game", [game.id for game in load_games(REPO / "locales")])
def test_book_in_japanese_keeps_each_rule_and_entry_whole(chromium: Browser, site_url: str,
                                                          game: str) -> None:
    """The same check on each Japanese rulebook: other line lengths, other page breaks."""
    locales = load(REPO / "locales", game)
    page = chromium.new_page()
    page.goto(f"{site_url}/ja/{locales.game.folder}book/")
    page.set_viewport_size({"width": round(A4_TEXT[0] * PX_PER_MM), "height": 1000})
    page.emulate_media(media="print")
    measured = page.evaluate(PRINTED_BLOCKS)
    printed = pages_of(page.pdf(format="A4"))
    assert len(printed) > 10
    assert_whole(printed, measured["rules"])
    assert_whole(printed, measured["entries"])
    # A figure of three boards with its caption: Japanese lines made it a little taller than
    # a page, and its caption went to the next one.
    assert_whole(printed, measured["figures"])
    # Each example's outcome on the page of its last step (it stood alone at the top of a
    # page, the rest of which was often empty).
    assert_whole(printed, [(ex_id, pieces[3:]) for ex_id, pieces, _ in measured["examples"]])
    assert_back_matter(printed, locales, "ja", measured["entries"])
    page.close()


@pytest.mark.parametrize("lang", ["en", "fr", "ja", "id"])
@pytest.mark.parametrize("game", [game.id for game in load_games(REPO / "locales")])
def test_quick_reference_fits_one_page(chromium: Browser, site_url: str, game: str,
                                       lang: str) -> None:
    locales = load(REPO / "locales", game)
    page = chromium.new_page()
    page.goto(f"{site_url}/{lang}/{locales.game.folder}quick-reference/")
    text = locales.languages[lang].text
    cited = {locales.structure.numbers[name]
             for page_ in locales.structure.pages if page_.id == "quick-reference"
             for section in page_.sections for block in section.blocks if block.kind == "note"
             for kind, name in scan(text["notes"][block.id]["text"])
             if kind == "ref" and locales.structure.kind_of[name] == "rule"}
    assert len(cited) > 5
    page.emulate_media(media="print")
    body = page.evaluate("getComputedStyle(document.querySelector('article')).fontSize")
    assert float(body.removesuffix("px")) * 0.75 == pytest.approx(QUICK_REFERENCE_PT, abs=0.01)
    # Its small figures as printed: each player's action markers on one line (the
    # Trade-off's two cards pushed the last marker to a second line in English and
    # Indonesian). Hanamikoji's four figures, two players each; Love Letter's have none.
    page.set_viewport_size({"width": round(HANDOUT_WIDTH * PX_PER_MM), "height": 1000})
    rows = page.evaluate("""() => [...document.querySelectorAll(
        'figure.rs-figure-small ul.hk-markers')].map(row => [row.closest('figure').id,
        new Set([...row.children].map(marker =>
                 Math.round(marker.getBoundingClientRect().top))).size])""")
    assert len(rows) == (8 if game == "hanamikoji" else 0), rows
    wrapped = [figure for figure, lines in rows if lines > 1]
    assert not wrapped, f"{lang} quick reference: markers on two lines in {wrapped}"
    for paper in ("A4", "Letter"):
        printed = pages_of(page.pdf(format=paper, print_background=True))
        assert len(printed) == 1, f"{lang} quick reference takes {len(printed)} {paper} pages"
        missing = sorted(n for n in cited if n not in printed[0])
        assert not missing, f"{lang} quick reference on {paper} lacks rules {missing}"
        assert "Skip to content" not in printed[0]  # no navigation chrome
    page.close()


# A long chapter of each game: Hanamikoji's round, Love Letter's cards.
@pytest.mark.parametrize("chapter", ["round/", "love-letter/cards/"])
def test_no_rule_split_across_pages(chromium: Browser, site_url: str, chapter: str) -> None:
    page = chromium.new_page()
    page.goto(f"{site_url}/en/{chapter}")
    blocks = page.evaluate(PRINTED_BLOCKS)
    assert len(blocks["rules"]) > 10
    printed = pages_of(page.pdf(format="A4"))
    assert len(printed) > 1  # long enough for a page break to matter
    assert_whole(printed, blocks["rules"])
    page.close()


@pytest.mark.parametrize("game", [game.id for game in load_games(REPO / "locales")])
def test_whole_rulebook_prints_everything_unbroken(chromium: Browser, site_url: str,
                                                   game: str) -> None:
    """Each game's whole rulebook in English: every rule with its figures and its examples as
    built (board and steps, no live widget, no Pyodide), none of them cut by a page break;
    in French and Indonesian, each figure whole and each example's outcome with its last
    step (Japanese: test_book_in_japanese_keeps_each_rule_and_entry_whole)."""
    locales = load(REPO / "locales", game)
    context = chromium.new_context()
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{site_url}/en/{locales.game.folder}book/")
    chapters = [p for p in locales.structure.pages if p.kind == "rules"]
    blocks = [block for p in chapters for s in p.sections for block in s.blocks]
    rules = [block.id for block in blocks if block.kind == "rule"]
    assert page.locator("h3.rs-rule .rs-num").all_inner_texts() == [
        locales.structure.numbers[rule_id] for rule_id in rules]
    for kind, selector in (("figure", "figure.rs-figure[id] .rs-board"),
                           ("example", ".rs-example[id] .rs-ex-board .rs-board"),
                           ("note", ".rs-note[id]"), ("table", ".rs-table[id] table")):
        expected = [block.id for block in blocks if block.kind == kind]
        assert expected, kind
        found = page.locator(selector).evaluate_all(
            "nodes => nodes.map(n => n.closest('[id]').id)")
        assert sorted(set(found)) == sorted(expected), kind
    assert page.locator(".rs-book-compare a").count() == len(locales.structure.languages) - 1
    assert page.locator(".rs-book-compare").is_visible()
    # Nothing suggests trying "What if…?": its examples have no such button.
    assert page.locator(".rs-example-block").count() > 0
    assert page.locator(".rs-example-try").count() == 0
    # Asleep: the examples never become live widgets, so no engine is ever asked for.
    page.mouse.wheel(0, 100_000)
    page.wait_for_timeout(1500)
    assert page.locator(".rs-ex[data-state='static']").count() == len(
        [block for block in blocks if block.kind == "example"])
    assert not [url for url in requests if "pyodide" in url or ("/examples/" in url
                and not url.endswith((".css", "boot.js")))]
    # Measured as printed: print media, on a window as wide as A4 inside its margins.
    page.set_viewport_size({"width": round(A4_TEXT[0] * PX_PER_MM), "height": 1000})
    page.emulate_media(media="print")
    measured = page.evaluate(PRINTED_BLOCKS)
    printed = pages_of(page.pdf(format="A4"))
    assert len(printed) > 10
    # The same rules beside another language are links on screen, and nothing on paper.
    beside = squeeze(locales.languages["en"].ui["teach.book_compare"].split("{")[0])
    assert beside and beside not in printed[0]
    assert_whole(printed, measured["rules"])
    assert_whole(printed, measured["entries"])
    assert_whole(printed, measured["figures"])
    fits = A4_TEXT[1] * PX_PER_MM
    # Every figure fits a page in every language, so it prints whole with its caption (three
    # boards of Indonesian text were taller than a page, and the caption went to the next).
    for lang in ("fr", "ja", "id"):
        page.emulate_media(media="screen")
        page.goto(f"{site_url}/{lang}/{locales.game.folder}book/")
        page.emulate_media(media="print")
        tall = page.evaluate(f"""() => [...document.querySelectorAll('figure.rs-figure[id]')]
            .filter(figure => figure.getBoundingClientRect().height > {fits})
            .map(figure => figure.id)""")
        assert not tall, (lang, tall)
        if lang == "ja":
            continue  # printed whole by test_book_in_japanese_keeps_each_rule_and_entry_whole
        # Each example's last step and outcome on one page: the outcome of a French example
        # of 28 steps stood alone at the top of a page.
        others = page.evaluate(PRINTED_BLOCKS)["examples"]
        assert_whole(pages_of(page.pdf(format="A4")),
                     [(ex_id, pieces[3:]) for ex_id, pieces, _ in others])
    # An example that a page can hold is printed whole; a longer one (a whole game) starts
    # with its title, text, board and first step together, breaks only between steps, and
    # its outcome is whole, on the page of its last step (it stood alone at the top of the
    # next page).
    assert_whole(printed, [(ex_id, pieces) for ex_id, pieces, height in measured["examples"]
                           if height < fits])
    long = [(ex_id, pieces) for ex_id, pieces, height in measured["examples"] if height >= fits]
    assert len(long) < len(measured["examples"]) / 2
    assert_whole(printed, [(ex_id, pieces[:3]) for ex_id, pieces in long])
    assert_whole(printed, [(ex_id, [pieces[4], pieces[4]]) for ex_id, pieces in long])
    assert_whole(printed, [(ex_id, pieces[3:]) for ex_id, pieces in long])
    # Links print as their text: rule numbers, not addresses.
    assert "http" not in "".join(printed)
    assert_back_matter(printed, locales, "en", measured["entries"])
    # The first game's rulebook kept its first address, which sends the reader to its page.
    if not locales.game.folder:
        page.goto(f"{site_url}/book/fr/")
        page.wait_for_url("**/fr/book/")
    context.close()


def test_a_live_example_prints_its_board_and_steps_without_its_controls(
        chromium: Browser, site_url: str, locales: Locales) -> None:
    """A rules page printed once its example went live (a desktop page wakes the widget as it
    comes into view) shows the board, the step counter and the steps, and none of the widget's
    buttons (steps, "What if…?", Share, Run): paper has nothing to press."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    no_engine(context)  # the widget goes live; the engine is not what this test is about
    page = context.new_page()
    page.goto(f"{site_url}/en/end/")
    example = page.locator("[id='ex-8-vs-11'] .rs-ex")
    example.scroll_into_view_if_needed()
    example.and_(page.locator("[data-state='live']")).wait_for()
    assert example.locator("button:visible").count() > 4  # on screen: the controls
    # ... and above them, what the example suggests trying with "What if…?", which paper
    # cannot do either.
    suggestion = page.locator("[id='ex-8-vs-11']").locator(
        "xpath=preceding-sibling::div[1]").locator(".rs-example-try")
    assert suggestion.is_visible()
    page.emulate_media(media="print")
    assert suggestion.is_hidden()
    assert example.locator("button:visible").count() == 0
    assert example.locator(".rs-ex-tools, .rs-ex-runbar").filter(visible=True).count() == 0
    for part in (".rs-ex-board .rs-board", ".rs-ex-counter", ".rs-ex-steps"):
        assert example.locator(part).is_visible(), part
    counter = example.locator(".rs-ex-counter").inner_text()
    assert squeeze(counter) in squeeze(" ".join(pages_of(page.pdf(format="A4"))))
    # A "what if?" line under way (its moves come from the build: no engine needed): its
    # heading prints, saying whose line the board shows; what it asks the reader does not.
    page.emulate_media(media="screen")
    example.locator(".rs-ex-steps > li[value='3']").click()  # the last step has no what if?
    example.locator("[data-wi=start]").click()
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex[data-whatif='1']:not([data-wi-busy='1'])")
    assert example.locator(".rs-wi-prompt").is_visible()
    page.emulate_media(media="print")
    assert example.locator(".rs-wi-head").is_visible()
    assert example.locator("button:visible, .rs-wi-prompt:visible").count() == 0
    # Of the what-if panel, only its heading, which says nothing about clicking (it read "The
    # example's line is one click away." on paper).
    heading = locales.languages["en"].ui["whatif.heading"].format(step=3)
    assert example.locator(".rs-wi").inner_text().strip() == heading
    assert "click" not in heading
    context.close()
