"""`--color auto|always|never`: colour where it helps reading, never in JSON or files.

`always` colours even into a pipe and even with NO_COLOR; `never` colours nothing, even with
FORCE_COLOR; `auto` colours only on a terminal, unless NO_COLOR is set (FORCE_COLOR and
CLICOLOR_FORCE turn it on, NO_COLOR winning). Styled: a diagnostic's location, code, caret
and hint, `fmt --diff`, vet's findings and verdict, the narration's names and rule titles.
"""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from lopti_rules.cli.main import main

ESC = "\x1b["
RED_BOLD = "\x1b[31m\x1b[1m"
BAD = 'rule "x":\n    after play: nxt player draws 1\n'
UNTIDY = 'rule "x":\n    after play:   player draws 1\n'
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def bad(tmp_path: Path) -> str:
    path = tmp_path / "bad.lopti"
    path.write_text(BAD, encoding="utf-8")
    return str(path)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_always_colours_the_diagnostic_into_a_pipe(
    bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["--color", "always", "check", bad], capsys)
    assert code == 1
    first, source, caret, hint = out.splitlines()[:4]
    assert first == f"\x1b[1m{bad}:2:17:\x1b[0m {RED_BOLD}LR301\x1b[0m `nxt player` is not a role"
    assert source == "      after play: nxt player draws 1"
    assert caret == f"                  {RED_BOLD}{'^' * 10}\x1b[0m"
    assert hint.startswith("  \x1b[36mhint:\x1b[0m did you mean")


def test_a_warning_is_yellow(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "w.lopti"
    path.write_text(
        'rule "w":\n    after play when rank is 3 and rank is 4: next player draws 1\n',
        encoding="utf-8",
    )
    code, out, _ = run(["check", str(path), "--color", "always"], capsys)
    assert code == 0
    assert f"\x1b[1m{path}:2:21:\x1b[0m \x1b[33m\x1b[1mLW601\x1b[0m " in out


def test_never_and_a_pipe_in_auto_colour_nothing(
    bad: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, auto, _ = run(["check", bad], capsys)
    monkeypatch.setenv("FORCE_COLOR", "1")
    _, never, _ = run(["check", "--color", "never", bad], capsys)
    assert ESC not in auto and auto == never
    assert auto.startswith(f"{bad}:2:17: LR301 `nxt player` is not a role\n")


def test_no_color_turns_auto_off_but_not_always(
    bad: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("FORCE_COLOR", "1")
    _, auto, _ = run(["check", bad], capsys)
    _, always, _ = run(["--color", "always", "check", bad], capsys)
    assert ESC not in auto and RED_BOLD in always


@pytest.mark.parametrize("variable", ["FORCE_COLOR", "CLICOLOR_FORCE"])
def test_force_color_turns_auto_on(
    variable: str, bad: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(variable, "1")
    _, forced, _ = run(["check", bad], capsys)
    monkeypatch.setenv(variable, "0")
    _, zero, _ = run(["check", bad], capsys)
    assert RED_BOLD in forced and ESC not in zero


def _on_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """The output of `lopti ARGS` with a pseudo-terminal as its stdout and stderr."""
    leader, follower = pty.openpty()
    done = subprocess.run(
        [sys.executable, "-m", "lopti_rules", *args],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=env,
        timeout=60,
        check=False,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal's other side is closed: all is read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert done.returncode == 1
    return b"".join(chunks).decode()


def test_auto_colours_a_terminal_unless_no_color(bad: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    assert RED_BOLD in _on_a_terminal(["check", bad], env)
    shown = _on_a_terminal(["check", bad], {**env, "NO_COLOR": "1"})
    assert ESC not in shown and "LR301" in shown


def test_json_and_sarif_are_never_coloured(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    for output in ("json", "sarif"):
        code, out, _ = run(["--color", "always", "check", "--format", output, bad], capsys)
        assert code == 1 and ESC not in out
        json.loads(out)


def test_fmt_diff_colours_removed_and_added_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "untidy.lopti"
    path.write_text(UNTIDY, encoding="utf-8")
    code, out, _ = run(["fmt", "--diff", "--color", "always", str(path)], capsys)
    assert code == 1
    assert f"\x1b[1m--- {path}\x1b[0m" in out.splitlines()
    assert "\x1b[36m@@ -1,2 +1,2 @@\x1b[0m" in out.splitlines()
    assert "\x1b[31m-    after play:   player draws 1\x1b[0m" in out.splitlines()
    assert "\x1b[32m+    after play: player draws 1\x1b[0m" in out.splitlines()
    assert ' rule "x":' in out.splitlines()  # context lines stay plain
    assert path.read_text(encoding="utf-8") == UNTIDY


def test_vet_colours_its_findings_and_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    rule = str(ROOT / "examples/rules/tens_tax.lopti")
    argv = ["vet", rule, "--games", "20", "--seed", "3"]
    _, coloured, _ = run(["--color", "always", *argv], capsys)
    _, plain, _ = run(argv, capsys)
    verdict = plain.splitlines()[-1]
    assert verdict.startswith("Verdict: ") and ESC not in plain
    role = "\x1b[32m" if verdict == "Verdict: plays fine." else "\x1b[33m\x1b[1m"
    assert coloured.splitlines()[-1] == f"{role}{verdict}\x1b[0m"
    finding = next(line for line in plain.splitlines() if line.startswith("plays fine: "))
    assert f"\x1b[32mplays fine:\x1b[0m {finding.removeprefix('plays fine: ')}" in coloured


def test_narration_marks_names_and_rules_and_the_log_stays_plain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    pack = str(ROOT / "examples/packs/gentle.yaml")
    argv = ["play", "--pack", pack, "--seed", "1", "--log", str(log)]
    _, coloured, _ = run(["--color", "always", *argv], capsys)
    _, plain, _ = run(argv, capsys)
    assert "Round 1: \x1b[1mBen\x1b[0m deals." in coloured.splitlines()
    assert any(
        line.startswith("\x1b[35m\x1b[1mTens tax\x1b[0m: ") for line in coloured.splitlines()
    )
    assert ESC not in plain and ESC not in log.read_text(encoding="utf-8")


def test_conformance_colours_pass_and_fail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenarios = ROOT / "tests" / "conformance" / "ten"
    code, out, _ = run(["conformance", "--color", "always", str(scenarios)], capsys)
    assert code == 0
    passed = [line for line in out.splitlines() if line.startswith("\x1b[32mPASS\x1b[0m ")]
    assert passed and len(passed) == len(out.splitlines()) - 1
    wrong = tmp_path / "wrong.yaml"
    first = sorted(scenarios.glob("*.yaml"))[0].read_text(encoding="utf-8")
    assert "legal: true" in first
    wrong.write_text(first.replace("legal: true", "legal: false", 1), encoding="utf-8")
    code, out, _ = run(["conformance", "--color", "always", str(wrong)], capsys)
    assert code == 1 and out.startswith("\x1b[31m\x1b[1mFAIL\x1b[0m ")


def test_an_unknown_mode_is_a_usage_error(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["--color", "sometimes", "check", bad], capsys)
    assert code == 2
    assert err.startswith("error: invalid value for '--color': 'sometimes' is not one of")
