"""The conformance corpus (tests/conformance/) against the engine, and its clause coverage.

Each scenario is one test case (id: folder/file: name) whose failure message is the runner's
FAIL reason. The coverage test keeps the corpus honest: every clause and ruling of RULES.md
that concerns play must be cited by some scenario or be listed, with a reason, as not
expressible in docs/conformance.md.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lopti_rules.conformance import Engine, Loaded, discover, load_all, run_loaded
from lopti_rules.conformance.model import CLAUSE_RE
from lopti_rules.engine import Game
from lopti_rules.engine.moves import IllegalMoveError, Move, Play

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "conformance"
DOC = ROOT / "docs" / "conformance.md"

# Every clause and ruling of RULES.md that concerns play (R, V, K and E are session, vote and
# custom-rule procedures, out of scope for the base-rules corpus).
PLAY_CLAUSES: tuple[str, ...] = (
    *(f"S{i}" for i in range(1, 8)),
    *(f"T{i}" for i in range(1, 7)),
    *(f"P{i}" for i in range(1, 9)),
    *(f"C{i}" for i in range(1, 6)),
    "X2.1",
    "X2.2",
    *(f"X3.{i}" for i in range(1, 6)),
    *(f"X7.{i}" for i in range(1, 5)),
    "X10.1",
    "X10.2",
    *(f"F{i}" for i in range(1, 9)),
    *(f"W{i}" for i in range(1, 7)),
    *(f"D{i}" for i in range(1, 39)),
)
# a bullet of the doc's list of clauses no scenario can express: `- **S5** — reason`
INEXPRESSIBLE_RE = re.compile(r"^- \*\*([A-Z][0-9.]+)\*\*\s*[—-]+\s*(\S.*)$", re.MULTILINE)

ITEMS: list[Loaded] = load_all(discover([CORPUS]))


def _id(item: Loaded) -> str:
    return f"{item.path.relative_to(CORPUS).as_posix()}: {item.name}"


@pytest.mark.parametrize("item", ITEMS, ids=[_id(i) for i in ITEMS])
def test_scenario(item: Loaded) -> None:
    result = run_loaded(item)
    if not result.passed:
        pytest.fail(result.reason or "failed", pytrace=False)


def test_corpus_is_substantial() -> None:
    assert len(ITEMS) >= 120
    assert all(item.scenario is not None for item in ITEMS), [i.problem for i in ITEMS]


def test_corpus_has_no_custom_rules() -> None:
    """The base-rules corpus states RULES.md alone; custom rules live in `rules/` only."""
    outside = [i for i in ITEMS if i.path.relative_to(CORPUS).parts[0] != "rules"]
    assert [i.name for i in outside if i.scenario and i.scenario.rules is not None] == []
    inside = [i for i in ITEMS if i.path.relative_to(CORPUS).parts[0] == "rules"]
    assert [i.name for i in inside if i.scenario and i.scenario.rules is None] == []


def test_corpus_cites_real_clause_ids() -> None:
    """The runner accepts any `clause` text from outside authors; our corpus cites real ids."""
    bad = [
        (i.name, c)
        for i in ITEMS
        if i.scenario is not None
        for c in i.scenario.clauses()
        if not CLAUSE_RE.match(c)
    ]
    assert bad == []
    assert [i.name for i in ITEMS if i.scenario is not None and not i.scenario.clause] == []


def _cited() -> set[str]:
    cited: set[str] = set()
    for item in ITEMS:
        assert item.scenario is not None, item.problem
        # `P3c` names an item of P3: it covers P3
        cited |= {re.sub(r"[a-z]$", "", c) for c in item.scenario.clauses()}
    return cited


def _inexpressible() -> dict[str, str]:
    return dict(INEXPRESSIBLE_RE.findall(DOC.read_text(encoding="utf-8")))


def test_every_play_clause_is_covered_or_listed() -> None:
    cited, listed = _cited(), _inexpressible()
    missing = [c for c in PLAY_CLAUSES if c not in cited and c not in listed]
    assert missing == [], (
        f"no scenario cites {', '.join(missing)}: add one to tests/conformance/, or list the "
        "clause with the reason in docs/conformance.md (`- **ID** — reason`)"
    )


def test_inexpressible_list_is_honest() -> None:
    """A listed clause has a reason, is a real clause, and no scenario claims to cover it."""
    listed, cited = _inexpressible(), _cited()
    assert listed, "docs/conformance.md lists no inexpressible clauses"
    for clause, reason in listed.items():
        assert len(reason) > 20, f"{clause} needs a reason"
        assert re.fullmatch(r"[STPCFWRVKE]\d+|X(2|3|7|10)\.\d+|D\d+", clause), clause
    assert sorted(set(listed) & cited) == []


def test_illegal_and_legal_cases_for_forbidding_clauses() -> None:
    """Clauses that forbid something have an illegal case and a legal one.

    An illegal case is a refused move, or a face-down card expected to turn out illegal
    (an accepted reveal with `{reveal: {legal: false}}`, F6/F7).
    """
    forbidding: tuple[str, ...]
    forbidding = ("S4", "T1", "T2", "P1", "P3", "P4", "P5", "P6", "P7", "P8", "X2.2", "X7.2")
    forbidding += ("X10.1", "F1", "F3", "F4", "F6", "F7", "D5", "D7", "D12", "D13", "D23")
    forbidding += ("D25", "D28", "D34", "D35", "D36")
    seen: dict[str, set[bool]] = {c: set() for c in forbidding}
    for item in ITEMS:
        assert item.scenario is not None
        clauses = {re.sub(r"[a-z]$", "", c) for c in item.scenario.clauses()}
        for step in item.scenario.steps:
            legal = step.expect.wants_legal() if step.expect else True
            events = step.expect.events or [] if step.expect else []
            if any(e.name == "reveal" and e.fields.get("legal") is False for e in events):
                legal = False
            for c in clauses & set(seen):
                seen[c].add(legal)
    lacking = {c: sorted(v) for c, v in seen.items() if v != {True, False}}
    assert lacking == {}


def _failing(folder: str, engine: Engine) -> dict[str, str]:
    results = [run_loaded(i, engine) for i in ITEMS if i.path.parent.name == folder]
    return {r.name: r.reason or "" for r in results if not r.passed}


def test_corpus_catches_an_engine_that_lets_a_ten_follow_a_seven() -> None:
    """The corpus can fail: a deliberately broken legality test is caught, with its clause."""

    def lenient(game: Game, move: Move) -> None:
        low_ten = game.low and isinstance(move, Play) and move.rank == 10
        try:
            game.apply(move)
        except IllegalMoveError:
            if not low_ten:
                raise  # only the 10 on a 7 slips through, as if it had been made

    failing = _failing("ten", Engine(apply=lenient))
    assert "a 10 cannot follow a 7" in failing
    assert "accepted a move the rules forbid" in failing["a 10 cannot follow a 7"]


def test_corpus_catches_an_engine_that_draws_twice() -> None:
    def twice(game: Game, move: Move) -> None:
        seat, deck = game.turn, len(game.deck)
        game.apply(move)
        if len(game.deck) < deck:  # the move drew: draw once more
            game.draw(seat)

    failing = _failing("draw", Engine(apply=twice))
    assert len(failing) >= 5
    assert (
        "deck is 0, expected 1"
        in failing[
            "after the first play a hand below three draws one card from the top of the deck"
        ]
    )
