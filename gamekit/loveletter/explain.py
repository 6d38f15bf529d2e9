"""Love Letter's steps in words: one sentence or a few per step, and the outcome, as HTML in
the language of the interface strings (the ``ll.*`` keys).

With ``viewer``, the steps must already be concealed to that seat
(``session.conceal_step``): a sentence that needs a card the seat may not know has a wording
without it (``*_hidden``), chosen because the card is absent from the step's data, so the
words cannot say what the data does not hold.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from gamekit.words import escape as escape  # re-exported: the session and tests use it here
from gamekit.words import join, keep_marks, plural, sentences

FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
NAMES = {0: "spy", 1: "guard", 2: "priest", 3: "baron", 4: "handmaid", 5: "prince",
         6: "chancellor", 7: "king", 8: "countess", 9: "princess"}


def fill(template: str, fields: Mapping[str, str]) -> str:
    """The escaped ``template`` with each ``{name}`` replaced by ``fields[name]`` (HTML); a
    chip and the punctuation after it never part at the end of a line."""
    return keep_marks(FIELD.sub(lambda m: fields[m.group(1)], escape(template)))


class Explainer:
    """Words for the steps of one timeline, in one language, for one viewer."""

    def __init__(self, ui: Mapping[str, Any], viewer: str | None = None) -> None:
        self.ui = ui
        self.viewer = viewer

    def t(self, key: str, **fields: object) -> str:
        return fill(self.ui[key], {k: v if isinstance(v, str) else str(v)
                                   for k, v in fields.items()})

    def count(self, key: str, n: int) -> str:
        return self.t(key, n=n) if isinstance(self.ui[key], str) else \
            fill(self.ui[key][plural(self.ui, n)], {"n": str(n)})

    def chip(self, card: int) -> str:
        """A card in a sentence: its number and its name."""
        return (f'<span class="ll-chip ll-c{card}"><b>{card}</b>\u00a0'
                f'{escape(self.ui[f"ll.card.{card}"])}</span>')

    def chips(self, cards: list[int]) -> str:
        return join(self.ui, [self.chip(c) for c in cards])

    def step(self, step: Mapping[str, Any]) -> str:
        kind = step["kind"]
        if kind == "start":
            return self.t("ll.step.start", players=step["players"],
                          target=self.count("ll.count.tokens", step["board"]["target"]))
        if kind == "deal":
            parts = [self.t("ll.step.deal", round=step["board"]["round"], player=step["first"])]
            if step["board"]["face_up"]:
                parts.append(self.t("ll.step.face_up", cards=self.chips(step["board"]["face_up"])))
            return sentences(parts)
        parts = [self.keep(step) if kind == "keep" else self.play(step)]
        # No sentence of its own for a player knocked out: each card's sentence names who
        # (the Guard's and the Prince's target, the Baron's loser, the Princess's player).
        if step.get("round_end"):
            parts.append(self.round_end(step["round_end"], deck_said=self.said_deck_empty(step)))
        return sentences(parts)

    @staticmethod
    def said_deck_empty(step: Mapping[str, Any]) -> bool:
        """Whether the play's own sentence says the deck is empty: a Chancellor with nothing
        to draw, or a Prince's target taking the card set aside (the round then ends on the
        empty deck, and its sentence need not say so again)."""
        if step["kind"] != "play":
            return False
        effect = step["effect"]
        # set_aside is never true for a Princess discarded: her player is out, drawing nothing.
        return ((step["card"] == 6 and not effect.get("drawn"))
                or (step["card"] == 5 and bool(effect.get("set_aside"))))

    def play(self, step: Mapping[str, Any]) -> str:
        card, who, target = step["card"], step["player"], step.get("target")
        effect = step["effect"]
        name = NAMES[card]
        base = {"player": who, "card": self.chip(card)}
        if target is None and card in (1, 2, 3, 7):
            return self.t("ll.step.no_target", **base)
        base["target"] = target or ""
        if card == 1:
            key = "ll.step.guard_hit" if effect["hit"] else "ll.step.guard_miss"
            return self.t(key, guess=self.chip(step["guess"]), **base)
        if card == 2:
            if "seen" in effect:
                return self.t("ll.step.priest", seen=self.chip(effect["seen"]), **base)
            return self.t("ll.step.priest_hidden", **base)
        if card == 3:
            knocked = effect.get("knocked", [])
            if "cards" in effect:
                mine, theirs = (self.chip(c) for c in effect["cards"])
                if not knocked:
                    return self.t("ll.step.baron_tie", mine=mine, theirs=theirs, **base)
                return self.t("ll.step.baron", mine=mine, theirs=theirs, loser=knocked[0],
                              **base)
            if not knocked:
                return self.t("ll.step.baron_tie_hidden", **base)
            return self.t("ll.step.baron_hidden", loser=knocked[0], **base)
        if card == 5:
            dropped = self.chip(effect["discarded"])
            if effect.get("knocked"):
                return self.t("ll.step.prince_princess", discarded=dropped, **base)
            key = "ll.step.prince_set_aside" if effect["set_aside"] else "ll.step.prince"
            return self.t(key, discarded=dropped, **base)
        if card == 6:
            if not effect["drawn"]:
                return self.t("ll.step.chancellor_empty", **base)
            return self.t("ll.step.chancellor", drawn=self.count("ll.count.cards",
                                                                  effect["drawn"]), **base)
        if card == 7:
            if "cards" in effect:
                mine, theirs = (self.chip(c) for c in effect["cards"])
                return self.t("ll.step.king", mine=mine, theirs=theirs, **base)
            return self.t("ll.step.king_hidden", **base)
        return self.t(f"ll.step.{name}", **base)

    def keep(self, step: Mapping[str, Any]) -> str:
        effect = step["effect"]
        if "kept" in effect:
            return self.t("ll.step.keep", player=step["player"], kept=self.chip(effect["kept"]),
                          bottom=self.chips(effect["bottom"]))
        return self.t("ll.step.keep_hidden", player=step["player"],
                      bottom=self.count("ll.count.cards", len(effect["bottom"])))

    def round_end(self, end: Mapping[str, Any], deck_said: bool = False) -> str:
        winners = join(self.ui, list(end["winners"]))
        if end["reason"] == "last-standing":
            parts = [self.t("ll.step.round_last", round=end["round"], player=winners)]
        else:
            hands = join(self.ui, [f"{s}\u00a0{self.chip(c)}" for s, c in end["hands"].items()])
            key = "ll.step.round_deck_said" if deck_said else "ll.step.round_deck"
            parts = [self.t(key, round=end["round"], hands=hands, players=winners)]
        if end["spy"] is not None:
            parts.append(self.t("ll.step.spy_token", player=end["spy"]))
        return sentences(parts)

    def final(self, steps: list[dict[str, Any]]) -> str:
        last = steps[-1]
        if last.get("outcome"):
            o = last["outcome"]
            tokens = join(self.ui, [f"{s}\u00a0{n}" for s, n in zip("ABCDEF", o["tokens"],
                                                                      strict=False)])
            return self.t("ll.outcome.win", players=join(self.ui, list(o["winners"])),
                          rounds=o["rounds"],
                          tokens=tokens)
        b = last["board"]
        if b["phase"] == "deal":
            return self.t("ll.outcome.deal_due", round=b["round"] + 1)
        return self.t("ll.outcome.ongoing", player=b["to_move"])


def explain(steps: list[dict[str, Any]], ui: Mapping[str, Any],
            viewer: str | None = None) -> dict[str, Any]:
    """``{"texts": [HTML per step], "outcome": HTML}`` for a timeline
    (``session.timeline``, concealed to ``viewer`` if one is given)."""
    words = Explainer(ui, viewer)
    return {"texts": [words.step(s) for s in steps], "outcome": words.final(steps)}
