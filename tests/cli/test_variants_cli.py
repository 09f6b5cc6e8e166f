"""Base variants at every boundary: docs/variants.md's commands, `--base` for play, simulate
and vet, a pack's `base:` (validated with line and column, in the JSON Schema), the event
log, and `lopti session vote base NAME --value ...` with show, history and pack."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
import yaml
from cli_run import run
from cli_snapshot import ROOT

PAGE = ROOT / "docs" / "variants.md"


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def documented() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    return [line for block in blocks for line in block.splitlines() if line.startswith("lopti ")]


def test_the_page_shows_commands_for_play_simulate_and_vet() -> None:
    assert [c.split()[1] for c in documented()] == ["play", "simulate", "vet"]


@pytest.mark.parametrize("command", documented())
def test_every_documented_command_runs(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *shlex.split(command)[1:])
    assert code == 0, err
    assert "skip=8" in out or "burn=3" in out


def test_play_narrates_skips_and_reversals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "play", "--players", "3", "--base", "skip=8,reverse=J", "--seed", "2"
    )
    assert code == 0
    assert "Base variants: skip=8, reverse=J" in out
    assert re.search(r"^\w+'s 8 skips \w+\.$", out, re.M)
    assert re.search(r"^\w+'s J turns the direction of play: now counterclockwise\.$", out, re.M)


def test_the_event_log_records_the_variants_and_their_events(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "game.jsonl"
    code, _, _ = run(capsys, "play", "--players", "3", "--base", "skip=8", "--log", str(log))
    assert code == 0
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["base"] == {"skip": "8"}
    skips = [line for line in lines if line["event"] == "skip"]
    assert skips and all(s["rank"] == "8" and isinstance(s["by"], int) for s in skips)


@pytest.mark.parametrize(
    ("base", "said"),
    [
        ("skp=8", "`skp` is not a base variant; did you mean `skip`?"),
        ("skip=8,reverse=8", "`skip` and `reverse` cannot be the same rank (VR4)"),
        ("reverse=3", "`pass_on` and `reverse` cannot be the same rank (VR4)"),
        ("low=10", "`low` and `clear` cannot be the same rank (VR4)"),
        ("burn=7", "base variant `burn`"),
        ("skip=Z", "base variant `skip`"),
        ("hand=7,face_up=5,face_down=5", "needs 85 cards"),
    ],
)
def test_a_bad_base_option_is_one_sentence_and_exit_2(
    capsys: pytest.CaptureFixture[str], base: str, said: str
) -> None:
    code, out, err = run(capsys, "play", "--players", "5", "--base", base)
    assert code == 2 and out == ""
    assert said in err and err.startswith("error: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_a_role_rank_may_also_turn_the_play(capsys: pytest.CaptureFixture[str]) -> None:
    """Mau-Mau's 10 clears and reverses (VR4): `reverse=10` beside the base `clear: 10`."""
    code, out, err = run(capsys, "play", "--players", "3", "--base", "reverse=10", "--seed", "3")
    assert code == 0 and err == ""
    assert out


def test_simulate_reports_the_variants_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "--games",
        "20",
        "--workers",
        "1",
        "--base",
        "burn=3",
        "--format",
        "json",
    )
    assert code == 0 and json.loads(out)["base"] == {"burn": "3"}


def test_vet_of_a_base_change_that_changes_nothing_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "vet", "--base", "burn=4", "--games", "10", "--workers", "1")
    assert code == 2 and "changes nothing" in err
    code, _, err = run(capsys, "vet", "--games", "10")
    assert code == 2 and "--base" in err


def test_vet_of_a_base_change_speaks_of_its_proposer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("vet", "--base", "glass=8", "--games", "20", "--workers", "1", "--author", "Ben")
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "Vetting the base change glass=8" in out
    assert "wins, seat 1 (Ben), proposer" in out
    assert "the proposer's seat (1) win rate" in out
    assert "author" not in out and "the rule" not in out


def test_play_narrates_a_glass_rank(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--players", "3", "--base", "glass=8", "--seed", "2")
    assert code == 0 and "Base variants: glass=8" in out
    assert re.search(r"^\w+ plays 8 on \w+: glass, \w+ still to beat\.$", out, re.M)


def pack(tmp_path: Path, base: str) -> str:
    path = tmp_path / "table.yaml"
    path.write_text(f"name: Table\nplayers: [ann, ben, cat]\nbase:\n{base}rules: []\n", "utf-8")
    return str(path)


def test_a_pack_base_plays_its_variants(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = pack(tmp_path, "  skip: 8\n  reverse: jack\n  burn: 3\n")
    code, out, _ = run(capsys, "play", "--pack", path, "--seed", "2")
    assert code == 0 and "Base variants: skip=8, reverse=J, burn=3" in out
    code, out, _ = run(capsys, "play", "--pack", path, "--seed", "2", "--base", "burn=4")
    assert code == 0 and "Base variants: skip=8, reverse=J\n" in out


def test_a_bad_pack_base_value_has_its_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = pack(tmp_path, "  skip: 8\n  low: Z\n")
    code, out, _ = run(capsys, "check", path, "--format", "json")
    assert code == 1
    (found,) = json.loads(out)["files"][0]["diagnostics"]
    assert (found["code"], found["line"], found["column"]) == ("LY002", 5, 8)
    assert "low" in found["message"]


def test_the_pack_schema_lists_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema", "pack")
    assert code == 0
    schema = json.loads(out)
    base = schema["$defs"]["BaseVariants"]["properties"]
    for name in ("places", "reset", "pass_on", "low", "clear", "glass", "skip", "reverse"):
        assert name in base
    assert "J" in base["skip"]["enum"] and None in base["skip"]["enum"]
    assert "8" in base["glass"]["enum"] and None in base["glass"]["enum"]
    assert base["starter"]["enum"] == ["winner", "loser", "lowest", "left"]
    assert base["dealer"]["enum"] == ["rotate", "loser"]


def test_a_session_votes_a_variant_in_and_exports_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = str(tmp_path / "s.yaml")
    assert run(capsys, "session", "start", "Ann,Ben,Cat", "--dealer", "Ann", "--file", file)[0] == 0
    vote = ["session", "vote", "base", "skip", "--proposer", "Ann", "--now", "--file", file]
    code, out, _ = run(capsys, *vote, "--value", "8", "--yes", "Ann,Ben")
    assert code == 0 and "set `skip` to 8" in out and "passes" in out
    code, out, _ = run(capsys, "session", "show", "--file", file)
    assert "Base rules changed by vote: skip 8." in out
    code, out, _ = run(capsys, "session", "history", "--file", file)
    assert "skip" in out
    code, out, _ = run(capsys, "session", "pack", "--file", file)
    assert yaml.safe_load(out)["base"] == {"skip": "8"}


@pytest.mark.parametrize(
    ("option", "value", "shown", "packed"),
    [
        ("glass", "8", "glass 8", "8"),
        ("name_next", "J", "name_next J", "J"),
        ("jump_in", "on", "jump_in on", True),
        ("choose_face_up", "on", "choose_face_up on", True),
        ("dealer", "loser", "dealer loser", "loser"),
        ("starter", "left", "starter left", "left"),
    ],
)
def test_a_session_votes_in_each_new_variant(
    option: str,
    value: str,
    shown: str,
    packed: object,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    file = str(tmp_path / "s.yaml")
    run(capsys, "session", "start", "Ann,Ben,Cat", "--dealer", "Ann", "--file", file)
    vote = ["session", "vote", "base", option, "--proposer", "Ann", "--now", "--file", file]
    code, out, _ = run(capsys, *vote, "--value", value, "--yes", "Ann,Ben")
    assert code == 0 and "passes" in out
    code, out, _ = run(capsys, "session", "show", "--file", file)
    assert f"Base rules changed by vote: {shown}." in out
    code, out, _ = run(capsys, "session", "pack", "--file", file)
    assert yaml.safe_load(out)["base"] == {option: packed}


def test_a_session_refuses_a_bad_variant_value_with_v2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = str(tmp_path / "s.yaml")
    run(capsys, "session", "start", "Ann,Ben,Cat", "--dealer", "Ann", "--file", file)
    vote = ["session", "vote", "base", "skip", "--proposer", "Ann", "--now", "--file", file]
    code, _, err = run(capsys, *vote, "--value", "Z", "--yes", "Ann,Ben")
    assert code == 1 and "V2" in err and "rank" in err
    code, _, err = run(capsys, *vote, "--value", "none", "--yes", "Ann,Ben")
    assert code == 1 and "already none" in err


def test_check_with_a_pack_knows_its_variants(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rule = tmp_path / "skipped.lopti"
    rule.write_text('rule "Skipped gets a card":\n    after skip: player draws 1\n', "utf-8")
    with_skip = pack(tmp_path, "  skip: 8\n")
    code, out, _ = run(capsys, "check", "--with", with_skip, str(rule))
    assert code == 0 and "0 warnings" in out
    without = tmp_path / "plain.yaml"
    without.write_text("name: Plain\nrules: []\n", "utf-8")
    code, out, _ = run(capsys, "check", "--with", str(without), str(rule), "--format", "json")
    (found,) = json.loads(out)["files"][0]["diagnostics"]
    assert code == 0 and found["code"] == "LW601" and (found["line"], found["column"]) == (2, 11)
    assert "no `skip` variant" in found["message"]


def test_check_with_a_pack_warns_on_a_cause_its_variants_took_away(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rule = tmp_path / "tens.lopti"
    rule.write_text(
        'rule "Tens tax":\n    after clear when cause is ten and pile > 0: player draws 1\n',
        "utf-8",
    )
    moved = pack(tmp_path, "  clear: J\n")
    code, out, _ = run(capsys, "check", "--with", moved, str(rule))
    assert code == 0 and "0 warnings" in out  # a J clears: the cause `ten` still happens
    none = tmp_path / "none.yaml"
    none.write_text("name: None\nbase:\n  clear: none\nrules: []\n", "utf-8")
    code, out, _ = run(capsys, "check", "--with", str(none), str(rule), "--format", "json")
    (found,) = json.loads(out)["files"][0]["diagnostics"]
    assert code == 0 and found["code"] == "LW601" and (found["line"], found["column"]) == (2, 22)
    assert "`clear: none`" in found["message"]
