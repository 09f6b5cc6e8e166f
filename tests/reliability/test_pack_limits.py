"""Issue 11, item 6, and issue 12's "every pack problem in one run": a pack's `file:` entries
are confined to regular files near the pack and bounded in size; packs themselves have a size
limit (LY005); rule files of any size are read only as far as the limit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_run import run

from lopti_rules.packs.pack import MAX_PACK_CHARS, MAX_RULE_FILE_BYTES

RULE = 'rule "R":\n    after play when count >= 3: next player draws 1\n'


def pack_naming(folder: Path, entry: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    pack = folder / "p.yaml"
    pack.write_text(f"name: x\nrules:\n  - file: {entry}\n    author: 0\n", encoding="utf-8")
    return pack


def concise(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code, out, _ = run(capsys, "check", "--format", "concise", *argv)
    return code, out.splitlines()


def test_a_fifo_is_refused_without_waiting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(tmp_path / "pipe.lopti")
    pack = pack_naming(tmp_path, "pipe.lopti")
    code, lines = concise(capsys, str(pack))
    assert code == 1
    assert lines == [
        f"{pack}:3:11: LY004 cannot read rule file `pipe.lopti`: it is not a regular file (a FIFO)"
    ]


@pytest.mark.parametrize(
    "device", ["/dev/zero", "/dev/urandom", "/etc/passwd", "/proc/self/environ"]
)
def test_files_outside_the_pack_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], device: str
) -> None:
    pack = pack_naming(tmp_path / "a" / "b", device)
    code, lines = concise(capsys, str(pack))
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith(
        f"{pack}:3:11: LY004 cannot read rule file `{device}`: it is outside"
    )


def test_dot_dot_reaches_only_the_folder_beside_the_packs_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "top" / "rules").mkdir(parents=True)
    (tmp_path / "top" / "rules" / "r.lopti").write_text(RULE, encoding="utf-8")
    (tmp_path / "secret.lopti").write_text("the first line of a secret\n", encoding="utf-8")
    near = pack_naming(tmp_path / "top" / "packs", "../rules/r.lopti")
    assert concise(capsys, str(near)) == (0, [])
    far = pack_naming(tmp_path / "top" / "other", "../../secret.lopti")
    code, lines = concise(capsys, str(far))
    assert code == 1 and "it is outside the pack's folder" in lines[0]
    assert "secret" not in "".join(lines[0].split("`")[2:])  # nothing of the file is shown


def test_a_symlink_out_of_the_folder_is_refused_and_the_option_allows_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "r.lopti").write_text(RULE, encoding="utf-8")
    pack_folder = tmp_path / "a" / "b"
    pack = pack_naming(pack_folder, "link.lopti")
    (pack_folder / "link.lopti").symlink_to(tmp_path / "elsewhere" / "r.lopti")
    code, lines = concise(capsys, str(pack))
    assert code == 1 and "it is outside the pack's folder" in lines[0]
    assert concise(capsys, "--any-rule-file", str(pack)) == (0, [])


def test_a_rule_file_over_the_size_limit_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "big.lopti").write_text("#" * (MAX_RULE_FILE_BYTES + 1), encoding="utf-8")
    pack = pack_naming(tmp_path, "big.lopti")
    code, lines = concise(capsys, str(pack))
    assert code == 1
    assert lines == [
        f"{pack}:3:11: LY004 cannot read rule file `big.lopti`: it is larger than the limit "
        f"of {MAX_RULE_FILE_BYTES:,} bytes"
    ]


def test_a_pack_over_the_size_limit_is_ly005(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text("name: x\nrules: []\n" + "#" * MAX_PACK_CHARS + "\n", encoding="utf-8")
    code, lines = concise(capsys, str(pack))
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith(f"{pack}:1:1: LY005 the pack is ")
    code, _, err = run(capsys, "play", "--pack", str(pack))
    assert code in (1, 2) and "LY005" in err


def test_a_missing_file_and_an_unknown_author_are_reported_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text(
        "name: x\nplayers: [Ann, Ben]\nrules:\n  - file: missing.lopti\n    author: Bob\n",
        encoding="utf-8",
    )
    code, lines = concise(capsys, str(pack))
    assert code == 1
    assert [line.split(" ")[1] for line in lines] == ["LY004", "LY003"]
    assert lines[0].startswith(f"{pack}:4:11: LY004") and lines[1].startswith(f"{pack}:5:13:")


@pytest.mark.parametrize("command", ["check", "fmt"])
def test_dev_full_and_dev_zero_as_a_rule_file_are_lp005(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    for device in ("/dev/full", "/dev/zero"):
        code, out, err = run(capsys, command, device)
        assert code == 1
        assert f"{device}:1:1: LP005 the file is over" in out + err
