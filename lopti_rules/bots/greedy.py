"""The greedy bot: a sensible player of base Lopti (deterministic for a seeded RNG).

Its habits, in order: take a clear when a play completes four of a kind (a clear empties
the pile and earns a bonus play, C1b/T5); otherwise shed the lowest normal rank it can, all
copies at once (pairs and triples go together); keep the special ranks 2, 3, 7 and 10 for
when they matter: under a 3-obligation it answers with 3s, on a big pile it clears with a 10,
and otherwise spends the cheapest special (7 on an empty table sets the low rule for the
next player), except that one time in four it plays a random special instead, and one
play in twenty is any legal play at random: purely deterministic seats can otherwise repeat
the same exchange forever, alone or with a house rule's help (docs/engine.md). It
picks up only when it cannot play, and a face-down player always flips rather than picking
up. For the setup swap it puts its strongest hand card face-up, in place
of its weakest face-up card, when that is an improvement.
"""

from __future__ import annotations

import random

from lopti_rules.engine import Move, Play, Reveal, Swap, View
from lopti_rules.engine.moves import PICKUP

# how much a card is worth keeping for later: specials above every normal rank
KEEP = {r: r for r in range(2, 15)}
KEEP.update({7: 15, 3: 16, 2: 17, 10: 18})
SPECIAL = frozenset({2, 3, 7, 10})
BIG_PILE = 4  # a 10 is spent on a pile of at least this many cards
VARY = 0.25  # chance of a random special play instead of the cheapest one
EXPLORE = 0.05  # chance of any random legal play (rules can make cycles of normal plays)


class GreedyBot:
    name = "greedy"

    def choose(self, view: View, moves: list[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        best: dict[int, Play] = {}  # the largest legal count of each rank
        least: dict[int, Play] = {}  # and the smallest
        lowest = 0  # the lowest normal rank that can be played
        for move in moves:  # one pass, no lists built
            if isinstance(move, Play):
                rank = move.rank
                if rank not in least:
                    least[rank] = best[rank] = move
                    if rank not in SPECIAL and (not lowest or rank < lowest):
                        lowest = rank
                elif move.count > best[rank].count:
                    best[rank] = move
                elif move.count < least[rank].count:
                    least[rank] = move
            elif isinstance(move, Reveal):
                return move  # F4: flip rather than pick up
        if not best:
            return PICKUP
        if rng.random() < EXPLORE:  # now and then any legal play: no fixed cycle can last
            return _any_play(moves, rng)
        top = view.top
        if top is not None and top in best and view.top_run + best[top].count >= 4:
            return best[top]  # completes four: a clear and a bonus play
        if lowest:
            return best[lowest]
        return _special(view, moves, best, least, rng)

    def choose_swap(self, view: View, swaps: list[Swap], rng: random.Random) -> Swap | None:
        mine = [s for s in swaps if s.seat == view.seat]
        if not mine:
            return None
        best = max(mine, key=lambda s: (KEEP[s.hand_rank] - KEEP[s.face_up_rank], -s.hand_rank))
        return best if KEEP[best.hand_rank] > KEEP[best.face_up_rank] else None


def _any_play(moves: list[Move], rng: random.Random) -> Play:
    """A legal play chosen uniformly (the same draw as indexing the list of plays)."""
    plays = [m for m in moves if isinstance(m, Play)]
    return plays[rng.randrange(len(plays))]


def _special(
    view: View, moves: list[Move], best: dict[int, Play], least: dict[int, Play], rng: random.Random
) -> Move:
    """Only specials can be played: a 3 owed to an obligation, now and then any play, a 10
    on a big pile, else the first of 7, 2, 3, 10 (2 first on a pile)."""
    if 3 in best and view.obligation:
        return best[3]
    if rng.random() < VARY:  # vary now and then, so that two greedy seats cannot cycle forever
        return _any_play(moves, rng)
    if 10 in best and view.pile_size >= BIG_PILE:
        return least[10]
    order = (7, 2, 3, 10) if view.top is None else (2, 7, 3, 10)
    for rank in order:
        if rank in best:
            return best[rank] if rank == 3 else least[rank]
    return next(m for m in moves if isinstance(m, Play))  # (every rank is in `order`)
