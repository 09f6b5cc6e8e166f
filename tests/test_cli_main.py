"""The `lopti` entry point: help, version and unknown commands."""

import subprocess
import sys

import click
import pytest

from lopti_rules import __version__
from lopti_rules.cli.buildinfo import engine_is_compiled
from lopti_rules.cli.main import COMMANDS, SUMMARIES, cli, main


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    kind = "compiled" if engine_is_compiled() else "pure Python"
    assert capsys.readouterr().out == f"lopti {__version__} ({kind})\n"


def test_the_help_summaries_are_the_commands_own() -> None:
    ctx = click.Context(cli)
    fix = "lopti_rules/cli/main.py's SUMMARIES must hold each command's first help sentence"
    assert set(SUMMARIES) == set(COMMANDS), fix
    for name, summary in SUMMARIES.items():
        command = cli.get_command(ctx, name)
        assert command is not None
        assert command.get_short_help_str(limit=500) == summary, f"{fix}: {name}"


def test_help_lists_every_command_without_importing_any() -> None:
    probe = (
        "import sys; from lopti_rules.cli.main import COMMANDS, main; code = main(['--help']); "
        "loaded = [m for m in COMMANDS.values() if 'lopti_rules.cli.' + m in sys.modules]; "
        "print(loaded, 'pydantic' in sys.modules, code)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    listing = out.split("Commands:")[1]
    for name in COMMANDS:
        assert f"\n  {name} " in listing
    assert "Play one narrated round of Lopti between bots." in listing
    assert out.splitlines()[-1] == "[] False 0"


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-command"]) == 2
    err = capsys.readouterr().err
    assert "no-such-command" in err
    assert "Traceback" not in err


def test_usage_errors_are_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("error: invalid value for '--seed'")
    assert "See `lopti play --help`." in err


def test_a_missing_argument_names_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 2
    err = capsys.readouterr().err
    assert err == "error: missing argument 'FILES...'. See `lopti check --help`.\n"


def test_bare_lopti_prints_the_help_and_succeeds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Usage: lopti [OPTIONS] COMMAND [ARGS]...\n")
    assert "\nCommands:\n" in out


def test_bare_session_prints_its_help_and_succeeds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["session"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Usage: lopti session [OPTIONS] COMMAND [ARGS]...\n")
    assert "  vote " in out


def test_help_gives_whole_command_summaries(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["session", "--help"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "..." not in out.split("Commands:", 1)[1], argv
    assert main(["--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "syntax, then the rulebook's limits on house rules." in text
