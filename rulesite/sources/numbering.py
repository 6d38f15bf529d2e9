"""``locales/<game>/changelog.yml``: a game's rules versions, and the rule numbers each one
published.

Rule numbers are printed on handouts, so once published a number names the same rule for
good. Each version lists the numbers it published for the first time; :func:`load_changelog`
checks that the numbers in ``structure.yml`` are exactly the published ones that are not
retired: a number that moved, a number reused, or a rule without a published number stops
the build, naming the file and the key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulesite.errors import ExtraKeyError, MalformedEntryError, MissingKeyError
from rulesite.sources.yamlio import load_yaml

VERSION_RE = re.compile(r"^[0-9]+\.[0-9]+$")
DATE_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
NUMBER_RE = re.compile(r"^[1-9][0-9]*\.[1-9][0-9]*$")
REQUIRED = {"version", "date", "summary", "numbers", "added", "reworded", "retired"}
# Only the first version: the numbers rules had before numbering was frozen, and the old
# numbers whose rule was folded into another one (old number -> the rule that now says it).
FIRST_ONLY = {"before", "before_merged"}
# Optional in every version: rules whose words changed while their meaning did not.
OPTIONAL = {"editorial"}


@dataclass(frozen=True)
class Version:
    """One published version of the rules text."""

    version: str  # "1.0"
    date: str  # ISO date of publication
    summary: str  # note ID: the version's summary, in each language's text.yml
    numbers: dict[str, str]  # rule ID -> number, published for the first time here
    added: tuple[str, ...]  # rule IDs new in this version
    reworded: tuple[str, ...]  # rule IDs whose text changed in substance
    retired: tuple[str, ...]  # rule IDs withdrawn; their numbers are never used again
    before: dict[str, str]  # first version only: rule ID -> its number before the freeze
    before_merged: dict[str, str]  # first version only: old number -> rule now stating it
    editorial: tuple[str, ...] = ()  # rule IDs reworded without a change of meaning


def _ids(raw: Any, path: Path, key: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(i, str) for i in raw):
        raise MalformedEntryError(path, key, f"expected a list of rule IDs, got {raw!r}")
    return tuple(raw)


def _numbers(raw: Any, path: Path, key: str) -> dict[str, str]:
    if not isinstance(raw, dict):
        raise MalformedEntryError(path, key, f"expected a mapping of rule ID to number, "
                                             f"got {raw!r}")
    for rule, number in raw.items():
        if not isinstance(number, str) or not NUMBER_RE.match(number):
            raise MalformedEntryError(path, f"{key}.{rule}",
                                      f"expected a quoted number such as '6.4', got {number!r}")
    return dict(raw)


def _version(raw: Any, path: Path, key: str, first: bool) -> Version:
    if not isinstance(raw, dict):
        raise MalformedEntryError(path, key, f"expected a mapping, got {raw!r}")
    for name in sorted(REQUIRED - raw.keys()):
        raise MissingKeyError(path, f"{key}.{name}", "required")
    allowed = REQUIRED | OPTIONAL | (FIRST_ONLY if first else set())
    for name in sorted(raw.keys() - allowed):
        raise ExtraKeyError(path, f"{key}.{name}", f"unknown key; expected {sorted(allowed)}")
    version, date = raw["version"], raw["date"]
    if not isinstance(version, str) or not VERSION_RE.match(version):
        raise MalformedEntryError(path, f"{key}.version",
                                  f"expected a quoted version such as '1.2', got {version!r}")
    if not isinstance(date, str) or not DATE_RE.match(date):
        raise MalformedEntryError(path, f"{key}.date",
                                  f"expected a quoted date 'YYYY-MM-DD', got {date!r}")
    before_merged = raw.get("before_merged", {})
    if not isinstance(before_merged, dict):
        raise MalformedEntryError(path, f"{key}.before_merged",
                                  "expected a mapping of old number to rule ID")
    return Version(version, date, str(raw["summary"]),
                   _numbers(raw["numbers"], path, f"{key}.numbers"),
                   _ids(raw["added"], path, f"{key}.added"),
                   _ids(raw["reworded"], path, f"{key}.reworded"),
                   _ids(raw["retired"], path, f"{key}.retired"),
                   _numbers(raw.get("before", {}), path, f"{key}.before"),
                   {str(k): v for k, v in before_merged.items()},
                   _ids(raw.get("editorial", []), path, f"{key}.editorial"))


def check_history(versions: tuple[Version, ...], numbers: dict[str, str], path: Path) -> None:
    """The published numbers never move and are never reused; ``numbers`` (rule ID -> number,
    from structure.yml) holds exactly the published rules not retired, each at its number."""
    published: dict[str, str] = {}  # rule ID -> number, every version so far
    holder: dict[str, str] = {}  # number -> rule ID that first published it
    retired: set[str] = set()
    seen_versions: set[str] = set()
    for v in versions:
        key = f"versions.{v.version}"
        if v.version in seen_versions:
            raise MalformedEntryError(path, f"{key}.version", "this version is listed twice")
        seen_versions.add(v.version)
        for rule, number in v.numbers.items():
            if rule in published:
                raise MalformedEntryError(
                    path, f"{key}.numbers.{rule}",
                    f"rule {rule!r} was already published as {published[rule]}: a rule keeps "
                    f"its number for good")
            if number in holder:
                raise MalformedEntryError(
                    path, f"{key}.numbers.{rule}",
                    f"{number} was already published for rule {holder[number]!r}: a number is "
                    f"never reused, take the next free number of the chapter")
            published[rule], holder[number] = number, rule
        for rule in v.retired:
            if rule not in published or rule in retired:
                raise MalformedEntryError(path, f"{key}.retired",
                                          f"{rule!r} is not a published rule still in use")
            retired.add(rule)
        if v is not versions[0] and set(v.added) != set(v.numbers):
            raise MalformedEntryError(path, f"{key}.added",
                                      "a later version adds exactly the rules it gives numbers")
        for rule in sorted(set(v.reworded) & set(v.editorial)):
            raise MalformedEntryError(path, f"{key}.editorial",
                                      f"{rule!r} is also under reworded: choose one")
        for group in ("added", "reworded", "editorial"):
            for rule in getattr(v, group):
                if rule not in published:
                    raise MalformedEntryError(path, f"{key}.{group}",
                                              f"{rule!r} has no published number")
    for rule, number in numbers.items():
        if rule in retired:
            raise MalformedEntryError(
                path, f"structure.yml: {rule}",
                f"rule {rule!r} was retired; a retired rule's ID and number are not used again")
        if rule not in published:
            taken = max((int(n.split(".")[1]) for n in holder
                         if n.split(".")[0] == number.split(".")[0]), default=0)
            raise MissingKeyError(
                path, f"versions.{versions[-1].version}.numbers.{rule}",
                f"rule {rule!r} is not published: add it to a new version with the next free "
                f"number of its chapter ({number.split('.')[0]}.{taken + 1})")
        if published[rule] != number:
            raise MalformedEntryError(
                path, f"structure.yml: {rule}.number",
                f"rule {rule!r} was published as {published[rule]}, structure.yml now says "
                f"{number}: a published number never moves")
    for rule in sorted(published.keys() - retired - numbers.keys()):
        raise MissingKeyError(
            path, f"versions.{versions[-1].version}.retired",
            f"published rule {rule!r} ({published[rule]}) is gone from structure.yml: list it "
            f"as retired in a new version")


def load_changelog(path: Path, numbers: dict[str, str]) -> tuple[Version, ...]:
    """Read and check ``changelog.yml`` against the current rule ``numbers``."""
    raw = load_yaml(path)
    if not isinstance(raw, dict) or set(raw) != {"versions"}:
        raise MalformedEntryError(path, "(file)", "expected a mapping with one key, versions")
    entries = raw["versions"]
    if not isinstance(entries, list) or not entries:
        raise MalformedEntryError(path, "versions", "expected a non-empty list, oldest first")
    versions = tuple(_version(v, path, f"versions[{i}]", i == 0) for i, v in enumerate(entries))
    check_history(versions, numbers, path)
    return versions
