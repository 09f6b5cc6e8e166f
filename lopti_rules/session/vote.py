"""The Rule Vote's arithmetic and who plays Roshambo after a tie (V4, D30-D32, K1, K2).

Takes: the number of session players and the yes votes; the kind of proposal and who
proposed, voted and objected. Produces: the count's result (`passed`, `rejected`, `tie`) and
the Roshambo pairing. Guarantees: the result depends only on the number of yes votes and the
number of session players (V4, D30): more than half of all session players passes, exactly
half is a tie, anything else is rejected; votes cast, abstentions and absences do not enter.

Also the base rules a vote may change (V2) and the ones it never may (V10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from lopti_rules.i18n import N_, _
from lopti_rules.packs.pack import BaseVariants

Count = Literal["passed", "rejected", "tie"]

# The base rules a Rule Vote may change for the session (V2): the table options the engine
# plays that are rules of the game, i.e. the fields of a pack's `base:` (BaseVariants).
BASE_OPTIONS: dict[str, str] = {
    name: field.description or name for name, field in BaseVariants.model_fields.items()
}

# V10: the procedures no vote may change. Any proposal naming them is refused.
PROCEDURES = frozenset(
    {
        "vote",
        "votes",
        "voting",
        "rule_vote",
        "majority",
        "tie",
        "roshambo",
        "tie_break",
        "throws",
        "knockout",
        "defender",
    }
)


def count(yes: int, players: int) -> Count:
    """V4, D30: `yes` > N/2 passes; `yes` = N/2 exactly is a tie; otherwise rejected."""
    if not 0 <= yes <= players:
        raise ValueError(f"{yes} yes votes cannot come from {players} players")
    if 2 * yes > players:
        return "passed"
    if 2 * yes == players:
        return "tie"
    return "rejected"


def majority(yes: int, players: int) -> bool:
    """D31: a majority (R6, E3, E4) is the V4 threshold: more than half of the players."""
    return 2 * yes > players


@dataclass(frozen=True, slots=True)
class Pairing:
    """Who plays Roshambo after a tie. `defender` None with no `candidates`: nobody defends
    and the change passes (K1, D32). `candidates`: the supporters could not choose a
    defender, so they play a knockout (K4) and its winner defends."""

    proposer: str
    defender: str | None
    candidates: tuple[str, ...] = ()
    why: str = ""  # a message id (`N_`): the vote's reason says it in the reader's language


def pairing(
    *,
    action: str,
    proposer: str,
    creator: str | None,
    creator_present: bool,
    yes: Sequence[str],
    no: Sequence[str],
    objector: str | None,
    defenders: Sequence[str],
) -> Pairing | str:
    """The Roshambo pairing after a tie, or a one-sentence reason the inputs are wrong (in
    the language in use: it is a refusal; a pairing's `why` is a message id, which the session
    file keeps as data, `i18n.said`).

    - A custom rule (remove, change): the proposer faces the rule's creator (K1). When the
      creator is absent, or is the proposer, the rule's supporters pick a defender
      (`defenders`: one name, or several who then play a knockout, K4); no defender means
      the change passes (K1).
    - A base rule (and bringing back a removed rule, which changes the rules in force the
      same way): the proposer faces the first formal objector (K2); if nobody objected
      formally, the first player who voted no (D32); if nobody voted no, the change passes.
    """
    if action in ("remove", "change"):
        if creator is not None and creator_present and creator != proposer:
            if defenders and list(defenders) != [creator]:
                return _("the proposer faces the rule's creator, {creator} (K1)").format(
                    creator=creator
                )
            return Pairing(proposer, creator, why=N_("the rule's creator defends it (K1)"))
        for name in defenders:
            if name == proposer:
                return _("the proposer cannot defend the rule against themselves (K1)")
            if name in yes:
                return _("{name} voted for the change, so cannot defend the rule (K1)").format(
                    name=name
                )
        if len(defenders) > 1:
            return Pairing(
                proposer, None, tuple(defenders), N_("the winner of the supporters' knockout (K4)")
            )
        if defenders:
            return Pairing(proposer, defenders[0], why=N_("the supporters' defender (K1)"))
        return Pairing(proposer, None, why=N_("nobody defends the rule, so the change passes (K1)"))
    if objector is not None:
        if objector == proposer or objector in yes:
            said = _("{name} voted for the change, so cannot be its formal objector (K2)")
            return said.format(name=objector)
        return Pairing(proposer, objector, why=N_("the first formal objector (K2)"))
    first_no = next((name for name in no if name != proposer), None)
    if first_no is not None:
        return Pairing(
            proposer, first_no, why=N_("nobody objected formally, so the first to vote no (D32)")
        )
    return Pairing(proposer, None, why=N_("nobody objected or voted no, so it passes (D32, K1)"))
