"""What each published version of the rules said, so that no rule's text changes silently.

A teacher's handout says "rules version 1.0". For every version in ``changelog.yml``,
``locales/<game>/published/<version>.json`` keeps a SHA-256 digest of each rule's title and text in
each language, exactly as that version published them. The build (:func:`check_current`)
refuses a rule whose title or text differs from the newest version's record, naming the file,
key and line. To change a rule's words: list the rule in the newest, not yet released version
of ``changelog.yml`` (``reworded`` when its meaning changes, ``editorial`` when only the
words do), then run ``python -m rulesite publish``, which compares the text with the version
before, refuses while a changed rule is not listed, and writes the record
(:func:`publish`). The workflow is in ``locales/README.md`` (Numbering).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from rulesite.errors import MalformedEntryError, MissingKeyError, SiteError
from rulesite.sources.numbering import Version
from rulesite.sources.yamlio import load_yaml

FIELDS = ("title", "text")
# language -> rule ID -> field -> SHA-256 of that field's text, as the YAML gives it
Digests = dict[str, dict[str, dict[str, str]]]


def digest(text: str) -> str:
    """The SHA-256 of ``text`` (UTF-8), in hexadecimal."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def digests(texts: Mapping[str, Mapping[str, Any]]) -> Digests:
    """Each language's rules (``texts``: language -> parsed ``text.yml``), digested."""
    return {
        lang: {rule: {f: digest(entry[f]) for f in FIELDS}
               for rule, entry in sorted(text["rules"].items())}
        for lang, text in texts.items()
    }


def record_path(root: Path, version: str) -> Path:
    """Where version ``version``'s record lives under the game's folder ``root``
    (``locales/<game>/``)."""
    return root / "published" / f"{version}.json"


def read_record(root: Path, version: str) -> Digests:
    """The digests a version published (a missing or damaged record is an error)."""
    path = record_path(root, version)
    if not path.is_file():
        raise MissingKeyError(path, "(file)", f"version {version} has no record of what it "
                              "published: run `python -m rulesite publish`")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise MalformedEntryError(path, "(file)", f"not JSON: {error}") from None
    if not isinstance(raw, dict) or raw.get("version") != version or not isinstance(
            raw.get("rules"), dict):
        raise MalformedEntryError(path, "(file)",
                                  f"expected {{'version': {version!r}, 'rules': ...}}")
    rules: Digests = raw["rules"]
    return rules


def write_record(root: Path, version: str, current: Digests, note: str) -> Path:
    """Write ``current`` as version ``version``'s record; returns its path."""
    path = record_path(root, version)
    path.parent.mkdir(parents=True, exist_ok=True)
    body = {"version": version, "note": note, "rules": current}
    path.write_text(json.dumps(body, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                    encoding="utf-8")
    return path


def changed(before: Digests, after: Digests) -> dict[str, dict[str, list[str]]]:
    """Language -> rule ID -> the fields (``title``, ``text``) that differ, for the rules
    whose words differ between two records (a rule absent from ``before`` is all new)."""
    out: dict[str, dict[str, list[str]]] = {}
    for lang, rules in after.items():
        old = before.get(lang, {})
        for rule, fields in rules.items():
            diff = [f for f in FIELDS if old.get(rule, {}).get(f) != fields[f]]
            if diff:
                out.setdefault(lang, {})[rule] = diff
    return out


def line_of(file: Path, keys: tuple[str, ...]) -> int | None:
    """The 1-based line where the value at ``keys`` starts in the YAML ``file``."""
    node: Any = yaml.compose(file.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    for key in keys:
        if not isinstance(node, yaml.MappingNode):
            return None
        node = next((v for k, v in node.value if k.value == key), None)
        if node is None:
            return None
    return int(node.start_mark.line) + 1


class UnpublishedChangeError(MalformedEntryError):
    """A rule's title or text differs from what the newest version published."""


def check_current(root: Path, versions: tuple[Version, ...],
                  texts: Mapping[str, Mapping[str, Any]]) -> None:
    """Every rule's title and text, in every language, is what the newest version of
    ``changelog.yml`` published (its record under ``published/``)."""
    newest = versions[-1].version
    record = read_record(root, newest)
    differences = changed(record, digests(texts))
    total = sum(len(rules) for rules in differences.values())
    for lang, rules in differences.items():
        file = root / lang / "text.yml"
        for rule, fields in rules.items():
            line = line_of(file, ("rules", rule, fields[0]))
            more = f" ({total - 1} other rule(s) differ too)" if total > 1 else ""
            raise UnpublishedChangeError(
                file, f"rules.{rule}.{fields[0]}" + (f" (line {line})" if line else ""),
                f"differs from what version {newest} published "
                f"({record_path(root, newest).relative_to(root.parent)}). A published rule "
                f"changes only with a new version: list {rule!r} under `reworded` (its "
                f"meaning changes) or `editorial` (only its words) of a version newer than "
                f"{newest} at the end of {root / 'changelog.yml'} (add one if {newest} is out), "
                f"then run `python -m rulesite publish`; or restore the published "
                f"words{more}")


@dataclass
class Report:
    """What :func:`publish` found: the rules whose words changed since the version before,
    how the newest version lists each, and what it wrote."""

    version: str
    previous: str | None
    changes: dict[str, dict[str, list[str]]]
    listed: dict[str, str]  # rule ID -> reworded | editorial | added
    unlisted: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)  # listed, yet the same everywhere
    written: Path | None = None

    def lines(self) -> list[str]:
        """The report, for the terminal."""
        since = f"since {self.previous}" if self.previous else "(first version)"
        out = [f"version {self.version}: rules whose words changed {since}, per language"]
        for lang, rules in sorted(self.changes.items()):
            out.append(f"  {lang}: {len(rules)} rule(s)")
            for rule, fields in sorted(rules.items()):
                out.append(f"    {rule} ({', '.join(fields)}): "
                           f"{self.listed.get(rule, 'NOT LISTED')}")
        if not self.changes:
            out.append("  none")
        if self.unlisted:
            out.append(f"not listed in version {self.version} of changelog.yml "
                       "(paste under `reworded:` or `editorial:`, or run publish again with "
                       "--reworded/--editorial ID ... or --rest reworded|editorial):")
            out += [f"      - {rule}" for rule in self.unlisted]
        if self.unchanged:
            out.append(f"listed in version {self.version} but unchanged in every language: "
                       + ", ".join(self.unchanged))
        if self.written:
            out.append(f"wrote {self.written}")
        return out


def _list_lines(lines: list[str], start: int, end: int, group: str, ids: list[str]) -> int:
    """Add ``ids`` to the ``group:`` list between lines ``start`` and ``end`` of the last
    version's entry (block or ``[]`` style), creating it if absent; returns lines added."""
    key = re.compile(rf"^(\s+){group}:\s*(\[\s*\])?\s*(#.*)?$")
    at = next((i for i in range(start, end) if key.match(lines[i])), None)
    if at is None:
        indent = re.match(r"^(\s*)- ", lines[start])
        pad = " " * (len(indent.group(1)) + 2 if indent else 4)
        lines.insert(end, f"{pad}{group}:")
        at, end = end, end + 1
    match = key.match(lines[at])
    assert match is not None
    pad = match.group(1)
    lines[at] = f"{pad}{group}:"
    i = at + 1
    present = set()
    while i < len(lines) and re.match(rf"^{pad}  - ", lines[i]):
        present.add(lines[i].split("- ", 1)[1].strip())
        i += 1
    new = [f"{pad}  - {rule}" for rule in ids if rule not in present]
    lines[i:i] = new
    return len(new)


def _drop(lines: list[str], start: int, group: str, ids: set[str]) -> None:
    """Remove ``ids`` from the ``group:`` block list of the entry starting at ``start``
    (a rule is either reworded or editorial); an emptied list is written ``[]``."""
    key = re.compile(rf"^(\s+){group}:\s*$")
    at = next((i for i in range(start, len(lines)) if key.match(lines[i])), None)
    if at is None:
        return
    pad = key.match(lines[at]).group(1)  # type: ignore[union-attr]
    i = at + 1
    while i < len(lines) and re.match(rf"^{pad}  - ", lines[i]):
        if lines[i].split("- ", 1)[1].strip() in ids:
            del lines[i]
        else:
            i += 1
    if i == at + 1:
        lines[at] = f"{pad}{group}: []"


def add_to_newest(changelog: Path, groups: Mapping[str, list[str]]) -> None:
    """List rule IDs under ``reworded``/``editorial`` of the last version of ``changelog``
    (taking them out of the other list), keeping its comments and layout."""
    lines = changelog.read_text(encoding="utf-8").split("\n")
    start = max(i for i, line in enumerate(lines) if re.match(r"^\s+- version:", line))
    for group, ids in groups.items():
        _drop(lines, start, "editorial" if group == "reworded" else "reworded", set(ids))
        end = len(lines)
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1
        _list_lines(lines, start, end, group, ids)
    changelog.write_text("\n".join(lines), encoding="utf-8")
    if not isinstance(load_yaml(changelog), dict):
        raise SiteError(f"{changelog}: not a mapping after the edit")


def publish(root: Path, texts: Mapping[str, Mapping[str, Any]],
            versions: tuple[Version, ...], *, amend: bool = False,
            write: bool = True) -> Report:
    """Compare the current rules with the version before the newest; if every rule whose
    words changed is listed in the newest version (``added``, ``reworded`` or
    ``editorial``) and every listed rule changed, write the newest version's record.

    A record already written is rewritten only with ``amend`` (a version still being
    prepared): a released version's record is what it published, for good.
    """
    newest = versions[-1]
    previous = versions[-2].version if len(versions) > 1 else None
    current = digests(texts)
    before = read_record(root, previous) if previous else {}
    changes = changed(before, current) if previous else {}
    listed = {r: "reworded" for r in newest.reworded}
    listed |= {r: "editorial" for r in newest.editorial}
    listed |= {r: "added" for r in newest.added}
    touched = {rule for rules in changes.values() for rule in rules}
    report = Report(newest.version, previous, changes, listed,
                    sorted(touched - listed.keys()),
                    sorted(set(newest.reworded) | set(newest.editorial)) and sorted(
                        (set(newest.reworded) | set(newest.editorial)) - touched))
    if report.unlisted or report.unchanged or not write:
        return report
    path = record_path(root, newest.version)
    if path.is_file() and read_record(root, newest.version) != current and not amend:
        raise SiteError(
            f"{path}: version {newest.version} already has a record and the text differs from "
            f"it: if {newest.version} is not out yet, run publish with --amend; otherwise add "
            f"a new version to {root / 'changelog.yml'}")
    report.written = write_record(
        root, newest.version, current,
        f"SHA-256 of each rule's title and text as version {newest.version} published them; "
        "written by `python -m rulesite publish`")
    return report
