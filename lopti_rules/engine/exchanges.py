"""Hand exchanges, the custom actions that move whole hands (docs/language.md, "Hand exchanges").

`swap_hands(game, a, b)` exchanges two hands; `pass_hands(game, actor, step)` moves every hand
one seat round the table at once (`step` 1: to the next player, clockwise; -1: to the
previous). Face-up and face-down cards stay where they are. Neither emits a base event;
observers get a `swap_hands` / `pass_hands` note (`pass_hands` lists the seats that took
part, so a seat's card memory can follow the hands round the table).

Invariants: only players still in the round take part (R3: cards never reach a finished
player), and only players whose hand is not empty: an exchange never leaves a player without
cards (D38) and never empties a hand, so it brings no F2 take-up and the loop check gives it
no edge. A swap of a player with themselves, or with nobody, does nothing.

`random_cards(game, seat, n)` picks `n` of a hand's cards at random (the game's seeded RNG),
for `gives N random cards` / `discards N random cards`: the effects then move those cards
as they move a chosen set (never the player's last card, D38).
"""

from __future__ import annotations

from lopti_rules.engine.cards import hand_ranks
from lopti_rules.engine.events import Event
from lopti_rules.engine.flow import Flow


def _holds_a_hand(game: Flow, seat: int | None) -> bool:
    return seat is not None and not game.out[seat] and game.hand_sizes[seat] > 0


def swap_hands(game: Flow, a: int | None, b: int | None) -> bool:
    """Exchange the hands of `a` and `b`; False (nothing moves) unless both hold a hand."""
    if a == b or not _holds_a_hand(game, a) or not _holds_a_hand(game, b):
        return False
    assert a is not None and b is not None
    game.hands[a], game.hands[b] = game.hands[b], game.hands[a]
    game.hand_sizes[a], game.hand_sizes[b] = game.hand_sizes[b], game.hand_sizes[a]
    game.changed()
    if game.bus.observers:
        game.bus.note(Event.make("swap_hands", a, to=b, count=game.hand_sizes[a]))
    return True


def pass_hands(game: Flow, actor: int | None, step: int) -> list[int]:
    """Every hand of a player still in the round moves to the next such player (`step` 1)
    or the previous one (-1) in the direction of play in force (a reverse variant turns it,
    VR1, LANGUAGE.md §4); returns the seats that took part, clockwise from the actor."""
    start = actor if actor is not None else 0
    seats = [
        (start + i) % game.players
        for i in range(game.players)
        if _holds_a_hand(game, (start + i) % game.players)
    ]
    if len(seats) < 2:
        return []
    hands = [game.hands[s] for s in seats]
    sizes = [game.hand_sizes[s] for s in seats]
    for i, seat in enumerate(seats):
        giver = (i - step * game.direction) % len(seats)  # whose hand this seat receives
        game.hands[seat], game.hand_sizes[seat] = hands[giver], sizes[giver]
    game.changed()
    if game.bus.observers:
        way = "next" if step == 1 else "previous"
        game.bus.note(Event.make("pass_hands", actor, way=way, count=len(seats), seats=seats))
    return seats


def random_cards(game: Flow, seat: int, n: int) -> list[int]:
    """`n` ranks drawn at random from `seat`'s hand (fewer if it holds fewer)."""
    held = hand_ranks(game.hands[seat])
    return game.rng.sample(held, min(n, len(held)))
