"""Issue 11, items 2 and 5: two session commands at once lose nothing (the session's lock);
saves of sessions and of `lopti fmt` are atomic (a full disk keeps the old file, a symlink's
target is updated, a read-only file or a device is refused) and say so only once done."""

from __future__ import annotations

import contextlib
import errno
import io
import multiprocessing
import os
import stat
from multiprocessing.synchronize import Barrier
from pathlib import Path

import pytest
from cli_run import run

from lopti_rules.cli.main import main
from lopti_rules.session import store

TENS = 'rule "Tens tax":\n    after clear when cause is ten: each other player draws 1\n'
UNFORMATTED = 'rule "Tens tax":\n    after clear when cause is ten:   each other player draws 1\n'


def won_round(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    """A session after round 1, won by Cat, who may now announce a rule (R1)."""
    assert run(capsys, "session", "start", "Ann,Ben,Cat,Dan", "--file", str(path))[0] == 0
    assert run(capsys, "session", "deal", "--file", str(path))[0] == 0
    assert run(capsys, "session", "round", "--winner", "Cat", "--file", str(path))[0] == 0


def full_disk(*_: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_session_save_on_a_full_disk_keeps_the_old_file_and_reports_no_success(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.yaml"
    won_round(capsys, path)
    before = path.read_text("utf-8")
    monkeypatch.setattr(os, "fsync", full_disk)  # the file helper's fsync
    code, out, err = run(capsys, "session", "deal", "--file", str(path))
    assert code == 2 and out == ""
    assert err == f"error: the disk is full ({path}).\n"
    assert path.read_text("utf-8") == before and leftovers(tmp_path) == []


def test_fmt_on_a_full_disk_keeps_the_old_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "r.lopti"
    path.write_text(UNFORMATTED, encoding="utf-8")
    monkeypatch.setattr(os, "fsync", full_disk)  # the file helper's fsync
    code, out, err = run(capsys, "fmt", str(path))
    assert code == 2 and "reformatted" not in out
    assert err == f"error: cannot write {path}: the disk is full.\n"
    assert path.read_text("utf-8") == UNFORMATTED and leftovers(tmp_path) == []


def test_saves_through_a_symlink_update_its_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "s.yaml"
    link = tmp_path / "s.yaml"
    won_round(capsys, target)
    link.symlink_to(target)
    assert run(capsys, "session", "deal", "--file", str(link))[0] == 0
    assert link.is_symlink() and "round: 2" in target.read_text("utf-8")
    rule = tmp_path / "real" / "r.lopti"
    rule.write_text(UNFORMATTED, encoding="utf-8")
    (tmp_path / "r.lopti").symlink_to(rule)
    assert run(capsys, "fmt", str(tmp_path / "r.lopti"))[0] == 0
    assert (tmp_path / "r.lopti").is_symlink() and rule.read_text("utf-8") == TENS


def test_a_read_only_session_file_is_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    won_round(capsys, path)
    before = path.read_text("utf-8")
    path.chmod(0o444)
    code, out, err = run(capsys, "session", "deal", "--file", str(path))
    assert (code, out) == (2, "")
    assert err == f"error: the file is read-only ({path}).\n"
    assert path.read_text("utf-8") == before


def test_a_device_is_never_replaced(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "session", "start", "Ann,Ben", "--file", "/dev/full", "--force")
    assert code == 2 and "Session" not in out
    assert err == "error: it is not a regular file (/dev/full).\n"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def _child(argv: list[str], barrier: Barrier, results: multiprocessing.Queue[object]) -> None:
    out, err = io.StringIO(), io.StringIO()
    barrier.wait()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    results.put((argv[1], code, out.getvalue() + err.getvalue()))


def race(path: Path, commands: list[list[str]]) -> dict[str, tuple[int, str]]:
    """Run the commands at the same moment, each in its own process."""
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(len(commands))
    results: multiprocessing.Queue[object] = context.Queue()
    procs = [
        context.Process(
            target=_child, args=(["session", *c, "--file", str(path)], barrier, results)
        )
        for c in commands
    ]
    for proc in procs:
        proc.start()
    got = [results.get(timeout=60) for _ in procs]
    for proc in procs:
        proc.join(timeout=60)
    return {str(g[0]): (int(g[1]), str(g[2])) for g in got if isinstance(g, tuple)}


@pytest.mark.parametrize("attempt", range(12))
def test_a_rule_and_a_deal_at_once_lose_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], attempt: int
) -> None:
    path = tmp_path / "s.yaml"
    won_round(capsys, path)
    rule = tmp_path / "tens.lopti"
    rule.write_text(TENS, encoding="utf-8")
    got = race(path, [["rule", str(rule), "--author", "Cat"], ["deal"]])
    final = store.load(path).state
    (rule_code, _), (deal_code, deal_said) = got["rule"], got["deal"]
    assert deal_code == 0 and len(final.rounds) == 2  # the deal is never lost
    passed = "announced no rule" in deal_said
    if rule_code == 0:  # the rule came first: it is in the file, and the deal saw it
        assert [r.title for r in final.rules] == ["Tens tax"] and not passed
    else:  # the deal came first: the rule was refused, and the deal said so
        assert final.rules == [] and passed and rule_code == 1


def test_a_command_that_cannot_get_the_lock_waits_then_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    won_round(capsys, path)
    told: list[str] = []
    with (
        store.locked(path),
        pytest.raises(store.SessionBusy) as info,
        store.locked(path, timeout=0.2, waiting=told.append),
    ):
        pass
    assert told == [f"waiting for another `lopti session` command to finish with {path}"]
    assert str(info.value).startswith(f"{path} is in use by another `lopti session` command")
