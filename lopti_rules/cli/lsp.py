"""`lopti lsp`: run the language server over stdio (for an editor to start).

It needs pygls, the `lsp` extra; without it the command says how to install it in one
sentence and exits 2. pygls is imported only when the command runs, never by `lopti check`.
Exits 0 after the client's `shutdown` and `exit`, 1 for an `exit` without a `shutdown` (the
protocol's rule).
"""

from __future__ import annotations

import importlib.util

import click

from lopti_rules.i18n import N_


@click.command(
    "lsp",
    help=(
        N_(
            "Run the language server on stdin/stdout (diagnostics, completion, hover, "
            "formatting).\n"
            "\n"
            "See docs/editors.md to use it from VS Code, Neovim or Helix."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti lsp"
    ),
)
def command() -> int:
    if importlib.util.find_spec("pygls") is None or importlib.util.find_spec("lsprotocol") is None:
        click.echo(
            "error: `lopti lsp` needs the language-server extra: pip install 'lopti-rules[lsp]' "
            "(from a checkout of the project: pip install '.[lsp]').",
            err=True,
        )
        return 2
    from lopti_rules.lsp.server import serve

    return serve()
