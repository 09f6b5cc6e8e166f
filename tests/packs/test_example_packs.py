"""The example packs: each passes `lopti check`, mixes `file:` and inline `text:` rules, and
plays 200 seeded rounds with bots in which rounds end, the guard never trips and every rule
fires; `everything.yaml` uses every action of the language."""

from __future__ import annotations

from pathlib import Path

import pytest
from packsim import simulate

from lopti_rules.api import check_pack
from lopti_rules.language import ast
from lopti_rules.language.parse import parse
from lopti_rules.packs.pack import load_pack

PACKS = Path(__file__).parents[2] / "examples" / "packs"
NAMES = ["gentle", "chaotic", "everything", "table_talk"]
SEEDS = range(200)


def pack_path(name: str) -> Path:
    return PACKS / f"{name}.yaml"


def test_the_examples_are_the_ones_documented() -> None:
    assert sorted(p.stem for p in PACKS.glob("*.yaml")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_each_example_is_accepted_without_warnings(name: str) -> None:
    result = check_pack(pack_path(name))
    assert result.diagnostics == (), [str(d) for d in result.diagnostics]


@pytest.mark.parametrize("name", NAMES)
def test_each_example_mixes_rule_files_and_inline_text(name: str) -> None:
    rules = load_pack(pack_path(name)).pack.rules
    assert any(r.file is not None for r in rules) and any(r.text is not None for r in rules)


@pytest.mark.parametrize("name", NAMES)
def test_200_rounds_end_without_guard_stops_and_every_rule_fires(name: str) -> None:
    tally = simulate(pack_path(name), SEEDS)
    assert tally.rounds == len(SEEDS)
    assert tally.stalled == 0, f"{tally.stalled} rounds hit the move cap"
    assert tally.trips == []
    assert tally.never_fired() == []
    assert (
        len(tally.titles) >= {"gentle": 3, "chaotic": 10, "everything": 10, "table_talk": 4}[name]
    )


def _features(tree: ast.File) -> set[str]:
    found: set[str] = set()
    for rule in tree.rules:
        for hook in rule.hooks:
            for action in ast.walk_actions(hook.actions):
                kind = type(action).__name__
                if isinstance(action, ast.Give | ast.Discard) and action.which:
                    kind += f" {action.which}"
                if isinstance(action, ast.Reveal):
                    kind += f" {action.what}"
                if isinstance(action, ast.If) and action.else_:
                    kind += " else"
                found.add(kind)
                if isinstance(action, ast.RoshamboAction):
                    for inner in ast.walk_actions(action.body):
                        target = getattr(inner, "target", None)
                        if isinstance(target, ast.Role) and target.name in ("winner", "loser"):
                            found.add(f"roshambo {target.name}")
    return found


def test_everything_uses_every_action() -> None:
    found: set[str] = set()
    for entry in load_pack(pack_path("everything")).entries:
        tree = parse(entry.source)
        assert tree is not None
        found |= _features(tree)
    wanted = {
        "Draw",
        "PickUp",
        "Give lowest",
        "Give highest",
        "Discard lowest",
        "TakeRemoved",
        "ShuffleRemoved",
        "ClearPile",
        "Reveal hand",
        "Reveal face down cards",
        "Announce",
        "Repeat",
        "If else",
        "roshambo winner",
        "roshambo loser",
        "SwapHands",
        "PassHands",
        "Give random",
        "Discard random",
    }
    assert wanted <= found, sorted(wanted - found)
