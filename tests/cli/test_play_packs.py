"""`lopti play --pack`: the example packs narrated for seed 1 (snapshots), rules that visibly
fire, the pack's roster naming the seats, the log header, and every way a pack can be refused."""

from __future__ import annotations

import json
from pathlib import Path

import cli_run
import pytest
from cli_snapshot import ROOT, matches

from lopti_rules.api import ruleset_from_pack
from lopti_rules.packs.pack import load_pack

PACKS = ["gentle", "chaotic", "everything"]


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return cli_run.run(capsys, "play", *argv)


def titles(name: str) -> tuple[str, ...]:
    return ruleset_from_pack(load_pack(f"examples/packs/{name}.yaml")).titles


@pytest.mark.parametrize("name", PACKS)
def test_seed_1_matches_the_snapshot(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, "--pack", f"examples/packs/{name}.yaml", "--seed", "1")
    assert (code, err) == (0, "")
    assert matches(f"play_{name}_seed1.txt", out), f"narration of {name} differs:\n{out}"
    assert run(capsys, "--pack", f"examples/packs/{name}.yaml", "--seed", "1")[1] == out


@pytest.mark.parametrize("name", PACKS)
def test_seed_1_shows_the_rules_at_work(capsys: pytest.CaptureFixture[str], name: str) -> None:
    _, out, _ = run(capsys, "--pack", f"examples/packs/{name}.yaml", "--seed", "1")
    lines = out.splitlines()
    fired = {t for t in titles(name) for line in lines if line.startswith(f"{t}: ")}
    assert len(fired) >= 3, fired
    # a firing says what it did, not only that it fired
    told = [line for line in lines if line.split(": ")[0] in fired]
    assert sum("nothing moves" not in line for line in told) >= 3
    assert lines[0].startswith("Pack: ") and lines[-1].startswith("House rules fired: ")
    for title in fired:
        assert title in lines[-1]


def test_the_pack_roster_names_the_seats(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--pack", "examples/packs/chaotic.yaml", "--seed", "2")
    assert out.splitlines()[1] == (
        "Seats: 0 Ann (greedy), 1 Ben (greedy), 2 Cat (greedy), 3 Dan (greedy), 4 Eve (greedy)"
    )


@pytest.mark.parametrize("players", ["5", "ann,ben,cat,dan,eve", "ANN,Ben,cat,Dan,eve"])
def test_players_that_agree_with_the_roster_are_fine(
    capsys: pytest.CaptureFixture[str], players: str
) -> None:
    code, out, _ = run(capsys, "--pack", "examples/packs/chaotic.yaml", "--players", players)
    assert code == 0 and "0 Ann (greedy)" in out  # the pack's spelling names the seats


def test_the_log_header_carries_the_pack_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "game.jsonl"
    args = ["--pack", "examples/packs/everything.yaml", "--seed", "1", "--log", str(log)]
    assert run(capsys, *args)[0] == 0
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["event"] == "game" and lines[0]["pack"] == "Everything at once"
    assert lines[0]["players"] == ["Ann", "Ben", "Cat", "Dan"]
    hooks = [line for line in lines if line["event"] == "hook"]
    assert hooks and {h["rule"] for h in hooks} <= set(titles("everything"))
    # the lines a rule wrote carry its title; base play carries none
    assert any(x["event"] == "draw" and x.get("rule") == "Tens tax" for x in lines)
    assert all("rule" not in x for x in lines if x["event"] in ("play", "turn", "win"))
    first = log.read_bytes()
    assert run(capsys, *args)[0] == 0 and log.read_bytes() == first


def test_places_from_the_pack_base(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text("name: Places\nbase: {places: true}\nrules: []\n", encoding="utf-8")
    code, out, _ = run(capsys, "--pack", str(pack), "--players", "3")
    assert code == 0 and "\nPlaces: 1st " in out
    assert out.splitlines()[-1] == "House rules fired: none."


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_rejected_pack_prints_its_diagnostics_and_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = write(
        tmp_path,
        "name: Loop\nrules:\n  - author: 0\n    text: |\n"
        '      rule "Draw more":\n          after draw: next player draws 1\n',
    )
    code, out, err = run(capsys, "--pack", pack)
    assert (code, out) == (1, "")
    assert err.startswith(f"{pack}:6:11: LR203 endless loop")
    assert err.endswith("1 file checked: 1 file rejected (1 error, 0 warnings)\n")
    assert "Traceback" not in err


def test_a_malformed_pack_exits_1_with_positions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = write(tmp_path, "name: x\nrules:\n  - file: gone.lopti\n    author: 0\n")
    code, out, err = run(capsys, "--pack", pack)
    assert (code, out) == (1, "")
    assert err.startswith(f"{pack}:3:11: LY004 cannot read rule file `gone.lopti`")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--players", "4"], "does not agree with the 5 players"),
        (["--players", "ann,ben,cat,eve,dan"], "same order"),
        (["--bots", "greedy,random"], "2 bots for 5"),
    ],
)
def test_a_table_that_does_not_fit_the_pack_exits_2(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    code, out, err = run(capsys, "--pack", "examples/packs/chaotic.yaml", *args)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and needle in err and len(err.splitlines()) == 1


def test_an_author_seat_beyond_the_table_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = write(
        tmp_path,
        "name: x\nrules:\n  - author: 3\n    text: |\n"
        '      rule "r":\n          after clear: player draws 1\n',
    )
    code, _, err = run(capsys, "--pack", pack, "--players", "3")
    assert code == 2 and "is by seat 3, but this table has seats 0 to 2" in err


def test_a_missing_pack_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "--pack", str(tmp_path / "nope.yaml"))
    assert (code, out) == (2, "") and "nope.yaml" in err and len(err.splitlines()) == 1
