"""The evening at the web table: the session procedure of `lopti session`, driven by devices.

Takes: a session file (the same format as `lopti session`, read and written with
`session.store`'s `load` and `save`) or a session kept in memory. Produces: every step of
the evening - deal, winner, the winner's rule (checked live as it is typed, exactly as
`lopti check --with`), the Rule Vote with one ballot per device, Roshambo with each side's
throws kept secret until both have thrown, rulings, delete, reword, restore - and the
evening as JSON for the page. Guarantees: every change goes through `Session`'s methods,
so the rulebook is enforced there (a refusal changes nothing, `Refusal` with its clause);
the file is saved after every step that changed it, and a step prepared against another
revision of the file (another writer, e.g. `lopti session`, changed it meanwhile) is refused,
never applied to what the file has become; the open vote (its ballots, defenders and
Roshambo throws) is kept in `vote_json` for the table file, so a restart keeps it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lopti_rules.api import check_sources, variants_of
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import TableOptions
from lopti_rules.i18n import N_, _
from lopti_rules.packs.pack import BaseVariants
from lopti_rules.serve.table import Ask, Refusal
from lopti_rules.serve.words import describe
from lopti_rules.session import Ballots, Proposal, Refused, RuleRejected, Session, report, store
from lopti_rules.session.model import RoundRecord
from lopti_rules.session.roshambo import THROWS, RoshamboError, clean, missing, tally
from lopti_rules.session.table import round_table

RULE_PATH = "<your rule>"


class NeedThrows(Exception):
    """The vote's Roshambo needs more throws from `a` and `b` for match `index`."""

    def __init__(self, a: str, b: str, decisive: int, index: int) -> None:
        super().__init__(f"{a} and {b} throw")
        self.a, self.b, self.decisive, self.index = a, b, decisive, index


class CollectedThrows:
    """A `ThrowSource` of the throws collected so far, match by match; it raises
    `NeedThrows` when a match needs more (the vote then changes nothing yet)."""

    def __init__(self, matches: list[list[tuple[str, str]]]) -> None:
        self.matches = matches
        self.calls = 0

    def throws(self, a: str, b: str, decisive: int) -> Iterator[tuple[str, str]]:
        index = self.calls
        self.calls += 1
        yield from self.matches[index] if index < len(self.matches) else []
        raise NeedThrows(a, b, decisive, index)

    def finish(self, used: int) -> None:
        return None


@dataclass(slots=True)
class OpenVote:
    """A proposal being voted on, device by device."""

    number: int
    proposal: Proposal
    creator_absent: bool
    yes: list[str] = field(default_factory=list)
    no: list[str] = field(default_factory=list)
    objector: str | None = None
    defenders: list[str] = field(default_factory=list)
    matches: list[list[tuple[str, str]]] = field(default_factory=list)
    need: NeedThrows | None = None
    thrown: dict[str, str] = field(default_factory=dict)  # secret until both have thrown

    def score(self) -> dict[str, object] | None:
        """The open Roshambo's score so far (None: none is thrown): decisive throws won by
        each side, the draws, and what the match still needs, in words (K3, K4)."""
        need = self.need
        if need is None:
            return None
        pairs = self.matches[need.index] if need.index < len(self.matches) else []
        a = "".join(x for x, _ in pairs)
        b = "".join(y for _, y in pairs)
        won_a, won_b = tally(a, b)
        return {
            "a": won_a,
            "b": won_b,
            "draws": len(pairs) - won_a - won_b,
            "said": missing(won_a, won_b, need.decisive),  # what it still needs, in words
        }

    def to_json(self) -> dict[str, object]:
        """Everything about the vote, for the owner-only table file (the throws are
        secret)."""
        p = self.proposal
        need = self.need
        return {
            "number": self.number,
            "proposal": {
                "action": p.action,
                "proposer": p.proposer,
                "effective": p.effective,
                "rule": p.rule,
                "text": p.text,
                "option": p.option,
                "value": p.value,
                "path": p.path,
            },
            "creator_absent": self.creator_absent,
            "yes": self.yes,
            "no": self.no,
            "objector": self.objector,
            "defenders": self.defenders,
            "matches": [[list(pair) for pair in match] for match in self.matches],
            "need": None if need is None else [need.a, need.b, need.decisive, need.index],
            "thrown": self.thrown,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OpenVote:
        """The vote `to_json` kept (KeyError, TypeError or ValueError if it is not one)."""
        p = data["proposal"]
        need = data["need"]
        return cls(
            number=int(data["number"]),
            proposal=Proposal(
                action=str(p["action"]),
                proposer=str(p["proposer"]),
                effective="next" if p["effective"] == "next" else "now",
                rule=None if p["rule"] is None else int(p["rule"]),
                text=None if p["text"] is None else str(p["text"]),
                option=None if p["option"] is None else str(p["option"]),
                value=p["value"],
                path=str(p["path"]),
            ),
            creator_absent=bool(data["creator_absent"]),
            yes=[str(n) for n in data["yes"]],
            no=[str(n) for n in data["no"]],
            objector=None if data["objector"] is None else str(data["objector"]),
            defenders=[str(n) for n in data["defenders"]],
            matches=[[(str(a), str(b)) for a, b in match] for match in data["matches"]],
            need=None
            if need is None
            else NeedThrows(str(need[0]), str(need[1]), int(need[2]), int(need[3])),
            thrown={str(k): str(v) for k, v in data["thrown"].items()},
        )


def _stamp(path: Path | None) -> tuple[int, int, int] | None:
    """The file's inode, size and modification time (None: no file)."""
    try:
        info = os.stat(path) if path is not None else None
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns) if info is not None else None


def _refusal(exc: Refused) -> Refusal:
    text = str(exc)
    suffix = f" ({exc.clause})"
    return Refusal(text.removesuffix(suffix), exc.clause)


class Evening:
    """A session, its file, and the vote in progress."""

    def __init__(self, session: Session, path: Path | None) -> None:
        self.session = session
        self.path = path
        self.vote: OpenVote | None = None
        self.votes_opened = 0
        self.news: list[str] = []  # lines for the table's log
        self.seen = _stamp(path)  # the file as this evening last read or wrote it
        self.changed_elsewhere = False  # read again after another writer's save
        # a failure to inject inside a step on the file, its lock held (for the tests)
        self.fault: Callable[[], None] | None = None

    @classmethod
    def open(
        cls,
        path: Path | None,
        names: Sequence[str],
        rules: Sequence[tuple[str, str]] = (),
        base: BaseVariants | None = None,
    ) -> Evening:
        """The session in `path` (started, with `names`, the pack's `base:` variants and
        the pack's `rules` as (author, text) brought in at setup by the whole table, E3,
        when the file does not exist)."""
        if path is not None and path.exists():
            stamp = _stamp(path)
            evening = cls(store.load(path), path)
            evening.seen = stamp
            return evening
        session = Session.start(path.stem if path else _("Web table"), names, base=base)
        for author, text in rules:
            session.restore_at_setup(author, author, text, list(names), path="<pack rule>")
        evening = cls(session, path)
        evening.save()
        return evening

    @property
    def players(self) -> list[str]:
        return self.session.players

    def save(self) -> None:
        if self.path is not None:
            store.save(self.session, self.path)
            self.seen = _stamp(self.path)

    @contextlib.contextmanager
    def _step(self) -> Iterator[None]:
        """One step on the session file: hold its lock (`store.locked`, as `lopti session`
        does), read it again if it is not the file this evening last wrote (a `lopti session`
        command may have changed it meanwhile: every writer replaces the file, so its inode,
        size or time differ), make the change and save it. A refusal inside changes nothing
        and saves nothing. When another writer saved a new revision meanwhile, the step
        was prepared against the old one: it is refused (`stale`), and the table shows the
        file as it is now."""
        if self.path is None:
            yield
            return
        try:
            with store.locked(self.path, timeout=5):
                stamp = _stamp(self.path)
                if stamp is not None and stamp != self.seen:
                    known = self.session.state.revision
                    self.session = store.load(self.path)
                    self.seen = stamp
                    self.changed_elsewhere = True
                    store.prepared_against(self.session, known, self.path.name)
                if self.fault is not None:
                    self.fault()
                yield
                self.save()
        except store.StaleRevision as exc:
            raise Refusal(str(exc), None, "stale") from None
        except store.SessionFileError as exc:
            said = _("the session file cannot be used now: {problem}").format(problem=exc)
            raise Refusal(said, None) from None
        except store.SessionBusy as exc:
            raise Refusal(str(exc), None, "stale") from None

    def _do(self, change: object) -> None:
        """Run one step of the procedure; a refusal changes nothing (and saves nothing)."""
        try:
            with self._step():
                assert callable(change)
                change()
        except RuleRejected as exc:
            raise Refusal(str(exc).removesuffix(" (R2-R4)"), "R2-R4") from None
        except Refused as exc:
            raise _refusal(exc) from None

    # -------------------------------------------------------------- rounds

    def deal(self, absent: Sequence[str] = ()) -> RoundRecord:
        found: list[RoundRecord] = []
        self._do(lambda: found.append(self.session.deal(absent)))
        return found[0]

    def finish(self, winner: str | None, places: Sequence[str] = ()) -> None:
        self._do(lambda: self.session.finish_round(winner, places))

    def table_options(self, record: RoundRecord) -> TableOptions:
        return round_table(self.session, record)

    def rules_for_play(self) -> list[tuple[str, int]]:
        """The rules in force for the round in play, as (text, author seat)."""
        names = self.players
        return [(r.text, names.index(r.author)) for r in self.session.rules_in_force()]

    # -------------------------------------------------------------- rules

    def check(self, text: str) -> dict[str, object]:
        """`lopti check --with` on a rule being typed: checked after the rules in force, with
        the roster; only the typed rule's diagnostics are reported."""
        in_force = [Source(r.text, f"<in force: {r.title}>") for r in self.session.rules_in_force()]
        typed = Source(text, RULE_PATH)
        variants = variants_of(self.session.options(self.session.current))  # its table's
        check_sources([*in_force, typed], roster=self.players, trial=True, variants=variants)
        found = typed.sorted_diagnostics()
        return {
            "type": "checked",
            "accepted": not any(d.is_error for d in found),
            "diagnostics": [d.to_json() for d in found],
            "words": describe(text),
        }

    def add_rule(self, author: str, text: str) -> None:
        self._do(lambda: self.session.add_rule(author, text, RULE_PATH))
        said = _("{author} adds a rule: {words}")
        self.news.append(said.format(author=author, words=" ".join(describe(text))))

    def delete_rule(self, rule: int, by: str) -> None:
        self._do(lambda: self.session.delete_rule(rule, by))
        self.news.append(_("{by} deletes rule {id} (V6).").format(by=by, id=rule))

    def reword(self, rule: int, by: str, text: str) -> None:
        self._do(lambda: self.session.reword(rule, by, text, RULE_PATH))
        self.news.append(_("{by} rewords rule {id} (R5).").format(by=by, id=rule))

    def ruling(
        self, rule: int, question: str, answer: str, creator_absent: bool, yes: Sequence[str]
    ) -> None:
        done: list[str] = []

        def settle() -> None:
            record = self.session.interpret(
                rule, question, answer, creator_absent=creator_absent, yes=yes
            )
            done.append(report.ruling(self.session, record))

        self._do(settle)
        self.news.extend(done)

    def restore_at_setup(self, proposer: str, author: str, text: str, yes: Sequence[str]) -> None:
        """E3: before round 1, an old rule comes back with a majority of the players."""
        done: list[str] = []

        def vote() -> None:
            record = self.session.restore_at_setup(proposer, author, text, yes, RULE_PATH)
            said = (
                _(
                    "Setup vote on an old rule of {author}: it comes back, by a majority of "
                    "the session's players (E3, D31)."
                )
                if record.result == "passed"
                else _(
                    "Setup vote on an old rule of {author}: it does not come back, without a "
                    "majority of the session's players (E3, D31)."
                )
            )
            done.append(said.format(author=author))

        self._do(vote)
        self.news.extend(done)

    # -------------------------------------------------------------- the Rule Vote

    def open_vote(self, proposal: Proposal, creator_absent: bool) -> None:
        """Open a proposal; refused now (on a copy) if the procedure would refuse it."""
        if self.vote is not None:
            raise Refusal(_("a Rule Vote is open already: finish it first"), "V1")
        trial = Session(self.session.state.model_copy(deep=True))
        try:
            trial.vote(proposal, Ballots(creator_absent=creator_absent), None)
        except RuleRejected as exc:
            raise Refusal(str(exc).removesuffix(" (R2-R4)"), "R2-R4") from None
        except Refused as exc:
            raise _refusal(exc) from None
        self.votes_opened += 1
        self.vote = OpenVote(self.votes_opened, proposal, creator_absent)
        said = _("{proposer} opens a Rule Vote: {what}.")
        self.news.append(said.format(proposer=proposal.proposer, what=_what(proposal)))

    def ballot(self, name: str, yes: bool, objection: bool) -> None:
        vote = self._open()
        if vote.need is not None:
            raise Refusal(_("the votes are counted: Roshambo is being played"), "V11")
        if name in vote.yes or name in vote.no:
            raise Refusal(
                _("{name} has voted already: each player votes once").format(name=name), "V3"
            )
        (vote.yes if yes else vote.no).append(name)
        if objection and not yes and vote.objector is None:
            vote.objector = name
        if len(vote.yes) + len(vote.no) == len(self.players):
            self.close()

    def set_defenders(self, names: Sequence[str]) -> None:
        """The defenders the rule's supporters chose, used if the vote ties (K1, K4)."""
        vote = self._open()
        if vote.need is not None:
            raise Refusal(_("the votes are counted: Roshambo is being played"), "V11")
        unknown = [n for n in names if n not in self.players]
        if unknown:
            raise Refusal(_("{name} is not one of the players").format(name=unknown[0][:40]), "E1")
        vote.defenders = list(dict.fromkeys(names))
        shown = ", ".join(vote.defenders) or _("nobody")
        said = _("The rule's supporters choose its defenders: {names} (K1).")
        self.news.append(said.format(names=shown))

    def cancel(self, by: str | None) -> None:
        vote = self._open()
        if vote.need is not None:
            raise Refusal(
                _("the vote is tied and Roshambo has begun: it can no longer be withdrawn"), "V11"
            )
        if by is not None and by != vote.proposal.proposer:
            raise Refusal(_("only the proposer or the host withdraws a proposal"), "V2")
        self.vote = None
        self.news.append(_("The proposal is withdrawn before the count."))

    def close(self, defenders: Sequence[str] = ()) -> None:
        vote = self._open()
        if defenders and vote.need is not None:
            raise Refusal(_("the votes are counted: Roshambo is being played"), "V11")
        if defenders:
            self.set_defenders(defenders)
        ballots = Ballots(
            yes=vote.yes,
            no=vote.no,
            objector=vote.objector,
            creator_absent=vote.creator_absent,
            defenders=vote.defenders,
        )
        done = []
        try:
            with self._step():
                done.append(
                    self.session.vote(vote.proposal, ballots, CollectedThrows(vote.matches))
                )
        except NeedThrows as need:
            if vote.need is None:
                said = _("The vote is tied: {a} and {b} play Roshambo.")
                self.news.append(said.format(a=need.a, b=need.b))
            vote.need = need
            return
        except Refused as exc:
            raise _refusal(exc) from None
        except RoshamboError as exc:
            raise Refusal(str(exc), "K3") from None
        self.vote = None
        said = _("Rule Vote: {vote}")
        self.news.append(said.format(vote=report.describe_vote(self.session, done[0])))

    def asks(self, name: str | None) -> list[Ask]:
        vote = self.vote
        if vote is None or vote.need is None or name not in (vote.need.a, vote.need.b):
            return []
        if name in vote.thrown:
            return []
        need = vote.need
        other = need.b if name == need.a else need.a
        prompt = (
            (
                _("Roshambo against {other}, one decisive throw (K4).")
                if need.decisive == 1
                else _("Roshambo against {other}, 30 decisive throws (K3).")
            ).format(other=other)
            + " "
            + _(
                "Throw secretly: tap Rock, Paper or Scissors as many times as you like (up to "
                "60 at once); nobody sees them until both of you have thrown."
            )
        )
        names = {"R": _("Rock"), "P": _("Paper"), "S": _("Scissors")}
        options = [(t, names[t]) for t in THROWS]
        return [Ask(f"roshambo-{vote.number}-{need.index}", "roshambo", prompt, options, True)]

    def throw(self, name: str, ask_id: str, letters: str) -> None:
        vote = self.vote
        if vote is None or vote.need is None or not any(a.id == ask_id for a in self.asks(name)):
            raise Refusal(_("there is no Roshambo throw for you to make now"), None, "stale")
        try:
            throws = clean(letters)
        except RoshamboError as exc:
            raise Refusal(str(exc), "K3", "malformed") from None
        if not throws or len(throws) > 60:
            raise Refusal(_("throw 1 to 60 times at once"), "K3", "malformed")
        vote.thrown[name] = throws
        need = vote.need
        if need.a in vote.thrown and need.b in vote.thrown:
            a, b = vote.thrown.pop(need.a), vote.thrown.pop(need.b)
            pairs = list(zip(a, b, strict=False))
            while len(vote.matches) <= need.index:
                vote.matches.append([])
            vote.matches[need.index].extend(pairs)
            shown_a = "".join(x for x, _ in pairs)
            shown_b = "".join(y for _, y in pairs)
            said = _("Roshambo throws: {a} {throws_a}, {b} {throws_b}.")
            self.news.append(said.format(a=need.a, throws_a=shown_a, b=need.b, throws_b=shown_b))
            self.close()

    def vote_json(self) -> dict[str, object] | None:
        """The open vote and the count of votes opened, for the table file."""
        if self.vote is None:
            return None
        return {"opened": self.votes_opened, "vote": self.vote.to_json()}

    def resume_vote(self, data: object) -> None:
        """The open vote `vote_json` kept, if it still fits the session (same players, no
        vote recorded for this round meanwhile)."""
        if not isinstance(data, dict):
            return
        try:
            vote = OpenVote.from_json(data["vote"])
            opened = int(data["opened"])
        except (KeyError, TypeError, ValueError, AttributeError):
            return
        names = set(self.players)
        if not {vote.proposal.proposer, *vote.yes, *vote.no} <= names:
            return
        if any(v.round == self.session.current for v in self.session.state.votes):
            return
        self.vote, self.votes_opened = vote, opened

    def _open(self) -> OpenVote:
        if self.vote is None:
            raise Refusal(_("no Rule Vote is open"), "V1", "stale")
        return self.vote

    # -------------------------------------------------------------- for the page

    def to_json(self) -> dict[str, object]:
        session = self.session
        vote = self.vote
        open_vote: dict[str, object] | None = None
        if vote is not None:
            open_vote = {
                "number": vote.number,
                "proposer": vote.proposal.proposer,
                "what": _what(vote.proposal),
                "voted": [*vote.yes, *vote.no],  # who, not how, until the count
                "roshambo": [vote.need.a, vote.need.b] if vote.need else None,
                "thrown": sorted(vote.thrown),
                "defenders": vote.defenders,
                "chosen_defender": _supporters_choose(session, vote),
                "score": vote.score(),  # the Roshambo so far, if one is thrown
            }
        rules = [
            {
                "id": r.id,
                "title": r.title,
                "author": r.author,
                "since": r.since,
                "text": r.text,
                "words": describe(r.text),
            }
            for r in session.rules_in_force(session.current)
        ]
        return {
            "name": session.state.name,
            "file": self.path.name if self.path else None,  # never the host's folders
            "players": self.players,
            "current": session.current,
            "in_play": session.in_play,
            "setup": not session.state.rounds,  # old rules may come back (E3)
            "winner_waiting": session.winner_waiting(),
            "winner": _waiting_winner(session),
            "rules": rules,
            "removed": [{"id": r.id, "title": r.title} for r in session.state.removed],
            "standings": report.standings(session),
            "history": report.history(session),
            "vote": open_vote,
        }


def _supporters_choose(session: Session, vote: OpenVote) -> bool:
    """Whether a tie needs a defender the rule's supporters choose: a custom rule whose
    creator is away or is the proposer (K1)."""
    proposal = vote.proposal
    if proposal.action not in ("remove", "change"):
        return False
    creator = next((r.author for r in session.state.rules if r.id == proposal.rule), None)
    return vote.creator_absent or creator == proposal.proposer


def _waiting_winner(session: Session) -> str | None:
    k = session.winner_waiting()
    return session.state.rounds[k - 1].winner if k is not None else None


def _what(proposal: Proposal) -> str:
    if proposal.action == "base":
        turn = _("turn `{option}` on") if proposal.value else _("turn `{option}` off")
        return turn.format(option=proposal.option)
    now = proposal.effective == "now"
    return _(_OPENS[proposal.action, now]).format(id=proposal.rule)


# a proposal as the table's log says it opens, by (action, from now?)
_OPENS = {
    ("remove", True): N_("remove rule {id}, now"),
    ("remove", False): N_("remove rule {id}, from the next round"),
    ("change", True): N_("change rule {id}, now"),
    ("change", False): N_("change rule {id}, from the next round"),
    ("restore", True): N_("bring back rule {id}, now"),
    ("restore", False): N_("bring back rule {id}, from the next round"),
}
