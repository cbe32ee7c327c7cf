"""The language server against a hostile client, end to end over stdio with a raw driver.

Each attack is followed by a hover request on an opened document: the server must answer it (it
resynchronised on the next header, or answered the bad frame with a JSON-RPC error). At the end
the server shuts down cleanly with exit code 0 and nothing on standard error is a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")

SERVER = [sys.executable, "-m", "notation_toolkit.lsp", "--debounce", "0"]
DOC = "file:///tmp/hostile/chess.fbr"
TEXT = "royal promotion+[8]=enter\nK=W+F Q=R+B\n"


def frame(message: dict[str, Any] | bytes) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Driver:
    """A client writing raw bytes and reading the server's framed answers on a thread."""

    def __init__(self, command: list[str] = SERVER, env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        self.messages: list[dict[str, Any]] = []
        self.lock = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.next_id = 100

    def _read(self) -> None:
        out = self.process.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            assert length is not None
            body = out.read(length)
            with self.lock:
                self.messages.append(json.loads(body))
                self.lock.notify_all()

    def send(self, data: bytes) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(data)
        stdin.flush()

    def request(self, method: str, params: Any) -> int:
        self.next_id += 1
        self.send(frame({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}))
        return self.next_id

    def answer(self, ident: int, timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                for message in self.messages:
                    if message.get("id") == ident and "method" not in message:
                        return message
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no answer to request {ident}; got {self.messages[-5:]}")
                self.lock.wait(left)

    def errors(self) -> list[dict[str, Any]]:
        with self.lock:
            return [m for m in self.messages if m.get("id") is None and "error" in m]

    def hover(self, uri: str = DOC, line: int = 0, character: int = 2) -> dict[str, Any]:
        ident = self.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
        )
        return self.answer(ident)

    def start(self) -> None:
        self.answer(self.request("initialize", {"capabilities": {}, "processId": None}))
        self.send(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        self.send(
            frame(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didOpen",
                    "params": {"textDocument": {"uri": DOC, "languageId": "fbr", "version": 1, "text": TEXT}},
                }
            )
        )

    def stop(self) -> tuple[int, str]:
        self.answer(self.request("shutdown", None))
        self.send(frame({"jsonrpc": "2.0", "method": "exit"}))
        try:
            code = self.process.wait(timeout=20)
        finally:
            self.process.kill()
        stderr = self.process.stderr
        assert stderr is not None
        return code, stderr.read().decode("utf-8", "replace")


ATTACKS: dict[str, bytes] = {
    "length not a number": b"Content-Length: abc\r\n\r\n{}",
    "length in exponent form": b"Content-Length: 1e3\r\n\r\n{}",
    "negative length": b"Content-Length: -5\r\n\r\n{}",
    "length too small": b"Content-Length: 5\r\n\r\n" + json.dumps({"jsonrpc": "2.0", "method": "x"}).encode(),
    "length too large": b"Content-Length: 500\r\n\r\n" + b'{"jsonrpc": "2.0", "method": "x"}',
    "60 MiB whose body never comes": b"Content-Length: 62914560\r\n\r\n",
    "length of 20 digits": b"Content-Length: 99999999999999999999\r\n\r\n{}",
    "length under the cap whose body never comes": b'Content-Length: 1000000\r\n\r\n{"json',
    "body not UTF-8": b"Content-Length: 4\r\n\r\n\xff\xfe\xfd\xfc",
    "body of NUL bytes": b"Content-Length: 4\r\n\r\n\x00\x00\x00\x00",
    "body not JSON": b"Content-Length: 5\r\n\r\n{bad}",
    "JSON that is not JSON-RPC": frame(b"[1, 2, 3]"),
    "JSON nested too deeply": frame(b"[" * 100_000 + b"]" * 100_000),
    "no Content-Length": b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}",
    "bytes outside a message": b"hello world\r\n\r\n",
    "header line of 100 KB": b"X-Junk: " + b"a" * 100_000,
    "binary noise": bytes(range(256)) * 64,
    "request with bad params": frame(
        {"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": 5}
    ),
    "method not a string": frame({"jsonrpc": "2.0", "id": 8, "method": 12}),
}


@pytest.fixture(scope="module")
def served() -> Any:
    """One server for the attacks: each test leaves it answering, the last one stops it."""
    env = {k: v for k, v in os.environ.items() if k != "NTK_DEBUG"}
    found = Driver(env=env)
    found.start()
    yield found
    code, stderr = found.stop()
    assert code == 0
    assert "Traceback" not in stderr and "internal error" not in stderr and "MemoryError" not in stderr


@pytest.fixture
def driver(served: Driver) -> Driver:
    return served


def test_every_attack_is_survived_and_a_hover_is_answered_after_it(driver: Driver) -> None:
    first = driver.hover()
    assert first.get("result") is not None  # the rule 'royal' has a hover page
    for name, attack in ATTACKS.items():
        before = len(driver.errors())
        driver.send(attack)
        answer = driver.hover()
        assert answer.get("result") == first["result"], name
        # Every attack but the ones answered by id is answered with an id-less JSON-RPC error.
        if name not in ("request with bad params", "method not a string"):
            assert len(driver.errors()) > before, name
    for message in driver.messages:
        if "error" in message:
            assert message["error"]["code"] in (-32700, -32600, -32602), message
    bad_params = driver.answer(7)
    assert bad_params["error"]["code"] == -32602


def test_a_clean_shutdown_exits_0_and_says_nothing() -> None:
    env = {k: v for k, v in os.environ.items() if k != "NTK_DEBUG"}
    driver = Driver(env=env)
    driver.start()
    assert driver.hover().get("result") is not None
    code, stderr = driver.stop()
    assert code == 0
    assert stderr == ""


def test_exit_without_shutdown_exits_1() -> None:
    driver = Driver()
    driver.start()
    driver.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    assert driver.process.wait(timeout=20) == 1


@pytest.mark.parametrize("target", ["/dev/zero", "big"])
def test_documents_not_opened_are_never_read(driver: Driver, tmp_path: Path, target: str) -> None:
    link = tmp_path / "hostile.fbr"
    if target == "big":
        with open(link, "wb") as handle:  # a sparse 50 MB file
            handle.truncate(50_000_000)
    else:
        link.symlink_to(target)
    uri = link.as_uri()
    started = time.monotonic()
    assert driver.hover(uri).get("result") is None
    ident = driver.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert driver.answer(ident).get("result") == []
    ident = driver.request(
        "textDocument/formatting",
        {"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}},
    )
    assert "error" not in driver.answer(ident)
    assert time.monotonic() - started < 10
    assert driver.hover().get("result") is not None


def test_a_changed_but_never_opened_document_is_not_read(driver: Driver, tmp_path: Path) -> None:
    link = tmp_path / "zero.fbr"
    link.symlink_to("/dev/zero")
    driver.send(
        frame(
            {
                "jsonrpc": "2.0",
                "method": "textDocument/didSave",
                "params": {"textDocument": {"uri": link.as_uri()}},
            }
        )
    )
    assert driver.hover().get("result") is not None


# The shipped server with one more command that fails the way a bug would, with a path in its
# message: served over stdio by the same transport as `ntk lsp`.
_BUGGY = """
import os
import sys
from lsprotocol import types
from notation_toolkit.lsp.cli import quiet_pygls_logs
from notation_toolkit.lsp.server import create_server
from notation_toolkit.lsp.transport import serve

quiet_pygls_logs()
server = create_server(debounce=0, debug=bool(os.environ.get("NTK_DEBUG")))

@server.feature(types.TEXT_DOCUMENT_REFERENCES)
def fail(ls, params):
    raise FileNotFoundError(2, "No such file", "/home/secret/project/file.fbr")

@server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
def fail_later(ls, params):
    raise ValueError("/home/secret/project/other.fbr is broken")

sys.exit(serve(server, sys.stdin.buffer, sys.stdout.buffer))
"""


@pytest.mark.parametrize("debug", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_an_internal_error_reaches_the_client_as_a_short_line_without_paths(debug: bool) -> None:
    env = {k: v for k, v in os.environ.items() if k != "NTK_DEBUG"}
    if debug:
        env["NTK_DEBUG"] = "1"
    driver = Driver([sys.executable, "-c", _BUGGY], env=env)
    driver.start()
    ident = driver.request(
        "textDocument/references",
        {
            "textDocument": {"uri": DOC},
            "position": {"line": 0, "character": 0},
            "context": {"includeDeclaration": True},
        },
    )
    error = driver.answer(ident)["error"]
    assert error["code"] == -32603
    assert "FileNotFoundError" in error["message"] and "/home" not in error["message"]
    assert "data" not in error or not error["data"]
    driver.send(
        frame({"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": {"settings": None}})
    )
    assert driver.hover().get("result") is not None
    shown = [m for m in driver.messages if m.get("method") == "window/showMessage"]
    assert shown and all("/home" not in m["params"]["message"] for m in shown)
    assert any("ValueError" in m["params"]["message"] for m in shown)
    code, stderr = driver.stop()
    assert code == 0
    assert ("Traceback" in stderr) is debug
