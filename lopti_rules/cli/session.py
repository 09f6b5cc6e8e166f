"""`lopti session`: keep a real table's session in a file, or simulate one with bots.

Every subcommand but `simulate` works on the session file (`--file`, default
`session.yaml`): it loads it (problems reported as `file:line:col`), makes one change
through `lopti_rules.session.Session` and saves it atomically. A step the rulebook forbids is
refused with one sentence and the clause (exit 1), and the file is left as it was. A rule
the checker rejects prints the checker's diagnostics (exit 1). A missing or unreadable file,
or a bad option, is exit 2. docs/sessions.md walks through a whole evening.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path
from typing import Any, TextIO

import click

from lopti_rules.cli.groups import FullSummaries
from lopti_rules.diagnostics.oserrors import os_reason
from lopti_rules.i18n import N_, _, pgettext
from lopti_rules.session import Ballots, Proposal, Refused, RuleRejected, Session, report, store
from lopti_rules.session.roshambo import LineThrows, PromptThrows, RoshamboError
from lopti_rules.session.rules import titles
from lopti_rules.session.simulate import simulate

DEFAULT_FILE = "session.yaml"


class Stop(Exception):
    """End the command with this exit code (the message is printed already)."""

    def __init__(self, code: int) -> None:
        self.code = code


def _names(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def _load(path: str) -> Session:
    if not Path(path).exists():
        click.echo(
            _(
                "error: there is no session file {path}: start one with `lopti session start`."
            ).format(path=path),
            err=True,
        )
        raise Stop(2)
    try:
        return store.load(path)
    except store.SessionFileError as exc:
        click.echo(_("error: {message}.").format(message=exc), err=True)
        raise Stop(1) from None


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        reason = os_reason(exc) if isinstance(exc, OSError) else _("it is not UTF-8 text")
        click.echo(
            _("error: cannot read {path}: {reason}.").format(path=path, reason=reason), err=True
        )
        raise Stop(2) from None


def _rule_text(rule_file: str | None, text: str | None) -> tuple[str, str]:
    """The rule's text and the name its diagnostics give: RULE_FILE, `-` (standard input)
    or `--text`; exactly one of them (else a usage error, exit 2)."""
    if (rule_file is None) == (text is None):
        raise click.UsageError(_("give the rule as RULE_FILE, `-` for standard input, or --text"))
    if text is not None:
        return text if text.endswith("\n") else text + "\n", "<text>"
    assert rule_file is not None
    return _read(rule_file), "<stdin>" if rule_file == "-" else rule_file


def _refused(exc: Refused) -> Stop:
    from lopti_rules.i18n.cite import see_rules

    if isinstance(exc, RuleRejected):
        from lopti_rules.api import result_of
        from lopti_rules.diagnostics import render
        from lopti_rules.diagnostics.style import ansi

        click.echo(render.full([result_of(exc.source)], ansi), err=True, nl=False)
        click.echo(see_rules(_("refused: the checker rejects this rule (R2-R4).")), err=True)
    else:
        click.echo(see_rules(_("refused: {reason}.").format(reason=exc)), err=True)
    return Stop(1)


def _run(path: str, change: Any) -> None:
    """Load the session, apply `change(session)` and save, holding the session's lock
    throughout; refusals leave the file alone. What the change reports is printed once the
    save has succeeded (a failed save prints only its error)."""
    with _locked(path):
        session = _load(path)
        try:
            store.prepared_against(session, click.get_current_context().meta.get(REVISION), path)
        except store.StaleRevision as exc:
            click.echo(_("refused: {reason}.").format(reason=exc), err=True)
            raise Stop(1) from None
        told = io.StringIO()
        _LIVE[:] = [sys.stdout]  # a Roshambo played at the table is shown as it goes
        try:
            with contextlib.redirect_stdout(told):
                change(session)
        except Refused as exc:
            click.echo(told.getvalue(), nl=False)
            raise _refused(exc) from None
        except RoshamboError as exc:
            click.echo(told.getvalue(), nl=False)
            click.echo(_("error: {message}.").format(message=exc), err=True)
            raise Stop(2) from None
        store.save(session, path)
    click.echo(told.getvalue(), nl=False)


def _locked(path: str) -> contextlib.AbstractContextManager[None]:
    """The session's lock (`store.locked`), saying on stderr when it waits."""

    def waiting(message: str) -> None:
        click.echo(_("note: {message}.").format(message=message), err=True)

    return store.locked(path, waiting=waiting)


_LIVE: list[TextIO] = []  # the real stdout while a change's own report is held back


def _tell(text: str, problem: bool) -> None:
    click.echo(text, err=problem, file=None if problem or not _LIVE else _LIVE[-1])


class SessionGroup(FullSummaries):
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Stop as stop:
            return stop.code


file_option = click.option(
    "--file",
    "-f",
    "path",
    default=DEFAULT_FILE,
    show_default=True,
    type=click.Path(dir_okay=False),
    help=N_("The session file."),
)


REVISION = "lopti.session.revision"


@click.group(
    name="session",
    cls=SessionGroup,
    help=(
        N_("Keep a session (rounds, winner's rules, Rule Votes, Roshambo) in a file.") + "\n"
        "\n"
        "\b\n"
        "Example evening:\n"
        '  lopti session start Ann,Ben,Cat,Dan --name "Friday"\n'
        "  lopti session deal\n"
        "  lopti session round --winner Cat --places Cat,Ann,Dan,Ben\n"
        "  lopti session rule tens_tax.lopti --author Cat\n"
        "  lopti session vote remove 1 --proposer Ben --yes Ben,Dan --no Cat,Ann --now\n"
        "  lopti session show"
    ),
)
@click.option(
    "--revision",
    type=click.IntRange(min=0),
    default=None,
    help=N_("Refuse the change unless the file is at this revision (as last seen)."),
)
@click.pass_context
def command(ctx: click.Context, revision: int | None) -> None:
    """The group keeps `--revision` for its commands (its help is `help=` above)."""
    ctx.meta[REVISION] = revision


@command.command(
    name="start",
    help=(
        N_("Start a session with base rules only (E2): PLAYERS in seat order, clockwise.") + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        '  lopti session start Ann,Ben,Cat,Dan --name "Friday at Ann\'s" --dealer Ann'
    ),
)
@click.argument("players")
@click.option("--name", default=None, help=N_("The session's name (default: Lopti session)."))
@click.option("--dealer", default=None, help=N_("Who deals first (default: drawn by the seed)."))
@click.option(
    "--seed", type=int, default=0, show_default=True, help=N_("Draws the first dealer (D29).")
)
@click.option("--force", is_flag=True, help=N_("Overwrite an existing session file."))
@file_option
def start(
    players: str, name: str | None, dealer: str | None, seed: int, force: bool, path: str
) -> None:
    if Path(path).exists() and not force:
        click.echo(
            _("error: {path} exists: give another --file, or --force.").format(path=path), err=True
        )
        raise Stop(2)
    name = name or _("Lopti session")  # the default, in the language in use
    try:
        session = Session.start(name, _names(players), first_dealer=dealer, seed=seed)
    except Refused as exc:
        raise _refused(exc) from None
    with _locked(path):
        store.save(session, path)
    started = _("Session `{name}` started in {path}: {players}.")
    click.echo(started.format(name=name, path=path, players=", ".join(session.players)))
    first = _("{who} deals round 1 and plays first (S6, D29).")
    click.echo(first.format(who=session.state.first_dealer))


@command.command(
    name="deal",
    help=(
        N_(
            "The next round's deal has finished: record who dealt and who plays first.\n"
            "\n"
            "After this, the previous winner can no longer announce a rule (R1), and the author "
            "of\n"
            "a rule in force can no longer change what it does (R5)."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session deal --absent Dan"
    ),
)
@click.option("--absent", default=None, help=N_("Players away this round, comma-separated."))
@file_option
def deal(absent: str | None, path: str) -> None:

    def change(session: Session) -> None:
        waiting = session.winner_waiting()
        record = session.deal(_names(absent))
        if waiting is not None:
            who = session.state.rounds[waiting - 1].winner
            passed = _("{who} announced no rule for round {k}: that chance has passed (R1).")
            click.echo(passed.format(who=who, k=waiting))
        rules = session.rules_in_force()
        dealt = _("Round {k}: {dealer} deals, {first} plays first.")
        first = report.opener(record.opener)
        click.echo(dealt.format(k=record.round, dealer=record.dealer, first=first))
        named = ", ".join(r.title for r in rules) or _("none")
        click.echo(_("House rules: {rules}.").format(rules=named))

    _run(path, change)


@command.command(
    name="round",
    help=(
        N_("Record the end of the round in play (dealing it first if `deal` was not used).") + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session round --winner Cat --places Cat,Ann,Dan,Ben"
    ),
)
@click.option("--winner", required=True, help=N_("Who went out first (W4)."))
@click.option("--places", default=None, help=N_("Finishing order, if played (W5)."))
@click.option("--absent", default=None, help=N_("Players away, if the round was not dealt yet."))
@file_option
def round_(winner: str, places: str | None, absent: str | None, path: str) -> None:

    def change(session: Session) -> None:
        record = session.finish_round(winner, _names(places), _names(absent))
        who = record.winner
        click.echo(_("{who} wins round {k}.").format(who=who, k=record.round))
        may = _(
            "{who} may announce one rule before round {k} is dealt (R0, R1): lopti session "
            "rule FILE --author {who}"
        )
        click.echo(may.format(who=who, k=record.round + 1))

    _run(path, change)


text_option = click.option(
    "--text", "text", default=None, help=N_("The rule's text itself, instead of RULE_FILE.")
)


@command.command(
    name="rule",
    help=(
        N_(
            "Add the winner's rule, checked with the rules in force (R0-R4): from RULE_FILE, from\n"
            "standard input (`-`), or given with --text."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session rule tens_tax.lopti --author Cat\n"
        "  lopti session rule --author Cat --text 'rule \"Tax\": after clear: next player draws 1'"
    ),
)
@click.argument("rule_file", required=False, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--author", required=True, help=N_("The round's winner."))
@text_option
@file_option
def rule(rule_file: str | None, author: str, text: str | None, path: str) -> None:
    words, name = _rule_text(rule_file, text)

    def change(session: Session) -> None:
        made = session.add_rule(author, words, name)
        said = _('Rule {id} "{title}" by {author} is in force from now (D33).')
        click.echo(said.format(id=made.id, title=made.title, author=made.author))

    _run(path, change)


@command.command(
    name="reword",
    help=(
        N_(
            "The creator rewrites the wording of rule RULE_ID (R5): what it does may change only\n"
            "before its first round is dealt."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session reword 1 tens_tax.lopti --author Cat"
    ),
)
@click.argument("rule_id", type=int)
@click.argument("rule_file", required=False, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--author", required=True, help=N_("The rule's creator."))
@text_option
@file_option
def reword(rule_id: int, rule_file: str | None, author: str, text: str | None, path: str) -> None:
    words, name = _rule_text(rule_file, text)

    def change(session: Session) -> None:
        made = session.reword(rule_id, author, words, name)
        said = _('Rule {id} "{title}" reworded by {author}.')
        click.echo(said.format(id=made.id, title=made.title, author=made.author))

    _run(path, change)


@command.command(
    name="delete",
    help=(
        N_("The creator deletes their own rule, without a vote and without a replacement (V6).")
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session delete 1 --author Cat"
    ),
)
@click.argument("rule_id", type=int)
@click.option("--author", required=True, help=N_("The rule's creator."))
@file_option
def delete(rule_id: int, author: str, path: str) -> None:

    def change(session: Session) -> None:
        gone = session.delete_rule(rule_id, author)
        said = _('Rule {id} "{title}" is deleted by its creator (V6).')
        click.echo(said.format(id=gone.id, title=gone.title))

    _run(path, change)


@command.command(
    name="vote",
    help=(
        N_(
            "The round's Rule Vote (V1-V11): TARGET is a rule id, or a base option (`places`).\n"
            "\n"
            "A base option is any base variant of docs/variants.md (`skip`, `reverse`, `burn`, "
            "...),\n"
            "with its new value as --value.\n"
            "\n"
            "A tie (exactly half of the session's players voting yes, D30) goes to Roshambo "
            "(K1-K4):\n"
            "give each match's throws with --throws, or type them when asked."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session vote remove 1 --proposer Ben --yes Ben,Dan --no Cat,Ann --now\n"
        "  lopti session vote base places --value on --proposer Ann --yes Ann,Ben,Cat --next\n"
        "  lopti session vote base skip --value 8 --proposer Ann --yes Ann,Ben,Cat --next"
    ),
)
@click.argument("action", type=click.Choice(["remove", "change", "restore", "base"]))
@click.argument("target")
@click.option("--proposer", required=True, help=N_("Who asks for the change."))
@click.option("--now/--next", "now", default=None, help=N_("When the change starts (V8)."))
@click.option("--yes", "yes", default=None, help=N_("Who voted yes."))
@click.option("--no", "no", default=None, help=N_("Who voted no, in the order they voted."))
@click.option("--text", "text_file", default=None, help=N_("The changed rule's file (change)."))
@click.option(
    "--value",
    default=None,
    help=N_("For base: on/off, a rank, a count or a word (docs/variants.md)."),
)
@click.option("--objector", default=None, help=N_("The first formal objector (K2)."))
@click.option("--creator-absent", is_flag=True, help=N_("The rule's creator is away (K1)."))
@click.option("--defender", default=None, help=N_("Defender(s) the supporters chose (K1, K4)."))
@click.option("--throws", "throws", multiple=True, help=N_("A match's throws: RPS.../PSR..."))
@file_option
def vote(
    action: str,
    target: str,
    proposer: str,
    now: bool | None,
    yes: str | None,
    no: str | None,
    text_file: str | None,
    value: str | None,
    objector: str | None,
    creator_absent: bool,
    defender: str | None,
    throws: tuple[str, ...],
    path: str,
) -> None:
    if now is None:
        raise click.UsageError(_("say whether the change starts --now or --next round (V8)"))
    if action == "change" and text_file is None:
        raise click.UsageError(_("a change needs the changed rule's file: give --text FILE (V2)"))
    text = _read(text_file) if text_file is not None else None
    try:
        lines = [tuple(part.split("/", 1)) for part in throws]
        if any(len(pair) != 2 for pair in lines):
            raise RoshamboError(_("give --throws as two lines of letters: RPS.../PSR..."))
        given = LineThrows([(p[0], p[1]) for p in lines])
        source = PromptThrows(
            given,
            lambda q: str(
                click.prompt(q, err=True, prompt_suffix=pgettext("a prompt's end", ": "))
            ),
            _tell,
        )
    except RoshamboError as exc:
        click.echo(_("error: {message}.").format(message=exc), err=True)
        raise Stop(2) from None
    rule_id = int(target) if target.isascii() and target.isdigit() else None
    if action != "base" and rule_id is None:
        said = _("error: {target} is not a rule id (see `lopti session show`).")
        click.echo(said.format(target=target), err=True)
        raise Stop(2)
    proposal = Proposal(
        action,
        proposer,
        "now" if now else "next",
        rule=rule_id,
        text=text,
        option=target if action == "base" else None,
        value=value,
        path=text_file or "<changed rule>",
    )
    ballots = Ballots(_names(yes), _names(no), objector, creator_absent, _names(defender))

    def change(session: Session) -> None:
        record = session.vote(proposal, ballots, source)
        click.echo(report.describe_vote(session, record))

    _run(path, change)


@command.command(
    name="ruling",
    help=(
        N_(
            "Settle an edge case of rule RULE_ID (R6, E4): its creator decides; with the creator\n"
            "away, a majority of the session's players, else the reading that changes base Lopti "
            "the\n"
            "least."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        '  lopti session ruling 1 "Does a ten on an empty table count?" "Yes"\n'
        '  lopti session ruling 1 "Does it count?" "No" --creator-absent --yes Ann,Ben,Dan'
    ),
)
@click.argument("rule_id", type=int)
@click.argument("question")
@click.argument("answer")
@click.option("--creator-absent", is_flag=True, help=N_("The creator is away: the table decides."))
@click.option("--yes", "yes", default=None, help=N_("Who agreed with ANSWER (creator away)."))
@file_option
def ruling(
    rule_id: int, question: str, answer: str, creator_absent: bool, yes: str | None, path: str
) -> None:

    def change(session: Session) -> None:
        record = session.interpret(
            rule_id, question, answer, creator_absent=creator_absent, yes=_names(yes)
        )
        click.echo(report.ruling(session, record))

    _run(path, change)


@command.command(
    name="restore",
    help=(
        N_("During setup, bring back an old rule with a majority (E3); round 1 keeps its vote.")
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session restore old/low_gift.lopti --author Ben --proposer Ben --yes Ben,Cat,Dan"
    ),
)
@click.argument("rule_file", type=click.Path(dir_okay=False))
@click.option("--author", required=True, help=N_("The rule's creator (a session player)."))
@click.option("--proposer", required=True, help=N_("Who asks to bring it back."))
@click.option("--yes", "yes", default=None, help=N_("Who voted yes."))
@file_option
def restore(rule_file: str, author: str, proposer: str, yes: str | None, path: str) -> None:
    text = _read(rule_file)

    def change(session: Session) -> None:
        record = session.restore_at_setup(proposer, author, text, _names(yes), rule_file)
        said = (
            _(
                'The rule "{title}" is back in force: a majority of the session\'s players '
                "(E3, D31)."
            )
            if record.result == "passed"
            else _('The rule "{title}" stays out: no majority of the session\'s players (E3, D31).')
        )
        named = titles(text)
        click.echo(said.format(title=named[0] if named else rule_file))

    _run(path, change)


@command.command(
    name="undo",
    help=(
        N_(
            "Take back the session's last step, such as a round recorded twice or a mistyped "
            "vote.\n"
            "\n"
            "The step is shown first; the history keeps it, marked as undone."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session undo"
    ),
)
@file_option
def undo_(path: str) -> None:
    from lopti_rules.session.undo import UndoError, undo

    def change(session: Session) -> None:
        try:
            step = undo(session)
        except UndoError as exc:
            click.echo(_("error: {message}.").format(message=exc), err=True)
            raise Stop(1) from None
        click.echo(_("The last step: {step}.").format(step=step))
        undone = _("Undone (`lopti session history` keeps it). {now}")
        click.echo(undone.format(now=report.show(session)[1]))

    _run(path, change)


@command.command(
    name="show",
    help=(
        N_(
            "What happens next, the rules in force with their text, the base rules changed by "
            "vote,\n"
            "the removed rules and the standings."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session show --file friday.yaml"
    ),
)
@file_option
def show(path: str) -> None:
    for line in report.show(_load(path)):
        click.echo(line)


@command.command(
    name="history",
    help=(
        N_(
            "Every round of the session, in order: its winner's rule, Rule Vote and rulings, "
            "rules\n"
            "deleted or reworded by their creators, and steps undone."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session history"
    ),
)
@file_option
def history(path: str) -> None:
    for line in report.history(_load(path)):
        click.echo(line)


@command.command(
    name="pack",
    help=(
        N_("Print the rules in force as a rule pack, for `lopti play --pack`.") + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session pack > friday.yaml && lopti play --pack friday.yaml"
    ),
)
@click.option("--round", "k", type=int, default=None, help=N_("Rules in force in this round."))
@file_option
def pack(k: int | None, path: str) -> None:
    session = _load(path)
    click.echo(store.pack_yaml(session, k), nl=False)


@command.command(
    name="simulate",
    help=(
        N_(
            "Bots play a whole session: each winner picks a library rule the checker accepts,\n"
            "bots vote by a simple policy (docs/sessions.md), and the narration ends with the "
            "rules\n"
            "in force and the standings."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti session simulate --players 4 --rounds 10 --seed 7"
    ),
)
@click.option(
    "--players", default="4", show_default=True, help=N_("How many players (2..5), or their names.")
)
@click.option("--rounds", type=click.IntRange(1, 200), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help=N_("Same seed, same session."))
@click.option(
    "--bots",
    default="greedy",
    show_default=True,
    help=N_("greedy|random|easy|medium|hard, or one per seat."),
)
@click.option("--save", "save", default=None, help=N_("Also keep the session in this file."))
def simulate_(players: str, rounds: int, seed: int, bots: str, save: str | None) -> None:
    from lopti_rules.bots import make_bots
    from lopti_rules.cli.play import parse_players

    try:
        names = parse_players(players)
        seats = make_bots(bots, len(names))
    except ValueError as exc:
        click.echo(_("error: {message}.").format(message=exc), err=True)
        raise Stop(2) from None
    session = simulate(names, rounds, seed, seats, click.echo)
    if save is not None:
        store.save(session, save)
        click.echo(_("The session is kept in {path}.").format(path=save))
