"""Language server on a 10,000-line rule file: time to diagnostics and hover latency while checking.

Run: ``.venv/bin/python benchmarks/bench_lsp.py``. Starts ``python -m notation_toolkit.lsp
--debounce 0`` as an editor would (a pygls client over stdio) and opens a 10,000-line rule file
(``examples/fbr/chess.fbr`` repeated). Prints:

* the time from ``didOpen`` to the published diagnostics, against the peer ``fbr.check`` on the
  same text in this process (the function ``ntk check`` runs): the ratio is the server's overhead;
* hover latency (median of 20 requests) when the server is idle and while it re-checks the whole
  file in the background after a change: the ratio says how much a running check slows requests.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from notation_toolkit import fbr

ROOT = Path(__file__).resolve().parents[1]
URI = "file:///bench/large.fbr"


def large_text(lines: int = 10_000) -> str:
    body = [
        line
        for line in (ROOT / "examples" / "fbr" / "chess.fbr").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith(("variant", "boardsize", "startposition"))
    ]
    return "\n".join((body * (lines // len(body) + 1))[:lines]) + "\n"


async def hovers(client: LanguageClient, line: int, n: int = 20) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line, 2)
            )
        )
        out.append(time.perf_counter() - start)
    return out


async def main() -> None:
    text = large_text()
    start = time.perf_counter()
    fbr.check(text)
    peer = time.perf_counter() - start

    client = LanguageClient("bench", "1")
    published: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        published.put_nowait(params)

    await client.start_io(sys.executable, "-m", "notation_toolkit.lsp", "--debounce", "0")
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())

    start = time.perf_counter()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(URI, "fbr", 1, text))
    )
    await published.get()
    served = time.perf_counter() - start

    royal = next(i for i, line in enumerate(text.splitlines()) if line.startswith("royal"))
    idle = await hovers(client, royal)
    end = types.Position(text.count("\n"), 0)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            [types.TextDocumentContentChangePartial(range=types.Range(end, end), text="royl\n")],
        )
    )
    busy = await hovers(client, royal)
    done = published.empty()
    await published.get()

    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()

    print("10,000-line rule file")
    print(f"fbr.check in process (peer):        {peer:8.2f} s")
    print(f"didOpen -> diagnostics (server):    {served:8.2f} s   ratio server/peer {served / peer:.2f}")
    print(f"hover, server idle:       median {statistics.median(idle) * 1e3:8.1f} ms")
    print(
        f"hover, while re-checking: median {statistics.median(busy) * 1e3:8.1f} ms"
        f"   ratio busy/idle {statistics.median(busy) / statistics.median(idle):.1f}"
        f"   (all 20 answered before the check finished: {done})"
    )


if __name__ == "__main__":
    asyncio.run(main())
