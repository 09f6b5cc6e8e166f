"""The session procedure: dealer and first player (S5, S6, W6, D29), the winner's rule (W4,
R0, R1, R5, D33), setup (E2, E3) and refusals that change nothing."""

from __future__ import annotations

import pytest

from lopti_rules.i18n.said import told
from lopti_rules.session import Refused, RuleRejected, Session
from lopti_rules.session.rules import meaning
from tests.session.helpers import LOW_GIFT, SOFT, TENS_TAX, fresh, rule, with_rule, won


def test_s5_dealer_moves_one_seat_clockwise_each_round() -> None:
    session = fresh(dealer="Cat")
    dealers = []
    for _ in range(5):
        dealers.append(session.deal().dealer)
        session.finish_round("Ann")
    assert dealers == ["Cat", "Dan", "Ann", "Ben", "Cat"]


def test_s6_w6_dealer_first_in_round_1_then_the_previous_winner() -> None:
    session = fresh(dealer="Ben")
    assert session.deal().first == "Ben"
    session.finish_round("Dan")
    assert session.deal().first == "Dan"


def test_d29_first_dealer_drawn_by_the_seed_and_absent_winner_falls_back() -> None:
    drawn = {
        Session.start("S", ["Ann", "Ben", "Cat"], seed=s).state.first_dealer for s in range(20)
    }
    assert len(drawn) > 1
    assert Session.start("S", ["Ann", "Ben"], seed=4).state.first_dealer == (
        Session.start("S", ["Ann", "Ben"], seed=4).state.first_dealer
    )
    session = won(fresh(dealer="Ann"), "Cat")
    record = session.deal(absent=["Cat"])
    assert (record.dealer, record.first) == ("Ben", "Ben")


def test_e2_a_session_starts_with_base_rules_only() -> None:
    session = fresh()
    assert session.rules_in_force() == [] and not session.options().places


def test_w4_r0_only_the_rounds_winner_makes_a_rule() -> None:
    session = won(fresh(), "Cat")
    with pytest.raises(Refused, match=r"Ben did not win round 1 \(Cat did\) \(W4, R0\)"):
        session.add_rule("Ben", TENS_TAX)
    with pytest.raises(Refused, match=r"no round has been won yet.*\(R0\)"):
        fresh().add_rule("Ann", TENS_TAX)


def test_r0_one_rule_once() -> None:
    session = with_rule()
    with pytest.raises(Refused, match=r"already made the rule for round 1 \(R0\)"):
        session.add_rule("Cat", LOW_GIFT)
    with pytest.raises(Refused, match=r"holds 2 rules.*\(R0\)"):
        won(fresh(), "Cat").add_rule("Cat", TENS_TAX + LOW_GIFT)


def test_r1_a_rule_after_the_next_deal_finished_is_refused() -> None:
    session = won(fresh(), "Cat")
    session.deal()
    with pytest.raises(Refused, match=r"before the deal finished \(R1\)"):
        session.add_rule("Cat", TENS_TAX)


def test_d33_the_new_rule_applies_from_its_announcement() -> None:
    session = with_rule()
    assert [r.title for r in session.rules_in_force()] == ["Tens tax"]
    assert session.deal().round == 2 and session.rules_in_force(2)[0].since == 2


def test_the_checker_rejects_a_rule_with_its_diagnostics() -> None:
    session = won(fresh(), "Cat")
    with pytest.raises(RuleRejected) as caught:
        session.add_rule("Cat", rule("Names", "after play: Ann draws 1"))
    assert caught.value.diagnostics[0].code.startswith("LR")
    assert session.rules_in_force() == []


def test_the_checker_sees_loops_across_the_rules_in_force() -> None:
    a = rule("A", "after clear: next player picks up the pile")
    b = rule("B", "after pickup: next player draws 1")
    c = rule("C", "after draw when deck is 5: clear the pile")
    session = won(won(fresh(), "Ann", a), "Ben", b)
    won(session, "Cat")
    with pytest.raises(RuleRejected) as caught:
        session.add_rule("Cat", c)
    assert [d.code for d in caught.value.diagnostics if d.is_error] == ["LR203"]
    assert won(fresh(), "Cat").add_rule("Cat", c).title == "C"  # alone it is fine


def test_the_checker_sees_duplicate_titles_and_the_roster() -> None:
    session = won(with_rule(), "Ann")
    with pytest.raises(RuleRejected) as caught:
        session.add_rule("Ann", TENS_TAX.replace("cause is ten", "cause is sevens"))
    assert [d.code for d in caught.value.diagnostics] == ["LR505"]
    with pytest.raises(RuleRejected) as caught:
        session.add_rule("Ann", rule("Kind", 'after play: announce "Ben is lucky"'))
    assert [d.code for d in caught.value.diagnostics if d.is_error] == ["LR304"]


def test_r5_rewording_is_allowed_after_the_round_began() -> None:
    session = with_rule()
    session.deal()
    laid_out = (
        "# clearer now\n"
        'rule "Tax on tens":\n'
        '    note "Agreed on Friday."\n'
        "    after clear when cause is ten:\n"
        "        each other player draws 1\n"
    )
    assert session.reword(1, "Cat", laid_out).title == "Tax on tens"


def test_r5_substantial_rewrite_after_the_round_began_is_refused() -> None:
    session = with_rule()
    session.deal()
    changed = TENS_TAX.replace("draws 1", "draws 2")
    with pytest.raises(Refused, match=r"substantial rewrite.*\(R5, V6\)"):
        session.reword(1, "Cat", changed)
    assert session.rule(1).text == TENS_TAX


def test_r5_before_the_round_begins_the_author_may_still_change_it() -> None:
    session = with_rule()
    assert "draws 2" in session.reword(1, "Cat", TENS_TAX.replace("1", "2")).text


def test_r5_r6_only_the_creator_rewords() -> None:
    with pytest.raises(Refused, match=r"only the rule's creator, Cat, may reword it"):
        with_rule().reword(1, "Ann", TENS_TAX)


def test_substantial_means_what_the_rule_does() -> None:
    assert meaning(TENS_TAX) == meaning("# c\n" + TENS_TAX.replace("Tens tax", "T"))
    assert meaning(TENS_TAX) != meaning(TENS_TAX.replace("ten", "sevens"))
    assert meaning(TENS_TAX) != meaning(TENS_TAX.replace("after", "before"))


def test_e3_old_rules_come_back_at_setup_by_majority_without_using_round_1s_vote() -> None:
    session = fresh()
    assert session.restore_at_setup("Ben", "Ben", SOFT, ["Ann", "Ben", "Cat"]).result == "passed"
    assert session.restore_at_setup("Ann", "Ann", LOW_GIFT, ["Ann", "Ben"]).result == "rejected"
    assert [r.title for r in session.rules_in_force(1)] == ["Soft"]
    won(session, "Ann")
    assert session.state.votes[0].round == 0
    with pytest.raises(Refused, match=r"\(E3\)"):
        session.restore_at_setup("Ann", "Ann", LOW_GIFT, ["Ann", "Ben", "Cat"])


def test_w4_w5_places_start_with_the_winner() -> None:
    session = fresh()
    session.deal()
    with pytest.raises(Refused, match=r"first place is the round's winner \(W4\)"):
        session.finish_round("Ann", ["Ben", "Ann"])
    assert session.finish_round("Ann", ["Ann", "Ben"]).places == ["Ann", "Ben"]


def test_strangers_and_bad_starts_are_refused() -> None:
    with pytest.raises(Refused, match=r"2 to 5 players.*\(S1\)"):
        Session.start("S", ["Ann"])
    with pytest.raises(Refused, match="different"):
        Session.start("S", ["Ann", "ann"])
    with pytest.raises(Refused, match="not one of the players"):
        won(fresh(), "Zed")


def test_r5_r6_the_creator_settles_edge_cases() -> None:
    session = with_rule()
    record = session.interpret(1, "Does a ten on an empty table count?", "Yes")
    assert (record.by, record.result, record.answer) == ("creator", "decided", "Yes")
    with pytest.raises(Refused, match=r"Cat, the creator, is here and decides alone \(R6\)"):
        session.interpret(1, "Again?", "No", yes=["Ann", "Ben", "Dan"])


def test_e4_d31_absent_creator_table_decides_by_majority_else_least_change() -> None:
    session = with_rule()
    decided = session.interpret(1, "Q?", "No", creator_absent=True, yes=["Ann", "Ben", "Dan"])
    assert (decided.by, decided.result, decided.answer) == ("table", "decided", "No")
    tied = session.interpret(1, "Q2?", "No", creator_absent=True, yes=["Ann", "Ben"])
    assert tied.result == "least change" and "changes base Lopti the least" in told(tied.answer)
    assert len(session.state.rulings) == 2
