"""The event log with rules in force: hook lines, rule on the lines a rule wrote, action notes."""

from __future__ import annotations

from runtime_helpers import Lines, table

from lopti_rules.api import load_rules
from lopti_rules.engine import Play

TAX = (
    'rule "Tens tax":\n'
    "    after clear when cause is ten:\n"
    "        each other player draws 1\n"
    '        announce "The ten was taxed."\n'
    "        player gives 1 lowest card to next player\n"
)


def test_a_hook_line_comes_just_before_its_actions_lines_and_each_carries_the_rule() -> None:
    game = table(["10 4 6", "K", "Q"], pile=["9"], deck="5 8")
    runtime = load_rules(TAX).install(game)
    lines = Lines(game, runtime)
    game.apply(Play(10, 1))
    got = [(line["event"], line.get("rule")) for line in lines.all()]
    assert got == [
        ("play", None),
        ("clear", None),
        ("hook", "Tens tax"),
        ("draw", "Tens tax"),
        ("draw", "Tens tax"),
        ("announce", "Tens tax"),
        ("give", "Tens tax"),
        ("bonus", None),
    ]
    hook = lines.all()[2]
    assert hook == {
        "seq": 3,
        "event": "hook",
        "player": 0,
        "timing": "after",
        "on": "clear",
        "rule": "Tens tax",
    }
    give = lines.all()[6]
    assert give["to"] == 1 and give["cards"] == ["4"] and give["player"] == 0
    assert lines.all()[5]["text"] == "The ten was taxed."


def test_without_the_runtime_the_log_has_no_rule_field() -> None:
    game = table(["10 4 6", "K", "Q"], pile=["9"], deck="5 8")
    load_rules(TAX).install(game)
    lines = Lines(game)
    game.apply(Play(10, 1))
    assert all("rule" not in line or line["event"] == "hook" for line in lines.all())


def test_a_hook_whose_condition_fails_writes_nothing() -> None:
    game = table(["9 4 6", "K", "Q"], pile=["5"])
    runtime = load_rules(TAX).install(game)
    lines = Lines(game, runtime)
    game.apply(Play(9, 1))
    assert lines.names() == ["play", "turn"] and runtime.fires == {"Tens tax": 0}
