"""Conditions: event, table and player fields, ranks by value, symbols, roles matching nobody."""

from __future__ import annotations

import pytest
from runtime_helpers import table

from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import Event, Game
from lopti_rules.engine.events import GATE_FIELDS
from lopti_rules.language import catalog
from lopti_rules.language.parse import parse
from lopti_rules.runtime import GuardLimits
from lopti_rules.runtime.conditions import CondCompiler, compile_gate
from lopti_rules.runtime.context import Ctx
from lopti_rules.runtime.install import Runtime


def holds(cond: str, game: Game, event: Event, *, visited: int | None = None) -> bool:
    """Compile `when COND` of a hook on `event.name` and test it."""
    text = f'rule "t":\n    after {event.name} when {cond}: announce "x"\n'
    tree = parse(Source(text))
    assert tree is not None, text
    hook = tree.rules[0].hooks[0]
    assert hook.cond is not None
    compiled = CondCompiler(catalog.EVENTS[event.name]).compile(hook.cond, each=visited is not None)
    ctx = Ctx.of_event(Runtime(game.bus, (), GuardLimits()), game, event, 0)
    ctx.visited = visited
    result = compiled(ctx)
    if visited is None:  # a `when`: its gate (what the engine tests) gives the same answer
        gate = compile_gate(hook.cond, catalog.EVENTS[event.name], 0)

        values = [event.fields.get(name) for name in GATE_FIELDS[event.name]]
        f0, f1, f2 = [*values, None, None, None][:3]
        assert bool(gate(game, event.actor, f0, f1, f2)) is result, cond
    return result


PLAY_J = Event.make("play", 0, rank=11, count=2, source="hand", cards=[11, 11])


@pytest.mark.parametrize(
    ("cond", "want"),
    [
        ("rank is J", True),
        ("rank is jack", True),
        ("rank > 10", True),
        ("rank < Q", True),
        ("rank >= A", False),
        ("rank in [2, 7, J]", True),
        ("rank in [2, 7, 10]", False),
        ("count is 2 and source is hand", True),
        ("source is face_down", False),
        ("not (count > 2) or rank is 3", True),
    ],
)
def test_event_fields_and_ranks_by_value(cond: str, want: bool) -> None:
    game = table(["4", "K"], pile=["9"])
    assert holds(cond, game, PLAY_J) is want


@pytest.mark.parametrize(
    ("cond", "want"),
    [
        ("pile is 3", True),
        ("top is 7", True),
        ("top > 6", True),
        ("deck is 2 and removed is 5", True),
        ("round is 1 and players is 2", True),
        ("chain is 1 and obligation is true", True),
        ("low is true", True),
        ("top is none", False),
        ("under is 9 and third is none", True),
    ],
)
def test_table_fields(cond: str, want: bool) -> None:
    game = table(
        ["4", "K"],
        pile=["9 9", "7"],
        deck="5 6",
        removed_unknown=4,
        chain=1,
        obligation=True,
        removed=[3],
    )
    assert holds(cond, game, Event.make("turn", 0)) is want


def test_top_of_an_empty_pile_is_none_and_orders_nothing() -> None:
    game = table(["4", "K"])
    turn = Event.make("turn", 0)
    assert holds("top is none", game, turn)
    assert not holds("top < 5", game, turn) and not holds("top >= 5", game, turn)


def test_player_fields_of_roles_and_of_the_visited_player() -> None:
    game = table(["4 5", "K"], face_up=["8 9 J", ""], face_down=["A", "2 2"])
    turn = Event.make("turn", 0)
    assert holds("hand of player is 2 and face_up of player is 3", game, turn)
    assert holds("cards of player is 6 and face_down of next player is 2", game, turn)
    assert holds("cards of the player with the fewest cards is 3", game, turn)
    assert holds("hand is 1 and cards is 3", game, turn, visited=1)


def test_a_role_matching_nobody_makes_every_comparison_false() -> None:  # LANGUAGE.md §4
    game = table(["4", "K"])  # round 1: no last winner
    turn = Event.make("turn", 0)
    for cond in ("cards of the last winner >= 0", "cards of the last winner is not 3"):
        assert not holds(cond, game, turn)
    assert holds("not (cards of the last winner > 0)", game, turn)
    assert not holds("cards of the last winner in [0, 1, 2]", game, turn)


def test_symbols_of_clear_and_pickup() -> None:
    game = table(["4", "K"])
    clear = Event.make("clear", 1, cause="four_of_a_kind", count=4, cards=[5, 5, 5, 5])
    assert holds("cause is four_of_a_kind and count >= 4", game, clear)
    assert not holds("cause in [ten, sevens, threes, custom]", game, clear)
    pickup = Event.make("pickup", 1, count=3, reason="failed_reveal", cards=[4, 5, 6])
    assert holds("reason is failed_reveal and reason is not voluntary", game, pickup)
