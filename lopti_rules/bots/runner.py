"""The round runner: one round of bots, from the deal to its end, never hanging.

`run_round(options, seed, bots)` deals a `Game` (with the given bus, so a rule pack's hooks
and the event log can be attached before the deal), lets each seat make its setup swap
(clockwise from the first player), then asks the bot of the seat to act for a move until
the round is over. Each seat's `View` is made once per round: it is a live read-only window
on the game, so a bot that does not read it costs nothing per move. Bot self-play can in
principle circle forever, so the runner stops after `max_moves` moves and reports the round
`stalled` (docs/engine.md gives the measured rate).
Bots draw their randomness from one RNG seeded from the game seed: same seed, same round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from lopti_rules.bots import Bot
from lopti_rules.bots.choices import chooser
from lopti_rules.engine import EventBus, Game, TableOptions
from lopti_rules.engine.referee import Referee
from lopti_rules.engine.swaps import legal_swaps

DEFAULT_MAX_MOVES = 20000


@dataclass(slots=True)
class RoundResult:
    """How a round ended: `winner` (None only when stalled), `places` in finishing order
    (with the places option, the seat left last), `moves` applied (plays, pickups and
    reveals; swaps excluded) and whether the move cap stopped it."""

    game: Game
    winner: int | None
    places: list[int] = field(default_factory=list)
    moves: int = 0
    stalled: bool = False


def bot_rng(seed: int) -> random.Random:
    return random.Random(f"lopti-bots-{seed}")


def run_round(
    options: TableOptions,
    seed: int,
    bots: Sequence[Bot],
    *,
    bus: EventBus | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
    between: Callable[[], None] | None = None,
    referee: Referee | None = None,
) -> RoundResult:
    if len(bots) != options.players:
        raise ValueError(f"{len(bots)} bots for {options.players} players")
    bus = bus if bus is not None else EventBus()
    if bus.chooser is None and options.variants is not None and options.variants.asks():
        bus.chooser = chooser(bots, seed)  # the bots answer the variants' asks (VN1, VJ1, VD3)
    game = Game.new(options, seed, bus=bus)
    return play_round(
        game, bots, bot_rng(seed), max_moves=max_moves, between=between, referee=referee
    )


def play_round(
    game: Game,
    bots: Sequence[Bot],
    rng: random.Random,
    *,
    max_moves: int = DEFAULT_MAX_MOVES,
    between: Callable[[], None] | None = None,
    referee: Referee | None = None,
) -> RoundResult:
    """Play `game` to its end with `bots` (one per seat); `between` runs after each move (the
    table's calls and reports, runtime/calls.py `TableModel`); a `referee` (engine/referee.py,
    observing the game's bus) is told of each move, swaps included, before and after it."""
    views = [game.view(seat) for seat in range(game.players)]  # live windows: one per seat
    if game.setup:
        for seat in game.active_from(game.turn):
            swaps = legal_swaps(game, seat)
            if swaps:
                choice = bots[seat].choose_swap(views[seat], swaps, rng)
                if choice is not None:
                    if referee is not None:
                        referee.before(game, choice)
                    game.apply(choice)
                    if referee is not None:
                        referee.after(game, choice)
    moves = 0
    while not game.over and moves < max_moves:
        if game.waiting is not None:  # a game built from a position that waits for an answer
            ask = game.pending
            assert ask is not None
            game.answer(game.chosen(ask))  # as the chooser would have answered it
            continue
        seat = game.turn
        legal = game.legal_moves()
        move = bots[seat].choose(views[seat], legal, rng)
        if referee is not None:
            referee.before(game, move)
        game.apply(move)
        if referee is not None:
            referee.after(game, move)
        moves += 1
        if between is not None:
            between()
    stalled = not game.over
    return RoundResult(game, game.winner, game.places, moves, stalled)
