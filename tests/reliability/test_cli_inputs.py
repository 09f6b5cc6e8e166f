"""Issue 11, item 8: command-line arguments are checked before anything runs, and a reader
that stops early (`| head -1`) ends the command quietly with exit 0."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_run import run


@pytest.mark.parametrize("command", ["simulate", "vet"])
def test_a_huge_games_count_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    argv = [command, "--games", "1000000000000"]
    if command == "vet":
        argv.append("examples/rules/tens_tax.lopti")
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err == "error: --games must be at most 1,000,000, not 1,000,000,000,000.\n"


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--workers", "1000", "--workers must be at most 256, not 1000"),
        ("--max-moves", "0", "--max-moves must be at least 1"),
        ("--max-moves", "10000000", "--max-moves must be at most 1,000,000, not 10,000,000"),
    ],
)
def test_other_counts_are_range_checked(
    capsys: pytest.CaptureFixture[str], option: str, value: str, message: str
) -> None:
    code, _, err = run(capsys, "simulate", option, value)
    assert (code, err) == (2, f"error: {message}.\n")


@pytest.mark.parametrize("command", [["play"], ["simulate", "--games", "1"]])
def test_a_superscript_digit_is_a_name_not_a_number(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    code, _, err = run(capsys, *command, "--players", "²")
    assert code == 2 and "invalid literal" not in err
    assert err.startswith("error: --players must name 2 to 5 players, not 1")


@pytest.mark.parametrize("command", [["conformance"], ["check"], ["check", "--format", "json"]])
def test_a_reader_that_stops_early_ends_the_command_quietly(
    tmp_path: Path, command: list[str]
) -> None:
    # far more output than a pipe holds, so the writer meets the closed pipe; every input
    # is accepted (warnings only), so 0 is the command's own verdict too
    if command[0] == "check":
        noisy = "".join(f'rule "R{i}":\n    after play: announce "{i}"\n' for i in range(3000))
        (tmp_path / "noisy.lopti").write_text(noisy, encoding="utf-8")
        argv = [*command, str(tmp_path / "noisy.lopti")]
    else:
        argv = [*command, "tests/conformance", "tests/conformance", "tests/conformance"]
    with subprocess.Popen(
        [sys.executable, "-m", "lopti_rules", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()  # like `| head -1`
        err = proc.stderr.read().decode()
        code = proc.wait(timeout=120)
    assert (code, err) == (0, "")
