"""The table service: one table's state, and what each message does to it.

Takes: validated messages (`protocol`) from identified clients (`security.Identity`).
Produces: the direct reply, if any (an `error`, `checked` or `settled`), and for every
client the `state` it may see (`state_for`). Guarantees: a message from someone not allowed
to send it (an action for another seat, a host's step from a player) is `forbidden`; a
refused one changes nothing; after every step that changed the game, the round is written
to the table file (`<session>.table.json`, atomically, with the tokens, owner-only: `dirty`
until the caller has run `save`, before it tells the clients; created owner-only, never
readable by others even for a moment) and the evening to the session file, so a restart
resumes both, the open Rule Vote included. A ruling is recorded by the rule's creator from
their own device, or as the table's (the creator away) with yes votes each from the voter's
own device or entered by the host. A round played here is recorded only on the session's
round it was dealt as: when another writer (`lopti session`) changed the round in play
meanwhile, it is not recorded at all. The caller serializes calls (one asyncio lock per
table, `app.py`).
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable
from pathlib import Path

from lopti_rules.i18n import _
from lopti_rules.packs.files import write_atomic
from lopti_rules.serve import protocol as p
from lopti_rules.serve import standin
from lopti_rules.serve.evening import Evening
from lopti_rules.serve.security import Identity, Tokens
from lopti_rules.serve.settle import SettleError, settle
from lopti_rules.serve.summary import round_summary
from lopti_rules.serve.table import Refusal, Round
from lopti_rules.session import Proposal
from lopti_rules.session.report import opener

LOG_TAIL = 40  # log lines sent with each state (the page keeps the earlier ones)
LOG_KEEP = 1000  # log lines kept


class TableService:
    """One table: the evening, the round being played, the seats and their tokens."""

    def __init__(
        self,
        evening: Evening,
        *,
        table_file: Path | None = None,
        seed: int | None = None,
        tokens: Tokens | None = None,
    ) -> None:
        self.evening = evening
        self.table_file = table_file
        self.fixed_seed = seed
        n = len(evening.players)
        self.tokens = tokens or Tokens(n)
        self.kinds = ["person"] + ["bot"] * (n - 1)
        self.round: Round | None = None
        self.log: list[str] = []  # the evening's lines and the round's narration, in order
        self._told = 0  # lines of the round's narration already in `log`
        self._dropped = 0  # lines dropped from the front of `log`
        self._evening: dict[str, object] | None = None  # the evening as JSON, until it changes
        self.seq = 0
        self.seed = 0
        self.dirty = False  # changed since the last `save`: run it before telling anyone
        # a failure to inject at the start of every message's handling (for the tests)
        self.fault: Callable[[p.Message], None] | None = None
        self.dealt: tuple[int, str] | None = None  # the session round played here, its dealer
        self.paced = False  # the bots move on the table's beat (`bot_step`, serve/pace.py)
        self.away_after = 0.0  # seconds before a bot plays a gone person's seat (0: never)
        self.draft: dict[str, object] | None = None  # the winner's rule being written
        if table_file is not None and table_file.exists():
            self._resume(table_file)

    @property
    def names(self) -> list[str]:
        return self.evening.players

    # -------------------------------------------------------------- persistence

    def _resume(self, path: Path) -> None:
        data = json.loads(path.read_text(encoding="utf-8"))
        tokens = data.get("tokens", {})
        self.tokens = Tokens(len(self.names), host=tokens.get("host"), seat=tokens.get("seat"))
        self.kinds = list(data.get("kinds", self.kinds))
        saved = data.get("round")
        if saved and self.evening.session.in_play:
            record = self.evening.session.state.rounds[-1]
            if record.round == saved["round"]:
                self.seed = int(saved["seed"])
                self.round = Round.deal(
                    self.names,
                    saved["kinds"],
                    self.evening.table_options(record),
                    self.seed,
                    [(text, int(author)) for text, author in saved["rules"]],
                    moves=saved["moves"],
                )
                self.dealt = (record.round, record.dealer)
                self.log = [f"(The server restarted; round {record.round} goes on.)"]
                self._sync_log()
                self._round_over()
        self.evening.resume_vote(data.get("vote"))

    def save(self, durable: bool = True) -> None:
        """Record what the last steps changed: a round played here that ended goes into the
        evening (and its session file), then the table file is written (atomically; and,
        when `durable`, waiting for the disk: after every step of the evening, while after
        a move it is not, so a move waits for no disk - a crash of the server, even
        SIGKILL, loses at most the move in flight, a power cut at most the round's moves
        since the last step of the evening). With files, the caller runs it in a worker
        thread, so other tables go on meanwhile."""
        self.dirty = False
        self._round_over()
        if self.table_file is None:
            return
        r = self.round
        data: dict[str, object] = {"tokens": self.tokens.to_json(), "kinds": self.kinds}
        if r is not None and not r.over:
            data["round"] = {
                "round": r.options.round,
                "seed": r.seed,
                "kinds": r.kinds,
                "rules": [[text, author] for text, author in r.rules],
                "moves": r.moves,
            }
        vote = self.evening.vote_json()
        if vote is not None:
            data["vote"] = vote
        owner_only(self.table_file)
        write_atomic(self.table_file, json.dumps(data), durable=durable)

    # -------------------------------------------------------------- what a client sees

    @property
    def log_end(self) -> int:
        """The number of log lines told so far (including those dropped from `log`)."""
        return self._dropped + len(self.log)

    def state_for(self, who: Identity, since: int = 0) -> dict[str, object]:
        """What `who` may see now; the log from line `since` on (a client that has the
        lines before it gets only the new ones), at most the last `LOG_TAIL`."""
        start = max(since, self._dropped, self.log_end - LOG_TAIL)
        seat = who.seat
        name = self.names[seat] if seat is not None else None
        r = self.round
        asks = [a.to_json() for a in (r.asks(seat) if r is not None else [])]
        asks += [a.to_json() for a in self.evening.asks(name)]
        state: dict[str, object] = {
            "type": "state",
            "seq": self.seq,
            "you": seat,
            "name": name,
            "host": who.host,
            "names": self.names,
            "kinds": r.kinds if r is not None else self.kinds,
            "game": r.view(seat) if r is not None else None,
            "legal": r.legal(seat) if r is not None else [],
            "asks": asks,
            "log": self.log[start - self._dropped :],
            "log_start": start,
            "evening": self._evening_json(),
            "summary": round_summary(r) if r is not None else None,
            "draft": self._draft(),
            "away_after": self.away_after,
        }
        if who.host:
            state["joins"] = [
                {"seat": i, "name": n, "token": self.tokens.seat[i]}
                for i, n in enumerate(self.names)
                if i != 0
            ]
        return state

    def _evening_json(self) -> dict[str, object]:
        if self._evening is None:
            self._evening = self.evening.to_json()
        return self._evening

    # -------------------------------------------------------------- messages

    def step(self, who: Identity, msg: p.Message) -> dict[str, object] | None:
        """`handle` the message, then `save` the table file if it changed (what a worker
        thread runs for an evening's step, app.py)."""
        reply = self.handle(who, msg)
        if self.dirty:
            self.save()
        return reply

    def handle(self, who: Identity, msg: p.Message) -> dict[str, object] | None:
        """Do what `msg` asks; the direct reply (or None). Refusal: nothing changed."""
        if self.fault is not None:
            self.fault(msg)
        if isinstance(msg, p.SettleMsg):
            try:
                return settle(msg.pile, msg.play, msg.chain)
            except SettleError as exc:
                raise Refusal(str(exc), None, "malformed") from None
        if isinstance(msg, p.CheckRuleMsg):
            return self.evening.check(msg.text)
        if isinstance(msg, p.DraftMsg):
            return self._write_draft(who, msg.text)
        self._change(who, msg)
        return None

    def reread(self) -> bool:
        """Whether the evening was read again from its file (another writer changed it)
        since this was last asked: the clients are to be shown it."""
        ev = self.evening
        changed, ev.changed_elsewhere = ev.changed_elsewhere, False
        if changed:
            self._evening = None
        return changed

    def open_question(self) -> tuple[str, int] | None:
        """The id and seat of the rule's question the round waits on, if any."""
        r = self.round
        q = r.question if r is not None else None
        return (q.id, q.ask.seat) if q is not None else None

    def holding(self) -> str | None:
        """While the bots wait for the table to speak (a call due, a race open): an id of
        that moment (`Round.held`)."""
        r = self.round
        return f"hold-{r.options.round}-{len(r.moves)}" if r is not None and r.held() else None

    def release(self, hold: str) -> bool:
        """The table's moment `hold` has passed: the bots go on. False if it is over."""
        r = self.round
        if r is None or self.holding() != hold:
            return False
        r.go_on()
        self._after_move()
        return True

    def answer_default(self, ask_id: str) -> bool:
        """Nobody answered question `ask_id` in time: its default is taken (engine/asks.py)
        and the round goes on. False if that question is no longer open."""
        r = self.round
        q = r.question if r is not None else None
        if r is None or q is None or not r.default_answer(ask_id):
            return False
        late = _("{who} did not answer in time: the default is taken.")
        self.log.append(late.format(who=self.names[q.ask.seat]))
        self._after_move()
        return True

    def _me(self, who: Identity) -> str:
        if who.seat is None:
            raise Refusal(_("this device has no seat"), None, "forbidden")
        return self.names[who.seat]

    def _host(self, who: Identity, refusal: str) -> None:
        """Refuse with `refusal` (a whole sentence, translated) unless `who` is the host."""
        if not who.host:
            raise Refusal(refusal, None, "forbidden")

    def _acting_for(self, who: Identity, name: str | None) -> str:
        """The player a message acts for: yourself, or (the host only) the one named."""
        if name is None or name == self._me(who):
            return self._me(who)
        self._host(who, _("only the host may act for another player"))
        if name not in self.names:
            raise Refusal(_("{name} is not one of the players").format(name=name[:40]), "E1")
        return name

    def _change(self, who: Identity, msg: p.Message) -> None:
        ev = self.evening
        if not isinstance(msg, p.MoveMsg):
            self._evening = None  # any other step may change the evening
        if isinstance(msg, p.MoveMsg):
            r = self._playing()
            if msg.seq != self.seq:
                raise Refusal(_("the table has changed since that move was chosen"), None, "stale")
            seat = who.seat
            if seat is None or r.kinds[seat] != "person":
                raise Refusal(_("this device plays no seat at this table"), None, "forbidden")
            m = msg.move
            r.move(seat, m.kind, m.rank, m.count, m.index)
            self._after_move()
        elif isinstance(msg, p.AnswerMsg):
            if msg.id.startswith("roshambo-"):
                ev.throw(self._me(who), msg.id, msg.choice)
                self.dirty = True  # the throws are kept in the table file
            else:
                r = self._playing()
                if who.seat is None:
                    raise Refusal(_("this device has no seat"), None, "forbidden")
                r.answer(who.seat, msg.id, msg.choice)
                self._after_move()
        elif isinstance(msg, p.CallMsg):
            if who.seat is None:
                raise Refusal(_("this device has no seat"), None, "forbidden")
            self._playing().call(who.seat, msg.kind, msg.name, msg.about)
            self._after_move()
        elif isinstance(msg, p.NewRoundMsg):
            self._host(who, _("only the host may deal a round"))
            self._new_round(msg)
        elif isinstance(msg, p.FinishRoundMsg):
            self._host(who, _("only the host may record a round's winner"))
            if self.round is not None and not self.round.over:
                raise Refusal(_("this round is being played here: it ends by itself"), "W4")
            ev.finish(msg.winner, msg.places)
            won = _("{who} wins round {k}.")
            self.log.append(won.format(who=msg.winner, k=ev.session.current - 1))
        elif isinstance(msg, p.StandInMsg | p.SeatBackMsg | p.AwayAfterMsg | p.AbandonMsg):
            self._seat_step(who, msg)
        else:
            self._evening_step(who, msg)
            self.dirty = True  # the open vote is kept in the table file
        self.log.extend(ev.news)
        ev.news.clear()

    # -------------------------------------------------------------- people who come and go

    def bot_due(self) -> bool:
        """Whether a bot is to move in the round being played."""
        return self.round is not None and self.round.bot_due()

    def bot_step(self) -> bool:
        """One bot's move on the table's beat (serve/pace.py); False if none moved."""
        if self.round is None or not self.round.bot_step():
            return False
        self._after_move()
        return True

    def stand_in(self, seat: int) -> bool:
        """A bot plays `seat` until its person is back (serve/standin.py)."""
        if self.round is None or not standin.stand_in(self.round, seat):
            return False
        line = _("A bot plays for {name} until they are back.")
        self.log.append(line.format(name=self.names[seat]))
        self._after_move()
        return True

    def give_back(self, seat: int) -> bool:
        """The seat's person is back: they play it again."""
        if self.round is None or not standin.give_back(self.round, seat):
            return False
        self.log.append(_("{name} is back and plays again.").format(name=self.names[seat]))
        self._after_move()
        return True

    def _seat_step(self, who: Identity, msg: p.Message) -> None:
        if isinstance(msg, p.SeatBackMsg):
            self._me(who)
            assert who.seat is not None
            if not self.give_back(who.seat):
                raise Refusal(_("no bot is playing your seat"), None, "stale")
            return
        self._host(who, _("only the host may decide who plays a seat or abandon a round"))
        if isinstance(msg, p.AwayAfterMsg):
            self.away_after = float(msg.seconds)
            return
        r = self._playing()
        if isinstance(msg, p.StandInMsg):
            if r.over or r.kinds[msg.seat] != "person" or msg.seat in r.standins:
                raise Refusal(_("a bot stands in only for a person in a round in play"), None)
            self.stand_in(msg.seat)
        elif isinstance(msg, p.AbandonMsg):
            if not standin.abandon(r):
                raise Refusal(_("the round is over already"), "W4", "stale")
            line = _("The host abandons round {round}: it has no winner.")
            self.log.append(line.format(round=r.options.round))
            self._after_move()

    def _draft(self) -> dict[str, object] | None:
        """The winner's rule being written, while its winner is still to write it."""
        draft = self.draft
        if draft is None or draft.get("round") != self.evening.session.winner_waiting():
            return None
        return draft

    def _write_draft(self, who: Identity, text: str) -> dict[str, object]:
        """The winner (or the host, for them) writes: the text is checked, and the draft and
        its check are shown to the whole table."""
        waiting = self.evening.session.winner_waiting()
        winner = self.evening.to_json()["winner"]
        if waiting is None or not (who.host or (who.seat is not None and self._me(who) == winner)):
            raise Refusal(_("only the round's winner (or the host) writes the winner's rule"), "R0")
        checked = self.evening.check(text)
        self.draft = {"round": waiting, "by": winner, "text": text, **checked}
        return checked

    def _evening_step(self, who: Identity, msg: p.Message) -> None:
        """A step of the evening's procedure: rules, the Rule Vote, rulings."""
        ev = self.evening
        if isinstance(msg, p.AddRuleMsg):
            winner = ev.to_json()["winner"]
            author = self._me(who)
            if who.host and isinstance(winner, str):
                author = winner
            ev.add_rule(author, msg.text)
        elif isinstance(msg, p.VoteOpenMsg):
            proposer = self._acting_for(who, msg.proposer)
            proposal = Proposal(
                action=msg.action,
                proposer=proposer,
                effective=msg.effective,
                rule=msg.rule,
                text=msg.text,
                option=msg.option,
                value=msg.value,
                path="<changed rule>",
            )
            ev.open_vote(proposal, msg.creator_absent)
        elif isinstance(msg, p.BallotMsg):
            ev.ballot(self._acting_for(who, msg.for_), msg.yes, msg.object)
        elif isinstance(msg, p.VoteCloseMsg):
            self._host(who, _("only the host may count a vote before everyone has voted"))
            ev.close(msg.defenders)
        elif isinstance(msg, p.VoteDefendersMsg):
            self._host(who, _("only the host may enter the supporters' defenders"))
            ev.set_defenders(msg.defenders)
        elif isinstance(msg, p.SetupRestoreMsg):
            self._host(who, _("only the host may enter the setup vote on an old rule"))
            ev.restore_at_setup(msg.proposer or msg.author, msg.author, msg.text, msg.yes)
        elif isinstance(msg, p.VoteCancelMsg):
            ev.cancel(None if who.host else self._me(who))
        elif isinstance(msg, p.DeleteRuleMsg):
            ev.delete_rule(msg.rule, self._me(who))
        elif isinstance(msg, p.RewordMsg):
            ev.reword(msg.rule, self._me(who), msg.text)
        elif isinstance(msg, p.RulingMsg):
            self._may_rule(who, msg)
            ev.ruling(msg.rule, msg.question, msg.answer, msg.creator_absent, msg.yes)

    def _may_rule(self, who: Identity, msg: p.RulingMsg) -> None:
        """Only the rule's creator makes the creator's ruling, from their own device; a
        table's ruling (the creator away) counts each yes from the voter's own device, or
        as entered by the host."""
        me = self._me(who)
        author = next(
            (r.author for r in self.evening.session.state.rules if r.id == msg.rule), None
        )
        if author is None:
            return  # the procedure says there is no such rule in force
        if not msg.creator_absent:
            if me != author:
                said = _("only {author}, the rule's creator, rules on it").format(author=author)
                raise Refusal(said, "R6", "forbidden")
            return
        if me == author:
            raise Refusal(_("the creator is here: they rule on their rule themselves"), "R6")
        others = [n for n in msg.yes if n != me]
        if others and not who.host:
            raise Refusal(
                _("each player says yes from their own device; only the host enters others' votes"),
                "R6",
                "forbidden",
            )

    def _sync_log(self) -> None:
        r = self.round
        if r is not None:
            self.log.extend(r.log[self._told :])
            self._told = len(r.log)
        if len(self.log) > LOG_KEEP:
            self._dropped += len(self.log) - LOG_KEEP
            del self.log[:-LOG_KEEP]

    def _still_ours(self) -> bool:
        """Whether the session's round in play is still the one dealt here. When another
        writer finished it, undid it or dealt another meanwhile, the round played here
        is left unrecorded and says so (never put on a round nobody dealt here)."""
        if self.dealt is None:
            return False
        session = self.evening.session
        record = session.state.rounds[-1] if session.in_play else None
        if record is not None and (record.round, record.dealer) == self.dealt:
            return True
        if self.round is not None:
            self.log.append(
                f"The session file was changed by another command: round {self.dealt[0]} "
                "played here is not recorded."
            )
            self.round.close()
            self.round = None
            self.dealt = None
            self._evening = None
            self._after_move()
        return False

    def _playing(self) -> Round:
        if self.round is None:
            raise Refusal(_("no round is being played here: the host deals one"), "S5", "stale")
        return self.round

    def _new_round(self, msg: p.NewRoundMsg) -> None:
        ev = self.evening
        if self.round is not None and not self.round.over:
            said = _("round {k} is still in play").format(k=self.round.options.round)
            raise Refusal(said, "W4")
        kinds: list[str] = [*msg.seats] or self.kinds
        if len(kinds) != len(self.names):
            said = _("name a person or a bot for each seat ({n})").format(n=len(self.names))
            raise Refusal(said, "S1")
        if msg.cards == "web" and msg.absent:
            raise Refusal(
                _("a round played here has every seat filled (bots for the absent)"), "S1"
            )
        record = ev.deal(msg.absent)
        self.dealt = (record.round, record.dealer)
        self._dropped += len(self.log)
        first = _("Round {k}: {dealer} deals, {first} plays first.").format(
            k=record.round, dealer=record.dealer, first=opener(record.opener)
        )
        self.log = [first]
        self._told = 0
        if msg.cards == "real":
            self.round = None
            self.dirty = True
            return
        self.kinds = kinds
        self.seed = self.fixed_seed + record.round if self.fixed_seed is not None else 0
        if self.fixed_seed is None:
            self.seed = secrets.randbits(48)  # nobody can compute the deal from the file
        self.round = Round.deal(
            self.names,
            kinds,
            ev.table_options(record),
            self.seed,
            ev.rules_for_play(),
            paced=self.paced,
        )
        self._after_move()

    def _after_move(self) -> None:
        self.seq += 1
        self._sync_log()
        self.dirty = True

    def _round_over(self) -> None:
        """A round played here that ended is recorded in the evening (W4, W5), on the
        session's round it was dealt as (`_still_ours`)."""
        r = self.round
        ev = self.evening
        if r is None or not r.over or not self._still_ours():
            return
        self._evening = None
        game = r.game
        winner = None if r.stalled or game.winner is None else self.names[game.winner]
        places = [self.names[s] for s in game.places] if winner and r.options.places else []
        try:
            ev.finish(winner, places)
        except Refusal:
            # another writer saved meanwhile (the evening has read it again): recorded
            # only if the round in play is still this one
            if not self._still_ours():
                return
            ev.finish(winner, places)
        self.dealt = None
        if winner is not None:
            won = _("{who} wins round {k}.")
            self.log.append(won.format(who=winner, k=r.options.round))


def owner_only(path: Path) -> None:
    """Create `path` readable by its owner only (mode 0600 from the first moment: the
    atomic save keeps the mode of the file it replaces), or make an existing one so."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if os.stat(path).st_mode & 0o077:
            os.chmod(path, 0o600)
        return
    os.close(fd)


def table_file_for(session_file: Path | None) -> Path | None:
    """Where the round in play and the tokens are kept, beside the session file."""
    if session_file is None:
        return None
    return session_file.with_name(session_file.name + ".table.json")
