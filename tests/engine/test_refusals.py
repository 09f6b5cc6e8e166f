"""Refusal messages: one readable sentence that names every clause forbidding the move.

Outside scenario authors check a refusal with `error: ID`, a substring of the message, and
may cite any clause or ruling that forbids the move (`P4` or `D25` for a 10 on a 7, `P3b` for
a same-rank play with too few cards). Each row is a table, a move and the ids the message must
cite, exactly and in this order (the main reason first).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from engine_helpers import table

from lopti_rules.engine import Game, IllegalMoveError, Move, PickUp, Play, Reveal, Swap, play_of
from lopti_rules.engine.cards import parse_rank

CITED = re.compile(r"\(([A-Z][^()]*)\)$")


def p(text: str) -> Play:
    ranks = [parse_rank(t) for t in text.split()]
    return Play(ranks[0], len(ranks))


# (id, hands, table keyword arguments, move, cited clause ids)
ROWS: list[tuple[str, list[str], dict[str, Any], Move, list[str]]] = [
    (
        "ten on a seven",
        ["10 4", "K"],
        {"pile": ["7"]},
        p("10"),
        ["X10.1", "X7.2", "P4", "P6", "D25"],
    ),
    (
        "four eights on a seven",
        ["8 8 8 8", "K"],
        {"pile": ["7"]},
        p("8 8 8 8"),
        ["P6", "X7.2", "P8"],
    ),
    ("an eight on a seven", ["8", "K"], {"pile": ["7"]}, p("8"), ["P6", "X7.2"]),
    ("an ace on a seven", ["A", "K"], {"pile": ["7"]}, p("A"), ["P6", "X7.2", "D5"]),
    (
        "ten under a 3-obligation",
        ["10", "K"],
        {"pile": ["9"], "obligation": True, "chain": 1},
        p("10"),
        ["P7", "P4", "X10.1", "X3.3"],
    ),
    (
        "two under a 3-obligation",
        ["2", "K"],
        {"pile": ["9"], "obligation": True, "chain": 1},
        p("2"),
        ["P7", "P4", "X2.1", "X3.3"],
    ),
    (
        "seven under a 3-obligation",
        ["7", "K"],
        {"pile": ["9"], "obligation": True, "chain": 1},
        p("7"),
        ["P7", "P4", "X7.1", "X3.3"],
    ),
    (
        "a normal rank under a 3-obligation",
        ["Q", "K"],
        {"pile": ["9"], "obligation": True, "chain": 1},
        p("Q"),
        ["P7", "X3.3"],
    ),
    (
        "ten under a 3-obligation on a seven: both rules named",
        ["10", "K"],
        {"pile": ["7"], "obligation": True, "chain": 1},
        p("10"),
        ["P7", "P4", "X10.1", "X3.3", "X7.2", "P6", "D25"],
    ),
    (
        "a lower rank under a 3-obligation: both rules named",
        ["4", "K"],
        {"pile": ["9"], "obligation": True, "chain": 1},
        p("4"),
        ["P7", "X3.3", "P3", "P3a", "P3b", "P3c", "S2"],
    ),
    (
        "two on a two without more cards",
        ["2", "K"],
        {"pile": ["2"]},
        p("2"),
        ["X2.2", "P5", "D7", "D12"],
    ),
    ("a lower rank", ["4", "K"], {"pile": ["9"]}, p("4"), ["P3", "P3a", "P3b", "P3c", "S2"]),
    (
        "four of a lower rank",
        ["4 4 4 4", "K"],
        {"pile": ["9"]},
        p("4 4 4 4"),
        ["P3", "P3a", "P3b", "P3c", "S2", "P8"],
    ),
    (
        "a king on an ace",
        ["K", "Q"],
        {"pile": ["A"]},
        p("K"),
        ["P3", "P3a", "P3b", "P3c", "S2", "D5"],
    ),
    (
        "the same rank with the same count",
        ["9", "K"],
        {"pile": ["5", "9"]},
        p("9"),
        ["P3", "P3a", "P3b", "P3c", "D7", "D8"],
    ),
    ("a rank not held", ["5", "K"], {"pile": ["4"]}, p("9"), ["P1", "D36"]),
    ("more cards than held", ["9", "K"], {"pile": ["4"]}, p("9 9"), ["P1", "D36"]),
    (
        "a face-up card from the table",
        ["5", "K"],
        {"pile": ["4"], "face_up": ["Q", "J"]},
        p("Q"),
        ["F3", "D13", "F1"],
    ),
    (
        "a face-down card played while holding a hand",
        ["5", "K"],
        {"pile": ["4"], "face_down": ["Q", "J"]},
        p("Q"),
        ["P1", "D36", "F1", "F4"],
    ),
    (
        "a hand play when on face-down cards",
        ["", "K"],
        {"pile": ["4"], "face_down": ["9", "J"]},
        p("9"),
        ["F4", "F1", "P1"],
    ),
    (
        "several face-down cards at once",
        ["", "K"],
        {"pile": ["4"], "face_down": ["9 9", "J"]},
        p("9 9"),
        ["F4", "F1", "P1", "D14"],
    ),
    (
        "a face-down index not held",
        ["", "K"],
        {"pile": ["4"], "face_down": ["9", "J"]},
        Reveal(3),
        ["F4", "D14", "P1"],
    ),
    (
        "a reveal while holding a hand",
        ["5", "K"],
        {"pile": ["4"], "face_down": ["9", "J"]},
        Reveal(0),
        ["F1", "F4"],
    ),
    ("a pickup on an empty table", ["5", "K"], {}, PickUp(), ["T1", "T2", "D35"]),
    (
        "a pickup as a bonus play",
        ["5", "K"],
        {"bonus": True, "drawn": True},
        PickUp(),
        ["T1", "T2", "D35", "T5"],
    ),
    (
        "a swap outside the setup",
        ["5", "K"],
        {"face_up": ["Q", "J"]},
        Swap(0, 5, 12),
        ["S4", "D34"],
    ),
    (
        "a second swap",
        ["5", "K"],
        {"face_up": ["Q", "J"], "setup": True, "swapped": [0]},
        Swap(0, 5, 12),
        ["S4", "D34"],
    ),
    (
        "a swap of a card not held",
        ["5", "K"],
        {"face_up": ["Q", "J"], "setup": True},
        Swap(0, 9, 12),
        ["S4", "D34"],
    ),
    (
        "a swap of a face-up card not held",
        ["5", "K"],
        {"face_up": ["Q", "J"], "setup": True},
        Swap(0, 5, 11),
        ["S4", "D34"],
    ),
    (
        "a move after the round is over",
        ["5", "K", ""],
        {"finished": [2], "face_down": ["4", "4", ""]},
        p("5"),
        ["W4", "D28"],
    ),
]


def refusal(game: Game, move: Move) -> str:
    before = game.position()
    with pytest.raises(IllegalMoveError) as err:
        game.apply(move)
    assert game.position() == before  # a refused move changes nothing
    return str(err.value)


@pytest.mark.parametrize(
    ("hands", "state", "move", "ids"), [row[1:] for row in ROWS], ids=[row[0] for row in ROWS]
)
def test_refusal_cites_every_clause_that_forbids_the_move(
    hands: list[str], state: dict[str, Any], move: Move, ids: list[str]
) -> None:
    message = refusal(table(hands, **state), move)
    assert message.startswith("cannot "), message
    assert "\n" not in message
    cited = CITED.search(message)
    assert cited is not None, f"no clause list at the end of: {message}"
    assert cited.group(1).split(", ") == ids, message


def test_the_ten_on_a_seven_sentence() -> None:  # X10.1, D25
    message = refusal(table(["10 4", "K"], pile=["7"]), p("10"))
    assert message == "cannot play 10 on a 7: a 10 may not follow a 7 (X10.1, X7.2, P4, P6, D25)"


def test_both_reasons_are_told_under_an_obligation() -> None:  # P7, X10.1, D10
    message = refusal(table(["10", "K"], pile=["7"], obligation=True, chain=1), p("10"))
    assert message.startswith(
        "cannot play 10 on a 7 during a 3-obligation: play 3s or pick up the pile, "
        "and a 10 may not follow a 7 anyway ("
    )


@pytest.mark.parametrize(
    ("ranks", "ids"), [([5, 6], "(P1, D23)"), ([], "(P1)"), ([15], "(S1)")], ids=str
)
def test_play_of_refusals(ranks: list[int], ids: str) -> None:  # P1, D23
    with pytest.raises(IllegalMoveError) as err:
        play_of(ranks)
    assert str(err.value).endswith(ids)
