"""A plain-text transcript of a game, one decision a line (used for golden games)."""

from __future__ import annotations

from loveletter._cards import SEATS
from loveletter._game import Game
from loveletter._record import Record


def transcript(record: Record) -> str:
    """Replay ``record`` and describe it: each move with the round, who decided, how many
    legal decisions there were and that player's hand; each round's end and the outcome."""
    game = Game(record.players, record.variant)
    lines = [f"# Love Letter, {record.players} players, {record.variant.value}",
             "# step, round, who decides (- at a deal), legal decisions, hand, move"]
    for i, move in enumerate(record.moves):
        who = "-" if game.to_move is None else SEATS[game.to_move]
        hand = "-" if game.to_move is None else "".join(map(str, game.hand(game.to_move)))
        legal = len(game.legal_actions())
        rounds = len(game.results)
        game.apply(move)
        lines.append(f"{i:4} r{game.round_number:<2} {who} {legal:3} {hand:3} {move}")
        if len(game.results) > rounds:
            r = game.results[-1]
            hands = "".join("." if h is None else str(h) for h in r.hands)
            spy = SEATS[r.spy] if r.spy is not None else "-"
            lines.append(f"     end of round {r.number}: {r.reason.value}, hands {hands}, "
                         f"winners {''.join(SEATS[w] for w in r.winners)}, spy {spy}, "
                         f"tokens {'-'.join(map(str, game.tokens))}")
    if game.outcome is not None:
        lines.append("winners: " + "".join(SEATS[w] for w in game.outcome.winners))
    return "\n".join(lines) + "\n"
