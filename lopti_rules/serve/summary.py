"""What the page sums up: the end of a round, and the score of a Roshambo being thrown.

Takes: a round played here that is over (its game, its narration, the rules it was played
with), or the Rule Vote's open Roshambo. Produces: `round_summary` - the places (or the
winner), the cards each player still held, and for each house rule in force what it did
this round (the narration's lines for it: `Tens tax: Ben, Cat and Dan each draw a card.`);
`roshambo_score` - the match's score so far, its draws and how many decisive throws it
still needs (K3, K4). Guarantees: it only reads; nothing hidden is told (a round that is over
shows no hand, only counts).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lopti_rules.serve.table import Round
from lopti_rules.session.roshambo import missing, tally

if TYPE_CHECKING:
    from lopti_rules.serve.evening import OpenVote

_TITLE = re.compile(r'^\s*rule\s+"([^"\n]+)"', re.MULTILINE)


def round_summary(r: Round) -> dict[str, object] | None:
    """The summary of a round that is over (None while it is played)."""
    if not r.over:
        return None
    game = r.game
    look = game.view(0)
    places = list(game.places) if game.over else []
    if not places and game.winner is not None:
        places = [game.winner]
    left = [
        look.hand_sizes[s] + len(look.face_up[s]) + look.face_down_counts[s]
        for s in range(len(r.names))
    ]
    rules = []
    for text, _author in r.rules:
        for title in _TITLE.findall(text):
            lines = [line for line in r.log if line.startswith(f"{title}: ")]
            rules.append({"title": title, "fired": len(lines), "lines": lines[-3:]})
    return {
        "round": r.options.round,
        "winner": game.winner,
        "stalled": r.stalled,
        "places": places,
        "cards_left": left,
        "rules": rules,
    }


def roshambo_score(vote: OpenVote) -> dict[str, object] | None:
    """The open Roshambo's score so far: decisive throws won by each side, the draws, and
    what the match still needs, in words."""
    need = vote.need
    if need is None:
        return None
    pairs = vote.matches[need.index] if need.index < len(vote.matches) else []
    a = "".join(x for x, _ in pairs)
    b = "".join(y for _, y in pairs)
    won_a, won_b = tally(a, b)
    return {
        "a": won_a,
        "b": won_b,
        "draws": len(pairs) - won_a - won_b,
        "said": missing(won_a, won_b, need.decisive),  # what it still needs, in words
    }
