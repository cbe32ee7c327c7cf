"""The language server (pygls): diagnostics as you type, quick fixes, hover, completion, formatting,
document symbols, for FBR rule files and FEEN/FEN/DFEN position files.

Checks run in a worker thread after a short pause in typing (``debounce`` seconds), one at a time
per document; a check whose document changed meanwhile is dropped, and results are published only
for the version they were computed from. Requests (hover, completion ...) never wait for a check.

Only documents the client opened are read: a request about any other URI gets an empty answer,
never a read of the file from disk (a link to ``/dev/zero`` or a 50 MB file). An error inside a
handler reaches the client as one short line (the exception's type, no traceback, no path); the
traceback goes to the server's log (standard error) under ``--debug``.
"""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import JsonRpcInternalError
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.workspace import TextDocument

from notation_toolkit import __version__
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.registry import Notation
from notation_toolkit.lsp import analysis

DEFAULT_DEBOUNCE = 0.3  # seconds of quiet typing before a re-check
_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
}
_SOURCE = "ntk"


class _Protocol(LanguageServerProtocol):
    """pygls's protocol, with internal errors told to the client in one short line."""

    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        if error is not None and error.code == JsonRpcInternalError.CODE:
            error = types.ResponseError(code=error.code, message=_short_error(sys.exc_info()[1]))
            if getattr(self._server, "debug", False):
                _print_traceback()
        super()._send_response(msg_id, result, error)


def _short_error(exc: BaseException | None) -> str:
    """What the client is told of an internal error: its type only (a message may hold paths)."""
    name = type(exc).__name__ if exc is not None else "unknown error"
    return f"ntk lsp: internal error ({name}); run `ntk --debug lsp` for the traceback in the log"


def _print_traceback() -> None:
    if sys.exc_info()[1] is not None:
        import traceback

        traceback.print_exc(file=sys.stderr)


@dataclass
class _State:
    """Per document: the pending check, a lock that serialises checks, the last results."""

    task: asyncio.Task[None] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int | None = None
    text: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)


class NotationLanguageServer(LanguageServer):
    """The toolkit's language server (``ntk lsp``)."""

    def __init__(self, *, debounce: float = DEFAULT_DEBOUNCE, debug: bool = False) -> None:
        super().__init__(
            "ntk-lsp",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=_Protocol,
        )
        self.debounce = debounce
        self.debug = debug  # tracebacks of internal errors to the log (standard error)
        self.states: dict[str, _State] = {}
        self.language_ids: dict[str, str] = {}
        self._indexes: dict[str, tuple[int | None, analysis.LineIndex]] = {}

    def report_server_error(self, error: Exception, source: Any) -> None:
        """An error outside a request: one short line to the client, the traceback under --debug."""
        if source is not None and getattr(source, "__name__", "") == "FeatureRequestError":
            return  # the request's own answer already says it
        if self.debug:
            _print_traceback()
        # pygls wraps the handler's exception, and reports it while that exception is handled
        cause = sys.exc_info()[1] or error
        self.window_show_message(
            types.ShowMessageParams(message=_short_error(cause), type=types.MessageType.Error)
        )

    def opened(self, uri: str) -> TextDocument | None:
        """The document ``uri`` if the client opened it (never read from disk)."""
        documents: dict[str, TextDocument] = self.workspace.text_documents
        return documents.get(unquote(uri))

    def index(self, document: TextDocument) -> analysis.LineIndex:
        """The line index of a document's current version (kept until the next change)."""
        found = self._indexes.get(document.uri)
        if found is not None and found[0] == document.version and found[1].text is document.source:
            return found[1]
        index = analysis.LineIndex(document.source)
        self._indexes[document.uri] = (document.version, index)
        return index

    # -------------------------------------------------------------------------- checking

    def notation(self, uri: str) -> Notation | None:
        """The notation of an open document (None: not one of ours)."""
        return analysis.notation_for(uri, self.language_ids.get(uri))

    def schedule(self, uri: str) -> None:
        """(Re)start the debounced check of a document; a pending one is cancelled."""
        state = self.states.setdefault(uri, _State())
        if state.task is not None and not state.task.done():
            state.task.cancel()
        state.task = asyncio.get_running_loop().create_task(self._check_later(uri, state))

    async def _check_later(self, uri: str, state: _State) -> None:
        if self.debounce:
            await asyncio.sleep(self.debounce)
        async with state.lock:
            document = self.opened(uri)
            notation = self.notation(uri)
            if notation is None or document is None:
                return
            version, text = document.version, document.source
            try:
                found = await asyncio.get_running_loop().run_in_executor(None, analysis.check, notation, text)
            except Exception as exc:  # a bug in a checker must not stop the server: say so, keep serving
                self.window_log_message(
                    types.LogMessageParams(
                        types.MessageType.Error, f"ntk lsp: checking {uri} failed: {exc!r}"
                    )
                )
                return
            current = self.opened(uri)
            if current is None or current.version != version or uri not in self.states:
                return  # the document changed (or closed) while we checked: those results are stale
            state.version, state.text, state.diagnostics = version, text, found
            index = self.index(current)
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(
                    uri=uri, version=version, diagnostics=[to_lsp(d, index) for d in found]
                )
            )

    def results(self, document: TextDocument) -> list[Diagnostic]:
        """The last published diagnostics, if they belong to the document's current version."""
        state = self.states.get(document.uri)
        if state is None or state.version != document.version:
            return []
        return state.diagnostics


def to_range(index: analysis.LineIndex, start: int, end: int) -> types.Range:
    """An LSP range from character offsets."""
    (l1, c1), (l2, c2) = index.position(start), index.position(end)
    return types.Range(types.Position(l1, c1), types.Position(l2, c2))


def to_lsp(d: Diagnostic, index: analysis.LineIndex) -> types.Diagnostic:
    """A toolkit diagnostic as an LSP diagnostic (code, severity, span; hint in the message)."""
    start, end = (d.span.offset, d.span.end) if d.span is not None else (0, 0)
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    data: dict[str, Any] | None = None
    if d.fix is not None:
        data = {"fix": d.fix.to_dict()}
    return types.Diagnostic(
        range=to_range(index, start, end),
        message=message,
        severity=_SEVERITY[d.severity],
        code=d.code,
        source=_SOURCE,
        data=data,
    )


def create_server(*, debounce: float = DEFAULT_DEBOUNCE, debug: bool = False) -> NotationLanguageServer:
    """A language server with every feature registered (serve it with ``lsp.transport.serve``).

    ``debug`` writes the traceback of an internal error to standard error (the server's log).
    """
    server = NotationLanguageServer(debounce=debounce, debug=debug)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: NotationLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.language_ids[params.text_document.uri] = params.text_document.language_id
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: NotationLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        if ls.opened(params.text_document.uri) is not None:
            ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: NotationLanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        if ls.opened(params.text_document.uri) is not None:
            ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: NotationLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        state = ls.states.pop(uri, None)
        if state is not None and state.task is not None:
            state.task.cancel()
        ls.language_ids.pop(uri, None)
        ls._indexes.pop(uri, None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    def code_action(ls: NotationLanguageServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        document = ls.opened(params.text_document.uri)
        if document is None:
            return []
        index = ls.index(document)
        lo = index.offset(params.range.start.line, params.range.start.character)
        hi = index.offset(params.range.end.line, params.range.end.character)
        actions = []
        for d in ls.results(document):
            if d.fix is None or d.span is None or not (d.span.offset <= hi and lo <= d.span.end):
                continue
            fix_span = d.fix.span
            start, end = (
                (fix_span.offset, fix_span.end) if fix_span is not None else (0, len(document.source))
            )
            edit = types.TextEdit(range=to_range(index, start, end), new_text=d.fix.replacement)
            actions.append(
                types.CodeAction(
                    title=f"{d.fix.description} ({d.code})",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[to_lsp(d, index)],
                    edit=types.WorkspaceEdit(changes={document.uri: [edit]}),
                    is_preferred=True,
                )
            )
        return actions

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: NotationLanguageServer, params: types.HoverParams) -> types.Hover | None:
        document = ls.opened(params.text_document.uri)
        notation = ls.notation(params.text_document.uri)
        if notation is None or document is None:
            return None
        index = ls.index(document)
        offset = index.offset(params.position.line, params.position.character)
        text = analysis.hover(notation, document.source, offset, ls.results(document), index)
        if text is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["=", ",", "!"])
    )
    def completion(ls: NotationLanguageServer, params: types.CompletionParams) -> types.CompletionList:
        document = ls.opened(params.text_document.uri)
        notation = ls.notation(params.text_document.uri)
        if notation is None or document is None:
            return types.CompletionList(is_incomplete=False, items=[])
        index = ls.index(document)
        offset = index.offset(params.position.line, params.position.character)
        found = analysis.completions(notation, document.source, offset, index)
        items = [
            types.CompletionItem(
                label=c.label,
                kind=types.CompletionItemKind.Keyword
                if c.kind == "rule"
                else types.CompletionItemKind.Property,
                detail=c.detail,
                text_edit=types.TextEdit(range=to_range(index, c.start, offset), new_text=c.label),
            )
            for c in found
        ]
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    async def formatting(
        ls: NotationLanguageServer, params: types.DocumentFormattingParams
    ) -> list[types.TextEdit] | None:
        document = ls.opened(params.text_document.uri)
        notation = ls.notation(params.text_document.uri)
        if notation is None or document is None:
            return None
        text = document.source
        loop = asyncio.get_running_loop()
        formatted = await loop.run_in_executor(None, analysis.format_document, notation, text)
        if formatted is None or formatted == text:
            return [] if formatted == text else None
        index = analysis.LineIndex(text)
        return [types.TextEdit(range=to_range(index, 0, len(text)), new_text=formatted)]

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def document_symbol(
        ls: NotationLanguageServer, params: types.DocumentSymbolParams
    ) -> list[types.DocumentSymbol]:
        document = ls.opened(params.text_document.uri)
        notation = ls.notation(params.text_document.uri)
        if notation is None or document is None:
            return []
        text = document.source
        found = await asyncio.get_running_loop().run_in_executor(None, analysis.symbols, notation, text)
        index = analysis.LineIndex(text)
        out = []
        for s in found:
            where = to_range(index, s.span.offset, s.span.end)
            kind = types.SymbolKind.Class if s.kind == "piece" else types.SymbolKind.Property
            out.append(
                types.DocumentSymbol(
                    name=s.name, kind=kind, range=where, selection_range=where, detail=s.detail
                )
            )
        return out

    return server
