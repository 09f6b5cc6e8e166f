"""Targets: every role and each/every form, resolved against the table (LANGUAGE.md §4)."""

from __future__ import annotations

from typing import Any

from runtime_helpers import table

from lopti_rules.diagnostics.source import Span
from lopti_rules.engine import Event, Game
from lopti_rules.language import ast
from lopti_rules.runtime import GuardLimits
from lopti_rules.runtime.context import Ctx
from lopti_rules.runtime.install import Runtime
from lopti_rules.runtime.targets import ROLES, Target


def ctx(game: Game, actor: int, author: int = 0) -> Ctx:
    return Ctx.of_event(
        Runtime(game.bus, (), GuardLimits()), game, Event.make("turn", actor), author
    )


def role(name: str, c: Ctx) -> int | None:
    return ROLES[name](c)


def five(**state: Any) -> Game:
    """Five seats holding 2 3 4 3 2 cards; a finished seat holds none (W1)."""
    hands = ["4", "5 6", "7 8 9", "J Q", "K"]
    face_down = ["2", "2", "3", "3", "10"]
    for seat in state.get("finished", []):
        hands[seat] = face_down[seat] = ""
    return table(hands, face_down=face_down, **state)


def test_next_and_previous_skip_finished_players_and_never_mean_the_actor() -> None:
    game = five(finished=[1, 4], places=True)
    c = ctx(game, 0)
    assert role("next player", c) == 2 and role("previous player", c) == 3
    lone = table(["4", ""], finished=[1], places=True)
    assert role("next player", ctx(lone, 0)) is None


def test_dealer_author_and_last_winner_match_only_players_still_in() -> None:
    game = five(dealer=3, last_winner=2, finished=[3], places=True)
    c = ctx(game, 0, author=4)
    assert role("dealer", c) is None  # finished
    assert role("author", c) == 4 and role("last winner", c) == 2
    assert role("author", ctx(game, 0, author=3)) is None
    assert role("last winner", ctx(five(), 0)) is None  # round 1: nobody


def test_player_is_the_actor_even_after_going_out() -> None:
    game = five(finished=[2], places=True)
    assert role("player", ctx(game, 2)) == 2


def test_most_and_fewest_cards_ties_go_clockwise_from_the_actor() -> None:
    game = five()
    assert role("most cards", ctx(game, 0)) == 2
    assert role("fewest cards", ctx(game, 0)) == 0  # 0 and 4 tie: the actor comes first
    assert role("fewest cards", ctx(game, 1)) == 4
    assert role("most cards", ctx(five(finished=[2], places=True), 3)) == 3  # 1 and 3 tie


def each(kind: str) -> Target:
    return Target(kind)


def test_every_each_and_each_other_visit_clockwise_skipping_finished() -> None:
    game = five(finished=[3], places=True)
    assert list(each("every").visit(ctx(game, 2))) == [2, 4, 0, 1]
    assert list(each("each").visit(ctx(game, 2))) == [2, 4, 0, 1]
    assert list(each("each other").visit(ctx(game, 2))) == [4, 0, 1]
    assert list(each("each other").visit(ctx(game, 3))) == [4, 0, 1, 2]  # a finished actor


def test_where_is_tested_per_visit_and_visited_is_restored() -> None:
    game = five()
    seen: list[int | None] = []

    def where(c: Ctx) -> bool:
        seen.append(c.visited)
        return game.cards_of(c.visited or 0) >= 3

    c = ctx(game, 1)
    c.visited = 9
    assert list(Target("each", where=where).visit(c)) == [1, 2, 3]
    assert seen == [1, 2, 3, 4, 0] and c.visited == 9


def test_their_next_is_relative_to_the_visited_player() -> None:
    game = five()
    c = ctx(game, 0)
    their = Target("role", role=ROLES["player"])
    assert list(their.visit(c)) == [0]
    from lopti_rules.runtime.targets import compile_role

    nxt = compile_role(ast.Their("next", Span(1, 1, 1, 2)))
    prev = compile_role(ast.Their("previous", Span(1, 1, 1, 2)))
    c.visited = 3
    assert nxt(c) == 4 and prev(c) == 2
