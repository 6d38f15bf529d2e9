"""``python -m hanamikoji play``: a game in the terminal against a computer player.

The screens are built from a :class:`View` of the human player only, so the opponent's
hand, Secret and Trade-off cards, the removed card and the draw pile's order are never
printed; the opponent's Secret shows as ``S?`` and Trade-off as ``T??``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from hanamikoji import (
    GEISHAS,
    Agent,
    Competition,
    Edition,
    Game,
    Gift,
    HanamikojiError,
    Move,
    Outcome,
    Phase,
    Player,
    View,
    parse_move,
)
from hanamikoji._cli.board import (
    _TURNS,
    _WIN_CHARM,
    _WIN_GEISHAS,
    EDITION_LABELS,
    _cards,
    _grid,
    _isatty,
    _marker_names,
    _options,
    _outcome_lines,
    _rule,
    _score_lines,
    _verb,
    _wrap,
)
from hanamikoji._cli.common import (
    AGENT_NAMES,
    AGENTS,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_UNFINISHED,
    UserError,
)


class _Quit(Exception):
    """The player typed ``quit``."""


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
    name = AGENT_NAMES[args.opponent]
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
                 for g, n in zip(GEISHAS, edition.geisha_names, strict=True)]  # fmt: skip
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
