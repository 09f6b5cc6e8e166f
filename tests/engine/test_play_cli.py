"""`lopti play`: the README's quick start, determinism, the event log and argument errors."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import cli_run
import pytest

from lopti_rules.cli.main import main

GOLDEN = Path(__file__).parent / "golden" / "play_players4_seed7.txt"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return cli_run.run(capsys, "play", *argv)


def test_quick_start_matches_the_golden_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--players", "4", "--seed", "7")
    assert code == 0 and err == ""
    assert out == GOLDEN.read_text(encoding="utf-8")  # regenerate deliberately if rules change
    assert out.splitlines()[-1].startswith("Winner: ")


def test_same_seed_same_output_and_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["--players", "ann,ben,cat", "--bots", "greedy,random,greedy", "--places"]
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _, out_a, _ = run(capsys, *args, "--seed", "3", "--log", str(a))
    _, out_b, _ = run(capsys, *args, "--seed", "3", "--log", str(b))
    assert out_a == out_b and a.read_bytes() == b.read_bytes()
    assert "Places: 1st" in out_a
    lines = [json.loads(line) for line in a.read_text(encoding="utf-8").splitlines()]
    head = lines[0]
    assert head["seq"] == 0 and head["event"] == "game" and head["seed"] == 3
    assert head["players"] == ["ann", "ben", "cat"] and head["pack"] is None
    assert head["bots"] == ["greedy", "random", "greedy"] and "version" in head
    assert [line["seq"] for line in lines] == list(range(len(lines)))
    assert all("player" in line for line in lines)
    plays = [line for line in lines if line["event"] == "play"]
    assert plays and all(isinstance(c, str) for p in plays for c in p["cards"])
    assert isinstance(plays[0]["rank"], str)
    assert any(line["event"] == "win" for line in lines)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--players", "7"], "2 to 5"),
        (["--players", "ann,ann"], "different"),
        (["--bots", "smart"], "not a bot"),
        (["--bots", "greedy,random"], "2 bots for 4"),
        (["--dealer", "9"], "dealer"),
        (["--dealer", "Zoe"], "--dealer Zoe is not one of the players (Ann, Ben, Cat, Dan)"),
    ],
)
def test_bad_arguments_exit_2_with_one_sentence(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert needle in err and len(err.strip().splitlines()) == 1


def test_the_dealer_is_a_name_case_aside_or_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    by_name = run(capsys, "--players", "Ann,Zoe,Bob", "--dealer", "zoe", "--seed", "1")
    by_seat = run(capsys, "--players", "Ann,Zoe,Bob", "--dealer", "1", "--seed", "1")
    assert by_name == by_seat and by_name[0] == 0
    assert "Round 1: Zoe deals." in by_name[1]


def test_unwritable_log_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "--log", str(tmp_path / "missing" / "x.jsonl"))
    assert code == 2 and "cannot write the log" in err


def _play_into_a_closed_pipe(*argv: str) -> subprocess.CompletedProcess[bytes]:
    """Run `lopti play` with a standard output whose reader has already gone (`| head`)."""
    read, write = os.pipe()
    os.close(read)
    try:
        command = [sys.executable, "-m", "lopti_rules.cli.main", "play", *argv]
        return subprocess.run(command, stdout=write, stderr=subprocess.PIPE, check=False)
    finally:
        os.close(write)


def test_closed_stdout_is_quiet_and_the_log_is_whole(tmp_path: Path) -> None:
    """`lopti play --log f.jsonl | head -1`: the broken pipe is stdout's, not the log's."""
    piped, whole = tmp_path / "piped.jsonl", tmp_path / "whole.jsonl"
    done = _play_into_a_closed_pipe("--seed", "7", "--log", str(piped))
    assert done.returncode == 0 and done.stderr == b""
    assert main(["play", "--seed", "7", "--log", str(whole)]) == 0
    assert piped.read_bytes() == whole.read_bytes()  # the round was played to its end
    done = _play_into_a_closed_pipe("--seed", "7")
    assert done.returncode == 0 and done.stderr == b""


def _small_files() -> None:
    """In the child: files may grow to 3000 bytes; a write beyond fails (EFBIG), no signal."""
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (3000, 3000))


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX file-size limits")
def test_a_log_that_fails_while_writing_is_blamed(tmp_path: Path) -> None:
    log = tmp_path / "x.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "lopti_rules", "play", "--log", str(log)],
        preexec_fn=_small_files,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert done.stderr == f"error: cannot write the log {log}: {os.strerror(errno.EFBIG)}.\n"
    assert log.stat().st_size == 3000  # the first lines were written: it failed on the way


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_the_log_s_fault(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--log", "/dev/full")
    assert code == 2 and err.startswith("error: cannot write the log /dev/full: ")
