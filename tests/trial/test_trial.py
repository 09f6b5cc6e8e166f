"""Rounds that end (R3): the trial rounds refuse a set whose rounds do not end (LR210) and
warn, with the figures, about one that makes them many times longer (LW603)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lopti_rules.api import check_paths, check_sources, check_text
from lopti_rules.cli.main import main
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine.variants import Variants
from lopti_rules.session.rules import RuleRejected, check_rule

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus" / "trial"
FLOOD = (CORPUS / "lr210_flood.lopti").read_text(encoding="utf-8")
LEAN = ROOT / "examples" / "rules" / "lean_hands.lopti"
REFILL = 'rule "Refill":\n    before turn: shuffle the removed cards into the deck\n'
FEED = 'rule "Feed":\n    before turn: every player draws 1\n'


def test_lopti_check_trial_refuses_endless_rounds_with_the_figures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "flood.lopti"
    path.write_text(FLOOD, encoding="utf-8")
    assert main(["check", "--format", "concise", "--trial", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:3:6: LR210" in out
    assert "were still going after 2,000 moves" in out and '"Flood"' in out


def test_without_trial_lopti_check_plays_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "flood.lopti"
    path.write_text(FLOOD, encoding="utf-8")
    assert main(["check", "--format", "concise", str(path)]) == 0
    assert "LR210" not in capsys.readouterr().out


def test_a_table_refuses_the_rule_that_makes_its_rounds_endless() -> None:
    with pytest.raises(RuleRejected) as caught:
        check_rule(FEED, "feed.lopti", [("Refill", REFILL)], ["Ann", "Ben", "Cat", "Dan"])
    assert [d.code for d in caught.value.diagnostics] == ["LR210"]
    assert caught.value.diagnostics[0].file == "feed.lopti"  # the proposed rule is blamed


def test_each_rule_alone_is_accepted() -> None:
    for text in (REFILL, FEED):
        assert not [d for d in check_text(text, trial=True) if d.is_error]


def test_the_shipped_lean_hands_is_accepted_with_a_warning_and_its_figures() -> None:
    found = check_text(LEAN.read_text(encoding="utf-8"), str(LEAN), trial=True)
    assert [d.code for d in found] == ["LW603"]
    assert "times as long as base Lopti" in found[0].message
    assert "did not end within 2,000 moves" in found[0].message


def test_the_verdict_is_the_same_every_time() -> None:
    first = check_text(FLOOD, trial=True)
    assert [d.message for d in check_text(FLOOD, trial=True)] == [d.message for d in first]


COMEBACK = ROOT / "examples" / "rules" / "comeback.lopti"


def test_with_no_table_in_mind_the_rules_are_tried_at_every_size() -> None:
    # four players finish with the shipped Comeback; two keep shuffling the removed cards
    # back and some of their rounds never end: a warning, naming the table it happens at
    text = COMEBACK.read_text(encoding="utf-8")
    found = check_text(text, str(COMEBACK), trial=True)
    assert [d.code for d in found] == ["LW603"]
    assert "(2 players" in found[0].message and "did not end" in found[0].message
    four = check_text(text, str(COMEBACK), roster=["Ann", "Ben", "Cat", "Dan"], trial=True)
    assert four == []


def test_rounds_that_never_end_at_the_tables_own_size_are_refused() -> None:
    # LANGUAGE.md's accepted Lean hands warns with no table in mind (four players, the usual
    # table, finish it); two players at the table cannot end their rounds with it
    text = LEAN.read_text(encoding="utf-8")
    two = check_text(text, str(LEAN), roster=["Ann", "Ben"], trial=True)
    assert [d.code for d in two] == ["LR210"] and "(2 players" in two[0].message


def test_the_trial_plays_the_table_events_so_hooks_on_a_lost_race_count() -> None:
    # the flood above, run on a race's loser: each play opens a race and the table of bots
    # names a loser, as `lopti simulate` and `vet` play it; rounds without the race's
    # reports would end (the hook would never fire)
    text = (CORPUS / "lr210_tap_flood.lopti").read_text(encoding="utf-8")
    assert not [d for d in check_text(text) if d.is_error]
    found = check_text(text, trial=True)
    assert [d.code for d in found] == ["LR210"]
    assert '"Tap flood"' in found[0].message


SLOW_RELIEF = """rule "Slow relief":
    before turn when face_up of player < 5:
        repeat 4 times:
            roshambo the player with the most cards vs the dealer:
                loser draws 1
        the player with the fewest cards may:
            the player with the fewest cards takes 2 cards from the removed cards
"""
# a table that voted in a glass, a skip, a reverse and a naming rank (docs/variants.md)
STEERED = Variants(glass=9, skip=14, reverse=4, name_next=11)


def test_the_trial_plays_the_base_variants_in_force_at_the_table() -> None:
    # found by the campaign (issue 25): rounds end in base Lopti, but one of them did not
    # end in a game with these variants, which the trial never played
    assert check_sources([Source(SLOW_RELIEF, "relief.lopti")], trial=True) == []
    found = check_sources([Source(SLOW_RELIEF, "relief.lopti")], trial=True, variants=STEERED)
    assert [d.code for d in found] == ["LW603"]
    assert "did not end within 2,000 moves" in found[0].message


def test_a_packs_base_variants_are_the_trials(tmp_path: Path) -> None:
    (tmp_path / "relief.lopti").write_text(SLOW_RELIEF, encoding="utf-8")
    pack = tmp_path / "steered.yaml"
    pack.write_text(
        "name: Steered\nplayers: [Ann, Ben, Cat, Dan]\n"
        "base: {glass: '9', skip: A, reverse: '4', name_next: J}\n"
        "rules:\n  - file: relief.lopti\n    author: Ann\n",
        encoding="utf-8",
    )
    [result] = check_paths([pack], trial=True)
    assert [d.code for d in result.diagnostics] == ["LW603"]


def test_a_round_that_the_variants_alone_keep_going_counts_against_no_rule() -> None:
    # with no special rank and one card a zone, two players pass the pile back and forth
    # for ever without any rule (docs/variants.md); a rule that changes nothing of it is
    # not blamed for those rounds
    bare = Variants(reset=None, pass_on=None, low=None, clear=None, face_down=1, face_up=0, hand=1)
    text = 'rule "Cheer":\n    after clear: announce "well played"\n'
    found = check_sources(
        [Source(text, "cheer.lopti")], roster=["Ann", "Ben"], trial=True, variants=bare
    )
    assert {d.code for d in found} == {"LW602"}  # a rule with no effect, not LR210 or LW603
