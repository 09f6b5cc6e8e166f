"""The Rule Vote (V1-V11, D30-D32) and who faces whom in Roshambo (K1, K2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lopti_rules.i18n.said import told
from lopti_rules.session import Proposal, Refused
from lopti_rules.session.roshambo import LineThrows
from lopti_rules.session.vote import Pairing, count, majority, pairing
from tests.session.helpers import (
    LOW_GIFT,
    PLAYERS,
    TENS_TAX,
    ballots,
    fresh,
    remove,
    throws,
    with_rule,
    won,
)

FIRST_WINS = ("R" * 30, "S" * 30)  # the proposer (named first in a match) wins 30-0
SECOND_WINS = ("S" * 30, "R" * 30)  # the defender wins 30-0


def test_v4_d30_more_than_half_of_all_players_passes() -> None:
    assert count(3, 4) == "passed"
    assert count(2, 4) == "tie"  # D30: exactly half
    assert count(1, 4) == "rejected"
    assert count(2, 5) == "rejected"  # no tie with an odd number of players
    assert count(3, 5) == "passed"


def test_v4_counts_session_players_not_votes_cast() -> None:
    # 2 yes, 0 no, 2 away: a majority of votes cast, but not more than half the session
    session = with_rule()
    record = session.vote(remove(), ballots("Ben,Dan"), throws())
    assert record.count == "tie"
    record = won(fresh(), "Ann").vote(
        Proposal("base", "Ann", "now", option="places", value=True), ballots("Ann")
    )
    assert record.count == "rejected"


@given(st.permutations([*PLAYERS, "Eve"]), st.data())
def test_property_v4_outcome_depends_only_on_the_counts(
    order: list[str], data: st.DataObject
) -> None:
    """Whoever votes, in any order, the result is a function of (yes votes, players)."""
    n = data.draw(st.integers(min_value=2, max_value=5))
    players = order[:n]
    yes = data.draw(st.integers(min_value=0, max_value=n))
    no = data.draw(st.integers(min_value=0, max_value=n - yes))
    session = fresh(players, dealer=players[0])
    proposal = Proposal("base", players[0], "now", option="places", value=True)
    record = session.vote(
        proposal,
        ballots(",".join(players[:yes]), ",".join(players[yes : yes + no])),
        throws(),
    )
    assert record.count == count(yes, n)
    assert record.count == ("passed" if 2 * yes > n else "tie" if 2 * yes == n else "rejected")


def test_d31_majority_is_the_v4_threshold() -> None:
    assert majority(3, 5) and not majority(2, 4) and majority(3, 4)


def test_v1_v7_one_vote_per_round_even_when_it_failed() -> None:
    session = with_rule()
    assert session.vote(remove(), ballots("Ben")).result == "rejected"
    with pytest.raises(Refused, match=r"one vote per round \(V1, V7\)"):
        session.vote(remove(), ballots("Ben,Dan,Ann"))


def test_v1_a_new_round_brings_a_new_vote() -> None:
    session = with_rule()
    session.vote(remove(), ballots("Ben"))
    won(session, "Dan")
    assert session.vote(remove(), ballots("Ben,Dan,Ann")).result == "passed"


def test_v5_the_winners_rule_does_not_use_the_vote() -> None:
    session = with_rule()  # Cat's rule was added for round 2
    assert session.vote(remove(), ballots("Ben,Dan,Ann")).result == "passed"


def test_d33_the_vote_may_remove_the_brand_new_rule_now() -> None:
    session = with_rule()
    session.vote(remove(effective="now"), ballots("Ben,Dan,Ann"))
    assert session.rules_in_force(2) == []
    assert session.state.removed[0].last == 1  # never played


def test_v8_next_round_keeps_the_rule_for_this_round() -> None:
    session = with_rule()
    session.vote(remove(effective="next"), ballots("Ben,Dan,Ann"))
    assert [r.title for r in session.rules_in_force(2)] == ["Tens tax"]
    assert session.rules_in_force(3) == []


def test_v8_finished_actions_are_never_undone() -> None:
    session = with_rule()
    won(session, "Cat")  # round 2 was played with the rule
    before = [r.model_dump() for r in session.state.rounds]
    session.vote(remove(), ballots("Ben,Dan,Ann"))
    assert [r.model_dump() for r in session.state.rounds] == before
    assert [r.title for r in session.rules_in_force(2)] == ["Tens tax"]


def test_v2_change_a_custom_rule_replaces_its_text_and_keeps_its_creator() -> None:
    session = with_rule()
    new = 'rule "Tens tax":\n    after clear when cause is ten: next player draws 1\n'
    proposal = Proposal("change", "Ben", "next", rule=1, text=new)
    assert session.vote(proposal, ballots("Ben,Dan,Ann")).result == "passed"
    assert session.rules_in_force(2)[0].text == TENS_TAX
    changed = session.rules_in_force(3)[0]
    assert (changed.text, changed.author, changed.origin) == (new, "Cat", 1)


def test_v2_base_rule_change_applies_from_the_declared_round() -> None:
    session = won(fresh(), "Ann")
    proposal = Proposal("base", "Ann", "next", option="places", value=True)
    session.vote(proposal, ballots("Ann,Ben,Cat"))
    assert not session.options(2).places and session.options(3).places


def test_v2_unknown_base_option_is_refused() -> None:
    proposal = Proposal("base", "Ann", "now", option="hand size", value=True)
    with pytest.raises(
        Refused, match=r"not a base rule a vote can change \(burn, .*places.*\) \(V2\)"
    ):
        fresh().vote(proposal, ballots("Ann"))


@pytest.mark.parametrize("option", ["roshambo", "vote", "majority", "tie break"])
def test_v10_the_vote_and_roshambo_procedures_cannot_change(option: str) -> None:
    proposal = Proposal("base", "Ann", "now", option=option, value=True)
    with pytest.raises(Refused, match=r"procedures cannot be changed \(V10\)"):
        fresh().vote(proposal, ballots("Ann,Ben,Cat"))


def test_v3_players_already_out_still_vote() -> None:
    session = fresh()
    session.deal()
    session.finish_round("Ann", ["Ann", "Ben", "Cat", "Dan"])
    proposal = Proposal("base", "Ben", "now", option="places", value=True)
    assert session.vote(proposal, ballots("Ann,Ben,Cat")).result == "passed"


def test_v6_creator_deletes_own_rule_without_vote_and_gets_no_replacement() -> None:
    session = with_rule()
    gone = session.delete_rule(1, "Cat")
    assert (gone.by, session.rules_in_force()) == ("author", [])
    with pytest.raises(Refused, match=r"already made the rule for round 1 \(R0\)"):
        session.add_rule("Cat", LOW_GIFT)
    assert not session.state.votes  # the round's vote is still there


def test_v6_only_the_creator_deletes_without_a_vote() -> None:
    with pytest.raises(Refused, match=r"only the rule's creator, Cat.*\(V6\)"):
        with_rule().delete_rule(1, "Ben")


def test_v9_removed_rule_comes_back_only_through_a_later_vote() -> None:
    session = with_rule()
    session.vote(remove(), ballots("Ben,Dan,Ann"))
    won(session, "Cat")
    reworded = "# the same rule, laid out again\n" + TENS_TAX.replace("Tens tax", "Tax of tens")
    with pytest.raises(Refused, match=r"only a later Rule Vote brings it back \(V9\)"):
        session.add_rule("Cat", reworded)
    back = session.vote(Proposal("restore", "Cat", "now", rule=1), ballots("Cat,Dan,Ann"))
    assert back.result == "passed"
    assert [(r.title, r.how, r.origin) for r in session.rules_in_force()] == [
        ("Tens tax", "restore", 1)
    ]


def test_v11_k1_a_tie_goes_to_roshambo_proposer_against_creator() -> None:
    session = with_rule()
    record = session.vote(remove(), ballots("Ben,Dan", "Cat,Ann"), LineThrows([SECOND_WINS]))
    assert record.count == "tie" and record.roshambo is not None
    assert (record.roshambo.match.a, record.roshambo.match.b) == ("Ben", "Cat")
    assert record.roshambo.winner == "Cat" and record.result == "rejected"


def test_v11_proposer_winning_roshambo_passes_the_change() -> None:
    session = with_rule()
    record = session.vote(remove(), ballots("Ben,Dan", "Cat,Ann"), LineThrows([FIRST_WINS]))
    assert record.result == "passed" and session.rules_in_force() == []


def test_v11_a_tie_needs_throws() -> None:
    with pytest.raises(Refused, match=r"Roshambo needs the players' throws \(V11\)"):
        with_rule().vote(remove(), ballots("Ben,Dan", "Cat,Ann"))


def test_k1_absent_creator_no_defender_means_the_change_passes() -> None:
    session = with_rule()
    record = session.vote(remove(), ballots("Ben,Dan", "Ann", creator_absent=True))
    assert record.result == "passed" and record.roshambo is None
    assert "(K1)" in told(record.reason)


def test_k1_absent_creator_supporters_pick_a_defender() -> None:
    session = with_rule()
    b = ballots("Ben,Dan", "Ann", creator_absent=True, defenders=["Ann"])
    record = session.vote(remove(), b, LineThrows([SECOND_WINS]))
    assert record.roshambo is not None and record.roshambo.defender == "Ann"
    assert record.result == "rejected"


def test_k1_a_yes_voter_cannot_defend() -> None:
    b = ballots("Ben,Dan", "Ann", creator_absent=True, defenders=["Dan"])
    with pytest.raises(Refused, match="Dan voted for the change"):
        with_rule().vote(remove(), b, throws())


def test_k4_supporters_who_cannot_choose_play_a_knockout() -> None:
    # the creator (Cat) asks to remove their own rule: its supporters choose a defender (K1)
    session = with_rule()
    b = ballots("Cat,Ben", "Ann,Dan", defenders=["Ann", "Dan"])
    record = session.vote(remove(proposer="Cat"), b, LineThrows([("S", "R"), SECOND_WINS]))
    assert record.roshambo is not None
    assert [m.winner for m in record.roshambo.knockout] == ["Dan"]
    assert record.roshambo.defender == "Dan" and record.result == "rejected"


@pytest.mark.parametrize(
    ("no", "defenders", "said"),
    [
        ("Cat,Ann", ["Ann"], "Cat, the rule's creator, is away, so cannot be among those who"),
        ("Ann", ["Cat", "Ann"], "Cat, the rule's creator, is away, so the supporters cannot"),
    ],
)
def test_k1_an_absent_creator_neither_votes_nor_defends(
    no: str, defenders: list[str], said: str
) -> None:
    session = with_rule()
    b = ballots("Ben,Dan", no, creator_absent=True, defenders=defenders)
    with pytest.raises(Refused, match=said):
        session.vote(remove(), b, throws())
    assert session.state.votes == []


def test_k2_base_change_proposer_faces_the_first_formal_objector() -> None:
    session = fresh()
    proposal = Proposal("base", "Ann", "now", option="places", value=True)
    b = ballots("Ann,Ben", "Cat,Dan", objector="Dan")
    record = session.vote(proposal, b, LineThrows([FIRST_WINS]))
    assert record.roshambo is not None and record.roshambo.defender == "Dan"
    assert session.options().places


def test_d32_no_formal_objector_the_first_no_voter_defends() -> None:
    p = pairing(
        action="base",
        proposer="Ann",
        creator=None,
        creator_present=True,
        yes=["Ann", "Ben"],
        no=["Dan", "Cat"],
        objector=None,
        defenders=[],
    )
    assert isinstance(p, Pairing) and p.defender == "Dan"


def test_d32_nobody_voted_no_the_base_change_passes() -> None:
    proposal = Proposal("base", "Ann", "now", option="places", value=True)
    record = fresh().vote(proposal, ballots("Ann,Ben"))
    assert record.count == "tie" and record.result == "passed" and record.roshambo is None


def test_a_refused_vote_changes_nothing() -> None:
    session = with_rule()
    before = session.state.model_dump()
    with pytest.raises(Refused):
        session.vote(remove(rule_id=9), ballots("Ben,Dan,Ann"))
    assert session.state.model_dump() == before
