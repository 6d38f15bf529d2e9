"""No rule's text changes silently: each version's record (locales/<game>/published/<v>.json) holds
what it published, the build refuses a rule that differs from the newest record, and
``python -m rulesite publish`` records a change only once changelog.yml lists it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from rulesite.__main__ import main
from rulesite.build import build
from rulesite.errors import SiteError
from rulesite.sources import published
from rulesite.sources.locales import load

REPO = Path(__file__).resolve().parents[2]
LOCALES = REPO / "locales"
GAME = LOCALES / "hanamikoji"  # its changelog.yml and published/
NEWEST = load(LOCALES, "hanamikoji").structure.versions[-1]
# A rule whose change the newest version lists already (a version that changed no words
# would need another way to pick one).
RULE = next(iter([*NEWEST.editorial, *NEWEST.reworded]))


def test_the_1_0_record_is_what_the_1_0_commit_published() -> None:
    record = json.loads((GAME / "published" / "1.0.json").read_text(encoding="utf-8"))
    commit = record["commit"]
    texts = {}
    for lang in ("en", "fr", "ja", "id"):
        source = subprocess.run(["git", "show", f"{commit}:locales/{lang}/text.yml"],
                                cwd=REPO, capture_output=True, text=True, check=True).stdout
        texts[lang] = yaml.safe_load(source)
    assert record["rules"] == published.digests(texts)
    # that commit published 1.0: its changelog ends with 1.0, with the same rule numbers
    changelog = subprocess.run(["git", "show", f"{commit}:locales/changelog.yml"], cwd=REPO,
                               capture_output=True, text=True, check=True).stdout
    versions = yaml.safe_load(changelog)["versions"]
    assert [v["version"] for v in versions] == ["1.0"]
    assert set(versions[0]["numbers"]) == set(record["rules"]["en"])


def test_the_current_text_is_the_newest_versions_record() -> None:
    locales = load(LOCALES)
    newest = locales.structure.versions[-1].version
    assert published.read_record(GAME, newest) == published.digests(locales.texts())
    published.check_current(GAME, locales.structure.versions, locales.texts())


def test_every_rule_changed_since_the_version_before_is_listed_in_the_newest() -> None:
    locales = load(LOCALES)
    versions = locales.structure.versions
    report = published.publish(GAME, locales.texts(), versions, write=False)
    assert report.previous == versions[-2].version
    assert not report.unlisted and not report.unchanged
    # Each rule the newest version lists changed in some language, and none other did.
    listed = {*versions[-1].added, *versions[-1].reworded, *versions[-1].editorial}
    assert {rule for rules in report.changes.values() for rule in rules} == listed


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    root = tmp_path / "locales"
    shutil.copytree(LOCALES, root)
    return root


def reword(root: Path, lang: str = "fr") -> int:
    """Change RULE's text in ``lang``; returns the line where that text starts."""
    file = root / "hanamikoji" / lang / "text.yml"
    lines = file.read_text(encoding="utf-8").split("\n")
    at = lines.index(f"  {RULE}:")
    text = next(i for i in range(at, at + 4) if lines[i].startswith("    text:"))
    body = text + 1 if lines[text].rstrip().endswith(">-") else text
    lines[body] = lines[body] + " Exemple."
    file.write_text("\n".join(lines), encoding="utf-8")
    return text + 1


def test_a_changed_rule_without_a_changelog_entry_stops_the_build(copy: Path,
                                                                 tmp_path: Path) -> None:
    line = reword(copy)
    with pytest.raises(published.UnpublishedChangeError) as error:
        build(copy, tmp_path / "site", work=tmp_path / "work", pyodide=False)
    message = str(error.value)
    file = copy / "hanamikoji" / "fr" / "text.yml"
    assert message.startswith(f"{file}: rules.{RULE}.text (line {line}):")
    assert f"version {NEWEST.version}" in message and "python -m rulesite publish" in message
    assert "`reworded`" in message and "`editorial`" in message
    assert not (tmp_path / "site").exists()


def test_publish_refuses_an_unlisted_change_then_records_a_listed_one(
        copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_file = copy / "hanamikoji" / "published" / f"{NEWEST.version}.json"
    record = record_file.read_text(encoding="utf-8")
    reword(copy, "id")
    reworded = next(r for r in load(copy).structure.versions[-1].editorial)
    assert main(["publish", "--locales", str(copy), "--check"]) == 0  # already listed: fine
    # a rule the newest version does not list: refused, named per language, record untouched
    listed = {*load(copy).structure.versions[-1].reworded,
              *load(copy).structure.versions[-1].editorial}
    fresh = next(rule for rule, kind in load(copy).structure.kind_of.items()
                 if kind == "rule" and rule not in listed)
    file = copy / "hanamikoji" / "en" / "text.yml"
    text = file.read_text(encoding="utf-8")
    file.write_text(re.sub(rf"(\n  {fresh}:\n    title: \")", r"\1The ", text, count=1),
                    encoding="utf-8")
    capsys.readouterr()
    assert main(["publish", "--locales", str(copy), "--amend"]) == 1
    out = capsys.readouterr().out
    assert f"\n    {fresh} (title): NOT LISTED" in out.split("  fr:")[0]  # named under en
    assert f"      - {fresh}" in out
    assert record_file.read_text(encoding="utf-8") == record
    # listed (here as a change of meaning): recorded, and the build's check passes
    assert main(["publish", "--locales", str(copy), "--reworded", fresh, "--amend"]) == 0
    locales = load(copy)
    assert fresh in locales.structure.versions[-1].reworded
    assert reworded in locales.structure.versions[-1].editorial
    published.check_current(copy / "hanamikoji", locales.structure.versions, locales.texts())
    assert record_file.read_text(encoding="utf-8") != record
    # a rule listed as editorial, reclassified: it moves to reworded, and is in one list only
    assert main(["publish", "--locales", str(copy), "--reworded", RULE, "--amend"]) == 0
    version = load(copy).structure.versions[-1]
    assert RULE in version.reworded and RULE not in version.editorial


def test_a_released_record_is_not_rewritten_without_amend(copy: Path) -> None:
    reword(copy, "fr")  # listed in the newest version already
    with pytest.raises(SiteError, match="--amend"):
        locales = load(copy)
        published.publish(copy / "hanamikoji", locales.texts(), locales.structure.versions)
