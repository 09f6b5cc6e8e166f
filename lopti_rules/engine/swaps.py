"""The setup swap (S4, D34): which swaps are allowed, and making one.

Before the first play every seat may swap one hand card for one of its face-up cards, once.
Face-down cards are never part of a swap. `legal_swaps(game)` lists every swap still
allowed (`legal_swaps(game, seat)` only that seat's, all that a seat's bot needs; interned
`Swap`s, nothing allocated per swap); `apply_swap(game, move)` checks one (IllegalMoveError
naming S4/D34, nothing changed) and makes it, with its `swap` event. The first play ends
the setup phase.
"""

from __future__ import annotations

from lopti_rules.engine.cards import RANK_NAMES
from lopti_rules.engine.events import swap_event
from lopti_rules.engine.flow import Flow
from lopti_rules.engine.moves import SWAPS, IllegalMoveError, Swap
from lopti_rules.i18n import _


def _name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


def _refused(move: Swap, reason: str) -> str:
    """`cannot swap hand 4 for face-up K: ...`, in the language in use."""
    head = _("cannot swap hand {hand} for face-up {up}").format(
        hand=_name(move.hand_rank), up=_name(move.face_up_rank)
    )
    return _("{head}: {reason}").format(head=head, reason=reason.format(seat=move.seat))


def legal_swaps(game: Flow, seat: int | None = None) -> list[Swap]:
    """Every setup swap still allowed (of `seat` only, if given): by seat, then hand rank,
    then face-up rank."""
    if not game.setup or game.over or game.vt.choose_up:
        return []  # VD3: a table that chose its face-up cards makes no swap
    swaps: list[Swap] = []
    for s in range(game.players) if seat is None else (seat,):
        if s in game.swapped or game.out[s]:
            continue
        hand = game.hands[s]
        ups = sorted(set(game.face_up[s]))
        rows = SWAPS[s]
        for rank in range(2, 15):
            if hand[rank]:
                row = rows[rank]
                swaps.extend([row[up] for up in ups])
    return swaps


def apply_swap(game: Flow, move: Swap) -> None:
    """Make the setup swap `move`, or raise IllegalMoveError and change nothing."""
    seat, hand_rank, up_rank = move.seat, move.hand_rank, move.face_up_rank
    if game.over or not game.setup:
        raise IllegalMoveError(_refused(move, _("swaps end with the first play (S4, D34)")))
    if game.vt.choose_up:
        said = _("the face-up cards were chosen at the deal (VD3, S4)")
        raise IllegalMoveError(_refused(move, said))
    if not 0 <= seat < game.players:
        raise IllegalMoveError(_refused(move, _("there is no seat {seat} (S1)")))
    if seat in game.swapped:
        raise IllegalMoveError(_refused(move, _("seat {seat} has already swapped (S4, D34)")))
    if not 2 <= hand_rank <= 14 or not game.hands[seat][hand_rank]:
        raise IllegalMoveError(_refused(move, _("seat {seat} holds no such hand card (S4, D34)")))
    if up_rank not in game.face_up[seat]:
        raise IllegalMoveError(_refused(move, _("seat {seat} has no such face-up card (S4, D34)")))
    bus = game.bus
    swap_at = (seat, None, None, None, swap_event, (hand_rank, up_rank))
    before, seen, after = bus.plan["swap"]
    event = bus.run(before, None, *swap_at)
    if not game.hands[seat][hand_rank] or up_rank not in game.face_up[seat]:
        return  # a before-swap hook moved the cards away: there is nothing left to swap
    game.hands[seat][hand_rank] -= 1
    game.hands[seat][up_rank] += 1
    game.face_up[seat].remove(up_rank)
    game.face_up[seat].append(hand_rank)
    game.swapped.append(seat)
    game._legal = None
    bus.run(after, bus.run(seen, event, *swap_at), *swap_at)
