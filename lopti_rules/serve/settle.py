"""Settle a question at a real-card table: is this play legal on this pile?

Takes: the pile as written by a person (plays bottom to top, separated by `|` or `,`, each
play one rank, e.g. `5 | 7 7`), the 3s chained on top of it (X3.2: beside the pile, which
puts the next player under the 3-obligation), and the play (`8`, `9 9`). Produces: the
engine's answer - legal, with the clause that allows it, or refused with the engine's own
sentence and clauses (`legality.why_illegal`). Guarantees: the answer comes from
`Game.from_position` and `Game.apply` on a throwaway table, never from a second statement
of the rules; text that does not describe cards gets one sentence saying what is wrong.
A refusal is the engine's sentence as the catalogue says it in the language in use, never
edited afterwards: the throwaway table gives the asking seat exactly the cards of the play and
nothing face up or face down, so no refusal is about what a seat holds and none names one.
"""

from __future__ import annotations

from lopti_rules.engine import Game, IllegalMoveError, Play, Position, play_of
from lopti_rules.engine.cards import RANK_NAMES
from lopti_rules.i18n import _
from lopti_rules.language.catalog import RANK_VALUES
from lopti_rules.serve.clauses import cited

_BY_NAME = {name.upper(): rank for rank, name in RANK_NAMES.items()}
_BY_NAME |= {word.upper(): rank for word, rank in RANK_VALUES.items()}


class SettleError(ValueError):
    """Text that does not describe cards."""


def ranks_of(text: str) -> list[int]:
    ranks = []
    for word in text.replace(",", " ").split():
        rank = _BY_NAME.get(word.upper())
        if rank is None:
            raise SettleError(
                _("{word} is not a rank (2..10, J, Q, K, A)").format(word=repr(word[:12]))
            )
        ranks.append(rank)
    return ranks


def _why_legal(pile: list[list[int]], chain: int, play: Play) -> str:
    """The clause that allows a play the engine accepted."""
    if chain and pile:
        return _("only 3s may answer a 3-obligation, and these are 3s (P7, X3.1)")
    if not pile:
        return _("on an empty table any rank and any number of cards is legal (T1, P2)")
    top, count = pile[-1][0], len(pile[-1])
    if play.rank == 3:
        return _("a 3 may be played on anything (X3.1)")
    if top == 7:
        return _("under the low rule 7 or lower is legal (P6, X7.2)")
    if top == 2 and play.rank != 2:
        return _("after a 2 any rank is legal (P5, X2.2)")
    if play.rank == top:
        if play.count > count:
            return _("the same rank with more cards than the top play (P3)")
        return _("it completes all four of the rank (P3, C1)")
    anywhere = {  # written out: each rank's noun has its own form in each language
        2: _("a 2 may be played on anything here (P4, X2.1)"),
        7: _("a 7 may be played on anything here (P4, X7.1)"),
        10: _("a 10 may be played on anything here (P4, X10.1)"),
    }
    return anywhere.get(play.rank) or _("it ranks higher than the top play (P3)")


def settle(pile_text: str, play_text: str, chain: int = 0) -> dict[str, object]:
    """The engine's answer, as the page shows it; SettleError for text that is not cards."""
    plays = [ranks_of(part) for part in pile_text.replace("|", ",").split(",") if part.strip()]
    if any(len(set(p)) != 1 for p in plays):
        raise SettleError(_("each play on the pile is cards of one rank (P1)"))
    if any(3 in p for p in plays):
        raise SettleError(_("3s are never on the pile (X3.2): give them as the chain"))
    wanted = ranks_of(play_text)
    try:
        move = play_of(wanted)
    except IllegalMoveError as exc:
        return _answer(False, str(exc))
    counts = [0] * 15
    for rank in [*wanted, *(r for p in plays for r in p), *([3] * chain)]:
        counts[rank] += 1
    too_many = next((r for r in range(2, 15) if counts[r] > 4), None)
    if too_many is not None:
        said = _("the deck holds only four cards of rank {rank} (S1)")
        raise SettleError(said.format(rank=RANK_NAMES[too_many]))
    # the other player holds one card of a rank still in the deck (none when the pile, the
    # chain and the play use up every card: the engine plays it all the same)
    spare = [r for r in range(14, 1, -1) if counts[r] < 4][:1]
    position = Position(
        players=2,
        hands=[wanted, spare],
        face_up=[[], []],
        face_down=[[], []],
        pile=plays,
        chain=chain,
        obligation=bool(chain and plays),
        removed=[3] * chain,
    )
    try:
        game = Game.from_position(position)
    except ValueError as exc:
        raise SettleError(str(exc)) from None
    try:
        game.apply(move)
    except IllegalMoveError as exc:
        return _answer(False, str(exc))
    return _answer(
        True, _("{move} is legal: {why}").format(move=move, why=_why_legal(plays, chain, move))
    )


def _answer(legal: bool, text: str) -> dict[str, object]:
    """The answer with its clauses once, as the rulebook has them (serve/clauses.py)."""
    sentence, clause = cited(text)
    message = f"{sentence} ({clause})" if clause else sentence
    return {"type": "settled", "legal": legal, "message": message, "clause": clause}
