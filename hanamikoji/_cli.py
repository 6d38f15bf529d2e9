"""The command line behind ``python -m hanamikoji``: ``play``, ``simulate`` and ``replay``.

Exit codes: 0 success; 1 a game left unfinished (end of input or ``quit``); 2 a usage error
or an unreadable record; 130 interrupted by Ctrl-C. User errors never print a traceback.

The ``play`` screens are built from a :class:`View` of the human player only, so the
opponent's hand, Secret and Trade-off cards, the removed card and the draw pile's order are
never printed; the opponent's Secret shows as ``S?`` and Trade-off as ``T??``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TextIO

from hanamikoji import (
    FACTS,
    GEISHAS,
    Agent,
    Competition,
    CompetitionPick,
    Edition,
    Game,
    Gift,
    GiftPick,
    GreedyPlayer,
    HanamikojiError,
    Move,
    Outcome,
    Phase,
    Player,
    RandomPlayer,
    Reason,
    Record,
    RecordError,
    RoundScore,
    Secret,
    TradeOff,
    View,
    __version__,
    charm,
    parse_move,
    play,
)

EXIT_OK = 0
EXIT_UNFINISHED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

WIDTH = 80
"""The terminal width the output is laid out for (lines stay one shorter)."""

AGENTS: dict[str, Callable[[int | None], Agent]] = {
    "greedy": GreedyPlayer,
    "random": RandomPlayer,
}
"""The computer players, by the name the options use."""

EDITION_LABELS = {
    Edition.EMPERORS4: "EmperorS4",
    Edition.EMPERORS4_3_ROUNDS: "EmperorS4, 3-round rule",
    Edition.KOSMOS: "Kosmos",
}

_WIN_GEISHAS = FACTS["win_geishas"]
_WIN_CHARM = FACTS["win_charm"]
_ROUND_LIMIT = FACTS["round_limit"]
_TURNS = FACTS["turns_per_player"]

REASON_LABELS = {
    Reason.GEISHAS: f"{_WIN_GEISHAS}+ geishas",
    Reason.CHARM: f"{_WIN_CHARM}+ charm points",
    Reason.GEISHAS_AND_CHARM: f"{_WIN_GEISHAS}+ geishas and {_WIN_CHARM}+ charm at once",
    Reason.CHARM_BEATS_GEISHAS: f"{_WIN_CHARM}+ charm beats {_WIN_GEISHAS}+ geishas",
    Reason.LIMIT_MORE_GEISHAS: f"after round {_ROUND_LIMIT}: more geishas",
    Reason.LIMIT_MORE_CHARM: f"after round {_ROUND_LIMIT}: more charm points",
    Reason.LIMIT_SHARED: f"after round {_ROUND_LIMIT}: shared victory",
    Reason.LIMIT_NO_WINNER: f"after round {_ROUND_LIMIT}: no winner",
}
"""A short label for each way a game can end (the ``simulate`` table)."""


class UserError(Exception):
    """A mistake in what the user asked for: printed as one message, no traceback."""

    def __init__(self, message: str, code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.code = code


class _Quit(Exception):
    """The player typed ``quit``."""


# ---------------------------------------------------------------------------- arguments


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m hanamikoji``."""
    parser = argparse.ArgumentParser(
        prog="hanamikoji",
        description="Play, simulate and replay games of Hanamikoji with its rules engine.",
        epilog="Exit codes: 0 done, 1 game left unfinished, 2 usage error or bad record, "
        "130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"hanamikoji {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    editions = [e.value for e in Edition]

    p = commands.add_parser(
        "play",
        help="play a game in the terminal against the computer",
        description="Play a game in the terminal against a computer player. At each decision, "
        "type its number or the move in notation (S3, T15, G267, C12-67, P6, P67).",
    )
    p.add_argument("--opponent", choices=sorted(AGENTS), default="greedy", help="default: greedy")
    p.add_argument("--edition", choices=editions, default="emperors4", help="default: emperors4")
    p.add_argument(
        "--seed", type=int, metavar="N", help="the same seed and moves give the same game"
    )
    p.add_argument(
        "--as",
        dest="seat",
        type=str.upper,
        choices=["A", "B"],
        default="A",
        help="your seat: A starts the first round (default: A)",
    )
    p.add_argument("--save", metavar="FILE", type=Path, help="write the game record (JSON) here")

    s = commands.add_parser(
        "simulate",
        help="play many games between computer players and count the results",
        description="Play N games between two computer players and print statistics. "
        "The players swap seats every game unless --fixed-seats is given.",
    )
    s.add_argument(
        "--players",
        type=_players_argument,
        default=("random", "greedy"),
        metavar="P1,P2",
        help=f"two of {', '.join(sorted(AGENTS))} (default: random,greedy)",
    )
    s.add_argument("--games", type=_positive_int, default=1000, metavar="N", help="default: 1000")
    s.add_argument("--seed", type=int, metavar="N", help="the same seed gives the same games")
    s.add_argument("--edition", choices=editions, default="emperors4", help="default: emperors4")
    s.add_argument(
        "--fixed-seats", action="store_true", help="player 1 plays A (starts) in every game"
    )
    s.add_argument("--json", action="store_true", help="print a JSON object instead of tables")
    s.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")

    r = commands.add_parser(
        "replay",
        help="show a recorded game step by step",
        description="Read a game record (JSON) and show the board after each step: step 0 "
        "is the start, step K the position after the record's first K moves.",
    )
    r.add_argument("file", type=Path, metavar="FILE", help="a game record (JSON)")
    r.add_argument(
        "--step", type=int, metavar="K", help="show only step K (negative: from the end)"
    )
    r.add_argument("--json", action="store_true", help="print the states as JSON")
    return parser


def _players_argument(text: str) -> tuple[str, str]:
    names = [name.strip().lower() for name in text.split(",")]
    kinds = ", ".join(sorted(AGENTS))
    if len(names) != 2:
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected two players separated by a comma, such as random,greedy"
        )
    for name in names:
        if name not in AGENTS:
            raise argparse.ArgumentTypeError(f"{name!r} is not a player: expected one of {kinds}")
    return names[0], names[1]


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def run(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the command; return the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(None if argv is None else list(argv))
    except SystemExit as stop:  # --help, --version or a usage error (already printed)
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "play": _play_command,
        "simulate": _simulate_command,
        "replay": _replay_command,
    }
    try:
        return commands[args.command](args)
    except UserError as error:
        print(f"hanamikoji {args.command}: error: {error}", file=sys.stderr)
        return error.code
    except BrokenPipeError:  # the reader went away (`... | head`): stop quietly
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_UNFINISHED


# ---------------------------------------------------------------------------- text helpers


def _cards(cards: Iterable[int]) -> str:
    """Cards for people: ``2 6 7``."""
    return " ".join(map(str, cards))


def _digits(cards: Iterable[int]) -> str:
    return "".join(map(str, cards))


def _rule(title: str, char: str = "-") -> str:
    """A heading line ``-- title ------`` of the full width."""
    return f"{char * 2} {title} ".ljust(WIDTH - 1, char)


def _verb(subject: str, verb: str, *, first: bool = True) -> str:
    """``You take`` (``you take`` inside a sentence) but ``Greedy takes``."""
    if subject != "You":
        return f"{subject} {verb}s"
    return f"{subject if first else 'you'} {verb}"


def _wrap(text: str, indent: str = "") -> str:
    """``text`` folded to the width, words and notation kept whole."""
    return textwrap.fill(
        text,
        WIDTH - 1,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


def _within(name: str) -> str:
    """A name inside a sentence: ``you`` for the person playing."""
    return "you" if name == "You" else name


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):
        return False


def _marker_names(letters: str) -> str:
    names = {"S": "Secret", "T": "Trade-off", "G": "Gift", "C": "Competition"}
    return ", ".join(names[letter] for letter in letters) or "none"


_LABEL = 13
_CELL = 5


def _cell(count: int, marked: bool) -> str:
    text = str(count) if count else "·"
    return f" [{text}] " if marked else f"  {text}  "


def _grid(
    rows: Sequence[tuple[str, Player]],
    items: Callable[[Player, int], int],
    favors: Sequence[Player | None],
) -> list[str]:
    """The geishas as columns, one row per side, a side's count in brackets where the
    geisha's victory marker stands on that side. ``rows`` go from top to bottom."""
    lines = [
        "geisha".ljust(_LABEL) + "".join(f"  {g}  " for g in GEISHAS),
        "charm".ljust(_LABEL) + "".join(f"  {charm(g)}  " for g in GEISHAS) + "  [ ] = marker",
    ]
    for label, player in rows:
        cells = "".join(_cell(items(player, g), favors[g - 1] is player) for g in GEISHAS)
        held = [g for g in GEISHAS if favors[g - 1] is player]
        note = f"{len(held)} geisha{'s' * (len(held) != 1)}, {sum(map(charm, held))} charm"
        lines.append(f"{label[: _LABEL - 1]:<{_LABEL}}{cells}  {note}")
    return [line.rstrip() for line in lines]


def _kind(move: Move) -> str:
    if isinstance(move, Secret):
        return "Secret"
    if isinstance(move, TradeOff):
        return "Trade-off"
    if isinstance(move, Gift):
        return "Gift"
    if isinstance(move, Competition):
        return "Competition"
    return "Take"


def _options(legal: Sequence[Move]) -> list[str]:
    """The legal decisions, numbered from 1, in a grid grouped by kind."""
    groups: dict[str, list[str]] = {}
    number_width = len(str(len(legal)))
    for number, move in enumerate(legal, 1):
        groups.setdefault(_kind(move), []).append(f"{number:>{number_width}} {move}")
    lines = []
    for kind, cells in groups.items():
        width = max(map(len, cells)) + 3
        per_line = max(1, (WIDTH - _LABEL) // width)
        for start in range(0, len(cells), per_line):
            label = kind if start == 0 else ""
            chunk = "".join(cell.ljust(width) for cell in cells[start : start + per_line])
            lines.append(f"{label:<{_LABEL}}{chunk}".rstrip())
    return lines


def _score_lines(
    score: RoundScore, rows: Sequence[tuple[str, Player]], names: dict[Player, str]
) -> list[str]:
    """A round's scoring: revealed Secrets, the items per geisha, the markers that moved."""
    secrets = ", ".join(
        f"{_within(names[p])} {score.secrets[p] if score.secrets[p] is not None else 'none'}"
        for _, p in reversed(rows)
    )
    lines = [_rule(f"Round {score.round_number} scoring"), f"Secrets revealed: {secrets}"]
    lines += _grid(rows, lambda p, g: score.items[p][g - 1], score.favors)
    moved: dict[Player, list[int]] = {}
    for g in score.moved:
        owner = score.favors[g - 1]
        assert owner is not None
        moved.setdefault(owner, []).append(g)
    if moved:
        parts = [f"{_cards(gs)} to {_within(names[p])}" for p, gs in moved.items()]
        lines.append("Markers moved: " + "; ".join(parts) + ".")
    else:
        lines.append("No marker moved.")
    return lines


def _outcome_lines(outcome: Outcome, names: dict[Player, str]) -> list[str]:
    """The final result and why, with the totals it was decided on."""
    winner = outcome.winner
    if outcome.shared:
        headline = "Shared victory."
    elif winner is None:
        headline = "No winner."
    else:
        headline = f"{_verb(names[winner], 'win')}!"
    geishas, points = outcome.geishas, outcome.charm
    limit = "No goal reached by the last round"
    reason = outcome.reason
    if winner is not None:
        w, loser = winner, winner.other
        why = {
            Reason.GEISHAS: f"{names[w]} reached {geishas[w]} geishas "
            f"(the goal is {_WIN_GEISHAS} or more).",
            Reason.CHARM: f"{names[w]} reached {points[w]} charm points "
            f"(the goal is {_WIN_CHARM} or more).",
            Reason.GEISHAS_AND_CHARM: f"{names[w]} reached both goals at once: "
            f"{geishas[w]} geishas and {points[w]} charm points.",
            Reason.CHARM_BEATS_GEISHAS: f"{names[loser]} reached {geishas[loser]} geishas, "
            f"{names[w]} {points[w]} charm points: charm points win.",
            Reason.LIMIT_MORE_GEISHAS: f"{limit}; more geishas: {geishas[w]} to {geishas[loser]}.",
            Reason.LIMIT_MORE_CHARM: f"{limit}; more charm points: {points[w]} to {points[loser]}.",
        }.get(reason, "")
    elif reason is Reason.LIMIT_SHARED:
        why = f"{limit}; tied at {geishas[0]} geishas and {points[0]} charm points each."
    else:
        why = f"{limit}; tied at {points[0]} charm points each."
    totals = " · ".join(
        f"{name} {geishas[p]} geishas, {points[p]} charm" for p, name in names.items()
    )
    return [
        _rule(f"Game over after round {outcome.round_number}", "="),
        headline,
        _wrap(why),
        totals,
    ]


# ---------------------------------------------------------------------------- play

_HELP = """\
Type a number from the list, or a decision in notation (cards: geishas 1 to 7):
  S3      Secret: card 3 face down; it scores at the end of the round
  T15     Trade-off: cards 1 and 5 face down; they never score
  G267    Gift: offer 2, 6 and 7; your opponent takes one, you keep two
  C12-67  Competition: offer the pairs 1 2 and 6 7; your opponent takes one
  P6      take card 6 from a Gift;  P67: take the pair 6 7 from a Competition
  b       show the board again;     q: quit"""

Reader = Callable[[str], str]
"""Reads one line after showing a prompt; raises EOFError at the end of input."""


def _reader(stdin: TextIO, stdout: TextIO) -> Reader:
    """Read from a terminal with ``input()``; from a pipe or file, echo what was read so the
    transcript shows it."""
    if stdin is sys.__stdin__ and _isatty(stdin) and _isatty(stdout):
        return input

    def read(prompt: str) -> str:
        stdout.write(prompt)
        stdout.flush()
        line = stdin.readline()
        if not line:
            raise EOFError
        stdout.write(line if line.endswith("\n") else line + "\n")
        return line

    return read


class PlaySession:
    """A game between a person at the terminal and a computer player.

    Everything shown comes from the person's :class:`View`; the :class:`Game` itself is only
    used to deal and to apply the decisions.
    """

    def __init__(
        self,
        game: Game,
        human: Player,
        opponent: Agent,
        opponent_name: str,
        *,
        read: Reader,
        out: TextIO,
    ) -> None:
        self._game = game
        self.human = human
        self.view = View(game, human)
        self._opponent_view = View(game, human.other)
        self._opponent = opponent
        self.name = opponent_name
        self.names = {human: "You", human.other: opponent_name}
        self._rows = ((f"{opponent_name} ({human.other})", human.other), (f"You ({human})", human))
        self._read = read
        self._out = out
        self._rounds_shown = len(game.rounds)
        self._hand_before_draw: tuple[int, ...] | None = None

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self._out)

    def run(self) -> Outcome:
        """Play to the end of the game; return its outcome."""
        game = self._game
        while game.phase is not Phase.OVER:
            if game.phase is Phase.DEAL:
                game.deal()
                self._announce_round()
            elif game.to_move is self.human:
                self._human_decision()
            else:
                self._opponent_decision()
            self._show_scoring()
        outcome = self.view.outcome
        assert outcome is not None
        self.say("", *_outcome_lines(outcome, self.names))
        return outcome

    # -- what the person sees

    def _announce_round(self) -> None:
        view = self.view
        dealt = view.history[-1][1:]
        starter = "you start" if view.starting_player is self.human else f"{self.name} starts"
        limit = view.edition.round_limit
        of = f" of {limit}" if limit else ""
        self.say(
            "",
            _rule(f"Round {view.round_number}{of} · {starter}", "="),
            f"One card is removed unseen. You are dealt {_cards(map(int, dealt))}.",
        )
        self._hand_before_draw = tuple(sorted(map(int, dealt)))

    def board(self) -> list[str]:
        """The table as the person sees it."""
        view, me, them = self.view, self.human, self.human.other
        lines = _grid(self._rows, view.items, view.favors)
        size = view.opponent_hand_size
        theirs = [f"{size} card{'s' * (size != 1)} in hand"]
        used = view.used_markers(them).letters
        mine = [f"hand {_cards(view.hand)}"]
        if view.secret is not None:
            mine.append(f"Secret {view.secret}")
        if view.tradeoff:
            mine.append(f"Trade-off {_cards(view.tradeoff)}")
        left = "".join(letter for letter in "STGC" if letter not in view.used_markers(me).letters)
        lines += [
            f"{self.name}: " + " · ".join([*theirs, f"used {_marker_names(used)}"]),
            "You: " + " · ".join(mine),
            f"Draw pile: {view.draw_pile_size} · your markers left: {_marker_names(left)}",
        ]
        return lines

    def _show_scoring(self) -> None:
        for score in self.view.rounds[self._rounds_shown :]:
            self.say("", *_score_lines(score, self._rows, self.names))
            if self.view.outcome is None:
                last = self.view.edition.round_limit == score.round_number + 1
                self.say(
                    f"No one has {_WIN_GEISHAS} geishas or {_WIN_CHARM} charm points: "
                    f"round {score.round_number + 1}{' (the last)' * last} follows."
                )
        self._rounds_shown = len(self.view.rounds)

    def _describe(self, seen: str, who: Player, offer: Gift | Competition | None) -> str:
        """A decision as the person may know it (``seen`` is from :attr:`View.history`)."""
        name = self.names[who]
        kind, body = seen[0], seen[1:]
        if kind == "S":
            what = "one card" if body == "?" else f"card {body}"
            return f"{_verb(name, 'play')} Secret: {what} face down ({seen})."
        if kind == "T":
            what = "two cards" if body == "??" else f"cards {_cards(map(int, body))}"
            return f"{_verb(name, 'play')} Trade-off: {what} face down ({seen})."
        if kind == "G":
            return f"{_verb(name, 'offer')} a Gift: {_cards(map(int, body))} ({seen})."
        if kind == "C":
            first, second = body.split("-")
            pairs = f"{_cards(map(int, first))} or {_cards(map(int, second))}"
            return f"{_verb(name, 'offer')} a Competition: {pairs} ({seen})."
        assert kind == "P" and offer is not None
        taken = [int(c) for c in body]
        if isinstance(offer, Gift):
            kept = list(offer.cards)
            kept.remove(taken[0])
        else:
            kept = list(offer.pairs[1] if offer.pairs[0] == tuple(taken) else offer.pairs[0])
        other = self.names[who.other]
        return (
            f"{_verb(name, 'take')} {_cards(taken)} ({seen}); "
            f"{_verb(other, 'keep', first=False)} {_cards(kept)}."
        )

    # -- decisions

    def _opponent_decision(self) -> None:
        game, view = self._game, self.view
        who = game.to_move
        assert who is not None
        offer = view.pending
        seen_before = len(view.history)
        game.apply(self._opponent.choose(self._opponent_view, game.legal_actions()))
        self.say(self._describe(view.history[seen_before], who, offer))

    def _human_decision(self) -> None:
        view = self.view
        legal = view.legal_actions()
        offer = view.pending
        self.say("")
        if offer is None:
            turn = len(view.used_markers(self.human).letters) + 1
            self.say(_rule(f"Round {view.round_number} · your turn {turn} of {_TURNS}"))
            drawn = self._drawn_card()
            if drawn is not None:
                self.say(f"You draw {drawn}.")
        else:
            kind = "Gift" if isinstance(offer, Gift) else "Competition"
            self.say(_rule(f"Round {view.round_number} · your pick from {self.name}'s {kind}"))
        screen = self.board()
        if isinstance(offer, Gift):
            screen.append(f"Take one card of {self.name}'s Gift: {_cards(offer.cards)}.")
        elif isinstance(offer, Competition):
            pairs = " or ".join(_cards(pair) for pair in offer.pairs)
            screen.append(f"Take one pair of {self.name}'s Competition: {pairs}.")
        screen += _options(legal)
        self.say(*screen)
        numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
        prompt = f"Your choice ({numbers}, a move like {legal[0]}, ? for help): "
        while True:
            text = "".join(self._read(prompt).split())
            if text in ("?", "h", "help"):
                self.say(_HELP)
                continue
            if text.lower() in ("b", "board"):
                self.say(*screen)
                continue
            if text.lower() in ("q", "quit", "exit"):
                raise _Quit
            try:
                move = self._choice(text, legal)
                seen_before = len(view.history)
                self._game.apply(move)
            except HanamikojiError as error:
                self.say(_wrap(f"  Not possible: {error}", indent="    "))
                continue
            break
        self.say(self._describe(view.history[seen_before], self.human, offer))
        if offer is None:
            self._hand_before_draw = view.hand

    def _choice(self, text: str, legal: Sequence[Move]) -> Move:
        if not text:
            raise HanamikojiError(f"type a number from 1 to {len(legal)} or a move; ? for help")
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(legal):
                raise HanamikojiError(f"{number} is not a choice: type a number 1 to {len(legal)}")
            return legal[number - 1]
        return parse_move(text)

    def _drawn_card(self) -> int | None:
        """The card drawn at the start of this turn (the hand now minus the hand after the
        person's last turn), when known."""
        before = self._hand_before_draw
        if before is None:
            return None
        new = Counter(self.view.hand) - Counter(before)
        return next(iter(new)) if sum(new.values()) == 1 else None


def _play_command(args: argparse.Namespace) -> int:
    edition = Edition.parse(args.edition)
    save: Path | None = args.save
    if save is not None and save.is_dir():
        raise UserError(f"--save: {save} is a folder; give a file name")
    if save is not None and not save.parent.is_dir():
        raise UserError(f"--save: folder {save.parent} does not exist")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    seeds = random.Random(seed)
    game = Game(edition, seed=seeds.getrandbits(64))
    opponent = AGENTS[args.opponent](seeds.getrandbits(64))
    human = Player.parse(args.seat)
    name = args.opponent.capitalize()
    out = sys.stdout
    session = PlaySession(game, human, opponent, name, read=_reader(sys.stdin, out), out=out)
    session.say(
        _rule(f"Hanamikoji · {EDITION_LABELS[edition]} · you are {human} against {name}", "#"),
        f"Seed {seed} (--seed {seed} deals the same cards again). Type ? for help.",
    )
    if edition.geisha_names:
        # A name the rulebook does not tie to its card is marked, not printed as fact.
        settled = edition.settled_geisha_names
        names = [f"{g} {n}" + ("" if n in settled else "*")
                 for g, n in zip(GEISHAS, edition.geisha_names, strict=True)]
        session.say("Geishas: " + ", ".join(names) + " (*: a reading the rulebook does not settle)")
    code = EXIT_OK
    try:
        session.run()
    except (EOFError, _Quit, KeyboardInterrupt) as stop:
        why = {EOFError: "End of input", _Quit: "You quit", KeyboardInterrupt: "Interrupted"}
        print(
            f"\n{why[type(stop)]}: game left unfinished in round {game.round_number}.",
            file=sys.stderr,
        )
        code = EXIT_INTERRUPTED if isinstance(stop, KeyboardInterrupt) else EXIT_UNFINISHED
    if save is not None:
        try:
            save.write_text(game.record().dumps() + "\n", encoding="utf-8")
        except OSError as error:
            raise UserError(f"--save: cannot write {save}: {error.strerror}", 1) from None
        print(f"Game record saved to {save}.", file=sys.stderr if code else sys.stdout)
    return code


# ---------------------------------------------------------------------------- simulate


class Progress:
    """Progress of a long run on a stream: one updating line every ``interval`` seconds on a
    terminal, otherwise a line at each quarter reached after ``min_seconds``."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        *,
        clock: Callable[[], float] = time.perf_counter,
        interval: float = 0.5,
        min_seconds: float = 1.0,
    ) -> None:
        self.total = total
        self._stream = stream
        self._tty = _isatty(stream)
        self._clock = clock
        self._interval = interval
        self._min_seconds = min_seconds
        self._start = self._last = clock()
        self._quarter = 1
        self._shown = 0  # length of the line on a terminal
        self._lines = 0

    def _text(self, done: int, now: float) -> str:
        elapsed = now - self._start
        rate = done / elapsed if elapsed > 0 else 0.0
        text = f"{done}/{self.total} games ({100 * done // self.total}%), {rate:,.0f} games/s"
        if rate and done < self.total:
            text += f", about {math.ceil((self.total - done) / rate):,} s left"
        return text

    def update(self, done: int) -> None:
        now = self._clock()
        if self._tty:
            if now - self._last >= self._interval:
                self._last = now
                text = self._text(done, now)
                self._stream.write("\r" + text.ljust(self._shown))
                self._stream.flush()
                self._shown = len(text)
            return
        while self._quarter < 4 and 4 * done >= self._quarter * self.total:
            if now - self._start >= self._min_seconds:
                self._stream.write(self._text(done, now) + "\n")
                self._lines += 1
            self._quarter += 1

    def finish(self) -> None:
        if self._shown:
            self._stream.write("\r" + " " * self._shown + "\r")
            self._stream.flush()
        elif self._lines:
            self._stream.write(self._text(self.total, self._clock()) + "\n")


def simulate(
    players: tuple[str, str],
    games: int,
    *,
    seed: int,
    edition: Edition = Edition.EMPERORS4,
    swap_seats: bool = True,
    progress: Progress | None = None,
) -> dict[str, object]:
    """Play ``games`` games and return the statistics (a JSON-ready dictionary).

    Player 1 plays A (and starts the first round) in games 1, 3, 5, ... and B in the others
    unless ``swap_seats`` is false. Everything but ``timing`` depends on ``seed`` only.
    """
    master = random.Random(seed)
    wins = [[0, 0], [0, 0]]  # wins[player index][seat]
    shared = no_winner = 0
    reasons = dict.fromkeys(Reason, 0)
    rounds_total = rounds_max = 0
    start = time.perf_counter()
    for index in range(games):
        game_seed, seed_1, seed_2 = (master.getrandbits(64) for _ in range(3))
        agents = (AGENTS[players[0]](seed_1), AGENTS[players[1]](seed_2))
        swapped = swap_seats and index % 2 == 1
        outcome = play(Game(edition, seed=game_seed), agents[::-1] if swapped else agents)
        reasons[outcome.reason] += 1
        rounds_total += outcome.round_number
        rounds_max = max(rounds_max, outcome.round_number)
        if outcome.shared:
            shared += 1
        elif outcome.winner is None:
            no_winner += 1
        else:
            seat = outcome.winner
            wins[seat ^ swapped][seat] += 1
        if progress is not None:
            progress.update(index + 1)
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "edition": edition.value,
        "seed": seed,
        "seats": "alternate" if swap_seats else "fixed",
        "players": [
            {
                "name": name,
                "wins": sum(wins[i]),
                "wins_as_A": wins[i][Player.A],
                "wins_as_B": wins[i][Player.B],
            }
            for i, name in enumerate(players)
        ],
        "shared": shared,
        "no_winner": no_winner,
        "reasons": {reason.value: reasons[reason] for reason in Reason},
        "rounds": {"average": round(rounds_total / games, 3), "max": rounds_max},
        "timing": {
            "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 1) if seconds > 0 else None,
        },
    }


def _simulation_table(stats: dict[str, object]) -> list[str]:
    games = stats["games"]
    players = stats["players"]
    reasons = stats["reasons"]
    rounds = stats["rounds"]
    timing = stats["timing"]
    assert isinstance(games, int) and isinstance(players, list)
    assert isinstance(reasons, dict) and isinstance(rounds, dict) and isinstance(timing, dict)

    def pct(n: int) -> str:
        return f"{100 * n / games:5.1f}%"

    edition = EDITION_LABELS[Edition.parse(str(stats["edition"]))]
    seats = (
        "players swap seats each game (player 1 is A in games 1, 3, 5, ...)"
        if stats["seats"] == "alternate"
        else "player 1 is A (starts round 1) in every game"
    )
    lines = [
        f"{games} games · {edition} · seed {stats['seed']}",
        seats[0].upper() + seats[1:] + ".",
        "",
        f"{'':<24}{'wins':>7}{'%':>7}{'as A':>8}{'as B':>8}",
    ]
    for number, player in enumerate(players, 1):
        label = f"player {number}: {player['name']}"
        lines.append(
            f"{label:<24}{player['wins']:>7} {pct(player['wins'])}"
            f"{player['wins_as_A']:>8}{player['wins_as_B']:>8}"
        )
    for label, key in (("shared victory", "shared"), ("no winner", "no_winner")):
        count = stats[key]
        assert isinstance(count, int)
        if count or stats["edition"] != Edition.EMPERORS4.value:
            lines.append(f"{label:<24}{count:>7} {pct(count)}")
    lines += ["", f"{'how the games ended':<36}{'games':>7}{'%':>7}"]
    for reason in Reason:
        count = reasons[reason.value]
        if count:
            lines.append(f"{REASON_LABELS[reason]:<36}{count:>7} {pct(count)}")
    speed = timing["games_per_second"]
    lines += [
        "",
        f"Rounds per game: {rounds['average']:.2f} on average, {rounds['max']} at most.",
        f"Time: {timing['seconds']:.2f} s"
        + (f", {speed:,.0f} games per second." if speed else "."),
    ]
    return lines


def _simulate_command(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    progress = None if args.quiet else Progress(args.games, sys.stderr)
    try:
        stats = simulate(
            args.players,
            args.games,
            seed=seed,
            edition=Edition.parse(args.edition),
            swap_seats=not args.fixed_seats,
            progress=progress,
        )
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        if progress is not None:
            progress.finish()
    if args.json:
        print(json.dumps(stats, indent=2))
    else:
        print("\n".join(_simulation_table(stats)))
    return EXIT_OK


# ---------------------------------------------------------------------------- replay


def _replay_rows() -> tuple[tuple[str, Player], tuple[str, Player]]:
    return (("B", Player.B), ("A", Player.A))


def _replay_board(game: Game) -> list[str]:
    """Everything on and off the table: a record hides nothing."""
    if game.phase is Phase.DEAL:
        return [f"Round {game.round_number} waits for its deal; {game.starting_player} starts."]
    lines = _grid(_replay_rows(), game.items, game.favors)
    for p in (Player.A, Player.B):
        parts = [f"hand {_digits(game.hand(p)) or '-'}"]
        secret = game.secret(p)
        if secret is not None:
            parts.append(f"Secret {secret}")
        if game.tradeoff(p):
            parts.append(f"Trade-off {_digits(game.tradeoff(p))}")
        parts.append(f"used {game.used_markers(p).letters or '-'}")
        lines.append(f"{p}: " + " · ".join(parts))
    pile = _digits(game.draw_pile)
    status = [f"removed {game.removed_card}", f"draw pile {pile or '-'} (top first)"]
    if game.pending is not None:
        status.append(f"{game.to_move} to take from {game.pending}")
    elif game.to_move is not None:
        status.append(f"{game.to_move} to move")
    lines.append(" · ".join(status))
    return lines


def _step_title(step: int, total: int, game: Game, move: Move | None, actor: Player | None) -> str:
    where = f"Step {step}/{total}"
    if move is None:
        return _rule(f"{where} · start · {EDITION_LABELS[game.edition]}")
    if isinstance(move, (GiftPick, CompetitionPick)):
        what = f"{actor} takes {move}"
    elif isinstance(move, (Secret, TradeOff, Gift, Competition)):
        what = f"{actor}: {_kind(move)} {move}"
    else:
        what = f"deal, {actor} starts"
    return _rule(f"{where} · round {_round_of(game)} · {what}")


def _round_of(game: Game) -> int:
    """The round a move belongs to (after a round's last move, the game counts the next)."""
    if game.phase is Phase.DEAL and game.rounds:
        return game.rounds[-1].round_number
    return game.round_number


def _score_json(score: RoundScore) -> dict[str, object]:
    return {
        "round": score.round_number,
        "secrets": {p.name: score.secrets[p] for p in Player},
        "items": {p.name: list(score.items[p]) for p in Player},
        "favors": "".join(f.name if f is not None else "." for f in score.favors),
        "moved": list(score.moved),
        "geishas": {p.name: score.geishas[p] for p in Player},
        "charm": {p.name: score.charm[p] for p in Player},
    }


def _state_json(
    game: Game, step: int, move: Move | None, actor: Player | None, scored: RoundScore | None
) -> dict[str, object]:
    """One step of a replay as JSON: the move that led here and the whole state after it."""
    dealt = game.phase not in (Phase.DEAL, Phase.OVER)
    return {
        "step": step,
        "move": None if move is None else str(move),
        "player": None if actor is None else actor.name,
        "round": game.round_number,
        "phase": game.phase.name.lower(),
        "to_move": None if game.to_move is None else game.to_move.name,
        "favors": "".join(f.name if f is not None else "." for f in game.favors),
        "hands": {p.name: _digits(game.hand(p)) for p in Player} if dealt else None,
        "table": {p.name: _digits(game.table(p)) for p in Player} if dealt else None,
        "secrets": {p.name: game.secret(p) for p in Player} if dealt else None,
        "tradeoffs": {p.name: _digits(game.tradeoff(p)) for p in Player} if dealt else None,
        "used": {p.name: game.used_markers(p).letters for p in Player} if dealt else None,
        "removed": game.removed_card if dealt else None,
        "draw_pile": _digits(game.draw_pile) if dealt else None,
        "pending": None if game.pending is None else str(game.pending),
        "scoring": None if scored is None else _score_json(scored),
        "outcome": None if game.outcome is None else game.outcome.to_json(),
    }


def _load_record(path: Path) -> Record:
    try:
        return Record.load(path)
    except RecordError as error:
        problems = error.problems
        count = f"{len(problems)} problem{'s' * (len(problems) != 1)}"
        lines = [f"{path}: damaged record, {count}:"]
        lines += [f"  {problem.path}: {problem.message}" for problem in problems]
        raise UserError("\n".join(lines)) from None
    except UnicodeDecodeError as error:
        raise UserError(f"{path}: not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise UserError(f"cannot read {path}: {error.strerror or error}") from None


def _replay_command(args: argparse.Namespace) -> int:
    record = _load_record(args.file)
    total = len(record.moves)
    only: int | None = args.step
    if only is not None:
        if only < 0:
            only += total + 1
        if not 0 <= only <= total:
            raise UserError(f"--step {args.step}: the record has steps 0 to {total}")
    game = record.replay(0)
    names = {Player.A: "A", Player.B: "B"}
    states: list[dict[str, object]] = []
    text: list[str] = []

    def show(step: int, move: Move | None, actor: Player | None, scored: RoundScore | None) -> None:
        if only is not None and step != only:
            return
        if args.json:
            states.append(_state_json(game, step, move, actor, scored))
            return
        text.append(_step_title(step, total, game, move, actor))
        if scored is not None:
            text.extend(_score_lines(scored, _replay_rows(), names)[1:])
            if game.outcome is None:
                text.append(_replay_board(game)[0])
        else:
            text.extend(_replay_board(game))
        if game.outcome is not None:
            text.extend(_outcome_lines(game.outcome, names))

    show(0, None, None, None)
    for step, move in enumerate(record.moves, 1):
        actor = game.to_move if game.phase is not Phase.DEAL else game.starting_player
        rounds_before = len(game.rounds)
        game.apply(move)
        show(step, move, actor, game.rounds[-1] if len(game.rounds) > rounds_before else None)
        if only is not None and step >= only:
            break
    if args.json:
        if only is not None:
            print(json.dumps(states[0], ensure_ascii=False))
            return EXIT_OK
        head = {
            "edition": record.edition.value,
            "moves": total,
            "start": None if record.start is None else record.start.to_json(),
            "outcome": None if game.outcome is None else game.outcome.to_json(),
        }
        # One step per line: easy to read, to grep and to diff, and still one JSON document.
        steps = ",\n".join(f" {json.dumps(state, ensure_ascii=False)}" for state in states)
        print(json.dumps(head, ensure_ascii=False)[:-1] + f', "steps": [\n{steps}\n]}}')
        return EXIT_OK
    if only is None and game.outcome is None:
        text.append(_rule(f"End of record: the game goes on (round {game.round_number})", "="))
    print("\n".join(text))
    return EXIT_OK
