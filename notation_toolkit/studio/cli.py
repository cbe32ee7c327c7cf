"""``ntk studio [FILE.fbr]``: the variant studio in the browser, served on this machine only."""

from __future__ import annotations

import sys

import click

from notation_toolkit.core.cli import EXIT_OK, EXIT_USAGE, command, console, missing_extra


@command("studio", short_help="Write a rule file in the browser, see its pieces and play it.")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="Port on 127.0.0.1 (0: any free port).",
)
@click.option("--no-browser", is_flag=True, help="Do not open a browser window.")
def studio(file: str | None, port: int, no_browser: bool) -> int:
    """Open the variant studio: the rule file FILE in an editor with live diagnostics (saved back
    to FILE; created when it does not exist), the board to play on against the opponent of your
    choice, every piece with its move diagram, perft, FEEN/FEN, the game as PGN and the
    variants.ini export. Without FILE the studio opens the chess rule file and cannot save.

    The server listens on 127.0.0.1 only. Stop it with Ctrl-C.
    """
    try:
        import uvicorn

        from notation_toolkit.studio.server import create_app
    except ModuleNotFoundError as exc:
        return missing_extra("studio", "the studio", "studio", exc)
    import socket
    import threading
    import webbrowser
    from pathlib import Path

    path = Path(file).resolve() if file else None
    if path is not None and path.parent.exists() is False:
        console(stderr=True).print(f"[bold red]ntk studio:[/] no folder {path.parent} to save {path.name} in")
        return EXIT_USAGE
    # Bind first (port 0 picks a free one) so that the address printed and opened is the real one.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(("127.0.0.1", port))
    except OSError as exc:
        console(stderr=True).print(
            f"[bold red]ntk studio:[/] cannot listen on 127.0.0.1:{port}: {exc.strerror} (try --port 0)"
        )
        return EXIT_USAGE
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/"
    console(stderr=True).print(
        f"ntk studio: {url} ({path or 'no file: the chess rule file'}); Ctrl-C stops it"
    )
    if not no_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(create_app(path), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    server.run(sockets=[listener])
    sys.stdout.flush()
    return EXIT_OK
