"""Love Letter's timeline and the games played on its pages: what the Play page and "what if?"
call in the worker (through :func:`gamekit.call`), as ``gamekit/hanamikoji/session.py`` does
for Hanamikoji. Standard library and the engine only; every function is pure: the game lives
in the caller's record.

- A *record* is the JSON text of a ``loveletter.Record`` (``format``, ``version``,
  ``players``, ``variant``, ``moves``). Every record given is untrusted: it is size-checked,
  parsed and replayed by the engine, and refused as a whole if anything in it is wrong.
- ``viewer`` is a seat (``"A"`` to ``"F"``) or ``None`` (everything shown, as in the rules'
  examples). With a seat, steps are concealed to what that seat's ``View`` holds
  (:func:`conceal_step`) before anything is drawn or worded.
- A failure is returned, never raised: ``{"error": {"kind", "message", "path", "rule"}}``,
  ``kind`` one of ``link``, ``json``, ``record``, ``notation``, ``illegal``, ``turn``,
  ``level``, ``size``, ``seat``; ``rule`` the ID of the rule broken (``loveletter.Rule``).

A game in progress leaves the page only as its seat may know it (:func:`conceal`, the
engine's ``loveletter.conceal``): the concealed record names its seat and carries that seat's
history (deals as their starting seat, others' Chancellor choices blanked) and what the seat
saw each move do. :func:`load` and :func:`open_link` read it back into a whole game with
``loveletter.resume``: every card the seat never placed is dealt afresh at random, so that the
game agrees with everything the seat saw, and the page plays on in that seat. The other
calls take whole records only (the page keeps the game it plays in memory).

Steps (:func:`timeline`): ``start`` (before the first deal), ``deal``, ``play``, ``keep``.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from gamekit.loveletter import board as _board
from gamekit.loveletter import explain as _explain
from gamekit.sessions import Reader, Refusal, Strings, link_text, refused
from gamekit.sessions import dump as dump
from gamekit.sessions import link as link  # a page call (dump too is used as ours)
from loveletter import (
    SEATS,
    Card,
    Deal,
    EndReason,
    Game,
    HeuristicPlayer,
    IllegalActionError,
    Keep,
    LoveLetterError,
    Move,
    NotationError,
    Phase,
    Play,
    RandomPlayer,
    Record,
    RecordError,
    ResumeLimitError,
    SearchPlayer,
    Variant,
    View,
    parse_move,
)
from loveletter import conceal as conceal_game
from loveletter import resume as resume_game
from loveletter._record import MAX_CHARS, parse_json
from loveletter._resume import FORMAT as CONCEALED

MAX_TEXT = MAX_CHARS
"""Characters of a record (or decoded link) read at most: the engine's limit."""
MAX_MOVES = 5_000
"""Moves of a record read at most (a game of 6 players lasts a few hundred)."""
LEVELS = ("random", "heuristic", "search")
"""The opponent's levels: ``loveletter.RandomPlayer``, ``HeuristicPlayer``, and the
information-set search of ``SearchPlayer`` within :data:`SEARCH_ITERATIONS` and
:data:`SEARCH_SECONDS`."""
SEARCH_ITERATIONS = 200
SEARCH_SECONDS = 1.0
"""The search level's budget per decision: it stops at whichever comes first, so it keeps its
pace on a slow phone and plays exactly its iterations on a fast machine."""

CARD_RULES = {0: "spy-token", 1: "guard-miss", 2: "priest-look", 3: "baron-compare",
              4: "handmaid-protection", 5: "prince-discard", 6: "chancellor-keep-one",
              7: "king-trade", 8: "countess-forced", 9: "princess-out"}
"""The rule each card's play follows (the page links it)."""
STEP_RULES = {"start": "setup-first-player", "deal": "round-deal", "keep": "chancellor-keep-one"}


t = Strings(_explain.fill)
"""The interface string ``key`` of ``ui`` as HTML: ``t(ui, key, **fields)``."""


def seat(index: int | None) -> str | None:
    return None if index is None else SEATS[index]


# --- the timeline -------------------------------------------------------------------------

def snapshot(game: Game) -> dict[str, Any]:
    """The board of ``game`` as plain data, every card shown (``conceal_step`` hides); hands
    sorted, as a player's ``View`` holds them."""
    result = game.results[-1] if game.results and game.phase in (Phase.DEAL, Phase.OVER) \
        else None
    shown = result is not None and result.reason is EndReason.DECK_EMPTY
    seats = []
    for p in range(game.players):
        seats.append({
            "seat": SEATS[p], "hand": list(game.hand(p)), "discards": list(game.discards[p]),
            "tokens": game.tokens[p], "active": game.active[p], "protected": game.protected[p],
            "known": {SEATS[o]: c for o, c in game.known[p].items()},
        })
    return {
        "round": game.round_number, "phase": game.phase.value, "to_move": seat(game.to_move),
        "first": SEATS[game.first_player], "deck": len(game.pile),
        "set_aside": game.set_aside is not None, "set_aside_card": game.set_aside,
        "face_up": list(game.face_up), "target": game.target_tokens, "shown": shown,
        "seats": seats,
    }


def _effect(before: Game, move: Move, after: Game) -> dict[str, Any]:
    """What ``move`` did, from the game before and after it (every card shown)."""
    me = before.to_move
    assert me is not None
    out: dict[str, Any] = {}
    knocked = [SEATS[p] for p in range(before.players) if before.active[p] and not after.active[p]]
    if knocked:
        out["knocked"] = knocked
    if isinstance(move, Keep):
        out.update(kept=move.card, bottom=list(move.bottom))
        return out
    assert isinstance(move, Play)
    target = move.target
    if move.card == Card.GUARD and target is not None:
        out["hit"] = bool(knocked)
    elif move.card == Card.PRIEST and target is not None:
        out["seen"] = before.hands[target][0]
    elif move.card in (Card.BARON, Card.KING) and target is not None:
        mine = [c for c in before.hands[me]]
        mine.remove(move.card)
        out["cards"] = [mine[0], before.hands[target][0]]
    elif move.card == Card.PRINCE and target is not None:
        held = [c for c in before.hands[target]]
        if target == me:
            held.remove(move.card)
        out["discarded"] = held[0]
        out["set_aside"] = before.set_aside is not None and after.set_aside is None
    elif move.card == Card.CHANCELLOR:
        out["drawn"] = len(before.pile) - len(after.pile)
    return out


def _round_end(game: Game) -> dict[str, Any]:
    r = game.results[-1]
    return {"round": r.number, "reason": r.reason.value, "winners": [SEATS[w] for w in r.winners],
            "spy": seat(r.spy), "tokens": list(game.tokens),
            "hands": {SEATS[p]: h for p, h in enumerate(r.hands) if h is not None}}


def timeline(record: Record) -> list[dict[str, Any]]:
    """Every step of the game of ``record`` as plain data, every card shown: ``start``, then
    one step a move (``deal``, ``play``, ``keep``), each with ``board`` (:func:`snapshot`
    after it), ``moves`` (moves applied), ``effect`` (what the move did), ``round_end`` and
    ``outcome`` where the move ended a round or the game."""
    game = Game(record.players, record.variant)
    steps: list[dict[str, Any]] = [{
        "index": 0, "kind": "start", "player": None, "move": None, "moves": 0,
        "players": record.players, "variant": record.variant.value,
        "board": snapshot(game)}]
    for i, move in enumerate(record.moves):
        before = game.copy()
        rounds = len(game.results)
        game.apply(move)
        step: dict[str, Any] = {"index": i + 1, "moves": i + 1, "move": str(move)}
        if isinstance(move, Deal):
            step.update(kind="deal", player=None, first=SEATS[move.first])
        else:
            step.update(kind="keep" if isinstance(move, Keep) else "play",
                        player=seat(before.to_move), effect=_effect(before, move, game))
            if isinstance(move, Play):
                step.update(card=move.card, target=seat(move.target), guess=move.guess)
        if len(game.results) > rounds:
            step["round_end"] = _round_end(game)
        if game.outcome is not None:
            step["outcome"] = {"winners": [SEATS[w] for w in game.outcome.winners],
                               "tokens": list(game.outcome.tokens),
                               "rounds": game.outcome.rounds}
        step["board"] = snapshot(game)
        steps.append(step)
    return steps


def conceal_step(step: dict[str, Any], viewer: str) -> dict[str, Any]:
    """A copy of ``step`` holding only what ``viewer`` may know after it (its ``View``):
    other hands are ``None`` unless the viewer's own card showed them (``seen``) or the
    round ended at an empty deck (hands shown); the set-aside card, deals, other players'
    Chancellor draws and choices, and what a Priest, Baron or King showed others are
    removed."""
    step = json.loads(json.dumps(step))
    board = step["board"]
    board["set_aside_card"] = None
    mine = next(p["known"] for p in board["seats"] if p["seat"] == viewer)
    for p in board["seats"]:
        del p["known"]  # what each seat saw of the others: the viewer's own is ``mine``
    for p in board["seats"]:
        if p["seat"] == viewer or not p["hand"] or (board["shown"] and p["active"]):
            continue
        seen = mine.get(p["seat"])
        hidden: list[int | None] = [None] * len(p["hand"])
        if seen is not None:  # the card the viewer saw, beside the one drawn since
            hidden[0] = seen
        p["hand"] = hidden
        p["seen"] = seen is not None
    if step["kind"] == "deal":
        step["move"] = "D" + step["first"]
    effect = step.get("effect", {})
    if step["player"] != viewer:
        involved = viewer == step.get("target")
        if not involved:
            effect.pop("seen", None)
            effect.pop("cards", None)
        if step["kind"] == "keep":
            step["move"] = "K?"
            effect.pop("kept", None)
            effect["bottom"] = [None] * len(effect["bottom"])
    end = step.get("round_end")
    if end is not None and end["reason"] == "last-standing":
        end["hands"] = {}
    return step


def steps_for(record: Record, viewer: str | None) -> list[dict[str, Any]]:
    """The timeline as ``viewer`` may know it (all of it for ``None``)."""
    steps = timeline(record)
    return steps if viewer is None else [conceal_step(s, viewer) for s in steps]


# --- reading untrusted records ------------------------------------------------------------

_READER = Reader(t, _explain.escape, parse_json, RecordError, MAX_TEXT, MAX_MOVES,
                 lambda rule: f"ll.illegal.{rule}", "ll.",
                 columns=False)
"""Untrusted JSON text parsed within the engine's bounds (``loveletter._record``'s
:func:`parse_json`: a deep text is refused before parsing) and :data:`MAX_MOVES`, or
refused."""


def _checked(data: Any, ui: dict[str, Any] | None, kind: str) -> Record:
    try:
        return Record.from_json(data)
    except RecordError as error:
        problem = error.problems[0]
        raise _READER.refusal(ui, kind, problem.path, problem.rule) from None


def _parse(text: object, ui: dict[str, Any] | None, kind: str = "record") -> Record:
    return _checked(_READER.json(text, ui, kind), ui, kind)


def _opened(text: object, ui: dict[str, Any] | None,
            kind: str) -> tuple[Record, str | None, str | None]:
    """A whole record or a concealed one from untrusted text: the whole game (a concealed
    one's hidden cards dealt afresh, ``random.SystemRandom``), the seat a concealed record
    belongs to and its text (``None`` for a whole record)."""
    data = _READER.json(text, ui, kind)
    if not (isinstance(data, dict) and data.get("format") == CONCEALED):
        return _checked(data, ui, kind), None, None
    try:
        record, seat, concealed = resume_game(data)
    except ResumeLimitError as error:
        raise Refusal(kind, t(ui, "ll.play.error.resume_limit"),
                      error.problems[0].path) from None
    except RecordError as error:
        problem = error.problems[0]
        raise _READER.refusal(ui, kind, problem.path, problem.rule) from None
    # resume() has concealed the game again to check it against the text read: its answer is
    # that text in the engine's spelling, with no second replay of the whole game.
    return record, SEATS[seat], _dumps(concealed)


def _viewer(viewer: object, players: int, ui: dict[str, Any] | None) -> str | None:
    if viewer is None:
        return None
    if not isinstance(viewer, str) or viewer not in SEATS[:players] or len(viewer) != 1:
        raise Refusal("seat", t(ui, "ll.play.error.seat", seat=_explain.escape(str(viewer)),
                                last=SEATS[players - 1]))
    return viewer


# --- a game in progress as one seat may know it ---------------------------------------------

def conceal(record: Record, viewer: str) -> str:
    """The record as ``viewer`` may know it: a finished game whole; a game in progress as a
    concealed record (``loveletter.conceal``: its history as the seat saw it and what the seat
    saw each move do, none of the cards it never saw)."""
    if record.replay().outcome is not None:
        return dump(record)
    return _dumps(conceal_game(record, SEATS.index(viewer)))


def _dumps(concealed: dict[str, Any]) -> str:
    """A concealed record's text, as the page saves and shares it."""
    return json.dumps(concealed, ensure_ascii=False, separators=(",", ":"))


# --- a new game, moves, deals, the opponent -----------------------------------------------

def _deal(game: Game, seed: int) -> Deal:
    """The next round's deal from ``seed`` and the round number; after a tie, the seat that
    starts is drawn among the tied winners (the publisher leaves the choice to the table)."""
    rng = random.Random(f"loveletter-deal/{seed}/{game.round_number + 1}")
    first = rng.choice(game.first_choices)
    deck = list(game.deck)
    rng.shuffle(deck)
    return Deal(first, tuple(deck))


@refused
def new_game(players: int, variant: str, seed: int) -> dict[str, Any]:
    """A new game of ``players`` (2 to 6) with ``variant`` (``standard`` or ``classic``),
    round 1 dealt from ``seed``; seat A starts. ``{"record"}``."""
    try:
        game = Game(players, variant)
    except NotationError as error:
        raise Refusal("record", _explain.escape(str(error)), "$.variant") from None
    except LoveLetterError as error:
        raise Refusal("record", _explain.escape(str(error)), "$.players") from None
    game.apply(_deal(game, seed))
    return {"record": dump(Record.from_game(game))}


@refused
def deal(record: str, seed: int) -> dict[str, Any]:
    """The record with the next round dealt from ``seed``; refused with the rule when no
    deal is due (a round under way, or the game over)."""
    game = _parse(record, None).replay()
    if game.phase is not Phase.DEAL:
        rule = "game-end" if game.phase is Phase.OVER else "round-deal"
        raise Refusal("illegal", "no deal is due", None, rule)
    game.apply(_deal(game, seed))
    return {"record": dump(Record.from_game(game))}


@refused
def play(record: str, move: str, ui: dict[str, Any],
         viewer: str | None = None) -> dict[str, Any]:
    """The record after ``move`` (notation: ``1>B=9``, ``4``, ``5>A``, ``K3/51``); refused
    with the rule it breaks, or (with ``viewer``) if it is not that seat's decision. A deal
    is never a reader's move."""
    rec = _parse(record, ui)
    game = rec.replay()
    who = _viewer(viewer, rec.players, ui)
    try:
        parsed = parse_move(move)
    except NotationError:
        raise Refusal("notation", t(ui, "ll.play.error.notation",
                                    move=_explain.escape(str(move)))) from None
    if isinstance(parsed, Deal):
        raise Refusal("illegal", t(ui, "ll.illegal.round-deal"), None, "round-deal")
    if who is not None and game.to_move is not None and SEATS[game.to_move] != who:
        raise Refusal("turn", t(ui, "ll.illegal.turn-order"), None, "turn-order")
    try:
        game.apply(parsed)
    except IllegalActionError as error:
        rule = error.rule.value
        raise Refusal("illegal", t(ui, f"ll.illegal.{rule}"), None, rule) from None
    return {"record": dump(Record.from_game(game))}


def _search(view: View, legal: tuple[Move, ...], seed: int, seconds: float | None) -> Move:
    """The search level's decision: ``SearchPlayer`` from ``view`` only, stopped by
    :data:`SEARCH_ITERATIONS` or ``seconds``, whichever comes first."""
    return SearchPlayer(SEARCH_ITERATIONS, seed=seed, time_limit=seconds).choose(view, legal)


@refused
def opponent(record: str, level: str, seed: int, timed: bool = True) -> dict[str, Any]:
    """The engine's decision for the seat to move, applied, taken from that seat's ``View``
    only: ``random``, ``heuristic`` or ``search`` (:data:`LEVELS`), seeded by ``seed`` and
    the number of moves (untimed, the same game, level and seed give the same decision).
    ``{"record", "move"}``, ``move`` as the other seats see it (a Chancellor's choice is
    ``K?``)."""
    if level not in LEVELS:
        raise Refusal("level", f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    game = _parse(record, None).replay()
    who = game.to_move
    if who is None:
        raise Refusal("turn", "nobody is to decide", None, "turn-order")
    view, legal = View(game, who), game.legal_actions()
    decision_seed = seed * 8192 + len(game.moves)
    move: Move
    if level == "random":
        move = RandomPlayer(seed=decision_seed).choose(view, legal)
    elif level == "heuristic":
        move = HeuristicPlayer(seed=decision_seed).choose(view, legal)
    else:
        move = _search(view, legal, decision_seed, SEARCH_SECONDS if timed else None)
    game.apply(move)
    return {"record": dump(Record.from_game(game)),
            "move": "K?" if isinstance(move, Keep) else str(move)}


# --- what a page shows --------------------------------------------------------------------

def _rule(step: dict[str, Any]) -> str:
    if step["kind"] == "play":
        return CARD_RULES[step["card"]]
    return STEP_RULES[step["kind"]]


def _brief(step: dict[str, Any], text: str) -> dict[str, Any]:
    return {"index": step["index"], "kind": step["kind"], "player": step["player"],
            "move": step["move"], "moves": step["moves"], "html": text, "rule": _rule(step)}


@refused
def position(record: str, ui: dict[str, Any], viewer: str | None = None,
             step: int | None = None) -> dict[str, Any]:
    """Everything the Play page shows at ``step`` of the timeline (default: the last):
    ``board`` (HTML for ``viewer``), ``players``, ``variant``, ``round``, ``phase``,
    ``to_move``, ``step``, ``last``, ``moves``, ``live``, ``hand`` (the viewer's, or the
    hand of the seat to move without a viewer), ``legal`` (moves in notation, live and the
    viewer's decision or no viewer), ``deal_due``, ``tokens``, ``target``, ``outcome``
    (with ``html`` and ``rule`` at the end), ``steps`` (``{"index", "kind", "player",
    "move", "moves", "html", "rule"}`` up to this one, words as the viewer may know them),
    ``now`` and ``concealed`` (the game as the viewer may know it, what the page saves and
    shares of a game in progress)."""
    rec = _parse(record, ui)
    who = _viewer(viewer, rec.players, ui)
    steps = steps_for(rec, who)
    last = len(steps) - 1
    index = last if step is None else step
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= last:
        raise Refusal("record", t(ui, "ll.play.error.no_step",
                                  step=_explain.escape(str(step)), last=last))
    shown = steps[: index + 1]
    words = _explain.explain(shown, ui, viewer=who)
    current = shown[-1]
    b = current["board"]
    live = index == last
    game = rec.replay() if live else None
    to_move = b["to_move"]
    deciding = live and to_move is not None and who in (None, to_move)
    legal = [str(m) for m in game.legal_actions()] if deciding and game else []
    hand_of = who or to_move
    hand: list[int | None] = []
    if hand_of:
        hand = next(p["hand"] for p in b["seats"] if p["seat"] == hand_of)
    outcome = None
    if live and current.get("outcome"):
        outcome = {**current["outcome"], "html": words["outcome"], "rule": "game-end"}
    return {
        "board": _board.Board(ui, viewer=who).draw(current),
        "players": rec.players,
        "variant": rec.variant.value,
        "round": b["round"],
        "phase": b["phase"],
        "to_move": to_move,
        "step": index,
        "last": last,
        "moves": current["moves"],
        "live": live,
        "hand": list(hand),
        "legal": legal,
        "deal_due": bool(live and game is not None and game.phase is Phase.DEAL),
        "tokens": [p["tokens"] for p in b["seats"]],
        "target": b["target"],
        "outcome": outcome,
        "steps": [_brief(s, w) for s, w in zip(shown, words["texts"], strict=True)],
        "now": words["texts"][-1],
        "concealed": conceal(rec, who) if who and live and not outcome else None,
    }


@refused
def replay(record: str, ui: dict[str, Any], viewer: str | None = None) -> dict[str, Any]:
    """Every step's board (``boards``) and words (``steps``) for ``viewer``, and the
    ``outcome`` in words."""
    rec = _parse(record, ui)
    who = _viewer(viewer, rec.players, ui)
    steps = steps_for(rec, who)
    words = _explain.explain(steps, ui, viewer=who)
    drawer = _board.Board(ui, viewer=who)
    return {"boards": [drawer.draw(s) for s in steps],
            "steps": [_brief(s, w) for s, w in zip(steps, words["texts"], strict=True)],
            "outcome": words["outcome"], "players": rec.players, "variant": rec.variant.value}


# --- files and links ----------------------------------------------------------------------

@refused
def load(text: str, ui: dict[str, Any]) -> dict[str, Any]:
    """A record file's text, checked and replayed: ``{"record", "seat", "concealed"}``,
    ``record`` as compact text; for a concealed record (a game in progress saved by its
    seat) the whole game rebuilt from it (:func:`_opened`), its seat and its text, else
    ``None`` for both."""
    record, seat, concealed = _opened(text, ui, "record")
    return {"record": dump(record), "seat": seat, "concealed": concealed}


@refused
def open_link(fragment: str, ui: dict[str, Any]) -> dict[str, Any]:
    """A share link's fragment (with or without ``#``), checked: ``{"record", "step",
    "seat", "concealed"}``, ``step`` being the moves applied (``None``: all of them), ``seat``
    and ``concealed`` as :func:`load` gives them."""
    text, step = link_text(fragment, MAX_TEXT,
                           Refusal("link", t(ui, "ll.play.error.link_damaged")))
    try:
        record, seat, concealed = _opened(text, ui, "link")
    except Refusal as refusal:
        error = refusal.error
        raise Refusal("link", t(ui, "ll.play.error.link_refused", why=error["message"]),
                      error["path"], error["rule"]) from None
    moves = None
    if step is not None:
        if not re.fullmatch(r"\d{1,6}", step) or int(step) > len(record.moves):
            raise Refusal("link", t(ui, "ll.play.error.link_refused", why=t(
                ui, "ll.play.error.no_step", step=_explain.escape(step),
                last=len(record.moves))))
        moves = int(step)
    return {"record": dump(record), "step": moves, "seat": seat, "concealed": concealed}


@refused
def step_of_moves(record: str, moves: int) -> dict[str, Any]:
    """``{"step"}``: the timeline step showing the position after ``moves`` moves (one step
    a move: the same number, capped at the last)."""
    rec = _parse(record, None)
    if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
        raise Refusal("record", f"moves: expected a count from 0, got {moves!r}")
    return {"step": min(moves, len(rec.moves))}


def variants() -> tuple[str, ...]:
    """The variants the Play page offers, in order."""
    return tuple(v.value for v in Variant)

