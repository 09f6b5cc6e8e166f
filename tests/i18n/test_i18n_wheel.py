"""The rulebooks and the compiled catalogues ship in the wheel, and an installed copy speaks
every language from them (not from the repository's folders)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from lopti_rules.i18n import LANGUAGES

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def installed(pure_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    wheel, out = pure_wheel, tmp_path_factory.mktemp("installed")
    target = out / "site"
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target)]
    subprocess.run([*pip, str(wheel)], check=True, capture_output=True)
    return wheel, target


def test_the_wheel_holds_every_rulebook_and_catalogue(installed: tuple[Path, Path]) -> None:
    names = set(zipfile.ZipFile(installed[0]).namelist())
    for lang in LANGUAGES:
        assert f"lopti_rules/docs/rules/{lang}.md" in names
        if lang != "en":
            assert f"lopti_rules/i18n/locale/{lang}/LC_MESSAGES/lopti.mo" in names


def test_an_installed_copy_speaks_from_its_own_files(
    installed: tuple[Path, Path], tmp_path: Path
) -> None:
    target = installed[1]
    env = {**os.environ, "PYTHONPATH": str(target), "XDG_CACHE_HOME": str(tmp_path / "cache")}

    def lopti(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "lopti_rules", *args],
            capture_output=True, text=True, env=env, check=True, cwd=tmp_path,
        )  # fmt: skip
        return done.stdout

    assert lopti("rules", "X7.2", "--lang", "it").startswith("#### X7.2 — La regola bassa")
    assert "Mano 1: distribuisce" in lopti("play", "--seed", "7", "--lang", "it")
    tens = str(ROOT / "examples" / "rules" / "tens_tax.lopti")
    assert "dziesiątka wyczyści stos" in lopti("explain", tens, "--lang", "pl")
