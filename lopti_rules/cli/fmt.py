"""`lopti fmt FILE...`: rewrite rule files in the canonical layout (`--check`: only report).

Exit 0 when every file is (now) canonical, 1 with `--check` when a file would change or when a
file has a syntax error (it is left untouched and the error is shown), 2 on a usage or I/O
error. Files are rewritten only when their text changes, atomically (a symlink's target is
updated; on a full disk the old file stays whole).
"""

from __future__ import annotations

import click


@click.command("fmt")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--check", "check_only", is_flag=True, help="Report files that would change.")
def command(files: tuple[str, ...], check_only: bool) -> int:
    """Rewrite rule files in canonical form, keeping comments.

    \b
    Example:
      lopti fmt examples/rules/*.lopti
      lopti fmt --check my_rule.lopti
    """
    from lopti_rules.api import read_source, result_of
    from lopti_rules.diagnostics import render
    from lopti_rules.language.fmt import format_file
    from lopti_rules.language.parse import parse
    from lopti_rules.packs.files import write_atomic

    status = 0
    for name in files:
        source = read_source(name)
        tree = parse(source) if not source.diagnostics else None
        if tree is None:
            click.echo(render.full([result_of(source)]).rsplit("\n", 2)[0], err=True)
            status = 1
            continue
        formatted = format_file(tree, source.text)
        if formatted == source.text:
            continue
        if check_only:
            click.echo(f"would reformat {name}")
            status = 1
        else:
            try:
                write_atomic(name, formatted)  # a full disk leaves the old file whole
            except OSError as exc:
                click.echo(f"error: cannot write {name}: {exc.strerror or exc}.", err=True)
                return 2
            click.echo(f"reformatted {name}")
    return status
