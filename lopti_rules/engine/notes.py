"""The notes: what a house rule's effects tell the table's observers, each declared once.

A note is an `Event` on the bus that is no base event: `engine/effects.py` and
`engine/exchanges.py` send one for each thing a rule's action does (`give`, `under`, ...),
with the seat it concerns as its actor. Every observer reads this table rather than knowing
the notes one by one:

- the narration (`narrate.py`) says a note inside a rule's firing with `says` (placeholders
  `{who}`: the actor, `{whom}`: the seat of the field `to`, `{cards}`: the ranks of the field
  `shows`), or `none` when it moved no card; a note whose `says` is None has a case of its own
  there (a roshambo, a choice, a shown hand);
- the bots' card memory (`bots/ledger.py`) applies `memory`: each `Shift` moves the ranks of a
  field from one zone of the actor to another (a zone the memory does not follow, the pile or
  the deck, only loses or gains nothing); `()` moves nothing it can follow; None: the ledger
  has a case of its own (a gift only its two seats see, swapped and passed hands, a hand shown);
- the event log (`eventlog.py`) writes every note with its fields as they are.

`tests/engine/test_notes.py` fails on a note an effect sends that is not declared here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from lopti_rules.i18n import N_

Zone = Literal["hand", "face_up", "face_down", "pile", "deck", "removed"]


@dataclass(frozen=True, slots=True)
class Shift:
    """The ranks of the note's field `key` going from the actor's `source` zone to `dest`."""

    key: str
    source: Zone
    dest: Zone


@dataclass(frozen=True, slots=True)
class Note:
    says: str | None
    memory: tuple[Shift, ...] | None
    none: str | None = None
    shows: str = "cards"


NOTES: dict[str, Note] = {
    "give": Note(N_("{who} gives {whom} {cards}"), None, none=N_("{who} has no card to give")),
    "discard": Note(
        N_("{who} discards {cards} out of the round"),
        (Shift("cards", "hand", "removed"),),
        none=N_("{who} has no card to discard"),
    ),
    "under": Note(
        N_("{who} puts {cards} under the pile"),
        (Shift("cards", "hand", "pile"),),
        none=N_("{who} has no card to put under the pile"),
    ),
    "take": Note(
        N_("{who} takes back {cards} from the removed cards"),
        (Shift("cards", "removed", "hand"),),
        none=N_("no removed card to take back"),
    ),
    "swap_hands": Note(N_("{who} and {whom} swap hands"), None),
    "swap_zones": Note(
        N_("{who} swaps their face-up and face-down cards: {cards} now face up"),
        (Shift("up", "face_down", "face_up"), Shift("down", "face_up", "face_down")),
        none=N_("{who} turns their face-up cards face down"),
        shows="up",
    ),
    "pass_hands": Note(None, None),
    "swap_face": Note(None, None),
    "shuffle": Note(None, None),
    "show": Note(None, None),
    "announce": Note(None, ()),
    "title": Note(None, ()),
    "roshambo": Note(None, ()),
    "choice": Note(None, ()),
}
