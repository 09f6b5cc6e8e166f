"""docs/vetting.md and docs/dask.md: every command shown with its output prints exactly that
output today, and every picture the pages show is there.

When the engine or the bots change on purpose, refresh the page's outputs with
`python -m tests.sim.test_sim_docs` (from the repository's root) and read the diff."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from lopti_rules.cli.main import main

from .sim_helpers import ROOT

PAGES = [ROOT / "docs/vetting.md", ROOT / "docs/dask.md"]


def examples(page: Path) -> list[tuple[str, str]]:
    """(command, output) for each ```sh block of one command followed by a ```text block."""
    text = page.read_text(encoding="utf-8")
    found = re.findall(r"```sh\n(lopti [^\n]*)\n```\n\n```text\n(.*?)```", text, re.S)
    return [(cmd, out) for cmd, out in found]


def test_the_pages_show_examples() -> None:
    assert len(examples(PAGES[0])) == 2


@pytest.mark.parametrize("command", [c for c, _ in examples(PAGES[0])])
def test_a_documented_command_prints_what_the_page_shows(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    expected = dict(examples(PAGES[0]))[command]
    code = main(shlex.split(command)[1:])
    out, _ = capsys.readouterr()
    assert out == expected, (
        f"docs/vetting.md shows another output for `{command}` (refresh it with "
        f"`python -m tests.sim.test_sim_docs` if the change is meant):\n{out}"
    )
    assert code == 0


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_pictures_and_links_exist(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
        if target.startswith("http"):
            continue
        assert (page.parent / target).exists(), f"{page.name} links to a missing {target}"
    if page.name == "vetting.md":
        assert "](img/vet-report.png)" in text.replace("\n", " ")


def refresh(page: Path) -> None:
    """Rewrite each example's output block with what its command prints now."""
    text = page.read_text(encoding="utf-8")
    for command, old in examples(page):
        args = shlex.split(command)[1:]
        from click.testing import CliRunner

        from lopti_rules.cli.main import cli

        new = CliRunner().invoke(cli, args).stdout
        text = text.replace(
            f"{command}\n```\n\n```text\n{old}```", f"{command}\n```\n\n```text\n{new}```"
        )
    page.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    refresh(PAGES[0])
