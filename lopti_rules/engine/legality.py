"""Which plays are legal (clauses P, X, F4) and why a refused move was refused.

Takes a `Game`'s state (read only) and produces the legal moves of the seat to act, in a
fixed order: plays by rank then count (2..A, 1..4), then reveals by index, then the pickup.
`least` is the single statement of P2-P8, for base Lopti and every variant table alike: per
rank, the fewest cards a legal play holds now, read from the table's precomputed rows;
`play_is_legal` (hand plays and face-down reveals) and `generate` read it.
`why_illegal` turns a refused move into one sentence naming the move, the reason and the
clause ids that forbid it, e.g. "cannot play 10 on a 7: a 10 may not follow a 7 (X10.1, X7.2,
P4, P6, D25)"; `play_faults` lists the rules a play breaks, with their ids.
"""

from __future__ import annotations

from lopti_rules.engine.cards import RANK_NAMES, RANKS
from lopti_rules.engine.cardwords import a_card
from lopti_rules.engine.moves import PICKUP, PLAYS, REVEALS, Move, PickUp, Play, Reveal
from lopti_rules.engine.state import State
from lopti_rules.engine.variants import BASE, CLEAR, LOW, PASS, RESET, seen_index
from lopti_rules.i18n import _, ngettext


def top_run(pile_ranks: list[int], pile_counts: list[int]) -> int:
    """Cards in the unbroken same-rank stack on top of the pile (0 when empty)."""
    i = len(pile_ranks) - 1
    if i < 0:
        return 0
    rank = pile_ranks[i]
    run = 0
    while i >= 0 and pile_ranks[i] == rank:
        run += pile_counts[i]
        i -= 1
    return run


def least(game: State) -> list[int]:
    """Per rank, the fewest cards a legal play of it holds on the table as it is now (P2-P8,
    as the variants in force restate them, VP1-VP6; `NEVER`: none): the one statement of
    play legality, which `play_is_legal`, `generate` and a face-down reveal read. The rows
    are the table's (variants.py); only the top play's own rank is worked out here, P3b/c:
    more cards than the top play, or as many as complete the burn (a glass on top breaks
    the run, VG2), which picks the table's row for that count. Do not change the list
    returned: it is the table's own row."""
    if game.obligation:
        return game.vt.pass_row  # P7: the pass rank, or pick up
    return on_the_pile(game)


def on_the_pile(game: State) -> list[int]:
    """`least` as if no obligation were pending: what the pile itself allows (the refusals
    read it to say whether a play fails the pile too, beside the obligation)."""
    vt = game.vt
    pile = game.pile_ranks
    if not pile:
        return vt.open_row  # P2
    if game.low:
        return vt.low_row  # P6
    last = len(pile) - 1
    i = seen_index(pile, vt.glass) if vt.glass else last  # VG1: a glass shows the play under it
    top = pile[i]
    counts = game.pile_counts
    k = counts[i]
    if i != last:
        run = 0  # VG2: a glass on top breaks the run
    elif i and pile[i - 1] == top:
        run = top_run(pile, counts)
    else:
        run = k
    fewest = vt.burn - run  # as many as complete the burn (C1b) ...
    if k < fewest:
        fewest = k + 1  # ... or one more than the top play (P3b), whichever is fewer
    if vt.four < fewest:
        fewest = vt.four  # VF1: four of a kind on anything
    return vt.beat_rows[top][fewest]


def play_is_legal(game: State, rank: int, count: int) -> bool:
    """P2-P8 for a play of `count` cards of `rank` on the table as it is now (`least`)."""
    return 1 <= count <= 4 and least(game)[rank] <= count


def generate(game: State) -> list[Move]:
    """The legal moves of the seat to act, in the fixed order: plays by rank then count,
    reveals, the pickup (empty when the round is over: `Game.legal_moves`)."""
    seat = game.turn
    vt = game.vt
    moves: list[Move]
    if not game.hand_sizes[seat] and not game.face_up[seat]:
        moves = list(REVEALS[: len(game.face_down[seat])])  # F4: one face-down card
        if game.pile_ranks and not (vt.must_play and moves):
            moves.append(PICKUP)  # D18, VM1
        return moves
    hand = game.hands[seat]
    if game.jumping and jumping_on(game):  # VJ2: a jump-in plays the top play again
        jumped, count = game.pile_ranks[-1], game.pile_counts[-1]
        return [PLAYS[jumped][count]] if hand[jumped] >= count else [PICKUP]
    row = least(game)
    moves = []
    for r in RANKS:
        n = hand[r]
        if n:
            fewest = row[r]
            if fewest <= n:
                moves.extend(PLAYS[r][fewest : n + 1])
    if game.pile_ranks and not (vt.must_play and moves):
        moves.append(PICKUP)  # T2, VM1
    return moves


def jumping_on(game: State) -> bool:
    """Whether the seat to act jumped in, on the top play still there (VJ2): its play is
    that play again (the one statement `generate` and the refusals read)."""
    jumped = game.jumping
    return bool(jumped) and bool(game.pile_ranks) and game.pile_ranks[-1] == jumped


def describe_top(game: State) -> str:
    """The top play in words of the language in use: "a 7", "an 8" (`cardwords`), "9 9"."""
    rank, count = game.pile_ranks[-1], game.pile_counts[-1]
    name = RANK_NAMES.get(rank, str(rank))
    if count == 1:
        return a_card(rank)
    return " ".join([name] * count)


def why_illegal(game: State, move: Move) -> str:
    """One sentence: why `move` is refused now, citing every clause that forbids it.

    The sentence gives the main reason; the ids in its closing parentheses name each clause
    (and ruling, and clause item such as P3b) that forbids the move, main reason first, so a
    scenario's `error:` may cite any of them. Only built on refusal: never on the hot path.
    The words are in the language in use (`_()`); the ids never change.
    """
    seat = game.turn
    if game.is_over():
        return _said(_cannot(move), _("the round is over"), "W4", "D28")
    if isinstance(move, Play):
        return _why_play(game, move, seat)
    if isinstance(move, PickUp):
        head = _("cannot pick up")
        if jumping_on(game):
            return _said(head, _("a jump-in plays the top play's rank"), "VJ2", "V2")
        if game.pile_ranks and game.vt.must_play:
            reason = _("a legal play is possible, and this table plays without voluntary pickups")
            return _said(head, reason, "VM1", "T2")
        if not game.pile_ranks:
            if game.bonus:
                reason = _("the table is empty, and a bonus play is made on it")
                return _said(head, reason, "T1", "T2", "D35", "T5")
            return _said(head, _("the table is empty"), "T1", "T2", "D35")
    elif isinstance(move, Reveal):
        head = _("cannot turn a face-down card")
        if game.hand_sizes[seat]:
            return _said(head, _("seat {seat} still holds cards in hand"), "F1", "F4", seat=seat)
        if game.face_up[seat]:
            return _said(head, _("seat {seat} still has face-up cards"), "F1", "F4", seat=seat)
        held = len(game.face_down[seat])
        reason = ngettext(
            "seat {seat} has {n} face-down card, numbered from 0",
            "seat {seat} has {n} face-down cards, numbered from 0",
            held,
        )
        head = _("cannot turn face-down card {index}").format(index=move.index)
        return _said(head, reason, "F4", "D14", "P1", seat=seat, n=held)
    return _said(_cannot(move), _("it is not a legal move now"))


def _said(head: str, reason: str, *ids: str, **args: object) -> str:
    """`cannot play 10 on a 7: a 10 may not follow a 7 (X10.1, P6)`: the head, the reason
    with its arguments filled in, and each clause id once, in the order given."""
    cited = "(" + ", ".join(dict.fromkeys(ids)) + ")" if ids else ""
    return (
        _("{head}: {reason} {ids}")
        .format(head=head, reason=reason.format(**args), ids=cited)
        .rstrip()
    )


def _cannot(move: Move) -> str:
    if isinstance(move, Play):
        return _("cannot play {cards}").format(cards=move)
    if isinstance(move, PickUp):
        return _("cannot pick up")
    if isinstance(move, Reveal):
        return _("cannot turn face-down card {index}").format(index=move.index)
    return _("cannot {move}").format(move=move)


def _why_play(game: State, move: Play, seat: int) -> str:
    rank, count = move.rank, move.count
    if rank not in RANK_NAMES or count < 1:
        head = _("cannot play {cards}").format(cards=f"{rank} x{count}")
        return _said(head, _("a play is one or more cards of one rank"), "P1")
    shown = str(move)
    if not game.hand_sizes[seat] and not game.face_up[seat]:
        ways = ("F4", "F1", "P1") + (("D14",) if count > 1 else ())
        head = _("cannot play {cards} from the hand").format(cards=shown)
        reason = _(
            "seat {seat} has no hand or face-up cards left, so each play is one face-down card"
        )
        return _said(head, reason, *ways, seat=seat)
    held = game.hands[seat][rank]
    head = _("cannot play {cards}").format(cards=shown)
    if held < count:
        if rank in game.face_up[seat]:
            reason = _("face-up cards are never played from the table")
            return _said(head, reason, "F3", "D13", "F1")
        name = RANK_NAMES[rank]
        if rank in game.face_down[seat]:
            reason = ngettext(
                "seat {seat} holds {n} card of rank {name} in hand, and face-down cards come "
                "last, one at a time",
                "seat {seat} holds {n} cards of rank {name} in hand, and face-down cards come "
                "last, one at a time",
                held,
            )
            return _said(head, reason, "P1", "D36", "F1", "F4", seat=seat, n=held, name=name)
        reason = ngettext(
            "seat {seat} holds {n} card of rank {name}",
            "seat {seat} holds {n} cards of rank {name}",
            held,
        )
        return _said(head, reason, "P1", "D36", seat=seat, n=held, name=name)
    if jumping_on(game):
        said = _("a jump-in plays the same cards as the top play, {cards}")
        said = said.format(cards=describe_top(game))
        return _said(head, said, "VJ2", "V2")
    on = _("cannot play {cards} on {top}")
    faults = play_faults(game, rank, count)
    if not faults:
        return _said(head, _("it is not a legal move now"))
    cited = [i for _reason, ids in faults for i in ids]
    reason = faults[0][0]
    if not game.obligation or game.vt is not BASE:
        return _said(on.format(cards=shown, top=describe_top(game)), reason, *cited)
    if len(faults) == 1:
        head = _("cannot play {cards} during a 3-obligation").format(cards=shown)
        return _said(head, reason, *cited)
    head = _("cannot play {cards} on {top} during a 3-obligation").format(
        cards=shown, top=describe_top(game)
    )
    both = _("{reason}, and {also} anyway").format(reason=reason, also=faults[1][0])
    return _said(head, both, *cited)


def why_legal(game: State, play: Play) -> str:
    """Why `play`, legal on the table as it is, is allowed: one sentence with the clause, in
    the language in use (the settle view's answer; base Lopti's words). Only read when the
    play is legal (`least`): this names the row that allowed it."""
    vt = game.vt
    pile = game.pile_ranks
    role = vt.role[play.rank]
    if game.obligation:
        return _("only 3s may answer a 3-obligation, and these are 3s (P7, X3.1)")
    if not pile:
        return _("on an empty table any rank and any number of cards is legal (T1, P2)")
    if role == PASS:
        return _("a 3 may be played on anything (X3.1)")
    if game.low:
        return _("under the low rule 7 or lower is legal (P6, X7.2)")
    top = pile[-1]
    if vt.role[top] == RESET and play.rank != top:
        return _("after a 2 any rank is legal (P5, X2.2)")
    if play.rank == top:
        if play.count > game.pile_counts[-1]:
            return _("the same rank with more cards than the top play (P3)")
        return _("it completes all four of the rank (P3, C1)")
    anywhere = {  # written out: each rank's noun has its own form in each language
        RESET: _("a 2 may be played on anything here (P4, X2.1)"),
        LOW: _("a 7 may be played on anything here (P4, X7.1)"),
        CLEAR: _("a 10 may be played on anything here (P4, X10.1)"),
    }
    return anywhere.get(role) or _("it ranks higher than the top play (P3)")


def play_faults(game: State, rank: int, count: int) -> list[tuple[str, tuple[str, ...]]]:
    """Each rule a play of `count` cards of `rank` breaks now: (reason, clause ids), in the
    order the reasons apply (the obligation first, then the pile), the reasons in the
    language in use. Empty when legal. Whether a rule is broken is read from the one
    statement (`least`: the obligation's row, then the pile's, `on_the_pile`); only the
    words are chosen here, by the kind of table: base Lopti's names its ranks and the
    rulings, a variant table's the ranks that hold the roles (docs/variants.md)."""
    vt = game.vt
    faults: list[tuple[str, tuple[str, ...]]] = []
    if game.obligation and vt.pass_row[rank] > count:
        if vt is not BASE:
            reason = _(
                "during an obligation only the pass-on rank ({rank}) is legal (docs/variants.md)"
            )
            passes = RANK_NAMES.get(vt.variants.pass_on or 0, "?")
            return [(reason.format(rank=passes), ("P7", "X3.3", "VX2", "V2"))]
        special = ("P4", f"X{rank}.1") if rank in (2, 7, 10) else ()
        faults.append((_("play 3s or pick up the pile"), ("P7", *special, "X3.3")))
    if on_the_pile(game)[rank] <= count:
        return faults  # the pile allows it (X3.1, P2, ...)
    if vt is not BASE:
        return [_variant_fault(game)]
    four = ("P8",) if count >= 4 else ()  # four of a kind needs a legal rank first
    if game.low:  # the top play is 7s (D10: a 3 above them is invisible)
        if rank == 10:
            reason = _("a 10 may not follow a 7")
            faults.append((reason, ("X10.1", "X7.2", "P4", "P6", "D25", *four)))
        else:
            ace = ("D5",) if rank == 14 else ()
            reason = _("under the low rule only 7 or lower is legal")
            faults.append((reason, ("P6", "X7.2", *ace, *four)))
        return faults
    top = game.pile_ranks[-1]
    if rank == top == 2:
        reason = _("a 2 on a 2 needs more cards than the last 2-play or must complete all four 2s")
        faults.append((reason, ("X2.2", "P5", "D7", "D12")))
    elif rank == top:
        reason = _("the same rank needs more cards than the top play or must complete all four")
        faults.append((reason, ("P3", "P3a", "P3b", "P3c", "D7", "D8")))
    else:
        ace = ("D5",) if top == 14 else ()
        reason = _("it must rank higher than the top play")
        faults.append((reason, ("P3", "P3a", "P3b", "P3c", "S2", *ace, *four)))
    return faults


def _variant_fault(game: State) -> tuple[str, tuple[str, ...]]:
    """What a variant table's pile forbids, in the words of the ranks holding the roles."""
    vt = game.vt
    if game.low:
        low = RANK_NAMES.get(vt.low_ceiling, "?")
        reason = _("the low rule is pending: only {low} or lower is legal (docs/variants.md)")
        return reason.format(low=low), ("P6", "X7.2", "X10.1", "VX3", "VG4", "V2")
    seen = game.pile_ranks[seen_index(game.pile_ranks, vt.glass)]
    reason = _("it must beat the {rank} in force (docs/variants.md)")
    return reason.format(rank=RANK_NAMES.get(seen, "?")), ("P3", "P3a", "P3b", "P3c", "VG1", "V2")
