"""The language server end to end, driven as an editor drives it: a real client over stdio (pytest-lsp)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

from notation_toolkit import fbr  # noqa: E402
from notation_toolkit.core.codes import get_code  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SERVER = [sys.executable, "-m", "notation_toolkit.lsp", "--debounce", "0.2"]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))  # type: ignore[untyped-decorator]
async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"), root_uri=EXAMPLES.as_uri()
        )
    )
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, uri: str, text: str, language: str = "fbr") -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
        )
    )


async def _published(client: LanguageClient) -> types.PublishDiagnosticsParams:
    params: types.PublishDiagnosticsParams = await client.wait_for_notification(
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS
    )
    return params


def _apply(text: str, edit: types.TextEdit) -> str:
    lines = text.split("\n")

    def offset(p: types.Position) -> int:
        return sum(len(line) + 1 for line in lines[: p.line]) + p.character

    return text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]


@pytest.mark.asyncio
async def test_open_change_fix_and_recheck(client: LanguageClient) -> None:
    uri = "file:///tmp/variant.fbr"
    text = "royl\nK Q=R+B\n"
    _open(client, uri, text)
    published = await _published(client)
    assert published.uri == uri and published.version == 1
    [diagnostic] = published.diagnostics
    expected = fbr.check(text)[0]
    assert diagnostic.code == expected.code == "FBR201"
    assert diagnostic.source == "ntk"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.range == types.Range(types.Position(0, 0), types.Position(0, 4))
    assert diagnostic.message.startswith(expected.message)
    assert expected.hint is not None and expected.hint in diagnostic.message

    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    assert actions is not None and len(actions) == 1
    action = actions[0]
    assert isinstance(action, types.CodeAction) and action.kind == types.CodeActionKind.QuickFix
    assert action.edit is not None and action.edit.changes is not None
    [edit] = action.edit.changes[uri]
    assert edit.new_text == "royal"

    # Apply the quick fix as an editor does: an incremental change, a new version.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)],
        )
    )
    published = await _published(client)
    assert published.version == 2
    assert list(published.diagnostics) == []
    assert fbr.check(_apply(text, edit)) == []


@pytest.mark.asyncio
async def test_hover_completion_formatting_symbols(client: LanguageClient) -> None:
    uri = "file:///tmp/chess.fbr"
    text = "royal promotion+[8]=enter\nmaxchecks\nK|King|=W+F  Q=R+B\n"
    _open(client, uri, text)
    published = await _published(client)
    assert [d.code for d in published.diagnostics] == [d.code for d in fbr.check(text)]

    doc = types.TextDocumentIdentifier(uri=uri)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=doc, position=types.Position(0, 8))
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert fbr.shipped_catalog().rules["promotion"].summary in hover.contents.value

    # Hover on a diagnostic: `ntk explain` for its code.
    code = published.diagnostics[0].code
    assert isinstance(code, str)
    where = published.diagnostics[0].range.start
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc, position=where))
    info = get_code(code)
    assert hover is not None and info is not None and isinstance(hover.contents, types.MarkupContent)
    assert info.explanation in hover.contents.value

    completion = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc, position=types.Position(0, 22))
    )
    assert isinstance(completion, types.CompletionList)
    labels = [item.label for item in completion.items]
    promotion = fbr.shipped_catalog().rules["promotion"].attributes
    assert labels == sorted(a for a in promotion if a.startswith("en"))

    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=doc, options=types.FormattingOptions(tab_size=4, insert_spaces=True)
        )
    )
    assert edits is not None and len(edits) == 1
    assert _apply(text, edits[0]) == fbr.dumps(text)

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc))
    assert symbols is not None
    names = [(s.name, s.kind) for s in symbols if isinstance(s, types.DocumentSymbol)]
    assert ("K |King|", types.SymbolKind.Class) in names and ("Q", types.SymbolKind.Class) in names
    assert ("royal", types.SymbolKind.Property) in names


@pytest.mark.asyncio
async def test_position_files_one_item_a_line(client: LanguageClient) -> None:
    uri = "file:///tmp/positions.feen"
    text = "# a comment\n8/8/8/8/8/8/8/8 PpP/p C/c\nK'^ / C/c\n"
    _open(client, uri, text, "feen")
    published = await _published(client)
    lines = sorted({d.range.start.line for d in published.diagnostics})
    assert lines == [1, 2]  # each bad line, never the comment
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(4, True)
        )
    )
    # A file holding a line that does not parse is left alone.
    assert edits is None
    good = "# a comment\n8/8/8/8/8/8/8/8 PpP/p C/c\n"
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=good)],
        )
    )
    published = await _published(client)
    assert published.version == 2
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(4, True)
        )
    )
    assert edits is not None and _apply(good, edits[0]) == "# a comment\n8/8/8/8/8/8/8/8 2Pp/p C/c\n"


@pytest.mark.asyncio
async def test_large_file_stays_responsive_and_publishes_the_latest_version(client: LanguageClient) -> None:
    uri = "file:///tmp/large.fbr"
    body = [line for line in (EXAMPLES / "fbr" / "chess.fbr").read_text(encoding="utf-8").splitlines()
            if line and not line.startswith(("variant", "boardsize", "startposition"))]  # fmt: skip
    lines = (body * (10_000 // len(body) + 1))[:10_000]
    text = "\n".join(lines) + "\n"
    assert text.count("\n") == 10_000
    _open(client, uri, text)
    waiting = asyncio.ensure_future(_published(client))
    # Typing: three quick changes, the last one adds a mistake at the end of the file.
    for version, added in ((2, "~ one\n"), (3, "~ two\n"), (4, "royl\n")):
        end = types.Position(text.count("\n"), 0)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[
                    types.TextDocumentContentChangePartial(range=types.Range(end, end), text=added)
                ],
            )
        )
        text += added
    # Requests are answered while the file is being checked in the background.
    royal = next(i for i, line in enumerate(lines) if line.startswith("royal"))
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(royal, 2)
        )
    )
    assert hover is not None
    completion = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(royal, 3)
        )
    )
    assert isinstance(completion, types.CompletionList) and completion.items
    assert not waiting.done()
    published = await asyncio.wait_for(waiting, timeout=600)
    # The first results published are those of the last version: stale checks are dropped.
    assert published.version == 4
    assert [(d.code, d.range.start.line) for d in published.diagnostics] == [("FBR201", 10_002)]


@pytest.mark.parametrize("length", [b"1000000000000", b"9" * 20])
def test_an_oversized_message_header_is_answered_with_an_error_and_skipped(length: bytes) -> None:
    """pygls reads Content-Length bytes at once: 10**12 was a MemoryError, 20 digits an
    OverflowError, both "internal error" (exit 70)."""
    import json
    import subprocess

    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "shutdown"}).encode()
    good = b"Content-Length: %d\r\n\r\n" % len(body) + body
    done = subprocess.run(
        SERVER, input=b"Content-Length: " + length + b"\r\n\r\n{}" + good, capture_output=True, timeout=60
    )
    assert done.returncode == 0
    assert b'"code": -32700' in done.stdout and b"larger than the" in done.stdout
    assert b'"id": 1' in done.stdout  # the next message was read and answered
    err = done.stderr.decode()
    assert "larger than the" in err and "internal error" not in err
    assert "Traceback" not in err


def test_a_message_that_is_not_json_is_one_line_on_stderr_and_the_server_goes_on() -> None:
    """pygls logged such a message with its traceback; the server answers with a JSON-RPC parse
    error and keeps reading (here the input ends, so it stops with 0)."""
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if k != "NTK_DEBUG"}
    done = subprocess.run(
        SERVER, input=b"Content-Length: 5\r\n\r\n{bad}", capture_output=True, timeout=60, env=env
    )
    err = done.stderr.decode()
    assert done.returncode == 0
    assert err.splitlines() == [
        "ntk lsp: the message is not JSON: Expecting property name enclosed in double quotes"
    ]
    assert b'"id": null, "error": {"code": -32700' in done.stdout
