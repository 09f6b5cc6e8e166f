"""Pass 6: endless loops (LR203), over every rule checked together (R3).

Takes every unit, in the order the rules came into force; produces the trigger graph and
its cycles, and reports LR203 at the hook that closes each cycle.

The trigger graph has one node per hookable event. A hook on event E (either timing, any
condition: every condition is treated as possibly true) adds an edge E -> F for every event F
its actions can emit, nested blocks included. One condition is read: a hook that requires
`player is not the "T"` and emits E only through actions of the holder of T (`the "T" draws 1`
in `after draw`) cannot feed itself, since each E it emits is the holder's, so its E -> E edge
is left out, provided the holder cannot change in between and no other hook brings E from E
(`self_feeding`). The base game adds its automatic consequences, the `BASE_EDGES` below; a
player's decision is never an edge (the play made with a bonus, a turn's play or pickup, the
optional swap). `docs/checker.md` gives the reason for each base edge and the soundness
argument; in short: events outside `BOUNDED` can only recur through edges, so if no cycle
avoids the bounded events, every cascade of hook-triggered events is finite.

Cycles are found incrementally: hooks are added in order (unit, then position), and when a
hook's edge E -> F closes a path F -> ... -> E, LR203 is reported at that hook, naming every
step of the cycle with the hook (rule title, timing, file and line) or base rule behind it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from lopti_rules.check import facets
from lopti_rules.check.conds import conjuncts
from lopti_rules.diagnostics.source import Source, Span
from lopti_rules.i18n import N_, _
from lopti_rules.language import ast, catalog, constructs

# event -> (event it brings automatically, why): the base game's consequences. Left out on
# purpose (each is a player's decision): bonus -> play (T5), turn -> play or pickup (T2),
# deal -> swap (S4), round -> vote (V1), a variant's choice (who plays next, a jump-in:
# docs/variants.md VN1, VJ1; their turns are the play -> turn edge), and turn -> turn (a
# turn's end brings the next turn's start, but that turn ends only after its player decides).
# No action emits `turn`: a custom pickup does not end a turn (LANGUAGE.md §4).
BASE_EDGES: dict[str, tuple[tuple[str, str], ...]] = {
    "round": (("deal", N_("a round starts with the deal (S3)")),),
    "deal": (("turn", N_("the first turn follows the deal (S6)")),),
    "play": (
        ("skip", N_("with a skip variant, a play of its rank skips players (VS1)")),
        ("reverse", N_("with a reverse variant, a play of its rank turns the direction (VR1)")),
        ("clear", N_("a play can clear the pile (C1, X10.2)")),
        ("draw", N_("a play is followed by the turn's draw (T4)")),
        ("take_up", N_("a play can empty the hand (F2)")),
        ("finish", N_("playing the last card goes out (W1)")),
        ("turn", N_("a play that does not clear ends the turn (T6)")),
    ),
    "reveal": (
        ("play", N_("a legal face-down card is played (F5)")),
        ("pickup", N_("an illegal face-down card takes the pile (F6)")),
        ("turn", N_("an illegal face-down card ends the turn (F6, T6)")),
    ),
    "clear": (("bonus", N_("a clear always grants a bonus play (C3, T5)")),),
    "finish": (
        ("win", N_("the first player out wins (W4)")),
        ("round", N_("going out can end the round (D28)")),
        ("turn", N_("going out ends the turn (T6)")),
    ),
    "win": (("round", N_("the round ends when the first player goes out (D28)")),),
    "draw": (("take_up", N_("drawing the deck's last card can bring face-up cards up (F2)")),),
    "reverse": (("skip", N_("with two players in, a reverse acts as a skip (VR2)")),),
    "skip": (("turn", N_("after the skipped players, the next turn begins (VS1)")),),
}

# events that happen a bounded number of times per round whatever the rules do, because
# they use up cards no action ever gives back: face-up cards (take_up), face-down cards
# (reveal), a player's last card (finish), the first finisher (win). A cycle through one
# of them can only turn a bounded number of times. These are engine guarantees the checker's
# soundness depends on; for take_up, `Game.take_up` never starts a take-up inside the same
# seat's take-up (`Game._taking_up`), else `before take_up: player takes 1 card from the
# removed cards` + `player discards 1` would recurse (docs/checker.md; a test plays it).
BOUNDED: frozenset[str] = frozenset({"take_up", "reveal", "finish", "win"})

# the nodes: the hookable events, then the table reports (which no edge reaches: a report is
# never an automatic consequence and no action emits one, so a hook on one starts no cycle)
_ORDER = {name: i for i, name in enumerate((*catalog.HOOKABLE, *catalog.REPORTS))}


@dataclass(frozen=True, slots=True)
class HookRef:
    """A hook, as named in a loop message."""

    source: Source
    rule: str
    hook: ast.Hook
    index: int  # position in the order the hooks came into force

    @property
    def head(self) -> Span:
        return self.hook.timing_span.cover(self.hook.event.span)

    def describe(self, here: Source) -> str:
        line = self.source.outer(self.hook.span).line
        where = (
            _("line {line}").format(line=line)
            if self.source is here
            else f"{self.source.path}:{line}"
        )
        return f'"{self.rule}" `{self.hook.timing} {self.hook.event.name}` ({where})'


@dataclass(frozen=True, slots=True)
class Step:
    start: str
    end: str
    by: HookRef | str  # the hook, or the base rule's reason


@dataclass(frozen=True, slots=True)
class Cycle:
    """A cycle of the trigger graph, closed by `closing`."""

    closing: HookRef
    steps: tuple[Step, ...]

    @property
    def events(self) -> tuple[str, ...]:
        return (*(s.start for s in self.steps), self.steps[0].start)

    def hooks(self) -> list[HookRef]:
        return [s.by for s in self.steps if isinstance(s.by, HookRef)]

    def message(self) -> str:
        here = self.closing.source
        path = " → ".join(f"`{e}`" for e in self.events)
        parts = []
        for s in self.steps:
            if isinstance(s.by, HookRef):
                who = s.by.describe(here)
            else:
                who = _("the base game: {reason}").format(reason=_(s.by))
            parts.append(_("{who} makes `{event}`").format(who=who, event=s.end))
        return _("endless loop: {path} can repeat forever: {steps}").format(
            path=path, steps="; ".join(parts)
        )

    def report(self) -> None:
        self.closing.source.report(
            "LR203",
            self.closing.head,
            self.message(),
            _("break the cycle: hook another event, or drop the action that leads back"),
        )


def emitted_events(actions: tuple[ast.Action, ...]) -> list[str]:
    """The events the actions can emit, nested blocks included, in catalogue order."""
    found: set[str] = set()
    for action in ast.walk_actions(actions):
        found.update(facets.of(action).emits)  # a hand emptied brings `take_up` (F2)
    return sorted(found, key=_ORDER.__getitem__)


class TriggerGraph:
    """Event -> event edges, each with what makes it (base rule reason or hooks, in order)."""

    def __init__(self) -> None:
        self.edges: dict[str, dict[str, list[HookRef | str]]] = {e: {} for e in _ORDER}
        for start, ends in BASE_EDGES.items():
            for end, why in ends:
                self.edges[start].setdefault(end, []).append(why)

    def add(self, ref: HookRef, feeds: FeedsItself | None = None) -> list[str]:
        """Add a hook's edges; returns the events it emits. With `feeds` (`self_feeding`), a
        hook that cannot fire itself again gets no edge back to its own event."""
        start = ref.hook.event.name
        ends = emitted_events(ref.hook.actions)
        if feeds is not None and not feeds(ref.hook):
            ends = [end for end in ends if end != start]
        for end in ends:
            self.edges[start].setdefault(end, []).append(ref)
        return ends

    def reachable(self, start: str) -> set[str]:
        """Every event a cascade from `start` can reach, `start` included."""
        seen, stack = {start}, [start]
        while stack:
            for nxt in self.edges[stack.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen

    def path(self, start: str, goal: str) -> list[str] | None:
        """The shortest path start -> ... -> goal avoiding bounded events (deterministic)."""
        if start == goal:
            return [start]
        parent: dict[str, str] = {start: start}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for nxt in sorted(self.edges[node], key=_ORDER.__getitem__):
                if nxt in parent or nxt in BOUNDED:
                    continue
                parent[nxt] = node
                if nxt == goal:
                    out = [goal]
                    while out[-1] != start:
                        out.append(parent[out[-1]])
                    return out[::-1]
                queue.append(nxt)
        return None

    def step(self, start: str, end: str) -> Step:
        makers = self.edges[start][end]
        base = [m for m in makers if isinstance(m, str)]
        return Step(start, end, base[0] if base else makers[0])


# a hook -> whether it can fire itself again through its own event (its edge E -> E is kept)
FeedsItself = Callable[[ast.Hook], bool]


def self_feeding(units: Sequence[tuple[Source, ast.File]]) -> FeedsItself:
    """Whether each hook of the units can fire itself again through the event it is on. It
    cannot when it requires `player is not the "T"` (in its top-level `and`) and every action
    of it that emits its event E is one the holder of T takes (`the "T" draws 1`): each E it
    emits is the holder's, on which it does not fire. That holds only while the holder stays
    the same through a cascade from E (no hook on an event the full trigger graph reaches
    from E gives T, and `finish`, which passes a finished holder's titles on, is not among
    those events), and only when no other hook, nor the base game, brings E from E: else
    the holder's E could fire that one, whose E fires this one again (two such hooks, on a
    "mate" and a "pal", feed each other). False for a hook that never brings its own event."""
    graph = trigger_graph(units)
    given: dict[str, set[str]] = {}  # title -> the events of the hooks that give it
    for _source, tree in units:
        for rule in tree.rules:
            for hook in rule.hooks:
                for action in ast.walk_actions(hook.actions):
                    if isinstance(action, ast.Become):
                        given.setdefault(action.title.value, set()).add(hook.event.name)
    again: dict[str, int] = {}  # event -> the hooks on it that can emit it
    for ref in hook_refs(units):
        event = ref.hook.event.name
        if event in emitted_events(ref.hook.actions):
            again[event] = again.get(event, 0) + 1

    def holder_fixed(title: str, event: str) -> bool:
        reached = graph.reachable(event)
        return "finish" not in reached and not (given.get(title, set()) & reached)

    def feeds(hook: ast.Hook) -> bool:
        event = hook.event.name
        if event not in emitted_events(hook.actions):
            return False  # it never brings its own event
        base = any(end == event for end, _ in BASE_EDGES.get(event, ()))
        if hook.cond is None or base or again.get(event, 0) > 1:
            return True
        excluded = {
            c.title.title.value
            for c in conjuncts(hook.cond)
            if isinstance(c, ast.Titled) and c.negated and c.who.name == "player"
        }
        for action in ast.walk_actions(hook.actions):
            if event not in facets.of(action).emits:
                continue
            target = constructs.first_target(action)
            if not (
                facets.of(action).visit == "seat"
                and isinstance(target, ast.TitleTarget)
                and target.title.value in excluded
                and holder_fixed(target.title.value, event)
            ):
                return True
        return False

    return feeds


def hook_refs(units: Sequence[tuple[Source, ast.File]]) -> list[HookRef]:
    """Every hook on a hookable event, in the order the rules came into force.

    An `instead of` hook is left out: it is already LR101, and what it means (a replacement)
    would not trigger its own event again.
    """
    refs: list[HookRef] = []
    for source, tree in units:
        for rule in tree.rules:
            for hook in rule.hooks:
                if hook.event.name in _ORDER and hook.timing != "instead of":
                    refs.append(HookRef(source, rule.title.value, hook, len(refs)))
    return refs


def trigger_graph(units: Sequence[tuple[Source, ast.File]]) -> TriggerGraph:
    """The full trigger graph of the units (base edges and every hook's edges)."""
    graph = TriggerGraph()
    for ref in hook_refs(units):
        graph.add(ref)
    return graph


def cycles(units: Sequence[tuple[Source, ast.File]]) -> list[Cycle]:
    """One cycle per hook that closes one, each naming every step; [] when loop-free."""
    graph = TriggerGraph()
    feeds = self_feeding(units)
    found: list[Cycle] = []
    for ref in hook_refs(units):
        start = ref.hook.event.name
        best: list[str] | None = None
        for end in graph.add(ref, feeds):
            if start in BOUNDED or end in BOUNDED:
                continue
            back = graph.path(end, start)
            if back is not None and (best is None or len(back) < len(best) - 1):
                best = [start, *back]
        if best is None:
            continue
        steps = [Step(best[0], best[1], ref)]
        steps += [graph.step(a, b) for a, b in pairwise(best[1:])]
        found.append(Cycle(ref, tuple(steps)))
    return found
