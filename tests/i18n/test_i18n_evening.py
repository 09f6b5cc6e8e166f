"""A whole evening in each language, with no English sentence of the catalogue left in.

The evening: a narrated round with a house rule firing, a session (a winner's rule, a tied
Rule Vote settled by Roshambo, a ruling without a majority, an undo, the history and the
state), a vetting and a simulation with their figures, a conformance run with a failing
scenario (every expectation of its step wrong) beside a passing one, the web table's labels
and the `--help` of the commands. Everything they print is gathered, and the test fails when any
English message of the catalogue (a run of at least two words between its placeholders)
appears in it: a message the language has translated must never show its English words.
Names, rule titles, codes and clause ids are not messages and may stay as they are, nor is the
text of a rule file (`session show` prints it above its plain words): the rule language's words
are English in every language, and some of them are also the English of `explain`'s messages
("each other player").

The evening's mistakes are checked the same way: click's own usage errors (a mistyped
option, a missing argument, a bad choice), malformed conformance scenarios, the problems of
hand-edited session files, and the web table's refusals of who may do what (and of frames
that are no messages).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from starlette.testclient import TestClient

from lopti_rules.cli.main import main
from lopti_rules.i18n import LANGUAGES, LOCALE_DIR, set_language
from lopti_rules.serve.app import make_app
from lopti_rules.serve.evening import Evening
from lopti_rules.serve.labels import catalogue
from lopti_rules.serve.service import TableService

ROOT = Path(__file__).parents[2]
OTHERS = sorted(set(LANGUAGES) - {"en"})
WORD = re.compile(r"[A-Za-z]{2,}")
TENS = ROOT / "examples" / "rules" / "tens_tax.lopti"
RULING = ("session", "ruling", "1", "Q?", "A.", "--creator-absent", "--yes", "Ann")
TIE = ["R" * 30, "S" * 30]  # the proposer wins every throw of the match (K3)
PASSES = ROOT / "tests" / "conformance" / "ten" / "ten_on_seven_refused.yaml"
# a scenario whose one step expects wrongly: each kind of expectation it checks fails
FAILS = """\
name: five on seven, expected wrongly
clause: [P6, X7.2]
players: 2
state:
  pile: ["K", "7"]
  hands: [["10", "5"], ["6"]]
  face_down: [["Q"], ["Q"]]
steps:
  - play: ["5"]
    expect: {legal: true, pile: ["K", "7"], turn: 0, hands: {0: ["5"]}, events: [{clear: {}}]}
"""


def fragments(message: str) -> list[str]:
    """The English words of a message between its placeholders (runs of two words or more)."""
    parts = [text for text, _, _, _ in string.Formatter().parse(message)]
    return [p.strip() for p in parts if len(WORD.findall(p)) >= 2]


def english_left(lang: str) -> dict[str, str]:
    """Each English fragment the language translates, with the message it comes from."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "lopti.po").open("rb") as handle:
        catalog = read_po(handle)
    found: dict[str, str] = {}
    for message in catalog:
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        forms = message.string
        said = forms if isinstance(forms, str) else " ".join(forms or ())
        for msgid in ids:
            for fragment in fragments(msgid):
                if fragment not in said:
                    found.setdefault(fragment, msgid)
    return found


def without_rule_text(said: str, *files: Path) -> str:
    """`said` without the lines that are the text of `files` (the rule language, not messages)."""
    source = {line.strip() for f in files for line in f.read_text(encoding="utf-8").splitlines()}
    return "\n".join(line for line in said.splitlines() if line.strip() not in source - {""})


def run(capsys: pytest.CaptureFixture[str], lang: str, *argv: str) -> str:
    main([*argv, "--lang", lang])
    out, err = capsys.readouterr()
    return out + err


def evening(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> str:
    file = ["--file", str(tmp_path / f"{lang}.yaml")]
    scenario = tmp_path / f"{lang}-fails.yaml"
    scenario.write_text(FAILS, encoding="utf-8")
    told = [
        run(
            capsys,
            lang,
            "play",
            "--players",
            "4",
            "--seed",
            "7",
            "--pack",
            "examples/packs/gentle.yaml",
        ),
        run(capsys, lang, "session", "start", "Ann,Ben,Cat,Dan", "--dealer", "Ann", *file),
        run(capsys, lang, "session", "deal", *file),
        run(capsys, lang, "session", "round", "--winner", "Cat", *file),
        run(capsys, lang, "session", "rule", str(TENS), "--author", "Cat", *file),
        run(
            capsys,
            lang,
            "session",
            "round",
            "--winner",
            "Ben",
            "--places",
            "Ben,Ann,Dan,Cat",
            *file,
        ),
        run(
            capsys,
            lang,
            "session",
            "vote",
            "remove",
            "1",
            "--proposer",
            "Ben",
            "--yes",
            "Ben,Dan",
            "--no",
            "Cat,Ann",
            "--next",
            "--throws",
            "/".join(TIE),
            *file,
        ),
        run(capsys, lang, *RULING, *file),
        run(capsys, lang, "session", "undo", *file),
        run(capsys, lang, *RULING, *file),
        run(capsys, lang, "session", "history", *file),
        run(capsys, lang, "session", "show", *file),
        run(capsys, lang, "vet", "examples/rules/comeback.lopti", "--games", "30", "--seed", "1"),
        run(capsys, lang, "simulate", "--games", "30", "--seed", "1"),
        run(capsys, lang, "conformance", str(scenario), str(PASSES)),
        run(capsys, lang, "--help"),
        run(capsys, lang, "session", "--help"),
        run(capsys, lang, "session", "vote", "--help"),
        run(capsys, lang, "vet", "--help"),
        run(capsys, lang, "serve", "--help"),
    ]
    labels = catalogue(lang)["labels"]
    assert isinstance(labels, dict)
    return "\n".join([*told, *map(str, labels.values())])


def test_the_check_finds_english_when_it_is_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same evening in English holds the catalogue's English: the check can fail."""
    monkeypatch.chdir(ROOT)
    said = evening(tmp_path, capsys, "en")
    left = {f for f in english_left("it") if f in said}
    assert len(left) > 50


# click's usage errors: an unknown option (with its did-you-mean), a missing argument (with
# its choices), extra arguments, a bad choice, a file or folder that is not there
USAGE = [
    ["--bogus"],
    ["play", "--playrs", "3"],
    ["check"],
    ["session", "vote"],
    ["session", "start", "Ann,Ben", "x", "y"],
    ["schema", "nope"],
    ["check", "no-such-file.lopti"],
    ["conformance", "no-such-folder"],
]
# scenarios that are not well formed, each refused at its line and column, and one whose
# step cannot be made as written
MALFORMED = [
    'name: a\nplayers: 2\nstate: {pile: ["5 6"]}\nsteps: [{pickup: true}]\n',
    "name: b\nplayers: 2\nstate: {turn: 5}\nsteps: [{pickup: true, play: 5}]\n",
    "name: c\nplayers: 2\nsteps: [{play: 5, expect: {events: [{play: {colour: red}}]}}]\n",
    # well formed, but its answers to the J's ask are a seat not offered and one too many
    "name: d\nplayers: 4\noptions: {name_next: J}\n"
    'state: {pile: ["9"], hands: [[J, "4"], [K], [A], [Q]], face_down: [[6], [6], [6], [6]]}\n'
    "steps: [{play: J, choose: [0, true]}]\n",
]
# hand edits of a session file, each breaking one fact: (the line, what it becomes)
EDITS = [
    ("players: [Ann, Ben, Cat]", "players: [Ann, Ben, Ann]"),
    ("first_dealer: Ann", "first_dealer: Zed"),
    ("seed: 0", "seed: 0\ncolour: red"),
    ("seed: 0", "seed: 0\nrounds: [{round: 2, dealer: Ann, first: Ben}]"),
]
# what a seat that is not the host asks of the web table, each refused
NOT_THE_HOST: list[dict[str, object]] = [
    {"type": "new_round", "cards": "web", "seats": ["person", "bot", "bot"]},
    {"type": "abandon"},
    {"type": "vote_close"},
    {"type": "ballot", "yes": True, "for": "Cat"},
    {"type": "seat_back"},
    {"type": "move", "seq": 0, "move": {"kind": "pickup"}},
    {"type": "no_such_message"},
    {"type": "ballot"},
    {"type": "settle", "pile": "5 | 7", "play": "Z"},
    {"type": "settle", "pile": "3", "play": "8"},
]
# a real-card table's questions, each settled with the engine's reason
SETTLED: list[dict[str, object]] = [
    {"type": "settle", "pile": "5", "play": "8"},
    {"type": "settle", "pile": "9", "play": "10"},
    {"type": "settle", "pile": "8", "play": "8 8"},
    {"type": "settle", "pile": "", "play": "4 4"},
]


def mistakes(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> str:
    """Every usage error, session file problem and web table refusal above, as told."""
    told = [run(capsys, lang, *argv) for argv in USAGE]
    scenarios = [tmp_path / f"{lang}-scenario-{i}.yaml" for i in range(len(MALFORMED))]
    for scenario, text in zip(scenarios, MALFORMED, strict=True):
        scenario.write_text(text, encoding="utf-8")
    told.append(run(capsys, lang, "conformance", *map(str, scenarios)))
    file = tmp_path / f"{lang}-start.yaml"
    run(capsys, lang, "session", "start", "Ann,Ben,Cat", "--dealer", "Ann", "--file", str(file))
    for i, (line, edited) in enumerate(EDITS):
        broken = tmp_path / f"{lang}-{i}.yaml"
        text = file.read_text(encoding="utf-8")
        assert line in text
        broken.write_text(text.replace(line, edited), encoding="utf-8")
        told.append(run(capsys, lang, "session", "show", "--file", str(broken)))
    listed = tmp_path / f"{lang}-list.yaml"
    listed.write_text("- Ann\n- Ben\n", encoding="utf-8")  # not a mapping
    told.append(run(capsys, lang, "session", "show", "--file", str(listed)))
    return "\n".join([*told, *refusals(lang)])


def refusals(lang: str) -> list[str]:
    """The web table's refusals to seat 1 (not the host), and its settled questions, at a
    table speaking `lang`."""
    set_language(lang)
    service = TableService(Evening.open(None, ["Ann", "Ben", "Cat"], []), seed=7)
    said: list[str] = []
    with (
        TestClient(make_app(service, away_after=0.0)) as client,
        client.websocket_connect(f"/ws?t={service.tokens.seat[1]}") as ws,
    ):
        ws.receive_json()
        for msg in NOT_THE_HOST:
            ws.send_json(msg)
            reply = ws.receive_json()
            assert reply["type"] == "error", reply
            said.append(str(reply["message"]))
        for msg in SETTLED:
            ws.send_json(msg)
            reply = ws.receive_json()
            assert reply["type"] == "settled" and reply["legal"], reply
            said.append(str(reply["message"]))
        ws.send_bytes(b"\xff")
        said.append(str(ws.receive_json()["message"]))
        codes = client.get(f"/qr.svg?t={service.tokens.seat[1]}&seat=2")
        assert codes.status_code == 403
        said.append(codes.text)
    return said


def _evening_said(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> str:
    said = without_rule_text(evening(tmp_path, capsys, lang), TENS)
    assert "Roshambo" in said and "R6, E4" in said and "D30" in said  # the tie and the ruling
    assert "five on seven, expected wrongly: " in said and "[K 7 5]" in said  # the failing run
    return said


def _mistakes_said(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> str:
    said = mistakes(tmp_path, capsys, lang)
    assert said.count("--help`") >= len(USAGE) - 2 and "Zed" in said  # each was refused
    return said


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("part", [_evening_said, _mistakes_said], ids=["evening", "mistakes"])
def test_an_evening_and_its_mistakes_have_no_english_sentence_left(
    part: Callable[[Path, pytest.CaptureFixture[str], str], str],
    lang: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    said = part(tmp_path, capsys, lang)
    left = {f: m for f, m in english_left(lang).items() if f in said}
    assert not left, f"{lang}: English left in: {left}"


def test_the_check_finds_english_mistakes_when_they_are_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In English the same mistakes hold click's, the session file's and the table's English."""
    monkeypatch.chdir(ROOT)
    said = mistakes(tmp_path, capsys, "en")
    left = {f for f in english_left("it") if f in said}
    for fragment in ("No such option", "Did you mean one of:", "a player is listed twice"):
        assert fragment.lower() in said.lower()
    assert {"only the host may deal a round", "is not one of the players"} <= left
    assert {  # a malformed scenario, and a step's answers the engine's ask refuses
        "a play on the pile is one or more cards of one rank (P1)",
        "`choose:` answers no ask used:",
        "is not among the seats offered (",
    } <= left
    assert {
        "it ranks higher than the top play (P3)",
        "a 10 may be played on anything here (P4, X10.1)",
    } <= left
