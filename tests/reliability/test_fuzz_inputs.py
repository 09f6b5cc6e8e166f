"""Issue 11's fuzz tier: a seeded mutator over the test corpora feeds rule files, packs,
session files and conformance scenarios to the functions every command calls. Whatever the
input, no exception escapes but the one-sentence errors each reader documents, and no input
takes more than 2 seconds. The default run tries a few hundred inputs; `-m slow` 20,000."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from lopti_rules.api import check_sources, check_text
from lopti_rules.cli.main import main
from lopti_rules.conformance.loader import load_text
from lopti_rules.conformance.runner import run_loaded
from lopti_rules.packs.pack import PackError, load_pack_text
from lopti_rules.session import store

ROOT = Path(__file__).resolve().parents[2]
SLOW_PER_KIND = 5_000  # x 4 kinds = 20,000 inputs
FAST_PER_KIND = 75  # x 4 kinds = 300 inputs
WORST = 2.0  # seconds

TOKENS = [
    ":", "- ", "[", "]", "{", "}", "&a ", "*a", "!!timestamp ", "!!bool ", "!!python/object ",
    "<<: ", "|", ">", "'", '"', "\\ud800", "\\e", "\x07", "\t", "\n", "\n  ", "    ", "#",
    "2001-13-45", "9" * 120, "-1", "10**30", "null", "~", "yes", "é", "\u2028", "\ufeff",
    "rule \"X\":\n    after play: player draws 1\n", "after", "when", "repeat 10 times: ",
    "every player draws 1", "clear the pile", "author: Bob", "file: /dev/zero", "text: |",
]  # fmt: skip


def mutate(text: str, rng: random.Random) -> str:
    """One to four random edits: deletions, insertions, duplicated or swapped lines, a cut."""
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(7)
        at = rng.randrange(len(text) + 1)
        if kind == 0:
            text = text[:at] + text[at + rng.randint(1, 20) :]
        elif kind == 1:
            text = text[:at] + rng.choice(TOKENS) + text[at:]
        elif kind == 2:
            text = (
                text[:at]
                + chr(rng.choice((rng.randrange(32, 127), rng.randrange(0x10000))))
                + text[at + 1 :]
            )
        elif kind in (3, 4):
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if kind == 3:
                lines.insert(i, lines[j])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif kind == 5:
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            lines[i] = " " * rng.randint(0, 6) + lines[i].lstrip(" ")
            text = "\n".join(lines)
        else:
            text = text[:at]
    return text


def corpus(*patterns: str) -> list[tuple[Path, str]]:
    files = sorted({p for pattern in patterns for p in ROOT.glob(pattern)})
    return [(p, p.read_text(encoding="utf-8")) for p in files]


def feed_rule(path: Path, text: str) -> None:
    check_text(text, str(path))


def feed_pack(path: Path, text: str) -> None:
    try:
        loaded = load_pack_text(text, str(path))  # `file:` entries resolve beside the original
    except PackError as exc:
        assert exc.problems and all(p.line >= 1 and p.column >= 1 for p in exc.problems)
        return
    check_sources([e.source.fresh() for e in loaded.entries], roster=loaded.roster)


def feed_session(path: Path, text: str) -> None:
    try:
        store.parse(text, str(path))
    except store.SessionFileError as exc:
        assert str(exc).startswith(f"{path}:")


def feed_scenario(path: Path, text: str) -> None:
    item = load_text(text, path)
    run_loaded(item)


def sessions(tmp: Path) -> list[tuple[Path, str]]:
    """Session files at several points of an evening, made by the commands themselves."""
    path = tmp / "s.yaml"
    rule = tmp / "tens.lopti"
    rule.write_text(
        'rule "Tens tax":\n    after clear when cause is ten: each other player draws 1\n',
        encoding="utf-8",
    )
    steps = [
        ["start", "Ann,Ben,Cat,Dan", "--name", "Friday"],
        ["deal"],
        ["round", "--winner", "Cat", "--places", "Cat,Ann,Dan,Ben"],
        ["rule", str(rule), "--author", "Cat"],
        ["deal", "--absent", "Dan"],
        ["round", "--winner", "Ben"],
        [
            "vote",
            "remove",
            "1",
            "--proposer",
            "Ben",
            "--yes",
            "Ben,Dan,Ann",
            "--no",
            "Cat",
            "--now",
        ],
    ]
    out: list[tuple[Path, str]] = []
    for step in steps:
        assert main(["session", *step, "--file", str(path)]) == 0, step
        out.append((path, path.read_text(encoding="utf-8")))
    return out


FEEDERS: dict[str, Callable[[Path, str], None]] = {
    "rule": feed_rule,
    "pack": feed_pack,
    "session": feed_session,
    "scenario": feed_scenario,
}


def inputs(kind: str, tmp: Path) -> list[tuple[Path, str]]:
    if kind == "rule":
        return corpus("examples/rules/*.lopti", "tests/corpus/*.lopti")
    if kind == "pack":
        return corpus("examples/packs/*.yaml", "tests/cli/data/*.yaml")
    if kind == "session":
        return sessions(tmp)
    return corpus("tests/conformance/*/*.yaml")


def fuzz(kind: str, count: int, tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seeds = inputs(kind, tmp)
    capsys.readouterr()
    feed = FEEDERS[kind]
    rng = random.Random(f"lopti-fuzz-{kind}")
    worst = (0.0, "")
    for number in range(count):
        path, text = rng.choice(seeds)
        mutated = mutate(text, rng)
        start = time.perf_counter()
        try:
            feed(path, mutated)
        except Exception as exc:  # the assertion names the input that broke
            raise AssertionError(
                f"input {number} ({path.name}) raised {exc!r}:\n{mutated!r}"
            ) from exc
        took = time.perf_counter() - start
        worst = max(worst, (took, mutated))
    assert worst[0] < WORST, f"an input took {worst[0]:.2f} s:\n{worst[1]!r}"


@pytest.mark.parametrize("kind", list(FEEDERS))
def test_mutated_inputs_never_escape(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fuzz(kind, FAST_PER_KIND, tmp_path, capsys)


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(FEEDERS))
def test_many_mutated_inputs_never_escape(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fuzz(kind, SLOW_PER_KIND, tmp_path, capsys)
