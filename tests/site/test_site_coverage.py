"""The translation coverage report: counts, missing and extra keys, and its command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rulesite.sources.coverage import coverage, format_report
from rulesite.sources.locales import flatten

REPO = Path(__file__).resolve().parents[2]


def english_keys(locales: Path) -> int:
    import yaml

    def keys(name: str) -> int:
        data = yaml.safe_load((locales / name).read_text(encoding="utf-8"))
        return len(data) if name.endswith("ui.yml") else len(flatten(data))  # ui: one key a string

    return sum(keys(name) for name in ("hanamikoji/en/text.yml", "hanamikoji/en/glossary.yml",
                                       "hanamikoji/en/ui.yml", "site/en/ui.yml"))


def test_complete_fixture(locales: Path) -> None:
    report = coverage(locales)
    assert [lang.lang for lang in report] == ["en", "fr", "ja", "id"]
    total = english_keys(locales)
    for lang in report:
        assert lang.complete and lang.total == lang.present == total
        assert lang.percent == 100.0


def test_gaps_are_listed(locales: Path, edit) -> None:
    total = english_keys(locales)
    edit(locales / "hanamikoji" / "fr" / "text.yml", lambda d: d["rules"].pop("deal-hands"))
    edit(locales / "site" / "fr" / "ui.yml", lambda d: d.update({"widget.unknown": "Inconnu"}))
    (locales / "hanamikoji" / "ja" / "glossary.yml").unlink()
    report = {lang.lang: lang for lang in coverage(locales)}

    fr = report["fr"]
    assert (fr.total, fr.present, fr.missing, fr.extra) == (total, total - 2, 2, 1)
    text = next(f for f in fr.files if f.file == "hanamikoji/fr/text.yml")
    assert text.missing == ("rules.deal-hands.text", "rules.deal-hands.title")
    ui = next(f for f in fr.files if f.file == "site/fr/ui.yml")
    assert ui.extra == ("widget.unknown",)
    assert not fr.complete

    ja_glossary = next(f for f in report["ja"].files if f.file == "hanamikoji/ja/glossary.yml")
    assert ja_glossary.present == 0 and len(ja_glossary.missing) == ja_glossary.total == 8
    assert report["id"].complete

    lines = format_report(list(report.values())).splitlines()
    assert "missing in hanamikoji/fr/text.yml: rules.deal-hands.title" in lines
    assert "extra in site/fr/ui.yml: widget.unknown" in lines
    assert any(line.startswith("fr") and line.endswith(f"{100 * (total - 2) / total:.1f}%")
               for line in lines)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesite", "coverage", *args],
                          capture_output=True, text=True, cwd=REPO, check=False)


def test_command(locales: Path, edit) -> None:
    done = run_cli("--locales", str(locales), "--check")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].split() == ["language", "keys", "present", "missing",
                                                   "extra", "done"]
    edit(locales / "site" / "id" / "ui.yml", lambda d: d.pop("nav.home"))
    assert run_cli("--locales", str(locales)).returncode == 0  # a report, not a check
    failed = run_cli("--locales", str(locales), "--check")
    assert failed.returncode == 1
    assert "missing in site/id/ui.yml: nav.home" in failed.stdout
