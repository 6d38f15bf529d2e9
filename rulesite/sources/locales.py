"""Load ``locales/`` and check it completely before anything is rendered.

``locales/site/`` holds what every game shares: ``site.yml`` (the games, in order, each with
the folder of its pages) and ``<lang>/ui.yml`` (the site's own interface strings).
``locales/<game>/`` holds one game: ``structure.yml``, ``changelog.yml``, ``published/`` and
``<lang>/{text,glossary,synonyms,ui}.yml``. A game's checked model (:class:`Locales`) sees
its own strings and the site's as one ``ui`` mapping; a key lives in exactly one of the two.

English is the reference: its ``text.yml`` and ``glossary.yml`` must match ``structure.yml``
exactly, and every other language must have exactly English's keys in each file. The first
problem stops the load with a :class:`~rulesite.errors.LocaleError` naming the file, the key
path and what was expected.
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gamekit
from rulesite.errors import (
    ExtraKeyError,
    MalformedEntryError,
    MissingKeyError,
    UnknownReferenceError,
)
from rulesite.pages import examples
from rulesite.sources import markup, placeholders, runtime_keys, words
from rulesite.sources.structure import Structure, load_structure
from rulesite.sources.yamlio import load_yaml

# text.yml: group -> (block kind its IDs come from, required fields, optional fields)
TEXT_GROUPS: dict[str, tuple[str, frozenset[str], frozenset[str]]] = {
    "pages": ("page", frozenset({"title"}), frozenset({"intro"})),
    "sections": ("section", frozenset({"title"}), frozenset({"intro"})),
    "rules": ("rule", frozenset({"title", "text"}), frozenset()),
    "notes": ("note", frozenset({"text"}), frozenset()),
    "tables": ("table", frozenset({"caption"}), frozenset()),
    # try: what to try with "What if…?", shown only where that button is (writer.example).
    "examples": ("example", frozenset({"title", "text"}), frozenset({"try"})),
    "figures": ("figure", frozenset({"caption", "alt"}), frozenset()),
    "misreadings": ("misreading", frozenset({"claim", "answer"}), frozenset()),
}
# Fields holding a mapping instead of a string: an example's code comments, by key.
NESTED_FIELDS = {"examples": frozenset({"comments"})}
GLOSSARY_FIELDS: tuple[frozenset[str], frozenset[str]] = (frozenset({"term", "definition"}),
                                                         frozenset())
UI_FIELD_RE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
# ui.yml entries holding a count's plural forms (rulesite/sources/words.py), not a string:
# `count.NAME`, or `PREFIX.count.NAME` in a game that keeps its keys under a prefix of its own
# (Love Letter's `ll.count.cards`).
COUNT_KEY = re.compile(r"^(?:[a-z]+\.)?count\.")


def is_count(key: object) -> bool:
    """Whether the ui.yml key ``key`` holds a count's plural forms."""
    return bool(COUNT_KEY.match(str(key)))

# Interface strings the builder itself reads for every game (the live examples read others;
# each game's plug-in names the ones its pages need of it, Plugin.ui_keys).
BUILDER_UI_KEYS = (
    "language.name", "site.name", "site.description", "site.copyright", "nav.home",
    "home.games", "game.name", "game.rules", "teach.book_title",
    "teach.book_intro", "teach.book_compare",
    "heading.permalink", "palette.to_dark", "palette.to_light", "root.choose", "root.not_found",
    "misreading.settled_by", "misreading.claim", "ref.chapter", "ref.title",
    "example.label", "example.title", "figure.label", "figure.caption",
    "glossary.terms", "glossary.definitions", "glossary.entry", "glossary.edition_name",
    "site.version", "changelog.heading", "changelog.added", "changelog.reworded",
    "changelog.editorial",
    "changelog.retired", "changelog.nothing", "changelog.renumbered", "changelog.before",
    "changelog.now", "changelog.rule", "changelog.merged",
    # The command-and-date cell of measured figures (TableContext.measured), any game's.
    "table.speed.when", "table.speed.under_load",
)
# The site's own table kinds (rulesite/pages/tables.py) and the strings each one reads,
# needed of a game whose structure.yml places one.
SITE_TABLE_UI_KEYS = {
    "edition-names": ("table.names.site", "table.names.printed", "table.names.none"),
    "speed": ("table.speed.when",),
}


SITE = "site"
"""The folder of ``locales/`` with what every game shares."""
GAME_FOLDER_RE = re.compile(r"^(?:[a-z0-9]+(?:-[a-z0-9]+)*/)?$")


@dataclass(frozen=True)
class GameEntry:
    """A game as ``locales/site/site.yml`` lists it."""

    id: str
    """Its ID: the folder ``locales/<id>/`` and its plug-in, ``gamekit.plugin(id)``."""
    folder: str
    """Where its pages live in each language's site: ``""`` (the language's root: the first
    game, whose published addresses never move) or a folder, ``"love-letter/"``."""


def load_games(root: Path | str) -> tuple[GameEntry, ...]:
    """``root/site/site.yml``: the games in the site's order, checked (IDs with a folder of
    their own under ``root``, folders unique, the first game at the root)."""
    path = Path(root) / SITE / "site.yml"
    data = load_yaml(path)
    if not isinstance(data, dict) or set(data) != {"games"} or not isinstance(
            data["games"], list) or not data["games"]:
        raise MalformedEntryError(path, "(file)", "expected `games:`, a list of "
                                  "{id: GAME, folder: FOLDER} in the site's order")
    games: list[GameEntry] = []
    for index, entry in enumerate(data["games"]):
        key = f"games[{index}]"
        if not isinstance(entry, dict) or set(entry) != {"id", "folder"}:
            raise MalformedEntryError(path, key, f"expected {{id, folder}}, got {_short(entry)}")
        game, folder = entry["id"], entry["folder"]
        if not isinstance(game, str) or not (Path(root) / game / "structure.yml").is_file():
            raise UnknownReferenceError(path, f"{key}.id", f"expected the name of a folder of "
                                        f"{root} with a structure.yml, got {game!r}")
        if not isinstance(folder, str) or not GAME_FOLDER_RE.match(folder) or (
                folder == "") != (index == 0):
            raise MalformedEntryError(
                path, f"{key}.folder", "expected \"\" for the first game (its addresses are "
                f"the languages' roots) and a folder such as \"second-game/\" for the others, "
                f"got {folder!r}")
        if any(g.id == game or g.folder == folder for g in games):
            raise MalformedEntryError(path, key, f"{game!r} or {folder!r} is listed twice")
        games.append(GameEntry(game, folder))
    return tuple(games)


@dataclass(frozen=True)
class Language:
    code: str
    text: dict[str, dict[str, dict[str, Any]]]  # str fields; examples' comments: dicts
    glossary: dict[str, dict[str, str]]
    ui: dict[str, Any]  # strings; count.* plural forms; "grammar" (rulesite/sources/words.py)
    # Words readers of this language type for a glossary term (its synonyms.yml): the search
    # finds the term by them; the pages never show them. Not translations of English.
    synonyms: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Locales:
    """One game's checked locales (its strings merged with the site's)."""

    root: Path  # locales/<game>/
    structure: Structure
    languages: dict[str, Language]  # in structure order, English first
    game: GameEntry

    @property
    def plugin(self) -> gamekit.Plugin:
        """The game's plug-in: the one way the builder reaches its engine."""
        return self.structure.plugin

    @property
    def english(self) -> Language:
        return self.languages["en"]

    def texts(self) -> dict[str, dict[str, Any]]:
        """Each language's ``text.yml``, parsed: language -> text."""
        return {code: lang.text for code, lang in self.languages.items()}


_REPR = reprlib.Repr()  # attributes, not keywords: Python 3.11 has no keywords here
_REPR.maxstring = _REPR.maxother = 80
_REPR.maxlist = _REPR.maxdict = 6


def _short(value: object) -> str:
    """A value quoted in a message, cut short: a YAML alias chain can expand to millions of
    elements, which a message must not repeat."""
    return _REPR.repr(value)


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    """Leaf key paths of nested mappings: ``{"rules": {"a": {"title": x}}}`` gives
    ``rules.a.title``."""
    if not isinstance(data, dict) or not data:
        return {prefix: data} if prefix else {}
    out: dict[str, Any] = {}
    for key, value in data.items():
        out.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    return out


def _entries(data: Any, file: Path, prefix: str, required: frozenset[str],
             optional: frozenset[str], nested: frozenset[str] = frozenset()
             ) -> dict[str, dict[str, Any]]:
    """Check a mapping of ID -> {field: non-empty string}; a ``nested`` field holds a mapping
    of key -> one line of plain text instead (an example's code comments)."""
    where = prefix or "(file)"
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise MalformedEntryError(file, where,
                                  f"expected a mapping of IDs, got {type(data).__name__}")
    for entry_id, entry in data.items():
        key = f"{prefix}.{entry_id}" if prefix else str(entry_id)
        if not isinstance(entry, dict):
            raise MalformedEntryError(
                file, key,
                f"expected a mapping with {', '.join(sorted(required))}, got {_short(entry)}")
        for name in sorted(required - entry.keys()):
            raise MissingKeyError(file, f"{key}.{name}", "required field")
        for name in sorted(entry.keys() - required - optional - nested):
            raise ExtraKeyError(file, f"{key}.{name}",
                                f"unknown field; expected {', '.join(sorted(required | optional))}")
        for name, value in entry.items():
            if name in nested:
                _lines(value, file, f"{key}.{name}")
            elif not isinstance(value, str) or not value.strip():
                raise MalformedEntryError(file, f"{key}.{name}",
                                          f"expected a non-empty string, got {_short(value)}")
    return data


def _lines(data: Any, file: Path, key: str) -> None:
    """A mapping of key -> one line of plain text (a code comment: no placeholder, no break)."""
    if not isinstance(data, dict) or not data:
        raise MalformedEntryError(file, key, f"expected a mapping of key: text, got {_short(data)}")
    for name, value in data.items():
        if not isinstance(value, str) or not value.strip():
            raise MalformedEntryError(file, f"{key}.{name}",
                                      f"expected a non-empty string, got {_short(value)}")
        if "\n" in value.strip() or "{" in value or "}" in value:
            raise MalformedEntryError(file, f"{key}.{name}",
                                      "a code comment is one line of plain text, without "
                                      "line breaks or {placeholders}")


def _text_shape(data: Any, file: Path, reference: bool) -> dict[str, dict[str, dict[str, str]]]:
    """Check groups, entries and fields. Only the reference (English) is checked for required
    fields here: a translation's gaps are reported against English, by _match_english."""
    if not isinstance(data, dict):
        raise MalformedEntryError(file, "(file)", f"expected a mapping of {', '.join(TEXT_GROUPS)}")
    for group, entries in data.items():
        if group not in TEXT_GROUPS:
            raise ExtraKeyError(file, str(group),
                                f"unknown group; expected {', '.join(TEXT_GROUPS)}")
        _, required, optional = TEXT_GROUPS[group]
        if not reference:
            required, optional = frozenset(), required | optional
        _entries(entries, file, group, required, optional, NESTED_FIELDS.get(group, frozenset()))
    return data


def _match_structure(text: dict[str, Any], glossary: dict[str, Any], structure: Structure,
                     folder: Path) -> None:
    """English text and glossary hold exactly the IDs structure.yml declares."""
    expected = {group: [i for i, k in structure.kind_of.items() if k == kind]
                for group, (kind, _, _) in TEXT_GROUPS.items()}
    expected_terms = [t.id for t in structure.glossary]
    for file, groups in ((folder / "text.yml", {g: text.get(g) or {} for g in TEXT_GROUPS}),
                         (folder / "glossary.yml", {"": glossary})):
        for group, entries in groups.items():
            ids = expected[group] if group else expected_terms
            kind = TEXT_GROUPS[group][0] if group else "glossary term"
            for entry_id in ids:
                if entry_id not in entries:
                    raise MissingKeyError(file, f"{group}.{entry_id}".lstrip("."),
                                          f"structure.yml declares this {kind}; give its text")
            for entry_id in entries:
                if entry_id not in ids:
                    raise ExtraKeyError(file, f"{group}.{entry_id}".lstrip("."),
                                        f"structure.yml declares no {kind} with this ID")


def _names(names: Iterable[str]) -> str:
    """Names as a sorted list, numbers in their order: ``[2, 10]``."""
    return "[" + ", ".join(sorted(names, key=lambda name: (len(name), name))) + "]"


def _match_examples(text: dict[str, Any], structure: Structure, file: Path,
                    reference: bool) -> None:
    """Each example's text names exactly what structure.yml lists for it under a placeholder
    kind's key (:attr:`gamekit.Placeholder.listed`: Hanamikoji's ``geishas``, named with
    ``{geisha:N}``); English has a comment for each ``# {key}`` of the code, and no other."""
    kinds = {kind: p.listed for kind, p in structure.plugin.placeholders.items() if p.listed}
    for example_id, example in structure.examples.items():
        entry = (text.get("examples") or {}).get(example_id) or {}
        for kind, key in kinds.items():
            listed = example.spec.get(key, [])
            where = f"examples.{example_id}.{key}"
            if not isinstance(listed, list) or not all(
                    isinstance(name, (int, str)) and not isinstance(name, bool)
                    and placeholders.valid(kind, str(name), structure.plugin)
                    for name in listed):
                raise MalformedEntryError(file.parent.parent / "structure.yml", where,
                                          f"expected a list of {{{kind}:NAME}} names, "
                                          f"got {listed!r}")
            if "text" in entry:
                named = placeholders.named(entry["text"], kind, structure.plugin)
                if named != {str(name) for name in listed}:
                    raise MalformedEntryError(
                        file, f"examples.{example_id}.text",
                        f"names {_names(named)} with {{{kind}:NAME}}; structure.yml ({where}) "
                        f"lists {_names(str(name) for name in listed)}: name each of them, "
                        "and only them")
        if reference:
            used = examples.comment_keys(example.spec.get("code") or "")
            given = entry.get("comments") or {}
            for name in used:
                if name not in given:
                    raise MissingKeyError(
                        file, f"examples.{example_id}.comments.{name}",
                        f"the example's code (structure.yml) has the comment # {{{name}}}")
            for name in given:
                if name not in used:
                    raise ExtraKeyError(
                        file, f"examples.{example_id}.comments.{name}",
                        f"the example's code (structure.yml) has no comment # {{{name}}}")


def _match_english(data: Any, english: Any, file: Path, english_file: Path) -> None:
    """Exactly English's leaf keys: the same entries and the same optional fields."""
    ours, theirs = flatten(data), flatten(english)
    for key in theirs:
        if key not in ours:
            raise MissingKeyError(file, key, f"missing; {english_file} has it")
    for key in ours:
        if key not in theirs:
            raise ExtraKeyError(file, key,
                                f"not in {english_file}; remove it or add it there first")


def _ui_shape(data: Any, file: Path) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise MalformedEntryError(file, "(file)", "expected a flat mapping of key: string")
    for key, value in data.items():
        if is_count(key):
            continue  # plural forms: _ui_plurals checks them
        if not isinstance(value, str) or not value.strip():
            raise MalformedEntryError(file, str(key),
                                      f"expected a non-empty string, got {_short(value)}")
    return data


def _line_of(file: Path, key: str) -> str:
    """Where ``key`` starts in the flat mapping ``file`` (" (line N)"), for error messages."""
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith((f"{key}:", f'"{key}":', f"'{key}':")):
            return f" (line {number})"
    return ""


def _ui_plurals(ui: dict[str, Any], lang: str, file: Path) -> None:
    """Each ``count.*`` entry maps exactly ``lang``'s CLDR plural categories (Babel's data)
    to a non-empty form that writes the number as ``{n}``."""
    expected = words.categories(lang)
    for key, value in ui.items():
        if not is_count(key):
            continue
        where = _line_of(file, key)
        if not isinstance(value, dict):
            raise MalformedEntryError(
                file, key, f"expected a mapping of the plural categories {', '.join(expected)}"
                f" (CLDR, {lang}) to forms, got {value!r}{where}")
        if set(value) != set(expected):
            raise MalformedEntryError(
                file, key, f"gives the plural categories {', '.join(map(str, value))}; {lang} "
                f"has exactly {', '.join(expected)} (CLDR){where}")
        for category, form in value.items():
            if not isinstance(form, str) or set(UI_FIELD_RE.findall(form)) != {"n"}:
                raise MalformedEntryError(
                    file, f"{key}.{category}",
                    f"expected a string with the field {{n}} and no other, got {form!r}{where}")


def _ui_fields(ui: dict[str, Any], english: dict[str, Any], file: Path) -> None:
    """A translated interface string fills the same named fields as the English one."""
    for key, value in ui.items():
        if is_count(key):
            continue
        ours, theirs = set(UI_FIELD_RE.findall(value)), set(UI_FIELD_RE.findall(english[key]))
        if ours != theirs:
            raise MalformedEntryError(
                file, key, f"uses fields {sorted(ours)}; the English string uses {sorted(theirs)}")


def _synonyms(path: Path, structure: Structure) -> dict[str, tuple[str, ...]]:
    """``synonyms.yml``: glossary term ID -> the words, separated by commas. Optional: a
    language without the file has none."""
    if not path.is_file():
        return {}
    data = load_yaml(path) or {}
    if not isinstance(data, dict):
        raise MalformedEntryError(path, "(file)", "expected a mapping of glossary term IDs")
    terms = {t.id for t in structure.glossary}
    out: dict[str, tuple[str, ...]] = {}
    for term, value in data.items():
        if term not in terms:
            raise UnknownReferenceError(path, str(term), "not a glossary term ID of structure.yml")
        words = tuple(w.strip() for w in value.split(",")) if isinstance(value, str) else ()
        if not words or not all(words):
            raise MalformedEntryError(path, str(term),
                                      f"expected words separated by commas, got {value!r}")
        out[str(term)] = words
    return out


@dataclass(frozen=True)
class _Ui:
    """A language's interface strings: the site's and one game's, and the file of each key."""

    strings: dict[str, Any]
    files: dict[str, Path]
    site: Path  # locales/site/<lang>/ui.yml
    game: Path  # locales/<game>/<lang>/ui.yml

    def file_of(self, key: str, user: str = "") -> Path:
        """The file holding ``key``; for a key missing from both, the file it belongs in:
        the game's for a key its plug-in (``gamekit/<game>/``) uses, else the site's."""
        if key in self.files:
            return self.files[key]
        return self.game if user.startswith(f"gamekit/{self.game.parent.parent.name}/") \
            else self.site


def _load_ui(code: str, site: Path, game: Path) -> _Ui:
    """``site`` and ``game`` (two ``<lang>/ui.yml``), each checked, merged: a key may be in
    one of them only."""
    strings: dict[str, Any] = {}
    files: dict[str, Path] = {}
    for file in (site, game):
        ui = _ui_shape(load_yaml(file), file)
        _ui_plurals(ui, code, file)
        for key in ui:
            if key in files:
                line = _line_of(file, key)
                raise ExtraKeyError(file, key, f"also in {files[key]}: an interface string "
                                    f"lives in the site's ui.yml or the game's, not both{line}")
            files[key] = file
        strings.update(ui)
    return _Ui(strings, files, site, game)


def load(root: Path | str, game: str | None = None) -> Locales:
    """Read ``root`` (a ``locales/`` folder) for ``game`` (by default the site's first, as
    ``site/site.yml`` lists them), check everything, return it all."""
    root = Path(root)
    games = load_games(root)
    entry = next((g for g in games if g.id == game), None) if game else games[0]
    if entry is None:
        raise UnknownReferenceError(root / SITE / "site.yml", "games",
                                    f"no game {game!r}; it lists {[g.id for g in games]}")
    return _load_game(root, entry)


def load_all(root: Path | str) -> list[Locales]:
    """Every game of ``root/site/site.yml``, in its order, each checked."""
    return [_load_game(Path(root), entry) for entry in load_games(root)]


def _load_game(top: Path, entry: GameEntry) -> Locales:
    root = top / entry.id
    structure = load_structure(root / "structure.yml")
    languages: dict[str, Language] = {}
    english_ui: _Ui | None = None
    for code in structure.languages:
        folder = root / code
        english = code == "en"
        text = _text_shape(load_yaml(folder / "text.yml"), folder / "text.yml", english)
        required, optional = GLOSSARY_FIELDS
        if not english:
            required, optional = frozenset(), required | optional
        glossary = _entries(load_yaml(folder / "glossary.yml"), folder / "glossary.yml", "",
                            required, optional)
        loaded = _load_ui(code, top / SITE / code / "ui.yml", folder / "ui.yml")
        ui = loaded.strings
        if english_ui is None:
            english_ui = loaded
            _match_structure(text, glossary, structure, folder)
            in_text = tuple(f"language.in_text.{c}" for c in structure.languages)
            tables = {block.table for page in structure.pages for section in page.sections
                      for block in section.blocks if block.table}
            needed = (*BUILDER_UI_KEYS, *in_text, *structure.plugin.ui_keys,
                      *(f"glossary.edition.{book}" for book in structure.plugin.rulebooks.language),
                      *(key for kind in sorted(tables) for key in SITE_TABLE_UI_KEYS.get(kind, ())))
            for key in needed:
                if key not in ui:
                    raise MissingKeyError(loaded.file_of(key), key, "the site builder needs it")
            plugin = structure.plugin  # and what the browser's code asks for on its pages
            runtime_keys.check(ui, loaded.file_of, *runtime_keys.game_sources(
                plugin.id, play=any(p.kind == "play" for p in structure.pages),
                whatif=plugin.whatif is not None, prefixed=bool(plugin.ui_prefix)),
                prefix=plugin.ui_prefix)
        else:
            en, ref = root / "en", languages["en"]
            _match_english(text, ref.text, folder / "text.yml", en / "text.yml")
            _match_english(glossary, ref.glossary, folder / "glossary.yml", en / "glossary.yml")
            # File by file, top-level keys only: each language has its own plural categories.
            for ours, theirs in ((loaded.site, english_ui.site), (loaded.game, english_ui.game)):
                _match_english(dict.fromkeys(k for k, f in loaded.files.items() if f == ours),
                               dict.fromkeys(k for k, f in english_ui.files.items()
                                             if f == theirs), ours, theirs)
            for key, value in ui.items():
                if not is_count(key):
                    _ui_fields({key: value}, ref.ui, loaded.files[key])
        for file, data in ((folder / "text.yml", text), (folder / "glossary.yml", glossary)):
            for key, value in flatten(data).items():
                markup.check_text(value, file, key)
                placeholders.check(value, structure, file, key)
        for key, value in ui.items():
            # a count.* entry holds one form per plural category: each is a string
            for form in value.values() if isinstance(value, dict) else (value,):
                markup.check_ui(form, loaded.files[key], key)
        _match_examples(text, structure, folder / "text.yml", english)
        languages[code] = Language(code, text, glossary, {**ui, "grammar": words.grammar(code)},
                                   _synonyms(folder / "synonyms.yml", structure))
    return Locales(root, structure, languages, entry)
