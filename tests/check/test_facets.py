"""Every action and target of the AST declares its facets (check/facets.py), so a construct
cannot exist without the guarantees the checks derive from them."""

from __future__ import annotations

import dataclasses
from typing import get_args

from lopti_rules.check import facets
from lopti_rules.language import ast


def _fields(kind: type) -> set[str]:
    return {f.name for f in dataclasses.fields(kind)}


def test_every_action_of_the_ast_has_its_facets() -> None:
    assert set(get_args(ast.Action)) == set(facets.ACTIONS)


def test_every_role_and_target_of_the_ast_says_whether_it_can_be_the_actor() -> None:
    assert set(get_args(ast.RoleName)) == set(facets.ROLES)
    assert set(get_args(ast.EachKind)) == set(facets.EACH)
    kinds = set(get_args(ast.Target)) - {ast.Role, ast.Each}
    assert kinds == set(facets.TARGETS)


def test_block_facets_are_the_actions_with_a_body() -> None:
    for kind, facet in facets.ACTIONS.items():
        has_body = "body" in _fields(kind) or kind is ast.If
        assert facet.block == has_body, kind.__name__


def test_counted_actions_are_the_ones_that_move_a_number_of_cards() -> None:
    for kind, facet in facets.ACTIONS.items():
        moves_n = "count" in _fields(kind) and kind is not ast.Repeat
        assert facet.counted == moves_n, kind.__name__
