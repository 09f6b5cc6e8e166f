"""Which language a run speaks: --lang, then LOPTI_LANG, then the locale, else English."""

from __future__ import annotations

import pytest

from lopti_rules.cli.main import main
from lopti_rules.i18n import UnknownLanguage, choose, current_language, set_language


def test_lang_option_comes_first() -> None:
    env = {"LOPTI_LANG": "de", "LC_ALL": "fr_FR.UTF-8"}
    assert choose("it", env) == "it"


def test_then_lopti_lang_then_the_locale_variables_in_order() -> None:
    assert choose(None, {"LOPTI_LANG": "pl", "LANG": "fr_FR"}) == "pl"
    assert choose(None, {"LC_ALL": "pt_BR.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "it"}) == "pt"
    assert choose(None, {"LC_MESSAGES": "de_DE.UTF-8", "LANG": "it_IT"}) == "de"
    assert choose(None, {"LANG": "it_IT.UTF-8"}) == "it"


def test_a_locale_we_do_not_speak_or_none_at_all_means_english() -> None:
    assert choose(None, {"LANG": "ja_JP.UTF-8", "LC_MESSAGES": ""}) == "en"
    assert choose(None, {"LANG": "C.UTF-8"}) == "en"
    assert choose(None, {}) == "en"


def test_an_unknown_language_asked_by_name_is_one_sentence() -> None:
    with pytest.raises(UnknownLanguage, match="LOPTI_LANG 'xx' is not a language"):
        choose(None, {"LOPTI_LANG": "xx"})


def test_an_unknown_language_is_said_in_the_language_in_use() -> None:
    set_language("it")
    with pytest.raises(UnknownLanguage) as caught:
        choose("klingon", {"LOPTI_LANG": "de"})
    said = str(caught.value)
    assert said.startswith("--lang 'klingon' non è una lingua")
    assert said.endswith("(en, it, de, pl, pt, fr)")


def test_a_bad_lang_after_a_good_one_is_refused_in_the_good_ones_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """click's words around the refusal and the refusal itself: one language, not two."""
    assert main(["--lang", "de", "rules", "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Fehler: ") and "--lang 'xx' ist keine Sprache" in err


def test_a_bad_lang_is_refused_in_the_language_of_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run that chose no language says it in `LOPTI_LANG`'s, whatever an earlier run spoke."""
    assert main(["rules", "S1", "--lang", "fr"]) == 0
    monkeypatch.setenv("LOPTI_LANG", "pl")
    assert main(["rules", "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("błąd: ") and "--lang 'xx' to nie język" in err


def test_lang_works_on_the_group_and_on_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "it", "rules", "S1"]) == 0
    assert current_language() == "it"
    assert main(["rules", "S1", "--lang", "pl"]) == 0
    assert current_language() == "pl"


def test_an_unknown_lang_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--lang", "klingon"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: invalid value for '--lang': --lang 'klingon' is not a language")
    assert err.count("\n") == 1


def test_the_subcommands_of_a_group_take_lang_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["session", "simulate", "--players", "4", "--rounds", "1", "--lang", "de"]) == 0
    assert current_language() == "de"
    assert main(["session", "simulate", "--lang", "xx"]) == 2
    assert "--lang 'xx' is not a language" in capsys.readouterr().err
