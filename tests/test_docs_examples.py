"""Every command and code example in README.md and docs/*.md runs, as written, in a test.

Each page's ```sh and ```python blocks run in order in a folder of their own holding a copy
of `examples/` and `tests/conformance/`, plus the placeholder files the pages name
(`my_rule.lopti`, `new_rule.lopti`, `table.yaml`, the tutorial's `generous.lopti`). A
`lopti ...` line runs the command line in-process (`> FILE`, `< FILE`, `&&` and `*` globs
as a shell would); it must exit 0. Its output must be what the page shows: the lines after a
`$ lopti ...` line, or a ```text block right after the block (optionally after a line
`prints:`) for the block's last command or the python block's whole output.

An HTML comment on the line before a block says when it is not run in full, and why:
`<!-- not run: REASON -->` (installing, benchmarks, a cluster, an API summary),
`<!-- usage only: REASON -->` (the lopti lines are parsed by the command line, so an option
that no longer exists fails, but not run: they are slow or need a cluster), and
`<!-- run by tests/...py -->` (another test runs them, and that test file must exist).
Other comments (`<!-- evening -->`) only name a block. The README's Quick start is run for
real, in a fresh virtual environment, by the slow tier (`pytest -m slow`).
"""

from __future__ import annotations

import contextlib
import filecmp
import glob
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import click
import pytest

from lopti_rules.cli.main import cli, main

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(
    r"(?:<!-- (?P<note>[^\n]*?) -->\n)?```(?P<lang>sh|python)\n(?P<body>.*?)```\n"
    r"(?:\n(?:prints:\n\n)?```text\n(?P<out>.*?)```\n)?",
    re.S,
)


@dataclass(frozen=True)
class Block:
    page: Path
    line: int
    lang: str
    body: str
    note: str
    shown: str | None

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    found = []
    for m in BLOCK.finditer(text):
        line = text.count("\n", 0, m.start("body"))
        found.append(Block(page, line, m["lang"], m["body"], m["note"] or "", m["out"]))
    return found


def sandbox(folder: Path) -> None:
    shutil.copytree(ROOT / "examples", folder / "examples")
    shutil.copytree(ROOT / "tests" / "conformance", folder / "tests" / "conformance")
    rule = (ROOT / "examples" / "rules" / "comeback.lopti").read_text(encoding="utf-8")
    for name in ("my_rule.lopti", "new_rule.lopti"):
        (folder / name).write_text(rule, encoding="utf-8")
    pack = (ROOT / "examples" / "packs" / "gentle.yaml").read_text(encoding="utf-8")
    (folder / "table.yaml").write_text(pack.replace("../rules/", "examples/rules/"), "utf-8")
    tutorial = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    generous = re.search(r"```\n(# generous\.lopti:.*?)```", tutorial, re.S)
    assert generous is not None
    (folder / "generous.lopti").write_text(generous.group(1), encoding="utf-8")


def commands(body: str) -> list[tuple[str, str]]:
    """(command line, output shown after it) for each line; `$ ` lines carry output."""
    found: list[tuple[str, str]] = []
    for raw in body.splitlines():
        if raw.startswith("$ "):
            found.append((raw[2:], ""))
        elif found and body.lstrip().startswith("$ "):
            line, shown = found[-1]
            found[-1] = (line, shown + raw + "\n")
        elif raw.strip() and not raw.strip().startswith("#"):
            found.append((raw, ""))
    return found


def run_line(line: str, check_usage_only: bool = False) -> str:
    """Run one shell line of `lopti` commands (and `cmp`); return the last one's stdout."""
    words = shlex.split(line, comments=True)
    out = ""
    while words:
        cut = words.index("&&") if "&&" in words else len(words)
        out = run_command(words[:cut], check_usage_only)
        words = words[cut + 1 :]
    return out


def run_command(words: list[str], usage_only: bool) -> str:
    target = source = None
    if ">" in words:
        target = words[words.index(">") + 1]
        words = words[: words.index(">")]
    if "<" in words:
        source = words[words.index("<") + 1]
        words = words[: words.index("<")]
    words = [w for word in words for w in (sorted(glob.glob(word)) if "*" in word else [word])]
    if usage_only and words[0] != "lopti":
        return ""
    if words[0] == "cmp":
        assert filecmp.cmp(words[1], words[2], shallow=False), words
        return ""
    assert words[0] == "lopti", f"only lopti and cmp run here: {words}"
    if usage_only:
        command: click.Command = cli
        name, rest, ctx = "lopti", words[1:], None
        while isinstance(command, click.Group):
            ctx = click.Context(command, info_name=name, parent=ctx)
            name, rest = rest[0], rest[1:]
            found = command.get_command(ctx, name)
            assert found is not None, words
            command = found
        command.make_context(name, rest, parent=ctx)  # a usage error raises here
        return ""
    stdout = io.StringIO()
    stdin = open(source, encoding="utf-8") if source else io.StringIO("")  # noqa: SIM115
    old_stdin = sys.stdin
    sys.stdin = stdin
    try:
        with contextlib.redirect_stdout(stdout):
            code = main(words[1:])
    finally:
        sys.stdin = old_stdin
        stdin.close()
    assert code == 0, (words, code)
    if target is not None:
        Path(target).write_text(stdout.getvalue(), encoding="utf-8")
        return ""
    return stdout.getvalue()


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_on_the_page_runs(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sandbox(tmp_path)
    monkeypatch.chdir(tmp_path)
    for block in blocks(page):
        note = block.note
        if note.startswith("not run:"):
            assert note.removeprefix("not run:").strip(), f"{block.where}: say why"
            continue
        if note.startswith("run by "):
            other = ROOT / note.removeprefix("run by ").strip()
            assert other.is_file(), f"{block.where}: {other} does not exist"
            continue
        usage_only = note.startswith("usage only:")
        if block.lang == "python":
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                exec(compile(block.body, block.where, "exec"), {})
            if block.shown is not None:
                assert printed.getvalue() == block.shown, block.where
            continue
        out = ""
        for line, shown in commands(block.body):
            try:
                out = run_line(line, usage_only)
            except (AssertionError, Exception) as exc:
                raise AssertionError(f"{block.where}: `{line}` failed: {exc!r}") from None
            if shown:
                assert out == shown, f"{block.where}: `{line}` printed\n{out}"
        if block.shown is not None and not usage_only:
            assert out == block.shown, f"{block.where}: the last command printed\n{out}"


def test_the_pages_have_examples() -> None:
    found = {str(p.relative_to(ROOT)): len(blocks(p)) for p in PAGES}
    assert found["README.md"] >= 2 and found["docs/sessions.md"] >= 4
    assert found["docs/playing.md"] == 4


@pytest.mark.slow
def test_the_readme_quick_start_works_in_a_fresh_environment(tmp_path: Path) -> None:
    """The two Quick start commands, as written, one after the other in a copy of the
    project, as a newcomer runs them: the first installs and plays; the second installs the
    test dependencies over it and runs pytest, here collecting every test (each module
    imports with only what the `test` extra installs). The suite's own run of that command
    is CI's: `.ci/run` is that command, character for character (the test below), so a
    second full run here would only repeat it."""
    readme = blocks(ROOT / "README.md")
    quick = [b.body.strip() for b in readme[:2]]
    copy = tmp_path / "lopti-rules"
    shutil.copytree(
        ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "*.egg-info", "__pycache__")
    )
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    first = subprocess.run(quick[0], shell=True, cwd=copy, env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines()[-1].startswith("Winner: ")
    env["PYTEST_ADDOPTS"] = "--collect-only"
    second = subprocess.run(quick[1], shell=True, cwd=copy, env=env, capture_output=True, text=True)
    assert second.returncode == 0, second.stdout[-2000:] + second.stderr[-2000:]
    counts = re.findall(r"(\d+)(?:/\d+)? tests? collected", second.stdout)
    assert len(counts) == 2 and int(counts[0]) > 2000, second.stdout[-2000:]  # both tiers


def test_ci_runs_exactly_the_readmes_test_command() -> None:
    """`.ci/run` ends with the Quick start's test command, character for character."""
    command = blocks(ROOT / "README.md")[1].body.strip()
    assert command.endswith("pytest && .venv/bin/python -m pytest -m slow")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == command
