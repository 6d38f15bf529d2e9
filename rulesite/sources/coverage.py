"""Translation coverage: for each language and file, how many of English's keys it has, and
which keys are missing or extra. Unlike :func:`rulesite.sources.locales.load`, this never stops
at the first gap: it is the to-do list of a translator."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulesite.sources.locales import SITE, flatten, load_games
from rulesite.sources.structure import load_structure
from rulesite.sources.yamlio import load_yaml

FILES = ("text.yml", "glossary.yml", "ui.yml")


@dataclass(frozen=True)
class FileCoverage:
    file: str  # under locales/: "hanamikoji/fr/text.yml", "site/fr/ui.yml"
    total: int  # keys in the English file
    present: int  # English keys this file has
    missing: tuple[str, ...]  # English keys this file lacks
    extra: tuple[str, ...]  # keys English does not have


@dataclass(frozen=True)
class LanguageCoverage:
    lang: str
    files: tuple[FileCoverage, ...]

    @property
    def total(self) -> int:
        return sum(f.total for f in self.files)

    @property
    def present(self) -> int:
        return sum(f.present for f in self.files)

    @property
    def missing(self) -> int:
        return sum(len(f.missing) for f in self.files)

    @property
    def extra(self) -> int:
        return sum(len(f.extra) for f in self.files)

    @property
    def complete(self) -> bool:
        return self.missing == 0 and self.extra == 0

    @property
    def percent(self) -> float:
        return 100.0 * self.present / self.total if self.total else 100.0


def _keys(path: Path) -> set[str]:
    if not path.is_file():
        return set()
    data = load_yaml(path)
    # ui.yml is flat: a count.* entry maps the language's own plural categories, one key.
    return set(data) if path.name == "ui.yml" else set(flatten(data))


def coverage(root: Path | str) -> list[LanguageCoverage]:
    """Coverage of every language against English, leaf key by key: the site's ``ui.yml``,
    then each game's files in ``site/site.yml``'s order. The languages are the first game's
    (``structure.yml``)."""
    root = Path(root)
    games = load_games(root)
    languages = load_structure(root / games[0].id / "structure.yml").languages
    files = [f"{SITE}/{{lang}}/ui.yml"] + [f"{game.id}/{{lang}}/{name}" for game in games
                                         for name in FILES]
    english = {name: _keys(root / name.format(lang="en")) for name in files}
    report = []
    for lang in languages:
        found = []
        for name in files:
            ours, theirs = _keys(root / name.format(lang=lang)), english[name]
            found.append(FileCoverage(name.format(lang=lang), len(theirs), len(ours & theirs),
                                      tuple(sorted(theirs - ours)), tuple(sorted(ours - theirs))))
        report.append(LanguageCoverage(lang, tuple(found)))
    return report


def format_report(report: list[LanguageCoverage], details: bool = True) -> str:
    """A table of languages, then (with ``details``) every missing and extra key."""
    lines = [f"{'language':<10}{'keys':>7}{'present':>9}{'missing':>9}{'extra':>7}{'done':>8}"]
    for lang in report:
        lines.append(f"{lang.lang:<10}{lang.total:>7}{lang.present:>9}{lang.missing:>9}"
                     f"{lang.extra:>7}{lang.percent:>7.1f}%")
    if details:
        for lang in report:
            for f in lang.files:
                lines += [f"missing in {f.file}: {key}" for key in f.missing]
                lines += [f"extra in {f.file}: {key}" for key in f.extra]
    return "\n".join(lines)
