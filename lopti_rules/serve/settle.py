"""Settle a question at a real-card table: is this play legal on this pile?

Takes: the pile as written by a person (plays bottom to top, separated by `|` or `,`, each
play one rank, e.g. `5 | 7 7`), the 3s chained on top of it (X3.2: beside the pile, which
puts the next player under the 3-obligation), and the play (`8`, `9 9`). Produces: the
engine's answer - legal, with the clause that allows it (`legality.why_legal`), or refused
with the engine's own sentence and clauses (`legality.why_illegal`). Guarantees: the answer
comes from `Game.from_position` and `Game.apply` on a throwaway table, never from a second
statement of the rules; text that does not describe cards gets one sentence saying what is wrong.
A refusal is the engine's sentence as the catalogue says it in the language in use, never
edited afterwards: the throwaway table gives the asking seat exactly the cards of the play and
nothing face up or face down, so no refusal is about what a seat holds and none names one.
"""

from __future__ import annotations

from lopti_rules.engine import Game, IllegalMoveError, Position, play_of
from lopti_rules.engine.cards import RANK_NAMES
from lopti_rules.engine.legality import why_legal
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
    why = why_legal(game, move)  # read before the play changes the table
    try:
        game.apply(move)
    except IllegalMoveError as exc:
        return _answer(False, str(exc))
    return _answer(True, _("{move} is legal: {why}").format(move=move, why=why))


def _answer(legal: bool, text: str) -> dict[str, object]:
    """The answer with its clauses once, as the rulebook has them (serve/clauses.py)."""
    sentence, clause = cited(text)
    message = f"{sentence} ({clause})" if clause else sentence
    return {"type": "settled", "legal": legal, "message": message, "clause": clause}
