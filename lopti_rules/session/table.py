"""The engine's table for a round of a session.

Takes: a `Session` and the record of a dealt round. Produces: the `TableOptions` the round is
played with: the seats in the session's order, the round's dealer, the previous winner (who
plays first, W6) or the last loser (a `starter: loser` variant), playing for places, and the
base variants voted in for that round (docs/variants.md). The web table and the simulated
session both deal from it.
"""

from __future__ import annotations

from lopti_rules.api import variants_of
from lopti_rules.engine import TableOptions
from lopti_rules.session.model import RoundRecord
from lopti_rules.session.procedure import Session


def round_table(session: Session, record: RoundRecord) -> TableOptions:
    """The table options of `record`'s round of `session`."""
    names = session.players
    options = session.options(record.round)
    first = None if record.first is None else names.index(record.first)  # None: VW2
    loser = session.last_loser_of(record.round, record.absent)
    return TableOptions(
        players=len(names),
        places=options.places,
        dealer=names.index(record.dealer),
        round=record.round,
        last_winner=first if record.first != record.dealer else None,
        # the previous round's last place: the role `last loser`, and VW1's starter
        last_loser=None if loser is None else names.index(loser),
        variants=variants_of(options),
    )
