"""Draw docs/img/editor-diagnostics.png: editors/sample.lopti with `lopti lsp`'s diagnostics.

Run: `.venv/bin/python editors/screenshot.py [--chromium /usr/bin/chromium] [--out FILE]`

It starts the real server (`lopti_rules.lsp.client`), opens the sample, takes the
diagnostics it publishes and its hover on the first one, and writes a page that shows the
file the way an editor does (line numbers, a wavy underline on each diagnostic's range, a
problems panel, the hover box), then photographs the page with headless Chromium. The
ranges come in UTF-16 columns and are turned back into characters here, as an editor would.
"""

from __future__ import annotations

import argparse
import html
import re
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from lopti_rules.lsp.client import Client, utf16_index

HERE = Path(__file__).resolve().parent
SAMPLE = HERE / "sample.lopti"
OUT = HERE.parent / "docs" / "img" / "editor-diagnostics.png"

STYLE = """
body { margin: 0; background: #1e1e1e; color: #d4d4d4; font: 14px/1.5 monospace; }
.title { background: #2d2d2d; color: #ccc; padding: 6px 12px; font-family: sans-serif; }
pre { margin: 0; padding: 10px 0; }
.n { display: inline-block; width: 3em; color: #858585; text-align: right; margin-right: 1em; }
.bad { text-decoration: underline wavy #f14c4c; text-underline-offset: 3px; }
.hover { position: absolute; left: 470px; top: 70px; width: 360px; background: #252526;
         border: 1px solid #454545; padding: 8px 12px; font: 13px/1.4 sans-serif; }
.panel { border-top: 1px solid #454545; padding: 6px 12px; font: 13px/1.6 sans-serif; }
.code { color: #f14c4c; }
code { color: #ce9178; }
hr { border: 0; border-top: 1px solid #454545; }
"""


def markdown(text: str) -> str:
    """The little Markdown a hover uses: **bold**, `code`, paragraphs."""
    out = html.escape(text.replace("\n\n", "\0").replace("\n", " ")).replace("\0", "<br>")
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", out) + "<br>"


def page(text: str, diagnostics: list[dict[str, Any]], hover: str) -> str:
    lines = text.splitlines()
    marks: dict[int, list[tuple[int, int]]] = {}
    for d in diagnostics:
        start, end = d["range"]["start"], d["range"]["end"]
        row = lines[start["line"]]
        span = (utf16_index(row, start["character"]), utf16_index(row, end["character"]))
        marks.setdefault(start["line"], []).append(span)
    shown = []
    for number, line in enumerate(lines):
        out, at = "", 0
        for a, b in sorted(marks.get(number, [])):
            out += html.escape(line[at:a]) + f'<span class="bad">{html.escape(line[a:b])}</span>'
            at = b
        shown.append(f'<span class="n">{number + 1}</span>{out}{html.escape(line[at:])}')
    problems = "".join(
        f'<div><span class="code">⨂ {d["code"]}</span> {html.escape(d["message"])} '
        f'<span style="color:#858585">sample.lopti [{d["range"]["start"]["line"] + 1}, '
        f"{d['range']['start']['character'] + 1}]</span></div>"
        for d in diagnostics
    )
    # the hover's head (message and hint) and the title of the code's page below it
    head, _, page_text = hover.partition("\n\n# ")
    first = markdown(head) + "<hr>" + markdown(page_text.split("\n", 1)[0]) + "…"
    return (
        f"<html><head><meta charset='utf-8'><style>{STYLE}</style></head><body>"
        f"<div class='title'>sample.lopti — lopti lsp</div><pre>{'<br>'.join(shown)}</pre>"
        f"<div class='hover'>{first}</div>"
        f"<div class='panel'><b>PROBLEMS {len(diagnostics)}</b>{problems}</div></body></html>"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the picture")
    args = parser.parse_args()
    text = SAMPLE.read_text(encoding="utf-8")
    client = Client(HERE)
    try:
        uri = SAMPLE.as_uri()
        diagnostics = client.open(uri, text)
        start = diagnostics[0]["range"]["start"]
        hover = client.at("textDocument/hover", uri, start["line"], start["character"] + 1)
    finally:
        client.close()
    with tempfile.TemporaryDirectory() as folder:
        view = Path(folder) / "view.html"
        view.write_text(page(text, diagnostics, hover["contents"]["value"]), encoding="utf-8")
        subprocess.run(
            [
                args.chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--hide-scrollbars", f"--user-data-dir={folder}/profile",
                f"--screenshot={args.out}", "--window-size=900,350", view.as_uri(),
            ],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
    print(f"wrote {args.out} ({len(diagnostics)} diagnostics)")


if __name__ == "__main__":
    main()
