"""Loading rules: parse and check all together, refuse any error, compile once, stay idle empty."""

from __future__ import annotations

import pytest
from runtime_helpers import table

from lopti_rules.api import compile_unchecked, load_rules, ruleset_from_pack, ruleset_from_sources
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import EventBus, Game, Play, TableOptions
from lopti_rules.language.work import WORK_LIMIT
from lopti_rules.packs.pack import load_pack_text
from lopti_rules.runtime import GuardLimits, RuleEntry, RulesRejected

LOOP_A = 'rule "A":\n    after draw: next player picks up the pile\n'
LOOP_B = 'rule "B":\n    after pickup: player draws 1\n'


def test_a_rejected_rule_is_never_loaded() -> None:
    with pytest.raises(RulesRejected) as caught:
        load_rules('rule "Bad":\n    after finish: player draws 3\n')
    codes = [d.code for d in caught.value.diagnostics]
    assert codes == ["LR201"]
    assert "<rules>:2:" in str(caught.value) and "LR201" in str(caught.value)


def test_rules_are_checked_together_loops_across_rules() -> None:  # LANGUAGE.md §5
    load_rules(LOOP_A)
    load_rules(LOOP_B)
    with pytest.raises(RulesRejected) as caught:
        load_rules([LOOP_A, LOOP_B], [0, 1])
    assert [d.code for d in caught.value.diagnostics] == ["LR203"]


def test_syntax_errors_and_roster_names_reject_too() -> None:
    with pytest.raises(RulesRejected) as caught:
        load_rules('rule "x":\n    after clear each other player draws 1\n')
    assert caught.value.diagnostics[0].code == "LP001"
    with pytest.raises(RulesRejected) as caught:
        load_rules('rule "Ben pays":\n    after clear: player draws 1\n', roster=["ann", "ben"])
    assert "LR304" in [d.code for d in caught.value.diagnostics]


def test_warnings_do_not_stop_a_rule() -> None:
    rules = load_rules('rule "Herald":\n    after clear: announce "Cleared!"\n')
    assert [d.code for d in rules.warnings] == ["LW602"]
    assert rules.titles == ("Herald",)


def test_checking_does_not_touch_the_callers_sources() -> None:
    source = Source('rule "Herald":\n    after clear: announce "Cleared!"\n', "h.lopti")
    ruleset_from_sources([RuleEntry(source, 1)])
    assert source.diagnostics == []


def test_authors_are_per_entry_and_order_is_kept() -> None:
    rules = ruleset_from_sources(
        [
            RuleEntry(Source('rule "One":\n    after clear: author draws 1\n'), 2),
            RuleEntry(Source('rule "Two":\n    after clear: author draws 1\n'), 0),
        ]
    )
    assert [(h.rule, h.author) for h in rules.hooks] == [("One", 2), ("Two", 0)]


def test_from_pack_uses_the_authors_and_roster() -> None:
    text = (
        "name: Friday\nplayers: [ann, ben]\nrules:\n"
        '  - author: ben\n    text: |\n      rule "Tax":\n'
        "          after clear when cause is ten: each other player draws 1\n"
    )
    rules = ruleset_from_pack(load_pack_text(text, "friday.yaml"))
    assert [(h.rule, h.author, h.timing, h.event) for h in rules.hooks] == [
        ("Tax", 1, "after", "clear")
    ]


def test_an_empty_rule_set_installs_no_hook() -> None:
    rules = ruleset_from_sources([])
    bus = EventBus()
    runtime = rules.attach(bus)
    game = Game.new(TableOptions(players=3), 1, bus=bus)
    assert runtime.fires == {} and game.bus is bus


def test_one_rule_set_installs_on_many_games() -> None:
    rules = load_rules('rule "Tax":\n    after clear when cause is ten: next player draws 1\n')
    for _ in range(2):
        game = table(["10 5", "K"], pile=["9"], deck="4")
        runtime = rules.install(game)
        game.apply(Play(10, 1))
        assert runtime.fires == {"Tax": 1} and game.hand_sizes[1] == 2


def test_a_game_watched_before_the_rules_keeps_its_observers_and_the_rules() -> None:
    rules = load_rules('rule "Tax":\n    after clear when cause is ten: next player draws 1\n')
    game = table(["10 5", "K"], pile=["9"], deck="4")
    seen: list[str] = []
    game.bus.observe(lambda e: seen.append(e.name))  # subscribed first: no template taken
    runtime = rules.install(game)
    game.apply(Play(10, 1))
    assert runtime.fires == {"Tax": 1} and game.hand_sizes[1] == 2
    assert "clear" in seen and "draw" in seen


def test_two_rule_sets_run_side_by_side_and_one_installed_twice_runs_twice() -> None:
    tax = load_rules('rule "Tax":\n    after clear when cause is ten: next player draws 1\n')
    toll = load_rules('rule "Toll":\n    after clear: player draws 1\n')
    game = table(["10 5", "K"], pile=["9"], deck="4 6 7")
    first, second, again = tax.install(game), toll.install(game), tax.install(game)
    game.apply(Play(10, 1))
    assert first.fires == {"Tax": 1} and second.fires == {"Toll": 1} and again.fires == {"Tax": 1}
    assert game.hand_sizes[1] == 3 and first.rule is None and second.rule is None


def test_limits_follow_the_checkers_work_limit() -> None:
    small = load_rules('rule "a":\n    after clear: player draws 1\n')
    assert small.limits == GuardLimits() and GuardLimits().actions == 64 * WORK_LIMIT
    nested = (
        'rule "big":\n'
        "    after clear:\n"
        "        repeat 10 times:\n"
        "            repeat 10 times:\n"
        "                repeat 10 times:\n"
        "                    every player draws 1\n"
    )
    with pytest.raises(RulesRejected, match="LR208"):
        load_rules(nested)
    forced = compile_unchecked(nested)  # without the checker: room for its largest hook
    assert forced.limits.actions == 64 * 6_110 and forced.limits.depth == GuardLimits().depth


def test_compile_unchecked_forces_rejected_rules_but_not_meaningless_ones() -> None:
    assert len(compile_unchecked(LOOP_A + LOOP_B).hooks) == 2
    assert (
        len(
            compile_unchecked(
                'rule "w":\n    after clear:\n        forever: player draws 1\n'
            ).hooks
        )
        == 1
    )
    for text in (
        'rule "i":\n    instead of draw: player draws 2\n',
        'rule "s":\n    after clear: skip next player\n',
        'rule "e":\n    after clear: end the round\n',
    ):
        with pytest.raises(ValueError, match=r"cannot run|no meaning"):
            compile_unchecked(text)
