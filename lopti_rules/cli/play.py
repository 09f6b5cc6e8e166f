"""`lopti play`: one round of Lopti between bots, narrated, optionally logged.

Takes the table (`--players N` or names), the seed, the bots, the first dealer, the places
option and a log file; deals with `Game.new`, attaches the narrator (and the JSON Lines
event log) as bus observers before the deal, and runs the round with the bot runner. Same
arguments, same output, byte for byte. Exit codes: 0 played, 2 bad arguments or a log file
that cannot be written (one sentence on stderr).
"""

from __future__ import annotations

from typing import TextIO

import click

from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import DEFAULT_MAX_MOVES, RoundResult, run_round
from lopti_rules.engine import EventBus, TableOptions
from lopti_rules.eventlog import EventLog, header
from lopti_rules.narrate import Narrator, ordinal

DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


def parse_players(text: str) -> list[str]:
    """`4` -> four default names; `ann,ben,cat` -> those names. ValueError otherwise."""
    text = text.strip()
    if text.isdigit():
        n = int(text)
        if not 2 <= n <= 5:
            raise ValueError(f"--players must be 2 to 5, not {n}")
        return list(DEFAULT_NAMES[:n])
    names = [part.strip() for part in text.split(",")]
    if any(not name for name in names):
        raise ValueError("--players names must be non-empty and comma-separated")
    if not 2 <= len(names) <= 5:
        raise ValueError(f"--players must name 2 to 5 players, not {len(names)}")
    if len({name.lower() for name in names}) != len(names):
        raise ValueError("--players names must be different")
    return names


def summary(result: RoundResult, names: list[str]) -> list[str]:
    if result.stalled:
        return [f"The round stalled after {result.moves} moves: no winner (move cap reached)."]
    assert result.winner is not None
    lines = [f"Winner: {names[result.winner]} (seat {result.winner}) after {result.moves} moves."]
    if result.game.places_option:
        lines.append(
            "Places: "
            + ", ".join(f"{ordinal(i + 1)} {names[s]}" for i, s in enumerate(result.places))
        )
    return lines


def play(
    names: list[str],
    seed: int,
    bots_spec: str,
    dealer: int | None,
    places: bool,
    log: TextIO | None,
    max_moves: int = DEFAULT_MAX_MOVES,
) -> RoundResult:
    """Run and narrate one round (the narration goes to stdout)."""
    n = len(names)
    bots = make_bots(bots_spec, n)
    options = TableOptions(players=n, places=places, dealer=dealer)
    bus = EventBus()
    if log is not None:
        bot_names = [b.name for b in bots]
        bus.observe(EventLog(log, header(seed, names, bot_names, None, places=places)))
    click.echo(
        "Seats: "
        + ", ".join(
            f"{s} {name} ({b.name})" for s, (name, b) in enumerate(zip(names, bots, strict=True))
        )
    )
    bus.observe(Narrator(names, click.echo))
    result = run_round(options, seed, bots, bus=bus, max_moves=max_moves)
    for line in summary(result, names):
        click.echo(line)
    return result


@click.command(name="play")
@click.option("--players", "players", default="4", show_default=True, help="2..5, or names.")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same game.")
@click.option(
    "--bots", "bots", default="greedy", show_default=True, help="greedy|random, or one per seat."
)
@click.option(
    "--dealer", type=int, default=None, help="First dealer's seat (default: drawn by the seed)."
)
@click.option("--places", is_flag=True, help="Play on for 2nd, 3rd, ... places (D28).")
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the JSON Lines event log here.",
)
@click.option(
    "--max-moves",
    type=int,
    default=DEFAULT_MAX_MOVES,
    show_default=True,
    help="Stop a stalled round after this many moves.",
)
def command(
    players: str,
    seed: int,
    bots: str,
    dealer: int | None,
    places: bool,
    log_path: str | None,
    max_moves: int,
) -> int:
    """Play one narrated round of Lopti between bots.

    \b
    Example:
      lopti play --players 4 --seed 7
      lopti play --players ann,ben,cat --bots greedy,random,greedy --places --log game.jsonl
    """
    try:
        names = parse_players(players)
        make_bots(bots, len(names))
        TableOptions(players=len(names), places=places, dealer=dealer)
        if max_moves < 1:
            raise ValueError("--max-moves must be at least 1")
    except ValueError as exc:
        click.echo(f"error: {exc}.", err=True)
        return 2
    if log_path is None:
        play(names, seed, bots, dealer, places, None, max_moves)
        return 0
    try:
        with open(log_path, "w", encoding="utf-8", newline="\n") as log:
            play(names, seed, bots, dealer, places, log, max_moves)
    except OSError as exc:
        click.echo(f"error: cannot write the log {log_path}: {exc.strerror or exc}.", err=True)
        return 2
    return 0
