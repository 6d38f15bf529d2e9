"""Figures: engine positions declared in structure.yml, drawn by the board renderer in every
language with a caption, a text alternative and the same anchor (rulesite/pages/figures.py)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from rulesite.errors import ExtraKeyError, MissingKeyError
from rulesite.pages import figures
from rulesite.pages.writer import PageWriter
from rulesite.sources.locales import load

REPO = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "ja", "id")
LOCALES = load(REPO / "locales")
STRUCTURE = LOCALES.structure


@dataclass
class Drawn:
    """One ``<figure>`` as the built page holds it."""

    id: str
    chapter: str  # the ID of the h2 above it
    alt: str = ""
    caption: str = ""
    number_link: str = ""
    boards: int = 0
    outlined: int = 0


@dataclass
class _FigureParser(HTMLParser):
    figures: list[Drawn] = field(default_factory=list)
    chapter: str = ""
    depth: int = 0  # open <figure> elements (0 or 1)
    in_caption: bool = False

    def __post_init__(self) -> None:
        super().__init__(convert_charrefs=True)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if tag == "h2" and "id" in a:
            self.chapter = a["id"]
        if tag == "figure" and "rs-figure" in classes:
            self.figures.append(Drawn(a["id"], self.chapter))
            self.depth = 1
        elif self.depth:
            fig = self.figures[-1]
            if "rs-fig-frames" in classes and a.get("role") == "img":
                fig.alt = a.get("aria-label", "")
            if tag == "figcaption":
                self.in_caption = True
            if tag == "a" and "rs-fig-num" in classes:
                fig.number_link = a.get("href", "")
            if "rs-board" in classes:
                fig.boards += 1
            if "rs-hl" in classes:
                fig.outlined += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "figure":
            self.depth = 0
        if tag == "figcaption":
            self.in_caption = False

    def handle_data(self, data: str) -> None:
        if self.in_caption:
            self.figures[-1].caption += data


def drawn(site: Path, lang: str, page_dir: str) -> list[Drawn]:
    parser = _FigureParser()
    path = site / lang / page_dir / "index.html" if page_dir else site / lang / "index.html"
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.figures


def page_dirs() -> list[str]:
    return ["" if p.kind == "home" else p.id for p in STRUCTURE.pages]


def plain(text: str) -> str:
    return " ".join(text.split())


# --- the data ------------------------------------------------------------------------------

@pytest.mark.parametrize("fig_id", list(STRUCTURE.figures))
def test_every_figure_position_is_accepted_by_the_engine(fig_id: str) -> None:
    steps = figures.check(fig_id, STRUCTURE.figures[fig_id].spec)
    assert steps and steps[0]["kind"] == "start"


def test_every_rules_chapter_has_a_figure() -> None:
    chapters = [(page.id, section) for page in STRUCTURE.pages if page.kind == "rules"
                for section in page.sections if section.chapter is not None]
    assert len(chapters) >= 10
    for page_id, section in chapters:
        kinds = [block.kind for block in section.blocks]
        assert "figure" in kinds, f"chapter {section.chapter} ({page_id}#{section.id}) has none"


def test_the_home_page_and_the_quick_reference_have_figures() -> None:
    by_kind = {p.kind: p for p in STRUCTURE.pages}
    home = [b.id for s in by_kind["home"].sections for b in s.blocks if b.kind == "figure"]
    assert home
    qr = [b.id for s in by_kind["quickref"].sections for b in s.blocks if b.kind == "figure"]
    moves = [STRUCTURE.figures[f].spec["moves"][0] for f in qr]
    assert sorted(moves) == ["C", "G", "S", "T"]  # one picture per action


# --- the built pages -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_figure_is_drawn_with_caption_and_text_alternative(real_site: Path,
                                                                 lang: str) -> None:
    language = LOCALES.languages[lang]
    seen = {}
    for page_dir in page_dirs():
        for fig in drawn(real_site, lang, page_dir):
            seen[fig.id] = fig
            spec = STRUCTURE.figures[fig.id].spec
            page_id = STRUCTURE.page_of[fig.id]
            resolver = PageWriter(LOCALES, lang).resolver(page_id)
            alt = resolver.markdown(language.text["figures"][fig.id]["alt"], links=False)
            assert plain(fig.alt) == plain(alt), (lang, fig.id)
            number = language.ui["figure.label"].format(number=STRUCTURE.figures[fig.id].number)
            assert fig.number_link == f"#{fig.id}"
            assert plain(fig.caption).startswith(number) and len(plain(fig.caption)) > \
                len(number) + 10, (lang, fig.id, fig.caption)
            assert fig.boards == len(spec.get("frames", [{}])), fig.id
            points = sum(len(f.get("point", [])) for f in spec.get("frames", []))
            assert fig.outlined == points, fig.id  # every part named is outlined, no more
            # Placed where structure.yml puts it: under its chapter's heading.
            assert fig.chapter == STRUCTURE.section_of[fig.id], fig.id
    assert sorted(seen) == sorted(STRUCTURE.figures)


@pytest.mark.parametrize("lang", LANGS)
def test_each_page_numbers_its_figures_from_1(real_site: Path, lang: str) -> None:
    """A reader opening a page meets Figure 1 there, then 2, 3... in the page's order (not
    the count the pages before it left off at)."""
    label = LOCALES.languages[lang].ui["figure.label"]
    pages = 0
    for page_dir in page_dirs():
        figs = drawn(real_site, lang, page_dir)
        pages += bool(figs)
        for n, fig in enumerate(figs, start=1):
            assert STRUCTURE.figures[fig.id].number == str(n), (page_dir, fig.id)
            assert plain(fig.caption).startswith(label.format(number=n) + " "), fig.id
    assert pages > 1


def test_figure_anchors_are_the_same_in_every_language(real_site: Path) -> None:
    for page_dir in page_dirs():
        english = [f.id for f in drawn(real_site, "en", page_dir)]
        for lang in LANGS[1:]:
            assert [f.id for f in drawn(real_site, lang, page_dir)] == english, page_dir


def test_figures_load_no_script_and_no_image(real_site: Path) -> None:
    html = (real_site / "en" / "round" / "index.html").read_text(encoding="utf-8")
    start = html.index('id="fig-gift"')
    figure = html[start:html.index("</figure>", start)]
    assert "<script" not in figure and "<img" not in figure
    assert 'data-part="offer"' in figure and "rs-hl" in figure


def test_a_figure_can_be_cited_from_the_text() -> None:
    """``{ref:fig-...}`` links to the figure by its number, like a rule."""
    writer = PageWriter(LOCALES, "fr")
    label = writer.label("fig-gift")
    assert label == LOCALES.languages["fr"].ui["figure.label"].format(
        number=STRUCTURE.figures["fig-gift"].number)
    assert writer.resolver("end").href("fig-gift") == "round.md#fig-gift"


# --- mistakes stop the build, naming the key --------------------------------------------------

GIFT = STRUCTURE.figures["fig-gift"].spec


def broken(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    spec = copy.deepcopy(GIFT)
    change(spec)
    return spec


@pytest.mark.parametrize(("change", "where"), [
    (lambda s: s["position"].update(hands={"A": "1111111", "B": "234455"}),
     "figures.fig-x.position: PositionError"),
    (lambda s: s.update(moves="G567 P4"), "figures.fig-x.moves[1]: P4: IllegalActionError"),
    (lambda s: s.update(moves="G56"), "figures.fig-x.moves[0]: G56:"),
    (lambda s: s.update(edition="deluxe"), "figures.fig-x.edition: expected one of"),
    (lambda s: s["frames"][0].update(step=7), "figures.fig-x.frames[0].step: expected a step"),
    (lambda s: s["frames"][1].update(point=["offer", "hand-C"]),
     "figures.fig-x.frames[1].point[1]: unknown part 'hand-C'"),
    (lambda s: s.update(hide=["row"]), "figures.fig-x.hide: expected a list of parts"),
    (lambda s: s.update(colour="red"), "figures.fig-x.colour: unknown key"),
])
def test_an_impossible_figure_stops_the_build_naming_the_key(
        change: Callable[[dict[str, Any]], Any], where: str) -> None:
    with pytest.raises(figures.FigureError) as caught:
        figures.check("fig-x", broken(change))
    assert str(caught.value).startswith(f"structure.yml: {where}"), str(caught.value)


def test_figures_and_their_blocks_must_match(
        locales: Path, edit: Callable[[Path, Callable[[Any], Any]], None]) -> None:
    structure = locales / "hanamikoji" / "structure.yml"
    edit(structure, lambda d: d["pages"][1]["sections"][0]["blocks"].append(
        {"kind": "figure", "id": "fig-lost"}))
    with pytest.raises(MissingKeyError, match=r"figures\.fig-lost"):
        load(locales)
    edit(structure, lambda d: d.update(figures={"fig-lost": {"moves": "S7"},
                                                "fig-spare": {"moves": "S7"}}))
    with pytest.raises(ExtraKeyError, match=r"figures\.fig-spare"):
        load(locales)
