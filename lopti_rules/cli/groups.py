"""The command groups' shared manners: `--help` lists each command with its whole summary.

Click cuts a command's summary to fit one line ("...syntax, then the rulebook's..."); a
group built on `FullSummaries` gives each command its first sentence in full instead (the
help formatter wraps it), so `lopti --help` and `lopti session --help` read as sentences,
in the language in use (the first sentence of the command's translated help).
"""

from __future__ import annotations

import click

from lopti_rules.cli.help import told_help
from lopti_rules.i18n import _


class FullSummaries(click.Group):
    """A group whose commands' summaries are their first sentence, never truncated."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None and cmd.short_help is None and cmd.help:
            cmd.short_help = first_sentence(cmd.help)
        return cmd

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Each command with the first sentence of its help, in the language in use."""
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, first_sentence(told_help(cmd.help)) if cmd.help else ""))
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)


def first_sentence(text: str) -> str:
    """The first sentence of a help text's first paragraph, on one line."""
    words = text.split("\n\n", 1)[0].split()
    for i, word in enumerate(words):
        if word.endswith("."):
            return " ".join(words[: i + 1])
    return " ".join(words)
