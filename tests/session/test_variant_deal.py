"""Who deals and who opens under the base variants: `dealer: loser` (VW3) and `starter:
lowest` (VW2), as `session deal`, `show`, `history` and `session simulate` say them."""

from __future__ import annotations

from lopti_rules.session import Proposal, Session
from lopti_rules.session.report import history, show
from tests.session.helpers import ballots, fresh, throws


def voted(session: Session, option: str, value: str) -> Session:
    proposal = Proposal("base", "Ann", "now", option=option, value=value)
    record = session.vote(proposal, ballots("Ann,Ben,Cat"), throws())
    assert record.count == "passed"
    return session


def test_vw3_the_last_place_deals_the_next_round() -> None:
    session = voted(fresh(dealer="Ann"), "places", "on")
    assert session.deal().dealer == "Ann"
    session.finish_round("Cat", ["Cat", "Ann", "Dan", "Ben"])
    voted(session, "dealer", "loser")
    assert session.deal().dealer == "Ben"  # the last place; rotation would give Ben too
    session.finish_round("Dan", ["Dan", "Ben", "Cat", "Ann"])
    record = session.deal()
    assert (record.dealer, record.first) == ("Ann", "Dan")  # rotation: Cat


def test_vw3_without_a_last_place_the_seat_after_the_last_dealer_deals() -> None:
    session = voted(fresh(dealer="Ann"), "places", "on")
    session.finish_round("Cat", ["Cat", "Ann", "Ben", "Dan"])
    voted(session, "dealer", "loser")
    assert session.deal().dealer == "Dan"
    session.finish_round("Cat", ["Cat", "Dan", "Ann", "Ben"])
    voted(session, "places", "off")
    assert session.deal().dealer == "Ben"
    session.finish_round("Ann")  # no places played: no loser
    assert session.deal().dealer == "Cat"  # after Ben; rotation from Ann would give Dan


def test_vw3_an_absent_loser_passes_the_deal_to_the_next_seat() -> None:
    session = voted(fresh(dealer="Ann"), "places", "on")
    session.finish_round("Cat", ["Cat", "Ann", "Ben", "Dan"])
    voted(session, "dealer", "loser")
    assert session.deal(absent=["Dan"]).dealer == "Ben"  # after Ann, last round's dealer


def test_vw2_the_deal_names_no_first_player_when_the_lowest_card_opens() -> None:
    session = voted(fresh(dealer="Ben"), "starter", "lowest")
    assert "Next: round 1, Ben deals and the holder of the lowest card plays first." in show(
        session
    )
    record = session.deal()
    assert record.first is None and record.opener == "the holder of the lowest card"
    session.finish_round("Dan")
    assert session.deal().first is None  # not the winner (S6) either
    assert history(session)[-1].startswith(
        "Round 2: Cat dealt, the holder of the lowest card played first"
    )


def test_vw4_the_dealers_left_opens_every_round() -> None:
    session = voted(fresh(dealer="Ann"), "starter", "left")
    assert session.deal().first == "Ben"
    session.finish_round("Dan")
    assert session.deal().first == "Cat"  # Ben deals; not Dan, the winner (S6)
    session.finish_round("Dan")
    assert session.deal(absent=["Dan"]).first == "Ann"  # Cat deals, Dan is away


def test_base_rotation_and_winner_unchanged_without_the_variants() -> None:
    session = fresh(dealer="Ann")
    session.finish_round("Cat", [])
    record = session.deal()
    assert (record.dealer, record.first) == ("Ben", "Cat")
