"""Property tests over seeds, table sizes and bot mixes: whole rounds keep the invariants."""

from __future__ import annotations

import io
import random

from engine_helpers import total_cards
from hypothesis import given, settings
from hypothesis import strategies as st

from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import bot_rng, run_round
from lopti_rules.engine import EventBus, Game, IllegalMoveError, TableOptions
from lopti_rules.engine.eventlog import EventLog, header

tables = st.tuples(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=2, max_value=5),
    st.sampled_from(["random", "greedy", "greedy,random"]),
    st.booleans(),
)


def _bots(spec: str, n: int) -> str:
    return spec if "," not in spec else ",".join((spec.split(",") * n)[:n])


@settings(max_examples=60, deadline=None)
@given(tables)
def test_cards_conserved_and_only_legal_moves(case: tuple[int, int, str, bool]) -> None:
    seed, n, spec, places = case
    game = Game.new(TableOptions(players=n, places=places), seed)
    bots = make_bots(_bots(spec, n), n)
    rng = bot_rng(seed)
    moves = 0
    while not game.is_over() and moves < 20000:
        legal = game.legal_moves()
        assert legal, "a seat to act always has a move"
        move = bots[game.turn].choose(game.view(game.turn), legal, rng)
        assert move in legal
        game.apply(move)
        moves += 1
        assert total_cards(game) == 52
        assert game.chain < 4 and not (game.obligation and not game.pile_ranks)
        assert game.low == (bool(game.pile_ranks) and game.pile_ranks[-1] == 7)
    assert game.is_over(), "every round ends well inside the cap"
    assert game.winner == game.finished[0]
    if places:
        assert sorted(game.places) == list(range(n))
    assert game.legal_moves() == []


@settings(max_examples=25, deadline=None)
@given(tables)
def test_same_seed_same_event_log(case: tuple[int, int, str, bool]) -> None:
    seed, n, spec, places = case

    def log() -> str:
        out = io.StringIO()
        bus = EventBus()
        bus.observe(EventLog(out, header(seed, [str(s) for s in range(n)], [spec])))
        result = run_round(
            TableOptions(players=n, places=places), seed, make_bots(_bots(spec, n), n), bus=bus
        )
        assert not result.stalled and result.winner is not None
        return out.getvalue()

    assert log() == log()


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=2, max_value=5))
def test_refused_moves_change_nothing(seed: int, n: int) -> None:
    from lopti_rules.engine import Move, PickUp, Play, Reveal

    game = Game.new(TableOptions(players=n), seed)
    rng = random.Random(seed)
    for _ in range(40):
        if game.is_over():
            break
        legal = game.legal_moves()
        probes: list[Move] = [Play(r, c) for r in range(2, 15) for c in (1, 2)]
        probes += [PickUp(), Reveal(0)]
        for probe in probes:
            if probe in legal:
                continue
            before = game.position()
            try:
                game.apply(probe)
            except IllegalMoveError as err:
                assert "(" in str(err) and game.position() == before
            else:
                raise AssertionError(f"{probe} accepted but not listed as legal")
        game.apply(legal[rng.randrange(len(legal))])


def test_view_hides_hidden_cards() -> None:  # S3
    game = Game.new(TableOptions(players=3, dealer=0), seed=11)
    view = game.view(1)
    assert view.hand == game.position().hands[1]
    assert view.face_down_counts == [3, 3, 3] and view.hand_sizes == [3, 3, 3]
    public = [name for name in dir(view) if not name.startswith("_")]
    assert "hands" not in public and "face_down" not in public and "deck" not in public
    text = str(view)
    for seat in (0, 2):
        for rank in game.face_down[seat]:
            assert f"face-down {rank}" not in text
