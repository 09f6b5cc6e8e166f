"""The `lopti` entry point: help, version and unknown commands."""

from lopti_rules import __version__
from lopti_rules.cli.main import main


def test_version(capsys) -> None:
    assert main(["--version"]) == 0
    assert __version__ in capsys.readouterr().out


def test_unknown_command_is_a_usage_error(capsys) -> None:
    assert main(["no-such-command"]) == 2
    err = capsys.readouterr().err
    assert "no-such-command" in err
    assert "Traceback" not in err


def test_usage_errors_are_one_sentence(capsys) -> None:
    assert main(["play", "--seed", "x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("error: invalid value for '--seed'")
    assert "See `lopti play --help`." in err


def test_a_missing_argument_names_the_command(capsys) -> None:
    assert main(["check"]) == 2
    err = capsys.readouterr().err
    assert err == "error: missing argument 'FILES...'. See `lopti check --help`.\n"


def test_bare_lopti_prints_the_help_and_succeeds(capsys) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Usage: lopti [OPTIONS] COMMAND [ARGS]...\n")
    assert "\nCommands:\n" in out


def test_bare_session_prints_its_help_and_succeeds(capsys) -> None:
    assert main(["session"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Usage: lopti session [OPTIONS] COMMAND [ARGS]...\n")
    assert "  vote " in out


def test_help_gives_whole_command_summaries(capsys) -> None:
    for argv in (["--help"], ["session", "--help"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "..." not in out.split("Commands:", 1)[1], argv
    assert main(["--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "syntax, then the rulebook's limits on house rules." in text
