"""`lopti serve`: the web table - play Lopti with people and bots, and run the evening.

Takes: the address to listen on (loopback by default), a session file (the same format as
`lopti session`; started when missing), a rule pack whose rules a new session starts with,
and the players. Prints the host's address (with the host's token) and, when listening on
every interface (`--host 0.0.0.0`), the address other devices join; then serves until
Ctrl-C. Without the `serve` extra installed it says so in one sentence (exit 2). The web
modules are imported only here, so other commands start as quickly as before.
docs/web.md explains starting, joining, playing and the evening.
"""

from __future__ import annotations

import importlib
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from lopti_rules.diagnostics.oserrors import os_reason
from lopti_rules.i18n import N_, _

EXTRA = N_(
    "`lopti serve` needs the web extra: pip install 'lopti-rules[serve]' "
    "(from a checkout of the project: pip install '.[serve]')"
)


def extra_installed() -> bool:
    try:
        for name in ("starlette", "uvicorn", "qrcode"):
            importlib.import_module(name)
    except ImportError:
        return False
    return True


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent), or loopback."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


F = TypeVar("F", bound=Callable[..., Any])


def seconds(name: str, most: float, default: float, said: str) -> Callable[[F], F]:
    """An option of seconds from 0 to `most`, its default shown."""
    return click.option(
        name, type=click.FloatRange(0, most), default=default, show_default=True, help=said
    )


@click.command(
    name="serve",
    help=(
        N_("Serve the web table: play Lopti in a browser and run the evening.") + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti serve\n"
        "  lopti serve --pack examples/packs/gentle.yaml --session evening.yaml\n"
        "  lopti serve --host 0.0.0.0 --port 8000 --session evening.yaml"
    ),
)
@click.option("--host", default="127.0.0.1", show_default=True, help=N_("Address to listen on."))
@click.option("--port", type=int, default=8000, show_default=True, help=N_("Port to listen on."))
@click.option(
    "--session",
    "session_path",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("Keep the evening in this session file (started if missing)."),
)
@click.option(
    "--pack",
    "pack_path",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("Start the evening with this rule pack's house rules."),
)
@click.option(
    "--players",
    default=None,
    help=N_("How many players (2..5), or their names (default: 4, or the pack's)."),
)
@click.option("--seed", type=int, default=None, help=N_("Deal from this seed (for testing)."))
@seconds("--beat", 10, 0.6, N_("Seconds between two bots' moves (0: at once)."))
@seconds(
    "--away",
    3600,
    60.0,
    N_("Seconds before a bot plays the seat of a person whose device is gone (0: never)."),
)
def command(
    host: str,
    port: int,
    session_path: str | None,
    pack_path: str | None,
    players: str | None,
    seed: int | None,
    beat: float,
    away: float,
) -> int:
    if not extra_installed():
        click.echo(_("error: {message}.").format(message=_(EXTRA)), err=True)
        return 2
    from lopti_rules.cli.output import Rejected, failure
    from lopti_rules.cli.play import load_rules_of, table_names
    from lopti_rules.serve.evening import Evening
    from lopti_rules.serve.service import TableService, table_file_for
    from lopti_rules.session import Refused
    from lopti_rules.session.store import SessionFileError

    path = Path(session_path) if session_path else None
    rules: list[tuple[str, str]] = []
    base = None
    try:
        if path is not None and path.exists() and (pack_path or players):
            said = _("{path} holds its own players and rules: leave out --pack and --players")
            raise ValueError(said.format(path=path))
        if pack_path is not None:
            pack, _table, names = load_rules_of(pack_path, players)
            rules = [(names[e.author], e.source.text) for e in pack.entries]
            base = pack.pack.base  # the pack's variants, from round 1
        else:
            names = table_names(players, None)
        if not 1 <= port <= 65535:
            raise ValueError(_("--port must be 1 to 65535, not {port}").format(port=port))
        evening = Evening.open(path, names, rules, base)
        service = TableService(evening, table_file=table_file_for(path), seed=seed)
    except Rejected as exc:
        return failure(exc)
    except SessionFileError as exc:
        click.echo(_("error: {message}.").format(message=exc), err=True)
        return 1
    except Refused as exc:
        click.echo(_("refused: {reason}.").format(reason=exc), err=True)
        return 1
    except ValueError as exc:
        return failure(exc)
    service.save()
    return _serve(service, host, port, beat, away)


def _serve(service: object, host: str, port: int, beat: float, away: float) -> int:
    import uvicorn

    from lopti_rules.serve.app import make_app, server_options
    from lopti_rules.serve.limits import more_files
    from lopti_rules.serve.service import TableService

    assert isinstance(service, TableService)
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    public = f"http://{shown}:{port}"
    app = make_app(
        service, public_url=public if shown != host else None, beat=beat, away_after=away
    )
    click.echo(_("Lopti web table for {names}.").format(names=", ".join(service.names)))
    host_link = _("Host (keep this link to yourself): {link}")
    click.echo(host_link.format(link=f"{public}/?t={service.tokens.host}"))
    if shown != host:
        others = _("Others join from the host's page (links and QR codes), at {link}.")
        click.echo(others.format(link=f"{public}/"))
    click.echo(_("Stop with Ctrl-C."), nl=True)
    options: Any = server_options()
    more_files()
    config = uvicorn.Config(app, host=host, port=port, **options)
    server = uvicorn.Server(config)
    try:
        server.run()
    except OSError as exc:
        said = _("error: cannot listen on {address}: {reason}.")
        click.echo(said.format(address=f"{host}:{port}", reason=os_reason(exc)), err=True)
        return 2
    return 0
