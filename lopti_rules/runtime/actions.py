"""Actions: a hook's body compiled to closures that call the engine's primitives.

Takes the `ast.Action`s of one hook (accepted by the checker) and a `CondCompiler` for its
event; produces one `Block` (`Ctx -> None`), built once per game set-up. Each action calls
`game.effects` (engine/effects.py), which moves the cards through the base game's own code
and emits the action's events on the bus, so their hooks run depth-first, inside the call.

Semantics (LANGUAGE.md §4 "Decided semantics of actions"; the engine keeps the invariants):
`draws N` draws up to N (nothing from an empty deck); `picks up the pile` ends nobody's
turn; `gives`/`discards` take the lowest or highest ranks, or ask the player (`game.ask`,
engine/asks.py; nobody answering: lowest first), never a player's last card (D38) and never
to a finished player (R3); `clear the pile` clears with cause `custom` and owes the bonus
play to the hooked event's actor; `reveals` shows cards (a `show` note); `repeat N times`
runs its block N times; `roshambo A vs B` throws once (decisively) and binds `winner`/`loser`
in its block.
A roshambo whose sides are the same player, or match nobody, does nothing.

Choices go through `game.ask` (engine/asks.py): `A chooses a player:` asks each player of A
for one of the other players still in the round (a `target` ask; nobody answering: their
next player) and runs its block with `the chosen player` bound to the answer; `a player of
their choice` after `gives ... to` or `swaps hands with` asks the giver (the swapper) the
same question. `A may:` asks each player of A yes or no (a `may` ask, `may_help` where yes
can only help them: see `_may_purpose`; nobody answering: no) and runs its block for each
yes. `puts N under the pile` and `swaps a face up card with a face down card` call
`effects.under` and `effects.swap_face`.

Every action node that runs, per target seat, spends one unit of the guard's budget
(`Runtime.spend`); once the guard has stopped the cascade, every action returns at once.
The unbounded forms (`while`, `forever`, `repeat until`) compile only through
`compile_unchecked`, so that the guard's control tests can force them through.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from lopti_rules.engine.asks import Ask, chosen_seat, said_yes
from lopti_rules.engine.exchanges import pass_hands, swap_hands
from lopti_rules.language import ast, catalog, constructs
from lopti_rules.runtime.conditions import CondCompiler
from lopti_rules.runtime.context import Ctx
from lopti_rules.runtime.targets import Target, choices_for, compile_target

if TYPE_CHECKING:
    from lopti_rules.engine.effects import Effects

Block = Callable[[Ctx], None]


class ActionCompiler:
    """Compiles a hook's actions; `unchecked` also allows the unbounded loop forms."""

    __slots__ = ("conds", "unchecked")

    def __init__(self, conds: CondCompiler, unchecked: bool = False) -> None:
        self.conds = conds
        self.unchecked = unchecked

    def block(self, actions: tuple[ast.Action, ...]) -> Block:
        steps = tuple(self.action(a) for a in actions)
        if len(steps) == 1:
            return steps[0]

        def run(ctx: Ctx) -> None:
            rt = ctx.rt
            for step in steps:
                if rt.stopped:
                    return
                step(ctx)

        return run

    def target(self, target: ast.Target) -> Target:
        return compile_target(target, lambda c: self.conds.compile(c, each=True))

    def action(self, action: ast.Action) -> Block:
        construct = constructs.of(action)
        if construct.effect is not None:  # one primitive per target seat (its `effect`)
            effect = construct.effect
            target = constructs.first_target(action)
            assert target is not None, construct.rule

            def act(ctx: Ctx, seat: int) -> None:
                effect(ctx.game.effects, seat, action)

            return _per_seat(self.target(target), act)
        match action:
            case ast.Give():
                return self._give(action)
            case ast.GiveRank():
                return self._give_rank(action)
            case ast.ShuffleRemoved():
                return _once(lambda ctx: ctx.game.effects.shuffle_removed(ctx.actor))
            case ast.ClearPile():
                return _once(_clear)
            case ast.Announce(text=text):
                return _once(_announce(text.value))
            case ast.SwapHands():
                return self._swap(action)
            case ast.PassHands(way=way):
                step = 1 if way == "next" else -1
                return _once(lambda ctx: pass_hands(ctx.game, ctx.actor, step))
            case ast.Choose():
                return self._choose(action)
            case ast.May():
                return self._may(action)
            case ast.Repeat(count=n, body=body):
                return _repeat(n.value, self.block(body))
            case ast.If(cond=cond, then=then, else_=else_):
                test = self.conds.compile(cond)
                return _if(test, self.block(then), self.block(else_) if else_ else None)
            case ast.RoshamboAction():
                return self._roshambo(action)
        if self.unchecked:
            return self._unbounded(action)
        raise ValueError(f"`{type(action).__name__}` cannot run: the checker rejects it")

    def _second(self, target: ast.Target) -> Callable[[Ctx, int], Iterable[int]]:
        """The second players of a `gives ... to` / `swaps hands with`, given the first:
        `a player of their choice` asks the first; any other target is visited."""
        if isinstance(target, ast.Role) and target.name == "their choice":
            return _ask_player
        compiled = self.target(target)
        return lambda ctx, first: compiled.visit(ctx)

    def _give(self, action: ast.Give) -> Block:
        n, which = action.count.value, action.which or "chosen"
        return self._gift(action, lambda fx, giver, to: fx.give(giver, to, n, which))

    def _give_rank(self, action: ast.GiveRank) -> Block:
        rank = catalog.rank_value(action.rank)
        if rank is None:
            raise ValueError("`gives every` needs a rank")  # LR503: never accepted
        return self._gift(action, lambda fx, giver, to: fx.give_rank(giver, to, rank))

    def _gift(
        self, action: ast.Give | ast.GiveRank, act: Callable[[Effects, int, int], object]
    ) -> Block:
        """Cards from each giver to each of its receivers (`gives ... to`), `act` moving them."""
        givers, receivers = self.target(action.target), self._second(action.recipient)

        def run(ctx: Ctx) -> None:
            rt = ctx.rt
            effects = ctx.game.effects
            for giver in givers.visit(ctx):
                for receiver in receivers(ctx, giver):
                    if not rt.spend(ctx.actor):
                        return
                    act(effects, giver, receiver)

        return run

    def _swap(self, action: ast.SwapHands) -> Block:
        """Each seat of the first target swaps with each of the second (one pair, usually)."""
        firsts, seconds = self.target(action.target), self._second(action.other)

        def run(ctx: Ctx) -> None:
            rt = ctx.rt
            for a in firsts.visit(ctx):
                for b in seconds(ctx, a):
                    if not rt.spend(ctx.actor):
                        return
                    swap_hands(ctx.game, a, b)

        return run

    def _roshambo(self, action: ast.RoshamboAction) -> Block:
        firsts, seconds = self.target(action.first), self.target(action.second)
        body = self.block(action.body)

        def run(ctx: Ctx) -> None:
            rt = ctx.rt
            for a in firsts.visit(ctx):
                for b in seconds.visit(ctx):
                    if a == b:
                        continue
                    if not rt.spend(ctx.actor):
                        return
                    outer = ctx.winner, ctx.loser
                    ctx.winner, ctx.loser = ctx.game.effects.roshambo(a, b)
                    try:
                        body(ctx)
                    finally:
                        ctx.winner, ctx.loser = outer

        return run

    def _choose(self, action: ast.Choose) -> Block:
        choosers, body = self.target(action.chooser), self.block(action.body)
        themself = action.themself

        def run(ctx: Ctx) -> None:
            rt = ctx.rt
            for seat in choosers.visit(ctx):
                if not rt.spend(ctx.actor):
                    return
                for chosen in _ask_player(ctx, seat, themself):
                    outer = ctx.chosen
                    ctx.chosen = chosen
                    try:
                        body(ctx)
                    finally:
                        ctx.chosen = outer

        return run

    def _may(self, action: ast.May) -> Block:
        askeds, body = self.target(action.target), self.block(action.body)
        purpose = _may_purpose(action)

        def run(ctx: Ctx) -> None:
            rt = ctx.rt
            for seat in askeds.visit(ctx):
                if not rt.spend(ctx.actor):
                    return
                if said_yes(ctx.game.ask(Ask.of_yes_no(seat, purpose, False))):
                    body(ctx)

        return run

    def _unbounded(self, action: ast.Action) -> Block:
        """`while`, `forever` and `repeat until`: only for forcing rejected rules through."""
        match action:
            case ast.While(cond=cond, body=body):
                return _loop(self.conds.compile(cond), self.block(body), until=False)
            case ast.RepeatUntil(cond=cond, body=body):
                return _loop(self.conds.compile(cond), self.block(body), until=True)
            case ast.Forever(body=body):
                return _loop(lambda ctx: True, self.block(body), until=False)
        raise ValueError(f"`{type(action).__name__}` has no meaning at run time")


# --------------------------------------------------------------------------- primitives


def _announce(text: str) -> Callable[[Ctx], None]:
    def run(ctx: Ctx) -> None:
        ctx.game.effects.announce(ctx.actor, text)

    return run


def _clear(ctx: Ctx) -> None:
    if ctx.actor is not None:
        ctx.game.effects.clear(ctx.actor)  # the bonus goes to the hooked event's actor


def _ask_player(ctx: Ctx, chooser: int, themself: bool = False) -> tuple[int, ...]:
    """The player `chooser` chooses among the others still in the round, and themself too
    when `themself` (none: nobody)."""
    options = choices_for(ctx.game, chooser, themself)
    if not options:
        return ()
    return (chosen_seat(ctx.game.ask(Ask.of_seat(chooser, "target", options, options[0]))),)


def _may_purpose(action: ast.May) -> str:
    """`may_help` when yes can only help the asked player: they are the hooked event's actor,
    and the block moves cards, each of them to a player who is never the actor or from the
    actor's own zones to the table (`constructs.helps_the_actor`, read off each action's
    declared moves and its targets' reach); else `may`."""
    if not (isinstance(action.target, ast.Role) and action.target.name == "player"):
        return "may"
    moving = list(_moving(action.body, None))
    if moving and all(constructs.helps_the_actor(a, scoped) for a, scoped in moving):
        return "may_help"
    return "may"


def _moving(
    actions: tuple[ast.Action, ...], scoped: ast.Target | None
) -> Iterable[tuple[ast.Action, ast.Target | None]]:
    """The actions in `actions` (nested blocks included) that move cards, each with the chooser
    of the `chooses a player:` block around it."""
    for action in actions:
        if constructs.of(action).moves:
            yield action, scoped
        inner = scoped
        if isinstance(action, ast.Choose):  # never the chosen player, unless `or themself`
            inner = None if action.themself else action.chooser
        yield from _moving(constructs.blocks(action), inner)


# --------------------------------------------------------------------------- shapes


def _per_seat(target: Target, act: Callable[[Ctx, int], None]) -> Block:
    def run(ctx: Ctx) -> None:
        rt = ctx.rt
        for seat in target.visit(ctx):
            if not rt.spend(ctx.actor):
                return
            act(ctx, seat)

    return run


def _once(act: Callable[[Ctx], object]) -> Block:
    def run(ctx: Ctx) -> None:
        if ctx.rt.spend(ctx.actor):
            act(ctx)

    return run


def _repeat(n: int, body: Block) -> Block:
    def run(ctx: Ctx) -> None:
        rt = ctx.rt
        for _ in range(n):
            if not rt.spend(ctx.actor):
                return
            body(ctx)

    return run


def _if(test: Callable[[Ctx], bool], then: Block, else_: Block | None) -> Block:
    def run(ctx: Ctx) -> None:
        if not ctx.rt.spend(ctx.actor):
            return
        if test(ctx):
            then(ctx)
        elif else_ is not None:
            else_(ctx)

    return run


def _loop(test: Callable[[Ctx], bool], body: Block, *, until: bool) -> Block:
    def run(ctx: Ctx) -> None:
        rt = ctx.rt
        while test(ctx) is not until:
            if not rt.spend(ctx.actor):
                return
            body(ctx)

    return run
