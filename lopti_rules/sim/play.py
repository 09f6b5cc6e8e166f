"""Playing simulated rounds: the part of a simulation that runs inside a worker.

Takes a `Table` (everything needed to play, as plain picklable values: the seat count, the
bots, the places variant, the move cap, and the rules in force as their text, path and
author's seat) and a range of game indices. Produces one `GameRecord` per game: winner,
places, moves, turns, pickups, clears, stalled, how often each rule fired and how many
times the runtime guard stopped a cascade.

Guarantees:
- Game `i` of a simulation with seed `S` is dealt and played from `game_seed(S, i)` alone,
  so its record does not depend on which worker plays it, in which chunk or in what order.
  Two tables with the same `S` play the same deals with the same bot randomness: that is
  what makes `vet`'s with/without comparison paired.
- Rules are checked and compiled once per process (`compiled`, cached by table), never per
  game; a table whose rules the checker rejects raises `RulesRejected`, so a rejected rule
  is never simulated.
- vet's arms (a table, and the same table with rules added) are played in pairs
  (`play_pairs`): a game in which no added rule fired is the same game without them, so
  only the games the rules changed are played twice.
- A table whose rules declare calls, races or conduct plays them with the seeded table model
  (`runtime.calls.TableModel`, `call_miss`), from its own RNG: the deals and the bots'
  choices are those of the same game without it.
- Turns, pickups and clears come from the engine's own counters (`Game.turns`, ...), so a
  table without rules plays on an idle bus, exactly as fast as the bare runner; with rules,
  the only extra work is the runtime's own (`Runtime.fires`, `Runtime.trips`) and the
  referee's (engine/referee.py), which watches every game with rules for a broken base
  guarantee (`breaches`).
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass, field, replace

from lopti_rules.api import ruleset_from_sources
from lopti_rules.bots import make_bots
from lopti_rules.bots.choices import chooser
from lopti_rules.bots.runner import DEFAULT_MAX_MOVES, run_round
from lopti_rules.bots.search import searching, seat_bots
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import EventBus, TableOptions
from lopti_rules.engine.referee import Breach, Referee
from lopti_rules.engine.variants import Variants
from lopti_rules.i18n import _
from lopti_rules.runtime import RuleEntry, RuleSet
from lopti_rules.runtime.calls import DEFAULT_CALL_MISS, TableModel, check_call_miss


@dataclass(frozen=True, slots=True)
class RuleText:
    """One rule file in force: its text, where it came from and its author's seat."""

    text: str
    path: str
    author: int
    line_offset: int = 0
    column_offset: int = 0

    @classmethod
    def of(cls, source: Source, author: int) -> RuleText:
        return cls(source.text, source.path, author, source.line_offset, source.column_offset)

    def entry(self) -> RuleEntry:
        source = Source(self.text, self.path, self.line_offset, self.column_offset)
        return RuleEntry(source, self.author)


@dataclass(frozen=True, slots=True)
class Table:
    """A simulated table: what every worker needs to play its games (picklable, hashable)."""

    players: int
    bots: str = "greedy"
    places: bool = False
    rules: tuple[RuleText, ...] = ()
    roster: tuple[str, ...] | None = None
    max_moves: int = DEFAULT_MAX_MOVES
    variants: Variants | None = None  # base variants in force (docs/variants.md)
    call_miss: float = DEFAULT_CALL_MISS  # a bot forgets a due call this often (calls.py)

    def check(self) -> tuple[str, ...]:
        """Raise ValueError or `RulesRejected` for a table that cannot be played; return the
        rules' titles, in order (also warms this process's cache before workers fork)."""
        TableOptions(players=self.players, places=self.places, variants=self.variants)
        make_bots(self.bots, self.players)
        if self.max_moves < 1:
            raise ValueError(_("--max-moves must be at least 1"))
        check_call_miss(self.call_miss)
        return compiled(self).titles


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one simulated round did. `fires` follows the table's rule titles, in order."""

    index: int
    winner: int | None
    moves: int
    turns: int
    pickups: int
    clears: int
    stalled: bool
    places: tuple[int, ...] = ()
    fires: tuple[int, ...] = field(default=())
    trips: int = 0
    # base guarantees the referee saw broken (engine/referee.py; the guard's trips aside),
    # and the clause of the first
    breaches: int = 0
    breach: str = ""


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a simulation seeded `seed`: a 63-bit hash of both, so
    neighbouring simulations (seed 1 and seed 2) share no deals."""
    digest = hashlib.blake2b(f"lopti-sim:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@functools.lru_cache(maxsize=8)
def compiled(table: Table) -> RuleSet:
    """The table's rules, checked together and compiled (once per process)."""
    roster = list(table.roster) if table.roster is not None else None
    return ruleset_from_sources([r.entry() for r in table.rules], roster=roster)


def play_game(table: Table, seed: int, index: int) -> GameRecord:
    """Play game `index` of the simulation seeded `seed` at `table`."""
    options = TableOptions(players=table.players, places=table.places, variants=table.variants)
    bots = make_bots(table.bots, table.players)
    gseed = game_seed(seed, index)
    if not table.rules and not searching(bots):
        result = run_round(options, gseed, bots, max_moves=table.max_moves)
        fires: tuple[int, ...] = ()
        trips = 0
        broken: list[Breach] = []
    else:
        rules = compiled(table) if table.rules else None
        bus = EventBus()
        choose = chooser(bots, gseed)
        runtime = rules.attach(bus, chooser=choose) if rules is not None else None
        seat_bots(bots, bus, options, rules)
        between = None
        if runtime is not None and runtime.table is not None:  # the table's calls and reports
            model = TableModel(runtime.table, gseed, table.call_miss)
            between = model.between
        referee = Referee(bus) if rules is not None else None
        result = run_round(
            options,
            gseed,
            bots,
            bus=bus,
            max_moves=table.max_moves,
            between=between,
            referee=referee,
        )
        broken = [b for b in referee.breaches if b.clause != "V8"] if referee else []
        titles = rules.titles if rules is not None else ()
        fires = tuple(runtime.fires.get(t, 0) for t in titles) if runtime is not None else ()
        trips = len(runtime.trips) if runtime is not None else 0
    game = result.game
    return GameRecord(
        index=index,
        winner=result.winner,
        moves=result.moves,
        turns=game.turns,
        pickups=game.pickups,
        clears=game.clears,
        stalled=result.stalled,
        places=tuple(result.places),
        fires=fires,
        trips=trips,
        breaches=len(broken),
        breach=broken[0].clause if broken else "",
    )


def play_games(table: Table, seed: int, start: int, stop: int) -> list[GameRecord]:
    """Games `start` .. `stop - 1`: one task of a simulation (see `pool.py`)."""
    return [play_game(table, seed, index) for index in range(start, stop)]


def extends(base: Table, table: Table) -> bool:
    """Whether `table` is `base` with rules added after its own (vet's two arms) such that a
    game of `table` in which no added rule fired is, move for move, the same game at `base`:
    the same seats, bots, places, variants and cap, the same guard limits, and no searching
    bot (a search reads the rules in force, fired or not)."""
    if table.rules[: len(base.rules)] != base.rules or len(table.rules) == len(base.rules):
        return False
    if replace(table, rules=base.rules) != base or searching(make_bots(base.bots, base.players)):
        return False
    return not base.rules or compiled(base).limits == compiled(table).limits


def play_pairs(
    base: Table, table: Table, seed: int, start: int, stop: int
) -> tuple[list[GameRecord], list[GameRecord]]:
    """Games `start` .. `stop - 1` at `base` and at `table`, which `extends` it. Each game is
    played at `table` first; when none of its added rules fired, the game at `base` was that
    same game (hooks that never run change nothing, and the bus runs the others alike), so
    its record is `table`'s without the added rules' counts; otherwise it is played."""
    kept = len(compiled(base).titles) if base.rules else 0
    without: list[GameRecord] = []
    with_: list[GameRecord] = []
    for index in range(start, stop):
        record = play_game(table, seed, index)
        with_.append(record)
        if any(record.fires[kept:]):
            without.append(play_game(base, seed, index))
        else:
            without.append(replace(record, fires=record.fires[:kept]))
    return without, with_


def play_chunk(
    tables: tuple[Table, ...], seed: int, start: int, stop: int
) -> tuple[list[GameRecord], ...]:
    """One task of a simulation (`pool.py`): games `start` .. `stop - 1` at one table, or
    at a pair `(base, table)` where `table` extends `base` (`play_pairs`)."""
    if len(tables) == 2:
        return play_pairs(tables[0], tables[1], seed, start, stop)
    (table,) = tables
    return (play_games(table, seed, start, stop),)
