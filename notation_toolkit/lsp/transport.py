"""Serving a pygls server over standard input and output, whatever the client sends.

pygls's own loop reads a ``Content-Length`` at its word and goes deaf after one malformed frame;
here :class:`~notation_toolkit.lsp.framing.FrameReader` splits the stream, a malformed frame or
body is answered with a JSON-RPC error (``id`` null: parse error -32700, invalid request -32600)
and the next message is served. Standard input is read by a daemon thread with ``os.read`` and a
bounded queue, so a flood is read no faster than it is handled and an ``exit`` never waits for a
read; standard output is flushed but never closed, so the process ends with its own exit code.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
from typing import TYPE_CHECKING, Any, BinaryIO

from notation_toolkit.lsp.framing import MAX_MESSAGE, FrameReader, Malformed

if TYPE_CHECKING:
    from pygls.server import JsonRPCServer

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
_CHUNK = 1 << 16
_QUEUE = 16  # chunks read ahead of the handler: at most 1 MiB


class StdoutWriter:
    """pygls's writer on a binary stream: every message flushed, the stream never closed."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream

    def write(self, data: bytes) -> None:
        """Send one framed message."""
        self.stream.write(data)
        self.stream.flush()

    def close(self) -> None:
        """Flush only: the interpreter closes standard output itself, after the last flush."""
        self.stream.flush()


def serve(server: JsonRPCServer, stdin: BinaryIO, stdout: BinaryIO, *, max_message: int = MAX_MESSAGE) -> int:
    """Serve ``server`` until the client sends ``exit`` or closes the stream; the exit code.

    The code is 0 after ``shutdown`` then ``exit`` or at the end of input, 1 after an ``exit``
    without ``shutdown`` (as the protocol says).
    """
    server._stop_event = threading.Event()
    writer = StdoutWriter(stdout)
    server.protocol.set_writer(writer)
    try:
        asyncio.run(_serve(server, stdin, writer, max_message))
    except SystemExit as exc:  # pygls's exit handler calls sys.exit
        return exc.code if isinstance(exc.code, int) else 0
    except BrokenPipeError:
        return 0  # the client went away: nothing left to serve
    finally:
        server._stop_event.set()
    return 0


async def _serve(server: JsonRPCServer, stdin: BinaryIO, writer: StdoutWriter, max_message: int) -> None:
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes] = asyncio.Queue(_QUEUE)
    threading.Thread(target=_read, args=(stdin, queue, loop), name="ntk-lsp-stdin", daemon=True).start()
    frames = FrameReader(max_body=max_message)
    stop = server._stop_event
    while stop is None or not stop.is_set():
        chunk = await queue.get()
        if not chunk:
            return
        for event in frames.feed(chunk):
            if isinstance(event, Malformed):
                _error(writer, None, PARSE_ERROR, event.reason)
            else:
                _handle(server, writer, event.body)
            await asyncio.sleep(0)  # let answers and checks run between messages of one chunk


def _read(stdin: BinaryIO, queue: asyncio.Queue[bytes], loop: asyncio.AbstractEventLoop) -> None:
    """Read standard input into ``queue`` (an empty chunk at the end), waiting when it is full."""
    try:
        fd: int | None = stdin.fileno()
    except (AttributeError, OSError, ValueError):  # an in-memory stream (tests, embedding)
        fd = None
    while True:
        try:
            chunk = os.read(fd, _CHUNK) if fd is not None else stdin.read(_CHUNK)
        except OSError:
            chunk = b""
        try:
            asyncio.run_coroutine_threadsafe(queue.put(chunk), loop).result()
        except (RuntimeError, asyncio.CancelledError, Exception):  # the loop has ended
            return
        if not chunk:
            return


def _handle(server: JsonRPCServer, writer: StdoutWriter, body: bytes) -> None:
    """Decode one body and hand it to pygls; a body that is not a JSON-RPC message is answered."""
    protocol: Any = server.protocol
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        _error(writer, None, PARSE_ERROR, f"the message is not UTF-8 (byte {exc.start})")
        return
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
        _error(writer, None, PARSE_ERROR, f"the message is not JSON: {reason}")
        return
    ident = data.get("id") if isinstance(data, dict) else None
    if not isinstance(ident, (int, str)) or isinstance(ident, bool):
        ident = None
    if not isinstance(data, dict) or data.get("jsonrpc") != "2.0":
        _error(writer, ident, INVALID_REQUEST, "the message is not a JSON-RPC 2.0 object")
        return
    if "method" in data and not isinstance(data["method"], str):
        _error(writer, ident, INVALID_REQUEST, "the message's method is not a string")
        return
    try:
        message = protocol.structure_message(data)
    except Exception as exc:
        _log(f"cannot read a {data.get('method', 'response')!s:.60} message: {type(exc).__name__}")
        if "method" in data and ident is not None:
            _error(writer, ident, -32602, f"invalid params for {data['method']}: {type(exc).__name__}")
        return
    try:
        protocol.handle_message(message)
    except (SystemExit, KeyboardInterrupt):
        raise
    except Exception as exc:  # pygls answers requests itself; this is a bug in its dispatch
        _log(f"cannot handle a message: {type(exc).__name__}")
        if ident is not None and "method" in data:
            _error(writer, ident, -32603, f"internal error ({type(exc).__name__})")


def _error(writer: StdoutWriter, ident: int | str | None, code: int, message: str) -> None:
    body = json.dumps({"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}})
    data = body.encode("utf-8")
    writer.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
    _log(message)


def _log(message: str) -> None:
    try:
        sys.stderr.write(f"ntk lsp: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
