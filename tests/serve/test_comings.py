"""People come and go, and play is paced: a bot stands in for a person who is gone (at once
by the host, or after the time the host set) and gives the seat back when they return; the
host abandons a round; the bots move on a beat; the winner's draft is shown to the table;
the end of a round is summed up; a refusal cites only the rulebook's clauses, once."""

from __future__ import annotations

import re
import time

from starlette.testclient import WebSocketTestSession

from lopti_rules.i18n.rulebook import load
from tests.serve.helpers import Msg, ask, client_for, deal, make_service, move_of, seat


def _until(ws: WebSocketTestSession, test: object, limit: int = 400) -> Msg:
    """The first state `ws` receives for which `test(state)` holds."""
    assert callable(test)
    for _ in range(limit):
        msg: Msg = ws.receive_json()
        if msg["type"] == "state" and test(msg):
            return msg
    raise AssertionError("no such state came")


def test_the_host_puts_a_bot_in_a_seat_and_its_person_takes_it_back() -> None:
    service = make_service()
    client = client_for(service)
    with seat(client, service.tokens.host) as ann:
        ann.receive_json()
        state = deal(ann, ["person", "person", "bot", "bot"])
        state = ask(ann, {"type": "stand_in", "seat": 1})
        assert state["type"] == "state" and state["game"]["standins"] == [1]
        assert state["game"]["asking"] is None and not state["asks"]  # Ben's swap: kept
        assert "A bot plays for Ben until they are back." in state["log"]
        moved = len(service.round.moves)  # type: ignore[union-attr]
        if not state["game"]["over"] and state["game"]["to_act"] == 0:
            state = ask(
                ann, {"type": "move", "seq": state["seq"], "move": move_of(state["legal"][0])}
            )
        assert state["game"]["over"] or state["game"]["to_act"] == 0  # Ben's turn went by
        assert len(service.round.moves) > moved  # type: ignore[union-attr]
        with seat(client, service.tokens.seat[1]) as ben:  # Ben is back
            back = _until(ben, lambda s: s["game"]["standins"] == [])
            assert "Ben is back and plays again." in " ".join(back["log"])
            refused = ask(ben, {"type": "seat_back"})
            assert refused["type"] == "error" and refused["kind"] == "stale"


def test_a_person_gone_longer_than_the_host_allows_is_played_by_a_bot() -> None:
    service = make_service()
    client = client_for(service, away_after=0.3)
    with seat(client, service.tokens.host) as ann:
        ann.receive_json()
        state = deal(ann, ["person", "person", "bot", "bot"])
        assert state["game"]["standins"] == []  # Ben never came: 0.3 s later a bot plays
        state = _until(ann, lambda s: s["game"]["standins"] == [1])
        assert state["away_after"] == 0.3
        refused = ask(ann, {"type": "away_after", "seconds": 120})
        assert refused["type"] == "state" and refused["away_after"] == 120


def test_only_the_host_stands_in_or_abandons() -> None:
    service = make_service()
    client = client_for(service)
    with seat(client, service.tokens.host) as ann, seat(client, service.tokens.seat[1]) as ben:
        ann.receive_json()
        ben.receive_json()
        deal(ann, ["person", "person", "bot", "bot"])
        for msg in ({"type": "stand_in", "seat": 0}, {"type": "abandon"}):
            refused = _reply(ben, msg)
            assert refused["kind"] == "forbidden", refused
        refused = _reply(ann, {"type": "stand_in", "seat": 2})  # a bot's seat
        assert refused["type"] == "error"


def _reply(ws: WebSocketTestSession, msg: Msg) -> Msg:
    ws.send_json(msg)
    return _until_error(ws)


def _until_error(ws: WebSocketTestSession) -> Msg:
    for _ in range(50):
        got: Msg = ws.receive_json()
        if got["type"] == "error":
            return got
    raise AssertionError("no error came")


def test_the_host_abandons_a_round_and_it_has_no_winner() -> None:
    service = make_service()
    with seat(client_for(service), service.tokens.host) as ann:
        ann.receive_json()
        deal(ann, ["person", "person", "bot", "bot"])
        state = ask(ann, {"type": "abandon"})
        assert state["game"]["over"] and state["game"]["stalled"]
        assert "The host abandons round 1: it has no winner." in state["log"]
        assert state["summary"]["stalled"] and state["summary"]["winner"] is None
        assert service.evening.session.state.rounds[0].finished
        state = ask(ann, {"type": "new_round", "seats": ["person", "bot", "bot", "bot"]})
        assert state["game"]["round"] == 2  # the table goes on


def test_the_bots_move_one_at_a_time_on_the_beat() -> None:
    service = make_service()
    with seat(client_for(service, beat=0.05), service.tokens.host) as ann:
        ann.receive_json()
        state = deal(ann, ["person", "bot", "bot", "bot"])
        if state["game"]["to_act"] != 0:
            state = _until(ann, lambda s: s["game"]["to_act"] == 0 or s["game"]["over"])
        if state["game"]["over"]:
            return
        started = time.monotonic()
        state = ask(ann, {"type": "move", "seq": state["seq"], "move": move_of(state["legal"][0])})
        seen = [state["game"]["to_act"]]
        while not state["game"]["over"] and state["game"]["to_act"] != 0:
            state = ann.receive_json()
            seen.append(state["game"]["to_act"])
        bots = [s for s in seen if s not in (0, None)]
        assert len(bots) >= 2 and bots[0] != 0  # each bot's move its own state
        assert time.monotonic() - started >= 0.05 * (len(seen) - 2)


def test_the_winners_draft_is_shown_to_the_whole_table() -> None:
    service = make_service()
    client = client_for(service)
    with seat(client, service.tokens.host) as ann, seat(client, service.tokens.seat[1]) as ben:
        ann.receive_json()
        ben.receive_json()
        state = ask(ann, {"type": "new_round", "seats": ["bot"] * 4})
        winner = state["evening"]["winner"]
        assert winner is not None and state["summary"]["places"]
        assert state["summary"]["winner"] == service.names.index(winner)
        ben.receive_json()
        text = 'rule "Skipper":\n    after play: skip next player\n'
        checked = ask(ann, {"type": "draft", "text": text})  # the host writes for the winner
        assert checked["type"] == "checked" and not checked["accepted"]
        seen = _until(ben, lambda s: s["draft"] is not None)
        draft = seen["draft"]
        assert draft["text"] == text and draft["by"] == winner and not draft["accepted"]
        assert any(d["code"] == "LR102" for d in draft["diagnostics"])
        if winner != "Ben":
            refused = _reply(ben, {"type": "draft", "text": text})
            assert refused["clause"] == "R0"


def test_a_refusal_cites_each_clause_once_and_only_the_rulebooks() -> None:
    book = load("en")
    service = make_service(seed=3)
    with seat(client_for(service), service.tokens.host) as ann:
        ann.receive_json()
        state = deal(ann)
        refusals = 0
        while not state["game"]["over"] and refusals < 5:
            offered = {(m.get("rank"), m.get("count")) for m in state["legal"]}
            tried = {"kind": "play", "rank": 4, "count": 1}
            if state["game"]["pile"] and (4, 1) not in offered:
                refused = ask(ann, {"type": "move", "seq": state["seq"], "move": tried})
                assert refused["type"] == "error"
                ids = refused["clause"].split(", ")
                assert len(ids) == len(set(ids)) and all(book.find(i) for i in ids), ids
                assert "(" not in refused["message"]
                refusals += 1
            state = ask(
                ann, {"type": "move", "seq": state["seq"], "move": move_of(state["legal"][0])}
            )
        assert refusals


def test_the_settle_answer_cites_only_the_rulebooks_clauses() -> None:
    service = make_service()
    book = load("en")
    with seat(client_for(service), service.tokens.host) as ann:
        ann.receive_json()
        for pile, play in (("5", "8"), ("8", "8 8"), ("9 9 9", "9"), ("5", "4")):
            answer = ask(ann, {"type": "settle", "pile": pile, "play": play})
            ids = answer["clause"].split(", ")
            assert all(book.find(i) for i in ids), (pile, play, ids)
            assert answer["message"].count(f"({answer['clause']})") == 1


def test_the_examples_the_page_offers_are_accepted_rules() -> None:
    from lopti_rules.serve.app import STATIC

    js = (STATIC / "app.js").read_text(encoding="utf-8")
    block = re.search(r"const EXAMPLES = \[(.*?)\];", js, re.S)
    assert block is not None
    found = re.findall(r"'(rule [^']*)'", block.group(1))
    texts = [text.replace("\\n", "\n") for text in found]
    assert len(texts) == 3
    service = make_service()
    for text in texts:
        checked = service.evening.check(text)
        assert checked["accepted"] and checked["words"], (text, checked["diagnostics"])


def test_the_roshambo_score_so_far_is_told_with_what_the_match_still_needs() -> None:
    from lopti_rules.serve.evening import NeedThrows, OpenVote
    from lopti_rules.session import Proposal

    proposal = Proposal(action="remove", proposer="Ann", effective="now", rule=1)
    vote = OpenVote(1, proposal, creator_absent=False)
    assert vote.score() is None  # no Roshambo yet
    vote.need = NeedThrows("Ann", "Ben", 30, 0)
    vote.matches = [list(zip("RRPS", "SRRR", strict=True))]  # Ann wins 2, Ben 1, one draw
    score = vote.score()
    assert score is not None
    assert (score["a"], score["b"], score["draws"]) == (2, 1, 1)
    assert "2-1 after 3 decisive throws" in str(score["said"]) and "30" in str(score["said"])


def test_the_icon_and_the_manifest_are_served() -> None:
    client = client_for(make_service())
    assert client.get("/favicon.ico").headers["content-type"].startswith("image/svg+xml")
    manifest = client.get("/static/manifest.json").json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon
    page = client.get("/").text
    assert 'rel="icon"' in page and 'rel="manifest"' in page
