"""The checks' reading of the construct table: what the guarantees are derived from.

The checks do not remember, construct by construct, which actions take cards from a hand or
which roles could be the player playing their last cards. Each action's facets are declared
with the action (`language/constructs.py`): the cards it moves (`Move`: from which zone of
whom, to which zone of whom), the events it emits (the loop check's edges), whether its count
is a number of cards (LR506's range) and whether it runs a block. Each target declares, with
the targets there, whether it can be the hooked event's actor (`ALWAYS`: it is or includes
them, `MAYBE`, `NEVER`, or `NOT_CHOOSER`: anyone but the player who chose it); declared here,
what each base event consumes. The passes that read them:

- add-only (`addonly.py`, R2, C5) and its cascades (`cascades.py`): in `before E`, and in
  any hook a cascade from it reaches, no move out of a zone E consumes (`CONSUMES`: a play's
  hand cards, a swap's hand and face-up cards, a reveal's face-down card, the pile of a
  clear or pickup) of anyone who can be E's actor, and no change to the pile at all where it
  must stay as it is (`PILE_FIXED`: a play about to land, the setup swaps); in a hook on
  `clear` or `bonus`, no move onto the pile (the clearer's bonus play is on the empty table);
- winning (`playable.py`, R3, W1, D38): no card reaches a player certainly finishing or
  finished, and none from a source that refills (not the deck) reaches anyone who can be
  the player about to play their last cards;
- persons (`persons.py`, R4) and the sites (`sites.py`) read which targets an action names.

`tests/language/test_constructs.py` fails when an action of the AST has no construct, and
`tests/check/test_facets.py` when a target has no entry here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lopti_rules.language import ast, constructs

# the targets' reach is declared with the targets (`constructs.ROLES`, `EACH`, `TARGETS`), where
# the runtime reads it too (whether a `may` can only help the player asked)
from lopti_rules.language.constructs import ALWAYS as ALWAYS
from lopti_rules.language.constructs import EACH as EACH
from lopti_rules.language.constructs import MAYBE as MAYBE
from lopti_rules.language.constructs import NEVER as NEVER
from lopti_rules.language.constructs import NOT_CHOOSER as NOT_CHOOSER
from lopti_rules.language.constructs import TARGETS as TARGETS
from lopti_rules.language.constructs import may_be_actor as may_be_actor
from lopti_rules.language.constructs import reach as reach
from lopti_rules.language.constructs import side_target as side_target

if TYPE_CHECKING:
    from lopti_rules.engine.notes import Zone
    from lopti_rules.language.constructs import Reach


def of(action: ast.Action) -> constructs.Construct[Any]:
    """The action's construct: its facets (`moves`, `emits`, `counted`, `visit`)."""
    return constructs.of(action)


# what each base event consumes, so no `before` hook, nor a hook a cascade from it reaches,
# may take it away (R2, C5): zones of its actor, and `pile`, the table's pile a clear or a
# pickup takes (cards put under it go with it)
CONSUMES: dict[str, tuple[Zone, ...]] = {
    "play": ("hand",),
    "swap": ("hand", "face_up"),
    "reveal": ("face_down",),
    "clear": ("pile",),
    "pickup": ("pile",),
}
# the moments the pile must not change at all: a play is about to land on it (a turned card
# is played next, F5, F6), and the setup swaps (a clear there would owe a bonus play before
# the first play)
PILE_FIXED: frozenset[tuple[str, str]] = frozenset(
    {("play", "before"), ("reveal", "before"), ("reveal", "after"), ("swap", "before")}
)

# can the role be the hooked event's actor? (declared with the role, `constructs.ROLES`)
ROLES: dict[str, Reach] = {name: role.reach for name, role in constructs.ROLES.items()}


def taken_from(action: ast.Action) -> list[tuple[ast.Target | None, Zone]]:
    """Whose cards leave which zone (None: the table's)."""
    return [(side_target(action, m.source_side), m.source) for m in of(action).moves]


def received(action: ast.Action) -> list[tuple[ast.Target, Zone]]:
    """The players cards reach (into a hand), each with the zone the cards come from."""
    out: list[tuple[ast.Target, Zone]] = []
    for m in of(action).moves:
        target = side_target(action, m.dest_side)
        if m.dest == "hand" and target is not None:
            out.append((target, m.source))
    return out


def moves_pile(action: ast.Action) -> bool:
    """Whether cards go onto or leave the pile."""
    return any("pile" in (m.source, m.dest) for m in of(action).moves)
