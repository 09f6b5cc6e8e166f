"""The `lopti` console script.

Commands are loaded lazily (each lives in `lopti_rules/cli/<name>.py` as a click command
called `command`) so that `lopti check` starts quickly without importing the engine or
pydantic, and `lopti --help` lists them from the static `SUMMARIES` table without importing
any (a test keeps the table equal to each command's own help). `lopti --version` also says
whether the compiled build of the engine is in use. Exit codes everywhere: 0 success, 1 the
input was rejected, 2 usage or I/O error. Errors are one clear sentence on stderr, never a
traceback.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from collections.abc import Sequence

import click

from lopti_rules import __version__
from lopti_rules.cli.clickwords import follow, speaking
from lopti_rules.cli.groups import FullSummaries
from lopti_rules.cli.help import Context
from lopti_rules.cli.output import color_option
from lopti_rules.diagnostics.oserrors import os_reason
from lopti_rules.i18n import N_, _

# command name -> module under lopti_rules.cli (each defines `command`)
COMMANDS: dict[str, str] = {
    "check": "check",
    "fmt": "fmt",
    "explain": "explain",
    "play": "play",
    "conformance": "conformance",
    "schema": "schema",
    "serve": "serve",
    "session": "session",
    "simulate": "simulate",
    "vet": "vet",
    "rules": "rules",
    "lsp": "lsp",
}

# command name -> its help's first sentence, for `lopti --help` (a command missing here is
# imported to list it; tests/test_cli_main.py checks that each entry matches its command)
SUMMARIES: dict[str, str] = {
    "check": N_("Check rule files and packs: syntax, then the rulebook's limits on house rules."),
    "conformance": N_(
        "Run conformance scenarios (YAML files, or folders of them) against the engine."
    ),
    "explain": N_("Print the page of a diagnostic code, or say a rule file in plain words."),
    "fmt": N_("Rewrite rule files in canonical form, keeping comments."),
    "lsp": N_(
        "Run the language server on stdin/stdout (diagnostics, completion, hover, formatting)."
    ),
    "play": N_("Play one narrated round of Lopti between bots."),
    "rules": N_("Print the rulebook, or one clause of it and its sub-clauses."),
    "schema": N_(
        "Print the JSON Schema of a file kind: a pack, a session file or a conformance scenario."
    ),
    "serve": N_("Serve the web table: play Lopti in a browser and run the evening."),
    "session": N_("Keep a session (rounds, winner's rules, Rule Votes, Roshambo) in a file."),
    "simulate": N_("Play many seeded rounds between bots and report what the rules do."),
    "vet": N_("Vet a proposed rule: the checker, then the same seeded rounds with and without it."),
}


HELP_NAMES = ["-h", "--help"]


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """`--lang LANG` (on `lopti` and on every command): the language people read."""
    from lopti_rules.i18n import UnknownLanguage, choose, set_language

    if value is None:
        return  # no --lang here: the choice `early_language` made stands
    try:
        set_language(choose(value))
    except UnknownLanguage as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from None
    follow()


def lang_option() -> click.Option:
    return click.Option(
        ["--lang"],
        metavar="LANG",
        expose_value=False,
        is_eager=True,
        callback=_set_lang,
        help=N_(
            "Language of the text: en, it, de, pl, pt or fr (default: LOPTI_LANG, the locale)."
        ),
    )


def help_option(cmd: click.Command) -> None:
    """`-h`/`--help` on `cmd`, its text a message id that the help formatter says when the
    help is written (`cli/help.py`): click's own help option is made once per command, in
    the language of the run that first made it, since click says its words through gettext
    (`cli/clickwords.py`)."""
    if cmd.add_help_option:
        cmd.add_help_option = False
        click.help_option(*HELP_NAMES, help=N_("Show this message and exit."))(cmd)


def with_shared_options(cmd: click.Command) -> None:
    """Give `cmd` (and a group's subcommands: `lopti session show --lang it`) `--lang`,
    `--color` and `-h`/`--help`, as `lopti` has them."""
    cmd.context_class = Context  # its help in the language in use (`cli/help.py`)
    have = {p.name for p in cmd.params}
    if "lang" not in have:
        cmd.params.append(lang_option())
    if "color" not in have:
        cmd.params.append(color_option())
    help_option(cmd)
    if isinstance(cmd, click.Group):
        for sub in cmd.commands.values():
            with_shared_options(sub)


class LazyGroup(FullSummaries):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(
            name
            for name, module in COMMANDS.items()
            if importlib.util.find_spec(f"lopti_rules.cli.{module}") is not None
        )

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None or importlib.util.find_spec(f"lopti_rules.cli.{module}") is None:
            return None
        loaded = importlib.import_module(f"lopti_rules.cli.{module}")
        cmd = loaded.command
        assert isinstance(cmd, click.Command)
        with_shared_options(cmd)
        self.add_command(cmd, cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list, each with its whole first sentence, from `SUMMARIES` (no command
        imported)."""
        rows = []
        for name in self.list_commands(ctx):
            summary = SUMMARIES.get(name)
            if summary is None:
                cmd = self.get_command(ctx, name)
                summary = cmd.get_short_help_str(limit=500) if cmd is not None else ""
            rows.append((name, _(summary)))
        if not rows:
            return
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        early_language(args)  # before any `--help` is written
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            # the reader stopped early (`| head -1`): what it read was fine, stop quietly
            _quiet_stdout()
            raise click.exceptions.Exit(0) from None


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so flushing what is left cannot fail again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        from lopti_rules.cli.buildinfo import build_kind

        click.echo(f"lopti {__version__} ({build_kind()})")
        ctx.exit()


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": HELP_NAMES},
    help=(
        N_("Author, check and play house rules for the card game Lopti.") + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti play --players 4 --seed 7\n"
        "  lopti check examples/rules/tens_tax.lopti\n"
        "  lopti rules X7 --lang it"
    ),
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help=N_("Show the version and the build (compiled or pure Python)."),
)
def cli() -> None:
    """The group itself does nothing: its commands do (its help is `help=` above)."""


cli.context_class = Context  # its help in the language in use (`cli/help.py`)
cli.params.append(lang_option())
cli.params.append(color_option())
help_option(cli)

# click >= 8.2 raises this for a group called without a command (older click prints the help)
NoArgsIsHelp: type[click.UsageError] = getattr(
    click.exceptions, "NoArgsIsHelpError", type("NoArgsIsHelp", (click.UsageError,), {})
)


def early_language(argv: Sequence[str]) -> None:
    """Speak the language `--lang` names anywhere in `argv` (the last one), else the
    environment's, before click parses anything: `lopti session --help --lang it` shows the
    help in Italian, though click writes the help before it reads `--lang`. A language lopti
    does not speak is left to `--lang`'s own check, which says so in the language this run
    speaks without it (the environment's, never an earlier run's in the same process)."""
    from lopti_rules.i18n import DEFAULT, UnknownLanguage, choose, set_language

    asked = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.removeprefix("--lang=")
    try:
        set_language(choose(asked))
    except UnknownLanguage:
        try:
            set_language(choose())
        except UnknownLanguage:  # LOPTI_LANG names none either: English, as `current_language`
            set_language(DEFAULT)
    follow()


def main(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code (never lets a traceback reach the user)."""
    with speaking():  # click's own messages in the language in use (`cli/clickwords.py`)
        return _main(argv)


def _main(argv: list[str] | None) -> int:
    try:
        rv = cli.main(args=argv, prog_name="lopti", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except NoArgsIsHelp as exc:  # a bare `lopti` or `lopti session`: the help, like click's
        assert exc.ctx is not None
        click.echo(exc.ctx.get_help())
        return 0
    except click.UsageError as exc:
        click.echo(usage_sentence(exc), err=True)
        return exc.exit_code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo(_("Aborted."), err=True)
        return 2
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        said = _("error: {message}{where}.")
        click.echo(said.format(message=os_reason(exc), where=where), err=True)
        return 2
    except KeyboardInterrupt:
        return 130
    # a command returns its exit code (or None for success)
    return rv if isinstance(rv, int) else 0


def usage_sentence(exc: click.UsageError) -> str:
    """A usage error as one sentence that says where to look for help. click writes its
    English messages as sentences ("No such option"), which follow `error:` in lower case
    here; a catalogue writes them as they stand after its own `error:` (German keeps the
    capital of a noun), so only the English is lowered."""
    from lopti_rules.i18n import DEFAULT, current_language

    message = " ".join(exc.format_message().split())
    if current_language() == DEFAULT:
        message = message[:1].lower() + message[1:]
    if not message.endswith((".", "?", "!", "?)")):
        message += "."
    path = exc.ctx.command_path if exc.ctx is not None else "lopti"
    return _("error: {message} See `{path} --help`.").format(message=message, path=path)


def run() -> None:
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
    sys.exit(code)


if __name__ == "__main__":
    run()
