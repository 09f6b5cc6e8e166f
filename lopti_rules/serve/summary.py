"""What the page sums up at the end of a round.

Takes: a round played here that is over (its game, its narration, the rules it was played
with). Produces: `round_summary` - the places (or the winner), the cards each player still
held, and for each house rule in force what it did this round (the narration's lines for
it: `Tens tax: Ben, Cat and Dan each draw a card.`). Guarantees: it only reads; nothing
hidden is told (a round that is over shows no hand, only counts). The score of a Roshambo
being thrown is the open vote's (`OpenVote.score`, evening.py).
"""

from __future__ import annotations

import re

from lopti_rules.serve.table import Round

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
