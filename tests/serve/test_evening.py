"""The evening at the web table: the winner's rule checked live and added, the Rule Vote
with a ballot per device, Roshambo with secret throws, rulings, delete, reword, restore;
every step saved to the session file."""

from __future__ import annotations

from pathlib import Path

from lopti_rules.session import store
from tests.serve.helpers import (
    TENS_TAX,
    Msg,
    ask,
    client_for,
    make_service,
    seat,
    with_rule,
    won_round,
)


def test_the_winners_rule_is_checked_live_and_added(tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    service = make_service(path)
    with seat(client_for(service), service.tokens.host) as ws:
        state = won_round(ws)
        winner = state["evening"]["winner"]
        assert winner == state["names"][state["game"]["winner"]]
        typo = TENS_TAX.replace("ten:", "tenn:")
        checked = ask(ws, {"type": "check_rule", "text": typo})
        assert checked["type"] == "checked" and not checked["accepted"]
        (problem,) = checked["diagnostics"]
        assert problem["code"] == "LR503" and problem["line"] == 2 and problem["hint"]
        assert "ten" in problem["hint"]
        fine = ask(ws, {"type": "check_rule", "text": TENS_TAX})
        assert fine["accepted"] and fine["words"][0].startswith("Tens tax: After a ten clears")
        refused = ask(ws, {"type": "add_rule", "text": typo})
        assert refused["type"] == "error" and refused["clause"] == "R2-R4"
        state = ask(ws, {"type": "add_rule", "text": TENS_TAX})
        assert state["evening"]["rules"][0]["title"] == "Tens tax"
        assert state["evening"]["winner"] is None
        again = ask(ws, {"type": "add_rule", "text": TENS_TAX.replace("Tens", "Other")})
        assert again["type"] == "error" and "R0" in again["clause"]
    saved = store.load(path)
    assert [r.title for r in saved.rules_in_force()] == ["Tens tax"]
    assert saved.state.rules[0].author == winner


def test_a_player_who_did_not_win_cannot_add_the_rule() -> None:
    service = make_service()
    client = client_for(service)
    with seat(client, service.tokens.host) as host:
        state = won_round(host)
    loser = next(i for i in range(1, 4) if i != state["game"]["winner"])
    with seat(client, service.tokens.seat[loser]) as ws:
        ws.receive_json()
        refused = ask(ws, {"type": "add_rule", "text": TENS_TAX})
        assert refused["type"] == "error" and "W4" in refused["clause"]


def test_a_tied_vote_goes_to_roshambo_with_secret_throws(tmp_path: Path) -> None:
    service, author = with_rule(tmp_path)
    tokens = service.tokens
    names = service.names
    proposer = next(n for n in names if n != author)
    client = client_for(service)
    sockets = {}
    with (
        seat(client, tokens.host) as s0,
        seat(client, tokens.seat[1]) as s1,
        seat(client, tokens.seat[2]) as s2,
        seat(client, tokens.seat[3]) as s3,
    ):
        for i, ws in enumerate((s0, s1, s2, s3)):
            sockets[names[i]] = ws
            ws.receive_json()

        def everyone() -> dict[str, Msg]:
            return {n: ws.receive_json() for n, ws in sockets.items()}

        p = sockets[proposer]
        p.send_json({"type": "vote_open", "action": "remove", "rule": 1})
        seen = everyone()
        assert seen[author]["evening"]["vote"]["proposer"] == proposer
        yes = [proposer, next(n for n in names if n not in (proposer, author))]
        for name in names:
            sockets[name].send_json({"type": "ballot", "yes": name in yes})
            seen = everyone()
        twice = ask(sockets[author], {"type": "ballot", "yes": False})
        assert twice["type"] == "error"
        vote = seen[author]["evening"]["vote"]
        assert vote["roshambo"] == [proposer, author]
        (question,) = seen[author]["asks"]
        assert question["kind"] == "roshambo" and question["many"]
        assert seen[yes[1]]["asks"] == []
        sockets[author].send_json({"type": "answer", "id": question["id"], "choice": "R" * 40})
        seen = everyone()
        for msg in seen.values():  # thrown, but nobody sees the throws yet
            assert "RRRR" not in str(msg)
            assert msg["evening"]["vote"]["thrown"] == [author]
        (theirs,) = seen[proposer]["asks"]
        sockets[proposer].send_json({"type": "answer", "id": theirs["id"], "choice": "P" * 40})
        seen = everyone()
        assert seen[author]["evening"]["vote"] is None
        assert seen[author]["evening"]["rules"] == []
        assert any("Roshambo" in line for line in seen[author]["evening"]["history"])
    saved = store.load(tmp_path / "s.yaml")
    record = saved.state.votes[-1]
    assert record.result == "passed" and record.roshambo is not None
    assert record.roshambo.winner == proposer


def test_the_host_enters_votes_and_a_majority_passes(tmp_path: Path) -> None:
    service, _ = with_rule(tmp_path)
    client = client_for(service)
    host_token = service.tokens.host
    names = service.names
    with seat(client, host_token) as ws:
        ws.receive_json()
        state = ask(
            ws,
            {
                "type": "vote_open",
                "action": "base",
                "option": "places",
                "value": True,
                "proposer": names[1],
            },
        )
        assert state["evening"]["vote"]["proposer"] == names[1]
        for name in names[:3]:
            state = ask(ws, {"type": "ballot", "yes": True, "for": name})
        assert state["evening"]["vote"] is not None
        state = ask(ws, {"type": "vote_close"})
        assert state["evening"]["vote"] is None
        assert any("places" in line and "passes" in line for line in state["evening"]["history"])
    assert store.load(tmp_path / "s.yaml").options().places


def test_vote_refusals() -> None:
    service = make_service()
    client = client_for(service)
    with seat(client, service.tokens.host) as host, seat(client, service.tokens.seat[1]) as ben:
        host.receive_json(), ben.receive_json()
        bad = ask(ben, {"type": "vote_open", "action": "remove", "rule": 9})
        assert bad["type"] == "error" and bad["clause"] == "R0"
        procedure = ask(
            ben, {"type": "vote_open", "action": "base", "option": "roshambo", "value": False}
        )
        assert procedure["clause"] == "V10"
        nothing = ask(ben, {"type": "ballot", "yes": True})
        assert nothing["kind"] == "stale"
        ben.send_json({"type": "vote_open", "action": "base", "option": "places", "value": True})
        ben.receive_json(), host.receive_json()
        second = ask(
            ben, {"type": "vote_open", "action": "base", "option": "places", "value": True}
        )
        assert second["clause"] == "V1"
        for_other = ask(ben, {"type": "ballot", "yes": True, "for": "Cat"})
        assert for_other["kind"] == "forbidden"
        close = ask(ben, {"type": "vote_close"})
        assert close["kind"] == "forbidden"
        ben.send_json({"type": "vote_cancel"})
        assert ben.receive_json()["evening"]["vote"] is None
        host.receive_json()


def test_delete_reword_and_rulings_by_the_rules_creator(tmp_path: Path) -> None:
    service, author = with_rule(tmp_path)
    tokens = service.tokens
    names = service.names
    seat_no = names.index(author)
    token = tokens.host if seat_no == 0 else tokens.seat[seat_no]
    other = tokens.seat[1] if seat_no != 1 else tokens.seat[2]
    client = client_for(service)
    with seat(client, other) as ws:
        ws.receive_json()
        assert ask(ws, {"type": "delete_rule", "rule": 1})["clause"] == "V6"
        assert "R5" in ask(ws, {"type": "reword", "rule": 1, "text": TENS_TAX})["clause"]
    with seat(client, token) as ws:
        ws.receive_json()
        reworded = TENS_TAX.replace("Tens tax", "Ten tax")
        state = ask(ws, {"type": "reword", "rule": 1, "text": reworded})
        assert state["evening"]["rules"][0]["title"] == "Ten tax"
        state = ask(
            ws,
            {
                "type": "ruling",
                "rule": 1,
                "question": "Does a 10 from face-down count?",
                "answer": "Yes.",
            },
        )
        assert any("face-down" in line for line in state["log"])
        state = ask(ws, {"type": "delete_rule", "rule": 1})
        assert state["evening"]["rules"] == []
        assert state["evening"]["removed"] == [{"id": 1, "title": "Ten tax"}]
        state = ask(ws, {"type": "vote_open", "action": "restore", "rule": 1})
        for name in names[:3]:
            ws.send_json(
                {"type": "ballot", "yes": True, "for": name}
                if name != author
                else {"type": "ballot", "yes": True}
            )
            reply = ws.receive_json()
            if reply["type"] == "error":
                assert reply["kind"] == "forbidden"  # only the host enters votes for others
    saved = store.load(tmp_path / "s.yaml")
    assert saved.state.rulings[0].answer == "Yes."


def test_a_real_card_round_is_dealt_and_recorded_by_the_host(tmp_path: Path) -> None:
    service = make_service(tmp_path / "real.yaml")
    client = client_for(service)
    with seat(client, service.tokens.host) as ws, seat(client, service.tokens.seat[1]) as ben:
        ws.receive_json(), ben.receive_json()
        assert ask(ben, {"type": "new_round", "cards": "real"})["kind"] == "forbidden"
        state = ask(ws, {"type": "new_round", "cards": "real"})
        ben.receive_json()
        assert state["game"] is None and state["evening"]["in_play"]
        state = ask(ws, {"type": "finish_round", "winner": "Cat"})
        ben.receive_json()
        assert state["evening"]["winner"] == "Cat"
        bad = ask(ws, {"type": "finish_round", "winner": "Zed"})
        assert bad["type"] == "error"
    assert store.load(tmp_path / "real.yaml").state.rounds[0].winner == "Cat"


def test_a_change_made_to_the_session_file_meanwhile_is_read_and_the_stale_step_refused(
    tmp_path: Path,
) -> None:
    path = tmp_path / "evening.yaml"
    service = make_service(path)
    with seat(client_for(service), service.tokens.host) as ws:
        ws.receive_json()
        ask(ws, {"type": "new_round", "cards": "real"})
        elsewhere = store.load(path)  # as `lopti session finish` does, under the lock
        with store.locked(path):
            elsewhere.finish_round("Cat", [])
            store.save(elsewhere, path)
        # the deal was chosen on the evening as it was: refused, and the table shows the file
        refused = ask(ws, {"type": "new_round", "cards": "real"})
        assert refused["type"] == "error" and refused["kind"] == "stale", refused
        assert "revision" in refused["message"]
        assert ws.receive_json()["evening"]["winner"] == "Cat"
        state = ask(ws, {"type": "new_round", "cards": "real"})
        assert state["type"] == "state" and state["evening"]["current"] == 2
    assert store.load(path).state.rounds[0].winner == "Cat"


def test_the_supporters_defender_faces_the_proposer_when_the_creator_is_away(
    tmp_path: Path,
) -> None:
    service, author = with_rule(tmp_path)
    proposer, supporter, against = (n for n in service.names if n != author)
    client = client_for(service)
    other_token = service.tokens.seat[service.names.index(against)]
    with seat(client, service.tokens.host) as ws, seat(client, other_token) as other:
        ws.receive_json(), other.receive_json()
        forbidden = ask(other, {"type": "vote_defenders", "defenders": [against]})
        assert forbidden["kind"] == "forbidden"
        opened = {"type": "vote_open", "action": "remove", "rule": 1, "creator_absent": True}
        state = ask(ws, {**opened, "proposer": proposer})
        other.receive_json()
        assert state["evening"]["vote"]["chosen_defender"]
        unknown = ask(ws, {"type": "vote_defenders", "defenders": ["Zed"]})
        assert unknown["type"] == "error" and unknown["clause"] == "E1"
        state = ask(ws, {"type": "vote_defenders", "defenders": [against]})
        other.receive_json()
        assert state["evening"]["vote"]["defenders"] == [against]
        for name in (proposer, supporter, against):
            ask(ws, {"type": "ballot", "yes": name != against, "for": name})
            other.receive_json()
        state = ask(ws, {"type": "vote_close"})  # 2 of 4 players: a tie (V4, D31)
        assert state["evening"]["vote"]["roshambo"] == [proposer, against]
        late = ask(ws, {"type": "vote_defenders", "defenders": [supporter]})
        assert late["clause"] == "V11"


def test_an_old_rule_comes_back_at_setup_with_a_majority(tmp_path: Path) -> None:
    path = tmp_path / "setup.yaml"
    service = make_service(path)
    client = client_for(service)
    restore = {"type": "setup_restore", "text": TENS_TAX, "author": "Ben"}
    with seat(client, service.tokens.host) as ws, seat(client, service.tokens.seat[1]) as ben:
        state = ws.receive_json()
        ben.receive_json()
        assert state["evening"]["setup"]
        forbidden = ask(ben, {**restore, "yes": ["Ben", "Cat", "Dan"]})
        assert forbidden["kind"] == "forbidden"
        state = ask(ws, {**restore, "yes": ["Ann", "Ben"]})  # half is no majority (E3, D31)
        ben.receive_json()
        assert state["evening"]["rules"] == []
        assert any("does not come back" in line for line in state["log"])
        state = ask(ws, {**restore, "yes": ["Ann", "Ben", "Cat"]})
        ben.receive_json()
        (rule,) = state["evening"]["rules"]
        assert rule["title"] == "Tens tax" and rule["author"] == "Ben"
        ask(ws, {"type": "new_round", "cards": "real"})
        assert not ben.receive_json()["evening"]["setup"]
        late = ask(ws, {**restore, "yes": ["Ann", "Ben", "Cat"]})
        assert late["type"] == "error" and late["clause"] == "E3"
    assert [r.title for r in store.load(path).rules_in_force()] == ["Tens tax"]
