"""Views hold only what their player may know; players decide from their view alone."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from ll_support import rigged

from loveletter import (
    Card,
    Game,
    HeuristicPlayer,
    Keep,
    Phase,
    Play,
    RandomPlayer,
    SearchPlayer,
    View,
    play,
    sample_world,
)


def _positions(count: int, seed: int) -> list[Game]:
    """Positions from random games, at a decision, for 2 to 6 players."""
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        players = rng.randint(2, 6)
        game = Game(players, seed=rng.randrange(10**6))
        game.deal()
        for _ in range(rng.randrange(12)):
            if game.phase is not Phase.PLAY and game.phase is not Phase.CHANCELLOR:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase in (Phase.PLAY, Phase.CHANCELLOR):
            out.append(game)
    return out


def _reshuffle_hidden(game: Game, viewer: int, rng: random.Random) -> Game:
    """The same game with every card ``viewer`` cannot see dealt again at random: other
    players' unknown hands, the set-aside card and the deck's order."""
    other = game.copy()
    known = game.known[viewer]
    slots = [p for p in range(game.players)
             if p != viewer and game.active[p] and p not in known]
    hidden = [c for p in slots for c in other.hands[p]] + list(other.pile)
    if other.set_aside is not None:
        hidden.append(other.set_aside)
    rng.shuffle(hidden)
    for p in slots:
        other.hands[p] = [hidden.pop() for _ in other.hands[p]]
    if other.set_aside is not None:
        other.set_aside = hidden.pop()
    other.pile = hidden
    return other


def test_view_is_the_same_whatever_the_hidden_cards() -> None:
    rng = random.Random(1)
    changed = 0
    for game in _positions(30, seed=2):
        for viewer in range(game.players):
            other = _reshuffle_hidden(game, viewer, rng)
            changed += other.hands != game.hands or other.pile != game.pile
            assert View(other, viewer).key() == View(game, viewer).key()
    assert changed > 0  # the reshuffle really moved hidden cards


def test_search_decides_from_its_view_only() -> None:
    rng = random.Random(3)
    for game in _positions(6, seed=4):
        me = game.to_move
        assert me is not None
        other = _reshuffle_hidden(game, me, rng)
        assert other.hands != game.hands or other.pile != game.pile or game.players == 2
        first = SearchPlayer(iterations=40, seed=9).choose(View(game, me), game.legal_actions())
        second = SearchPlayer(iterations=40, seed=9).choose(View(other, me),
                                                            other.legal_actions())
        assert first == second


def _decisions(games: int, tables: int, agent: type[RandomPlayer | HeuristicPlayer],
               ) -> Iterator[tuple[Game, list[View]]]:
    """Every decision of ``games`` whole games (2 to ``tables + 1`` players, ``agent`` in
    every seat), with every seat's view, before the decision is taken."""
    for seed in range(games):
        players = 2 + seed % tables
        game = Game(players, seed=seed)
        agents = [agent(seed=seed + p) for p in range(players)]
        views = [View(game, p) for p in range(players)]
        while game.phase is not Phase.OVER:
            if game.phase is Phase.DEAL:
                game.deal()
                continue
            yield game, views
            me = game.to_move
            assert me is not None
            game.apply(agents[me].choose(views[me], game.legal_actions()))


def test_what_a_view_knows_is_true() -> None:
    """Priest, Baron and King knowledge is kept only while it is certain."""
    for game, views in _decisions(60, 5, RandomPlayer):
        for v in views:
            for p, card in v.known.items():
                assert p != v.player and card in game.hands[p]


def _sampled(count: int, seed: int, rng: random.Random) -> Iterator[tuple[Game, View, Game]]:
    """Positions of :func:`_positions`, the view of the seat to move, a world it sampled."""
    for game in _positions(count, seed=seed):
        me = game.to_move
        assert me is not None
        view = View(game, me)
        yield game, view, sample_world(view, rng)


def test_sampled_worlds_agree_with_the_view() -> None:
    for game, view, world in _sampled(20, 6, random.Random(5)):
        mine = View(world, view.player)
        for field in ("hand", "known", "face_up", "discards", "active", "protected",
                      "hand_sizes", "deck_size", "set_aside_present", "tokens"):
            assert getattr(mine, field) == getattr(view, field), field
        assert sorted(world.cards_in_round().elements()) == sorted(game.deck)
        assert set(world.legal_actions()) == set(game.legal_actions())


def test_sampled_worlds_agree_with_every_seats_view() -> None:
    # Any seat may sample, not only the one to move: a player it knows a card of may hold two
    # (their turn), the known card and the one they drew.
    rng = random.Random(7)
    seen_two = 0
    for game in _positions(40, seed=8):
        for me in range(game.players):
            view = View(game, me)
            seen_two += any(view.hand_sizes[p] == 2 for p in view.known)
            world = sample_world(view, rng)
            mine = View(world, me)
            for field in ("hand", "known", "face_up", "discards", "hand_sizes", "deck_size"):
                assert getattr(mine, field) == getattr(view, field), field
            assert sorted(world.cards_in_round().elements()) == sorted(game.deck)
    assert seen_two  # the case the seat to move never meets


@pytest.mark.parametrize("player", [HeuristicPlayer(seed=1), SearchPlayer(40, seed=1)])
def test_players_keep_the_princess_when_they_can(player: HeuristicPlayer) -> None:
    game = rigged(3, [Card.PRINCESS, 2, 3], [Card.GUARD])
    move = player.choose(View(game, 0), game.legal_actions())
    assert isinstance(move, Play) and move.card == Card.GUARD


def test_heuristic_guard_names_a_card_it_knows() -> None:
    game = rigged(3, [Card.PRIEST, Card.BARON, Card.HANDMAID],
                  [Card.GUARD, Card.SPY, Card.GUARD, Card.GUARD])
    game.apply(Play(Card.PRIEST, 1))  # A sees B's Baron
    game.apply(Play(Card.SPY))  # B keeps the Baron
    game.apply(Play(Card.HANDMAID))  # C is protected
    assert game.to_move == 0 and View(game, 0).known == {1: Card.BARON}
    move = HeuristicPlayer(seed=2).choose(View(game, 0), game.legal_actions())
    assert move == Play(Card.GUARD, 1, Card.BARON)


def test_all_players_finish_games() -> None:
    for players in (2, 4, 6):
        game = Game(players, seed=players)
        agents = [SearchPlayer(10, seed=1), HeuristicPlayer(seed=2),
                  *[RandomPlayer(seed=p) for p in range(players - 2)]]
        outcome = play(game, agents)
        assert outcome.winners and all(game.tokens[w] >= game.target_tokens
                                       for w in outcome.winners)


def test_what_a_view_knows_others_know_of_its_card_is_true() -> None:
    """``seen_by``: the card others saw (Priest, Baron, King) is still in this hand, and it is
    exactly what the game says they know."""
    seen = 0
    for game, views in _decisions(40, 3, HeuristicPlayer):
        for v in views:
            for other, card in v.seen_by.items():
                assert other != v.player and card in game.hands[v.player]
                assert game.known[other][v.player] == card
                seen += 1
    assert seen


def test_a_card_got_with_a_king_is_seen_by_who_looked_at_it_only_if_its_giver_held_it_since(
        ) -> None:
    """A looks at C's card (Priest). If B takes it at once with a King, B can be sure that A
    knows it. If C plays a card first, B cannot tell whether C played the card A saw (it had
    drawn another): B's view says only that C knows it, though A does (the engine tracks
    A's knowledge: C played another card). A view that said so told B what C had held."""
    a, b, c, d = range(4)
    # At once: A's Priest on C, B's King on C.
    game = rigged(4, [Card.PRIEST, Card.KING, Card.BARON, Card.COUNTESS], [Card.GUARD] * 2)
    game.apply(Play(Card.PRIEST, c))
    game.apply(Play(Card.KING, c))
    assert View(game, b).seen_by == {a: Card.BARON, c: Card.BARON}
    # C plays in between: A's Priest on B, B's Guard on D (a wrong guess), C's King on B.
    game = rigged(4, [Card.PRIEST, Card.BARON, Card.KING, Card.COUNTESS],
                  [Card.GUARD, Card.GUARD, Card.PRIEST])
    game.apply(Play(Card.PRIEST, b))
    game.apply(Play(Card.GUARD, d, Card.PRINCESS))
    game.apply(Play(Card.KING, b))
    assert game.hands[c] == [Card.BARON] and game.known[a][c] == Card.BARON
    assert View(game, c).seen_by == {b: Card.BARON}
    assert View(game, b).seen_by == {c: Card.PRIEST}


def test_the_deck_bottom_a_view_knows_is_the_real_one() -> None:
    """``deck_bottom``: the cards a player put under the deck lie there, in that order, until
    drawn; another player's lie there unseen (``None``)."""
    game = rigged(3, [Card.CHANCELLOR, Card.GUARD, Card.PRIEST], [Card.BARON, 9, 7])
    game.apply(Play(Card.CHANCELLOR))
    keep = next(m for m in game.legal_actions() if isinstance(m, Keep) and m.card == 7)
    game.apply(keep)
    mine, theirs = View(game, 0).deck_bottom, View(game, 1).deck_bottom
    assert mine == (keep.bottom[1], keep.bottom[0]) == tuple(game.pile[:2])
    assert theirs == (None, None)
    checked = 0
    for game in _positions(60, seed=11):
        for me in range(game.players):
            for i, card in enumerate(View(game, me).deck_bottom):
                assert card is None or game.pile[i] == card
                checked += card is not None
    assert checked


def test_sampled_worlds_keep_what_others_know_and_the_deck_bottom() -> None:
    for _, view, world in _sampled(60, 11, random.Random(12)):
        mine = View(world, view.player)
        assert mine.seen_by == view.seen_by
        for i, card in enumerate(view.deck_bottom):  # (the world has no history to say so)
            assert card is None or world.pile[i] == card
        for field in ("round_number", "phase", "to_move", "hand", "known", "returned",
                      "face_up", "discards", "active", "protected", "hand_sizes", "deck_size",
                      "set_aside_present", "tokens"):
            assert getattr(mine, field) == getattr(view, field), field


@pytest.mark.parametrize("bad", [{"iterations": 0}, {"iterations": True},
                                 {"time_limit": 0}, {"time_limit": -1.0}])
def test_search_budgets_are_checked(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=next(iter(bad))):
        SearchPlayer(**bad)  # type: ignore[arg-type]


def test_a_timed_search_still_tries_every_decision_once() -> None:
    game = rigged(2, [Card.GUARD, Card.BARON], [Card.PRIEST])
    view = View(game, 0)
    move = SearchPlayer(10**6, seed=1, time_limit=1e-9).choose(view, game.legal_actions())
    assert move in game.legal_actions()
