"""`lopti simulate` and `lopti vet` from the command line: readable and JSON output, the same
output for any worker count, the checker first, `--html`, and every refusal as one sentence
with exit code 1 or 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_run import run

from .sim_helpers import CROWN, NEVER, ROOT

TENS = "examples/rules/tens_tax.lopti"
GENTLE = "examples/packs/gentle.yaml"


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def rule_file(tmp_path: Path, text: str, name: str = "rule.lopti") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_simulate_prints_a_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--pack", GENTLE, "--games", "40", "--workers", "1")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Simulated 40 rounds: 4 players (Ann, Ben, Cat, Dan), greedy bots")
    for label in (
        "moves per round",
        "turns per round",
        "wins, seat 3 (Dan)",
        "pickups per round",
        "clears per round",
        'rule "Tens tax"',
        "guard trips",
        "stalled rounds",
    ):
        assert any(line.startswith(label) for line in lines), label
    assert "95th percentile" in out and "95% CI" in out


def test_simulate_json_is_the_same_for_any_worker_count(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "3", "--games", "50", "--seed", "4", "--format", "json"]
    one = run(capsys, *args, "--workers", "1")
    two = run(capsys, *args, "--workers", "2")
    assert one == two and one[0] == 0
    doc = json.loads(one[1])
    assert doc["games"] == 50 and doc["players"] == ["Ann", "Ben", "Cat"]
    summary = doc["summary"]
    assert set(summary) >= {
        "moves",
        "turns",
        "win_rate",
        "pickups_per_round",
        "rules",
        "guard_trips",
        "stalled_rounds",
    }
    assert sum(w["value"] for w in summary["win_rate"]) == pytest.approx(1, abs=1e-3)
    assert run(capsys, *args[:-4], "--seed", "5", "--format", "json")[1] != one[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "error: --games must be at least 1."),
        (["--players", "7"], "error: --players must be 2 to 5, not 7."),
        (
            ["--bots", "clever"],
            "error: `clever` is not a bot (choose from easy, greedy, hard, medium, random).",
        ),
        (["--workers", "0"], "error: --workers must be at least 1."),
        (["--pack", "no/such.yaml"], "error: there is no such file or folder (no/such.yaml)."),
    ],
)
def test_simulate_refuses_bad_arguments_in_one_sentence(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "simulate", *argv)
    assert (code, out, err.strip()) == (2, "", message)


def test_vet_gives_a_verdict_per_finding(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "vet", TENS, "--games", "60", "--workers", "1")
    assert (code, err) == (0, "")
    assert out.startswith('Vetting "Tens tax" (examples/rules/tens_tax.lopti): 60 paired rounds')
    verdicts = [line for line in out.splitlines() if line.startswith(("plays fine", "warning"))]
    assert len(verdicts) == 7
    assert "plays fine: no round broke a base guarantee (60 rounds refereed)" in verdicts
    assert out.splitlines()[-1].startswith("Verdict: ")
    assert "difference (95% CI)" in out


def test_vet_warns_about_a_rule_that_never_fires_and_strict_fails(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = rule_file(tmp_path, NEVER)
    code, out, _ = run(capsys, "vet", path, "--games", "30", "--workers", "1")
    assert code == 0 and "warning: the rule never fired in 30 rounds" in out
    assert "Verdict: 1 warning;" in out
    assert run(capsys, "vet", path, "--games", "30", "--workers", "1", "--strict")[0] == 1


def test_vet_with_a_pack_and_a_named_author(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = rule_file(tmp_path, CROWN)
    code, out, err = run(
        capsys,
        "vet",
        path,
        "--pack",
        GENTLE,
        "--author",
        "cat",
        "--games",
        "40",
        "--format",
        "json",
        "--workers",
        "2",
    )
    assert (code, err) == (0, "")
    doc = json.loads(out)
    comparison = doc["comparison"]
    assert comparison["author"] == 2 and comparison["rule"] == ["Crown"]
    assert [r["title"] for r in comparison["with"]["rules"]][-1] == "Crown"
    assert len(comparison["without"]["rules"]) == len(comparison["with"]["rules"]) - 1
    assert {f["finding"] for f in comparison["findings"]} == {
        "length",
        "author",
        "fairness",
        "fires",
        "trips",
        "stalls",
        "guarantees",
    }


def test_vet_stops_at_the_checker(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = rule_file(tmp_path, 'rule "Echo":\n    after draw:\n        player draws 1\n')
    code, out, err = run(capsys, "vet", path, "--games", "10")
    assert code == 1 and err == ""
    assert "LR203" in out and "Verdict" not in out
    code, out, _ = run(capsys, "vet", path, "--format", "json")
    assert code == 1 and json.loads(out)["accepted"] is False


def test_vet_checks_the_rule_with_the_pack(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # the same title as a rule in force is refused only together with the pack
    path = rule_file(tmp_path, 'rule "Tens tax":\n    after clear:\n        player draws 1\n')
    assert run(capsys, "vet", path, "--games", "5", "--workers", "1")[0] == 0
    code, out, _ = run(capsys, "vet", path, "--pack", GENTLE, "--games", "5")
    assert code == 1 and "Tens tax" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--author", "7"], "error: --author 7 is not a seat of this table (0 to 3)."),
        (
            ["--author", "zed", "--pack", GENTLE],
            "error: --author zed is not one of the players (Ann, Ben, Cat, Dan).",
        ),
        (["--players", "ann,bob", "--pack", GENTLE], "does not agree with the players"),
        (["--dask", "tcp://127.0.0.1:9"], "error: cannot reach the scheduler at tcp://127.0.0.1:9"),
    ],
)
def test_vet_refuses_in_one_sentence(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    monkeypatch.setattr("lopti_rules.sim.cluster.CONNECT_TIMEOUT", 1.0)
    code, out, err = run(capsys, "vet", "examples/rules/mercy.lopti", "--games", "5", *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_vet_html_writes_the_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    code, out, _ = run(capsys, "vet", TENS, "--games", "40", "--workers", "1", "--html", str(page))
    assert code == 0 and out.endswith(f"Report: {page}\n")
    text = page.read_text(encoding="utf-8")
    assert text.count('src="data:image/png;base64,') == 3


def test_vet_html_without_matplotlib_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    page = tmp_path / "report.html"
    code, out, err = run(capsys, "vet", TENS, "--games", "5", "--html", str(page))
    assert (code, out) == (2, "") and not page.exists()
    assert err == (
        "error: --html needs matplotlib to draw its plots: "
        "install it with `pip install 'lopti-rules[report]'` (from a checkout of the project: "
        "`pip install '.[report]'`).\n"
    )


def test_vet_refuses_a_pack_as_the_rule_and_an_html_folder_that_is_not_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "vet", GENTLE, "--games", "5")
    assert (code, out) == (2, "")
    assert err == (
        f"error: {GENTLE} is a pack: vet takes the proposed rule file, "
        "and the rules in force with --pack.\n"
    )
    missing = tmp_path / "no" / "report.html"
    code, out, err = run(capsys, "vet", TENS, "--games", "5", "--html", str(missing))
    assert (code, out) == (2, "") and "does not exist" in err and err.count("\n") == 1
