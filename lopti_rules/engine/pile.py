"""What a pile base Lopti can reach may hold, said once for the position check and the effects.

Takes a pile as plays bottom to top (ranks, with their card counts) and the variants in force;
produces the facts both `build.validate_position` (is this a table a game can reach?) and
`effects.under` (which hand cards may go under the pile?) read, so the two cannot disagree:

- the pass-on rank (3) never lies on the pile (X3.2) and the clear rank (10) never stays there
  (X10.2: it clears at once, or, flipped illegally, is picked up with the pile, F6);
- no run of the burn count (4, C1b) of one rank lies anywhere in the pile: the run clears the
  moment it forms on top, and later plays only go on top of it (a glass rank, VG1, takes the
  rank under it and is left out of the raw count);
- the low rule is pending exactly when the top play (seen through glass) is the low rank.
"""

from __future__ import annotations

from lopti_rules.engine.variants import Variants, seen_index

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


def longest_run(ranks: list[int], counts: list[int], variants: Variants | None) -> int:
    """The most cards of one rank lying in a row anywhere in the pile (glass left out)."""
    glass = (variants or _BASE).glass
    best = run = 0
    last = None
    for rank, count in zip(ranks, counts, strict=True):
        run = run + count if rank == last else count
        last = rank
        if rank != glass:
            best = max(best, run)
    return best


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


def pile_fault(ranks: list[int], counts: list[int], variants: Variants | None) -> str | None:
    """Why no game of base Lopti (with these variants) reaches this pile, or None."""
    v = variants or _BASE
    for rank in ranks:
        if rank == v.pass_on:
            return "3s never go on the pile: they go to the chain (X3.2)"
        if rank == v.clear:
            return "10s never stay on the pile: a 10 clears it at once (X10.2)"
    if longest_run(ranks, counts, variants) >= v.burn:
        return (
            f"the pile holds {v.burn} cards of one rank in a row, which would have cleared it (C1b)"
        )
    return None
