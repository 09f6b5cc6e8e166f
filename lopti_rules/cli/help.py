"""`--help` in the language people read: every help text, and click's own words.

Takes: the help texts as the commands declare them (message ids, marked `N_`: a command's
`help=`, each option's `help=`; a command's examples follow its text unmarked, after
click's `\\b` line, since commands are the same in every language, and only their heading,
"Example:", is translated) and the words click writes around them ("Usage:",
"Options", "Show this message and exit.", "[default: ...]"), which this module marks for the
catalogue as well. Produces: `Context`, the context class of every `lopti` command
(`main.with_shared_options` gives it to each), whose help formatter says each text in the
language in use as the help is written. Guarantees: nothing is translated before the help is
shown, so the language `--lang` names (`main` reads it from the arguments before click
parses them) applies wherever `--help` stands; a text the catalogue does not hold is shown
as it is.
"""

from __future__ import annotations

from collections.abc import Iterable

import click

from lopti_rules.i18n import N_, _

# click's own words in a help page (click writes them in English; the catalogue has them)
CLICK_WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("required"),
    N_("Example:"),
    N_("Example evening:"),
)
EXAMPLES = "\n\n\b\n"  # where a command's help text ends and its examples begin
DEFAULT = N_("default: {default}")


class Formatter(click.HelpFormatter):
    """click's formatter, saying each text in the language in use."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, f"{_('Usage:')} " if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(_(heading))

    def write_text(self, text: str) -> None:
        super().write_text(told_help(text))

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        super().write_dl([(term, told_option(text)) for term, text in rows], col_max, col_spacing)


class Context(click.Context):
    formatter_class = Formatter


def told_help(text: str) -> str:
    """A command's help text in the language in use: its text, then its examples (only
    their heading translated)."""
    prose, examples, rest = text.partition(EXAMPLES)
    if examples:
        heading, newline, lines = rest.partition("\n")
        rest = _(heading) + newline + lines
    return _(prose) + examples + rest


def told_option(text: str) -> str:
    """An option's help as click composed it ("Port to listen on.  [default: 8000]"), in
    the language in use: the help, then each of click's notes in the brackets."""
    help_text, brackets, notes = text.rpartition("  [")
    if not brackets:
        if text.startswith("[") and text.endswith("]"):
            return f"[{_notes(text[1:-1])}]"
        return _(text)
    if not notes.endswith("]"):
        return _(text)
    return f"{_(help_text)}  [{_notes(notes[:-1])}]"


def _notes(notes: str) -> str:
    """click's notes on an option ("default: 8000; required"), each in the language in use."""
    said: list[str] = []
    for note in notes.split("; "):
        key, colon, value = note.partition(": ")
        if colon and key == "default":
            said.append(_(DEFAULT).format(default=value))
        else:
            said.append(_(note))
    return "; ".join(said)
