"""The FEN reader: a regex fast path built from the grammar, the LALR parser for diagnostics.

How a text is read:

1. ``core.regular.compile_regex`` turns the grammar's ``position`` rule into one regular expression
   with a named group per field. A ``fullmatch`` accepts well-formed text in about a microsecond.
2. Only when the regex rejects the text does the LALR parser run, and only to explain why: the
   text is split into fields, each field is parsed with its own start rule, and the Lark error is
   translated into a diagnostic with the field's code and a span in the whole text.
3. Either way the fields then go through the same semantic checks (8 ranks of 8 squares, the
   en-passant rank, canonical spelling ...), which the grammar cannot say.

``DfenReader`` (``notation_toolkit.dfen.reader``) subclasses this reader and overrides only the
methods for the fields DFEN changes, as ``dfen.lark`` overrides only those rules.

A user's extension grammar (``grammar=``, a ``.lark`` file that ``%import``s fen or dfen) has no
fast path: its LALR parser reads the text, the fields the toolkit knows (by rule name) go through
the same semantic checks, and every other rule becomes a ``GenericNode`` in ``extensions``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput

import notation_toolkit.fen.codes  # noqa: F401  (registers FEN1xx)
from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.errors import (
    CanonicalFormError,
    GrammarError,
    LimitError,
    NotationError,
    ParseError,
    ValidationError,
)
from notation_toolkit.core.grammar import (
    base_name,
    check_size,
    describe_char,
    load_parser,
    lookalike_hint,
    parse_text,
    translate_lark_error,
)
from notation_toolkit.core.regular import compile_regex
from notation_toolkit.core.span import Span
from notation_toolkit.core.tree import GenericNode
from notation_toolkit.fen.ast import (
    SQUARE_INDEX,
    Board,
    CastlingRights,
    EnPassantSquare,
    FenPosition,
    FullmoveNumber,
    HalfmoveClock,
    Side,
    castling_text,
)

#: Default cap on the input length (characters). A real FEN is under 100 characters.
MAX_INPUT = 1024
#: Longest digit string accepted for the clocks (fits a 64-bit integer).
MAX_DIGITS = 18

_CACHE_LIMIT = 8192
_SQUARES_RUN = re.compile(r"(?:[a-h][1-8])+")
# rank text -> (number of squares, canonical text or None when the text is already canonical)
_RANK_INFO: dict[str, tuple[int, str | None]] = {}
_CASTLING: dict[str, frozenset[str]] = {}
for _mask in range(16):
    _rights = frozenset(c for i, c in enumerate("KQkq") if _mask >> i & 1)
    if _rights:
        _CASTLING[castling_text(_rights)] = _rights


def _span(offset: int, length: int) -> Span:
    # Every accepted text is a single line (the grammar has no line breaks).
    return Span(offset, length, 1, offset + 1)


def _rank_info(row: str) -> tuple[int, str | None]:
    info = _RANK_INFO.get(row)
    if info is not None:
        return info
    width = 0
    merged = ""
    run = 0
    adjacent = False
    previous_digit = False
    for ch in row:
        if "0" <= ch <= "9":
            run += ord(ch) - 48
            adjacent = adjacent or previous_digit
            previous_digit = True
            continue
        if run:
            merged += str(run)
            width += run
            run = 0
        merged += ch
        width += 1
        previous_digit = False
    if run:
        merged += str(run)
        width += run
    info = (width, merged if adjacent else None)
    if len(_RANK_INFO) >= _CACHE_LIMIT:
        _RANK_INFO.clear()
    _RANK_INFO[row] = info
    return info


def _squares(n: int) -> str:
    return f"{n} square{'s' if n != 1 else ''}"


def _truthy(value: object) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


#: X-FEN / Shredder-FEN castling: KQkq and rook files (A-H White, a-h Black).
_FILE_CASTLING = re.compile(r"[KQkqA-Ha-h]+")


def generic_node(tree: Tree[Any]) -> GenericNode:
    """A Lark subtree as a ``GenericNode``: rule name, children (nodes and token text), span."""
    children: list[object] = []
    for child in tree.children:
        if isinstance(child, Tree):
            children.append(generic_node(child))
        elif isinstance(child, Token):
            # A Token is a str whose repr shows the terminal's internal name: keep the text only.
            children.append(str(child))
    return GenericNode(str(tree.data), tuple(children), Span.from_meta(tree.meta))


class _Extended:
    """What a user grammar's tree gave beyond the shipped syntax.

    ``raw``: known fields whose text is not in the shipped language (field -> (text, offset));
    ``nodes``: the extension nodes of the position, in text order.
    """

    __slots__ = ("nodes", "raw")

    def __init__(self, raw: dict[str, tuple[str, int]], nodes: tuple[GenericNode, ...]) -> None:
        self.raw = raw
        self.nodes = nodes


class _Findings:
    """What the semantic checks found: errors, fixes strict mode refuses, and plain notes."""

    __slots__ = ("errors", "fixes", "lenient", "notes")

    def __init__(self, lenient: bool) -> None:
        self.lenient = lenient
        self.errors: list[Diagnostic] = []
        self.fixes: list[Diagnostic] = []  # canonical-form problems: errors unless lenient
        self.notes: list[Diagnostic] = []  # accepted variants; canonical output differs (INFO)

    def error(self, code: str, message: str, span: Span | None, field: str, hint: str | None = None) -> None:
        self.errors.append(Diagnostic(code, message, span, Severity.ERROR, hint, None, field))

    def fix(self, code: str, message: str, span: Span, field: str, replacement: str, how: str) -> None:
        severity = Severity.INFO if self.lenient else Severity.ERROR
        hint = None if self.lenient else f"{how}, or parse in lenient mode"
        self.fixes.append(Diagnostic(code, message, span, severity, hint, Fix(how, replacement, span), field))

    def note(self, code: str, message: str, span: Span, field: str, replacement: str, how: str) -> None:
        self.notes.append(
            Diagnostic(code, message, span, Severity.INFO, None, Fix(how, replacement, span), field)
        )


class FenReader:
    """Reads standard FEN. Subclasses change the grammar name and the hooks of changed fields."""

    grammar: ClassVar[str] = "fen"
    label: ClassVar[str] = "FEN"
    field_names: ClassVar[tuple[str, ...]] = (
        "placement",
        "side",
        "castling",
        "en_passant",
        "halfmove",
        "fullmove",
    )
    min_fields: ClassVar[int] = 6
    field_count_code: ClassVar[str] = "FEN101"
    syntax_codes: ClassVar[dict[str, str]] = {
        "placement": "FEN110",
        "side": "FEN120",
        "castling": "FEN130",
        "en_passant": "FEN140",
        "halfmove": "FEN150",
        "fullmove": "FEN160",
    }
    field_words: ClassVar[dict[str, str]] = {
        "placement": "piece placement",
        "side": "side to move",
        "castling": "castling field",
        "en_passant": "en-passant field",
        "halfmove": "half-move clock",
        "fullmove": "full-move number",
        "dice": "dice pool",
    }
    field_hints: ClassVar[dict[str, str]] = {
        "placement": "write ranks 8 to 1 with piece letters and counts 1-8, separated by '/'",
        "side": "write 'w' (White to move) or 'b' (Black to move)",
        "castling": "write '-' or castling letters in the order KQkq",
        "en_passant": "write '-' or one square such as e3 or d6",
        "halfmove": "write a whole number >= 0, for example 0",
        "fullmove": "write a whole number >= 1, for example 1",
        "dice": "write '-' or up to three dice letters from PNBRQK",
    }

    def __init__(self) -> None:
        self._regex: re.Pattern[str] | None = None
        self._field_regexes: dict[str, re.Pattern[str]] = {}

    # ------------------------------------------------------------------ entry points

    @property
    def max_fields(self) -> int:
        """Largest number of fields accepted."""
        return len(self.field_names)

    def lalr(self, start: str = "start") -> Lark:
        """The LALR parser of this notation's grammar (for ``start``)."""
        return load_parser(self.grammar, start)

    @property
    def regex(self) -> re.Pattern[str]:
        """The fast-path regex, compiled once from the grammar's ``position`` rule."""
        if self._regex is None:
            # A parser restored from Lark's disk cache has no ``.grammar`` for compile_regex to
            # read, so the regex is built from an uncached load (once per process).
            uncached = load_parser(self.grammar, "start", cache=False)
            source = compile_regex(uncached, "position", groups=self.field_names)
            self._regex = re.compile(source)
        return self._regex

    def read(
        self,
        text: str,
        *,
        lenient: bool = False,
        fast: bool = True,
        max_input: int | None = MAX_INPUT,
        grammar: str | os.PathLike[str] | None = None,
    ) -> tuple[Any, list[Diagnostic]]:
        """Parse and validate ``text``; return the position and the fixes/normalizations applied.

        Raises ``ParseError`` (syntax), ``ValidationError`` / ``CanonicalFormError`` (rules the
        grammar cannot say) or ``LimitError`` (``max_input``; ``None`` disables the cap).
        ``fast=False`` skips the regex and always uses the LALR parser (for agreement tests).
        ``grammar``: the path of a user extension grammar (see :meth:`read_extended`).
        """
        if grammar is not None:
            _canonical, position, fixes = self.read_extended(
                text, grammar, lenient=lenient, max_input=max_input
            )
            return position, fixes
        self._check_input(text, max_input)
        match = self.regex.fullmatch(text) if fast else None
        groups = match.groups() if match is not None else self._lalr_groups(text)
        return self._build(text, groups, _truthy(lenient))

    def canonical(
        self,
        text: str,
        *,
        lenient: bool = False,
        max_input: int | None = MAX_INPUT,
        grammar: str | os.PathLike[str] | None = None,
    ) -> tuple[str, list[Diagnostic]]:
        """The canonical text of ``text`` and the fixes applied; raises a ``NotationError``.

        With ``grammar`` the user's syntax is kept and the known fields are rewritten in place.
        """
        if grammar is not None:
            canonical, _position, fixes = self.read_extended(
                text, grammar, lenient=lenient, max_input=max_input
            )
            return canonical, fixes
        position, fixes = self.read(text, lenient=lenient, max_input=max_input)
        return str(position), fixes

    def _check_input(self, text: str, max_input: int | None) -> None:
        if not isinstance(text, str):
            raise TypeError(f"{self.label} text must be a str, not {type(text).__name__}")
        if max_input is not None and len(text) > max_input:
            check_size(text, max_input, what=f"{self.label} text")

    # ------------------------------------------------------------------ user extension grammars

    def read_extended(
        self,
        text: str,
        grammar: str | os.PathLike[str],
        *,
        lenient: bool = False,
        max_input: int | None = MAX_INPUT,
    ) -> tuple[str, Any, list[Diagnostic]]:
        """Read ``text`` with a user grammar that ``%import``s and extends this notation's grammar.

        Returns the canonical text, the position and the fixes applied. The canonical text is
        ``text`` with each known field (in the shipped syntax) replaced by its canonical spelling:
        the user's own syntax is kept as written. Fields are found by rule name (``placement``,
        ``castling`` ...); a known field in a syntax the toolkit does not read becomes an extension
        node (castling rook-file letters, X-FEN/Shredder-FEN, are also mapped to KQkq rights). A
        broken grammar raises ``GrammarError`` (NTK004); text it refuses, ``ParseError`` (FEN103).
        """
        self._check_input(text, max_input)
        parser = load_parser(grammar)
        label = Path(os.fspath(grammar)).name
        tree = parse_text(parser, text, code="FEN103", hint=_grammar_hint(text, label))
        position_tree, outside = _find_position(tree)
        if position_tree is None:
            raise GrammarError.single(
                "NTK004",
                f"the grammar {label} did not produce a 'position' rule, so the {self.label} fields "
                "cannot be found",
                hint=f"%import the {self.grammar} rules and keep the rule name 'position' "
                "(%override or %extend it)",
            )
        fields: dict[str, tuple[str, int, Tree[Any]]] = {}
        nodes = [generic_node(t) for t in outside]
        for child in position_tree.children:
            if not isinstance(child, Tree):
                continue
            name = base_name(str(child.data))
            if name in self.field_names and name not in fields and not child.meta.empty:
                start, end = child.meta.start_pos, child.meta.end_pos
                fields[name] = (text[start:end], start, child)
            else:
                nodes.append(generic_node(child))
        groups: list[str | None] = []
        raw: dict[str, tuple[str, int]] = {}
        for name in self.field_names:
            item = fields.get(name)
            if item is not None and self.field_regex(name).fullmatch(item[0]):
                groups.append(item[0])
                continue
            groups.append(None)
            if item is not None:
                raw[name] = (item[0], item[1])
                nodes.append(generic_node(item[2]))
        for name in ("placement", "side"):
            if name in raw:
                value, at = raw[name]
                raise ValidationError.single(
                    "FEN104",
                    f"the {self.field_words[name]} '{value}' is not {self.label} syntax; the grammar "
                    f"{label} changes a field that a {self.label} position cannot hold",
                    span=Span.from_offsets(text, at, at + len(value)),
                    text=text,
                    hint="an extension grammar may add fields and change the castling, en-passant and "
                    "clock fields; the board (8x8, PNBRQK) and the side to move keep the FEN syntax",
                    field=name,
                )
            if name not in fields:
                raise GrammarError.single(
                    "NTK004",
                    f"the grammar {label} has no rule '{name}' inside 'position', so the "
                    f"{self.field_words[name]} cannot be found",
                    hint=f"keep the {self.grammar} rule '{name}' (import it by name)",
                )
        nodes.sort(key=lambda n: n.span.offset if n.span is not None else len(text))
        offsets = tuple(fields[n][1] if n in fields else len(text) for n in self.field_names)
        position, fixes = self._build(
            text, tuple(groups), _truthy(lenient), offsets, _Extended(raw, tuple(nodes))
        )
        canonical = text
        spelled = self.field_texts(position)
        for name, group in reversed(list(zip(self.field_names, groups, strict=True))):
            if group is not None:
                at = fields[name][1]
                canonical = canonical[:at] + spelled[name] + canonical[at + len(group) :]
        return canonical, position, fixes

    def field_regex(self, name: str) -> re.Pattern[str]:
        """The language of field ``name`` in the shipped grammar (compiled once)."""
        pattern = self._field_regexes.get(name)
        if pattern is None:
            uncached = load_parser(self.grammar, "start", cache=False)
            pattern = re.compile(compile_regex(uncached, name))
            self._field_regexes[name] = pattern
        return pattern

    def field_texts(self, position: Any) -> dict[str, str]:
        """The canonical text of each field of ``position``."""
        return {
            "placement": str(position.board),
            "side": str(position.side),
            "castling": str(position.castling_rights),
            "en_passant": str(self._ep_node(position)),
            "halfmove": str(position.halfmove),
            "fullmove": str(position.fullmove),
        }

    def _ep_node(self, position: Any) -> Any:
        return position.en_passant_target

    def _no_en_passant(self, span: Span | None) -> Any:
        """Field 4 when an extension grammar leaves it out or writes it in its own syntax."""
        return EnPassantSquare(None, span)

    def _castling_files(self, text: str, offset: int, board: Board, found: _Findings) -> CastlingRights:
        """Castling in X-FEN / Shredder-FEN style: rook files map to KQkq where KQkq can say it.

        ``K``/``Q`` mean the outermost rook on that side of the king; a file letter naming that
        rook is the same right. A file letter naming an inner rook (Chess960) has no KQkq spelling:
        it stays only in the extension node, with an INFO note.
        """
        span = _span(offset, len(text))
        if not _FILE_CASTLING.fullmatch(text) or found.errors:
            return CastlingRights(frozenset(), span)
        squares = board.squares
        rights: set[str] = set()
        for i, ch in enumerate(text):
            if ch in "KQkq":
                rights.add(ch)
                continue
            white = ch.isupper()
            colour, rank = ("White", 1) if white else ("Black", 8)
            king, rook = ("K", "R") if white else ("k", "r")
            row = squares[(rank - 1) * 8 : rank * 8]
            file = ord(ch.lower()) - ord("a")
            where = _span(offset + i, 1)
            square = f"{ch.lower()}{rank}"
            if king not in row:
                found.error(
                    "FEN132",
                    f"castling letter '{ch}' names {colour}'s rook on {square}, but {colour}'s king is "
                    f"not on rank {rank}",
                    where,
                    "castling",
                    hint=f"remove '{ch}': a king that has left rank {rank} cannot castle",
                )
                continue
            if row[file] != rook:
                found.error(
                    "FEN132",
                    f"castling letter '{ch}' names {colour}'s rook on {square}, but there is no "
                    f"{colour} rook there",
                    where,
                    "castling",
                    hint="a rook-file letter names the file of a rook that can still castle",
                )
                continue
            king_file = row.index(king)
            outer = range(file + 1, 8) if file > king_file else range(0, file)
            if any(row[f] == rook for f in outer):
                found.notes.append(
                    Diagnostic(
                        "FEN133",
                        f"castling letter '{ch}' names an inner rook ({square}); KQkq cannot say which "
                        "rook, so the right is kept only in the extension node",
                        where,
                        Severity.INFO,
                        "read Position.extensions for rook-file castling rights",
                        None,
                        "castling",
                    )
                )
                continue
            side = "K" if file > king_file else "Q"
            rights.add(side if white else side.lower())
        return CastlingRights(frozenset(rights), span)

    # ------------------------------------------------------------------ LALR path

    def _lalr_groups(self, text: str) -> tuple[str | None, ...]:
        parser = self.lalr()
        try:
            tree = parser.parse(text)
        except LarkError as exc:
            raise self._diagnose(text, exc) from None
        except RecursionError:  # pragma: no cover - the grammar is iterative
            raise LimitError.single("NTK002", "the input cannot be parsed (too deep)", text=text) from None
        found: dict[str, str] = {}
        position = tree.children[0]
        assert isinstance(position, Tree)
        for child in position.children:
            if isinstance(child, Tree) and str(child.data) in self.field_names:
                found[str(child.data)] = text[child.meta.start_pos : child.meta.end_pos]
        return tuple(found.get(name) for name in self.field_names)

    def _diagnose(self, text: str, exc: LarkError) -> NotationError:
        """Explain why ``text`` is not accepted: bad characters, separators, field count, fields."""
        for i, ch in enumerate(text):
            if not " " <= ch <= "~":
                return ParseError(
                    [
                        Diagnostic(
                            "FEN100",
                            f"{describe_char(ch)} is not allowed in {self.label}",
                            Span.from_offsets(text, i, i + 1),
                            Severity.ERROR,
                            lookalike_hint(ch) or f"{self.label} is plain ASCII text",
                        )
                    ],
                    text,
                )
        if not text:
            return ParseError.single(
                self.field_count_code,
                f"the {self.label} text is empty",
                span=_span(0, 0),
                text=text,
                hint=self._count_hint(),
            )
        parts = text.split(" ")
        if "" in parts:
            offset = 0
            for part in parts:
                if not part:
                    break
                offset += len(part) + 1
            what = (
                "a leading space"
                if offset == 0
                else "a trailing space"
                if offset >= len(text)
                else "two spaces in a row"
            )
            tidy = " ".join(p for p in parts if p)
            return ParseError(
                [
                    Diagnostic(
                        "FEN102",
                        f"{what}: fields are separated by exactly one space",
                        _span(min(offset, len(text) - 1), 1),
                        Severity.ERROR,
                        "remove the extra space",
                        Fix("remove the extra spaces", tidy),
                    )
                ],
                text,
            )
        diagnostics: list[Diagnostic] = []
        if not self.min_fields <= len(parts) <= self.max_fields:
            diagnostics.append(self._count_diagnostic(text, parts))
        offset = 0
        for name, part in zip(self.field_names, parts, strict=False):
            found = self._field_syntax(name, part, offset)
            if found is not None:
                diagnostics.append(found)
            offset += len(part) + 1
        if diagnostics:
            return ParseError(diagnostics, text)
        return translate_lark_error(exc, text, parser=self.lalr(), code="FEN100")  # pragma: no cover

    def _count_hint(self) -> str:
        names = ", ".join(self.field_words[n] for n in self.field_names)
        return f"write the fields {names}, separated by one space"

    def _count_diagnostic(self, text: str, parts: list[str]) -> Diagnostic:
        n = len(parts)
        wanted = (
            f"exactly {self.max_fields}"
            if self.min_fields == self.max_fields
            else f"{self.min_fields} to {self.max_fields}"
        )
        if n > self.max_fields:
            start = sum(len(p) + 1 for p in parts[: self.max_fields])
            span = _span(start, len(text) - start)
            extra = n - self.max_fields
            message = f"{self.label} has {wanted} fields; this text has {n} ({extra} too many)"
            last = self.field_words[self.field_names[-1]]
            hint = f"remove the field{'s' if extra > 1 else ''} after the {last}"
            fix = Fix("remove the extra fields", " ".join(parts[: self.max_fields]))
        else:
            span = _span(len(text), 0)
            missing = ", ".join(self.field_words[f] for f in self.field_names[n : self.min_fields])
            message = f"{self.label} has {wanted} fields; this text has {n} (missing: {missing})"
            hint = self._count_hint()
            fix = None
            if n >= 4 and self.min_fields == 6:
                fix = Fix("add the default clocks", text + (" 0 1" if n == 4 else " 1"))
        return Diagnostic(self.field_count_code, message, span, Severity.ERROR, hint, fix)

    def _field_syntax(self, name: str, part: str, offset: int) -> Diagnostic | None:
        early = self._precheck(name, part, offset)
        if early is not None:
            return early
        parser = self.lalr(name)
        try:
            parser.parse(part)
        except LarkError as exc:
            translated = translate_lark_error(
                exc,
                part,
                parser=parser,
                code=self.syntax_codes[name],
                field=name,
                hint=self.field_hints[name],
            )
            d = translated.diagnostics[0]
            message = (
                d.message.replace(" at the start of the input", "")
                .replace("the end of the input", "the end of the field")
                .replace("<end-of-file>", "the end of the field")
                .replace("unexpected the end of the field", "the field ends too early")
            )
            d = Diagnostic(
                d.code, f"{self.field_words[name]}: {message}", d.span, d.severity, d.hint, d.fix, name
            )
            return d.shifted(offset, 0, offset)
        return None

    def _precheck(self, name: str, part: str, offset: int) -> Diagnostic | None:
        """Field checks that give a better message than the grammar's (hook for extensions)."""
        if name == "placement" and "" in part.split("/"):
            at = 0 if part.startswith("/") else part.find("//") + 1 if "//" in part else len(part) - 1
            return Diagnostic(
                "FEN110",
                "piece placement: a rank is empty; ranks are separated by one '/' "
                "and each describes 8 squares",
                _span(offset + at, 1),
                Severity.ERROR,
                "remove the extra '/' (an empty rank is written 8)",
                None,
                name,
            )
        if name == "en_passant" and len(part) > 2 and _SQUARES_RUN.fullmatch(part):
            return Diagnostic(
                "FEN140",
                f"standard FEN has at most one en-passant square; '{part}' lists {len(part) // 2}",
                _span(offset, len(part)),
                Severity.ERROR,
                "keep the square of the pawn that has just moved (several targets are DFEN, Dice Chess FEN)",
                None,
                name,
            )
        return None

    # ------------------------------------------------------------------ semantic checks

    def _build(
        self,
        text: str,
        groups: tuple[str | None, ...],
        lenient: bool,
        offsets: tuple[int, ...] | None = None,
        extended: _Extended | None = None,
    ) -> tuple[Any, list[Diagnostic]]:
        """Semantic checks and the AST. ``offsets``/``extended`` come from a user grammar's tree;
        without them the fields are the single-space-separated groups of the shipped syntax."""
        found = _Findings(lenient)
        if offsets is None:
            at = 0
            starts = []
            for group in groups:
                starts.append(at)
                if group is not None:
                    at += len(group) + 1
            offsets = tuple(starts)
        raw = extended.raw if extended is not None else {}
        placement, side, castling, ep = groups[0], groups[1], groups[2], groups[3]
        assert placement is not None and side is not None
        board = self._board(placement, found, offsets[0])
        side_node = Side(side, _span(offsets[1], 1))
        if castling is not None:
            rights = self._castling(castling, offsets[2], found)
        elif "castling" in raw:
            rights = self._castling_files(*raw["castling"], board, found)
        else:
            rights = CastlingRights(frozenset())
        if ep is not None:
            ep_node = self._en_passant(ep, offsets[3], side, found)
        else:
            ep_raw = raw.get("en_passant")
            ep_node = self._no_en_passant(None if ep_raw is None else _span(ep_raw[1], len(ep_raw[0])))
        clocks: list[tuple[int, Span | None]] = []
        for index, name, default in ((4, "halfmove", 0), (5, "fullmove", 1)):
            digits = groups[index] if len(groups) > index else None
            if digits is None:
                other = raw.get(name)
                clocks.append((default, None if other is None else _span(other[1], len(other[0]))))
                continue
            at = offsets[index]
            clocks.append((self._number(digits, at, name, default, found), _span(at, len(digits))))
        halfmove = HalfmoveClock(*clocks[0])
        fullmove = FullmoveNumber(*clocks[1])
        position = self._make(
            text, groups, offsets, board, side_node, rights, ep_node, halfmove, fullmove, found, extended
        )
        if found.errors or (found.fixes and not lenient):
            problems = sorted(found.errors + found.fixes, key=lambda d: d.span.offset if d.span else 0)
            cls = ValidationError if found.errors else CanonicalFormError
            raise cls(problems, text)
        return position, found.fixes + found.notes

    def _make(
        self,
        text: str,
        groups: tuple[str | None, ...],
        offsets: tuple[int, ...],
        board: Board,
        side: Side,
        castling: CastlingRights,
        ep: Any,
        halfmove: HalfmoveClock,
        fullmove: FullmoveNumber,
        found: _Findings,
        extended: _Extended | None,
    ) -> Any:
        nodes = extended.nodes if extended is not None else ()
        return FenPosition(board, side, castling, ep, halfmove, fullmove, _span(0, len(text)), nodes)

    def _board(self, placement: str, found: _Findings, base: int = 0) -> Board:
        rows = placement.split("/")
        span = _span(base, len(placement))
        if len(rows) != 8:
            found.error(
                "FEN111",
                f"the placement has {len(rows)} rank{'s' if len(rows) != 1 else ''}; it needs exactly 8 "
                "(ranks 8 to 1 separated by '/')",
                span,
                "placement",
                hint="a position lists 8 ranks separated by 7 slashes",
            )
            return Board(placement, span)
        canonical: list[str] | None = None
        offset = base
        for i, row in enumerate(rows):
            width, merged = _rank_info(row)
            if width != 8:
                found.error(
                    "FEN112",
                    f"rank {8 - i} ('{row}') has {width} squares; every rank needs exactly 8",
                    _span(offset, len(row)),
                    "placement",
                    hint=f"{'remove' if width > 8 else 'add'} {_squares(abs(width - 8))}",
                )
            elif merged is not None:
                found.fix(
                    "FEN113",
                    f"rank {8 - i} ('{row}') has adjacent empty-square counts; write '{merged}'",
                    _span(offset, len(row)),
                    "placement",
                    merged,
                    f"merge the counts into '{merged}'",
                )
                if canonical is None:
                    canonical = rows[:]
                canonical[i] = merged
            offset += len(row) + 1
        return Board("/".join(canonical) if canonical is not None else placement, span)

    def _castling(self, text: str, offset: int, found: _Findings) -> CastlingRights:
        span = _span(offset, len(text))
        if text == "-":
            return CastlingRights(frozenset(), span)
        rights = _CASTLING.get(text)
        if rights is None:
            rights = frozenset(text)
            canonical = castling_text(rights)
            why = "repeat a letter" if len(rights) < len(text) else "are not in the order KQkq"
            found.fix(
                "FEN131",
                f"castling rights '{text}' {why}; write '{canonical}'",
                span,
                "castling",
                canonical,
                f"write '{canonical}'",
            )
        return CastlingRights(rights, span)

    def _en_passant(self, text: str, offset: int, side: str, found: _Findings) -> Any:
        span = _span(offset, len(text))
        if text == "-":
            return EnPassantSquare(None, span)
        rank = text[1]
        if rank not in "36":
            found.error(
                "FEN141",
                f"{text} cannot be an en-passant square: the square a pawn skips is on rank 3 or 6",
                span,
                "en_passant",
                hint="write '-' if no pawn has just made a double step",
            )
        elif (rank == "6") != (side == "w"):
            mover, other = ("White", "Black") if side == "w" else ("Black", "White")
            wanted = "6" if side == "w" else "3"
            found.error(
                "FEN142",
                f"{text} is on rank {rank}, but {mover} is to move: the en-passant square then belongs to a "
                f"{other} pawn and is on rank {wanted}",
                span,
                "en_passant",
                hint=f"use a rank-{wanted} square, '-', or check the side to move",
            )
        return EnPassantSquare(SQUARE_INDEX[text], span)

    def _number(self, text: str, offset: int, field: str, minimum: int, found: _Findings) -> int:
        span = _span(offset, len(text))
        if len(text) > MAX_DIGITS:
            found.error(
                "FEN152",
                f"the {self.field_words[field]} has {len(text):,} digits; at most {MAX_DIGITS} are accepted",
                span,
                field,
                hint="use a realistic number",
            )
            return minimum
        value = int(text)
        if len(text) > 1 and text[0] == "0":
            found.fix(
                "FEN151",
                f"the {self.field_words[field]} '{text}' has leading zeros; write '{value}'",
                span,
                field,
                str(value),
                f"write '{value}'",
            )
        if value < minimum:
            found.error(
                "FEN161",
                f"the full-move number is {value}; it starts at 1",
                span,
                field,
                hint="write 1 for the first move",
            )
        return value


def check_text(read: Callable[[], Any], warn: Callable[[Any], list[Diagnostic]]) -> list[Diagnostic]:
    """Every diagnostic of a read: its errors, or the warnings of the position it gives."""
    try:
        position = read()
    except NotationError as exc:
        return list(exc.diagnostics)
    return warn(position)


def sanity_warnings(board: Board, label: str, *, final_ok: bool = False) -> list[Diagnostic]:
    """Warnings about positions that cannot arise in a game: FEN180-FEN182 (rule F5 for DFEN).

    ``final_ok``: a missing king is explained as the final position of a Dice Chess game (R17).
    """
    placement = board.placement
    base = board.span.offset if board.span is not None else 0
    out: list[Diagnostic] = []
    rows = placement.split("/")
    offset = base
    for i, row in enumerate(rows):
        if (i == 0 or i == 7) and ("P" in row or "p" in row):
            out.append(
                Diagnostic(
                    "FEN180",
                    f"a pawn stands on rank {8 - i}; pawns never stand on rank 1 or 8",
                    _span(offset, len(row)),
                    Severity.WARNING,
                    "a pawn reaching the last rank promotes",
                    None,
                    "placement",
                )
            )
        offset += len(row) + 1
    for letter, colour in (("K", "White"), ("k", "Black")):
        count = placement.count(letter)
        if count > 1:
            second = placement.index(letter, placement.index(letter) + 1)
            out.append(
                Diagnostic(
                    "FEN181",
                    f"{colour} has {count} kings; each side has exactly one",
                    _span(base + second, 1),
                    Severity.WARNING,
                    "remove the extra king",
                    None,
                    "placement",
                )
            )
        elif count == 0:
            why = (
                f"; in {label} this is legal only as the final position, "
                f"after {colour}'s king was captured (R17)"
                if final_ok
                else ""
            )
            out.append(
                Diagnostic(
                    "FEN182",
                    f"{colour} has no king{why}",
                    _span(base, len(placement)),
                    Severity.WARNING,
                    None,
                    None,
                    "placement",
                )
            )
    return out


def _find_position(tree: Tree[Any]) -> tuple[Tree[Any] | None, list[Tree[Any]]]:
    """The ``position`` subtree of a user grammar's tree, and the subtrees beside its ancestors."""
    if base_name(str(tree.data)) == "position":
        return tree, []
    for i, child in enumerate(tree.children):
        if isinstance(child, Tree):
            found, beside = _find_position(child)
            if found is not None:
                others = [c for j, c in enumerate(tree.children) if j != i and isinstance(c, Tree)]
                return found, others + beside
    return None, []


def _grammar_hint(text: str, label: str) -> Callable[[UnexpectedInput], str | None]:
    def hint(exc: UnexpectedInput) -> str:
        if isinstance(exc, UnexpectedCharacters):
            pos = exc.pos_in_stream or 0
            if 0 <= pos < len(text):
                lookalike = lookalike_hint(text[pos])
                if lookalike is not None:
                    return lookalike
        return f"the text must follow the grammar {label} (your extension)"

    return hint
