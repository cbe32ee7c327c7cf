"""What the language server knows, as plain functions (no LSP types): checks, hover, completion,
formatting and symbols of rule files (FBR) and position files (FEEN, FEN, DFEN: one item a line).

Everything goes through the toolkit's public functions, as ``ntk check`` does: the registry's
``Notation.check`` for diagnostics, ``Notation.format`` for formatting, the FBR catalog for rule and
attribute names, ``core.codes`` for explanations, and the Pygments lexer to know what the cursor
is on. The server (``notation_toolkit.lsp.server``) only translates to and from the protocol.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import PurePosixPath
from typing import Any

from notation_toolkit.core.diagnostics import Diagnostic, Fix
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.registry import Notation, get_notation
from notation_toolkit.core.span import Span

#: Language ids an editor may send, mapped to notations (the file extension is tried first).
LANGUAGE_IDS = {"fbr": "fbr", "rulefile": "fbr", "feen": "feen", "fen": "fen", "dfen": "dfen", "mbn": "mbn"}
_EXTENSIONS = {".fbr": "fbr", ".feen": "feen", ".fen": "fen", ".dfen": "dfen", ".mbn": "mbn"}
_CODE = re.compile(r"[A-Z]{2,5}[0-9]{3}")


def notation_for(uri: str, language_id: str | None = None) -> Notation | None:
    """The notation of a document, from its file extension or else its language id."""
    suffix = PurePosixPath(uri.split("?", 1)[0]).suffix.lower()
    name = _EXTENSIONS.get(suffix) or LANGUAGE_IDS.get((language_id or "").lower())
    return get_notation(name) if name else None


# ------------------------------------------------------------------------------------------------
# Positions: offsets <-> (line, UTF-16 column), as LSP counts them


class LineIndex:
    """Line starts of a text, to turn offsets into LSP positions (line, UTF-16 code units) and back."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0]
        self.starts.extend(m.end() for m in re.finditer("\n", text))

    def position(self, offset: int) -> tuple[int, int]:
        """The LSP position of a character offset."""
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self.starts, offset) - 1
        start = self.starts[line]
        return line, _utf16_length(self.text[start:offset])

    def offset(self, line: int, character: int) -> int:
        """The character offset of an LSP position (clamped to the text)."""
        if line >= len(self.starts):
            return len(self.text)
        start = self.starts[max(0, line)]
        end = self.starts[line + 1] - 1 if line + 1 < len(self.starts) else len(self.text)
        units = 0
        i = start
        while i < end and units < character:
            units += 2 if ord(self.text[i]) > 0xFFFF else 1
            i += 1
        return i

    def line_text(self, line: int) -> tuple[int, str]:
        """The start offset and the text (without the newline) of a line."""
        start = self.starts[line]
        end = self.starts[line + 1] - 1 if line + 1 < len(self.starts) else len(self.text)
        return start, self.text[start:end]


def _utf16_length(text: str) -> int:
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


# ------------------------------------------------------------------------------------------------
# Diagnostics


def items(notation: Notation, text: str) -> Iterator[tuple[int, int, str]]:
    """The items ``ntk check`` checks, as (offset, line index, text): the whole text, or each line
    that is not blank or a ``#`` comment."""
    if not notation.per_line:
        yield 0, 0, text
        return
    offset = 0
    for number, raw in enumerate(text.split("\n")):
        line = raw[:-1] if raw.endswith("\r") else raw
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield offset, number, line
        offset += len(raw) + 1


def check(notation: Notation, text: str) -> list[Diagnostic]:
    """Every diagnostic of a document, with spans (and fix spans) as offsets into the whole text.

    The same diagnostics as ``ntk check``: the notation's ``check`` on each item. A fix without a
    span replaces the whole item; it is given the item's span so that an editor can apply it.
    """
    found: list[Diagnostic] = []
    for offset, line, item in items(notation, text):
        for d in notation.check(item):
            if d.fix is not None and d.fix.span is None:
                whole = Fix(d.fix.description, d.fix.replacement, Span(0, len(item)))
                d = replace(d, fix=whole)
            found.append(d.shifted(offset, line) if offset else d)
    return found


def explain(code: str) -> str | None:
    """``ntk explain CODE`` as markdown, or None for an unknown code."""
    from notation_toolkit.core.codes import get_code

    _load_codes()
    info = get_code(code)
    if info is None:
        return None
    return f"**{info.code}**: {info.title}\n\n{info.explanation}"


def _load_codes() -> None:
    # The codes register when their notation is imported.
    from notation_toolkit.core.registry import notation_names

    for name in notation_names():
        get_notation(name)


# ------------------------------------------------------------------------------------------------
# Rule files: what the cursor is on, hover, completion, symbols


@dataclass(frozen=True, slots=True)
class Word:
    """A rule or attribute name under the cursor (from the FBR lexer's tokens)."""

    kind: str  # "rule", "attribute", "code" or "other"
    text: str
    start: int  # offset in the document
    rule: str | None = None  # the rule an attribute belongs to


def _line_tokens(
    text: str, offset: int, index: LineIndex | None = None
) -> tuple[int, list[tuple[int, Any, str]]]:
    """The FBR tokens of the line holding ``offset`` (items never span lines), with offsets."""
    from notation_toolkit.lexers import FbrLexer

    index = index if index is not None else LineIndex(text)
    line, _ = index.position(offset)
    start, line_text = index.line_text(line)
    tokens = [(start + i, t, v) for i, t, v in FbrLexer().get_tokens_unprocessed(line_text)]
    return start, tokens


def word_at(text: str, offset: int, index: LineIndex | None = None) -> Word | None:
    """The rule name, attribute name or diagnostic code at ``offset`` of a rule file."""
    from pygments.token import Keyword, Name

    _start, tokens = _line_tokens(text, offset, index)
    rule: str | None = None
    for start, token, value in tokens:
        if token is Keyword:
            rule = value
        elif not value.strip():
            rule = None  # whitespace ends an item
        if start <= offset <= start + len(value) and value.strip():
            if token is Keyword:
                return Word("rule", value, start)
            if token is Name.Attribute:
                return Word("attribute", value, start, rule)
            match = _CODE.search(value)
            if match is not None:
                return Word("code", match.group(), start + match.start())
            return Word("other", value, start)
    return None


def hover(
    notation: Notation, text: str, offset: int, diagnostics: list[Diagnostic], index: LineIndex | None = None
) -> str | None:
    """Markdown for the cursor: the explanation of the diagnostics there, a rule's or an attribute's
    catalog entry, or a code written in a comment."""
    parts: list[str] = []
    seen: set[str] = set()
    for d in diagnostics:
        if d.span is not None and d.span.offset <= offset <= d.span.end and d.code not in seen:
            seen.add(d.code)
            explanation = explain(d.code)
            if explanation:
                parts.append(explanation)
    if notation.name == "fbr":
        word = word_at(text, offset, index)
        if word is not None:
            page = _catalog_text(word)
            if page:
                parts.insert(0, page)
    return "\n\n---\n\n".join(parts) or None


_PART_NAMES = {
    "prefix": "piece prefix",
    "seq_number": "sequence number <n>",
    "cardinal": "cardinal direction <n>",
    "piece_set": "piece set {...}",
    "board_range": "board range [...]",
    "announcement": "announcement /Name/",
}
_ARG_NAMES = {"count": "count (N)", "set": "piece set {...}", "values": "piece values {M=1}",
              "range": "board range [...]", "prefix": "piece prefix"}  # fmt: skip


def _catalog_text(word: Word) -> str | None:
    from notation_toolkit.fbr import shipped_catalog

    catalog = shipped_catalog()
    if word.kind == "code":
        return explain(word.text)
    if word.kind == "rule":
        spec = catalog.rules.get(word.text)
        if spec is None:
            return None
        lines = [f"**{spec.name}** (FBR rule): {spec.summary}".rstrip(": ")]
        parts = [f"{_PART_NAMES[k]} ({v})" for k, v in spec.parts.items() if v != "none"]
        if parts:
            lines.append("Parts: " + ", ".join(parts) + ".")
        if spec.defaults:
            lines.append(
                "Defaults: " + ", ".join(f"{_PART_NAMES.get(k, k)} {v}" for k, v in spec.defaults.items())
            )
        if spec.attributes:
            lines.append("Attributes: " + ", ".join(f"`{a}`" for a in sorted(spec.attributes)) + ".")
        if spec.line:
            lines.append(f"FBR page, line {spec.line}.")
        return "\n\n".join(lines)
    if word.kind == "attribute" and word.rule is not None:
        rule = catalog.rules.get(word.rule)
        if rule is None:
            return None
        attribute = rule.attributes.get(word.text)
        if attribute is None:
            return None
        lines = [f"**{attribute.name}**: attribute of the FBR rule `{rule.name}`"]
        if attribute.args:
            lines.append(
                "Argument: " + ", ".join(f"{_ARG_NAMES.get(k, k)} ({v})" for k, v in attribute.args.items())
            )
        else:
            lines.append("Takes no argument.")
        if attribute.negatable:
            lines.append("May be negated (`!`).")
        if attribute.requires_rule:
            lines.append(f"Needs the rule `{attribute.requires_rule}`.")
        if attribute.note:
            lines.append(attribute.note)
        if attribute.line:
            lines.append(f"FBR page, line {attribute.line}.")
        return "\n\n".join(lines)
    return None


@dataclass(frozen=True, slots=True)
class Completion:
    """One completion: the name, what it is (``rule``/``attribute``) and a one-line description."""

    label: str
    kind: str
    detail: str
    start: int  # offset where the word being completed starts (it is replaced)


def completions(
    notation: Notation, text: str, offset: int, index: LineIndex | None = None
) -> list[Completion]:
    """Rule names at the start of an item, attribute names after ``rule=`` or ``,`` (from the catalog)."""
    if notation.name != "fbr":
        return []
    from notation_toolkit.fbr import shipped_catalog

    catalog = shipped_catalog()
    from pygments.token import Comment, String

    line_start, tokens = _line_tokens(text, offset, index)
    for start, token, value in tokens:
        # No completion inside a comment, a piece name or a metadata value.
        if start < offset <= start + len(value) and (token in Comment or token is String):
            return []
    # The item holding the cursor: the text since the last whitespace before it.
    before = text[line_start:offset]
    item_start = line_start + max(before.rfind(" "), before.rfind("\t")) + 1
    item = text[item_start:offset]
    if item.startswith("~") or '"' in item:
        return []
    word = re.search(r"[A-Za-z0-9]*$", item)
    partial = word.group() if word else ""
    start = offset - len(partial)
    head = re.match(r"!?([a-z][a-z0-9]*)", item)
    if head is not None and "=" in item[head.end() :]:
        spec = catalog.rules.get(head.group(1))
        if spec is None or item[start - item_start - 1 : start - item_start] not in ("=", ",", "!"):
            return []
        return [
            Completion(name, "attribute", f"attribute of {spec.name}", start)
            for name in sorted(spec.attributes)
            if name.startswith(partial)
        ]
    if item == partial and (not partial or partial[0].islower()):
        return [
            Completion(name, "rule", spec.summary, start)
            for name, spec in sorted(catalog.rules.items())
            if name.startswith(partial)
        ]
    return []


@dataclass(frozen=True, slots=True)
class Symbol:
    """A document symbol: a piece the file defines, or a rule it uses."""

    name: str
    kind: str  # "piece" or "rule"
    detail: str
    span: Span


def symbols(notation: Notation, text: str) -> list[Symbol]:
    """The pieces a rule file defines (definitions, declarations, promotion rules) and its rules."""
    if notation.name != "fbr":
        return []
    from notation_toolkit.fbr import ast, format_rule, parse
    from notation_toolkit.mbn import ast as mbn
    from notation_toolkit.mbn.format import format_item

    try:
        rule_file = parse(text)
    except NotationError:
        return []
    found: list[Symbol] = []
    for item in rule_file.items:
        span = getattr(item, "span", None)
        if span is None:
            continue
        if isinstance(item, ast.FbrRule):
            found.append(Symbol(item.name, "rule", format_rule(item), span))
        elif isinstance(item, mbn.PieceDefinition | mbn.PieceDeclaration):
            head = item.head
            name = head.prefixes + head.letter.text + (f" |{head.name}|" if head.name else "")
            found.append(Symbol(name, "piece", format_item(item), span))
        elif isinstance(item, mbn.PromotionRule):
            letters = "".join(p.text for p in item.head.letters)
            found.append(Symbol(item.head.prefixes + letters + " ==", "piece", format_item(item), span))
    return found


def format_document(notation: Notation, text: str) -> str | None:
    """The canonical text of a document, as ``ntk format`` writes it (the notation's lenient
    ``canonicalize``, else ``format``; each line of a position file, comments kept), or None when
    it does not parse (formatting never rewrites what it cannot read)."""

    def canonical(item: str) -> str:
        if notation.canonicalize is not None:
            return notation.canonicalize(item)[0]
        return notation.format(item)

    try:
        if not notation.per_line:
            return canonical(text).rstrip("\n") + "\n" if text.strip() else text
        lines = []
        for raw in text.split("\n"):
            cr = "\r" if raw.endswith("\r") else ""
            line = raw[: len(raw) - len(cr)]
            stripped = line.strip()
            lines.append((canonical(stripped) if stripped and not stripped.startswith("#") else line) + cr)
        return "\n".join(lines)
    except NotationError:
        return None
