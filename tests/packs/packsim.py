"""Play a pack's rules for many seeds with bots, and count what happened.

`simulate(path, seeds)` loads the pack once (checked: a rejected pack raises), then plays one
round per seed with greedy bots and the pack's rules in force, and returns a `Tally`: how
often each rule fired in total and in how many rounds, guard stops, rounds that stalled at
the move cap. Used by the example-pack tests and to tune the examples.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from lopti_rules.api import ruleset_from_pack
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import EventBus, TableOptions
from lopti_rules.packs.pack import load_pack
from lopti_rules.runtime import GuardTrip
from lopti_rules.runtime.calls import TableModel


@dataclass
class Tally:
    titles: tuple[str, ...]
    rounds: int = 0
    stalled: int = 0
    moves: int = 0  # over all rounds
    fires: Counter[str] = field(default_factory=Counter)
    rounds_fired: Counter[str] = field(default_factory=Counter)
    trips: list[GuardTrip] = field(default_factory=list)

    def never_fired(self) -> list[str]:
        return [t for t in self.titles if not self.fires[t]]


def simulate(path: str | Path, seeds: range, bots: str = "greedy") -> Tally:
    pack = load_pack(path)
    rules = ruleset_from_pack(pack)
    players = len(pack.roster) if pack.roster else 4
    tally = Tally(rules.titles)
    for seed in seeds:
        bus = EventBus()
        runtime = rules.attach(bus)
        options = TableOptions(players=players, places=pack.pack.base.places)
        # calls, races and conduct: the bots' seeded table model makes the reports
        between = TableModel(runtime.table, seed).between if runtime.table else None
        result = run_round(options, seed, make_bots(bots, players), bus=bus, between=between)
        tally.rounds += 1
        tally.stalled += result.stalled
        tally.moves += result.moves
        for title, n in runtime.fires.items():
            tally.fires[title] += n
            tally.rounds_fired[title] += bool(n)
        tally.trips += runtime.trips
    return tally


if __name__ == "__main__":  # python tests/packs/packsim.py PACK [SEEDS]
    import sys

    got = simulate(sys.argv[1], range(int(sys.argv[2]) if len(sys.argv) > 2 else 200))
    print(
        f"{got.rounds} rounds, {got.stalled} stalled, {len(got.trips)} guard stops, "
        f"{got.moves / max(got.rounds, 1):.0f} moves a round"
    )
    for title in got.titles:
        print(f"  {title}: {got.fires[title]} fires in {got.rounds_fired[title]} rounds")
