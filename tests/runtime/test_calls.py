"""Table calls, races and conduct: when a report is due, what it does, and the bots' model."""

from __future__ import annotations

import pytest
from runtime_helpers import Lines, hand, record, table, total_cards, with_rules

from lopti_rules.api import load_rules
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import bot_rng, play_round
from lopti_rules.engine import EventBus, Game, Play, TableOptions
from lopti_rules.runtime.calls import ReportRefused, Table, TableModel

RULES = """rule "Say Lopti":
    call lopti "say Lopti" after play when hand of player is 1
    after missed lopti: player draws 2
rule "Tap the five":
    race tap "tap the table" after play when rank is 5
    after lost tap: player draws 1
rule "No swearing":
    conduct swearing "swear"
    after caught swearing: player draws 1
"""


def _table(game: Game) -> Table:
    runtime = with_rules(game, RULES)
    assert runtime.table is not None
    return runtime.table


def test_the_call_falls_due_when_its_condition_holds() -> None:
    game = table(["9 6", "J Q K"], pile=["5"])  # an empty deck: no T4 draw
    calls = _table(game)
    assert calls.due(0) == []
    game.apply(Play(6, 1))
    assert calls.due(0) == ["lopti"]
    [offer] = [r for r in calls.reportable() if r.name == "lopti"]
    assert offer.report == "missed" and offer.about == (0,) and 0 not in offer.by
    before = len(hand(game, 0))
    events = record(game)
    calls.report("lopti", 0, 1)
    assert len(hand(game, 0)) == before  # the deck is empty: the penalty draws what there is
    told = [(e.name, e.actor, dict(e.fields)) for e in events]
    assert told[0] == ("missed", 0, {"call": "lopti", "by": 1})
    with pytest.raises(ReportRefused, match="not due"):
        calls.report("lopti", 0, 1)  # caught once


def test_a_penalty_applies_now_and_cards_are_conserved() -> None:
    game = table(["9 6", "J Q K"], pile=["5"])
    calls = _table(game)
    game.apply(Play(6, 1))
    game.deck.extend([8, 8, 8])  # cards for the penalty, as if the deck still held some
    cards = total_cards(game)
    calls.report("lopti", 0, 1)
    assert hand(game, 0) == [8, 8, 9]
    assert total_cards(game) == cards


def test_a_said_call_cannot_be_caught() -> None:
    game = table(["9 6", "J Q K"], pile=["5"])
    calls = _table(game)
    game.apply(Play(6, 1))
    calls.say("lopti", 0)
    assert calls.due(0) == []
    with pytest.raises(ReportRefused, match="said `lopti` in time"):
        calls.report("lopti", 0, 1)


def test_the_next_play_closes_the_call() -> None:
    game = table(["9 6", "J Q K"], pile=["5"])
    calls = _table(game)
    game.apply(Play(6, 1))
    game.apply(Play(11, 1))  # seat 1 plays: the window is gone
    with pytest.raises(ReportRefused, match="not due for seat 0"):
        calls.report("lopti", 0, 1)
    with pytest.raises(ReportRefused, match="not due"):
        calls.say("lopti", 0)


def test_a_report_that_is_not_due_is_refused_with_a_reason() -> None:
    game = table(["9 6 6", "J Q K"], pile=["5"])
    calls = _table(game)
    with pytest.raises(ReportRefused, match="not due for seat 0"):
        calls.report("lopti", 0, 1)
    with pytest.raises(ReportRefused, match="not open"):
        calls.report("tap", 1, 0)
    with pytest.raises(ReportRefused, match="no rule in force declares `bingo`"):
        calls.report("bingo", 1, 0)
    with pytest.raises(ReportRefused, match="report themselves"):
        calls.report("swearing", 1, 1)
    with pytest.raises(ReportRefused, match="seats 0 to 1"):
        calls.report("swearing", 5, 1)
    with pytest.raises(ReportRefused, match="is a race, not a call"):
        calls.say("tap", 0)


def test_a_race_opens_on_its_trigger_and_names_one_loser() -> None:
    game = table(["5 9 9", "J Q K"], pile=["4"], deck="2 3 4 6 7 8")
    calls = _table(game)
    game.apply(Play(5, 1))
    [offer] = [r for r in calls.reportable() if r.name == "tap"]  # no rule hooks `won tap`
    assert offer.about == (0, 1) and offer.report == "lost"
    before = len(hand(game, 1))
    calls.report("tap", 1, 0)
    assert len(hand(game, 1)) == before + 1
    with pytest.raises(ReportRefused, match="not open"):
        calls.report("tap", 0, 1)


def test_conduct_is_reportable_at_any_time_about_a_player_in_the_round() -> None:
    game = table(["5 9 9", "J Q K"], pile=["4"], deck="2 3 4 6 7 8")
    calls = _table(game)
    lines = Lines(game)
    calls.report("swearing", 1, 0)
    calls.report("swearing", 1, 0)
    assert len(hand(game, 1)) == 5
    caught = [line for line in lines.all() if line["event"] == "caught"]
    assert [(c["player"], c["call"], c["by"]) for c in caught] == [(1, "swearing", 0)] * 2


def test_no_report_while_a_move_resolves() -> None:
    text = (
        'rule "Sneaky":\n    conduct swearing "swear"\n    after caught swearing: player draws 1\n'
    )
    game = table(["9 6", "J Q K"], pile=["5"], deck="2 3 4")
    runtime = load_rules(text).install(game)
    assert runtime.table is not None
    refusals: list[str] = []

    def during(event: object) -> None:
        try:
            runtime.table.report("swearing", 1, 0)  # type: ignore[union-attr]
        except ReportRefused as exc:
            refusals.append(str(exc))

    game.bus.subscribe("play", "after", during)
    game.apply(Play(6, 1))
    assert refusals == ["a move is resolving: report between moves"]


def test_rules_without_table_events_have_no_table() -> None:
    game = table(["9 6", "J"], pile=["5"])
    runtime = with_rules(game, 'rule "T":\n    after play: next player draws 1\n')
    assert runtime.table is None


def _model_round(seed: int, miss: float) -> tuple[dict[str, int], int]:
    rules = load_rules(RULES)
    bus = EventBus()
    runtime = rules.attach(bus)
    options = TableOptions(players=4)
    game = Game.new(options, seed, bus=bus)
    assert runtime.table is not None
    model = TableModel(runtime.table, seed, miss)
    result = play_round(game, make_bots("greedy", 4), bot_rng(seed), between=model.between)
    return dict(runtime.fires), result.moves


def test_the_bot_table_is_seeded_and_never_misses_with_p_zero() -> None:
    assert _model_round(3, 0.5) == _model_round(3, 0.5)
    fires = [_model_round(seed, 0.0)[0] for seed in range(6)]
    assert all(f["Say Lopti"] == 0 for f in fires)
    assert sum(f["Tap the five"] for f in fires) > 0
    always = [_model_round(seed, 1.0)[0]["Say Lopti"] for seed in range(6)]
    assert sum(always) > 0


def test_a_race_may_also_name_its_first_once_and_never_the_same_player() -> None:
    text = (
        RULES + 'rule "First tap":\n    after won tap: player gives 1 lowest card to next player\n'
    )
    game = table(["5 9 9", "J Q K", "2 3 4"], pile=["4"], deck="6 7 8")
    runtime = with_rules(game, text)
    calls = runtime.table
    assert calls is not None
    game.apply(Play(5, 1))
    reports = {(r.name, r.report) for r in calls.reportable()}
    assert {("tap", "lost"), ("tap", "won")} <= reports
    calls.report("tap", 1, 0)  # seat 1 was last
    with pytest.raises(ReportRefused, match="already named"):
        calls.report("tap", 1, 0, "won")
    calls.report("tap", 2, 0, "won")  # seat 2 was first: gives its lowest card on
    assert hand(game, 2) == [3, 4]
    with pytest.raises(ReportRefused, match="not open for `won`"):
        calls.report("tap", 0, 1, "won")
    with pytest.raises(ReportRefused, match="it is reported `caught`"):
        calls.report("swearing", 1, 0, "won")


def test_a_call_never_falls_due_from_a_finished_player_so_none_is_offered() -> None:
    # `after turn` follows the finishing play's `finish`: the call would be due from seat 0,
    # who is out; `report` refuses a report about them, so `reportable` must not offer one
    rule = (
        'rule "Say gone":\n    call gone "say gone" after turn\n'
        "    after missed gone: player draws 1\n"
    )
    game = table(["6", "J Q K", "8 9"], face_down=["", "A", "A"], places=True)
    runtime = with_rules(game, rule)
    assert runtime.table is not None
    game.apply(Play(6, 1))
    assert game.out[0] and not game.over
    offered = [(r.name, s) for r in runtime.table.reportable() for s in r.about]
    assert ("gone", 0) not in offered
    with pytest.raises(ReportRefused, match="finished"):
        runtime.table.report("gone", 0, 1)
