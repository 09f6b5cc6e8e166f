"""The example rule files: each opens with a comment, parses, and the checker accepts it
(no error and no warning). Together they use every action."""

from __future__ import annotations

from pathlib import Path

import pytest

from lopti_rules.api import check_paths
from lopti_rules.diagnostics.source import Source
from lopti_rules.language import ast
from lopti_rules.language.parse import parse

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "rules").glob("*.lopti"))


def test_at_least_fifteen_examples() -> None:
    assert len(EXAMPLES) >= 15


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_is_commented_and_accepted(path: Path) -> None:
    assert path.read_text(encoding="utf-8").startswith("# ")
    (result,) = check_paths([path])
    assert result.diagnostics == (), result.diagnostics


def test_examples_use_every_action() -> None:
    used: set[type] = set()
    for path in EXAMPLES:
        tree = parse(Source(path.read_text(encoding="utf-8"), str(path)))
        assert tree is not None
        for rule in tree.rules:
            for hook in rule.hooks:
                used.update(type(a) for a in ast.walk_actions(hook.actions))
    assert used >= {
        ast.Draw,
        ast.PickUp,
        ast.Give,
        ast.Discard,
        ast.TakeRemoved,
        ast.ShuffleRemoved,
        ast.ClearPile,
        ast.Reveal,
        ast.Announce,
        ast.Repeat,
        ast.If,
        ast.RoshamboAction,
    }
