"""`lopti session`: a whole evening from the command line, refusals with their clause,
typed Roshambo throws, the pack export and a simulated 10-round session."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from lopti_rules.cli.main import main
from lopti_rules.session import store

TENS = 'rule "Tens tax":\n    after clear when cause is ten: each other player draws 1\n'
GIFT = (
    'rule "Low gift":\n'
    "    after play when rank is 7 and cards of player > 3: player gives 1 card to next player\n"
)


class Table:
    def __init__(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.dir, self.capsys = tmp_path, capsys
        self.file = str(tmp_path / "friday.yaml")
        (tmp_path / "tens.lopti").write_text(TENS, encoding="utf-8")
        (tmp_path / "gift.lopti").write_text(GIFT, encoding="utf-8")

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        args = [a.replace("@", str(self.dir) + "/") for a in argv]
        code = main(["session", *args, "--file", self.file])
        out, err = self.capsys.readouterr()
        return code, out, err


@pytest.fixture
def table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Table:
    return Table(tmp_path, capsys)


def test_a_whole_evening(table: Table) -> None:
    code, out, _ = table("start", "Ann,Ben,Cat,Dan", "--name", "Friday", "--dealer", "Ann")
    assert code == 0 and "Ann deals round 1" in out
    assert table("deal")[1].startswith("Round 1: Ann deals, Ann plays first.")
    code, out, _ = table("round", "--winner", "Cat", "--places", "Cat,Ann,Dan,Ben")
    assert code == 0 and "Cat may announce one rule before round 2" in out
    code, out, _ = table("rule", "@tens.lopti", "--author", "Cat")
    assert code == 0 and 'Rule 1 "Tens tax" by Cat' in out
    code, out, _ = table("deal")
    assert "Round 2: Ben deals, Cat plays first." in out and "House rules: Tens tax." in out
    code, out, _ = table("round", "--winner", "Ben")
    code, out, _ = table("rule", "@gift.lopti", "--author", "Ben")
    assert code == 0
    code, out, _ = table(
        "vote", "remove", "1", "--proposer", "Dan", "--yes", "Dan,Ann,Ben", "--no", "Cat", "--next"
    )
    assert code == 0 and "the proposal passes" in out
    code, out, _ = table("delete", "2", "--author", "Ben")
    assert code == 0 and "(V6)" in out
    code, out, _ = table("show")
    assert "Next: round 3, Cat deals and Ben plays first." in out
    assert "Rule Vote of round 3: held, and the proposal passed." in out
    assert "Removed rules (2), back only by a later vote (V9):" in out
    assert '  1. "Tens tax" by Cat, removed by vote (in force up to round 3).' in out
    code, out, _ = table("history")
    assert "Round 1: Ann dealt, Ann played first; Cat won (places: Cat, Ann, Dan, Ben)." in out
    assert "Round 3 (not dealt yet), Rule Vote: Dan proposes to remove rule 1" in out
    state = store.load(table.file).state
    assert [r.winner for r in state.rounds] == ["Cat", "Ben"]


def test_refusals_cite_the_clause_and_leave_the_file(table: Table) -> None:
    table("start", "Ann,Ben,Cat", "--dealer", "Ann")
    table("round", "--winner", "Cat")
    before = Path(table.file).read_text(encoding="utf-8")
    code, _, err = table("rule", "@tens.lopti", "--author", "Ben")
    assert (
        code == 1
        and err == "refused: Ben did not win round 1 (Cat did) (W4, R0); see `lopti rules W4`.\n"
    )
    table("deal")
    code, _, err = table("rule", "@tens.lopti", "--author", "Cat")
    assert code == 1 and "(R1)" in err
    code, _, err = table("vote", "base", "roshambo", "--value", "on", "--proposer", "Ann", "--now")
    assert code == 1 and err.endswith("(V10); see `lopti rules V10`.\n")
    code, _, err = table("vote", "base", "places", "--value", "on", "--proposer", "Ann")
    assert code == 2 and "(V8)" in err
    state = store.load(table.file).state
    assert (state.rules, state.votes, len(state.rounds)) == ([], [], 2)  # only the deal
    assert before != Path(table.file).read_text(encoding="utf-8")


def test_checker_diagnostics_are_shown(table: Table) -> None:
    table("start", "Ann,Ben", "--dealer", "Ann")
    table("round", "--winner", "Ann")
    (table.dir / "bad.lopti").write_text('rule "B":\n    after play: Ben draws 1\n')
    code, _, err = table("rule", "@bad.lopti", "--author", "Ann")
    assert (
        code == 1
        and "LR304" in err
        and "^" in err
        and err.endswith("(R2-R4); see `lopti rules R2`.\n")
    )


def test_missing_or_broken_session_file(table: Table) -> None:
    code, _, err = table("show")
    assert code == 2 and "start one with `lopti session start`" in err
    Path(table.file).write_text("name: T\nplayers: [Ann]\nfirst_dealer: Ann\n")
    code, _, err = table("show")
    assert code == 1 and "friday.yaml:2:10:" in err
    code, _, err = table("start", "Ann,Ben")
    assert code == 2 and "exists" in err


def test_tied_vote_takes_typed_throws(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table("start", "Ann,Ben,Cat,Dan", "--dealer", "Ann")
    table("round", "--winner", "Cat")
    table("rule", "@tens.lopti", "--author", "Cat")
    typed = "RX\n" + "RS\n" * 10 + "PP\n" + "R" * 20 + "/" + "S" * 20 + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code, out, err = table(
        "vote", "remove", "1", "--proposer", "Ben", "--yes", "Ben,Dan", "--no", "Cat,Ann", "--now"
    )
    assert code == 0, err
    assert "Roshambo: Ben vs Cat, 30 decisive throws (K3)" in out
    assert "30-0 after 30 decisive throws (draws: 1), Ben wins (K3)" in out
    assert "try again" in err
    vote = store.load(table.file).state.votes[0]
    assert vote.roshambo is not None and len(vote.roshambo.match.throws_a) == 31


def test_pack_export_plays(table: Table, capsys: pytest.CaptureFixture[str]) -> None:
    table("start", "Ann,Ben,Cat,Dan", "--dealer", "Ann")
    table("round", "--winner", "Cat")
    table("rule", "@tens.lopti", "--author", "Cat")
    code, out, _ = table("pack")
    assert code == 0
    pack = table.dir / "pack.yaml"
    pack.write_text(out, encoding="utf-8")
    assert main(["play", "--pack", str(pack), "--seed", "3"]) == 0
    assert "Pack: Lopti session (1 rule in force)" in capsys.readouterr().out
    assert main(["check", str(pack)]) == 0


def test_simulated_ten_round_session(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["session", "simulate", "--players", "4", "--rounds", "10", "--seed", "7"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == out  # same seed, same session
    lines = out.splitlines()
    assert lines[0].startswith("Session of 4 players (Ann, Ben, Cat, Dan), 10 rounds, seed 7")
    assert sum(line.startswith("Round ") and " deals, " in line for line in lines) == 10
    assert "Rule Vote:" in out and "announces a rule" in out
    assert lines[-1].startswith("Standings: ")
    assert "Rules in force (" in out


def test_simulate_saves_a_session_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sim.yaml"
    argv = ["session", "simulate", "--players", "3", "--rounds", "3", "--seed", "1"]
    assert main([*argv, "--save", str(path)]) == 0
    assert len(store.load(path).state.rounds) == 3
    assert main(["session", "simulate", "--players", "9"]) == 2


def test_reword_restore_and_a_missed_rule(table: Table) -> None:
    table("start", "Ann,Ben,Cat", "--dealer", "Ann")
    (table.dir / "old.lopti").write_text(GIFT, encoding="utf-8")
    code, out, _ = table(
        "restore", "@old.lopti", "--author", "Ben", "--proposer", "Ben", "--yes", "Ben,Cat"
    )
    assert code == 0 and "is back in force" in out
    code, out, _ = table("round", "--winner", "Ben")
    (table.dir / "gift2.lopti").write_text("# laid out again\n" + GIFT, encoding="utf-8")
    code, out, _ = table("reword", "1", "@gift2.lopti", "--author", "Ben")
    assert code == 0 and 'Rule 1 "Low gift" reworded by Ben.' in out
    (table.dir / "gift3.lopti").write_text(GIFT.replace("> 3", "> 5"), encoding="utf-8")
    code, _, err = table("reword", "1", "@gift3.lopti", "--author", "Ben")
    assert code == 1 and err.endswith("(R5, V6); see `lopti rules R5`.\n")
    code, out, _ = table("deal")
    assert out.startswith("Ben announced no rule for round 1: that chance has passed (R1).")
    code, out, _ = table("history")
    assert 'Setup (E3), Rule Vote: Ben proposes to bring back the old rule "Low gift"' in out


def test_rulings_are_kept_and_told(table: Table) -> None:
    table("start", "Ann,Ben,Cat,Dan", "--dealer", "Ann")
    table("round", "--winner", "Cat")
    table("rule", "@tens.lopti", "--author", "Cat")
    code, out, _ = table("ruling", "1", "Does a bonus ten count?", "Yes")
    assert code == 0
    assert out == '"Tens tax", Does a bonus ten count? its creator decides (R5, R6): Yes.\n'
    code, out, _ = table(
        "ruling", "1", "And an opening ten?", "No", "--creator-absent", "--yes", "Ann,Ben"
    )
    assert code == 0 and "no majority (2 of 4, E4, D31)" in out
    code, out, _ = table("history")
    assert "Round 2 (not dealt yet), Ruling: " in out


def test_undo_takes_back_a_round_recorded_twice(table: Table) -> None:
    table("start", "Ann,Ben,Cat,Dan", "--dealer", "Ann")
    table("round", "--winner", "Cat")
    table("rule", "@tens.lopti", "--author", "Cat")
    table("round", "--winner", "Ben")
    table("round", "--winner", "Ben")  # typed twice: a phantom round 3
    code, out, _ = table("undo")
    assert code == 0
    assert out.splitlines() == [
        "The last step: round 3, dealt and won by Ben.",
        "Undone (`lopti session history` keeps it). Next: round 3, Cat deals and Ben plays first.",
    ]
    state = store.load(table.file).state
    assert [r.winner for r in state.rounds] == ["Cat", "Ben"]
    code, out, _ = table("history")
    assert "Round 3 (not dealt yet), Undone: round 3, dealt and won by Ben." in out
    assert table("undo")[1].startswith("The last step: round 2, dealt and won by Ben.")
    assert table("undo")[1].startswith('The last step: rule 1 "Tens tax" by Cat, for round 1.')
    assert store.load(table.file).state.rules == []


def test_undo_of_a_vote_puts_the_rules_back(table: Table) -> None:
    table("start", "Ann,Ben,Cat,Dan", "--dealer", "Ann")
    table("round", "--winner", "Cat")
    table("rule", "@tens.lopti", "--author", "Cat")
    before = store.load(table.file).state
    code, _, _ = table(
        "vote", "change", "1", "--proposer", "Ben", "--yes", "Ben,Dan,Ann", "--now",
        "--text", "@gift.lopti",
    )  # fmt: skip
    assert code == 0 and [r.title for r in store.load(table.file).state.rules] == ["Low gift"]
    code, out, _ = table("undo")
    assert code == 0 and out.startswith("The last step: the Rule Vote of round 2: Ben proposes")
    after = store.load(table.file).state
    assert (after.rules, after.removed, after.votes) == (before.rules, [], [])


def test_undo_with_nothing_to_undo_is_refused(table: Table) -> None:
    table("start", "Ann,Ben", "--dealer", "Ann")
    code, out, err = table("undo")
    assert (code, out) == (1, "")
    assert err == "error: there is no step to undo in this session file.\n"


def test_history_tells_deletions_and_rewordings(table: Table) -> None:
    table("start", "Ann,Ben,Cat", "--dealer", "Ann")
    table("round", "--winner", "Ben")
    table("rule", "@gift.lopti", "--author", "Ben")
    reworded = GIFT.replace('"Low gift"', '"Small gift"')
    assert table("reword", "1", "--author", "Ben", "--text", reworded)[0] == 0
    table("deal")
    assert table("delete", "1", "--author", "Ben")[0] == 0
    out = table("history")[1]
    assert out.splitlines()[1:] == [
        '  Ben\'s rule: "Low gift".',
        "Round 2: Ben dealt, Ben played first; in play.",
        '  Reworded by its creator (R5): rule 1, was "Low gift", now "Small gift".',
        '  Deleted by its creator, Ben (V6): rule 1 "Small gift".',
    ]


def test_a_rule_from_text_or_standard_input(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table("start", "Ann,Ben,Cat", "--dealer", "Ann")
    table("round", "--winner", "Ann")
    code, _, err = table("rule", "--author", "Ann")
    assert code == 2 and "give the rule as RULE_FILE, `-` for standard input, or --text" in err
    typo = 'rule "T":\n    after play: nxt player draws 1\n'
    monkeypatch.setattr(sys, "stdin", io.StringIO(typo))
    code, _, err = table("rule", "-", "--author", "Ann")
    assert code == 1 and err.startswith("<stdin>:2:17: LR301 `nxt player` is not a role")
    code, out, _ = table("rule", "--author", "Ann", "--text", TENS)
    assert code == 0 and out == 'Rule 1 "Tens tax" by Ann is in force from now (D33).\n'


def test_show_lists_each_rule_with_its_text(table: Table) -> None:
    table("start", "Ann,Ben,Cat", "--dealer", "Ann")
    table("round", "--winner", "Cat")
    table("rule", "@tens.lopti", "--author", "Cat")
    out = table("show")[1]
    assert (
        '  1. "Tens tax" by Cat, since round 2\n'
        '       rule "Tens tax":\n'
        "           after clear when cause is ten: each other player draws 1\n"
    ) in out


def test_restore_names_the_rule(table: Table) -> None:
    table("start", "Ann,Ben,Cat", "--dealer", "Ann")
    code, out, _ = table(
        "restore", "@gift.lopti", "--author", "Ben", "--proposer", "Ben", "--yes", "Ben,Cat"
    )
    assert code == 0 and out.startswith('The rule "Low gift" is back in force: ')


def test_names_match_case_aside(table: Table) -> None:
    table("start", "Ann,Ben,Cat,Sam", "--dealer", "ann")
    code, out, _ = table("round", "--winner", "sam", "--places", "SAM,ben")
    assert code == 0 and out.startswith("Sam wins round 1.")
    code, out, _ = table("rule", "@tens.lopti", "--author", "sAm")
    assert code == 0 and "by Sam" in out
    code, out, _ = table(
        "vote", "remove", "1", "--proposer", "ben", "--yes", "ben,cat,ann", "--now"
    )
    assert code == 0 and "Yes: Ben, Cat, Ann" in out
    state = store.load(table.file).state
    assert (state.first_dealer, state.rounds[0].places) == ("Ann", ["Sam", "Ben"])


def test_a_missing_option_is_a_usage_error_like_any_other(table: Table) -> None:
    table("start", "Ann,Ben,Cat", "--dealer", "Ann")
    table("round", "--winner", "Cat")
    table("rule", "@tens.lopti", "--author", "Cat")
    code, _, err = table("vote", "change", "1", "--proposer", "Ben", "--yes", "Ben,Ann", "--now")
    assert code == 2 and err.startswith("error: a change needs the changed rule's file")
    code, _, err = table("vote", "remove", "1", "--proposer", "Ben", "--yes", "Ben,Ann")
    assert code == 2 and err.startswith("error: say whether the change starts --now or --next")


def test_an_absent_creator_who_votes_is_refused(table: Table) -> None:
    table("start", "Ann,Ben,Cat,Dan", "--dealer", "Ann")
    table("round", "--winner", "Cat")
    table("rule", "@tens.lopti", "--author", "Cat")
    code, _, err = table(
        "vote", "remove", "1", "--proposer", "Ben", "--yes", "Ben,Ann", "--no", "Cat,Dan",
        "--creator-absent", "--defender", "Dan,Cat", "--now",
    )  # fmt: skip
    assert code == 1
    assert err.startswith(
        "refused: Cat, the rule's creator, is away, so cannot be among those who voted (K1)"
    )
