"""One round at the web table: the engine's game, who sits where, and the bots.

Takes: the seat names, which seats are people and which are bots, the table options, a seed
and the rules in force (`RuleEntry`s, checked again by the runtime). Produces: for each seat
its own view (`view(seat)`, built from the engine's `View`: its hand, counts for the other
hands, nothing face-down), its legal moves when it is to act, the questions it has to answer
(the setup swap; a rule's choice, engine/asks.py), and the narrated log (which house rule
fired and why). Guarantees: every move goes through `Game.apply`; a refused one raises
`Refusal` with the engine's sentence and clause and changes nothing; bots move at once,
until a person is to act or to answer, or the round is over. A rule's question to a person
stops the step half-way, inside the rule that asks (the step runs under an engine `Pause`,
engine/pause.py), and nothing else may happen meanwhile; the answer goes on from there, so
answering costs the same at any move of the round: nothing is dealt, compiled or replayed
again. At a table where nothing in force can ask a person (the rules' constructs declare the
purposes they can ask, `RuleSet.asks`), the steps run straight through. `moves` records
every step done with the answers given during it, so `deal(..., moves=)` rebuilds the round
exactly after a restart (a step waiting for an answer is the move in flight: it is lost).
What the table is asked and offered depends on public information only: a jump-in (VJ1),
which the engine asks only of the seats holding the rank, is asked of no person (the
default, not jumping in, is taken: asking would show who holds it), and a report is offered,
and the bots wait for the table to speak, whenever a call or race could be due from what
everyone saw (its trigger happened), whatever its condition says of a hidden hand
(`Triggers`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lopti_rules.api import ruleset_from_sources
from lopti_rules.bots import Bot, GreedyBot, make_bots
from lopti_rules.bots.choices import chooser
from lopti_rules.bots.runner import DEFAULT_MAX_MOVES
from lopti_rules.bots.search import seat_bots
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import (
    CARDS,
    SEAT,
    YES_NO,
    Event,
    EventBus,
    Game,
    IllegalMoveError,
    Move,
    PickUp,
    Play,
    Reveal,
    Swap,
    TableOptions,
)
from lopti_rules.engine import Ask as GameAsk
from lopti_rules.engine.cards import RANK_NAMES
from lopti_rules.engine.narrate import Narrator
from lopti_rules.engine.pause import Pause
from lopti_rules.i18n import N_, _, ngettext, npgettext
from lopti_rules.runtime import RuleEntry
from lopti_rules.runtime.calls import REPORTS_OF, ReportRefused, Table, TableEventSpec, windows
from lopti_rules.serve.clauses import cited

KEEP = "keep"
# asks the engine puts to some seats only because of a card they hold: never asked of a
# person here (the default is taken), since being asked would tell everyone the card
PRIVATE_ASKS = frozenset({"jump_in"})
# ["play", rank, count] | ["pickup"] | ["reveal", i] | ["swap", ...], and at the end, when
# people answered a rule's questions during the step, the list of their answers
Step = list[Any]
MAX_OFFERED = 100  # the most card choices one question offers as buttons
# the words of each ask's question, by its purpose: one for every purpose of engine/asks.py
PROMPTS = {
    "give": N_("{rule}: choose {cards} to give to {about}."),
    "discard": N_("{rule}: choose {cards} to discard."),
    "under": N_("{rule}: choose {cards} to put under the pile."),
    "hide": N_("{rule}: choose the face-up card to turn face down."),
    "target": N_("{rule}: choose the player it goes to."),
    "may": N_("{rule}: do you take this action?"),
    "may_help": N_("{rule}: do you take this action?"),
    # the base variants' asks (docs/variants.md VN1, VJ1, VD3)
    "name_next": N_("Choose who plays next."),
    "jump_in": N_("Jump in out of turn with the top play's rank?"),
    "face_up": N_("Choose {cards} to lay face up."),
}


class Refusal(Exception):
    """A message the table refuses: one sentence, the rulebook clause (if any) and a kind
    (`illegal`, `refused`, `stale`, `forbidden`, `malformed`)."""

    def __init__(self, message: str, clause: str | None = None, kind: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.clause = clause
        self.kind = kind

    def to_json(self) -> dict[str, object]:
        return {"type": "error", "kind": self.kind, "message": self.message, "clause": self.clause}


_RANK_NAMES = [RANK_NAMES.get(rank, str(rank)) for rank in range(15)]


def rank_name(rank: int) -> str:
    return _RANK_NAMES[rank] if 0 <= rank < 15 else str(rank)


class TableNarrator(Narrator):
    """The narration every device sees: as `lopti play` tells it, except that a card one
    player gives another (a house rule's `give`) is not named - it goes from one hidden
    hand to another, so only the count is told."""

    __slots__ = ()

    def rule_clause(self, event: Event) -> str | None:
        if event.name == "give":
            ranks = event.fields.get("cards", ())
            n = len(ranks) if isinstance(ranks, tuple | list) else 0
            to = event.fields.get("to")
            whom = self.name(to if isinstance(to, int) else None)
            who = self.name(event.actor)
            if not n:
                return _("{who} has no card to give").format(who=who)
            said = ngettext("{who} gives {whom} a card", "{who} gives {whom} {n} cards", n)
            return said.format(who=who, whom=whom, n=n)
        return super().rule_clause(event)


@dataclass(slots=True)
class Ask:
    """A question the server asks one seat: `options` are (value, label); with `many`,
    the answer may be several values in a row (Roshambo throws)."""

    id: str
    kind: str
    prompt: str
    options: list[tuple[str, str]]
    many: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "kind": self.kind,
            "prompt": self.prompt,
            "many": self.many,
            "options": [{"value": v, "label": label} for v, label in self.options],
        }


@dataclass(slots=True)
class Question:
    """A rule's question to a person, open: the step waits for it, half-way (with the
    answers to the step's earlier questions, in order)."""

    id: str
    ask: GameAsk
    rule: str | None
    step: Step
    answers: list[Any]


class Triggers:
    """When each declared call or race could be due, as the whole table sees it: its
    trigger event happened (to whom), whatever its condition (which may read a hidden
    hand); closed as the engine closes them (when the next play begins, or that player
    finishes)."""

    __slots__ = ("open",)

    def __init__(self, bus: EventBus, specs: Sequence[TableEventSpec]) -> None:
        self.open: list[tuple[TableEventSpec, int | None]] = []
        windows(bus, specs, self._opener, self._close_all, self._close_seat, gated=False)

    def _opener(self, spec: TableEventSpec) -> Callable[[Event], None]:
        def fire(event: Event) -> None:
            seat = event.actor if spec.kind == "call" else None
            if spec.kind == "call" and seat is None:
                return
            if (spec, seat) not in self.open:
                self.open.append((spec, seat))

        return fire

    def _close_all(self, event: Event) -> None:
        self.open.clear()

    def _close_seat(self, event: Event) -> None:
        self.open = [(spec, seat) for spec, seat in self.open if seat != event.actor]


class People:
    """How the game's chooser reaches the round whose people it asks (set once the round
    is built)."""

    __slots__ = ("round",)

    def __init__(self) -> None:
        self.round: Round | None = None


def move_label(move: Move) -> str:
    if isinstance(move, Play):
        return _("Play {cards}").format(cards=" ".join([rank_name(move.rank)] * move.count))
    if isinstance(move, Reveal):
        return _("Turn face-down card {n}").format(n=move.index + 1)
    return _("Pick up the pile")


def seat_bot(kind: str) -> Bot:
    """The bot of a seat kind: `bot` is the greedy bot, a level names the searching bot, which
    thinks for its level's time per decision (a replay replays its moves, not its thinking)."""
    return make_bots("greedy" if kind == "bot" else kind, 1, budget="time")[0]


def move_json(move: Move) -> dict[str, object]:
    if isinstance(move, Play):
        return {"kind": "play", "rank": move.rank, "count": move.count, "label": move_label(move)}
    if isinstance(move, Reveal):
        return {"kind": "reveal", "index": move.index, "label": move_label(move)}
    return {"kind": "pickup", "label": move_label(move)}


@dataclass(slots=True)
class Round:
    """A round being played; build with `Round.deal`, rebuild with `Round.replay`."""

    names: list[str]
    kinds: list[str]
    options: TableOptions
    seed: int
    rules: list[tuple[str, int]]  # (text, author seat) of each rule in force
    game: Game
    log: list[str] = field(default_factory=list)
    moves: list[Step] = field(default_factory=list)
    swap_pending: set[int] = field(default_factory=set)
    stalled: bool = False
    rng: random.Random = field(default_factory=random.Random)
    narrator: Narrator | None = None
    bots: dict[int, Bot] = field(default_factory=dict)  # seat -> its bot (not a person's)
    question: Question | None = None  # a rule's question a person is answering
    people: People = field(default_factory=People)
    rule_now: Callable[[], str | None] = lambda: None  # the rule running, if any
    table: Table | None = None  # the table events the rules declare (calls, races, conduct)
    hold_over: bool = False  # the table's moment to speak has passed: the bots go on
    feed: list[Any] = field(default_factory=list)  # recorded answers for the step replayed
    replaying: bool = False
    pause: Pause = field(default_factory=Pause)  # runs each step, stopping at a question
    # whether anything in force can ask a person here (the rules' and variants' purposes,
    # less those never put to a person): if not, the steps run straight through
    asking: bool = True
    triggers: Triggers | None = None  # when a call or race could be due, publicly
    paced: bool = False  # the bots move one at a time, on the table's beat (serve/pace.py)
    standins: set[int] = field(default_factory=set)  # people's seats a bot plays meanwhile

    @classmethod
    def deal(
        cls,
        names: Sequence[str],
        kinds: Sequence[str],
        options: TableOptions,
        seed: int,
        rules: Sequence[tuple[str, int]] = (),
        moves: Sequence[Step] | None = None,
        *,
        bots_move: bool = True,
        paced: bool = False,
    ) -> Round:
        """Deal the round with the rules in force; with `moves`, replay those steps (and
        then let the bots move, unless not `bots_move`); `paced`: the bots wait for
        `bot_step`, one move at a time."""
        entries = [RuleEntry(_source(text, i), author) for i, (text, author) in enumerate(rules)]
        ruleset = ruleset_from_sources(entries, roster=list(names))
        bus = EventBus()
        bots = {seat: seat_bot(kind) for seat, kind in enumerate(kinds) if kind != "person"}
        seated: list[Bot] = [bots.get(seat, GreedyBot()) for seat in range(len(kinds))]
        by_bots = chooser([bots.get(seat) for seat in range(len(kinds))], seed)
        people = People()

        def choose(game: Game, ask: GameAsk) -> Any:
            if kinds[ask.seat] != "person" or people.round is None:
                return by_bots(game, ask)  # a person asked while dealing takes the default
            if ask.purpose in PRIVATE_ASKS:
                return ask.default
            return people.round.person_answer(ask)

        runtime = ruleset.attach(bus, chooser=choose)
        table = runtime.table
        triggers = Triggers(bus, list(table.specs.values())) if table is not None else None
        log: list[str] = []
        narrator = TableNarrator(list(names), log.append, lambda: runtime.rule, options.variants)
        bus.observe(narrator)
        seat_bots(seated, bus, options, ruleset)
        game = Game.new(options, seed, bus=bus)
        narrator.flush()
        here = cls(
            list(names),
            list(kinds),
            options,
            seed,
            list(rules),
            game,
            log,
            rng=random.Random(f"lopti-web-{seed}"),
            narrator=narrator,
            bots=bots,
            people=people,
            rule_now=lambda: runtime.rule,
            table=table,
            triggers=triggers,
        )
        people.round = here
        here.paced = paced
        variants = options.variants
        purposes = set(ruleset.asks)
        if variants is not None and variants.name_next is not None:
            purposes.add("name_next")  # jump_in is private, face_up comes at the deal
        here.asking = bool(purposes - PRIVATE_ASKS)
        if moves is None:
            here._open_setup()
            here.run_bots()
        else:
            here._replay(moves, bots_move)
        return here

    # -------------------------------------------------------------- setup swap (S4)

    def _open_setup(self) -> None:
        swaps = self.game.legal_swaps()
        for seat in self.game.active_from(self.game.turn):
            mine = [s for s in swaps if s.seat == seat]
            if not mine:
                continue
            if self.kinds[seat] == "person":
                self.swap_pending.add(seat)
                continue
            choice = self.bots[seat].choose_swap(self.game.view(seat), mine, self.rng)
            self._step(["swap", seat, choice.hand_rank, choice.face_up_rank] if choice else [])

    def asks(self, seat: int | None) -> list[Ask]:
        q = self.question
        if q is not None and seat == q.ask.seat:
            return [self._ask_of(q)]
        if seat is None or seat not in self.swap_pending:
            return []
        options = [(KEEP, _("Keep my cards"))]
        for swap in self.game.legal_swaps():
            if swap.seat == seat:
                value = f"{swap.hand_rank}-{swap.face_up_rank}"
                label = _("Swap {hand} from the hand for the face-up {up}").format(
                    hand=rank_name(swap.hand_rank), up=rank_name(swap.face_up_rank)
                )
                options.append((value, label))
        prompt = _("Before the first play you may swap one hand card for one face-up card (S4).")
        return [Ask(f"swap-{self.options.round}-{seat}", "swap", prompt, options)]

    def answer(self, seat: int, ask_id: str, choice: str) -> None:
        q = self.question
        if q is not None and ask_id == q.id and seat == q.ask.seat:
            offered = {value for value, _ in self._ask_of(q).options}
            if choice not in offered:
                raise Refusal(
                    _("{choice} is not one of the answers offered").format(
                        choice=repr(choice[:20])
                    ),
                    None,
                )
            self._go_on(q, _answer_of(q.ask, choice))
            return
        asked = {a.id: a for a in self.asks(seat)}
        question = asked.get(ask_id)
        if question is None:
            raise Refusal(_("there is no such open question for you"), None, "stale")
        if choice not in {value for value, _ in question.options}:
            raise Refusal(
                _("{choice} is not one of the answers offered").format(choice=repr(choice[:20])),
                "S4",
                "refused",
            )
        if choice == KEEP:
            self._step(["keep", seat])
        else:
            hand, up = (int(part) for part in choice.split("-"))
            self._step(["swap", seat, hand, up])
        self.run_bots()

    # -------------------------------------------------------------- a rule's questions

    def person_answer(self, ask: GameAsk) -> Any:
        """The chooser's answer for a person: when replaying, the next one recorded for
        the step (else the default); the default when only one answer is possible or
        during the setup swaps (nobody plays before they are done); else the person's,
        the step waiting for it (`pause`)."""
        if self.replaying:
            return self.feed.pop(0) if self.feed else None
        if ask.forced or self.game.setup:
            return None
        return self.pause.wait(ask)

    def default_answer(self, ask_id: str) -> bool:
        """Nobody answered the open question `ask_id` in time: take its default (asks.py)."""
        q = self.question
        if q is None or q.id != ask_id:
            return False
        self._go_on(q, q.ask.default)
        return True

    def _go_on(self, q: Question, answer: Any) -> None:
        """The step waiting at `q` goes on with `answer`, from where it stopped."""
        ask = self.pause.answer(answer)  # AnswerError: the step still waits at `q`
        self.question = None
        answers = [*q.answers, list(answer) if isinstance(answer, tuple) else answer]
        if self._went_on(ask, q.step, answers):
            self.run_bots()

    def _ask_of(self, q: Question) -> Ask:
        ask, names = q.ask, self.names
        if ask.kind == CARDS:
            combos = sorted(set(itertools.combinations(ask.options, ask.count)))[:MAX_OFFERED]
            options = [("-".join(map(str, c)), " ".join(rank_name(r) for r in c)) for c in combos]
        elif ask.kind == SEAT:
            options = [(str(s), names[s]) for s in ask.options]
        else:
            options = [("yes", _("Yes, take it")), ("no", _("No, leave it"))]
        cards = npgettext("object", "{n} card", "{n} cards", ask.count).format(n=ask.count)
        about = names[ask.about] if ask.about is not None else ""
        prompt = _(PROMPTS.get(ask.purpose, N_("{rule}: choose.")))
        text = prompt.format(rule=q.rule or _("A rule"), cards=cards, about=about)
        return Ask(q.id, "choice", text, options)

    # -------------------------------------------------------------- moves

    def to_act(self) -> int | None:
        if self.over or self.swap_pending or self.question is not None:
            return None
        return self.game.turn

    @property
    def over(self) -> bool:
        return self.game.over or self.stalled

    def by_bot(self, seat: int) -> bool:
        """Whether a bot plays `seat` now: a bot's seat, or a person's a bot stands in for."""
        return self.kinds[seat] != "person" or seat in self.standins

    def legal(self, seat: int | None) -> list[dict[str, object]]:
        if seat is None or self.to_act() != seat or self.by_bot(seat):
            return []
        return [move_json(m) for m in self.game.legal_moves()]

    def move(
        self, seat: int, kind: str, rank: int | None, count: int | None, index: int | None
    ) -> None:
        """A person's move; Refusal (with the engine's reason and clause) if not allowed."""
        game = self.game
        if self.over:
            raise Refusal(_("the round is over"), "W4")
        if self.swap_pending:
            who = ", ".join(self.names[s] for s in sorted(self.swap_pending))
            raise Refusal(
                _("the setup swaps are not done yet (waiting for {names})").format(names=who), "S4"
            )
        if self.question is not None:
            who = self.names[self.question.ask.seat]
            raise Refusal(
                _("{who} is answering a rule's question first").format(who=who), None, "out_of_turn"
            )
        if seat != game.turn:
            raise Refusal(
                _("it is {name}'s turn, not yours").format(name=self.names[game.turn]),
                "S7",
                "out_of_turn",
            )
        step: Step
        if kind == "play":
            if rank is None or count is None:
                raise Refusal(_("a play names a rank and a count"), "P1", "malformed")
            step = ["play", rank, count]
        elif kind == "reveal":
            if index is None:
                raise Refusal(_("a reveal names the face-down card's index"), "F4", "malformed")
            step = ["reveal", index]
        else:
            step = ["pickup"]
        try:
            self._step(step)
        except IllegalMoveError as exc:
            message, clause = cited(str(exc))  # the rulebook's clauses, each once
            raise Refusal(message, clause, "illegal") from None
        self.run_bots()

    def run_bots(self) -> None:
        """The bots move until a person is to act (unless `paced`: then `bot_step` moves
        them one at a time, on the table's beat)."""
        while not self.paced and self.bot_step():
            pass

    def bot_due(self) -> bool:
        """Whether a bot is to move now."""
        return self.to_act() is not None and self.by_bot(self.game.turn) and not self.held()

    def bot_step(self) -> bool:
        """One bot's move, if a bot is to move; False if none moved."""
        if not self.bot_due():
            return False
        if len(self.moves) >= DEFAULT_MAX_MOVES:
            self.stalled = True
            self.log.append(_("The round stalled: no winner (move cap reached)."))
            return False
        game = self.game
        seat = game.turn
        bot = self.bots.get(seat) or GreedyBot()  # a stand-in plays as the greedy bot
        choice = bot.choose(game.view(seat), game.legal_moves(), self.rng)
        self._step(_encode(choice))
        return True

    def _step(self, step: Step) -> bool:
        """Apply one step, recorded or new (IllegalMoveError or a refused report changes
        nothing and records nothing); False when it waits for a person's answer to a rule's
        question (`question`: the game stands half-way through the step, to be seen, and
        `answer` or `default_answer` goes on from there)."""
        answers = step[-1] if step and isinstance(step[-1], list) else None
        bare = step[:-1] if answers is not None else step
        kind = bare[0] if bare else KEEP
        if kind == "keep":
            if len(bare) > 1:
                self.swap_pending.discard(int(bare[1]))
            return self._went_on(None, bare, [])
        if kind == "swap":
            seat = int(bare[1])
            self.game.apply(Swap(seat, int(bare[2]), int(bare[3])))
            self.swap_pending.discard(seat)
            return self._went_on(None, bare, [])
        if kind in ("say", "report"):
            work: Callable[[], None] = lambda: self._table_step(bare)  # noqa: E731
        else:
            move = _decode(bare)
            self.hold_over = False  # a new move: a new moment to speak
            work = lambda: self.game.apply(move)  # noqa: E731
        if self.replaying or not self.asking:  # nobody is asked: the step runs through
            self.feed = list(answers or [])  # a replay's recorded answers (`person_answer`)
            work()
            self.feed = []
            return self._went_on(None, step, [])
        return self._went_on(self.pause.start(work), bare, [])

    def _went_on(self, ask: GameAsk | None, step: Step, answers: list[Any]) -> bool:
        """Where the step got to: waiting at `ask` (False), or done (True: recorded with the
        answers people gave during it; then the bots make the calls due for them)."""
        if self.narrator is not None:
            self.narrator.flush()  # what happened so far, a question's reason included
        if ask is not None:
            number = f"{self.options.round}-{len(self.moves)}-{len(answers)}"
            self.question = Question(f"choice-{number}", ask, self.rule_now(), step, answers)
            return False
        done = [*step, answers] if answers else step
        if done:
            self.moves.append(done)
        kind = step[0] if step else KEEP
        if not self.replaying and kind not in ("say", "report"):
            self._bots_call()
        return True

    # -------------------------------------------------------------- table calls (calls.py)

    def _table_step(self, step: Step) -> None:
        """`["say", name, seat]` or `["report", name, about, by]` on the table events."""
        table = self.table
        if table is None:
            raise ReportRefused(_("no rule in force declares a table call, race or conduct"))
        if step[0] == "say":
            table.say(str(step[1]), int(step[2]))
        else:
            table.report(str(step[1]), int(step[2]), int(step[3]))

    def _bots_call(self) -> None:
        """The bots make every call due for them at once (they never forget one here, and
        never report anyone: reporting is for the people at the table)."""
        table = self.table
        if table is None or self.game.over:
            return
        for seat in [*self.bots, *sorted(self.standins)]:  # a stand-in calls as a bot does
            for name in table.due(seat):
                if not self._step(["say", name, seat]):
                    return  # a rule asks a person about it: the rest wait for the next move

    def held(self) -> bool:
        """Whether the bots wait for the table to speak: a call is due for a person (to
        say it, or for the others to catch it) or a race is open (to name its loser),
        until that is done or the moment passes (`go_on`)."""
        table = self.table
        if table is None or self.hold_over or self.over or self.question is not None:
            return False
        people = {s for s in range(len(self.kinds)) if not self.by_bot(s)}
        return any(
            spec.kind == "race" or people.intersection(about)
            for spec, _told, about in self._may_be_due()
        )

    def _may_be_due(self) -> list[tuple[TableEventSpec, str, tuple[int, ...]]]:
        """The calls and races that could be due now from what the table saw (`Triggers`),
        less those said or reported already: (spec, report, about whom)."""
        table, triggers, game = self.table, self.triggers, self.game
        if table is None or triggers is None or game.over or game.resolving:
            return []
        inside = tuple(s for s in range(game.players) if not game.out[s])
        found = []
        for spec, whom in triggers.open:
            opened = next((o for o in table.open if o.spec is spec and o.seat == whom), None)
            if opened is not None and opened.said:
                continue
            for report in spec.offered or REPORTS_OF[spec.kind][:1]:
                if opened is not None and report in opened.named:
                    continue
                named = set(opened.named.values()) if opened is not None else set()
                about = (whom,) if whom is not None else tuple(s for s in inside if s not in named)
                about = tuple(s for s in about if not game.out[s])
                if about:
                    found.append((spec, report, about))
        return found

    def go_on(self) -> None:
        """The table's moment to speak has passed: the bots move again."""
        self.hold_over = True
        self.run_bots()

    def call(self, seat: int, kind: str, name: str, about: int | None) -> None:
        """A person says a call due for them (`say`) or reports a table event about another
        player (`report`); Refusal with the table's reason when it may not."""
        if self.over:
            raise Refusal(_("the round is over: nothing can be reported now"), "W4")
        if self.question is not None:
            who = self.names[self.question.ask.seat]
            raise Refusal(
                _("{who} is answering a rule's question first").format(who=who), None, "out_of_turn"
            )
        if kind == "report" and about is None:
            raise Refusal(_("a report names the player it is about"), None, "malformed")
        step: Step = ["say", name, seat] if kind == "say" else ["report", name, about, seat]
        try:
            self._step(step)
        except ReportRefused as exc:
            raise Refusal(str(exc), None) from None
        self.run_bots()

    def calls(self, seat: int | None) -> dict[str, object]:
        """What `seat` may do about the table events now: the calls it may say, the reports
        it may make (each about another player)."""
        table = self.table
        if table is None or seat is None or self.over or self.question is not None:
            return {"say": [], "report": []}
        say = [{"name": n, "what": table.specs[n].what} for n in table.due(seat)]
        report = [
            {"name": r.name, "report": r.report, "what": r.what, "about": a}
            for r in table.reportable()
            if r.kind == "conduct" and seat in r.by
            for a in r.about
            if a != seat
        ]
        report += [
            {"name": spec.name, "report": told, "what": spec.what, "about": a}
            for spec, told, about in self._may_be_due()
            for a in about
            if a != seat
        ]
        return {"say": say, "report": report}

    def close(self) -> None:
        """The round is dropped: a step waiting for a person's answer is abandoned."""
        self.question = None
        self.pause.close()

    def _replay(self, moves: Sequence[Step], bots_move: bool) -> None:
        swaps = self.game.legal_swaps()
        self.swap_pending = {
            s.seat for s in swaps if self.kinds[s.seat] == "person" and self.game.setup
        }
        self.replaying = True
        for step in moves:
            self._step(list(step))
        self.replaying = False
        if not self.game.setup:
            self.swap_pending.clear()
        if bots_move:
            self.run_bots()

    # -------------------------------------------------------------- what a seat sees

    def view(self, seat: int | None) -> dict[str, object]:
        """What `seat` may see (None: the table as a spectator sees it, no hand)."""
        game = self.game
        look = game.view(seat if seat is not None else 0)
        return {
            "round": self.options.round,
            "dealer": game.dealer,
            "turn": None if self.over else game.turn,
            "to_act": self.to_act(),
            "asking": self.question.ask.seat if self.question is not None else None,
            "calls": self.calls(seat),
            "hand": [_RANK_NAMES[r] for r in look.hand] if seat is not None else [],
            "hand_sizes": look.hand_sizes,
            "face_up": [[_RANK_NAMES[r] for r in up] for up in look.face_up],
            "face_down": look.face_down_counts,
            "pile": [[_RANK_NAMES[r], c] for r, c in look.pile],
            "pile_size": look.pile_size,
            "deck": look.deck_size,
            "removed": look.removed_size,
            "chain": look.chain,
            "obligation": look.obligation,
            "low": look.low,
            "bonus": look.bonus,
            "setup": look.setup,
            "finished": look.finished,
            "over": self.over,
            "stalled": self.stalled,
            "winner": game.winner,
            "places": game.places if game.over else [],
            "standins": sorted(self.standins),
        }


def _answer_of(ask: GameAsk, value: str) -> Any:
    """An offered answer's value (`ranks joined by -`, a seat, `yes`/`no`) as the ask's."""
    if ask.kind == CARDS:
        return [int(rank) for rank in value.split("-")]
    if ask.kind == SEAT:
        return int(value)
    assert ask.kind == YES_NO
    return value == "yes"


def _source(text: str, index: int) -> Source:
    return Source(text, f"<rule {index + 1}>")


def _encode(move: Move) -> Step:
    if isinstance(move, Play):
        return ["play", move.rank, move.count]
    if isinstance(move, Reveal):
        return ["reveal", move.index]
    return ["pickup"]


def _decode(step: Step) -> Move:
    kind = step[0]
    if kind == "play":
        return Play(int(step[1]), int(step[2]))
    if kind == "reveal":
        return Reveal(int(step[1]))
    if kind == "pickup":
        return PickUp()
    raise IllegalMoveError(f"{str(kind)[:20]!r} is not a move")
