"""`lopti conformance PATH...`: run conformance scenarios and report each one.

Prints `PASS name` or `FAIL name: reason` per scenario (a malformed scenario is a FAIL whose
reason gives the file, line and column), then `N passed, N failed`, in the language in use
(`--lang`): clause ids, scenario names, event and field names and the steps' own keys stay as
the scenario writes them. Exit 0 when every scenario passes, 1 when any fails, 2 for a usage
or I/O error (a path that does not exist).
"""

from __future__ import annotations

import click

from lopti_rules.i18n import N_, _, ngettext


@click.command(
    name="conformance",
    help=(
        N_("Run conformance scenarios (YAML files, or folders of them) against the engine.") + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti conformance tests/conformance\n"
        "  lopti conformance tests/conformance/ten/ten_on_seven_refused.yaml"
    ),
)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--quiet", "-q", is_flag=True, help=N_("Print only failures and the summary."))
def command(paths: tuple[str, ...], quiet: bool) -> int:
    from lopti_rules.conformance import run_paths
    from lopti_rules.diagnostics.style import ansi

    try:
        results = run_paths(paths)
    except FileNotFoundError as exc:
        said = _("error: {path} is not a scenario file or folder.").format(path=exc.filename)
        click.echo(said, err=True)
        return 2
    if not results:
        said = _("error: there are no scenario files (*.yaml, *.yml) in {paths}.")
        click.echo(said.format(paths=", ".join(paths)), err=True)
        return 2
    failed = 0
    for result in results:
        if not result.passed:
            failed += 1
        if not (quiet and result.passed):
            click.echo(result.line(ansi))
    passed = len(results) - failed
    said = ngettext("{n} passed", "{n} passed", passed).format(n=passed)
    said_failed = ngettext("{n} failed", "{n} failed", failed).format(n=failed)
    click.echo(_("{passed}, {failed}").format(passed=said, failed=said_failed))
    return 1 if failed else 0
