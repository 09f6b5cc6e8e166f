"""Targets: which players an action reaches (LANGUAGE.md §4, "role" and "target").

Takes an `ast.Target` the checker accepted; produces a `Target` whose `visit(ctx)` yields the
seats the action applies to, one at a time, in order:

- a role (`player`, `the next player`, `dealer`, `author`, `last winner`, the player with the
  most/fewest cards, `winner`/`loser` inside a roshambo, `the chosen player` inside a
  `chooses a player` block, `their next/previous player` inside an each) yields its one seat,
  or nothing when it matches nobody;
- `every player`, `each player` (with an optional `where`) visit each player still in the
  round once, clockwise, starting with the actor; `each other player` the same players but
  the actor, starting after the actor. The `where` condition is tested for each player just
  before that player's action, and while a player is visited `ctx.visited` is that seat (so
  `their next player` and bare player fields mean theirs).

Decisions (docs/runtime.md): `player` is always the event's actor, even one who has just
gone out (the engine keeps cards from reaching them); every other role matches only a
player still in the round, so a finished author, dealer or last winner matches nobody.
`next`/`previous` never mean the actor itself. Ties for the most/fewest cards go to the first
of them clockwise from the actor, the actor included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from lopti_rules.language import ast
from lopti_rules.runtime.context import Ctx, active, next_of

if TYPE_CHECKING:
    from lopti_rules.engine.game import Game

Role = Callable[[Ctx], "int | None"]
Cond = Callable[[Ctx], bool]


def _actor(ctx: Ctx) -> int | None:
    return ctx.actor


def _next(ctx: Ctx) -> int | None:
    return next_of(ctx.game, ctx.actor, 1)


def _previous(ctx: Ctx) -> int | None:
    return next_of(ctx.game, ctx.actor, -1)


def dealer_seat(game: Game) -> int | None:
    seat = game.dealer
    return seat if active(game, seat) else None


def author_seat(game: Game, author: int) -> int | None:
    return author if active(game, author) else None


def last_winner_seat(game: Game) -> int | None:
    seat = game.last_winner
    return seat if active(game, seat) else None


def last_loser_seat(game: Game) -> int | None:
    seat = game.last_loser
    return seat if active(game, seat) else None


def title_seat(game: Game, title: str) -> int | None:
    """The holder of a titled role (`the "question master"`), or None: nobody holds it."""
    seat = game.titles.get(title)
    return seat if active(game, seat) else None


def extreme_seat(game: Game, actor: int | None, most: bool) -> int | None:
    """The player still in with the most (fewest) cards; ties: the first clockwise from the
    actor, the actor included."""
    best: int | None = None
    best_count = 0
    for seat in game.active_from(actor if actor is not None else 0):
        count = game.cards_of(seat)
        if best is None or (count > best_count if most else count < best_count):
            best, best_count = seat, count
    return best


def _dealer(ctx: Ctx) -> int | None:
    return dealer_seat(ctx.game)


def _author(ctx: Ctx) -> int | None:
    return author_seat(ctx.game, ctx.author)


def _last_winner(ctx: Ctx) -> int | None:
    return last_winner_seat(ctx.game)


def _last_loser(ctx: Ctx) -> int | None:
    return last_loser_seat(ctx.game)


def _extreme(most: bool) -> Role:
    def pick(ctx: Ctx) -> int | None:
        return extreme_seat(ctx.game, ctx.actor, most)

    return pick


def _winner(ctx: Ctx) -> int | None:
    return ctx.winner


def _loser(ctx: Ctx) -> int | None:
    return ctx.loser


def _chosen(ctx: Ctx) -> int | None:
    return ctx.chosen


def choices_for(game: Game, chooser: int, themself: bool = False) -> list[int]:
    """The players `chooser` may choose: every other player still in the round, in the
    direction of play from the chooser (so the first is their next player), and last the
    chooser themself when `themself` (`chooses a player or themself`) and still in it."""
    seats: list[int] = []
    seat: int | None = chooser
    for _ in range(game.players - 1):
        seat = next_of(game, seat, 1)
        if seat is None or seat == chooser or seat in seats:
            break
        seats.append(seat)
    if themself and not game.out[chooser]:
        seats.append(chooser)
    return seats


def _their(step: int) -> Role:
    def pick(ctx: Ctx) -> int | None:
        return next_of(ctx.game, ctx.visited, step)

    return pick


ROLES: dict[str, Role] = {
    "player": _actor,
    "next player": _next,
    "previous player": _previous,
    "dealer": _dealer,
    "author": _author,
    "last winner": _last_winner,
    "last loser": _last_loser,
    "most cards": _extreme(True),
    "fewest cards": _extreme(False),
    "winner": _winner,
    "loser": _loser,
    "chosen player": _chosen,
}


def compile_role(target: ast.Target) -> Role:
    """A single-seat target (a role, or `their next/previous player`)."""
    if isinstance(target, ast.Role):
        return ROLES[target.name]
    if isinstance(target, ast.Their):
        return _their(1 if target.which == "next" else -1)
    if isinstance(target, ast.TitleTarget):
        title = target.title.value
        return lambda ctx: title_seat(ctx.game, title)
    raise ValueError(f"`{type(target).__name__}` is not a role the runtime can resolve")


class Target:
    """A compiled target: `visit(ctx)` yields its seats (see the module doc)."""

    __slots__ = ("kind", "role", "where")

    def __init__(self, kind: str, role: Role | None = None, where: Cond | None = None) -> None:
        self.kind = kind  # "role", "each other", "every", "each"
        self.role = role
        self.where = where

    def visit(self, ctx: Ctx) -> Iterable[int]:
        """The seats, in order: a role's one seat (or none), else the players visited."""
        if self.role is not None:
            seat = self.role(ctx)
            return () if seat is None else (seat,)
        return self._each(ctx)

    def _each(self, ctx: Ctx) -> Iterator[int]:
        game = ctx.game
        n, out = game.players, game.out
        actor = ctx.actor
        start = actor if actor is not None else 0  # clockwise from the actor, the actor first
        skip = 1 if self.kind == "each other" and actor is not None else 0  # ... or after it
        outer = ctx.visited
        where = self.where
        try:
            for i in range(skip, n):
                seat = (start + i) % n
                if out[seat]:
                    continue  # finished players are never visited
                ctx.visited = seat
                if where is None or where(ctx):
                    yield seat
        finally:
            ctx.visited = outer


def compile_target(target: ast.Target, compile_cond: Callable[[ast.Cond], Cond]) -> Target:
    """`compile_cond` compiles a `where` condition in the each scope (bare player fields)."""
    if isinstance(target, ast.Each):
        where = compile_cond(target.where) if target.where is not None else None
        return Target(target.kind, where=where)
    return Target("role", role=compile_role(target))
