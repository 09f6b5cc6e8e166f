"""The checker speaks the reader's language: every diagnostic's message and hint (LR*, LW*,
syntax errors with their did-you-mean, pack errors) and the summary line, while the JSON and
SARIF stay the same in every language apart from the words a person reads."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from lopti_rules.cli.main import main
from lopti_rules.i18n import LANGUAGES, set_language
from lopti_rules.lsp.fixes import fix
from tests.check.helpers import diagnose

CORPUS = Path(__file__).parents[1] / "corpus"
OTHERS = sorted(set(LANGUAGES) - {"en"})
# one file with every kind of mistake a reader meets: a person named, a misspelt event, a
# type mismatch, a loop, a forbidden form and a warning
BAD = (
    'rule "Tax":\n'
    "    after clear when cause is 10: ben draws 1\n"
    "    after clearr: player draws 1\n"
    "    after draw: player draws 1\n"
    "    after play: skip the next turn\n"
    "    after play when rank > 5 and rank < 3: player draws 1\n"
)
SYNTAX = 'rule "Slip":\n    aftr clear: player draws 1\n'


def corpus_files() -> list[Path]:
    return sorted(p for p in CORPUS.glob("*.lopti") if p.name != "accepted.lopti")


def roster(path: Path) -> list[str]:
    found = re.match(r"#\s*players:\s*(.+)", path.read_text(encoding="utf-8"))
    return ["--players", ",".join(n.strip() for n in found.group(1).split(","))] if found else []


def check_json(capsys: pytest.CaptureFixture[str], lang: str, *args: str) -> Any:
    main(["check", *args, "--format", "json", "--lang", lang])
    return json.loads(capsys.readouterr().out)


def diagnostics(report: Any) -> list[dict[str, Any]]:
    return [d for f in report["files"] for d in f["diagnostics"]]


def without_words(report: Any) -> Any:
    for d in diagnostics(report):
        d["message"] = d["hint"] = ""
    return report


def test_check_speaks_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.lopti"
    bad.write_text(BAD, encoding="utf-8")
    assert main(["check", "--players", "ann,ben,cat", str(bad), "--lang", "de"]) == 1
    out = capsys.readouterr().out
    assert "unbekanntes Ereignis `clearr`" in out
    assert "Hinweis: meintest du `clear`?" in out
    assert "ist ein Spieler" not in out and "spielt an diesem Tisch mit" in out
    assert "Endlosschleife" in out
    assert out.rstrip().endswith("1 Datei geprüft: 1 Datei abgelehnt (5 Fehler, 1 Warnung)")
    assert "hint:" not in out and "unknown" not in out


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_every_corpus_diagnostic_is_translated_and_the_json_is_the_same(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [*roster(path), str(path)]
    english = check_json(capsys, "en", *args)
    assert diagnostics(english)
    for lang in OTHERS:
        told = check_json(capsys, lang, *args)
        for mine, theirs in zip(diagnostics(told), diagnostics(english), strict=True):
            assert mine["message"] != theirs["message"], (lang, theirs["message"])
            assert (mine["hint"] is None) == (theirs["hint"] is None)
            assert mine["hint"] is None or mine["hint"] != theirs["hint"], (lang, theirs["hint"])
            assert "{" not in mine["message"] and "{" not in (mine["hint"] or "")
        assert without_words(told) == without_words(json.loads(json.dumps(english)))


@pytest.mark.parametrize("lang", OTHERS)
def test_a_syntax_error_and_its_did_you_mean_are_translated(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    slip = tmp_path / "slip.lopti"
    slip.write_text(SYNTAX, encoding="utf-8")
    english = diagnostics(check_json(capsys, "en", str(slip)))
    told = diagnostics(check_json(capsys, lang, str(slip)))
    assert [d["code"] for d in told] == [d["code"] for d in english] == ["LP001"]
    assert told[0]["message"] != english[0]["message"]
    assert "`after`" in told[0]["hint"] and told[0]["hint"] != english[0]["hint"]


def test_sarif_is_the_same_in_every_language_apart_from_the_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.lopti"
    bad.write_text(BAD, encoding="utf-8")
    logs = []
    for lang in sorted(LANGUAGES):
        main(["check", "--players", "ann,ben,cat", str(bad), "--format", "sarif", "--lang", lang])
        log = json.loads(capsys.readouterr().out)
        texts = [r["message"]["text"] for r in log["runs"][0]["results"]]
        for result in log["runs"][0]["results"]:
            result["message"]["text"] = ""
        logs.append((texts, log))
    assert all(log == logs[0][1] for _, log in logs)
    texts = [t for t, _ in logs]
    assert all(a != b for a, b in zip(texts[0], texts[1], strict=True))


def test_a_pack_error_is_translated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "pack.yaml"
    pack.write_text(
        "name: t\nplayers: [ann, ben]\nrules:\n"
        '  - text: "rule \\"A\\":\\n    after clear: player draws 1"\n'
        "    author: zed\n",
        encoding="utf-8",
    )
    english = diagnostics(check_json(capsys, "en", str(pack)))
    french = diagnostics(check_json(capsys, "fr", str(pack)))
    assert [d["code"] for d in french] == [d["code"] for d in english] == ["LY003"]
    assert "ne fait pas partie des joueurs" in french[0]["message"]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize(
    ("text", "written"),
    [
        ('rule "T":\n    after clear when cause is 10: player draws 1\n', "ten"),
        ('rule "T":\n    after clearr: player draws 1\n', "clear"),
        ('rule "T":\n    after play when rank > 5 and rank < 3: player draws 1\n', "or"),
    ],
)
def test_an_editor_quick_fix_reads_the_hint_in_any_language(
    lang: str, text: str, written: str
) -> None:
    set_language(lang)
    found = [fix(d, text) for d in diagnose(text)]
    assert any(f is not None and written in f.text for f in found), (lang, found)


def test_check_explain_says_each_accepted_rule_in_plain_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = Path(__file__).parents[2]
    bad = tmp_path / "bad.lopti"
    bad.write_text(BAD, encoding="utf-8")
    good = str(root / "examples/rules/tens_tax.lopti")
    assert main(["check", "--explain", "--lang", "pl", good, str(bad)]) == 1
    out = capsys.readouterr().out
    told = out.split("Prostymi słowami:\n", 1)[1]
    assert told.startswith(f"{good}: Tens tax\n  ")
    assert "Po tym, jak dziesiątka wyczyści stos" in told
    assert str(bad) not in told
    assert main(["check", "--explain", "--format", "json", good]) == 0
    assert "In plain words" not in capsys.readouterr().out


def test_a_pack_schema_problem_is_translated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "pack.yaml"
    pack.write_text("name: t\nplayers: [ann, ben]\nbase:\n  low: 15\nrules: []\n", "utf-8")
    (english,) = diagnostics(check_json(capsys, "en", str(pack)))
    (italian,) = diagnostics(check_json(capsys, "it", str(pack)))
    assert english["code"] == italian["code"] == "LY002"
    assert english["message"] == "`base.low`: `15` is not a rank (use 2..10, J, Q, K or A) or none"
    assert (
        italian["message"]
        == "`base.low`: `15` non è un valore di carta (usa 2..10, J, Q, K o A) né none"
    )


@pytest.mark.parametrize(
    ("lang", "limit"),
    [("en", "1,000"), ("de", "1.000"), ("pl", "1\u00a0000"), ("fr", "1\u202f000")],
)
def test_a_large_number_in_a_message_is_grouped_as_the_language_groups_it(
    lang: str, limit: str
) -> None:
    # a comma would read as a decimal comma in German or Polish: "1,050" is 1.05 there
    set_language(lang)
    nested = "".join(f"\n{'    ' * (2 + i)}repeat 10 times:" for i in range(3))
    text = f'rule "Flood":\n    after play:{nested}\n{"    " * 5}every player draws 1\n'
    said = " ".join(d.message for d in diagnose(text) if d.code == "LR208")
    assert f" {limit}" in said, said
