"""The searching bot: determinized sampling with rollouts through the real engine.

For a decision with more than one legal move it deals `samples` complete tables consistent
with what its seat has seen (`sample.determinize`, fed by the seat's `Ledger` of the public
log), and on each one tries the candidate moves (`candidates`) and plays the round on with
greedy seats, in a fresh `Game` whose bus carries the rules in force (`RuleSet.attach`) and
whose position carries the table options and base variants: the search plays with the
house rules, not around them. A rollout scores 1 when the seat wins the round, and a lost
one up to `NEAR` by the share of the cards the seat got rid of. Every candidate is compared
with the greedy move on the same tables with the same rollout RNG (paired samples, common
random numbers); one replaces the greedy move only when its mean gain is more than
`EVIDENCE` standard errors above zero, and the best such one is played. From `RACE` samples
on, a candidate more than `DROP` standard errors *below* the greedy move gets no more
rollouts (it could not win any more), and the decision ends when none is left: the same
choices, for fewer rollouts. All of a decision's randomness comes from one draw of the RNG
it is given, so a seed gives the same game. `seconds` optionally stops sampling early, for
interactive play (no longer deterministic).

A bot that is not seated (`sit`) still works: it knows only its view, and plays base Lopti.
The levels (`LEVELS`) differ only in their budget. docs/bots.md justifies the design and
gives the measurements.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from lopti_rules.bots.choices import chooser
from lopti_rules.bots.greedy import GreedyBot
from lopti_rules.bots.ledger import Ledger
from lopti_rules.bots.sample import determinize
from lopti_rules.engine import (
    EventBus,
    Game,
    IllegalMoveError,
    Move,
    Play,
    Position,
    Reveal,
    Swap,
    TableOptions,
    View,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from lopti_rules.bots import Bot
    from lopti_rules.runtime import RuleSet

# determinizations per decision, each trying every legal move
LEVELS = {"easy": 6, "medium": 24, "hard": 100}
EVIDENCE = 1.0  # standard errors a move must beat the greedy habit by
DROP = 2.0  # standard errors below the habit that end a move's rollouts
RACE = 4  # samples before a move can be dropped
NEAR = 0.3  # a lost rollout's worth at most, by the share of cards the seat got rid of
HORIZON = 400  # rollout moves before a rollout is scored by the cards left (a stall)


class SearchBot:
    """A searching seat (see the module text); `level` names its budget in `LEVELS`."""

    __slots__ = ("horizon", "ledger", "name", "options", "policy", "rules", "samples", "seconds")

    def __init__(
        self,
        level: str = "medium",
        *,
        samples: int | None = None,
        seconds: float | None = None,
        horizon: int = HORIZON,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"`{level}` is not a level (choose from {', '.join(LEVELS)})")
        self.name = level
        self.samples = samples if samples is not None else LEVELS[level]
        self.seconds = seconds
        self.horizon = horizon
        self.policy = GreedyBot()
        self.rules: RuleSet | None = None
        self.options: TableOptions | None = None
        self.ledger: Ledger | None = None

    def sit(self, seat: int, bus: EventBus, options: TableOptions, rules: RuleSet | None) -> None:
        """Take `seat` at the table of `bus` (before the deal): watch its public log, and
        search with its options and rules."""
        self.options, self.rules = options, rules
        variants = options.variants
        self.ledger = Ledger(options.players, seat, 3 if variants is None else variants.pass_on)
        self.ledger.watch(bus)

    def choose(self, view: View, moves: list[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        own = random.Random(rng.getrandbits(64))
        # not seated (`seat_bots`): the table as the view shows it, without rules
        options = self.options or TableOptions(players=view.players, variants=view.variants)
        ledger = self.ledger or Ledger(view.players, view.seat)
        habit = self.policy.choose(view, moves, random.Random(own.getrandbits(32)))
        tried = candidates(moves, habit)
        if len(tried) == 1:
            return habit
        gains = [Gain() for _ in tried]  # per move: its rollouts minus the habit's
        live = list(range(1, len(tried)))
        start = time.perf_counter()
        for k in range(self.samples):
            if self.seconds is not None and k and time.perf_counter() - start > self.seconds:
                break
            position = determinize(view, ledger, own, options)
            seed = own.getrandbits(32)
            base = self._rollout(position, habit, seed, view.seat)
            for i in live:
                gains[i].add(self._rollout(position, tried[i], seed, view.seat) - base)
            if k + 1 >= RACE:  # a move clearly worse than the habit gets no more rollouts
                live = [i for i in live if gains[i].upper() >= 0.0]
                if not live:
                    break
        best, margin = habit, 0.0
        for i in range(1, len(tried)):
            low = gains[i].lower()
            if low > margin:
                best, margin = tried[i], low
        return best

    def choose_swap(self, view: View, swaps: list[Swap], rng: random.Random) -> Swap | None:
        return self.policy.choose_swap(view, swaps, rng)

    def _rollout(self, position: Position, move: Move, seed: int, seat: int) -> float:
        variants = position.variants
        choose = None  # the seats' asks, answered as the greedy seats of the real game do
        if self.rules is not None or (variants is not None and variants.asks()):
            choose = chooser([self.policy] * position.players, seed)
        bus = EventBus(chooser=choose)
        if self.rules is not None:
            self.rules.attach(bus, chooser=choose)
        game = Game.from_position(position, seed=seed, bus=bus)
        try:
            game.apply(move)
        except IllegalMoveError:  # cannot happen for a move legal in the real game
            return 0.0
        rng = random.Random(seed)
        policy = self.policy
        left = self.horizon
        while game.winner is None and not game.over and left:
            turn = game.turn
            game.apply(policy.choose(game.view(turn), game.legal_moves(), rng))
            left -= 1
        if game.winner == seat:
            return 1.0
        held = [
            game.hand_sizes[s] + len(game.face_up[s]) + len(game.face_down[s])
            for s in range(game.players)
        ]
        near = 1.0 - held[seat] / max(1, sum(held))  # how close the seat came
        return near * (NEAR if game.winner is not None else 1.0)


def candidates(moves: list[Move], habit: Move) -> list[Move]:
    """The moves worth a rollout, the greedy `habit` first: of each rank the fewest and the
    most cards, the pickup, and one reveal (face-down cards are alike: nobody has seen
    them, or the sample shuffles what a rule showed)."""
    fewest: dict[int, Play] = {}
    most: dict[int, Play] = {}
    rest: list[Move] = []
    for move in moves:
        if isinstance(move, Play):
            if move.rank not in fewest:
                fewest[move.rank] = move
            most[move.rank] = move  # plays come by rank, then count
        elif isinstance(move, Reveal):
            if not any(isinstance(m, Reveal) for m in rest) and not isinstance(habit, Reveal):
                rest.append(move)
        else:
            rest.append(move)
    tried: list[Move] = [habit]
    for move in [*fewest.values(), *most.values(), *rest]:
        if all(move is not m for m in tried):
            tried.append(move)
    return tried


class Gain:
    """The running mean and standard error of a move's paired gains over the habit."""

    __slots__ = ("n", "squares", "total")

    def __init__(self) -> None:
        self.n, self.total, self.squares = 0, 0.0, 0.0

    def add(self, gain: float) -> None:
        self.n += 1
        self.total += gain
        self.squares += gain * gain

    def _mean_error(self) -> tuple[float, float]:
        n = self.n
        mean = self.total / n
        var = max(0.0, (self.squares - n * mean * mean) / (n - 1))
        return mean, math.sqrt(var / n)

    def lower(self) -> float:
        """The mean gain less `EVIDENCE` standard errors (0 with under two samples): a move
        replaces the habit only when the samples show it better by more than their noise
        (many noisy means would otherwise crown a lucky one)."""
        if self.n < 2:
            return 0.0
        mean, error = self._mean_error()
        return mean - EVIDENCE * error

    def upper(self) -> float:
        """The mean gain plus `DROP` standard errors: below zero, the move is worse."""
        if self.n < 2:
            return 1.0
        mean, error = self._mean_error()
        return mean + DROP * error


def searching(bots: Sequence[Bot]) -> bool:
    """Whether any of `bots` searches (and so needs `seat_bots` and a bus to watch)."""
    return any(isinstance(bot, SearchBot) for bot in bots)


def seat_bots(
    bots: Sequence[Bot], bus: EventBus, options: TableOptions, rules: RuleSet | None
) -> None:
    """Seat every searching bot of `bots` (one per seat, in seat order) at the table."""
    for seat, bot in enumerate(bots):
        if isinstance(bot, SearchBot):
            bot.sit(seat, bus, options, rules)
