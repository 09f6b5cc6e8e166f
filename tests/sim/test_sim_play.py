"""Playing simulated games: per-game seeds, records that do not depend on chunking, worker
count or executor, the engine's counters agreeing with the event bus, rejected rules."""

from __future__ import annotations

import dataclasses

import pytest

from lopti_rules.api import compile_unchecked, load_rules
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import Event, EventBus, TableOptions
from lopti_rules.runtime import GuardLimits, RulesRejected
from lopti_rules.sim import Table, game_seed, simulate
from lopti_rules.sim.play import extends, play_game, play_games
from lopti_rules.sim.pool import MAX_CHUNK, chunks, run

from .sim_helpers import CROWN, ROOT, TENS_TAX, rule, table


def test_game_seeds_are_stable_and_distinct() -> None:
    seeds = {game_seed(s, i) for s in range(5) for i in range(200)}
    assert len(seeds) == 1000
    assert game_seed(3, 17) == game_seed(3, 17)
    assert 0 <= game_seed(2**40, 10**9) < 2**63


def test_chunks_cover_every_game_once() -> None:
    for games in (1, 9, 10, 11, 999, 5000):
        for workers in (1, 2, 7):
            ranges = chunks(games, workers, 2)
            covered = [i for start, stop in ranges for i in range(start, stop)]
            assert covered == list(range(games))
            assert all(0 < stop - start <= MAX_CHUNK for start, stop in ranges)
    assert len(chunks(2000, 2, 1)) >= 2 * 4  # enough chunks to keep both workers busy
    assert chunks(0, 2) == []


def test_a_record_depends_only_on_the_seed_and_index() -> None:
    t = table(TENS_TAX)
    whole = play_games(t, 5, 0, 12)
    assert whole == play_games(t, 5, 0, 7) + play_games(t, 5, 7, 12)
    assert whole[9] == play_game(t, 5, 9)
    assert play_games(t, 6, 0, 12) != whole


@pytest.mark.parametrize("players", [2, 3, 5])
def test_engine_counters_agree_with_the_bus(players: int) -> None:
    rules = load_rules([TENS_TAX, CROWN])
    counted: dict[str, int] = {}

    def count(event: Event) -> None:
        counted[event.name] = counted.get(event.name, 0) + 1

    for seed in range(40):
        counted.clear()
        bus = EventBus()
        rules.attach(bus)
        for name in ("turn", "pickup", "clear"):
            bus.subscribe(name, "after", count)
        options = TableOptions(players=players, places=players == 3)
        game = run_round(options, seed, make_bots("random", players), bus=bus).game
        assert (game.turns, game.pickups, game.clears) == (
            counted.get("turn", 0),
            counted.get("pickup", 0),
            counted.get("clear", 0),
        )


def test_records_are_identical_for_any_worker_count() -> None:
    tables = [Table(4), table(TENS_TAX, CROWN)]
    one = run(tables, 60, 3, workers=1)
    assert one == run(tables, 60, 3, workers=2)
    assert one == run(tables, 60, 3, workers=3)
    assert [r.index for r in one[1]] == list(range(60))
    assert one[1][0].fires and len(one[1][0].fires) == 2


def test_the_two_arms_share_their_deals() -> None:
    # a rule that never changes a round leaves every record as it was, game by game
    never = 'rule "Giant pile":\n    after pickup when count >= 60:\n        player draws 1\n'
    plain, ruled = run([Table(3), table(never, players=3)], 30, 9)
    assert [dataclasses.replace(r, fires=()) for r in ruled] == plain


COMEBACK = (ROOT / "examples/rules/comeback.lopti").read_text(encoding="utf-8")


@pytest.mark.parametrize("base", [Table(4), table(TENS_TAX)], ids=["no rules", "a pack"])
def test_vets_arms_played_as_pairs_give_each_arms_own_records(base: Table) -> None:
    # vet plays a game with the rule first and reuses it for the arm without the rule when
    # the rule never fired in it: the records must be those of each arm played alone
    added = dataclasses.replace(base, rules=(*base.rules, rule(COMEBACK, 1, "<comeback>")))
    assert extends(base, added) and not extends(added, base)
    paired = run([base, added], 40, 2, workers=1)
    assert paired == [run([base], 40, 2)[0], run([added], 40, 2)[0]]
    assert paired == run([base, added], 40, 2, workers=2)
    fired = sum(1 for r in paired[1] if r.fires[-1])
    assert 0 < fired < 40  # games the rule changed, and games it did not


def test_only_the_same_table_with_rules_added_is_played_as_a_pair() -> None:
    base = table(TENS_TAX)
    crown = rule(CROWN, 0, "<crown>")
    assert extends(base, dataclasses.replace(base, rules=(*base.rules, crown)))
    assert not extends(base, base)
    assert not extends(base, dataclasses.replace(base, rules=(crown, *base.rules)))
    assert not extends(base, dataclasses.replace(base, players=3, rules=(*base.rules, crown)))
    searching = dataclasses.replace(base, bots="easy")
    assert not extends(searching, dataclasses.replace(searching, rules=(*base.rules, crown)))


def test_a_rejected_rule_is_never_simulated() -> None:
    looping = 'rule "Echo":\n    after draw:\n        player draws 1\n'
    with pytest.raises(RulesRejected):
        simulate([table(looping)], 5, 0)


def test_bad_tables_fail_in_one_sentence() -> None:
    with pytest.raises(ValueError, match="--games"):
        simulate([Table(4)], 0, 0)
    with pytest.raises(ValueError, match="--workers"):
        simulate([Table(4)], 5, 0, workers=0)
    with pytest.raises(ValueError, match="not a bot"):
        simulate([Table(4, "clever")], 5, 0)
    with pytest.raises(ValueError, match="max-moves"):
        simulate([Table(4, max_moves=0)], 5, 0)


def test_the_progress_bar_writes_to_stderr_only_when_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run([Table(2)], 20, 0)  # stderr is not a terminal here: no bar
    assert capsys.readouterr() == ("", "")
    run([Table(2)], 20, 0, progress=True, label="testing")
    out, err = capsys.readouterr()
    assert out == "" and "testing" in err and "20/20" in err


def test_guard_trips_and_fires_are_counted_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # the checker never lets a looping rule through: force one past it to make the guard trip
    echo = 'rule "Echo":\n    after draw:\n        player draws 1\n'
    forced = compile_unchecked(echo, limits=GuardLimits(depth=3))
    monkeypatch.setattr("lopti_rules.sim.play.compiled", lambda _table: forced)
    records = play_games(table(TENS_TAX), 1, 0, 5)
    assert all(r.trips > 0 and r.fires[0] > 0 for r in records)
    assert len(records[0].fires) == 1  # one count per title of the rules in force
