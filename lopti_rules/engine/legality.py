"""Which plays are legal (clauses P, X, F4) and why a refused move was refused.

Takes a `Game`'s state (read only) and produces the legal moves of the seat to act, in a
fixed order: plays by rank then count (2..A, 1..4), then reveals by index, then the pickup.
`play_is_legal` is the single statement of P2-P8 used for hand plays and face-down reveals
alike; `generate` is the same test unrolled for speed (the tests check they agree).
`why_illegal` turns a refused move into one sentence naming the move, the reason and the
clause id, e.g. "cannot play 10 on a 7: a 10 may not follow a 7 (X10.1)".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lopti_rules.engine.cards import RANK_NAMES, RANKS
from lopti_rules.engine.moves import PICKUP, PLAYS, REVEALS, Move, PickUp, Play, Reveal

if TYPE_CHECKING:
    from lopti_rules.engine.game import Game

_ALWAYS = [r in (2, 3, 7, 10) for r in range(15)]  # legal on any non-2 top without low
_LOW_RANKS = (2, 3, 4, 5, 6, 7)  # P6: 7 or lower


def top_run(pile_ranks: list[int], pile_counts: list[int]) -> int:
    """Cards in the unbroken same-rank stack on top of the pile (0 when empty)."""
    i = len(pile_ranks) - 1
    if i < 0:
        return 0
    rank = pile_ranks[i]
    run = 0
    while i >= 0 and pile_ranks[i] == rank:
        run += pile_counts[i]
        i -= 1
    return run


def play_is_legal(game: Game, rank: int, count: int) -> bool:
    """P2-P8 for a play of `count` cards of `rank` on the table as it is now."""
    if game.obligation:
        return rank == 3  # P7, F7
    if rank == 3 or not game.pile_ranks:
        return True  # X3.1, P2
    if game.low:
        return rank <= 7  # P6 (a 10 may not follow a 7: X10.1)
    top = game.pile_ranks[-1]
    if rank == top:  # P3b/c, X2.2
        k = game.pile_counts[-1]
        return count > k or top_run(game.pile_ranks, game.pile_counts) + count >= 4
    return rank > top or _ALWAYS[rank] or top == 2  # P3a, P4, P5


def generate(game: Game) -> list[Move]:
    """The legal moves of the seat to act (empty when the round is over)."""
    seat = game.turn
    moves: list[Move]
    if not game.hand_sizes[seat] and not game.face_up[seat]:
        moves = list(REVEALS[: len(game.face_down[seat])])  # F4: one face-down card
        if game.pile_ranks:
            moves.append(PICKUP)  # D18
        return moves
    hand = game.hands[seat]
    pile_ranks = game.pile_ranks
    moves = []
    if game.obligation:
        n = hand[3]
        if n:
            moves.extend(PLAYS[3][1 : n + 1])
    elif not pile_ranks:
        for r in RANKS:
            n = hand[r]
            if n:
                moves.extend(PLAYS[r][1 : n + 1])
    elif game.low:
        for r in _LOW_RANKS:
            n = hand[r]
            if n:
                moves.extend(PLAYS[r][1 : n + 1])
    else:
        top = pile_ranks[-1]
        free = top == 2
        for r in RANKS:
            n = hand[r]
            if not n:
                continue
            if r == top:
                k = game.pile_counts[-1]
                need = 4 - top_run(pile_ranks, game.pile_counts)
                row = PLAYS[r]
                for c in range(1, n + 1):
                    if c > k or c >= need:
                        moves.append(row[c])
            elif r > top or free or _ALWAYS[r]:
                moves.extend(PLAYS[r][1 : n + 1])
    if pile_ranks:
        moves.append(PICKUP)
    return moves


def describe_top(game: Game) -> str:
    """The top play in words: "a 7", "an 8", "9 9"."""
    rank, count = game.pile_ranks[-1], game.pile_counts[-1]
    name = RANK_NAMES.get(rank, str(rank))
    if count == 1:
        return f"{'an' if name in ('8', 'A') else 'a'} {name}"
    return " ".join([name] * count)


def why_illegal(game: Game, move: Move) -> str:
    """One sentence: why `move` is refused now, citing the clause."""
    seat = game.turn
    if game.is_over():
        return f"cannot {_verb(move)}: the round is over (W4, D28)"
    if isinstance(move, Play):
        return _why_play(game, move, seat)
    if isinstance(move, PickUp):
        if not game.pile_ranks:
            return "cannot pick up: the table is empty (T1, D35)"
    elif isinstance(move, Reveal):
        if game.hand_sizes[seat]:
            return f"cannot turn a face-down card: seat {seat} still holds cards in hand (F1, F4)"
        if game.face_up[seat]:
            return f"cannot turn a face-down card: seat {seat} still has face-up cards (F1)"
        held = len(game.face_down[seat])
        return (
            f"cannot turn face-down card {move.index}: seat {seat} has {held} face-down "
            "card(s), numbered from 0 (F4, D14)"
        )
    return f"cannot {_verb(move)}: it is not a legal move now"


def _verb(move: Move) -> str:
    return f"play {move}" if isinstance(move, Play) else str(move)


def _why_play(game: Game, move: Play, seat: int) -> str:
    rank, count = move.rank, move.count
    if rank not in RANK_NAMES or count < 1:
        return f"cannot play {rank} x{count}: a play is one or more cards of one rank (P1)"
    shown = str(move)
    if not game.hand_sizes[seat] and not game.face_up[seat]:
        return (
            f"cannot play {shown} from the hand: seat {seat} has no hand or face-up cards "
            "left, so each play is one face-down card (F4)"
        )
    held = game.hands[seat][rank]
    if held < count:
        if rank in game.face_up[seat]:
            return f"cannot play {shown}: face-up cards are never played from the table (F3, D13)"
        name = RANK_NAMES[rank]
        return f"cannot play {shown}: seat {seat} holds {held} card(s) of rank {name} (P1)"
    if play_is_legal(game, rank, count):
        return f"cannot play {shown}: it is not a legal move now"
    if game.obligation:
        return f"cannot play {shown} during a 3-obligation: play 3s or pick up the pile (P7)"
    top = describe_top(game)
    if game.low:
        if rank == 10:
            return f"cannot play 10 on {top}: a 10 may not follow a 7 (X10.1)"
        return f"cannot play {shown} on {top}: under the low rule only 7 or lower is legal (P6)"
    top_rank = game.pile_ranks[-1]
    if rank == 2 and top_rank == 2:
        return (
            f"cannot play {shown} on {top}: a 2 on a 2 needs more cards than the last 2-play "
            "or must complete all four 2s (X2.2, D12)"
        )
    if rank == top_rank:
        return (
            f"cannot play {shown} on {top}: the same rank needs more cards than the top play "
            "or must complete all four (P3)"
        )
    return f"cannot play {shown} on {top}: it must rank higher than the top play (P3)"
