"""People who come and go: a bot stands in for a person who is gone, and gives the seat back.

Takes: the round being played and a person's seat. Produces: the seat played by the greedy
bot meanwhile (`stand_in`: the host's choice, or the table's clock when no device of that
seat has been connected for the time the host set, serve/pace.py), the seat given back to
its person (`give_back`: they connect again, or tap "take my seat back"), and a round the
host abandons (`abandon`: it ends with no winner, recorded as a stalled round is, W4; a
step waiting for a person's answer is abandoned with it).
Guarantees: only the round's people are stood in for; the stand-in's moves are recorded
steps like any other, so the round replays exactly after a restart; a setup swap still
open for that seat is answered "keep my cards" (S4).
"""

from __future__ import annotations

from lopti_rules.serve.table import KEEP, Round


def stand_in(r: Round, seat: int) -> bool:
    """A bot plays `seat` from now on, until `give_back`; False if nothing changed."""
    if r.over or not 0 <= seat < len(r.kinds) or r.kinds[seat] != "person":
        return False
    if seat in r.standins:
        return False
    r.standins.add(seat)
    for ask in r.asks(seat):
        if ask.kind == "swap":
            r.answer(seat, ask.id, KEEP)  # nobody plays before the swaps are done (S4)
            return True
    r.run_bots()
    return True


def give_back(r: Round, seat: int) -> bool:
    """The seat's person plays it again; False if no bot was standing in for them."""
    if seat not in r.standins:
        return False
    r.standins.discard(seat)
    return True


def abandon(r: Round) -> bool:
    """The round ends here with no winner; False if it was over already."""
    if r.over:
        return False
    r.stalled = True
    r.close()  # a step waiting for a person's answer is abandoned with the round
    return True
