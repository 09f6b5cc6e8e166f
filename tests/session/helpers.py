"""Small helpers for session tests: rule texts, a session at a given point, ballots."""

from __future__ import annotations

import random
from collections.abc import Sequence

from lopti_rules.session import Ballots, Proposal, Session
from lopti_rules.session.model import Effective
from lopti_rules.session.roshambo import SeededThrows

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]

TENS_TAX = 'rule "Tens tax":\n    after clear when cause is ten: each other player draws 1\n'
LOW_GIFT = (
    'rule "Low gift":\n'
    "    after play when rank is 7 and cards of player > 3: player gives 1 card to next player\n"
)
SOFT = 'rule "Soft":\n    after pickup when count >= 5: player discards 1 lowest card\n'


def rule(title: str, hook: str) -> str:
    return f'rule "{title}":\n    {hook}\n'


def fresh(players: list[str] | None = None, dealer: str = "Ann") -> Session:
    return Session.start("Test", players or PLAYERS, first_dealer=dealer, seed=1)


def won(session: Session, winner: str, text: str | None = None) -> Session:
    """Play one round (deal and finish) won by `winner`, who then adds `text` if given."""
    session.deal()
    session.finish_round(winner)
    if text is not None:
        session.add_rule(winner, text)
    return session


def with_rule(text: str = TENS_TAX, author: str = "Cat") -> Session:
    """After round 1 (won by `author`, who made `text`): rule 1 is in force for round 2."""
    return won(fresh(), author, text)


def throws(seed: int = 0) -> SeededThrows:
    return SeededThrows(random.Random(seed))


def remove(rule_id: int = 1, proposer: str = "Ben", effective: Effective = "now") -> Proposal:
    return Proposal("remove", proposer, effective, rule=rule_id)


def _names(text: str) -> list[str]:
    return [n for n in text.split(",") if n]


def ballots(
    yes: str = "",
    no: str = "",
    *,
    objector: str | None = None,
    creator_absent: bool = False,
    defenders: Sequence[str] = (),
) -> Ballots:
    return Ballots(_names(yes), _names(no), objector, creator_absent, defenders)
