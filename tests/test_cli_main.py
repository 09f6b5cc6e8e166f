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
