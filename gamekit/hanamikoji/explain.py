"""Explain a timeline in words: one sentence or a few per step, and the outcome.

Runs at build time (CPython, ``rulesite/pages/examples.py``) and in the reader's browser (Pyodide,
``worker.js``) with the same interface strings (``locales/<lang>/ui.yml``), so a page and a
live run word every step identically. Returns HTML: the strings are escaped and cards are
drawn as small coloured chips.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from gamekit.words import escape as escape  # re-exported: the sessions and tests use them here
from gamekit.words import join as join
from gamekit.words import keep_marks, sentences
from gamekit.words import plural as plural
from hanamikoji import FACTS, Competition, Gift, parse_move

FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

def fill(template: str, fields: dict[str, str]) -> str:
    """The escaped ``template`` with each ``{name}`` replaced by ``fields[name]`` (HTML); a
    chip and the punctuation after it never part at the end of a line."""
    html = FIELD.sub(lambda m: fields[m.group(1)], escape(template))
    return keep_marks(html)


def count(ui: Mapping[str, Any], key: str, n: int) -> str:
    """The ``count.*`` string ``key`` for ``n`` in its plural form, as HTML ("1 card")."""
    return fill(ui[key][plural(ui, n)], {"n": str(n)})


def chip(card: int) -> str:
    return f'<span class="hk-chip hk-g{card}">{card}</span>'


def chips(ui: Mapping[str, Any], cards: list[int]) -> str:
    """Cards as chips, joined as a list of the language of ``ui``."""
    return join(ui, [chip(card) for card in cards])


def pair(ui: Mapping[str, Any], cards: list[int]) -> str:
    """A pair of cards as one unit, as ``card.pair`` writes it (an en dash, 「2と5」)."""
    first, second = (chip(card) for card in cards)
    return f'<span class="hk-pair">{fill(ui["card.pair"], {"a": first, "b": second})}</span>'


def _offer(steps: list[dict[str, Any]], index: int, field: str) -> list[Any]:
    """The cards (``field`` "cards") or pairs ("pairs") offered before the pick at ``index``:
    from the offer's step, or, when the timeline starts between an offer and its answer (a
    concealed game resumed or opened from a link), from the position's pending offer."""
    before = steps[index - 1]
    if field in before and before["kind"] in ("gift", "competition"):
        return list(before[field])
    offer = parse_move(before["board"]["pending"])
    if isinstance(offer, Gift):
        return list(offer.cards)
    assert isinstance(offer, Competition)
    return [list(pair) for pair in offer.pairs]


def _without(cards: list[Any], taken: Any) -> list[Any]:
    rest = list(cards)
    rest.remove(taken)
    return rest


class Explainer:
    """Words for the steps of one timeline, in one language."""

    def __init__(self, ui: Mapping[str, Any]) -> None:
        self.ui = ui

    def t(self, key: str, **fields: object) -> str:
        return fill(self.ui[key], {k: v if isinstance(v, str) else str(v)
                                   for k, v in fields.items()})

    def count(self, key: str, n: int) -> str:
        return count(self.ui, key, n)

    @staticmethod
    def player(name: str | None) -> str:
        """Players are A and B in every language, as in the notation."""
        return escape(name or "?")

    @staticmethod
    def other(name: str) -> str:
        return "B" if name == "A" else "A"

    def step(self, steps: list[dict[str, Any]], index: int) -> str:
        step = steps[index]
        kind, board = step["kind"], step["board"]
        who = self.player(step["player"])
        them = self.player(self.other(step["player"])) if step["player"] else ""
        if kind == "start":
            if board["phase"] == "deal":
                return self.t("step.start_deal", round=board["round"],
                              player=self.player(board["starting"]))
            return self.t("step.start", round=board["round"], player=self.player(board["to_move"]))
        if kind == "deal":
            return self.t("step.deal", round=board["round"], player=who)
        if kind == "secret":
            return self.t("step.secret", player=who, cards=chips(self.ui, step["cards"]))
        if kind == "trade-off":
            return self.t("step.tradeoff", player=who, cards=chips(self.ui, step["cards"]))
        if kind == "gift":
            return self.t("step.gift", player=who, opponent=them,
                          cards=chips(self.ui, step["cards"]))
        if kind == "competition":
            first, second = step["pairs"]
            return self.t("step.competition", player=who, opponent=them,
                          pair1=pair(self.ui, first), pair2=pair(self.ui, second))
        if kind == "gift-pick":
            kept = _without(_offer(steps, index, "cards"), step["cards"][0])
            return self.t("step.gift_pick", player=who, opponent=them,
                          cards=chips(self.ui, step["cards"]), kept=chips(self.ui, kept))
        if kind == "competition-pick":
            kept = _without(_offer(steps, index, "pairs"), step["cards"])[0]
            return self.t("step.competition_pick", player=who, opponent=them,
                          cards=pair(self.ui, step["cards"]), kept=pair(self.ui, kept))
        if kind == "scoring":
            return self.scoring(step, last=index == len(steps) - 1)
        raise ValueError(f"unknown step kind {kind!r}")

    def scoring(self, step: dict[str, Any], *, last: bool) -> str:
        """The scoring in words. How the game goes on (next round) is said here except after
        the last step, where :meth:`final` says it, once, as it says the outcome."""
        score, board = step["scoring"], step["board"]
        secret_a, secret_b = (chips(self.ui, [card]) if card is not None else "—"
                              for card in score["secrets"])
        parts = [
            self.t("step.scoring", round=score["round"], player_a=self.player("A"),
                   player_b=self.player("B"), secret_a=secret_a, secret_b=secret_b),
            self.t("step.scoring_moved", geishas=chips(self.ui, score["moved"])) if score["moved"]
            else self.t("step.scoring_unmoved"),
            self.t("step.scoring_totals", player_a=self.player("A"), player_b=self.player("B"),
                   geishas_a=self.count("count.geishas", score["geishas"][0]),
                   geishas_b=self.count("count.geishas", score["geishas"][1]),
                   charm_a=self.count("count.charm", score["charm"][0]),
                   charm_b=self.count("count.charm", score["charm"][1])),
        ]
        if not last and not step.get("outcome"):
            parts.append(self.t("step.next_round", round=score["round"] + 1,
                                player=self.player(self.other(board["starting"]))))
        return sentences(parts)

    def outcome(self, outcome: dict[str, Any]) -> str:
        """The result and its reason, in two sentences."""
        winners, rnd = outcome["winners"], outcome["round"]
        geishas, charm = outcome["geishas"], outcome["charm"]
        if len(winners) == 1:
            head = self.t("outcome.win", player=self.player(winners[0]), round=rnd)
        elif winners:
            head = self.t("outcome.shared", round=rnd)
        else:
            head = self.t("outcome.no_winner", round=rnd)
        w = 0 if winners[:1] == ["A"] else 1
        lose = 1 - w
        fields: dict[str, object] = {
            "round": rnd,
            "winner": self.player("AB"[w]),
            "loser": self.player("AB"[lose]),
            "geishas": self.count("count.geishas", geishas[w]),
            "charm": self.count("count.charm", charm[w]),
            "geishas_w": geishas[w],
            "geishas_l": geishas[lose],
            "charm_w": charm[w],
            "charm_l": charm[lose],
        }
        reason = outcome["reason"]
        if reason == "geishas":
            fields["goal"] = FACTS["win_geishas"]
        elif reason == "charm":
            fields["goal"] = FACTS["win_charm"]
        elif reason == "charm-beats-geishas":
            fields["geishas"] = self.count("count.geishas", geishas[lose])
        key = f"reason.{reason}"
        used = set(FIELD.findall(self.ui[key]))
        return sentences([head, self.t(key, **{k: v for k, v in fields.items() if k in used})])

    def final(self, steps: list[dict[str, Any]]) -> str:
        """The sentence under the steps, the only place that says how the example ends: who
        won and why, or how the game goes on."""
        last = steps[-1]
        if last.get("outcome"):
            return self.outcome(last["outcome"])
        board = last["board"]
        if last["kind"] == "scoring":  # the next round waits for its deal
            return self.t("outcome.ongoing_deal", round=last["scoring"]["round"] + 1,
                          player=self.player(self.other(board["starting"])))
        if board["phase"] == "deal":
            return self.t("outcome.ongoing_deal", round=board["round"],
                          player=self.player(board["starting"]))
        return self.t("outcome.ongoing", player=self.player(board["to_move"]))


def explain(steps: list[dict[str, Any]], ui: Mapping[str, Any]) -> dict[str, Any]:
    """``{"texts": [HTML per step], "outcome": HTML}`` for a timeline (``Step.to_json()``)."""
    words = Explainer(ui)
    return {"texts": [words.step(steps, i) for i in range(len(steps))],
            "outcome": words.final(steps)}
