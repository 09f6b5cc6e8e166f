"""`lopti check` and `lopti fmt`: output formats, exit codes, a quick cold start."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from lopti_rules.cli.main import main

ROOT = Path(__file__).parents[2]
GOOD = 'rule "Tens tax":\n    after clear when cause is ten: each other player draws 1\n'
BAD = 'rule "Tens tax":\n    after clear each other player draws 1\n'


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, text in (("good", GOOD), ("bad", BAD)):
        path = tmp_path / f"{name}.lopti"
        path.write_text(text, encoding="utf-8")
        out[name] = path
    return out


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_accepted_file_exits_0(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", str(files["good"])], capsys)
    assert code == 0
    assert out == "1 file checked: all accepted (0 errors, 0 warnings)\n"


def test_text_output_shows_line_caret_and_hint(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["check", str(files["bad"]), str(files["good"])], capsys)
    assert code == 1
    path = files["bad"]
    assert out == (
        f"{path}:2:17: LP001 expected `:` after the event, not the word `each`\n"
        "      after clear each other player draws 1\n"
        "                  ^^^^\n"
        "  hint: a hook reads `after EVENT: ACTION`, or `after EVENT when CONDITION: ACTION`\n"
        "\n"
        "2 files checked: 1 file rejected (1 error, 0 warnings)\n"
    )


def test_concise_output(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", "--format", "concise", str(files["bad"])], capsys)
    assert (code, out) == (
        1,
        f"{files['bad']}:2:17: LP001 expected `:` after the event, not the word `each`\n",
    )


def test_json_output_is_the_interface_and_byte_identical(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["check", "--format", "json", str(files["bad"]), str(files["good"])]
    code, out, _ = run(args, capsys)
    assert code == 1
    data = json.loads(out)
    assert [f["path"] for f in data["files"]] == [str(files["bad"]), str(files["good"])]
    assert [f["accepted"] for f in data["files"]] == [False, True]
    (d,) = data["files"][0]["diagnostics"]
    assert list(d) == [
        "file",
        "code",
        "severity",
        "line",
        "column",
        "end_line",
        "end_column",
        "message",
        "hint",
    ]
    assert (d["code"], d["severity"], d["line"], d["column"], d["end_column"]) == (
        "LP001",
        "error",
        2,
        17,
        21,
    )
    assert run(args, capsys)[1] == out


def test_sarif_output(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", "--format", "sarif", str(files["bad"])], capsys)
    assert code == 1
    assert json.loads(out)["version"] == "2.1.0"


def test_players_roster_reaches_the_checker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ben.lopti"
    path.write_text('rule "r":\n    after clear: announce "Ben deals next"\n', encoding="utf-8")
    assert run(["check", str(path)], capsys)[0] == 0
    code, out, _ = run(["check", "--format", "concise", "--players", "ann,ben", str(path)], capsys)
    assert code == 1 and "LR304" in out


def test_missing_file_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", str(tmp_path / "nope.lopti")], capsys)
    assert code == 2 and "nope.lopti" in err and "Traceback" not in err


def test_not_utf8_is_lp002(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.lopti"
    path.write_bytes('rule "caf\u00e9":\n'.encode("latin-1"))
    code, out, _ = run(["check", "--format", "concise", str(path)], capsys)
    assert code == 1 and f"{path}:1:10: LP002" in out


def test_fmt_check_and_rewrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "messy.lopti"
    path.write_text('rule "r":   # keep me\n  after clear:   player draws 1\n', encoding="utf-8")
    assert run(["fmt", "--check", str(path)], capsys) == (
        1,
        f"would reformat {path}\n1 file would be reformatted.\n",
        "",
    )
    assert run(["fmt", str(path)], capsys)[0] == 0
    assert path.read_text(encoding="utf-8") == (
        'rule "r":  # keep me\n    after clear: player draws 1\n'
    )
    assert run(["fmt", "--check", str(path)], capsys) == (0, "1 file already formatted.\n", "")


MESSY = 'rule "r":\n  after clear:   player draws 1\n'
TIDY = 'rule "r":\n    after clear: player draws 1\n'


def test_fmt_diff_shows_the_change_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "messy.lopti"
    path.write_text(MESSY, encoding="utf-8")
    code, out, err = run(["fmt", "--diff", str(path)], capsys)
    assert code == 1
    assert out.splitlines() == [
        f"--- {path}",
        f"+++ {path}",
        "@@ -1,2 +1,2 @@",
        ' rule "r":',
        "-  after clear:   player draws 1",
        "+    after clear: player draws 1",
    ]
    assert err == "1 file would be reformatted.\n"
    assert path.read_text(encoding="utf-8") == MESSY


def test_check_and_fmt_take_a_folder_recursively(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "deep" / "er").mkdir(parents=True)
    (tmp_path / "a.lopti").write_text(GOOD, encoding="utf-8")
    (tmp_path / "deep" / "er" / "b.lopti").write_text(MESSY, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a rule", encoding="utf-8")
    code, out, _ = run(["check", str(tmp_path)], capsys)
    assert (code, out) == (0, "2 files checked: all accepted (0 errors, 0 warnings)\n")
    code, out, _ = run(["fmt", str(tmp_path)], capsys)
    assert code == 0
    assert out == (
        f"reformatted {tmp_path / 'deep' / 'er' / 'b.lopti'}\n"
        "1 file reformatted, 1 file already formatted.\n"
    )


def test_a_folder_without_rule_files_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("check", "fmt"):
        code, _, err = run([command, str(tmp_path)], capsys)
        assert code == 2
        assert err == f"error: there are no rule files (*.lopti) in the folder {tmp_path}.\n"


def stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))


def test_check_reads_a_rule_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin(monkeypatch, BAD)
    code, out, _ = run(["check", "--format", "concise", "-"], capsys)
    assert code == 1
    assert out.startswith("<stdin>:2:17: LP001 ")


def test_fmt_formats_standard_input_to_standard_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin(monkeypatch, MESSY)
    assert run(["fmt", "-"], capsys) == (0, TIDY, "")
    stdin(monkeypatch, MESSY)
    assert run(["fmt", "--check", "-"], capsys) == (
        1,
        "would reformat <stdin>\n1 file would be reformatted.\n",
        "",
    )


def test_fmt_leaves_a_broken_file_alone(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["fmt", str(files["bad"])], capsys)
    assert code == 1 and "LP001" in err
    assert files["bad"].read_text(encoding="utf-8") == BAD


def test_check_does_not_import_the_engine_or_pydantic() -> None:
    probe = (
        "import sys\n"
        "from lopti_rules.cli.main import main\n"
        f"assert main(['check', {str(ROOT / 'examples/rules/tens_tax.lopti')!r}]) == 0\n"
        "heavy = [m for m in sys.modules if m.startswith(('pydantic', 'lopti_rules.engine',"
        " 'yaml', 'hypothesis'))]\n"
        "assert not heavy, heavy\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_byte_order_mark_is_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.lopti"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode("utf-8"))
    assert run(["check", str(path)], capsys)[0] == 0


def test_unwritable_cache_falls_back_to_no_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lopti_rules.language.lark_parser import _cache_file, build_parser

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert _cache_file() is False
    assert build_parser().parse('rule "r":\n    after clear: clear the pile\n')
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    cache = _cache_file()
    assert isinstance(cache, str) and cache.startswith(str(tmp_path / "cache"))
    build_parser()
    assert Path(cache).is_file()
