"""`lopti fmt FILE...`: rewrite rule files in the canonical layout (`--check`: only report).

FILES are rule files, folders (every `*.lopti` in them, at any depth) or `-`: the rule on
standard input, formatted to standard output. `--check` rewrites nothing and lists what would
change; `--diff` prints the change as a unified diff instead. Both end with a one-line summary
(`2 files already formatted`), so a clean run says so too.

Exit 0 when every file is (now) canonical, 1 with `--check`/`--diff` when a file would change
or when a file has a syntax error (it is left untouched and the error is shown), 2 on a usage
or I/O error. Files are rewritten only when their text changes, atomically (a symlink's
target is updated; on a full disk the old file stays whole).
"""

from __future__ import annotations

import difflib

import click

from lopti_rules.diagnostics.oserrors import os_reason
from lopti_rules.i18n import N_, _, ngettext


@click.command(
    "fmt",
    help=(
        N_("Rewrite rule files in canonical form, keeping comments.") + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti fmt examples/rules\n"
        "  lopti fmt --check my_rule.lopti\n"
        "  lopti fmt --diff my_rule.lopti\n"
        "  lopti fmt - < my_rule.lopti"
    ),
)
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--check", "check_only", is_flag=True, help=N_("Report files that would change."))
@click.option("--diff", "show_diff", is_flag=True, help=N_("Print what would change as a diff."))
def command(files: tuple[str, ...], check_only: bool, show_diff: bool) -> int:
    from lopti_rules.api import read_source, result_of
    from lopti_rules.cli.inputs import STDIN, InputError, expand
    from lopti_rules.diagnostics import render
    from lopti_rules.diagnostics.style import ansi
    from lopti_rules.language.fmt import format_file
    from lopti_rules.language.parse import parse
    from lopti_rules.packs.files import write_atomic

    try:
        names = expand(files)
    except InputError as exc:
        click.echo(_("error: {message}.").format(message=exc), err=True)
        return 2
    status = 0
    changed = same = broken = 0
    for name in names:
        source = read_source(name)
        tree = parse(source) if not source.diagnostics else None
        if tree is None:
            click.echo(render.full([result_of(source)], ansi).rsplit("\n", 2)[0], err=True)
            status, broken = 1, broken + 1
            continue
        formatted = format_file(tree, source.text)
        if name == STDIN and not (check_only or show_diff):
            click.echo(formatted, nl=False)
            continue
        if formatted == source.text:
            same += 1
            continue
        changed += 1
        if show_diff:
            click.echo(_diff(source.path, source.text, formatted), nl=False)
            status = 1
        elif check_only:
            click.echo(_("would reformat {path}").format(path=source.path))
            status = 1
        else:
            try:
                write_atomic(name, formatted)  # a full disk leaves the old file whole
            except OSError as exc:
                said = _("error: cannot write {path}: {reason}.")
                click.echo(said.format(path=name, reason=os_reason(exc)), err=True)
                return 2
            click.echo(_("reformatted {path}").format(path=source.path))
    if names != [STDIN] or check_only or show_diff:
        click.echo(_summary(changed, same, broken, check_only or show_diff), err=show_diff)
    return status


def _diff(path: str, old: str, new: str) -> str:
    """The unified diff from `old` to `new`, coloured on a terminal: headers, hunks, lines."""
    lines = difflib.unified_diff(
        old.splitlines(keepends=True), new.splitlines(keepends=True), path, path
    )
    return "".join(_diff_line(line.rstrip("\n")) + "\n" for line in lines)


def _diff_line(line: str) -> str:
    from lopti_rules.diagnostics.style import ansi

    if line.startswith(("---", "+++")):
        return ansi(line, "heading")
    role = {"@": "hunk", "+": "added", "-": "removed"}.get(line[:1])
    return ansi(line, role) if role else line


def _summary(changed: int, same: int, broken: int, dry: bool) -> str:
    parts = []
    if changed and dry:
        said = ngettext("{n} file would be reformatted", "{n} files would be reformatted", changed)
        parts.append(said.format(n=changed))
    elif changed:
        said = ngettext("{n} file reformatted", "{n} files reformatted", changed)
        parts.append(said.format(n=changed))
    if same or not parts:
        said = ngettext("{n} file already formatted", "{n} files already formatted", same)
        parts.append(said.format(n=same))
    if broken:
        said = ngettext(
            "{n} file with syntax errors left as it is",
            "{n} files with syntax errors left as they are",
            broken,
        )
        parts.append(said.format(n=broken))
    return _(", ").join(parts) + "."
