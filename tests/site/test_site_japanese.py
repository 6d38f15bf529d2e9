"""The Japanese locale follows the EmperorS4 Japanese rulebook's terms and one typography:
the rulebook's words for the phases, for winning a geisha (迎える), for meeting a goal
(満たす) and for the optional rule's tie (引き分け); 自分 / 相手 / 手番プレイヤー rather
than あなた in the rules (the Play page and "what if?" speak to the reader, as Japanese game
screens do, with あなた); 『』 around the game's title, ブラウザー, and no space between
Japanese and Latin letters or digits. Code spans are left alone."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import yaml
from locale_strings import LOCALES, locale_strings

JA = r"[\u3040-\u30ff\u4e00-\u9fff]"
# A proper name that keeps its own spaces: Creative Commons' Japanese licence title.
NAMES = ("クリエイティブ・コモンズ 表示 4.0 国際",)

# Words the Japanese pages no longer use, with the term that replaced them.
RETIRED = {
    "判定": "マーカーの更新 (フェイズ3) / 比べる",
    "獲得": "迎える",
    "好意を得": "迎える",
    "達成": "満たす",
    "両者の勝利": "引き分け",
    "次ラウンドの準備": "次ラウンドへの移行",
    "あなた": "自分 / 相手 / 手番プレイヤー",
}
# A retired word may still be quoted as a word (the changelog says what was renamed).
QUOTED = re.compile(r"「[^」]*」")
# Messages addressed to the person playing: there 自分 would read as the program itself.
ADDRESSED = re.compile(r"ja/ui\.yml: (play|whatif)\.")


def japanese() -> Iterator[tuple[str, str]]:
    for where, text in locale_strings("ja"):
        for name in NAMES:
            text = text.replace(name, "NAME")
        yield where, text


@pytest.mark.parametrize("word", sorted(RETIRED))
def test_retired_terms_are_gone(word: str) -> None:
    found = [where for where, value in japanese() if word in QUOTED.sub("", value)
             and not (word == "あなた" and ADDRESSED.match(where))]
    assert not found, f"{word!r} is no longer a term of the Japanese pages " \
                      f"(use {RETIRED[word]}):\n" + "\n".join(found)


def test_rulebook_phase_names_head_the_phases() -> None:
    text = yaml.safe_load((LOCALES / "hanamikoji" / "ja" / "text.yml").read_text(encoding="utf-8"))
    titles = {key: text["sections"][key]["title"]
              for key in ("phase-deal", "phase-actions", "scoring-geishas")}
    assert titles == {"phase-deal": "フェイズ1：ラウンドの準備",  # noqa: RUF001
                      "phase-actions": "フェイズ2：アクション",  # noqa: RUF001
                      "scoring-geishas": "フェイズ3：マーカーの更新"}  # noqa: RUF001
    glossary = yaml.safe_load((LOCALES / "hanamikoji" / "ja" / "glossary.yml")
                              .read_text(encoding="utf-8"))
    assert glossary["shared-victory"]["term"] == "引き分け"
    assert glossary["scoring-phase"]["term"] == "マーカーの更新"


def test_no_space_between_japanese_and_latin() -> None:
    spaced = re.compile(rf"{JA} +[A-Za-z0-9{{]|[A-Za-z0-9}}] +{JA}")
    wrong = [f"{where}: {value[max(0, m.start() - 10):m.end() + 10]!r}"
             for where, value in japanese() for m in spaced.finditer(value)]
    assert not wrong, "No space between Japanese and Latin letters or digits:\n" + "\n".join(wrong)


def test_title_in_double_brackets() -> None:
    wrong = [where for where, value in japanese() if "「花見小路」" in value]
    assert not wrong, "The game's title takes 『』:\n" + "\n".join(wrong)


def test_one_spelling_of_browser() -> None:
    wrong = [where for where, value in japanese() if re.search(r"ブラウザ(?!ー)", value)]
    assert not wrong, "Write ブラウザー:\n" + "\n".join(wrong)


def test_one_slash_between_counts() -> None:
    # "14\uff0f14": the full-width slash (U+FF0F) of the step counter and the status line,
    # everywhere a count stands against another (a half-width one read narrower beside them).
    halves = re.compile(r"(?:\d|\})/(?:\d|\{)")
    wrong = [f"{where}: {value!r}" for where, value in japanese() if halves.search(value)]
    assert not wrong, "Write \uff0f (full-width) between two counts:\n" + "\n".join(wrong)
