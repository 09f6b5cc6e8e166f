"""The searching bot: determinized UCT over its own decisions, through the real engine.

For a decision with more than one legal move it runs `iterations` searches (or as many as
fit in `seconds`, for interactive play). Each deals a complete table consistent with what
its seat has seen (`sample.determinize`, fed by the seat's `Ledger` of the public log), in
a fresh `Game` whose bus carries the rules in force (`RuleSet.attach`, with the table's
calls and reports played by the table model) and whose position carries the table options
and base variants, and plays the round on from there. The seat's own decisions walk a tree
(`Node`): at each, its candidate moves (`candidates`, judged on the sampled table) are
chosen by UCB1 over the ones available on that table (information-set MCTS's availability
counts: a move that is not legal on every sampled table is judged against the visits of its
parent when it was), a move never tried first; the first new node ends the walk and the round
is played on by the greedy policy. The other seats always play the greedy policy: it is
the opponents' model. A finished round scores 1 when the seat won, a lost one up to `NEAR`
by the share of the cards it got rid of; a round still going after `horizon` moves scores
the seat's chance by the cards everyone holds (`cut_off`). The move played is the root's
most visited child, the greedy move on a tie. All of a decision's randomness comes from one
draw of the RNG it is given, so a seed and an iteration budget give the same game.

Each level has a time budget per decision and the iteration count that budget buys on the
compiled build (`LEVELS`); `budget="iterations"` (the default: simulations, vetting,
sessions, tests) plays the count, `budget="time"` (an interactive table) the time.
A bot that is not seated (`sit`) still works: it knows only its view, and plays base Lopti.
The asks a rule puts to the seat are answered by the greedy policy (`choices.py`).
docs/bots.md justifies the design and gives the measurements.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
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
    from collections.abc import Callable, Sequence

    from lopti_rules.bots.bot import Bot
    from lopti_rules.runtime import RuleSet


@dataclass(frozen=True, slots=True)
class Level:
    """A level's budget per decision: `seconds`, and the `iterations` that buys compiled."""

    seconds: float
    iterations: int


LEVELS = {  # the counts: about 0.42 ms an iteration compiled, 1.1 ms pure (docs/bots.md)
    "easy": Level(0.02, 50),
    "medium": Level(0.1, 240),
    "hard": Level(0.3, 700),
}
BUDGETS = ("iterations", "time")
EXPLORE = 0.7  # UCB1's exploration constant (the scores lie in 0..1)
WIDEN = 0.5  # progressive widening below the root (0: every candidate at once)
EVIDENCE = 1.0  # standard errors a move must beat the greedy move by (0: most visited)
NEAR = 0.3  # a lost round's worth at most, by the share of cards the seat got rid of
HORIZON = 400  # moves after the decision before a rollout is scored by the cards held
SPREAD = 3.0  # cards: the softness of the cut-off score (a seat this many cards ahead ...)
MAX_ITERATIONS = 100_000  # a time budget's cap (a fast machine, a tiny table)


class Node:
    """One of the seat's decisions in the tree: its children by move (`key`), the visits and
    total score through it, and how often it was available when its parent was visited."""

    __slots__ = ("available", "children", "move", "squares", "total", "visits")

    def __init__(self, move: Move | None) -> None:
        self.move = move
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.available = 0

    def select(self, tried: list[Move], explore: float, widen: float) -> Node:
        """The child to walk into among `tried` (the moves this sampled table allows): a
        move never tried first (in `tried` order: the greedy move first), else UCB1. With
        `widen`, only the first 1 + widen * sqrt(visits) of them are considered (progressive
        widening: a new node plays the greedy move until its visits earn it alternatives)."""
        if widen:
            tried = tried[: 1 + int(widen * math.sqrt(self.visits))]
        best: Node | None = None
        score = -1.0
        for move in tried:
            k = key(move)
            child = self.children.get(k)
            if child is None:
                child = self.children[k] = Node(move)
            child.available += 1
        for move in tried:
            child = self.children[key(move)]
            if child.visits == 0:
                return child
            value = child.total / child.visits
            value += explore * math.sqrt(math.log(child.available) / child.visits)
            if value > score:
                best, score = child, value
        assert best is not None
        return best

    def add(self, value: float) -> None:
        self.visits += 1
        self.total += value
        self.squares += value * value

    def mean_variance(self) -> tuple[float, float]:
        """The mean score through the node and the variance of that mean."""
        n = self.visits
        mean = self.total / n
        return mean, max(0.0, self.squares / n - mean * mean) / max(1, n - 1)

    def best(self, habit: Move, evidence: float) -> Move:
        """The move to play: with `evidence`, the greedy `habit` unless a child's mean beats
        the habit's by more than `evidence` standard errors (the best such one); without,
        the most visited child (the first made on a tie: the greedy move's)."""
        if not evidence:
            top = max(self.children.values(), key=lambda c: c.visits)
            return top.move if top.move is not None else habit
        base = self.children.get(key(habit))
        if base is None or base.visits < 2:
            return habit
        mean, variance = base.mean_variance()
        best, margin = habit, 0.0
        for child in self.children.values():
            if child is base or child.visits < 2 or child.move is None:
                continue
            m, v = child.mean_variance()
            low = m - mean - evidence * math.sqrt(v + variance)
            if low > margin:
                best, margin = child.move, low
        return best


def key(move: Move) -> int:
    """A move's key among a node's children: plays by rank and count, one for every reveal
    (face-down cards are alike to a seat that has not seen them), one for the pickup."""
    if isinstance(move, Play):
        return move.rank * 8 + move.count
    return 1 if isinstance(move, Reveal) else 0


class SearchBot:
    """A searching seat (see the module text); `level` names its budget in `LEVELS`."""

    __slots__ = (
        "budget",
        "evidence",
        "explore",
        "horizon",
        "iterations",
        "ledger",
        "name",
        "options",
        "policy",
        "rules",
        "seconds",
        "widen",
    )

    def __init__(
        self,
        level: str = "medium",
        *,
        budget: str = "iterations",
        iterations: int | None = None,
        seconds: float | None = None,
        horizon: int = HORIZON,
        explore: float = EXPLORE,
        widen: float = WIDEN,
        evidence: float = EVIDENCE,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"`{level}` is not a level (choose from {', '.join(LEVELS)})")
        if budget not in BUDGETS:
            raise ValueError(f"`{budget}` is not a budget (choose from {', '.join(BUDGETS)})")
        self.name = level
        self.budget = budget
        self.iterations = iterations if iterations is not None else LEVELS[level].iterations
        self.seconds = seconds if seconds is not None else LEVELS[level].seconds
        self.horizon = horizon
        self.explore = explore
        self.widen = widen
        self.evidence = evidence
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
        root = Node(None)
        timed = self.budget == "time"
        limit = MAX_ITERATIONS if timed else self.iterations
        start = time.perf_counter()
        for k in range(limit):
            if timed and k and time.perf_counter() - start > self.seconds:
                break
            position = determinize(view, ledger, own, options)
            self._iterate(root, tried, position, own.getrandbits(32), view.seat)
        return root.best(habit, self.evidence)

    def choose_swap(self, view: View, swaps: list[Swap], rng: random.Random) -> Swap | None:
        return self.policy.choose_swap(view, swaps, rng)

    def _iterate(
        self, root: Node, tried: list[Move], position: Position, seed: int, seat: int
    ) -> None:
        """One search: the walk down the tree on a sampled table, the rollout, the scores."""
        game, between = self._table(position, seed)
        rng = random.Random(seed)
        policy = self.policy
        node = root.select(tried, self.explore, 0.0)
        path = [root, node]
        growing = node.visits > 0  # the walk goes on while it is in known nodes
        left = self.horizon
        assert node.move is not None
        move: Move = node.move
        while True:
            try:
                game.apply(move)
            except IllegalMoveError:  # cannot happen: the moves come from this game
                break
            if between is not None:
                between()
            left -= 1
            if game.winner is not None or game.over or not left:
                break
            turn = game.turn
            legal = game.legal_moves()
            move = policy.choose(game.view(turn), legal, rng)
            if growing and turn == seat and len(legal) > 1:
                options = candidates(legal, move)
                if len(options) > 1:
                    node = node.select(options, self.explore, self.widen)
                    path.append(node)
                    growing = node.visits > 0
                    assert node.move is not None
                    move = node.move
        value = score(game, seat)
        for visited in path:
            visited.add(value)

    def _table(self, position: Position, seed: int) -> tuple[Game, Callable[[], None] | None]:
        """A sampled table as a game with the rules in force, and its table model (or None)."""
        variants = position.variants
        choose = None  # the seats' asks, answered as the greedy seats of the real game do
        if self.rules is not None or (variants is not None and variants.asks()):
            choose = chooser([self.policy] * position.players, seed)
        bus = EventBus(chooser=choose)
        between = None
        if self.rules is not None:
            runtime = self.rules.attach(bus, chooser=choose)
            if runtime.table is not None:
                between = runtime.table.model(seed).between
        return Game.from_position(position, seed=seed, bus=bus), between


def score(game: Game, seat: int) -> float:
    """A rollout's worth to `seat`: 1 for a win, up to `NEAR` for a loss by the share of cards
    it got rid of, and at a cut-off (no winner yet) its `cut_off` chance."""
    if game.winner == seat:
        return 1.0
    held = [
        game.hand_sizes[s] + len(game.face_up[s]) + len(game.face_down[s])
        for s in range(game.players)
    ]
    if game.winner is None:
        return cut_off(held, seat, game.out)
    return NEAR * (1.0 - held[seat] / max(1, sum(held)))


def cut_off(held: list[int], seat: int, out: list[bool]) -> float:
    """The seat's chance to win by the cards everyone still in holds: a softmin over them."""
    weights = [math.exp(-held[s] / SPREAD) for s in range(len(held)) if not out[s]]
    return math.exp(-held[seat] / SPREAD) / max(sum(weights), 1e-9) if not out[seat] else 0.0


def candidates(moves: list[Move], habit: Move) -> list[Move]:
    """The moves worth a search, the greedy `habit` first: of each rank the fewest and the
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
