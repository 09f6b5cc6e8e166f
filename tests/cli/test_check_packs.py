"""`lopti check` with packs: a pack's YAML and all its rules together, `--with PACK`, the
roster agreeing with `--players`, every output format. Output is compared with snapshots."""

from __future__ import annotations

import json
from pathlib import Path

import cli_run
import pytest
from cli_snapshot import ROOT, matches

DATA = "tests/cli/data"


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # paths in the output are the relative ones given


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return cli_run.run(capsys, "check", *argv)


@pytest.mark.parametrize(
    ("name", "args", "code"),
    [
        ("check_bad_pack.txt", [f"{DATA}/bad.yaml"], 1),
        ("check_shape_pack.txt", [f"{DATA}/shape.yaml"], 1),
        ("check_good_pack.txt", [f"{DATA}/good.yaml"], 0),
        (
            "check_with.txt",
            [
                "--with",
                f"{DATA}/good.yaml",
                f"{DATA}/proposed/closes_loop.lopti",
                f"{DATA}/proposed/same_title.lopti",
                f"{DATA}/proposed/names_ben.lopti",
                f"{DATA}/proposed/fine.lopti",
            ],
            1,
        ),
        ("check_bad_pack.json", ["--format", "json", f"{DATA}/bad.yaml"], 1),
    ],
)
def test_output_matches_the_snapshot(
    capsys: pytest.CaptureFixture[str], name: str, args: list[str], code: int
) -> None:
    got, out, err = run(capsys, *args)
    assert (got, err) == (code, "")
    assert matches(name, out), f"output differs from tests/cli/snapshots/{name}:\n{out}"


def concise(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code, out, _ = run(capsys, "--format", "concise", *argv)
    return code, out.splitlines()


def test_inline_and_file_rules_are_positioned_in_their_own_files(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, lines = concise(capsys, f"{DATA}/bad.yaml")
    assert code == 1
    where = [line.split(" ", 2)[:2] for line in lines]
    assert where == [
        [f"{DATA}/bad.yaml:12:11:", "LR203"],  # the block scalar's second line, at its indent
        [f"{DATA}/bad.yaml:14:17:", "LR505"],  # inside a single-quoted scalar
        [f"{DATA}/bad.yaml:14:60:", "LR506"],
        [f"{DATA}/rules/bad_name.lopti:1:7:", "LR304"],  # the roster reaches `file:` rules
        [f"{DATA}/rules/bad_name.lopti:2:18:", "LR301"],
    ]
    # the cycle crosses files and names the rule file's hook with its own line
    assert "(tests/cli/data/rules/draw_grab.lopti:3)" in lines[0]


def test_the_pack_positions_point_at_the_words(capsys: pytest.CaptureFixture[str]) -> None:
    pack = (ROOT / DATA / "bad.yaml").read_text(encoding="utf-8").splitlines()
    assert pack[11][10:].startswith("after pickup")
    assert pack[13][16:].startswith('"Draw and grab"')  # a title's span holds its quotes
    assert pack[13][59] == "0"


def test_schema_problems_have_codes_and_hints(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--format", "json", f"{DATA}/shape.yaml")
    assert code == 1
    (result,) = json.loads(out)["files"]
    assert result["accepted"] is False
    got = [(d["code"], d["line"], d["column"], d["hint"]) for d in result["diagnostics"]]
    assert ("LY002", 3, 1, "did you mean `rules`?") in got
    assert ("LY002", 7, 5, "did you mean `author`?") in got


@pytest.mark.parametrize(
    ("text", "code", "needle"),
    [
        ("name: [x\n", "LY001", "not valid YAML"),
        ("name: x\nrules:\n  - file: gone.lopti\n    author: 0\n", "LY004", "cannot read"),
        ("name: x\nplayers: [a, b]\nrules:\n  - text: 'x'\n    author: eve\n", "LY003", "eve"),
    ],
)
def test_each_kind_of_pack_problem_has_its_code(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, code: str, needle: str
) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text(text, encoding="utf-8")
    rc, lines = concise(capsys, str(pack))
    assert rc == 1 and len(lines) == 1
    assert f" {code} " in lines[0] and needle in lines[0]


def test_a_pack_that_is_not_utf8_is_ly001(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_bytes(b"name: caf\xe9\nrules: []\n")
    rc, lines = concise(capsys, str(pack))
    assert rc == 1 and lines == [f"{pack}:1:10: LY001 this pack is not valid UTF-8 text"]


def test_with_reports_the_cycle_and_title_in_the_proposed_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    proposed = f"{DATA}/proposed/closes_loop.lopti"
    code, lines = concise(capsys, "--with", f"{DATA}/good.yaml", proposed)
    assert code == 1
    (line,) = lines
    assert line.startswith(f"{proposed}:2:5: LR203 ") and "good.yaml:9" in line
    # on its own the proposed rule is fine: the loop is across rules
    assert concise(capsys, proposed) == (0, [])


def test_with_uses_the_pack_roster(capsys: pytest.CaptureFixture[str]) -> None:
    proposed = f"{DATA}/proposed/names_ben.lopti"
    assert "LR304" not in "".join(concise(capsys, proposed)[1])
    code, lines = concise(capsys, "--with", f"{DATA}/good.yaml", proposed)
    assert code == 1 and any("LR304" in line for line in lines)


def test_with_hides_the_pack_rules_own_problems_and_notes_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "--with", f"{DATA}/bad.yaml", f"{DATA}/proposed/fine.lopti")
    assert code == 0
    assert out == "1 file checked: all accepted (0 errors, 0 warnings)\n"
    assert err == (
        f"note: the rules in force in {DATA}/bad.yaml have 5 errors of their own; "
        f"run `lopti check {DATA}/bad.yaml` to see them.\n"
    )


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--players", "ann,ben", f"{DATA}/good.yaml"], "does not agree with the players"),
        (["--players", "ben,ann,cat", f"{DATA}/good.yaml"], "same order"),
        (
            ["--with", f"{DATA}/good.yaml", "--players", "x,y", f"{DATA}/proposed/fine.lopti"],
            "does not agree",
        ),
        (["--with", f"{DATA}/shape.yaml", f"{DATA}/proposed/fine.lopti"], "cannot be loaded"),
        (["--with", f"{DATA}/good.yaml", f"{DATA}/good.yaml"], "is a pack"),
        (["--with", f"{DATA}/nope.yaml", f"{DATA}/proposed/fine.lopti"], "nope.yaml"),
    ],
)
def test_usage_errors_exit_2_with_one_sentence(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "")
    assert needle in err and err.startswith("error: ") and len(err.splitlines()) == 1
    assert "Traceback" not in err


def test_players_that_agree_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--players", "Ann,Ben,Cat", f"{DATA}/good.yaml")[0] == 0


def test_sarif_lists_pack_and_rule_file_locations(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--format", "sarif", f"{DATA}/bad.yaml")
    assert code == 1
    (sarif_run,) = json.loads(out)["runs"]
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in sarif_run["results"]
    }
    assert uris == {f"{DATA}/bad.yaml", f"{DATA}/rules/bad_name.lopti"}
    assert sarif_run["artifacts"] == [{"location": {"uri": f"{DATA}/bad.yaml"}}]


def test_rule_files_and_packs_mix_in_one_run(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--format", "json", f"{DATA}/good.yaml", f"{DATA}/rules/tens.lopti")
    assert code == 0
    assert [f["path"] for f in json.loads(out)["files"]] == [
        f"{DATA}/good.yaml",
        f"{DATA}/rules/tens.lopti",
    ]


def _modules_after(argv: list[str]) -> list[str]:
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from lopti_rules.cli.main import main\n"
        f"main({argv!r})\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('pydantic', 'yaml',"
        " 'lopti_rules.engine', 'lopti_rules.runtime')))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return done.stdout.split("\n")[-2].split()


def test_rule_files_alone_never_load_pydantic_or_yaml() -> None:
    assert _modules_after(["check", "--players", "ann,ben", f"{DATA}/proposed/fine.lopti"]) == []


def test_a_pack_check_loads_pydantic_but_not_the_engine() -> None:
    loaded = _modules_after(["check", f"{DATA}/good.yaml"])
    assert "pydantic" in loaded and "yaml" in loaded
    assert not [m for m in loaded if m.startswith("lopti_rules.")]


@pytest.mark.parametrize("output", ["json", "sarif"])
def test_with_works_in_every_format(capsys: pytest.CaptureFixture[str], output: str) -> None:
    proposed = f"{DATA}/proposed/closes_loop.lopti"
    code, out, _ = run(capsys, "--format", output, "--with", f"{DATA}/good.yaml", proposed)
    assert code == 1
    data = json.loads(out)
    if output == "json":
        (result,) = data["files"]
        assert result["path"] == proposed and result["accepted"] is False
        assert [d["code"] for d in result["diagnostics"]] == ["LR203"]
    else:
        (finding,) = data["runs"][0]["results"]
        assert finding["ruleId"] == "LR203"
        location = finding["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uri"] == proposed


def test_a_proposed_rule_already_in_the_pack_is_said_to_be_in_force(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys,
        "--format",
        "concise",
        "--with",
        "examples/packs/gentle.yaml",
        "examples/rules/tens_tax.lopti",
    )
    assert code == 1
    assert out.splitlines()[0] == (
        "examples/rules/tens_tax.lopti:2:6: LR505 rule `Tens tax` is already in force: this "
        "file is among the rules it is checked with (examples/rules/tens_tax.lopti:2)"
    )
