"""The session file: round trip, hand edits reported at file:line:col, atomic writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lopti_rules.packs.pack import load_pack
from lopti_rules.session import Proposal, Session, store
from lopti_rules.session.roshambo import LineThrows
from tests.session.helpers import LOW_GIFT, ballots, remove, with_rule, won


def full_session() -> Session:
    """A session with every kind of record: rounds, places, rules, removals, base changes,
    votes with and without Roshambo."""
    session = with_rule()
    session.vote(remove(), ballots("Ben,Dan", "Cat,Ann"), LineThrows([("S" * 30, "R" * 30)]))
    session.deal()
    session.finish_round("Ben", ["Ben", "Ann"])
    session.add_rule("Ben", LOW_GIFT)
    session.vote(
        Proposal("base", "Ann", "next", option="places", value=True), ballots("Ann,Ben,Cat")
    )
    won(session, "Dan")
    session.vote(remove(2, "Ann"), ballots("Ann,Cat,Dan"))
    session.delete_rule(1, "Cat")
    return session


def test_round_trip_is_exact(tmp_path: Path) -> None:
    session = full_session()
    path = tmp_path / "friday.yaml"
    store.save(session, path)
    loaded = store.load(path)
    assert loaded.state == session.state
    store.save(loaded, path)  # the same session, one save (one revision) later
    assert loaded.state.revision == session.state.revision + 1
    session.state.revision += 1
    assert path.read_text(encoding="utf-8") == store.dump(session.state)


def test_the_file_is_readable_yaml(tmp_path: Path) -> None:
    text = store.dump(full_session().state)
    assert text.startswith("# A Lopti session")
    assert "players: [Ann, Ben, Cat, Dan]" in text
    assert '  text: |\n    rule "Tens tax":\n' in text
    assert "voted_yes: [Ben, Dan]" in text


def problem(tmp_path: Path, text: str) -> str:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(store.SessionFileError) as caught:
        store.load(path)
    return str(caught.value).replace(str(path), "s.yaml")


BASE = "name: T\nplayers: [Ann, Ben]\nfirst_dealer: Ann\n"


def test_hand_edit_problems_have_their_position(tmp_path: Path) -> None:
    assert problem(tmp_path, BASE + "colour: red\n") == "s.yaml:4:9: unknown key `colour`"
    assert problem(tmp_path, "name: [\n").startswith("s.yaml:2:1: this is not valid YAML")
    text = BASE + "rounds:\n  - round: 1\n    dealer: Ann\n    first: Zed\n"
    assert problem(tmp_path, text) == "s.yaml:7:12: `Zed` is not one of the players (Ann, Ben)"
    text = BASE + "rounds:\n  - round: one\n    dealer: Ann\n    first: Ann\n"
    assert problem(tmp_path, text) == "s.yaml:5:12: `rounds.0.round`: should be a whole number"


def test_two_votes_in_a_round_in_a_hand_edited_file_are_refused(tmp_path: Path) -> None:
    vote = (
        "  - round: 1\n    proposer: Ann\n    action: base\n    option: places\n"
        "    value: true\n    effective: now\n    count: rejected\n    result: rejected\n"
    )
    text = BASE + "votes:\n" + vote + vote
    assert problem(tmp_path, text) == (
        "s.yaml:13:5: a round has two Rule Votes: one per round (V1, V7)"
    )


def test_a_write_that_crashes_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.yaml"
    session = with_rule()
    store.save(session, path)
    before = path.read_text(encoding="utf-8")

    def crash(src: object, dst: object) -> None:
        raise OSError("disk unplugged")

    monkeypatch.setattr(os, "replace", crash)
    won(session, "Ann")
    with pytest.raises(OSError):
        store.save(session, path)
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["s.yaml"]  # no temp file left behind


def test_rules_in_force_export_as_a_pack_that_loads(tmp_path: Path) -> None:
    session = with_rule()
    path = tmp_path / "friday.yaml"
    path.write_text(store.pack_yaml(session), encoding="utf-8")
    pack = load_pack(path)
    assert pack.roster == ["Ann", "Ben", "Cat", "Dan"]
    assert [e.author for e in pack.entries] == [2]


def test_a_hand_edited_rule_is_checked_at_its_place(tmp_path: Path) -> None:
    text = store.dump(with_rule().state).replace("each other player draws 1", "Ben draws 1")
    message = problem(tmp_path, text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "Ben draws 1" in t)
    column = text.splitlines()[line - 1].index("Ben") + 1
    assert message.startswith(f"s.yaml:{line}:{column}: LR304 `Ben` is a player at this table")


def test_saving_keeps_the_files_permissions(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    store.save(with_rule(), path)
    assert path.stat().st_mode & 0o777 == 0o666 & ~_umask()
    path.chmod(0o640)
    store.save(with_rule(), path)
    assert path.stat().st_mode & 0o777 == 0o640


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
