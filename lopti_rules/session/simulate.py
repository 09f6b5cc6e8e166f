"""Simulated sessions: bots play round after round with the rules in force, make rules and
vote, all from one seed.

Takes: the players, the number of rounds, a seed and the bots. Produces: a `Session` (the
same record a real table keeps) and narration lines, handed to `emit` as they happen.
Guarantees: every change goes through `Session`'s methods, so a simulation obeys the same
procedure as a real table; all randomness comes from `random.Random`s seeded from `seed`
(same arguments, same session, line for line).

Each round k:
1. the Rule Vote (V1), by the policy below, before the deal;
2. the deal and the round, played by the bots with the rules in force for round k (the
   hook runtime attached before the deal) and the base options in force (V2);
3. the winner's rule (R0): the winner takes the first rule of a seeded shuffle of the
   library (`library/*.lopti`) that is not in force, not removed, and that the checker
   accepts with the rules in force (`Session.add_rule`). A stalled round (the runner's move
   cap) has no winner and so no rule; the next round's dealer plays first (D29).

The bots' voting policy (simple on purpose): from round 2, when custom rules are in force,
the player with the fewest wins (earliest seat on a tie) proposes, with probability 1/2,
to remove the oldest rule that is not their own; one proposal in four instead turns the
`places` option over. The change takes effect now (the vote is held before the deal). The
proposer votes yes, the rule's creator votes no, every other player votes yes with
probability 1/2 and no otherwise. Roshambo throws come from the seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

from lopti_rules.api import ruleset_from_sources, variants_of
from lopti_rules.bots import Bot
from lopti_rules.bots.choices import chooser
from lopti_rules.bots.runner import run_round
from lopti_rules.bots.search import seat_bots
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import EventBus
from lopti_rules.engine.narrate import ordinal
from lopti_rules.i18n import _
from lopti_rules.runtime import RuleEntry
from lopti_rules.runtime.calls import TableModel
from lopti_rules.session.ballot import Ballots, Proposal
from lopti_rules.session.model import VoteRecord
from lopti_rules.session.procedure import Session
from lopti_rules.session.report import closing, describe_vote, opener
from lopti_rules.session.roshambo import SeededThrows
from lopti_rules.session.rules import Refused
from lopti_rules.session.table import round_table

LIBRARY = Path(__file__).resolve().parent / "library"


def library(folder: Path = LIBRARY) -> list[tuple[str, str]]:
    """The example rules a simulated winner chooses from: (path, text), sorted by name."""
    return [(str(p), p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.lopti"))]


def simulate(
    players: Sequence[str],
    rounds: int,
    seed: int,
    bots: Sequence[Bot],
    emit: Callable[[str], None],
    *,
    rules_library: Sequence[tuple[str, str]] | None = None,
) -> Session:
    """Play a whole session of `rounds` rounds and narrate it through `emit`."""
    session = Session.start(f"Simulated session (seed {seed})", players, seed=seed)
    rng = random.Random(f"lopti-session-{seed}")
    throws = SeededThrows(random.Random(f"lopti-roshambo-{seed}"))
    pool = list(rules_library if rules_library is not None else library())
    said = _(
        "Session of {n} players ({names}), {rounds} rounds, seed {seed}; {who} deals first (D29)."
    )
    emit(
        said.format(
            n=len(players),
            names=", ".join(players),
            rounds=rounds,
            seed=seed,
            who=session.state.first_dealer,
        )
    )
    for k in range(1, rounds + 1):
        if k > 1:
            record = _bot_vote(session, rng, throws)
            if record is not None:
                vote = _("Round {k}, Rule Vote: {vote}")
                emit(vote.format(k=k, vote=describe_vote(session, record)))
        _play(session, k, seed, bots, emit)
        _winner_rule(session, rng, pool, emit)
    emit(_("After {rounds} rounds.").format(rounds=rounds))
    for line in closing(session):
        emit(line)
    return session


def _play(
    session: Session, k: int, seed: int, bots: Sequence[Bot], emit: Callable[[str], None]
) -> None:
    names = session.players
    in_force = session.rules_in_force(k)
    options = session.options(k)
    start = session.deal()
    told = _("Round {k}: {dealer} deals, {first} plays first; house rules: {rules}").format(
        k=k,
        dealer=start.dealer,
        first=opener(start.opener),
        rules=", ".join(r.title for r in in_force) or _("none"),
    )
    if options.places:
        told += _("; playing for places")
    if options.changed():
        told += _("; base variants: {told}").format(told=variants_of(options).describe())
    emit(told + ".")
    entries = [RuleEntry(Source(r.text, f"<rule {r.id}>"), names.index(r.author)) for r in in_force]
    ruleset = ruleset_from_sources(entries, roster=names)
    bus = EventBus()
    runtime = ruleset.attach(bus, chooser=chooser(bots, seed * 1009 + k))
    table = round_table(session, start)
    seat_bots(bots, bus, table, ruleset)
    between = None
    if runtime.table is not None:  # calls, races, conduct: the table model's defaults
        between = TableModel(runtime.table, seed * 1009 + k).between
    result = run_round(table, seed * 1009 + k, bots, bus=bus, between=between)
    fired = ", ".join(f"{t} x{n}" for t, n in runtime.fires.items() if n)
    if result.winner is None:
        session.finish_round(None)
        stalled = _("The round stalled after {moves} moves: no winner, no new rule.")
        emit("  " + stalled.format(moves=result.moves))
        return
    places = [names[s] for s in result.places] if options.places else []
    session.finish_round(names[result.winner], places)
    told = _("{who} wins round {k} after {moves} moves").format(
        who=names[result.winner], k=k, moves=result.moves
    )
    if places:
        told += " (" + ", ".join(f"{ordinal(i + 1)} {p}" for i, p in enumerate(places)) + ")"
    emit("  " + told + (_("; rules fired: {fired}.").format(fired=fired) if fired else "."))


def _winner_rule(
    session: Session,
    rng: random.Random,
    pool: Sequence[tuple[str, str]],
    emit: Callable[[str], None],
) -> None:
    k = session.winner_waiting()
    if k is None:
        return
    winner = session.state.rounds[k - 1].winner
    assert winner is not None
    used = {r.text for r in [*session.state.rules, *session.state.removed]}
    choices = [item for item in pool if item[1] not in used]
    rng.shuffle(choices)
    for path, text in choices:
        try:
            rule = session.add_rule(winner, text, path)
        except Refused:
            continue
        said = _('{who} announces a rule: "{title}" (checked with the rules in force).')
        emit("  " + said.format(who=winner, title=rule.title))
        return
    none = _("{who} finds no library rule the checker accepts with the rules in force.")
    emit("  " + none.format(who=winner))


def _bot_vote(session: Session, rng: random.Random, throws: SeededThrows) -> VoteRecord | None:
    rules = session.rules_in_force()
    if not rules or rng.random() >= 0.5:
        return None
    names = session.players
    wins = {name: 0 for name in names}
    for r in session.state.rounds:
        if r.winner is not None:
            wins[r.winner] += 1
    proposer = min(names, key=lambda n: (wins[n], names.index(n)))
    target = next((r for r in rules if r.author != proposer), None)
    if target is None or rng.random() < 0.25:
        proposal = Proposal(
            "base", proposer, "now", option="places", value=not session.options().places
        )
        creator = None
    else:
        proposal = Proposal("remove", proposer, "now", rule=target.id)
        creator = target.author
    yes, no = [proposer], []
    for name in names:
        if name == proposer:
            continue
        if name != creator and rng.random() < 0.5:
            yes.append(name)
        else:
            no.append(name)
    return session.vote(proposal, Ballots(yes=yes, no=no), throws)
