"""Playing at the web table over the WebSocket: whole rounds, the setup swap, refusals with
the engine's clause, turns, and what each seat may see."""

from __future__ import annotations

import re

from lopti_rules.engine.cards import RANK_NAMES
from lopti_rules.i18n.rulebook import load as load_rulebook
from tests.serve.helpers import (
    NAMES,
    Msg,
    ask,
    client_for,
    deal,
    make_service,
    move_of,
    play_out,
    seat,
)

GAME_KEYS = {
    "round", "dealer", "turn", "to_act", "hand", "hand_sizes", "face_up", "face_down", "pile",
    "pile_size", "deck", "removed", "chain", "obligation", "low", "bonus", "setup", "finished",
    "over", "stalled", "winner", "places", "asking", "calls", "standins",
}  # fmt: skip


def test_a_person_plays_a_whole_round_against_three_bots() -> None:
    service = make_service()
    with seat(client_for(service), service.tokens.host) as ws:
        assert ws.receive_json()["game"] is None
        state = play_out(ws, deal(ws))
    game = state["game"]
    assert game["over"] and game["winner"] is not None
    assert any("wins the round" in line for line in state["log"])
    assert state["evening"]["current"] == 2
    history = service.evening.session.state.rounds
    assert history[0].finished and history[0].winner == state["names"][game["winner"]]


def test_the_setup_swap_is_offered_and_applied() -> None:
    service = make_service()
    with seat(client_for(service), service.tokens.host) as ws:
        ws.receive_json()
        state = ask(ws, {"type": "new_round", "seats": ["person", "bot", "bot", "bot"]})
        (question,) = state["asks"]
        assert question["kind"] == "swap" and question["options"][0]["value"] == "keep"
        assert state["legal"] == []  # nobody plays before the swaps are done (S4)
        refused = ask(ws, {"type": "move", "seq": state["seq"], "move": {"kind": "pickup"}})
        assert refused["clause"] == "S4"
        bad = ask(ws, {"type": "answer", "id": question["id"], "choice": "2-3-4"})
        assert bad["type"] == "error"
        stale = ask(ws, {"type": "answer", "id": "swap-9-9", "choice": "keep"})
        assert stale["kind"] == "stale"
        swap = question["options"][1]["value"]
        hand_rank, up_rank = (RANK_NAMES[int(r)] for r in swap.split("-"))
        state = ask(ws, {"type": "answer", "id": question["id"], "choice": swap})
        assert state["asks"] == []
        game = state["game"]
        assert up_rank in game["hand"] and hand_rank in game["face_up"][0]


def _illegal_play(state: Msg) -> Msg | None:
    """A play of cards in hand that the server did not offer."""
    offered = {(m.get("rank"), m.get("count")) for m in state["legal"]}
    names = {v: k for k, v in RANK_NAMES.items()}
    for name in state["game"]["hand"]:
        rank = names[name]
        if (rank, 1) not in offered:
            return {"kind": "play", "rank": rank, "count": 1}
    return None


def test_an_illegal_move_is_refused_with_the_engines_clause_and_changes_nothing() -> None:
    service = make_service()
    with seat(client_for(service), service.tokens.host) as ws:
        ws.receive_json()
        state = deal(ws)
        tried = 0
        while not state["game"]["over"] and tried < 3:
            bad = _illegal_play(state)
            if bad is not None and state["game"]["to_act"] == 0:
                refused = ask(ws, {"type": "move", "seq": state["seq"], "move": bad})
                assert refused["type"] == "error" and refused["kind"] == "illegal"
                # the clauses once, beside the sentence, and each one the rulebook has
                assert refused["clause"] and refused["clause"] not in refused["message"]
                book = load_rulebook("en")
                assert all(book.find(c) for c in refused["clause"].split(", "))
                assert service.seq == state["seq"]
                tried += 1
            state = ask(
                ws, {"type": "move", "seq": state["seq"], "move": move_of(state["legal"][0])}
            )
        assert tried, "the round gave no chance to try an illegal play"
        missing = ask(
            ws, {"type": "move", "seq": state["seq"], "move": {"kind": "play", "rank": 3}}
        )
        assert missing["type"] == "error"


def test_stale_and_out_of_turn_moves_are_refused() -> None:
    service = make_service()
    client = client_for(service)
    with seat(client, service.tokens.host) as ann, seat(client, service.tokens.seat[1]) as ben:
        ann.receive_json()
        ben.receive_json()
        states = [ask(ann, {"type": "new_round", "seats": ["person", "person", "bot", "bot"]})]
        states.append(ben.receive_json())
        for ws, state in ((ann, states[0]), (ben, states[1])):
            for question in state["asks"]:
                ws.send_json({"type": "answer", "id": question["id"], "choice": "keep"})
                states = [ann.receive_json(), ben.receive_json()]
        to_act = states[0]["game"]["to_act"]
        assert to_act in (0, 1), "a bot is to act: this seed does not test the refusal"
        idle = 1 - to_act
        sockets = (ann, ben)
        reply = ask(
            sockets[idle], {"type": "move", "seq": states[idle]["seq"], "move": {"kind": "pickup"}}
        )
        assert reply["kind"] == "out_of_turn" and reply["clause"] == "S7"
        legal = states[to_act]["legal"]
        stale = {"type": "move", "seq": states[to_act]["seq"] - 1, "move": move_of(legal[0])}
        assert ask(sockets[to_act], stale)["kind"] == "stale"
        fresh = {"type": "move", "seq": states[to_act]["seq"], "move": move_of(legal[0])}
        assert ask(sockets[to_act], fresh)["type"] == "state"


def test_each_seat_sees_only_its_own_hand_in_every_message() -> None:
    service = make_service()
    client = client_for(service)
    received: list[Msg] = []
    with seat(client, service.tokens.host) as ann, seat(client, service.tokens.seat[2]) as cat:
        ann.receive_json()
        received.append(cat.receive_json())
        state = ask(ann, {"type": "new_round", "seats": ["person", "bot", "bot", "bot"]})
        received.append(cat.receive_json())
        for question in state["asks"]:
            state = ask(ann, {"type": "answer", "id": question["id"], "choice": "keep"})
            received.append(cat.receive_json())
        while not state["game"]["over"]:
            state = ask(
                ann, {"type": "move", "seq": state["seq"], "move": move_of(state["legal"][0])}
            )
            msg = cat.receive_json()
            received.append(msg)
            game = service.round.game  # type: ignore[union-attr]
            mine = sorted(RANK_NAMES[r] for r in game.view(2).hand)
            assert sorted(msg["game"]["hand"]) == mine
    assert len(received) > 5
    for msg in received:
        assert "joins" not in msg and msg["you"] == 2 and msg["host"] is False
        game = msg["game"]
        if game is None:
            continue
        assert set(game) == GAME_KEYS
        assert all(isinstance(n, int) for n in game["face_down"])  # counts, never cards
        assert all(isinstance(n, int) for n in game["hand_sizes"])
        assert len(game["hand"]) == game["hand_sizes"][2]
        assert msg["legal"] == [] and msg["asks"] == []


def test_the_log_never_names_a_card_given_from_hand_to_hand() -> None:
    from lopti_rules.engine import TableOptions
    from lopti_rules.packs.pack import load_pack
    from lopti_rules.serve.table import Round
    from tests.serve.helpers import ROOT

    pack = load_pack(ROOT / "examples" / "packs" / "gentle.yaml")
    rules = [(entry.source.text, entry.author) for entry in pack.entries]
    given = []
    for seed in range(5):
        played = Round.deal(NAMES, ["bot"] * 4, TableOptions(4, dealer=0), seed, rules)
        given += [line for line in played.log if "Low gift" in line]
    assert given, "the pack's Low gift never fired"
    told = re.compile(r"gives \w+ (a card|\d cards)|has no card to give")
    assert all(told.search(line) for line in given), given


def test_each_state_brings_only_the_log_lines_the_client_has_not_had() -> None:
    service = make_service()
    client = client_for(service)
    with seat(client, service.tokens.host) as ws:
        ws.receive_json()
        state = deal(ws)
        told = state["log_start"] + len(state["log"])
        move = {"type": "move", "seq": state["seq"], "move": move_of(state["legal"][0])}
        after = ask(ws, move)
        assert after["log_start"] == told and after["log"]  # the lines of this move only
        lines = after["log_start"] + len(after["log"])
        with seat(client, service.tokens.host) as again:  # a reload: the tail of the log
            fresh = again.receive_json()
        assert fresh["log_start"] + len(fresh["log"]) == lines
        assert fresh["log"][-len(after["log"]) :] == after["log"]
        assert len(fresh["log"]) > len(after["log"])
