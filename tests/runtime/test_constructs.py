"""Every action of the rule language is one construct of `language/constructs.py`, and every
stage reads it from there: each construct's example parses to its node, is written back as it
was, is said in every language, is accepted and plays, and its effect moves only the zones,
sends only the notes and asks only the questions its construct declares.

A construct that lacks a facet fails here: a node without a construct, a simple action
without a syntax, a sentence missing from the catalogues, an effect that moves a zone its
`moves` do not name, a note the observers were never told of."""

from __future__ import annotations

from collections import Counter
from typing import Any, get_args

import pytest
from engine_helpers import table

from lopti_rules.api import check_text, load_rules
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import bot_rng, play_round
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import Event, EventBus, Game, TableOptions
from lopti_rules.engine.asks import PURPOSES, Ask
from lopti_rules.engine.events import EVENT_NAMES
from lopti_rules.engine.notes import NOTES
from lopti_rules.i18n import LANGUAGES
from lopti_rules.i18n.explain import explain_text
from lopti_rules.language import ast, constructs
from lopti_rules.language.fmt import format_file, simple
from lopti_rules.language.fmt import target as fmt_target
from lopti_rules.language.lark_parser import parser
from lopti_rules.language.parse import parse

CONSTRUCTS = {c.rule: c for c in constructs.ACTIONS}


def _rule(construct: constructs.Construct[Any], event: str = "pickup") -> str:
    body = construct.example.replace("\n", "\n        ")
    return f'rule "T":\n    after {event}:\n        {body}\n'


def _node(construct: constructs.Construct[Any]) -> ast.Action:
    tree = parse(Source(_rule(construct), "t"))
    assert tree is not None, construct.example
    return tree.rules[0].hooks[0].actions[0]


def test_every_action_of_the_ast_is_one_construct_of_one_grammar_rule() -> None:
    nodes = [c.node for c in constructs.ACTIONS]
    assert sorted(n.__name__ for n in nodes) == sorted(n.__name__ for n in get_args(ast.Action))
    assert len(set(nodes)) == len(nodes) and len(CONSTRUCTS) == len(nodes)
    grammar_rules = {rule.origin.name for rule in parser().rules}
    assert set(CONSTRUCTS) <= grammar_rules


@pytest.mark.parametrize("rule", CONSTRUCTS)
def test_the_example_parses_to_its_node_and_is_written_back_as_it_was(rule: str) -> None:
    construct = CONSTRUCTS[rule]
    node = _node(construct)
    assert type(node) is construct.node
    if construct.visit == "block":
        assert construct.syntax is None  # a block is laid out by the formatter itself
        tree = parse(Source(_rule(construct), "t"))
        assert tree is not None and format_file(tree) == _rule(construct)
    else:
        assert construct.syntax is not None and simple(node) == construct.example


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_is_said_in_every_language(lang: str) -> None:
    for construct in constructs.ACTIONS:
        ((title, sentences),) = explain_text(_rule(construct), lang)
        assert title == "T" and len(sentences) == 1, construct.rule
        assert "{" not in sentences[0] and "}" not in sentences[0], (construct.rule, sentences)


@pytest.mark.parametrize("rule", CONSTRUCTS)
def test_an_allowed_example_is_accepted_and_plays_and_a_forbidden_one_is_refused(
    rule: str,
) -> None:
    construct = CONSTRUCTS[rule]
    text = _rule(construct, "clear" if rule == "pickup" else "pickup")  # no loop (LR203)
    errors = [d for d in check_text(text) if d.is_error]
    if not construct.allowed:
        assert errors, construct.example
        return
    assert errors == [], (construct.example, [d.message for d in errors])
    rules = load_rules(text)
    seen: Counter[str] = Counter()
    for seed in range(4):
        bus = EventBus()
        runtime = rules.attach(bus)
        bus.observe(lambda e: seen.update([e.name]))
        game = Game.new(TableOptions(players=3), seed, bus=bus)
        result = play_round(game, make_bots("greedy", 3), bot_rng(seed))
        assert not result.stalled and runtime.trips == []
    notes = {name for name in seen if name not in EVENT_NAMES and name in NOTES}
    told = {note for a in ast.walk_actions((_node(construct),)) for note in constructs.of(a).notes}
    assert notes <= told, (rule, notes)
    assert seen["hook"] > 0


def _zones(game: Game) -> dict[tuple[str, int | None], int]:
    pos = game.position()
    sizes: dict[tuple[str, int | None], int] = {}
    for seat in range(game.players):
        sizes["hand", seat] = len(pos.hands[seat])
        sizes["face_up", seat] = len(pos.face_up[seat])
        sizes["face_down", seat] = len(pos.face_down[seat])
    sizes["pile", None] = sum(len(p) for p in pos.pile)
    sizes["deck", None] = len(pos.deck)
    sizes["removed", None] = pos.removed_count
    return sizes


def _contents(game: Game, seat: int) -> dict[str, list[int]]:
    pos = game.position()
    return {
        "hand": sorted(pos.hands[seat]),
        "face_up": sorted(pos.face_up[seat]),
        "face_down": sorted(pos.face_down[seat]),
    }


@pytest.mark.parametrize("rule", [c.rule for c in constructs.ACTIONS if c.effect is not None])
def test_an_effect_moves_only_what_its_construct_declares_and_tells_its_notes(rule: str) -> None:
    construct = CONSTRUCTS[rule]
    node = _node(construct)
    game = table(
        ["4 5 9 K", "5 6 8 Q", "2 9 J"],
        face_up=["6 J", "4 K A", "8"],
        face_down=["2 Q", "7 9 4", "5"],
        pile=["4", "6"],
        deck="2 3 8 9",
        removed=[10, 10],
    )
    asked: list[str] = []
    game.bus.chooser = lambda g, ask: asked.append(ask.purpose)
    sent: list[Event] = []
    game.bus.observe(sent.append)
    before, held = _zones(game), _contents(game, 1)
    assert construct.effect is not None
    construct.effect(game.effects, 1, node)
    after = _zones(game)
    changed = {zone for zone in before if before[zone] != after[zone]}
    declared = {
        (zone, 1 if side == "target" else None)
        for move in construct.moves
        for zone, side in ((move.source, move.source_side), (move.dest, move.dest_side))
    }
    assert changed <= declared, (rule, changed)
    if construct.moves:  # it moved cards, or turned them: a zone changed, or what is in it
        assert changed or _contents(game, 1) != held, rule
    notes = [e.name for e in sent if e.name not in EVENT_NAMES]
    assert set(notes) <= set(construct.notes) and set(notes) <= set(NOTES), (rule, notes)
    assert set(asked) <= set(construct.asks), (rule, asked)


def test_every_purpose_a_construct_asks_is_an_ask_the_engine_knows() -> None:
    for construct in constructs.ACTIONS:
        assert set(construct.asks) <= set(PURPOSES), construct.rule
        assert set(construct.notes) <= set(NOTES), construct.rule
    assert Ask.of_yes_no(0, "may", False).purpose == "may"


def test_every_simple_construct_says_its_sentence_with_its_own_message() -> None:
    from lopti_rules.i18n.templates import TEMPLATES

    for construct in constructs.ACTIONS:
        _key, messages = construct.said
        assert messages and all(TEMPLATES[k] == m for k, m in messages.items()), construct.rule
        assert all(m.context == "explain: action" for m in messages.values()), construct.rule


@pytest.mark.parametrize("name", constructs.ROLES)
def test_every_role_is_read_written_and_resolved_as_its_construct_says(name: str) -> None:
    from lopti_rules.runtime.targets import ROLES as RESOLVED

    role = constructs.ROLES[name]
    assert name in get_args(ast.RoleName)
    text = f"after clear: {role.written} draws 1"
    if role.roshambo:
        text = f"after clear:\n        roshambo player vs next player: {role.written} draws 1"
    elif name == "chosen player":
        text = "after clear:\n        player chooses a player: chosen player draws 1"
    elif name == "their choice":
        text = "after clear: player gives 1 card to a player of their choice"
    tree = parse(Source(f'rule "T":\n    {text}\n', "t"))
    assert tree is not None, text
    found = [t for t in _targets(tree) if isinstance(t, ast.Role) and t.name == name]
    assert found and all(fmt_target(t) == role.written for t in found)
    assert name in RESOLVED or name == "their choice"  # the giver is asked (`_ask_player`)


def _targets(tree: ast.File) -> list[ast.Target]:
    out: list[ast.Target] = []
    for action in ast.walk_actions(tree.rules[0].hooks[0].actions):
        out += [getattr(action, n) for n, _ in constructs.of(action).targets]
    return out
