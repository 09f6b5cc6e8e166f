"""Positions for the searching bot's tests: a game some greedy moves in, and the same position
with every card a seat cannot see dealt again (what a bot blind to hidden cards must not
notice)."""

from __future__ import annotations

import random

from lopti_rules.bots import GreedyBot
from lopti_rules.engine import Game, Position, TableOptions


def advance(seed: int, steps: int, players: int = 4) -> Game:
    """A game some greedy moves in, with more than one legal move for the seat to act."""
    game = Game.new(TableOptions(players=players), seed)
    rng = random.Random(seed)
    greedy = GreedyBot()
    done = 0
    while not game.over and (done < steps or len(game.legal_moves()) < 2):
        game.apply(greedy.choose(game.view(game.turn), game.legal_moves(), rng))
        done += 1
    return game


def permuted(
    pos: Position, seat: int, rng: random.Random, keep: list[int] | None = None
) -> Position:
    """`pos` with every card `seat` cannot see dealt again at random into the same slots;
    `keep` ranks stay in the next seat's hand (what the seat learnt from the log)."""
    kept = list(keep or [])
    mate = (seat + 1) % pos.players
    hands = [list(h) for h in pos.hands]
    for rank in kept:
        hands[mate].remove(rank)
    hidden = [r for s, h in enumerate(hands) if s != seat for r in h]
    hidden += [r for d in pos.face_down for r in d] + list(pos.deck)
    rng.shuffle(hidden)

    def take(k: int) -> list[int]:
        part = hidden[:k]
        del hidden[:k]
        return part

    new_hands = [h if s == seat else sorted(take(len(h))) for s, h in enumerate(hands)]
    new_hands[mate] = sorted(new_hands[mate] + kept)
    downs = [take(len(d)) for d in pos.face_down]
    deck = take(len(pos.deck))
    return Position(
        players=pos.players,
        hands=new_hands,
        face_up=pos.face_up,
        face_down=downs,
        pile=pos.pile,
        deck=deck,
        turn=pos.turn,
        dealer=pos.dealer,
        round=pos.round,
        chain=pos.chain,
        obligation=pos.obligation,
        removed=pos.removed,
        removed_unknown=pos.removed_unknown,
        drawn=pos.drawn,
        bonus=pos.bonus,
        finished=pos.finished,
        places=pos.places,
    )
