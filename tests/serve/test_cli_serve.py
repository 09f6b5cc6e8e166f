"""`lopti serve`: its errors in one sentence, and the commands docs/web.md shows, run for
real on a loopback port."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from lopti_rules.cli.main import main
from lopti_rules.cli.serve import lan_address
from lopti_rules.i18n import translation
from tests.serve.helpers import lopti_serve

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_bad_arguments_are_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "0"]) == 2
    assert capsys.readouterr().err == "error: --port must be 1 to 65535, not 0.\n"
    session = tmp_path / "s.yaml"
    assert main(["session", "start", "Ann,Ben", "--file", str(session)]) == 0
    capsys.readouterr()
    pack = str(ROOT / "examples" / "packs" / "gentle.yaml")
    assert main(["serve", "--session", str(session), "--pack", pack]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "--pack" in err
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: x\nplayers: [Ann, Ben]\nrules:\n  - author: Ann\n    text: |\n"
        '      rule "x":\n          after clear when cause is tenn: each other player draws 1\n',
        encoding="utf-8",
    )
    assert main(["serve", "--pack", str(bad)]) == 1
    assert "LR503" in capsys.readouterr().err


def test_without_the_extra_it_says_how_to_install_it() -> None:
    code = (
        "import sys; sys.modules['starlette'] = None; "
        "from lopti_rules.cli.main import main; sys.exit(main(['serve']))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr == (
        "error: `lopti serve` needs the web extra: pip install 'lopti-rules[serve]' "
        "(from a checkout of the project: pip install '.[serve]').\n"
    )


def test_the_join_address_is_an_ipv4_address() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+", lan_address())


def _commands() -> list[str]:
    found = re.findall(r"^\$? ?(lopti serve[^\n]*)$", DOC, re.M)
    assert found, "docs/web.md shows no `lopti serve` command"
    return found


@pytest.mark.parametrize("command", _commands())
def test_the_documented_commands_serve_the_table(command: str, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    args = command.split()[2:]
    if "--host" in args:  # only loopback here: the same command, listening on 127.0.0.1
        args[args.index("--host") + 1] = "127.0.0.1"
    if "--port" in args:
        args[args.index("--port") + 1] = str(_free_port())
    else:
        args += ["--port", str(_free_port())]
    port = args[args.index("--port") + 1]
    lang = args[args.index("--lang") + 1] if "--lang" in args else "en"
    banner = translation(lang).gettext("Lopti web table for {names}.").split("{names}")[0]
    with lopti_serve(args, tmp_path) as lines:
        assert lines[0].startswith(banner), lines  # in the language asked for
        url = lines[1].split(": ", 1)[1].strip()
        assert url.startswith(f"http://127.0.0.1:{port}/?t=")
        page = httpx.get(url, timeout=5)
        assert page.status_code == 200 and "Lopti table" in page.text
        assert httpx.get(f"http://127.0.0.1:{port}/static/app.js").status_code == 200
        if "--lang" in args:  # the page's labels in that language
            labels = httpx.get(f"http://127.0.0.1:{port}/labels.json").json()
            assert labels["lang"] == lang and labels["labels"]["The table"] != "The table"
        if "--session" in args:
            assert (tmp_path / args[args.index("--session") + 1]).exists()
