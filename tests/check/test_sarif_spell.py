"""SARIF 2.1.0 output and did-you-mean suggestions."""

from __future__ import annotations

import json

from lopti_rules.diagnostics.codes import CODES
from lopti_rules.diagnostics.render import FileResult
from lopti_rules.diagnostics.sarif import to_sarif
from lopti_rules.diagnostics.spell import did_you_mean, distance, nearest
from tests.check.helpers import diagnose, one_hook


def test_sarif_log_shape() -> None:
    diags = diagnose(one_hook("after clearr: alice draws 0"))
    log = to_sarif([FileResult("unit0.lopti", "", tuple(diags))])
    json.dumps(log)  # serialisable
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == sorted(CODES)
    results = run["results"]
    assert [r["ruleId"] for r in results] == ["LR501", "LR301", "LR506"]
    first = results[0]
    assert first["level"] == "error"
    assert rules[first["ruleIndex"]]["id"] == "LR501"
    region = first["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 2, "startColumn": 11, "endLine": 2, "endColumn": 17}
    assert first["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "unit0.lopti"
    assert "did you mean `clear`?" in first["message"]["text"]


def test_sarif_accepts_pairs_and_warnings() -> None:
    diags = diagnose(one_hook('after clear: announce "hi"'))
    log = to_sarif([("a.lopti", diags)])
    (result,) = log["runs"][0]["results"]
    assert (result["ruleId"], result["level"]) == ("LW602", "warning")


def test_sarif_is_deterministic() -> None:
    diags = diagnose(one_hook("after draw: seat 2 draws 1"))
    assert json.dumps(to_sarif([("a", diags)])) == json.dumps(to_sarif([("a", diags)]))


def test_distance() -> None:
    assert distance("kitten", "sitting") == 3
    assert distance("", "abc") == 3


def test_nearest_ignores_case_and_underscores() -> None:
    assert nearest("TakeUp", ["take_up", "turn"]) == "take_up"
    assert nearest("clearr", ["clear", "play"]) == "clear"
    assert nearest("fourofakind", ["four_of_a_kind"]) == "four_of_a_kind"


def test_nearest_refuses_far_words() -> None:
    assert nearest("alice", ["player", "dealer", "author"]) is None
    assert nearest("x", ["play"]) is None
    assert did_you_mean("zzz", ["clear"]) is None
    assert did_you_mean("pley", ["play"]) == "did you mean `play`?"
