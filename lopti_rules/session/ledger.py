"""A session's records and the questions they answer: who plays, which round is current,
who deals and opens it, the rules and base options in force, and the checks a change runs.

`Ledger` is the bottom of the session's class chain: it reads the `SessionState` and holds
the helpers a change needs (`_check` a rule against the rules in force, `_known` names,
`_remove` a rule), but changes nothing by itself. The changes are `Session`'s
(procedure.py, a `Ledger`) and the Rule Vote's (ballot.py), which takes a `Ledger`: the
procedure runs the vote, and the vote never needs the procedure (tests/test_architecture.py:
no import circle, the type checker's imports counted).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from lopti_rules.api import variants_of
from lopti_rules.diagnostics.source import Diagnostic
from lopti_rules.i18n import N_, _
from lopti_rules.packs.pack import BaseVariants
from lopti_rules.session.model import (
    MAX_LINE,
    MAX_TEXT,
    Effective,
    RemovedRule,
    RuleRecord,
    SessionState,
    text_problem,
)
from lopti_rules.session.rules import Refused, check_rule

_NOT_A_PLAYER = {
    "voter": N_("the voter {name} is not one of the players ({players})"),
    "objector": N_("the objector {name} is not one of the players ({players})"),
    "absent player": N_("the absent player {name} is not one of the players ({players})"),
    "winner": N_("the winner {name} is not one of the players ({players})"),
    "place": N_("the place {name} is not one of the players ({players})"),
    "author": N_("the author {name} is not one of the players ({players})"),
    "player": N_("the player {name} is not one of the players ({players})"),
}


class Ledger:
    """A session's records, read; the changes are `Session`'s (procedure.py)."""

    def __init__(self, state: SessionState) -> None:
        self.state = state

    @property
    def players(self) -> list[str]:
        return self.state.players

    def spelled(self, name: str) -> str:
        """`name` as the session spells it: names match case aside (`sam` is Sam). A name
        that is no player's comes back as given, for the method to refuse."""
        folded = name.strip().casefold()
        return next((p for p in self.players if p.casefold() == folded), name)

    def _spelled(self, names: Sequence[str]) -> list[str]:
        return [self.spelled(n) for n in names]

    @property
    def in_play(self) -> bool:
        rounds = self.state.rounds
        return bool(rounds) and not rounds[-1].finished

    @property
    def current(self) -> int:
        """The round in play, or the next round to deal."""
        return len(self.state.rounds) + (0 if self.in_play else 1)

    def dealer_of(self, k: int, absent: Sequence[str] = ()) -> str:
        """S5: the dealer moves one seat clockwise each round; an absent dealer's turn
        passes to the next player clockwise who is there. With `dealer: loser` (VW3) the
        previous round's last place deals, when places were played and they are here;
        otherwise the seat after the previous round's dealer."""
        n = len(self.players)
        seat = (self.players.index(self.state.first_dealer) + k - 1) % n
        if k > 1 and self.options(k).dealer == "loser" and len(self.state.rounds) >= k - 1:
            previous = self.state.rounds[k - 2]
            if previous.places and previous.places[-1] not in absent:
                return previous.places[-1]
            seat = (self.players.index(previous.dealer) + 1) % n
        for step in range(n):
            name = self.players[(seat + step) % n]
            if name not in absent:
                return name
        raise Refused(_("everyone is absent: nobody can deal"), "S5")

    def first_player_of(self, k: int, dealer: str, absent: Sequence[str] = ()) -> str | None:
        """S6, W6: round 1's dealer, later the previous winner; D29: the dealer when the
        previous winner is absent (or a simulated round stalled). With the variant
        `starter: loser` (VW1), the previous round's last place, when places were played;
        with `starter: lowest` (VW2), None: the holder of the lowest card, whom the deal
        decides and the session cannot see."""
        starter = self.options(k).starter
        if starter == "lowest":
            return None
        if starter == "left":  # VW4: the first player there clockwise from the dealer's left
            n = len(self.players)
            seat = self.players.index(dealer)
            here = [self.players[(seat + i) % n] for i in range(1, n + 1)]
            return next(p for p in here if p not in absent)
        if k == 1:
            return dealer
        previous = self.state.rounds[k - 2]
        if starter == "loser" and previous.places:
            loser = previous.places[-1]
            if loser not in absent:
                return loser
        winner = previous.winner
        return winner if winner is not None and winner not in absent else dealer

    def last_loser_of(self, k: int, absent: Sequence[str] = ()) -> str | None:
        """The rule language's `last loser` in round `k`: the previous round's last place,
        when that round played for places (W5) and the player is here; else nobody."""
        if k == 1:
            return None
        previous = self.state.rounds[k - 2]
        loser = previous.places[-1] if previous.places else None
        return loser if loser is not None and loser not in absent else None

    def rules_in_force(self, k: int | None = None) -> list[RuleRecord]:
        """The custom rules in force for round `k` (default: `current`), oldest first."""
        k = self.current if k is None else k
        rules = [r for r in self.state.rules if r.since <= k]
        rules += [r for r in self.state.removed if r.since <= k <= r.last]
        return sorted(rules, key=lambda r: r.id)

    def options(self, k: int | None = None) -> BaseVariants:
        """The base-rule options for round `k`: RULES.md, changed by passed votes (V2)."""
        k = self.current if k is None else k
        values: dict[str, object] = {}
        for change in self.state.base:
            if change.since <= k:
                values[change.option] = change.value
        return BaseVariants.model_validate(values)

    def rule(self, rule_id: int) -> RuleRecord:
        for rule in self.state.rules:
            if rule.id == rule_id:
                return rule
        if any(r.id == rule_id for r in self.state.removed):
            raise Refused(
                _("rule {id} was removed: only a later Rule Vote brings it back").format(
                    id=rule_id
                ),
                "V9",
            )
        raise Refused(_("there is no rule {id} in this session").format(id=rule_id), "R0")

    def winner_waiting(self) -> int | None:
        """The round whose winner may still announce a rule (R0, R1), or None."""
        rounds = self.state.rounds
        if not rounds or self.in_play or rounds[-1].winner is None:
            return None
        made = {r.won for r in [*self.state.rules, *self.state.removed] if r.how == "winner"}
        k = rounds[-1].round
        return None if k in made else k

    def _check(
        self, text: str, path: str, *, leaving: int | None = None
    ) -> tuple[str, list[Diagnostic]]:
        """Check `text` with the rules in force now and next round (except `leaving`); a
        text the session file may not hold (`model.text_problem`) is refused first."""
        problem = text_problem(text, MAX_TEXT, lines=True)
        if problem is not None:
            raise Refused(_("the rule: {problem}").format(problem=problem), "R2")
        found: tuple[str, list[Diagnostic]] = ("", [])
        for k in sorted({self.current, self.current + 1}):
            others = [(r.title, r.text) for r in self.rules_in_force(k) if r.id != leaving]
            found = check_rule(text, path, others, self.players, variants_of(self.options(k)))
        problem = text_problem(found[0], MAX_LINE)
        if problem is not None:
            raise Refused(_("the rule's title: {problem}").format(problem=problem), "R2")
        return found

    def _next_id(self) -> int:
        return max((r.id for r in [*self.state.rules, *self.state.removed]), default=0) + 1

    def _remove(
        self, rule: RuleRecord, effective: Effective, by: Literal["vote", "author"]
    ) -> RemovedRule:
        self.state.rules.remove(rule)
        gone = RemovedRule(**rule.model_dump(), removed_in=self.current, effective=effective, by=by)
        self.state.removed.append(gone)
        return gone

    def _known(self, names: Sequence[str], what: str) -> None:
        for name in names:
            if name not in self.players:
                raise Refused(
                    _(_NOT_A_PLAYER[what]).format(name=name, players=", ".join(self.players)),
                    "E1",
                )
