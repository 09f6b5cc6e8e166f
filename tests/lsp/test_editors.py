"""editors/ and docs/editors.md hold true: the VS Code extension's files, the TextMate grammar
(every keyword of the language highlighted), the Neovim and Helix snippets, and the
pre-commit hooks, run by `pre-commit run --all-files` on a repository of rule files."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from lopti_rules.language.parse import parser

ROOT = Path(__file__).resolve().parents[2]
VSCODE = ROOT / "editors" / "vscode"
DOC = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
GRAMMAR: dict[str, Any] = json.loads(
    (VSCODE / "syntaxes" / "lopti.tmLanguage.json").read_text(encoding="utf-8")
)


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, re.S)


def scopes(line: str) -> dict[str, str]:
    """Each word of a line with the scope the grammar gives it (top-level patterns in
    order, the first match at each position wins, as a TextMate tokenizer does)."""
    patterns = [GRAMMAR["repository"][p["include"][1:]] for p in GRAMMAR["patterns"]]
    found: dict[str, str] = {}
    at = 0
    while at < len(line):
        best: tuple[int, re.Match[str], dict[str, Any]] | None = None
        for pattern in patterns:
            match = re.compile(pattern.get("match") or pattern["begin"]).search(line, at)
            if match and (best is None or match.start() < best[0]):
                best = (match.start(), match, pattern)
        if best is None:
            break
        _, match, pattern = best
        if "captures" in pattern:
            for group, capture in pattern["captures"].items():
                found[match.group(int(group))] = capture["name"]
        elif "begin" in pattern:
            end = re.compile(pattern["end"]).search(line, match.end())
            stop = end.end() if end else len(line)
            found[line[match.start() : stop]] = pattern["name"]
            at = stop
            continue
        else:
            found[match.group()] = pattern["name"]
        at = max(match.end(), at + 1)
    return found


def test_the_grammar_highlights_a_rule() -> None:
    got = scopes('    after clear when cause is ten: next player draws 1  # "taxed"')
    assert got["after"] == "keyword.control.timing.lopti"
    assert got["clear"] == "entity.name.function.event.lopti"
    assert got["when"] == "keyword.control.lopti"
    assert got["is"] == "keyword.operator.lopti"
    assert got["next player"] == "variable.language.role.lopti"
    assert got["draws"] == "support.function.action.lopti"
    assert got["1"] == "constant.numeric.lopti"
    assert got['# "taxed"'] == "comment.line.number-sign.lopti"
    assert scopes('rule "Tens # tax":')['"Tens # tax"'] == "string.quoted.double.lopti"


def test_every_keyword_of_the_language_is_highlighted() -> None:
    """A keyword added to grammar/lopti.lark must be added to the TextMate grammar too."""
    words = {
        t.pattern.value
        for t in parser().terminals
        if t.pattern.type == "str" and re.fullmatch(r"[a-z]+", t.pattern.value)
    }
    regexes = [p["match"] for p in GRAMMAR["repository"].values() if "match" in p]
    missing = sorted(
        w for w in words if not any(re.search(rf"(?<![\w\\]){w}(?!\w)", r) for r in regexes)
    )
    assert not missing, f"add {missing} to editors/vscode/syntaxes/lopti.tmLanguage.json"


def test_the_vscode_extension_declares_what_it_ships() -> None:
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    contributes = manifest["contributes"]
    (language,) = contributes["languages"]
    assert language["extensions"] == [".lopti"]
    assert (VSCODE / language["configuration"]).is_file()
    (grammar,) = contributes["grammars"]
    assert grammar["scopeName"] == GRAMMAR["scopeName"]
    assert (VSCODE / grammar["path"]).is_file()
    assert (VSCODE / manifest["main"]).is_file()
    assert contributes["configuration"]["properties"]["lopti.server.command"]["default"] == [
        "lopti",
        "lsp",
    ]
    assert list(manifest["dependencies"]) == ["vscode-languageclient"]
    json.loads((VSCODE / "language-configuration.json").read_text(encoding="utf-8"))
    if shutil.which("node"):
        subprocess.run(["node", "--check", str(VSCODE / "extension.js")], check=True)


def test_the_helix_and_neovim_snippets_start_lopti_lsp() -> None:
    (toml_config,) = [b for b in blocks("toml") if "language-server" in b]
    helix = tomllib.loads(toml_config)
    server = helix["language-server"]["lopti"]
    assert [server["command"], *server["args"]] == ["lopti", "lsp"]
    assert helix["language"][0]["file-types"] == ["lopti"]
    for lua in blocks("lua"):
        assert 'cmd = { "lopti", "lsp" }' in lua


def test_the_documented_lopti_toml_names_the_pack() -> None:
    (config,) = [b for b in blocks("toml") if b.startswith("pack")]
    assert tomllib.loads(config) == {"pack": "packs/friday.yaml"}


def test_the_local_hooks_in_the_docs_are_the_repositorys_hooks() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (local,) = [yaml.safe_load(b) for b in blocks("yaml") if "repo: local" in b]
    for mine, theirs in zip(local["repos"][0]["hooks"], hooks, strict=True):
        assert mine["language"] == "system" and theirs["language"] == "python"
        for key in ("id", "name", "entry", "types", "files"):
            assert mine[key] == theirs[key], key


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="needs headless Chromium")
def test_the_screenshot_script_draws_the_servers_diagnostics(tmp_path: Path) -> None:
    pytest.importorskip("pygls", reason="the language server needs the `lsp` extra")
    out = tmp_path / "shot.png"
    done = subprocess.run(
        [sys.executable, str(ROOT / "editors" / "screenshot.py"), "--out", str(out)],
        capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"wrote {out} (3 diagnostics)\n"
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


GOOD = 'rule "Tens tax":\n    after clear when cause is ten: each other player draws 1\n'
MESSY = 'rule   "Mercy" :\n  after pickup when count >= 8 :  player discards 2 lowest cards\n'
BAD = 'rule "Typo":\n    after claer: player draws 1\n'


def git(repo: Path, *args: str, env: dict[str, str] | None = None) -> None:
    done = subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("git") is None, reason="pre-commit needs git")
def test_pre_commit_checks_and_formats_a_folder_of_rules(tmp_path: Path) -> None:
    pytest.importorskip("pre_commit", reason="the test extra installs pre-commit")
    repo = tmp_path / "table"
    (repo / "rules").mkdir(parents=True)
    (repo / "rules" / "tens_tax.lopti").write_text(GOOD, encoding="utf-8")
    (repo / "rules" / "mercy.lopti").write_text(MESSY, encoding="utf-8")
    (repo / "rules" / "typo.lopti").write_text(BAD, encoding="utf-8")
    (repo / "notes.txt").write_text("claer is not checked here\n", encoding="utf-8")
    (local,) = [b for b in blocks("yaml") if "repo: local" in b]
    (repo / ".pre-commit-config.yaml").write_text(local, encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", ".")
    bin_dir = str(Path(sys.executable).parent)  # where this environment's `lopti` is
    env = {
        **os.environ,
        "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""),
        "PRE_COMMIT_HOME": str(tmp_path / "cache"),
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org",
    }  # fmt: skip

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", *args],
            cwd=repo, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    first = run("run", "--all-files")
    assert first.returncode == 1, first.stdout + first.stderr
    assert "rules/typo.lopti:2:11: LR501 unknown event `claer`" in first.stdout
    assert "reformatted rules/mercy.lopti" in first.stdout
    assert (repo / "rules" / "mercy.lopti").read_text(encoding="utf-8") == (
        'rule "Mercy":\n    after pickup when count >= 8: player discards 2 lowest cards\n'
    )
    (repo / "rules" / "typo.lopti").write_text(BAD.replace("claer", "clear"), encoding="utf-8")
    second = run("run", "--all-files")
    assert second.returncode == 0, second.stdout + second.stderr
    assert run("install").returncode == 0
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "rules", env=env)  # the installed hook passes the commit
    (repo / "rules" / "typo.lopti").write_text(BAD, encoding="utf-8")
    git(repo, "add", ".")
    refused = subprocess.run(
        ["git", "commit", "-q", "-m", "typo"], cwd=repo, env=env, capture_output=True
    )
    assert refused.returncode != 0
