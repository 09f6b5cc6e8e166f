"""`lopti play`: one round of Lopti between bots, narrated, optionally logged.

Takes the table (`--players N` or names), the seed, the bots, the first dealer, the places
option, a rule pack and a log file; deals with `Game.new`, attaches the pack's rules (the
hook runtime, `lopti_rules.runtime`), the narrator and the JSON Lines event log to the bus
before the deal, and runs the round with the bot runner. Same arguments, same output, byte
for byte.

With `--pack`: the pack is checked first (its YAML and all its rules together, as `lopti
check PACK` does); a rejected pack prints its diagnostics on stderr and exits 1. The pack's
`players` name the seats (`--players`, if given, must agree: the same count, or the same
names in the same order), its `base.places` turns on places, and its name heads the event
log. The narration tells each firing of a house rule and what it did, and the closing lines
say how often each rule fired.

Exit codes: 0 played, 1 the pack was rejected, 2 bad arguments, a pack or log file that
cannot be read or written (one sentence on stderr). Standard output closing early (`lopti
play ... | head -1`) is not an error: the narration stops quietly, the round is still played
to its end (so a `--log` file is complete) and the exit code is 0. Only a failure to write
the log file itself is reported as one.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TextIO

import click

from lopti_rules.bots import make_bots, told_kind
from lopti_rules.bots.choices import chooser
from lopti_rules.bots.runner import DEFAULT_MAX_MOVES, RoundResult, run_round
from lopti_rules.bots.search import seat_bots
from lopti_rules.cli.output import Rejected, failure
from lopti_rules.diagnostics.oserrors import os_reason
from lopti_rules.diagnostics.style import ansi
from lopti_rules.engine import EventBus, TableOptions
from lopti_rules.engine.eventlog import EventLog, header
from lopti_rules.engine.narrate import Narrator, ordinal
from lopti_rules.i18n import N_, _, current_language, ngettext
from lopti_rules.runtime.calls import DEFAULT_CALL_MISS, TableModel, check_call_miss

if TYPE_CHECKING:
    from lopti_rules.engine import Event
    from lopti_rules.engine.variants import Variants
    from lopti_rules.packs.pack import BaseVariants, LoadedPack
    from lopti_rules.runtime import RuleSet, Runtime

DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


class LogWriteError(Exception):
    """Writing the event log file failed (`error` is the OSError); never a stdout problem."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class Narration:
    """Lines to standard output that stop quietly once its reader has gone (a broken pipe,
    as after `| head -1`): the round goes on, and nothing more is printed. On a terminal
    with colour (`--color`), the seats' names and the house rules' titles stand out."""

    __slots__ = ("_marks", "_roles", "closed")

    def __init__(self, names: Sequence[str] = (), titles: Sequence[str] = ()) -> None:
        self.closed = False
        self._roles = {**{n: "name" for n in names}, **{t: "rule" for t in titles}}
        words = "|".join(re.escape(w) for w in sorted(self._roles, key=len, reverse=True))
        self._marks = re.compile(rf"(?<!\w)(?:{words})(?!\w)") if words else None

    def __call__(self, line: str) -> None:
        if self.closed:
            return
        if self._marks is not None:
            line = self._marks.sub(lambda m: ansi(m[0], self._roles[m[0]]), line)
        try:
            click.echo(line)
        except BrokenPipeError:
            self._close()

    def flush(self) -> None:
        """Flush standard output now, so a pipe closed at the end is noticed here, quietly."""
        if self.closed:
            return
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            self._close()

    def _close(self) -> None:
        self.closed = True
        try:  # Python's own flush at exit would report the broken pipe: point stdout nowhere
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):  # no real file descriptor (tests)
            pass


def log_observer(
    log: TextIO, head: dict[str, object], runtime: Runtime | None
) -> Callable[[Event], None]:
    """The event log as a bus observer; a failure to write it raises LogWriteError."""
    try:
        event_log = EventLog(log, head, rules=runtime)
    except OSError as exc:
        raise LogWriteError(exc) from exc

    def observe(event: Event) -> None:
        try:
            event_log(event)
        except OSError as exc:
            raise LogWriteError(exc) from exc

    return observe


def parse_players(text: str) -> list[str]:
    """`4` -> four default names; `ann,ben,cat` -> those names. ValueError otherwise."""
    text = text.strip()
    if text.isascii() and text.isdigit():
        n = int(text)
        if not 2 <= n <= 5:
            raise ValueError(_("--players must be 2 to 5, not {n}").format(n=n))
        return list(DEFAULT_NAMES[:n])
    names = [part.strip() for part in text.split(",")]
    if any(not name for name in names):
        raise ValueError(_("--players names must be non-empty and comma-separated"))
    if not 2 <= len(names) <= 5:
        raise ValueError(_("--players must name 2 to 5 players, not {n}").format(n=len(names)))
    if len({name.lower() for name in names}) != len(names):
        raise ValueError(_("--players names must be different"))
    return names


def dealer_seat(text: str | None, names: list[str]) -> int | None:
    """`--dealer`: a seat number (`2`) or a player's name, case aside (`zoe`); ValueError
    for a name that is not at the table."""
    if text is None:
        return None
    text = text.strip()
    if text.isdigit():
        return int(text)
    folded = [name.casefold() for name in names]
    if text.casefold() not in folded:
        raise ValueError(
            f"--dealer {text} is not one of the players ({', '.join(names)}): give a name "
            "or a seat number"
        )
    return folded.index(text.casefold())


def table_names(players: str | None, pack: LoadedPack | None) -> list[str]:
    """The seat names: the pack's roster when it has one (`--players` must agree with it),
    else `--players` (default 4). ValueError (one sentence) otherwise."""
    roster = pack.roster if pack is not None else None
    if pack is None or roster is None:
        names = parse_players(players if players is not None else "4")
    else:
        from lopti_rules.packs.pack import agree_roster

        names = list(roster)
        if players is not None and players.strip().isascii() and players.strip().isdigit():
            if int(players) != len(names):
                said = ngettext(
                    "--players {given} does not agree with the {n} player of {path} "
                    "({players}): leave it out",
                    "--players {given} does not agree with the {n} players of {path} "
                    "({players}): leave it out",
                    len(names),
                )
                raise ValueError(
                    said.format(
                        given=players.strip(),
                        path=pack.path,
                        players=", ".join(names),
                        n=len(names),
                    )
                )
        elif players is not None:
            agree_roster(pack, parse_players(players))
    if pack is not None:
        for index, entry in enumerate(pack.entries):
            if entry.author >= len(names):
                said = _(
                    "rule {k} of {path} is by seat {seat}, but this table has seats 0 to {last}"
                )
                raise ValueError(
                    said.format(k=index + 1, path=pack.path, seat=entry.author, last=len(names) - 1)
                )
    return names


def rules_summary(runtime: Runtime) -> list[str]:
    """How often each house rule fired, and any guard stop."""
    told = [
        ngettext("{title} once", "{title} {n} times", n).format(title=title, n=n)
        for title, n in runtime.fires.items()
        if n
    ]
    fired = ", ".join(told) if told else _("none")
    lines = [_("House rules fired: {fired}.").format(fired=fired)]
    if runtime.trips:
        n = len(runtime.trips)
        stopped = ngettext(
            "The guard stopped {n} runaway custom action.",
            "The guard stopped {n} runaway custom actions.",
            n,
        )
        lines.append(stopped.format(n=n))
    return lines


def summary(result: RoundResult, names: list[str]) -> list[str]:
    if result.stalled:
        stalled = _("The round stalled after {moves} moves: no winner (move cap reached).")
        return [stalled.format(moves=result.moves)]
    assert result.winner is not None
    winner = _("Winner: {name} (seat {seat}) after {moves} moves.")
    lines = [winner.format(name=names[result.winner], seat=result.winner, moves=result.moves)]
    if result.game.places_option:
        places = ", ".join(f"{ordinal(i + 1)} {names[s]}" for i, s in enumerate(result.places))
        lines.append(_("Places: {places}").format(places=places))
    return lines


def play(
    names: list[str],
    seed: int,
    bots_spec: str,
    dealer: int | None,
    places: bool,
    log: TextIO | None,
    max_moves: int = DEFAULT_MAX_MOVES,
    rules: RuleSet | None = None,
    pack_name: str | None = None,
    echo: Callable[[str], None] = click.echo,
    variants: Variants | None = None,
    call_miss: float = DEFAULT_CALL_MISS,
    intro: Mapping[str, str] | None = None,
) -> RoundResult:
    """Run and narrate one round (the narration goes to `echo`, by default stdout), with
    `rules` in force; the bots forget a call they owe with probability `call_miss` (the table
    model, runtime/calls.py). LogWriteError when the log cannot be written."""
    n = len(names)
    bots = make_bots(bots_spec, n)
    options = TableOptions(players=n, places=places, dealer=dealer, variants=variants)
    bus = EventBus()
    runtime = rules.attach(bus, chooser=chooser(bots, seed)) if rules is not None else None
    if log is not None:
        bot_names = [b.name for b in bots]
        changed = {"base": variants.shown()} if variants is not None and variants.shown() else {}
        head = header(seed, names, bot_names, pack_name, places=places, **changed)
        bus.observe(log_observer(log, head, runtime))
    if pack_name is not None:
        n = len(rules) if rules is not None else 0
        in_force = ngettext(
            "Pack: {pack} ({n} rule in force)", "Pack: {pack} ({n} rules in force)", n
        )
        echo(in_force.format(pack=pack_name, n=n))
    seats = ", ".join(
        f"{s} {name} ({told_kind(b.name)})"
        for s, (name, b) in enumerate(zip(names, bots, strict=True))
    )
    echo(_("Seats: {seats}").format(seats=seats))
    if variants is not None and variants.changed():
        echo(_("Base variants: {list}").format(list=variants.describe()))
    narrator = Narrator(names, echo, (lambda: runtime.rule) if runtime else None, variants, intro)
    bus.observe(narrator)
    seat_bots(bots, bus, options, rules)
    between = None
    if runtime is not None and runtime.table is not None:  # calls, races, conduct
        between = TableModel(runtime.table, seed, call_miss).between
    result = run_round(options, seed, bots, bus=bus, max_moves=max_moves, between=between)
    narrator.flush()
    for line in summary(result, names):
        echo(line)
    if runtime is not None:
        for line in rules_summary(runtime):
            echo(line)
    return result


def load_rules_of(pack_path: str, players: str | None) -> tuple[LoadedPack, RuleSet, list[str]]:
    """Check and load a pack for play. `Rejected` (with the rendered diagnostics) when the
    checker or the loader rejects it; ValueError (one sentence) for a table that does not fit."""
    from lopti_rules.api import check_pack, ruleset_from_pack
    from lopti_rules.diagnostics import render
    from lopti_rules.diagnostics.style import ansi
    from lopti_rules.packs.pack import load_pack

    result = check_pack(pack_path)
    if not result.accepted:
        raise Rejected(render.full([result], ansi))
    pack = load_pack(pack_path)
    names = table_names(players, pack)
    return pack, ruleset_from_pack(pack), names


def rules_in_words(pack: LoadedPack, names: Sequence[str]) -> dict[str, str]:
    """Each rule of the pack, by title, in plain words with its author, in the language in
    use: the line the narration says the first time the rule fires."""
    from lopti_rules.i18n.explain import explain_text

    said: dict[str, str] = {}
    for entry in pack.entries:
        author = names[entry.author] if 0 <= entry.author < len(names) else str(entry.author)
        for title, sentences in explain_text(entry.source.text, current_language()):
            said[title] = _("{author}'s rule fires: {words}").format(
                author=author, words=" ".join(sentences)
            )
    return said


def base_variants(text: str, start: BaseVariants | None = None) -> Variants:
    """The engine's variants of a `--base` option (onto a pack's `base:`); ValueError."""
    from lopti_rules.api import variants_of
    from lopti_rules.packs.base import parse_base

    return variants_of(parse_base(text, start))


# `--call-miss`, shared with `lopti simulate` and `lopti vet` (cli/simulate.py)
CALL_MISS = click.option(
    "--call-miss",
    type=float,
    default=DEFAULT_CALL_MISS,
    show_default=True,
    metavar="P",
    help=N_("How often a bot forgets a call it owes (rules with calls, docs/language.md)."),
)


@click.command(
    name="play",
    help=(
        N_("Play one narrated round of Lopti between bots.") + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti play --players 4 --seed 7\n"
        "  lopti play --players ann,ben,cat --bots greedy,random,greedy --places --log game.jsonl\n"
        "  lopti play --pack examples/packs/gentle.yaml --seed 1\n"
        "  lopti play --players 3 --base skip=8,reverse=J --seed 2"
    ),
)
@click.option(
    "--players",
    "players",
    default=None,
    help=N_("How many players (2..5), or their names (default: 4, or the pack's)."),
)
@click.option("--seed", type=int, default=0, show_default=True, help=N_("Same seed, same game."))
@click.option(
    "--bots",
    "bots",
    default="greedy",
    show_default=True,
    help=N_("greedy|random|easy|medium|hard, or one per seat."),
)
@click.option(
    "--dealer",
    "dealer_text",
    metavar="NAME|SEAT",
    default=None,
    help=N_("Who deals: a player's name or seat number (default: drawn by the seed)."),
)
@click.option("--places", is_flag=True, help=N_("Play on for 2nd, 3rd, ... places (D28)."))
@click.option(
    "--base",
    "base_text",
    metavar="NAME=VALUE,...",
    default=None,
    help=N_("Base variants in force, e.g. skip=8,reverse=J (docs/variants.md)."),
)
@click.option(
    "--pack",
    "pack_path",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("Play with this rule pack's house rules in force."),
)
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("Write the JSON Lines event log here."),
)
@click.option(
    "--max-moves",
    type=int,
    default=DEFAULT_MAX_MOVES,
    show_default=True,
    help=N_("Stop a stalled round after this many moves."),
)
@CALL_MISS
def command(
    players: str | None,
    seed: int,
    bots: str,
    dealer_text: str | None,
    places: bool,
    base_text: str | None,
    pack_path: str | None,
    log_path: str | None,
    max_moves: int,
    call_miss: float,
) -> int:
    rules: RuleSet | None = None
    pack_name: str | None = None
    variants: Variants | None = None
    intro: dict[str, str] = {}
    try:
        if pack_path is not None:
            pack, rules, names = load_rules_of(pack_path, players)
            pack_name = pack.name
            intro = rules_in_words(pack, names)
            places = places or pack.pack.base.places
            variants = base_variants("", pack.pack.base)
        else:
            names = table_names(players, None)
        if base_text is not None:
            variants = base_variants(base_text, pack.pack.base if pack_path else None)
        make_bots(bots, len(names))
        dealer = dealer_seat(dealer_text, names)
        TableOptions(players=len(names), places=places, dealer=dealer, variants=variants)
        if max_moves < 1:
            raise ValueError(_("--max-moves must be at least 1"))
        check_call_miss(call_miss)
    except (Rejected, ValueError) as exc:
        return failure(exc)
    args = (names, seed, bots, dealer, places)
    out = Narration(names, rules.titles if rules is not None else ())
    if log_path is None:
        play(*args, None, max_moves, rules, pack_name, out, variants, call_miss, intro)
        out.flush()
        return 0
    try:
        # line-buffered: every line is on disk whole as it is written, so a log cut short by
        # Ctrl-C ends with a complete line
        with open(log_path, "w", encoding="utf-8", newline="\n", buffering=1) as log:
            play(*args, log, max_moves, rules, pack_name, out, variants, call_miss, intro)
    except LogWriteError as exc:
        error = exc.error
    except OSError as exc:  # opening or closing (the last flush of) the log file
        error = exc
    else:
        out.flush()
        return 0
    said = _("error: cannot write the log {path}: {reason}.")
    click.echo(said.format(path=log_path, reason=os_reason(error)), err=True)
    return 2
