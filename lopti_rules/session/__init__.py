"""Sessions: rounds in a row, the winner's rule, the Rule Vote and Roshambo (RULES.md S5-S6,
W4-W6, R0-R6, V1-V11, K1-K4, E1-E4, D28-D33).

The package, stage by stage:

- `model`: the session file's shape (pydantic): players, rounds, rules in force, removed
  rules, base-rule changes and votes, with the facts a hand-edited file could break.
- `ledger`: `Ledger`, a session's records read (players, the current round, dealers, the
  rules and base options in force) and the checks a change runs.
- `procedure`: `Session` (a `Ledger`), whose methods are the only way to change a
  session; each refuses what the rulebook forbids (`Refused`, with the clause). `rules`
  checks a proposed rule with the checker against the rules in force and decides what a
  substantial rewrite is; `ballot` runs a Rule Vote (its `Proposal` and `Ballots`);
  `vote` has its arithmetic (V4, D30-D32); `roshambo` the tie-break (K3, K4).
- `store`: the session file: readable YAML, read with the safe loader (problems with
  file:line:col), written atomically; the rules in force exported as a rule pack.
- `table`: the engine's table options for a dealt round (the web table and `simulate` deal
  from it).
- `simulate`: bots play whole sessions, pick winner's rules from a library and vote by a
  stated policy.

docs/sessions.md explains the procedure with an example session file.
"""

from lopti_rules.session.ballot import Ballots, Proposal
from lopti_rules.session.model import SessionState
from lopti_rules.session.procedure import Session
from lopti_rules.session.rules import Refused, RuleRejected

__all__ = ["Ballots", "Proposal", "Refused", "RuleRejected", "Session", "SessionState"]
