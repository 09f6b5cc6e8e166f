"""`undo`: the last step comes back out whole, the rest of the session stays as it was."""

from __future__ import annotations

import pytest

from lopti_rules.i18n.said import told
from lopti_rules.session import Session, SessionState
from lopti_rules.session.undo import UndoError, last_step, undo
from tests.session.helpers import LOW_GIFT, TENS_TAX, fresh, won


def copy(session: Session) -> SessionState:
    return SessionState.model_validate(session.state.model_dump())


def test_undoing_a_deletion_puts_the_rule_back_in_its_place() -> None:
    session = won(won(fresh(), "Cat", TENS_TAX), "Ben", LOW_GIFT)
    before = copy(session)
    session.delete_rule(1, "Cat")
    assert last_step(session) == 'the deletion of rule 1 "Tens tax" by its creator, Cat'
    undo(session)
    assert [r.id for r in session.state.rules] == [1, 2]
    assert session.state.model_dump(exclude={"undone"}) == before.model_dump(exclude={"undone"})


def test_undoing_a_rewording_brings_back_the_old_text() -> None:
    session = won(fresh(), "Cat", TENS_TAX)
    session.reword(1, "Cat", TENS_TAX.replace('"Tens tax"', '"Ten toll"'))
    assert session.state.rules[0].title == "Ten toll"
    assert last_step(session) == 'the rewording of rule 1 (it was "Tens tax")'
    undo(session)
    assert (session.state.rules[0].title, session.state.rules[0].text) == ("Tens tax", TENS_TAX)
    assert session.state.rewordings == []


def test_a_round_dealt_apart_is_undone_in_two_steps() -> None:
    session = fresh()
    session.deal()
    session.finish_round("Ben")
    assert undo(session) == "the end of round 1 (won by Ben)"
    assert session.in_play
    assert undo(session) == "the deal of round 1 (Ann dealt, Ann plays first)"
    assert session.state.rounds == []
    with pytest.raises(UndoError, match="no step to undo"):
        undo(session)
    assert [told(u.step) for u in session.state.undone] == [
        "the end of round 1 (won by Ben)",
        "the deal of round 1 (Ann dealt, Ann plays first)",
    ]


def test_a_hand_edited_file_whose_last_step_does_not_match_is_left_alone() -> None:
    session = won(fresh(), "Cat", TENS_TAX)
    session.state.rules.clear()  # as if removed by hand
    before = copy(session)
    with pytest.raises(UndoError, match=r"the last step \(rule\) does not match"):
        undo(session)
    assert session.state == before
