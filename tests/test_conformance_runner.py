"""The conformance runner and `lopti conformance`: malformed files, wrong expectations, exits.

Scenarios here are written to a temporary folder; each test states one way a scenario can be
wrong (or right) and what the runner must say about it.
"""

from __future__ import annotations

import importlib.util
import textwrap
from pathlib import Path

import pytest

from lopti_rules.cli.main import main
from lopti_rules.conformance import RUNTIME_MISSING, Engine, run_paths
from lopti_rules.engine import Game
from lopti_rules.engine.position import Position

GOOD = """\
name: an eight beats a five
clause: P3
players: 2
state:
  pile: ["5"]
  hands: [["8", "9"], ["6"]]
  face_down: [["A"], ["A"]]
steps:
  - play: ["8"]
    expect: {legal: true, pile: ["5", "8"], turn: 1, events: [play]}
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def reason_of(folder: Path, name: str, text: str) -> str:
    [result] = run_paths([write(folder, name, text)])
    assert not result.passed
    assert result.reason is not None
    return result.reason


def test_good_scenario_passes(tmp_path: Path) -> None:
    [result] = run_paths([write(tmp_path, "good.yaml", GOOD)])
    assert result.passed, result.reason
    assert result.line() == "PASS an eight beats a five"


# -- malformed scenarios: a FAIL naming file, line and column ----------------------------------
def test_unknown_key_points_at_the_key(tmp_path: Path) -> None:
    text = GOOD.replace("  pile:", "  colour: red\n  pile:")
    reason = reason_of(tmp_path, "extra.yaml", text)
    assert reason.startswith(f"{tmp_path / 'extra.yaml'}:5:3: unknown key `colour`")


def test_bad_rank_points_at_the_card(tmp_path: Path) -> None:
    reason = reason_of(tmp_path, "rank.yaml", GOOD.replace('[["8", "9"]', '[["8", "Z"]'))
    assert ":6:17: " in reason
    assert "`Z` is not a rank" in reason


def test_bad_yaml_gives_its_position(tmp_path: Path) -> None:
    reason = reason_of(tmp_path, "broken.yaml", "name: x\nclause: [T4\nplayers: 2\n")
    assert reason.startswith(f"{tmp_path / 'broken.yaml'}:3:8: ")
    assert "not valid YAML" in reason


def test_missing_name_and_wrong_seat_count(tmp_path: Path) -> None:
    assert "missing required key `name`" in reason_of(
        tmp_path, "noname.yaml", GOOD.replace("name: an eight beats a five\n", "")
    )
    assert "`hands` has 3 seats; `players` is 2" in reason_of(
        tmp_path, "seats.yaml", GOOD.replace('["6"]]', '["6"], ["4"]]')
    )


def test_whole_scenario_checks_point_at_their_node(tmp_path: Path) -> None:
    seats = reason_of(tmp_path, "seats.yaml", GOOD.replace('["6"]]', '["6"], ["4"]]'))
    assert f"{tmp_path / 'seats.yaml'}:6:10: `state.hands`: " in seats
    turn = reason_of(tmp_path, "turn.yaml", GOOD.replace("state:", "state:\n  turn: 3"))
    assert ":5:9: `state.turn`: seat 3 does not exist; seats are 0..1" in turn


def test_too_many_cards_of_a_rank(tmp_path: Path) -> None:
    text = GOOD.replace('pile: ["5"]', 'pile: ["8 8 8", "8"]')
    assert "5 cards of rank 8" in reason_of(tmp_path, "five.yaml", text)


def test_clause_is_metadata_written_freely(tmp_path: Path) -> None:
    """Outside authors cite clauses in many ways; the citation never fails a scenario
    (the project's own corpus is held to real ids by tests/test_conformance.py)."""
    for clause in ("clause: Z9", "clause: p3a, d7", "clause: [P3, X10.1]"):
        [result] = run_paths([write(tmp_path, "clause.yaml", GOOD.replace("clause: P3", clause))])
        assert result.passed, result.reason
    [result] = run_paths([write(tmp_path, "none.yaml", GOOD.replace("clause: P3\n", ""))])
    assert result.passed, result.reason


def test_players_may_be_counted_from_the_zones(tmp_path: Path) -> None:
    [result] = run_paths([write(tmp_path, "seats.yaml", GOOD.replace("players: 2\n", ""))])
    assert result.passed, result.reason


def test_event_fields_compare_face_ranks(tmp_path: Path) -> None:
    text = GOOD.replace('["8", "9"]', '["K", "9"]').replace('play: ["8"]', 'play: ["K"]')
    text = text.replace("events: [play]", "events: [{play: {rank: K}}]").replace(
        '"5", "8"', '"5", "K"'
    )
    [result] = run_paths([write(tmp_path, "k.yaml", text)])
    assert result.passed, result.reason
    wrong = text.replace("rank: K}", "rank: Q}")
    assert "play" in reason_of(tmp_path, "q.yaml", wrong)


def test_unknown_event(tmp_path: Path) -> None:
    assert "`clean` is not an event" in reason_of(
        tmp_path, "event.yaml", GOOD.replace("events: [play]", "events: [clean]")
    )


def test_a_step_makes_one_move(tmp_path: Path) -> None:
    text = GOOD.replace('  - play: ["8"]', '  - play: ["8"]\n    pickup: true')
    assert "exactly one move" in reason_of(tmp_path, "two.yaml", text)


def test_given_low_must_agree_with_the_pile(tmp_path: Path) -> None:
    text = GOOD.replace('pile: ["5"]', 'pile: ["5"]\n  low: true')
    said = "`state.low`: the low rule is pending but the top play is 5: it is pending exactly"
    assert said in reason_of(tmp_path, "low.yaml", text)


def test_duplicate_name_in_a_folder(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", GOOD)
    write(tmp_path, "b.yaml", GOOD)
    first, second = run_paths([tmp_path])
    assert first.passed
    assert not second.passed
    assert "already used by a.yaml" in (second.reason or "")


def test_not_a_mapping(tmp_path: Path) -> None:
    assert "a scenario is a YAML mapping" in reason_of(tmp_path, "list.yaml", "- 1\n- 2\n")


# -- wrong expectations: a FAIL naming the step and what differed ------------------------------
def test_wrong_expectations_are_all_named(tmp_path: Path) -> None:
    text = GOOD.replace(
        'expect: {legal: true, pile: ["5", "8"], turn: 1, events: [play]}',
        'expect: {pile: ["5"], turn: 0, hands: {0: ["9", "8"]}, winner: 1}',
    )
    reason = reason_of(tmp_path, "wrong.yaml", text)
    assert reason.startswith("step 1 (play 8): ")
    for part in (
        "pile is [5 8], expected [5]",
        "turn is 1, expected 0",
        "hands of seat 0 is [9], expected [8 9]",
        "winner is None, expected 1",
    ):
        assert part in reason


def test_refused_legal_move(tmp_path: Path) -> None:
    text = GOOD.replace('pile: ["5"]', 'pile: ["J"]').replace(
        'expect: {legal: true, pile: ["5", "8"], turn: 1, events: [play]}', "expect: {turn: 1}"
    )
    reason = reason_of(tmp_path, "refused.yaml", text)
    assert "the engine refused a legal move" in reason
    assert "(P3, P3a, P3b, P3c, S2)" in reason


def test_accepted_illegal_move(tmp_path: Path) -> None:
    text = GOOD.replace("legal: true", "legal: false")
    assert "accepted a move the rules forbid" in reason_of(tmp_path, "acc.yaml", text)


def test_error_substring(tmp_path: Path) -> None:
    base = GOOD.replace('pile: ["5"]', 'pile: ["J"]')
    ok = base.replace(
        'expect: {legal: true, pile: ["5", "8"], turn: 1, events: [play]}', "expect: {error: P3}"
    )
    assert run_paths([write(tmp_path, "ok.yaml", ok)])[0].passed
    bad = ok.replace("error: P3", "error: X7.2")
    assert "does not mention `X7.2`" in reason_of(tmp_path, "bad.yaml", bad)


def test_events_in_order_with_fields(tmp_path: Path) -> None:
    text = GOOD.replace("events: [play]", "events: [{play: {rank: 8, source: hand}}, turn]")
    assert run_paths([write(tmp_path, "ev.yaml", text)])[0].passed
    wrong_order = GOOD.replace("events: [play]", "events: [turn, play]")
    assert "expected [turn, play] in order" in reason_of(tmp_path, "ev2.yaml", wrong_order)
    wrong_field = GOOD.replace("events: [play]", "events: [{play: {source: face_down}}]")
    assert "expected [play(source=face_down)]" in reason_of(tmp_path, "ev3.yaml", wrong_field)


def test_three_on_the_pile_is_refused_where_it_is_written(tmp_path: Path) -> None:  # X3.2
    text = GOOD.replace('pile: ["5"]', 'pile: ["5", "3"]')
    reason = reason_of(tmp_path, "three.yaml", text)
    assert reason.startswith(
        f"{tmp_path / 'three.yaml'}:5:15: `state.pile.1`: cards of rank 3 never go on"
    )
    assert "X3.2" in reason


def test_a_state_the_engine_rejects_fails_at_the_state(tmp_path: Path) -> None:
    """The model catches every impossible state it knows of; whatever else the engine rejects
    is still a malformed scenario, pointed at `state` (or the file's start when none)."""

    def refuse(pos: Position, seed: int) -> Game:
        raise ValueError("this table cannot be built")

    engine = Engine(table=refuse)

    def rejected(folder: Path, name: str, text: str) -> str:
        [result] = run_paths([write(folder, name, text)], engine)
        assert result.reason is not None
        return result.reason

    reason = rejected(tmp_path, "state.yaml", GOOD)
    assert reason == (
        f"{tmp_path / 'state.yaml'}:5:3: the engine rejects the scenario's state: "
        "this table cannot be built"
    )
    no_state = "name: x\nplayers: 2\nsteps:\n  - play: [5]\n"
    assert rejected(tmp_path, "bare.yaml", no_state).startswith(f"{tmp_path / 'bare.yaml'}:1:1: ")


# -- impossible states: refused where they are written (X3, W1, S7) ----------------------------
@pytest.mark.parametrize(
    ("old", "new", "where", "needle"),
    [
        ("state:", "state:\n  chain: 4", "5:10: `state.chain`", "a chain of 4 cannot be pending"),
        (
            '[["8", "9"], ["6"]]',
            '[["8", "3", "3"], ["3"]]\n  chain: 2',
            "7:10: `state.chain`",
            "5 cards of rank 3; a deck has 4",
        ),
        (
            "state:",
            "state:\n  obligation: true\n  chain: 0",
            "5:15: `state.obligation`",
            "(X3.3, X3.5)",
        ),
        (
            'pile: ["5"]',
            "obligation: true\n  chain: 1",
            "5:15: `state.obligation`",
            "needs a non-empty pile",
        ),
        ("state:", "state:\n  finished: [1]", "5:14: `state.finished.0`", "still holds 6 A"),
        (
            '[["8", "9"], ["6"]]',
            '[["8", "9"], []]\n  face_down: [["A"], []]\n  finished: [1]\n  turn: 1',
            "9:9: `state.turn`",
            "seat 1 is to act but has already finished",
        ),
        ("state:", "state:\n  finished: [1, 1]", "5:13: `state.finished`", "names a seat twice"),
    ],
    ids=["chain", "threes", "no chain", "no pile", "holds cards", "to act", "twice"],
)
def test_impossible_states_are_refused_at_their_key(
    tmp_path: Path, old: str, new: str, where: str, needle: str
) -> None:
    text = GOOD.replace(old, new).replace(
        '  face_down: [["A"], ["A"]]\n', "", new.count("face_down")
    )
    reason = reason_of(tmp_path, "state.yaml", text)
    assert reason.startswith(f"{tmp_path / 'state.yaml'}:{where}: "), reason
    assert needle in reason and reason.count(". ") == 0


def test_chained_threes_count_as_removed(tmp_path: Path) -> None:  # X3.2
    """`removed` left out counts the chained 3s; given, it counts them among the rest."""
    text = GOOD.replace('pile: ["5"]', 'pile: ["5"]\n  chain: 2').replace(
        "turn: 1, events: [play]", "turn: 1, removed: 2, chain: 0"
    )
    [result] = run_paths([write(tmp_path, "left_out.yaml", text)])
    assert result.passed, result.reason
    given = text.replace("chain: 2", "chain: 2\n  removed: 5").replace("removed: 2,", "removed: 5,")
    [result] = run_paths([write(tmp_path, "given.yaml", given)])
    assert result.passed, result.reason


def test_lenient_where_outside_authors_leave_things_out(tmp_path: Path) -> None:
    """An obligation with `chain` left out has a chain of 1 (X3.3); a `removed` count below the
    chain is taken as written (the chained 3s are the known part of it)."""
    obliged = GOOD.replace('pile: ["5"]', 'pile: ["5"]\n  obligation: true').replace(
        'play: ["8"]', "pickup: true"
    )
    obliged = obliged.replace(
        'legal: true, pile: ["5", "8"], turn: 1, events: [play]', "turn: 1, chain: 0, removed: 1"
    )
    [result] = run_paths([write(tmp_path, "obliged.yaml", obliged)])
    assert result.passed, result.reason
    fewer = GOOD.replace('pile: ["5"]', 'pile: ["5"]\n  chain: 2\n  removed: 0').replace(
        "turn: 1, events: [play]", "turn: 1, removed: 0, chain: 0"
    )
    [result] = run_paths([write(tmp_path, "fewer.yaml", fewer)])
    assert result.passed, result.reason


# -- seats: every seat number is checked against `players` ------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("state:", "state:\n  turn: 7", "5:9: `state.turn`: seat 7"),
        ("state:", "state:\n  dealer: -1", "5:11: `state.dealer`: seat -1"),
        ("turn: 1, events", "turn: 5, events", "10:51: `steps.0.expect.turn`: seat 5"),
        ("turn: 1, events", "winner: 2, events", "10:53: `steps.0.expect.winner`: seat 2"),
        ("events: [play]", "hands: {3: [9]}", "10:65: `steps.0.expect.hands.3`: seat 3"),
        (
            '  - play: ["8"]',
            "  - swap: {seat: 4, hand: 8, face_up: 9}",
            "9:18: `steps.0.swap.seat`: seat 4",
        ),
    ],
    ids=["state turn", "dealer", "expected turn", "winner", "hands key", "swap"],
)
def test_seat_bounds_name_the_seats_of_the_table(
    tmp_path: Path, old: str, new: str, where: str
) -> None:
    reason = reason_of(tmp_path, "seat.yaml", GOOD.replace(old, new))
    assert f":{where} does not exist; seats are 0..1" in reason, reason
    assert "less than or equal" not in reason


# -- expectations: event fields and per-seat lists ----------------------------------------------
@pytest.mark.parametrize(
    ("event", "column", "needle"),
    [
        (
            "{play: {colour: red}}",
            71,
            "`colour` is not a field of `play` (its fields: `player`, `rank`, `count`, `source`",
        ),
        ("{win: {place: 1}}", 70, "`place` is not a field of `win` (its fields: `player`;"),
        ("{play: {rank: Z}}", 77, "`rank` of `play` is `Z`, which is not a rank"),
        ("{clear: {cause: tens}}", 79, "`cause` of `clear` is `tens`; give one of `ten`,"),
        ("{play: {count: 0}}", 78, "`count` of `play` is `0`; give a number of 1 or more"),
        ("{reveal: {legal: maybe}}", 80, "`legal` of `reveal` is `maybe`; give `true` or `false`"),
    ],
    ids=["unknown field", "no fields", "rank", "symbol", "count", "bool"],
)
def test_bad_event_expectations_fail_at_load(
    tmp_path: Path, event: str, column: int, needle: str
) -> None:
    reason = reason_of(tmp_path, "ev.yaml", GOOD.replace("events: [play]", f"events: [{event}]"))
    assert reason.startswith(f"{tmp_path / 'ev.yaml'}:10:{column}: `steps.0.expect.events.0."), (
        reason
    )
    assert needle in reason


def test_event_player_is_the_actor(tmp_path: Path) -> None:
    ok = GOOD.replace(
        "events: [play]", "events: [{play: {player: 0, rank: 8}}, {turn: {player: 1}}]"
    )
    [result] = run_paths([write(tmp_path, "ok.yaml", ok)])
    assert result.passed, result.reason
    wrong = GOOD.replace("events: [play]", "events: [{play: {player: 1}}]")
    reason = reason_of(tmp_path, "wrong.yaml", wrong)
    assert "events were [play(player=0, rank=8, count=1, source=hand), turn(player=1)]" in reason
    assert "expected [play(player=1)]" in reason


def test_a_per_seat_list_in_an_expectation_lists_every_seat(tmp_path: Path) -> None:
    short = GOOD.replace("events: [play]", 'hands: [["9"]]')
    reason = reason_of(tmp_path, "short.yaml", short)
    assert reason.startswith(f"{tmp_path / 'short.yaml'}:10:61: `steps.0.expect.hands`: ")
    assert "`hands` lists 1 seat; `players` is 2" in reason
    full = GOOD.replace("events: [play]", 'hands: [["9"], ["6"]], face_down: {1: ["A"]}')
    [result] = run_paths([write(tmp_path, "full.yaml", full)])
    assert result.passed, result.reason


def test_custom_rules_need_the_runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    text = GOOD.replace(
        "players: 2", 'players: 2\nrules: |\n  rule "T":\n      after clear: player draws 1'
    )
    assert reason_of(tmp_path, "rules.yaml", text) == RUNTIME_MISSING


# -- the command ---------------------------------------------------------------------------------
def test_cli_all_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "good.yaml", GOOD)
    assert main(["conformance", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "PASS an eight beats a five\n1 passed, 0 failed\n"


def test_cli_failures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "a_good.yaml", GOOD)
    write(
        tmp_path,
        "b_bad.yaml",
        GOOD.replace("name: an eight", "name: a nine").replace("turn: 1", "turn: 0"),
    )
    assert main(["conformance", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "PASS an eight beats a five"
    assert out[1] == "FAIL a nine beats a five: step 1 (play 8): turn is 1, expected 0"
    assert out[2] == "1 passed, 1 failed"


def test_cli_quiet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "good.yaml", GOOD)
    assert main(["conformance", "-q", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "1 passed, 0 failed\n"


def test_cli_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert "is not a scenario file or folder" in err
    assert "Traceback" not in err
    assert main(["conformance", str(tmp_path)]) == 2  # an empty folder
    assert "no scenario files" in capsys.readouterr().err
    assert main(["conformance"]) == 2


# -- `choose:`: the answers a step's asks get ---------------------------------------------------
CHOICE = """\
name: a gift to a player of the giver's choice
clause: R2
players: 3
rules: |
  rule "Gift":
      after play when rank is 7: player gives 1 card to a player of their choice
state:
  pile: ["5"]
  hands: [["7", "K", "4"], ["Q"], ["J"]]
  face_down: [["A"], ["A"], ["A"]]
steps:
  - play: ["7"]
    choose: CHOSEN
    expect: {hands: {0: ["4"], 2: ["J", "K"]}, turn: 1}
"""


def test_choose_answers_the_asks_in_order(tmp_path: Path) -> None:
    [result] = run_paths([write(tmp_path, "ok.yaml", CHOICE.replace("CHOSEN", "[2, [K]]"))])
    assert result.passed, result.reason
    [result] = run_paths([write(tmp_path, "str.yaml", CHOICE.replace("CHOSEN", '[2, "K"]'))])
    assert result.passed, result.reason


def test_an_ask_without_an_answer_fails_the_step(tmp_path: Path) -> None:
    reason = reason_of(tmp_path, "short.yaml", CHOICE.replace("CHOSEN", "[2]"))
    assert reason == "step 1 (play 7): the `give` ask of seat 0 has no answer in `choose:`"


def test_an_answer_left_over_fails_the_step(tmp_path: Path) -> None:
    reason = reason_of(tmp_path, "long.yaml", CHOICE.replace("CHOSEN", "[2, [K], yes]"))
    assert reason == "step 1 (play 7): `choose:` answers no ask used: yes"


def test_an_answer_the_ask_does_not_allow_fails_the_step(tmp_path: Path) -> None:
    reason = reason_of(tmp_path, "seat.yaml", CHOICE.replace("CHOSEN", "[0, [K]]"))
    assert reason == (
        "step 1 (play 7): the `choose:` answer seat 0 is not allowed: "
        "seat 0 is not among the seats offered (1, 2)"
    )
    reason = reason_of(tmp_path, "card.yaml", CHOICE.replace("CHOSEN", "[2, [A]]"))
    assert "the `choose:` answer [A] is not allowed: the answer holds A 1 times" in reason


def test_an_ask_with_one_possible_answer_is_never_answered_by_choose(tmp_path: Path) -> None:
    # LANGUAGE.md §4, "Asks": with two players in, the naming has one seat to name
    named = """name: two players in, the J names the only other
clause: VN1
players: 2
options: {name_next: J}
state:
  pile: ["5"]
  hands: [["J", "4"], ["Q"]]
  face_down: [["A"], ["A"]]
steps:
  - play: ["J"]
    CHOOSE
    expect: {turn: 1}
"""
    [result] = run_paths([write(tmp_path, "plain.yaml", named.replace("CHOOSE", ""))])
    assert result.passed, result.reason
    reason = reason_of(tmp_path, "answered.yaml", named.replace("CHOOSE", "choose: [1]"))
    assert reason == "step 1 (play J): `choose:` answers no ask used: seat 1"


WINDOW = """name: a jump-in window
clause: VJ1
players: 4
options: OPTIONS
state:
  pile: ["5", "9"]
  waiting: {purpose: jump_in, asked: ASKED}
  hands: [["4"], ["K"], ["9", "Q"], ["9", "6"]]
  face_down: [["A"], ["A"], ["A"], ["A"]]
steps:
  - answer: ANSWER
    expect: {turn: TURN}
"""


def test_a_state_can_wait_for_an_answer_that_a_step_gives(tmp_path: Path) -> None:
    window = WINDOW.replace("OPTIONS", "{jump_in: true}").replace("ASKED", "2")
    [result] = run_paths([write(tmp_path, "yes.yaml", window.replace("ANSWER", "yes")
                                .replace("TURN", "2"))])  # fmt: skip
    assert result.passed, result.reason
    reason = reason_of(tmp_path, "seat.yaml", window.replace("ANSWER", "1").replace("TURN", "1"))
    assert "the `jump_in` ask wants yes or no, not 1" in reason


@pytest.mark.parametrize(
    ("options", "asked", "said"),
    [
        ("{}", "2", "7:12: `state.waiting`: a turn's end waits for `jump_in` only with that"),
        ("{jump_in: true}", "1", "7:38: `state.waiting.asked`: a jump-in is asked of another"),
        ("{jump_in: true}", "0", "7:38: `state.waiting.asked`: a jump-in is asked of another"),
    ],
)
def test_a_waiting_state_the_game_cannot_reach_is_refused_at_its_key(
    tmp_path: Path, options: str, asked: str, said: str
) -> None:
    text = WINDOW.replace("OPTIONS", options).replace("ASKED", asked)
    reason = reason_of(tmp_path, "bad.yaml", text.replace("ANSWER", "no").replace("TURN", "1"))
    assert said in reason


def test_a_naming_whose_next_player_is_the_namer_is_refused(tmp_path: Path) -> None:
    reason = reason_of(tmp_path, "namer.yaml", NAMER)
    assert reason.endswith(
        "namer.yaml:7:39: `state.waiting.next`: seat 0 is the player whose turn ends, "
        "not the one who plays next"
    )


NAMER = """name: a naming whose next is the namer
clause: VN1
players: 3
options: {name_next: J}
state:
  pile: ["9", "J"]
  waiting: {purpose: name_next, next: 0}
  hands: [["4"], ["K"], ["A"]]
  face_down: [["6"], ["6"], ["6"]]
steps:
  - answer: 1
"""


def test_an_answer_that_is_no_answer_points_at_it(tmp_path: Path) -> None:
    reason = reason_of(tmp_path, "bad.yaml", CHOICE.replace("CHOSEN", "[{seat: 2}]"))
    assert reason.endswith(
        "bad.yaml:13:14: `steps.0.choose.0`: `{'seat': 2}` is not an answer "
        "(yes/no, a seat number, or a list of ranks)"
    )


# -- impossible states under the variants in force: refused naming the rank of the role -------
@pytest.mark.parametrize(
    ("options", "state", "needle"),
    [
        ("{pass_on: none}", "chain: 1", "`state.chain`: no chain and no obligation"),
        ("{pass_on: 9}", 'pile: ["5", "9"]', "`state.pile.1`: cards of rank 9 never go on"),
        ("{clear: J}", 'pile: ["5", "J"]', "`state.pile.1`: cards of rank J never stay"),
        (
            "{low: 8}",
            'pile: ["7"]\n  low: true',
            "it is pending exactly when the top play is of rank 8",
        ),
        ("{burn: 3}", 'pile: ["5 5", "5"]', "the pile holds 3 cards of rank 5 in a row"),
        (
            "{skip: 8}",
            "direction: counterclockwise",
            "`state.direction`: play goes counterclockwise",
        ),
        (
            "{glass: 8}",
            'pile: ["7", "8"]\n  low: false',
            "the play a glass rank on top shows is 7: it is pending exactly when that play is of",
        ),
        ("{low: 8}", "low: true", "the low rule is pending but the pile is empty"),
    ],
    ids=[
        "chain",
        "pass on pile",
        "clear on pile",
        "low rank",
        "burn",
        "direction",
        "glass",
        "empty",
    ],
)
def test_states_are_judged_with_the_variants_in_force(
    tmp_path: Path, options: str, state: str, needle: str
) -> None:
    text = GOOD.replace(
        'players: 2\nstate:\n  pile: ["5"]', f"players: 2\noptions: {options}\nstate:\n  {state}"
    )
    assert needle in reason_of(tmp_path, "variant.yaml", text)
