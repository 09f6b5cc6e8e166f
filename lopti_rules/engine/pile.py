"""What a table base Lopti can reach may hold, said once for the position check, the effects
and the referee.

Takes a pile as plays bottom to top (ranks, with their card counts), the flags the plays set
(the low rule, the obligation, the chain, the direction of play) and the variants in force;
produces the facts `build.validate_position` (is this a table a game can reach?),
`effects.under` (which hand cards may go under the pile?) and the referee's `table_fault`
(is the table between two moves still one?) read, so the three cannot disagree:

- the pass-on rank (3) never lies on the pile (X3.2) and the clear rank (10) never stays there
  (X10.2: it clears at once, or, flipped illegally, is picked up with the pile, F6);
- no run of the burn count (4, C1b) of one rank lies anywhere in the pile: the run clears the
  moment it forms on top, and later plays only go on top of it (a glass rank, VG1, takes the
  rank under it and is left out of the raw count);
- the low rule is pending exactly when the top play (seen through glass) is the low rank;
- a chain holds fewer than four pass-on cards (X3.5) and only where a pass-on rank exists; an
  obligation needs a chain and a pile (X3.3, X3.4);
- play goes counterclockwise only where a reverse rank exists (VR1).

A fault is where it lies (a `Position` field, with the play's index for the pile) and why, in
one sentence naming the rank that holds the role at this table and the clause.
"""

from __future__ import annotations

from lopti_rules.engine.cards import RANK_NAMES
from lopti_rules.engine.variants import Variants, seen_index
from lopti_rules.i18n import _

# where a fault lies (a `Position` field, and an index into it) and why
Fault = tuple[tuple[str | int, ...], str]
MAX_CHAIN = 3  # the fourth chained pass-on card clears the pile at once (X3.5, C1c)

_BASE = Variants()


def low_pending(ranks: list[int], variants: Variants | None) -> bool:
    """The low rule is pending exactly when the top play is 7s (X7.2, P6), or the low rank's
    cards with a `low` variant (VX3); a glass rank on top leaves it as the play under it left
    it (VG1)."""
    v = variants or _BASE
    seen = seen_index(ranks, v.glass or 0)
    return seen >= 0 and ranks[seen] == v.low


def never_on_pile(variants: Variants | None) -> tuple[int, ...]:
    """The ranks no pile base Lopti reaches holds: the pass-on and the clear rank."""
    v = variants or _BASE
    return tuple(r for r in (v.pass_on, v.clear) if r is not None)


def bottom_run(ranks: list[int], counts: list[int]) -> tuple[int | None, int]:
    """The rank of the pile's bottom play and how many cards of it lie in a row from the
    bottom ((None, 0) for an empty pile)."""
    if not ranks:
        return None, 0
    run = 0
    for rank, count in zip(ranks, counts, strict=True):
        if rank != ranks[0]:
            break
        run += count
    return ranks[0], run


def under_limits(ranks: list[int], counts: list[int], variants: Variants | None) -> list[int]:
    """How many cards of each rank (index 2..14) may go under this pile so that it stays one
    base Lopti can reach: none of a rank `never_on_pile`, and fewer than the burn count with
    the bottom run of that rank (so no run of the burn count forms)."""
    burn = (variants or _BASE).burn
    limits = [0, 0] + [burn - 1] * 13
    for never in never_on_pile(variants):
        limits[never] = 0
    bottom, run = bottom_run(ranks, counts)
    if bottom is not None:
        limits[bottom] = max(0, limits[bottom] - run)
    return limits


def pile_fault(ranks: list[int], counts: list[int], variants: Variants | None) -> Fault | None:
    """Why no game of base Lopti (with these variants) reaches this pile, or None."""
    v = variants or _BASE
    for i, rank in enumerate(ranks):
        name = RANK_NAMES[rank]
        if rank == v.pass_on:
            said = _(
                "cards of rank {rank} never go on the pile: they pass the pickup on and go to "
                "the chain beside it (X3.2)"
            )
            return ("pile", i), said.format(rank=name)
        if rank == v.clear:
            said = _("cards of rank {rank} never stay on the pile: they clear it at once (X10.2)")
            return ("pile", i), said.format(rank=name)
    run = last = 0
    for i, (rank, count) in enumerate(zip(ranks, counts, strict=True)):
        run = run + count if rank == last else count
        last = rank
        if rank != v.glass and run >= v.burn:
            said = _(
                "the pile holds {burn} cards of rank {rank} in a row, which would have cleared "
                "it (C1b)"
            )
            return ("pile", i), said.format(burn=v.burn, rank=RANK_NAMES[rank])
    return None


def flags_fault(
    ranks: list[int],
    variants: Variants | None,
    *,
    low: bool,
    obligation: bool,
    chain: int,
    direction: int,
) -> Fault | None:
    """Why no game reaches these flags on this pile (`ranks`, bottom to top), or None."""
    v = variants or _BASE
    if low != low_pending(ranks, variants):
        return ("low",), _low_fault(ranks, v, low)
    if v.pass_on is None and (chain or obligation):
        said = _(
            "no chain and no obligation are ever pending at a table with no pass-on rank "
            "(`pass_on: none`, X3)"
        )
        return ("chain",) if chain else ("obligation",), said
    passing = RANK_NAMES[v.pass_on] if v.pass_on is not None else ""
    if chain > MAX_CHAIN:
        said = _(
            "a chain of {chain} cannot be pending: the fourth chained card of rank {rank} clears "
            "the pile at once (X3.5, C1c)"
        )
        return ("chain",), said.format(chain=chain, rank=passing)
    if obligation and not ranks:
        said = _(
            "an obligation needs a non-empty pile: a pass-on card on an empty table obliges "
            "nobody (X3.3, X3.4)"
        )
        return ("obligation",), said
    if obligation and not chain:
        said = _(
            "an obligation comes from a play of the pass-on rank ({rank}), whose cards stay in "
            "the chain until the obligation ends (X3.3, X3.5): give `chain` of 1 to 3"
        )
        return ("obligation",), said.format(rank=passing)
    if direction != 1 and v.reverse is None:
        said = _(
            "play goes counterclockwise only after a play of the reverse rank, and this table "
            "has none (`reverse: none`, VR1)"
        )
        return ("direction",), said
    return None


def _low_fault(ranks: list[int], v: Variants, low: bool) -> str:
    """Why the low rule cannot be `low` on this pile."""
    if v.low is None:
        return _("the low rule is never pending at a table with no low rank (`low: none`, X7.2)")
    seen = seen_index(ranks, v.glass or 0)
    if seen < 0:  # only a pending rule can disagree with an empty pile
        said = _(
            "the low rule is pending but the pile is empty: it is pending only while the top "
            "play is of rank {rank} (X7.2, P6)"
        )
        return said.format(rank=RANK_NAMES[v.low])
    top = RANK_NAMES[ranks[seen]]
    said = _(
        "the low rule is {state} but the top play is {top}: it is pending exactly when the top "
        "play is of rank {rank} (X7.2, P6)"
    )
    if seen != len(ranks) - 1:
        said = _(
            "the low rule is {state} but the play a glass rank on top shows is {top}: it is "
            "pending exactly when that play is of rank {rank} (X7.2, P6, VG1)"
        )
    state = _("pending") if low else _("not pending")
    return said.format(state=state, top=top, rank=RANK_NAMES[v.low])
