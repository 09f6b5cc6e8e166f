"""Determinization: one complete table consistent with what a seat has seen.

`determinize(view, ledger, rng, options)` returns a `Position` that agrees with everything
the seat can see (its own hand, every face-up card, the pile, the chain, the sizes of every
hidden zone, who is out) and with what its `Ledger` learnt from the public log (ranks known
to be in a hand, face-down cards a rule showed, ranks known to be out of the round). The
cards the seat cannot place are dealt at random, by `rng` alone, into the hidden slots:
other hands, every face-down zone (its own too: nobody looks, S3) and the deck. Nothing
here reads a hidden card: the inputs are the view and the ledger. Knowledge that has become
inconsistent (a ledger that missed part of the log) is dropped rather than trusted, so the
result is always a legal position. The position carries the table's base variants and the
direction of play, so a rollout plays the table's own rules.
"""

from __future__ import annotations

import random
from collections import Counter

from lopti_rules.bots.ledger import Ledger
from lopti_rules.engine import Position, TableOptions, View
from lopti_rules.engine.cards import SUITS

RANKS = range(2, 15)


def _unseen(view: View, known: list[Counter[int]], removed: Counter[int]) -> Counter[int] | None:
    """The ranks nobody has placed (the deck minus what is seen or known), or None when
    the knowledge contradicts the table."""
    pool = Counter({rank: SUITS for rank in RANKS})
    pool.subtract(view.hand)
    for up in view.face_up:
        pool.subtract(up)
    for rank, count in view.pile:
        pool[rank] -= count
    pool.subtract(removed)
    for counts in known:
        pool.subtract(counts)
    return pool if min(pool.values()) >= 0 else None


def determinize(view: View, ledger: Ledger, rng: random.Random, options: TableOptions) -> Position:
    """A full position consistent with `view` and `ledger` (see the module text)."""
    n, me = view.players, view.seat
    sizes, downs = view.hand_sizes, view.face_down_counts
    hand = [
        ledger.hand[s] if s != me and sum(ledger.hand[s].values()) <= sizes[s] else Counter()
        for s in range(n)
    ]
    down = [
        ledger.down[s] if sum(ledger.down[s].values()) <= downs[s] else Counter() for s in range(n)
    ]
    removed = ledger.removed if sum(ledger.removed.values()) <= view.removed_size else Counter()
    pool = _unseen(view, hand + down, removed)
    slots = view.deck_size + sum(downs) - sum(sum(d.values()) for d in down)
    slots += sum(sizes[s] - sum(hand[s].values()) for s in range(n) if s != me)
    if pool is None or pool.total() < slots:  # trust only what the view shows
        hand, down, removed = [Counter()] * n, [Counter()] * n, Counter()
        pool = _unseen(view, [], removed)
        assert pool is not None  # the view alone is always consistent
    cards = sorted(pool.elements())
    rng.shuffle(cards)

    def deal(k: int) -> list[int]:
        dealt = cards[len(cards) - k :] if k else []
        del cards[len(cards) - k :]
        return dealt

    hands = [view.hand if s == me else [] for s in range(n)]
    for s in range(n):
        if s != me:
            hands[s] = sorted([*hand[s].elements(), *deal(sizes[s] - sum(hand[s].values()))])
    face_down = []
    for s in range(n):
        zone = [*down[s].elements(), *deal(downs[s] - sum(down[s].values()))]
        rng.shuffle(zone)
        face_down.append(zone)
    deck = deal(view.deck_size)
    known_removed = sorted(removed.elements())
    return Position(
        players=n,
        hands=hands,
        face_up=view.face_up,
        face_down=face_down,
        pile=[[rank] * count for rank, count in view.pile],
        deck=deck,
        turn=view.turn,
        dealer=ledger.dealer,
        round=ledger.round,
        chain=view.chain,
        obligation=view.obligation,
        low=view.low,
        removed=known_removed,
        removed_unknown=view.removed_size - len(known_removed),
        drawn=view.drawn,
        bonus=view.bonus,
        finished=view.finished,
        places=options.places,
        author=options.author,
        last_winner=options.last_winner,
        variants=options.variants,
        direction=view.direction,
    )
