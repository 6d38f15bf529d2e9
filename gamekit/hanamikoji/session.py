"""Interactive games on the site: every board a reader plays on is driven from here.

The Play page and the "what if?" boards of the examples call these functions; they run in
CPython (tests, build) and in the reader's browser, where ``worker.js`` reaches it through
:func:`gamekit.call` and answers ``{type: "call", id, fn, args}`` with the function's
result as JSON (see worker.js). Standard library and the engine only.

Contract (every function is pure: the game lives in the caller's record, nothing is kept
here between calls):

- A *record* is the JSON text of a game record (``hanamikoji.Record``, the documented
  ``record.schema.json``). Every record given is untrusted: it is checked and replayed by the
  engine before anything else, and refused as a whole if anything in it is wrong. Records
  returned are compact JSON text (:func:`dump`).
- ``ui`` is the page's interface strings (``locales/<lang>/ui.yml``: the ``widget.*``,
  ``step.*``, ``outcome.*``, ``reason.*`` and ``play.*`` keys at least). Every text returned
  is HTML in that language (strings escaped, cards drawn as chips).
- ``viewer`` is the seat (``"A"``/``"B"``) the page shows the game to, or ``None`` to show
  every card (a finished game studied, an example). With a viewer, nothing hidden from that
  seat is drawn or said: the other hand, the removed card, the other player's face-down
  Secret (until scoring reveals it) and Trade-off, the draw order. Those values are blanked
  in the data before drawing and the steps' notation says ``S?``/``T??``/``D``. The record
  itself is the whole game (the worker needs it to go on), so the page keeps it in memory
  only: what it saves, shares and downloads of a game in progress is the *concealed record*
  of its seat (:func:`conceal`), and the deals and the engine's seeds it passes are fresh
  randomness drawn for each call (``crypto.getRandomValues``), never stored.
- A failure is returned, never raised: ``{"error": {"kind", "message", "path", "rule"}}``
  where ``message`` is HTML in the page's language naming what is wrong, ``path`` the JSON
  path in the record (``$.moves[3]``) or ``None``, and ``rule`` the ID of the rule broken
  (a page links it as ``<rules page>#<rule>``) or ``None``. ``kind`` is one of ``link``,
  ``json``, ``record``, ``notation``, ``illegal``, ``turn``, ``level``, ``size``.

Functions:

- :func:`new_game` ``(edition, seed)``: a new game, round 1 dealt. ``{"record"}``.
- :func:`position` ``(record, ui, viewer=None, step=None)``: everything a page shows at
  step ``step`` of the game's timeline (default: the last), see :func:`position`.
- :func:`replay` ``(record, ui, viewer=None)``: every step's board and words, to step
  through a game on the page without calling the worker again.
- :func:`play` ``(record, move, viewer=None)``: the record after ``move`` (notation such as
  ``G267`` or ``P6``), or an error naming the rule the move breaks. ``{"record"}``.
- :func:`deal` ``(record, seed)``: deals the next round (a chance event, seeded: the page
  draws a fresh seed for each deal).
- :func:`opponent` ``(record, level, seed)``: the engine's decision for whoever is to move
  (an ``MCTSPlayer`` at ``level``, seeded, deciding from its own ``View`` only), applied.
  ``{"record", "move"}``: ``move`` in notation as the *other* seat sees it (``S?``).
- :func:`load` ``(text, ui)``: a record file's text, checked; ``{"record", "seat",
  "concealed"}`` (a concealed record opens in its seat with its hidden cards dealt afresh).
- :func:`conceal` ``(record, seat)``: a game as one seat may know it (not a page call:
  :func:`position` returns it as ``concealed``).
- :func:`open_link` ``(fragment, ui)``: a share link's fragment
  (``record=<base64url>&step=N``, see :func:`link`), checked; ``{"record", "step"}`` where
  ``step`` is the number of moves applied (``None``: all).
- :func:`link` ``(record, step=None)``: the fragment that :func:`open_link` reads.
- :func:`step_of_moves` ``(record, moves)``: the timeline step showing the position after
  that many moves (share links count moves; a timeline also has scoring steps).
- :func:`cut` ``(record, moves)``: the record's first ``moves`` moves (Play on from a step).

Steps are those of ``hanamikoji.timeline``: ``start``, ``deal``, ``secret``, ``trade-off``,
``gift``, ``competition``, ``gift-pick``, ``competition-pick``, ``scoring``.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any

import hanamikoji
from gamekit.hanamikoji import board as _board
from gamekit.hanamikoji import explain as _explain
from gamekit.sessions import Reader, Refusal, Strings, link_text, refused
from gamekit.sessions import dump as dump
from gamekit.sessions import link as link  # a page call (dump too is used as ours)
from hanamikoji import (
    FULL_DECK,
    Deal,
    Edition,
    Game,
    IllegalActionError,
    MCTSPlayer,
    NotationError,
    Phase,
    Player,
    Record,
    RecordError,
    View,
    parse_move,
)
from hanamikoji._record import FORMAT, MAX_CHARS, VERSION, parse_json
from hanamikoji._record import MAX_MOVES as _MAX_MOVES

LEVELS = {
    "easy": 50,
    "default": MCTSPlayer.DEFAULT_ITERATIONS,
    "strong": MCTSPlayer.STRONG_ITERATIONS,
}
"""The opponent's levels: search iterations per decision, at most."""
TIME_LIMITS = {
    "easy": 0.25,
    # 0.5 gave 1.005 s at the 90th percentile on a phone-class CPU; 0.35 gave 0.99 to 1.1 s
    # on 26 Nov's machine, where the rest of a move (the record, the board, its layout) takes
    # 0.3 to 0.7 s
    "default": 0.25,
    "strong": 2.0,
}
"""The opponent's levels: seconds per decision, at most. The search stops at whichever of
its iterations and its time comes first, so a level keeps its pace on a slow phone (where it
then searches less) and plays exactly its iterations on a fast machine. The Play page words
each level by this budget (``play.level.*``): the whole move, with drawing the board, stays
within about a second at the default level and three at the strongest."""
MAX_TEXT = MAX_CHARS
"""Characters of a record (or decoded link) read at most: the engine's limit."""
MAX_MOVES = _MAX_MOVES
"""Moves of a record read at most: the engine's limit."""

MARKERS = {"S": (1, "secret-card"), "T": (2, "tradeoff-cards"), "G": (3, "gift-cards"),
           "C": (4, "competition-cards")}
"""Action marker letter -> (cards it takes, ID of the rule that says so)."""
STEP_RULES = {
    "start": "setup-starting-player",
    "deal": "deal-hands",
    "secret": "secret-card",
    "trade-off": "tradeoff-cards",
    "gift": "gift-cards",
    "competition": "competition-cards",
    "gift-pick": "gift-opponent-takes-one",
    "competition-pick": "competition-opponent-takes-pair",
    "scoring": "scoring-compare",
}
"""The rule each kind of step follows (the page links it)."""
REASON_RULES = {
    "geishas": "end-either-goal",
    "charm": "end-either-goal",
    "geishas-and-charm": "end-either-goal",
    "charm-beats-geishas": "end-charm-beats-geishas",
    "limit-more-geishas": "edition-emperors4-tiebreak",
    "limit-shared": "edition-emperors4-tiebreak",
    "limit-no-winner": "edition-kosmos-tiebreak",
}


t = Strings(_explain.fill)
"""The interface string ``key`` of ``ui`` as HTML: ``t(ui, key, **fields)``."""


# --- reading untrusted records ------------------------------------------------------------

def _parse(text: object, ui: dict[str, Any] | None, kind: str = "record") -> Record:
    """A record from JSON text, every problem refused with a message in the page's language
    (``ui`` may be ``None`` for the page's own records: then the message is the engine's)."""
    return _checked(_READER.json(text, ui, kind), ui, kind)


_READER = Reader(t, _explain.escape, parse_json, RecordError, MAX_TEXT, MAX_MOVES,
                 lambda rule: f"play.illegal.{rule}")
"""Untrusted JSON text parsed within the engine's limits (``hanamikoji.MAX_CHARS``,
``MAX_DEPTH``: a deep text is refused before parsing, as Pyodide's stack overflows before
Python's recursion check) and :data:`MAX_MOVES`, or refused."""


def _checked(data: Any, ui: dict[str, str] | None, kind: str) -> Record:
    try:
        return Record.from_json(data)
    except RecordError as error:
        problem = error.problems[0]
        rule = problem.rule  # set for an illegal move only: never read from quoted text
        if ui is None:
            raise Refusal(kind, str(problem), problem.path, rule) from None
        raise _READER.refusal(ui, kind, problem.path, rule) from None


# --- a game in progress as one seat may know it (share links, files, the saved game) -------

HIDDEN = "0"
"""A card face down in a concealed record: one digit ``0`` in place of a card."""


def conceal(record: Record, seat: str) -> str:
    """The record as ``seat`` may know it: for a finished game, the whole record; for a game
    in progress, a *concealed record*, naming the ``seat`` it belongs to, in which every card
    hidden from that seat is written ``0``:

    - a game from a round's start (its first deal, or a position waiting for a deal): that
      start and every move, each as the seat saw it (:func:`_masked`), so that the steps
      survive a reload and a link: a deal shows only the seat's own hand and its own draws
      so far, the other player's Trade-off is ``T00`` and their Secret ``S0`` until the
      round's scoring shows it;
    - a game set up in the middle of a round: its current position (``start``) with no
      moves, the other hand, the other player's face-down cards, the removed card and the
      draw pile written ``0``.
    """
    game = record.replay()
    if game.outcome is not None:
        return dump(record)
    if record.start is None or not record.start.dealt:
        start = (record.start or Game(record.edition).position()).to_json()
        data = {"format": FORMAT, "version": VERSION, "edition": record.edition.value,
                "seat": seat, "start": start, "moves": _masked(record, seat)}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    start = game.position().to_json()
    if "hands" in start:  # dealt; a position waiting for its deal hides nothing
        other = Player.parse(seat).other.name
        hands = start["hands"]
        assert isinstance(hands, dict)
        hands[other] = HIDDEN * len(hands[other])
        for field, hidden in (("secrets", 0), ("tradeoffs", HIDDEN * 2)):
            held = start[field]
            assert isinstance(held, dict)
            if other in held:
                held[other] = hidden
        start["removed"] = 0
        pile = start["draw_pile"]
        assert isinstance(pile, str)
        start["draw_pile"] = HIDDEN * len(pile)
    data = {"format": FORMAT, "version": VERSION,
            "edition": record.edition.value, "seat": seat, "start": start, "moves": []}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _masked(record: Record, seat: str) -> list[str]:
    """The record's moves as ``seat`` saw them (see :func:`conceal`)."""
    me = Player.parse(seat)
    game = record.replay(0)
    out: list[str] = []
    deals: list[int] = []  # index in out of each deal, and its round's starting player
    starters: list[Player] = []
    for move in record.moves:
        text = str(move)
        mover = game.to_move
        if text[0] == "D":
            deals.append(len(out))
            starters.append(game.starting_player)
        elif mover is not None and mover != me and text[0] in "ST":
            text = text[0] + HIDDEN * (len(text) - 1)  # the Secret is shown again below
        out.append(text)
        game.apply(move)
    for i, move in enumerate(record.moves):  # a Secret is shown at its round's scoring
        if str(move)[0] == "S" and (any(d > i for d in deals) or game.phase is Phase.DEAL):
            out[i] = str(move)
    for n, (at, starter) in enumerate(zip(deals, starters, strict=True)):
        cards = out[at][1:]
        current = n == len(deals) - 1 and game.phase is not Phase.DEAL
        drawn = DRAW_SLOTS - len(game.draw_pile) if current else DRAW_SLOTS
        mine = range(1, 7) if starter == me else range(7, 13)
        keep = set(mine) | {13 + i for i in range(drawn) if (i % 2 == 0) == (starter == me)}
        out[at] = "D" + "".join(c if j in keep else HIDDEN for j, c in enumerate(cards))
    return out


DRAW_SLOTS = 8
"""Cards in a round's draw pile (``D`` notation: the last 8 of its 21 digits)."""
MASKED_MOVE = re.compile(r"S[0-7]|T[0-7]{2}|G[1-7]{3}|C[1-7]{2}-[1-7]{2}|P[1-7]{1,2}|D[0-7]{21}")
"""A move of a concealed record (``0``: a card the seat did not see)."""


def _unmask(data: dict[str, Any], seat: str, ui: dict[str, str] | None, kind: str) -> Record:
    """A concealed record with moves made whole (see :func:`conceal`): each round's hidden
    cards dealt at random (``random.SystemRandom``) from the cards the seat never saw, placed
    so that the other player held each card before playing it; then checked and replayed
    like any record, so a forged history is refused like a forged record."""
    moves = data["moves"]
    bad = Refusal(kind, t(ui, "play.error.bad_field", path="$.moves"), "$.moves")
    if not all(isinstance(m, str) and MASKED_MOVE.fullmatch(m) for m in moves) \
            or not moves or moves[0][0] != "D":
        raise bad
    start = _checked({**data, "moves": []}, ui, kind)
    if start.start is not None and start.start.dealt:
        raise bad  # a history starts from a round's start (see conceal)
    game = start.replay()
    me = Player.parse(seat)
    rng = random.SystemRandom()
    whole: list[str] = []
    rounds = [i for i, m in enumerate(moves) if m[0] == "D"] + [len(moves)]
    for begin, end in itertools.pairwise(rounds):
        if game.phase is not Phase.DEAL:
            raise bad
        starter = game.starting_player
        segment = _unmask_round(moves[begin:end], starter, me, rng)
        if segment is None:
            raise bad
        for text in segment:
            try:
                game.apply(parse_move(text))
            except (IllegalActionError, NotationError):
                raise bad from None
        whole += segment
    return _checked({**data, "moves": whole}, ui, kind)


def _unmask_round(moves: list[str], starter: Player, me: Player,
                  rng: random.Random) -> list[str] | None:
    """One round's moves (its deal first) made whole, or ``None`` if they cannot be."""
    deal = list(moves[0][1:])
    other = me.other
    theirs = list(range(1, 7) if starter == other else range(7, 13))
    theirs += [13 + i for i in range(DRAW_SLOTS) if (i % 2 == 0) == (starter == other)]
    mine = range(1, 7) if starter == me else range(7, 13)
    if any(deal[j] != HIDDEN for j in theirs) or any(deal[j] == HIDDEN for j in mine):
        return None  # the other player's cards unseen, the seat's own hand seen
    # Who makes each move: actions alternate from the starter, a pick answers the offer.
    actions, played = 0, []  # played: (index in moves) of the other player's actions
    mover = starter
    for i, text in enumerate(moves[1:], start=1):
        if text[0] == "D":
            return None
        if text[0] == "P":
            continue
        mover = starter if actions % 2 == 0 else starter.other
        actions += 1
        if mover == other:
            played.append(i)
        elif HIDDEN in text:
            return None  # the seat's own moves are never hidden from it
    pool = list(FULL_DECK)
    known = [c for c in deal if c != HIDDEN] + [c for i in played for c in moves[i][1:]
                                                if c.isdigit() and c != HIDDEN]
    for card in known:
        if int(card) not in pool:
            return None
        pool.remove(int(card))
    rng.shuffle(pool)
    out = list(moves)
    sequence: list[str] = []
    for i in played:
        text = "".join(str(pool.pop()) if c == HIDDEN else c for c in moves[i])
        out[i] = text
        sequence += [c for c in text[1:] if c.isdigit()]
    if len(sequence) > len(theirs):
        return None
    while len(sequence) < len(theirs) and pool:
        sequence.append(str(pool.pop()))
    for j, card in zip(theirs, sequence, strict=False):
        deal[j] = card
    for j, card in enumerate(deal):
        if card == HIDDEN:
            if not pool:
                return None
            deal[j] = str(pool.pop())
    if pool:
        return None
    out[0] = "D" + "".join(deal)
    return out


def _cards_known(value: object) -> list[int]:
    if isinstance(value, str) and re.fullmatch(r"[0-7]*", value):
        return [int(c) for c in value if c != HIDDEN]
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 7:
        return [value]
    return []


def _reveal(data: dict[str, Any], ui: dict[str, str] | None, kind: str) -> Record:
    """A concealed record made whole: the cards written ``0`` dealt at random (fresh
    randomness, ``random.SystemRandom``) from the cards the seat cannot see, so that the
    position is one the public facts allow; then checked like any record. The other seat's
    real cards are not in the text, so they cannot come out of it."""
    seat = data.pop("seat")
    start = data.get("start")
    bad = Refusal(kind, t(ui, "play.error.bad_field", path="$.seat"), "$.seat")
    if seat in ("A", "B") and isinstance(data.get("moves"), list) and data["moves"]:
        return _unmask(data, seat, ui, kind)
    if seat not in ("A", "B") or data.get("moves") != [] or not isinstance(start, dict):
        raise bad
    other = "B" if seat == "A" else "A"
    known: list[int] = []
    holes: list[tuple[str, str | None]] = []  # (field, player): where a 0 may stand
    for field in ("hands", "table", "secrets", "tradeoffs"):
        sides = start.get(field)
        if not isinstance(sides, dict):
            continue
        for side, value in sides.items():
            known += _cards_known(value)
            hidden = (value.count(HIDDEN) if isinstance(value, str)
                      else int(value == 0 and not isinstance(value, bool)))
            if hidden and (side != other or field == "table"):
                raise Refusal(kind, t(ui, "play.error.bad_field",
                                         path=f"$.start.{field}.{_explain.escape(side)}"),
                              f"$.start.{field}.{side}")
            holes += [(field, side)] * hidden
    for field in ("removed", "draw_pile"):
        known += _cards_known(start.get(field))
        value = start.get(field)
        holes += [(field, None)] * (value.count(HIDDEN) if isinstance(value, str)
                                    else int(value == 0 and not isinstance(value, bool)))
    pending = start.get("pending")
    if isinstance(pending, str) and re.fullmatch(r"G[1-7]{3}|C[1-7]{2}-[1-7]{2}", pending):
        known += [int(c) for c in pending if c.isdigit()]
    unseen = list(FULL_DECK)
    for card in known:
        if card not in unseen:
            raise Refusal(kind, t(ui, "play.error.bad_field", path="$.start"), "$.start")
        unseen.remove(card)
    if len(unseen) != len(holes):
        raise Refusal(kind, t(ui, "play.error.bad_field", path="$.start"), "$.start")
    random.SystemRandom().shuffle(unseen)
    cards = iter(unseen)
    for field, side in holes:
        if side is None:
            value = start[field]
            start[field] = (next(cards) if not isinstance(value, str)
                            else value.replace(HIDDEN, str(next(cards)), 1))
        else:
            value = start[field][side]
            start[field][side] = (next(cards) if not isinstance(value, str)
                                  else value.replace(HIDDEN, str(next(cards)), 1))
    return _checked(data, ui, kind)


def _read(text: object, ui: dict[str, str], kind: str) -> tuple[Record, str | None]:
    """A record or a concealed record (see :func:`conceal`) from untrusted text, and the seat
    a concealed one belongs to (``None`` for a whole record)."""
    data = _READER.json(text, ui, kind)
    if isinstance(data, dict) and "seat" in data:
        seat = data["seat"]
        return _reveal(data, ui, kind), seat  # _reveal refuses any seat but "A" or "B"
    return _checked(data, ui, kind), None


def _game(record: Record) -> hanamikoji.Game:
    return record.replay()


# --- a new game, moves, deals, the opponent -----------------------------------------------

def _shuffled(seed: int, round_number: int) -> Deal:
    cards = list(FULL_DECK)
    random.Random(f"hanamikoji-deal/{seed}/{round_number}").shuffle(cards)
    return Deal(tuple(cards))


@refused
def new_game(edition: str, seed: int) -> dict[str, Any]:
    """A new game of ``edition`` (``emperors4``, ``emperors4-3-rounds``, ``kosmos``) with
    round 1 dealt from ``seed``. Player A starts the first round."""
    try:
        game = hanamikoji.Game(Edition.parse(edition))
    except NotationError as error:
        raise Refusal("record", str(error), "$.edition") from None
    game.deal(_shuffled(seed, 1))
    return {"record": dump(Record.from_game(game))}


@refused
def deal(record: str, seed: int) -> dict[str, Any]:
    """The record with the next round dealt from ``seed`` (the page's game seed: each
    round's deck follows from it and the round number)."""
    game = _game(_parse(record, None))
    if game.phase is not Phase.DEAL:
        try:  # refused before anything is dealt; the engine names the rule: one deal per
            game.deal()  # round (4.1), or the rule that ended the game (14.3, 15.2, 15.4)
        except IllegalActionError as error:
            raise Refusal("illegal", "no deal is due", None, error.rule.value) from None
    game.deal(_shuffled(seed, game.round_number))
    return {"record": dump(Record.from_game(game))}


@refused
def play(record: str, move: str, ui: dict[str, Any],
         viewer: str | None = None) -> dict[str, Any]:
    """The record after ``move``; refused, with the rule it breaks, if the rules forbid it
    or (with ``viewer``) if it is not that seat's decision."""
    game = _game(_parse(record, ui))
    try:
        parsed = parse_move(move)
    except NotationError:
        raise Refusal("notation", t(ui, "play.error.notation",
                                    move=_explain.escape(str(move)))) from None
    if viewer is not None and game.to_move is not None and game.to_move.name != viewer:
        # The reader is told it is not their decision; the link goes to the rule the engine
        # cites for it (a pick is the receiver's alone, 9.2 and 10.3; turns alternate, 6.1).
        rule = "actions-turn-order"
        try:  # the engine refuses every move from the wrong seat; the game is a local copy
            game.apply(parsed, player=viewer)
        except IllegalActionError as error:
            rule = error.rule.value
        raise Refusal("turn", t(ui, "play.illegal.actions-turn-order"), None, rule)
    if isinstance(parsed, Deal):
        raise Refusal("illegal", t(ui, "play.illegal.round-phase-order"), None,
                      "round-phase-order")
    try:
        game.apply(parsed)
    except IllegalActionError as error:
        raise Refusal("illegal", t(ui, f"play.illegal.{error.rule.value}"), None,
                      error.rule.value) from None
    return {"record": dump(Record.from_game(game))}


@refused
def opponent(record: str, level: str, seed: int, timed: bool = True) -> dict[str, Any]:
    """The engine's decision for the player to move, applied: an ``MCTSPlayer`` with the
    iterations of ``level`` (:data:`LEVELS`), its time (:data:`TIME_LIMITS`, unless
    ``timed`` is false) and a seed made of ``seed`` and the number of moves so far (untimed,
    the same game, level and seed give the same decisions). It decides from its own
    ``View``: it never reads hidden cards."""
    if level not in LEVELS:
        raise Refusal("level", f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    game = _game(_parse(record, None))
    who = game.to_move
    if who is None:
        raise Refusal("turn", "nobody is to decide", None, "actions-turn-order")
    player = MCTSPlayer(iterations=LEVELS[level], seed=seed * 4096 + len(game.moves),
                        time_limit=TIME_LIMITS[level] if timed else None)
    move = player.choose(View(game, who), game.legal_actions())
    game.apply(move)
    return {"record": dump(Record.from_game(game)), "move": _hidden_notation(str(move))}


def _hidden_notation(move: str) -> str:
    """A move as the other seat sees it."""
    return {"S": "S?", "T": "T??", "D": "D"}.get(move[0], move)


# --- what a page shows --------------------------------------------------------------------

def _conceal(board: dict[str, Any], player: str) -> dict[str, Any]:
    """A copy of a step's board with what ``player`` keeps hidden blanked out (0)."""
    board = json.loads(json.dumps(board))
    side = board["players"][player]
    side["hand"] = [0] * len(side["hand"])
    side["tradeoff"] = [0] * len(side["tradeoff"])
    if side["secret"] is not None and not board["revealed"]:
        side["secret"] = 0
    if board["removed"] is not None:
        board["removed"] = 0
    return board


def _steps(record: Record, viewer: str | None) -> list[dict[str, Any]]:
    """The timeline as plain data, as ``viewer`` may see it, each step with ``moves``: the
    number of moves applied at that step."""
    steps: list[dict[str, Any]] = [step.to_json() for step in hanamikoji.timeline(record)]
    applied = 0
    hidden = Player.parse(viewer).other.name if viewer else None
    for step in steps:
        if step["move"] is not None:
            applied += 1
        step["moves"] = applied
        if hidden is None:
            continue
        step["board"] = _conceal(step["board"], hidden)
        if step["kind"] == "deal":
            step["move"] = "D"
        elif step["player"] == hidden and step["kind"] in ("secret", "trade-off"):
            step["move"] = _hidden_notation(step["move"])
            step["count"] = len(step.pop("cards"))
    return steps


def _words(steps: list[dict[str, Any]], ui: dict[str, Any]) -> list[str]:
    words = _explain.Explainer(ui)
    out = []
    for i, step in enumerate(steps):
        if "count" in step:  # the other seat's Secret or Trade-off, cards unseen
            key = "play.step.secret_hidden" if step["kind"] == "secret" else \
                "play.step.tradeoff_hidden"
            out.append(t(ui, key, player=_explain.escape(step["player"])))
        else:
            out.append(words.step(steps, i))
    return out


def _outcome(record: Record, outcome: dict[str, Any] | None,
             steps: list[dict[str, Any]], ui: dict[str, Any]) -> dict[str, Any] | None:
    if outcome is None:
        return None
    reason = outcome["reason"]
    rule = REASON_RULES.get(reason) or (
        "edition-kosmos-tiebreak" if record.edition is Edition.KOSMOS
        else "edition-emperors4-tiebreak")
    return {**outcome, "html": _explain.Explainer(ui).final(steps), "rule": rule}


def _drawer(ui: dict[str, Any], viewer: str | None, **options: Any) -> Any:
    """A board drawer for ``viewer``: the other seat concealed, the viewer's own side
    nearest them (at the bottom), as player B too."""
    conceal = (Player.parse(viewer).other.name,) if viewer else ()
    return _board.Board(ui, conceal=conceal, near=viewer or "A", **options)


def _changed(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The board parts (board.py's names) a move changed, to point out as the rules' figures
    do: the items a player took, the marker they used, the offer they made."""
    parts = []
    for name in ("A", "B"):
        old, new = before["players"][name], after["players"][name]
        parts += [f"items-{name}-{g}" for g in range(1, 8)
                  if old["items"][g - 1] != new["items"][g - 1]]
        parts += [f"marker-{name}-{letter}" for letter in "STGC"
                  if letter in new["used"] and letter not in old["used"]]
    if after["pending"] and after["pending"] != before["pending"]:
        parts.append("offer")
    return parts


def last_move(steps: list[dict[str, Any]], index: int, viewer: str | None) -> list[str]:
    """The parts the other seat's move changed, when the step at ``index`` is that move (the
    Play page marks the engine's last move on the board): nothing for the viewer's own moves,
    deals and scorings (a scoring marks its moved victory markers itself)."""
    step = steps[index]
    if viewer is None or index == 0 or step["player"] in (None, viewer):
        return []
    if step["kind"] in ("deal", "scoring", "start"):
        return []
    return _changed(steps[index - 1]["board"], step["board"])


def _brief(step: dict[str, Any], text: str) -> dict[str, Any]:
    """What a page lists of a step: no board, the words, the rule."""
    return {"index": step["index"], "kind": step["kind"], "player": step["player"],
            "move": step["move"], "moves": step["moves"], "html": text,
            "rule": STEP_RULES[step["kind"]]}


@refused
def position(record: str, ui: dict[str, Any], viewer: str | None = None,
             step: int | None = None) -> dict[str, Any]:
    """Everything a page shows at ``step`` of the timeline (default: the last, the live
    position):

    - ``board``: HTML drawn by board.py for ``viewer``; at the live position, the parts the
      viewer may pick carry ``data-choice``: their hand cards (``hand-P-I`` -> ``I``, the
      index in ``hand``), their unused markers (``marker-P-L`` -> ``L``), and when they
      answer an offer, its cards or pairs (``offer-I`` -> the pick's notation);
    - ``edition``, ``round``, ``phase`` (``deal``, ``action``, ``gift_pick``,
      ``competition_pick``, ``over``, ``scoring``), ``to_move``, ``starting``, ``step``,
      ``last`` (the last step's index), ``moves`` (moves applied at this step), ``live``
      (this is the last step);
    - ``hand``: the viewer's hand (card values in board order; without a viewer, the hand of
      the player to move), or ``[]``;
    - ``markers``: letter -> ``{"used", "cards", "rule"}`` for the player to move (at an
      action);
    - ``drawn``: at an action of the deciding seat, the card they drew to start the turn,
      ``{"card", "index" (in ``hand``), "rule"}``, also pointed out on the board (``rs-hl``);
      the other seat's move that led here is pointed out too (:func:`last_move`), and the
      viewer's own side is drawn nearest them;
    - ``legal``: the legal moves in notation (live and the viewer's decision, or no viewer);
    - ``pending``: ``{"kind": "gift"|"competition", "by", "cards"|"pairs", "picks": [{"move",
      "part", "html"}], "rule"}`` while an offer waits for its answer;
    - ``deal_due``: the next round waits for its deal (live only);
    - ``outcome``: the engine's outcome (``Outcome.to_json()``) with ``html`` (who won and
      why) and ``rule``, once the game is over (at the last step);
    - ``steps``: every step up to this one, ``{"index", "kind", "player", "move", "moves",
      "html", "rule"}`` (words as ``viewer`` may know them);
    - ``now``: the words of this step;
    - ``concealed``: at the live position of a game in progress with a viewer, the game as
      that seat may know it (:func:`conceal`): what the page saves, shares and downloads.
    """
    rec = _parse(record, ui)
    if viewer not in (None, "A", "B"):
        raise Refusal("record", f"unknown seat {viewer!r}")
    steps = _steps(rec, viewer)
    last = len(steps) - 1
    index = last if step is None else step
    if not isinstance(index, int) or not 0 <= index <= last:
        raise Refusal("record", t(ui, "play.error.no_step", step=_explain.escape(str(step)),
                                  last=last))
    shown = steps[: index + 1]
    texts = _words(shown, ui)
    current = shown[-1]
    board = current["board"]
    live = index == last
    game = rec.replay() if live else None
    to_move = board["to_move"]
    deciding = live and to_move is not None and viewer in (None, to_move)
    choices: dict[str, str] = {}
    hand: list[int] = []
    markers: dict[str, Any] = {}
    legal: list[str] = []
    pending = None
    if viewer is not None or to_move is not None:
        hand = list(board["players"][viewer or to_move]["hand"])
    if board["pending"]:
        pending = _pending(board, deciding, ui)
    drawn = None
    if deciding and game is not None:
        legal = [str(m) for m in game.legal_actions()]
        if game.phase is Phase.ACTION:
            drawn = _drawn(game, hand)
            used = board["players"][to_move]["used"]
            for letter, (count, rule) in MARKERS.items():
                markers[letter] = {"used": letter in used, "cards": count,
                                   "rule": "actions-marker-once" if letter in used else rule}
                if letter not in used:
                    choices[f"marker-{to_move}-{letter}"] = letter
            for i, _card in enumerate(board["players"][to_move]["hand"]):
                choices[f"hand-{to_move}-{i}"] = str(i)
        elif pending is not None:
            for pick in pending["picks"]:
                choices[pick["part"]] = pick["move"]
    outcome = _outcome(rec, current.get("outcome"), shown, ui) if live else None
    highlight = [f"hand-{to_move}-{drawn['index']}"] if drawn else []
    highlight += last_move(steps, index, viewer)
    return {
        "board": _drawer(ui, viewer, choices=choices, highlight=highlight).draw(current),
        "edition": rec.edition.value,
        "round": board["round"],
        "phase": board["phase"],
        "to_move": to_move,
        "starting": board["starting"],
        "step": index,
        "last": last,
        "moves": current["moves"],
        "live": live,
        "hand": hand,
        "markers": markers,
        "legal": legal,
        "pending": pending,
        "drawn": drawn,
        "deal_due": bool(live and game is not None and game.phase is Phase.DEAL),
        "outcome": outcome,
        "steps": [_brief(s, text) for s, text in zip(shown, texts, strict=True)],
        "now": texts[-1],
        "concealed": conceal(rec, viewer) if viewer and game and not outcome else None,
    }


def _drawn(game: hanamikoji.Game, hand: list[int]) -> dict[str, Any] | None:
    """The card the player to move drew to start this turn, and its index in ``hand``
    (cards are drawn from the deck of the round's deal: ``Deal.deck[13]`` first)."""
    deal = next((m for m in reversed(game.moves) if isinstance(m, Deal)), None)
    drawn = hanamikoji.FACTS["draw_pile"] - len(game.draw_pile) if deal else 0
    if deal is None or drawn < 1:
        return None
    card = deal.deck[len(deal.deck) - hanamikoji.FACTS["draw_pile"] + drawn - 1]
    return {"card": card, "index": hand.index(card), "rule": "actions-draw-first"}


def _pending(board: dict[str, Any], deciding: bool, ui: dict[str, Any]) -> dict[str, Any]:
    offer = board["pending"]
    by = "A" if board["to_move"] == "B" else "B"
    if offer[0] == "G":
        cards = [int(c) for c in offer[1:]]
        picks = []
        for i, card in enumerate(cards):
            picks.append({"move": f"P{card}", "part": f"offer-{i}",
                          "html": t(ui, "play.pick.card", cards=_explain.chip(card))})
        return {"kind": "gift", "by": by, "cards": cards, "picks": picks,
                "rule": "gift-opponent-takes-one"}
    pairs = [[int(c) for c in half] for half in offer[1:].split("-")]
    picks = [{"move": "P" + "".join(map(str, pair)), "part": f"offer-{i}",
              "html": t(ui, "play.pick.pair", cards=_explain.pair(ui, pair))}
             for i, pair in enumerate(pairs)]
    return {"kind": "competition", "by": by, "pairs": pairs, "picks": picks,
            "rule": "competition-opponent-takes-pair"}


@refused
def replay(record: str, ui: dict[str, Any], viewer: str | None = None) -> dict[str, Any]:
    """Every step's board (``boards``, HTML) and words (``steps`` as in :func:`position`),
    the outcome (``outcome``: HTML, who won and why, or how the game goes on) and its rule
    (``outcome_rule``, or ``None`` while the game goes on)."""
    rec = _parse(record, ui)
    steps = _steps(rec, viewer)
    texts = _words(steps, ui)
    drawer = _drawer(ui, viewer)
    outcome = _outcome(rec, steps[-1].get("outcome"), steps, ui)
    return {
        "boards": [drawer.draw(step) for step in steps],
        "steps": [_brief(s, text) for s, text in zip(steps, texts, strict=True)],
        "outcome": outcome["html"] if outcome else _explain.Explainer(ui).final(steps),
        "outcome_rule": outcome["rule"] if outcome else None,
        "edition": rec.edition.value,
    }


# --- files and links ----------------------------------------------------------------------

@refused
def load(text: str, ui: dict[str, Any]) -> dict[str, Any]:
    """A record file's text (a record or a concealed record), checked and replayed:
    ``{"record", "seat", "concealed"}``: the record as compact text (a concealed one with
    its hidden cards dealt afresh, see :func:`conceal`), the seat a concealed record
    belongs to (``None`` for a whole record) and, for a concealed record, its text again
    (what the page shares and saves of it, never the cards dealt here)."""
    record, seat = _read(text, ui, "record")
    return {"record": dump(record), "seat": seat,
            "concealed": conceal(record, seat) if seat else None}


@refused
def open_link(fragment: str, ui: dict[str, Any]) -> dict[str, Any]:
    """A share link's fragment (with or without ``#``), checked: ``{"record", "step",
    "seat", "concealed"}``, ``step`` being the moves applied (``None``: all of them), the
    other two as :func:`load` gives them."""
    text, step = link_text(fragment, MAX_TEXT,
                           Refusal("link", t(ui, "play.error.link_damaged")))
    try:
        record, seat = _read(text, ui, "link")
    except Refusal as refusal:
        error = refusal.error
        message = t(ui, "play.error.link_refused", why=error["message"])
        raise Refusal("link", message, error["path"], error["rule"]) from None
    moves = None
    if step is not None:
        if not re.fullmatch(r"\d{1,6}", step) or int(step) > len(record.moves):
            raise Refusal("link", t(ui, "play.error.link_refused", why=t(
                ui, "play.error.no_step", step=_explain.escape(step), last=len(record.moves))))
        moves = int(step)
    return {"record": dump(record), "step": moves, "seat": seat,
            "concealed": conceal(record, seat) if seat else None}


@refused
def cut(record: str, moves: int) -> dict[str, Any]:
    """``{"record"}``: the record with its first ``moves`` moves only. Play on cuts a record
    here rather than in the browser, whose JSON turns large integers into inexact numbers."""
    whole = _parse(record, None)
    if isinstance(moves, bool) or not isinstance(moves, int) \
            or not 0 <= moves <= len(whole.moves):
        raise Refusal("record", "moves: expected a number of moves the record holds")
    return {"record": dump(Record(whole.edition, whole.moves[:moves], whole.start))}


@refused
def step_of_moves(record: str, moves: int) -> dict[str, Any]:
    """``{"step"}``: the timeline step that shows the position after ``moves`` moves (the
    round's scoring, when that move ended a round)."""
    steps = _steps(_parse(record, None), None)
    found = 0
    for step in steps:
        if step["moves"] <= moves:
            found = step["index"]
    return {"step": found}
