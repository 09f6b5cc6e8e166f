"""Every target of the AST says whether it can be the hooked event's actor (check/facets.py),
and the actions' facets (language/constructs.py) agree with their syntax-tree nodes, so a
construct cannot exist without the guarantees the checks derive from them."""

from __future__ import annotations

import dataclasses
from typing import get_args

from lopti_rules.check import facets
from lopti_rules.language import ast, constructs
from tests.check.helpers import codes


def _fields(kind: type) -> set[str]:
    return {f.name for f in dataclasses.fields(kind)}


def test_every_role_and_target_of_the_ast_says_whether_it_can_be_the_actor() -> None:
    assert set(get_args(ast.RoleName)) == set(facets.ROLES)
    assert set(get_args(ast.EachKind)) == set(facets.EACH)
    kinds = set(get_args(ast.Target)) - {ast.Role, ast.Each}
    assert kinds == set(facets.TARGETS)


def test_block_facets_are_the_actions_with_a_body() -> None:
    for c in constructs.ACTIONS:
        has_body = "body" in _fields(c.node) or c.node is ast.If
        assert (c.visit == "block") == has_body, c.node.__name__
        assert set(c.body) <= _fields(c.node), c.node.__name__
        assert bool(c.body) == has_body, c.node.__name__


def test_counted_actions_are_the_ones_that_move_a_number_of_cards() -> None:
    for c in constructs.ACTIONS:
        moves_n = "count" in _fields(c.node) and c.node is not ast.Repeat
        assert c.counted == moves_n, c.node.__name__


def test_the_targets_facet_names_every_field_that_names_a_player() -> None:
    for c in constructs.ACTIONS:
        players = {f.name for f in dataclasses.fields(c.node) if f.type == "Target"}
        assert [name for name, _ in c.targets] == [
            f.name for f in dataclasses.fields(c.node) if f.name in players
        ], c.node.__name__


def test_a_choice_that_may_be_the_chooser_is_checked_as_possibly_the_actor() -> None:
    # without `or themself` the chosen player is never the actor who chose: its hand cards may
    # go in `before play`, and cards from the removed cards may reach them; with it, either
    # could take the play away (R2) or the actor's win (R3)
    for action, code in (
        ("the chosen player discards 1 card", "LR103"),
        ("the chosen player takes 1 card from the removed cards", "LR201"),
    ):
        for themself, expected in (("", []), (" or themself", [code])):
            text = (
                'rule "Chosen":\n'
                "    before play:\n"
                f"        player chooses a player{themself}:\n"
                f"            {action}\n"
            )
            assert codes(text) == expected, (action, themself)


def test_a_title_tested_in_a_condition_is_checked_as_a_target() -> None:
    given = '    after play when rank is 8: player becomes the "{t}"\n'
    tested = '    after pickup when {who} is the "{t}": player draws 1\n'

    def rule(t: str, who: str = "player", give: bool = True) -> str:
        return 'rule "A":\n' + (given.format(t=t) if give else "") + tested.format(t=t, who=who)

    assert codes(rule("mate")) == []
    assert codes(rule("mate", give=False)) == ["LR301"]  # nobody is ever the "mate"
    assert codes(rule("seat 2")) == ["LR302", "LR302"]  # a seat in disguise, twice
    assert codes(rule("Ben"), roster=["Ben", "Ann"]) == ["LR304", "LR304"]
    assert codes(rule("mate", who="chosen player")) == ["LR504"]


def test_gives_every_rank_names_a_rank_and_is_checked_as_a_gift() -> None:
    def rule(action: str, event: str = "after clear") -> str:
        return f'rule "G":\n    {event}: {action}\n'

    for ok in ("every 7", "every 10", "every K", "every king", "every Ace"):
        assert codes(rule(f"player gives {ok} to next player")) == [], ok
    for bad in ("every 11", "every 1", "every card", "every seven"):
        assert codes(rule(f"player gives {bad} to next player")) == ["LR503"], bad
    # its moves are a gift's: the played cards (R2) and the last cards (R3) are safe
    assert codes(rule("player gives every 7 to next player", "before play")) == ["LR103"]
    assert codes(rule("next player gives every 7 to player", "before play")) == ["LR201"]
