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
from pathlib import Path
from typing import Any

import click

EXTRA = (
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


@click.command(name="serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=int, default=8000, show_default=True, help="Port to listen on.")
@click.option(
    "--session",
    "session_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Keep the evening in this session file (started if missing).",
)
@click.option(
    "--pack",
    "pack_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Start the evening with this rule pack's house rules.",
)
@click.option("--players", default=None, help="2..5, or names  [default: 4, or the pack's]")
@click.option("--seed", type=int, default=None, help="Deal from this seed (for testing).")
@click.option(
    "--beat",
    type=click.FloatRange(0, 10),
    default=0.6,
    show_default=True,
    help="Seconds between two bots' moves (0: at once).",
)
@click.option(
    "--away",
    type=click.FloatRange(0, 3600),
    default=60.0,
    show_default=True,
    help="Seconds before a bot plays the seat of a person whose device is gone (0: never).",
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
    """Serve the web table: play Lopti in a browser and run the evening.

    \b
    Example:
      lopti serve
      lopti serve --pack examples/packs/gentle.yaml --session evening.yaml
      lopti serve --host 0.0.0.0 --port 8000 --session evening.yaml
    """
    if not extra_installed():
        click.echo(f"error: {EXTRA}.", err=True)
        return 2
    from lopti_rules.cli.output import Rejected, failure
    from lopti_rules.cli.play import load_rules_of, table_names
    from lopti_rules.serve.evening import Evening
    from lopti_rules.serve.service import TableService, table_file_for
    from lopti_rules.session import Refused
    from lopti_rules.session.store import SessionFileError

    path = Path(session_path) if session_path else None
    rules: list[tuple[str, str]] = []
    try:
        if path is not None and path.exists() and (pack_path or players):
            raise ValueError(
                f"{path} holds its own players and rules: leave out --pack and --players"
            )
        if pack_path is not None:
            pack, _, names = load_rules_of(pack_path, players)
            rules = [(names[e.author], e.source.text) for e in pack.entries]
        else:
            names = table_names(players, None)
        if not 1 <= port <= 65535:
            raise ValueError(f"--port must be 1 to 65535, not {port}")
        evening = Evening.open(path, names, rules)
        service = TableService(evening, table_file=table_file_for(path), seed=seed)
    except Rejected as exc:
        return failure(exc)
    except SessionFileError as exc:
        click.echo(f"error: {exc}.", err=True)
        return 1
    except Refused as exc:
        click.echo(f"refused: {exc}.", err=True)
        return 1
    except ValueError as exc:
        return failure(exc)
    service.save()
    return _serve(service, host, port, beat, away)


def _serve(service: object, host: str, port: int, beat: float, away: float) -> int:
    import uvicorn

    from lopti_rules.serve.app import make_app, server_options
    from lopti_rules.serve.service import TableService

    assert isinstance(service, TableService)
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    public = f"http://{shown}:{port}"
    app = make_app(
        service, public_url=public if shown != host else None, beat=beat, away_after=away
    )
    click.echo(f"Lopti web table for {', '.join(service.names)}.")
    click.echo(f"Host (keep this link to yourself): {public}/?t={service.tokens.host}")
    if shown != host:
        click.echo(f"Others join from the host's page (links and QR codes), at {public}/.")
    click.echo("Stop with Ctrl-C.", nl=True)
    options: Any = server_options()
    config = uvicorn.Config(app, host=host, port=port, **options)
    server = uvicorn.Server(config)
    try:
        server.run()
    except OSError as exc:
        click.echo(f"error: cannot listen on {host}:{port}: {exc.strerror or exc}.", err=True)
        return 2
    return 0
