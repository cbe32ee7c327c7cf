"""The FEN pipeline: fast path -> LALR -> transform -> checks, and the syntax diagnostics.

How a text is read (:meth:`PositionReader.read`):

1. The grammar's regex (``fen.grammar``) ``fullmatch``\\ es well-formed text in about a microsecond
   and gives the fields as its groups.
2. Only when the regex refuses the text does the LALR parser run, and only to explain why: the
   text is split into fields, each field is parsed with its own start rule, and the Lark error is
   translated into a diagnostic with the field's code and a span in the whole text.
3. Either way the fields then go through ``validate.build`` (the checks the grammar cannot say)
   and become the AST.

A user's extension grammar (``grammar=``, a ``.lark`` file that ``%import``\\ s fen or dfen) has
no fast path: its LALR parser reads the text, the transformer finds the fields it knows by rule
name, and every other rule becomes a ``GenericNode`` in ``extensions``.

DFEN is read by the same pipeline with DFEN's parts (``dfen/parser.py``): its syntax, its
transformer, its builder, its pre-checks and its field texts.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from notation_toolkit.core.codes import NTK002, NTK004
from notation_toolkit.core.diagnostics import Diagnostic, Fix
from notation_toolkit.core.errors import GrammarError, LimitError, NotationError, ParseError, ValidationError
from notation_toolkit.core.grammar import (
    check_size,
    describe_char,
    lookalike_hint,
    parse_text,
    translate_lark_error,
)
from notation_toolkit.core.span import Span
from notation_toolkit.fen import format as fen_format
from notation_toolkit.fen.ast import FenPosition
from notation_toolkit.fen.codes import FEN100, FEN102, FEN104, FEN110, FEN140, info
from notation_toolkit.fen.grammar import MAX_INPUT, SYNTAX, Syntax, extension_parser
from notation_toolkit.fen.validate import Extension, build, span_at

if TYPE_CHECKING:
    # Lark and the transformers are imported where a tree is needed: text the fast path accepts
    # never needs them (start-up of every command).
    from lark.exceptions import LarkError, UnexpectedInput

    from notation_toolkit.fen.transform import FenTransformer

P = TypeVar("P")
P_co = TypeVar("P_co", covariant=True)

_SQUARES_RUN = re.compile(r"(?:[a-h][1-8])+")


class Build(Protocol[P_co]):
    """Fields -> position (``validate.build`` of FEN or DFEN)."""

    def __call__(
        self,
        text: str,
        groups: tuple[str | None, ...],
        lenient: bool,
        offsets: tuple[int, ...] | None = None,
        extension: Extension | None = None,
    ) -> tuple[P_co, list[Diagnostic]]: ...


def truthy(value: object) -> bool:
    """An option given as text (``--lenient true``) or as a Python value."""
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def precheck(name: str, part: str, offset: int) -> Diagnostic | None:
    """Field checks that give a better message than the grammar's (FEN's; DFEN adds its own)."""
    if name == "placement" and "" in part.split("/"):
        at = 0 if part.startswith("/") else part.find("//") + 1 if "//" in part else len(part) - 1
        return FEN110.diagnostic("empty_rank", span=span_at(offset + at, 1), field=name)
    if name == "en_passant" and len(part) > 2 and _SQUARES_RUN.fullmatch(part):
        return FEN140.diagnostic(
            "several", span=span_at(offset, len(part)), field=name, part=part, count=len(part) // 2
        )
    return None


@dataclass(frozen=True, eq=False)
class PositionReader(Generic[P]):
    """The reading pipeline of a FEN-like notation, assembled from the notation's own modules."""

    syntax: Syntax
    #: ``"module:Class"`` of the transformer, imported when a tree must be read.
    transformer_path: str
    build: Build[P]
    precheck: Callable[[str, str, int], Diagnostic | None]
    field_texts: Callable[[P], dict[str, str]]

    @property
    def regex(self) -> re.Pattern[str]:
        """The fast-path regex (from the grammar's ``position`` rule)."""
        return self.syntax.regex

    @property
    def field_names(self) -> tuple[str, ...]:
        """The fields, in order."""
        return self.syntax.field_names

    def read(
        self,
        text: str,
        *,
        lenient: bool = False,
        fast: bool = True,
        max_input: int | None = MAX_INPUT,
        grammar: str | os.PathLike[str] | None = None,
    ) -> tuple[P, list[Diagnostic]]:
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
        match = self.syntax.regex.fullmatch(text) if fast else None
        groups = match.groups() if match is not None else self._lalr_groups(text)
        return self.build(text, groups, truthy(lenient))

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
            raise TypeError(f"{self.syntax.label} text must be a str, not {type(text).__name__}")
        if max_input is not None and len(text) > max_input:
            check_size(text, max_input, what=f"{self.syntax.label} text")

    # ------------------------------------------------------------------ user extension grammars

    def read_extended(
        self,
        text: str,
        grammar: str | os.PathLike[str],
        *,
        lenient: bool = False,
        max_input: int | None = MAX_INPUT,
    ) -> tuple[str, P, list[Diagnostic]]:
        """Read ``text`` with a user grammar that ``%import``\\ s and extends this notation's grammar.

        Returns the canonical text, the position and the fixes applied. The canonical text is
        ``text`` with each known field (in the shipped syntax) replaced by its canonical spelling:
        the user's own syntax is kept as written. Fields are found by rule name (``placement``,
        ``castling`` ...); a known field in a syntax the toolkit does not read becomes an extension
        node (castling rook-file letters, X-FEN/Shredder-FEN, are also mapped to KQkq rights). A
        broken grammar raises ``GrammarError`` (NTK004); text it refuses, ``ParseError`` (FEN103).
        """
        syntax = self.syntax
        self._check_input(text, max_input)
        parser, label = extension_parser(grammar)
        tree = parse_text(parser, text, code="FEN103", hint=_grammar_hint(text, label))
        found, outside = self._read_tree(text, tree, "FEN103")
        if found is None:
            raise NTK004.error(
                GrammarError, "no_position", grammar=label, label=syntax.label, base=syntax.grammar
            )
        fields = found.fields
        nodes = [*outside, *found.nodes]
        groups: list[str | None] = []
        raw: dict[str, tuple[str, int]] = {}
        for name in syntax.field_names:
            item = fields.get(name)
            if item is not None and syntax.field_regex(name).fullmatch(item.text):
                groups.append(item.text)
                continue
            groups.append(None)
            if item is not None:
                raw[name] = (item.text, item.offset)
                nodes.append(item.node)
        for name in ("placement", "side"):
            if name in raw:
                value, at = raw[name]
                raise FEN104.error(
                    ValidationError,
                    text=text,
                    span=Span.from_offsets(text, at, at + len(value)),
                    field=name,
                    what=syntax.field_words[name],
                    value=value,
                    label=syntax.label,
                    grammar=label,
                )
            if name not in fields:
                raise NTK004.error(
                    GrammarError,
                    "no_field",
                    grammar=label,
                    rule=name,
                    what=syntax.field_words[name],
                    base=syntax.grammar,
                )
        nodes.sort(key=lambda n: n.span.offset if n.span is not None else len(text))
        offsets = tuple(fields[n].offset if n in fields else len(text) for n in syntax.field_names)
        position, fixes = self.build(
            text, tuple(groups), truthy(lenient), offsets, Extension(raw, tuple(nodes))
        )
        canonical = text
        spelled = self.field_texts(position)
        for name, group in reversed(list(zip(syntax.field_names, groups, strict=True))):
            if group is not None:
                at = fields[name].offset
                canonical = canonical[:at] + spelled[name] + canonical[at + len(group) :]
        return canonical, position, fixes

    # ------------------------------------------------------------------ LALR path and syntax errors

    def transformer(self, text: str) -> FenTransformer:
        """A transformer of this notation's trees, for ``text``."""
        module_name, _, name = self.transformer_path.partition(":")
        cls: type[FenTransformer] = getattr(importlib.import_module(module_name), name)
        return cls(text)

    def _read_tree(self, text: str, tree: Any, code: str) -> tuple[Any, list[Any]]:
        from notation_toolkit.fen.transform import read_tree

        return read_tree(self.transformer(text), tree, code=code)

    def _lalr_groups(self, text: str) -> tuple[str | None, ...]:
        from lark.exceptions import LarkError

        parser = self.syntax.lalr()
        try:
            tree = parser.parse(text)
        except LarkError as exc:
            raise self._diagnose(text, exc) from None
        except RecursionError:  # pragma: no cover - the grammar is iterative
            raise NTK002.error(LimitError, text=text) from None
        found, _outside = self._read_tree(text, tree, self.syntax.field_count_code)
        assert found is not None  # the shipped grammars have a position rule
        fields = found.fields
        return tuple(fields[name].text if name in fields else None for name in self.syntax.field_names)

    def _diagnose(self, text: str, exc: LarkError) -> NotationError:
        """Explain why ``text`` is not accepted: bad characters, separators, field count, fields."""
        syntax = self.syntax
        for i, ch in enumerate(text):
            if not " " <= ch <= "~":
                span = Span.from_offsets(text, i, i + 1)
                lookalike = lookalike_hint(ch)
                if lookalike is not None:
                    return FEN100.error(
                        ParseError,
                        text=text,
                        span=span,
                        hint=lookalike,
                        char=describe_char(ch),
                        label=syntax.label,
                    )
                return FEN100.error(
                    ParseError, text=text, span=span, char=describe_char(ch), label=syntax.label
                )
        if not text:
            return info(syntax.field_count_code).error(
                ParseError,
                "empty",
                text=text,
                span=span_at(0, 0),
                hint=syntax.count_hint(),
                label=syntax.label,
            )
        parts = text.split(" ")
        if "" in parts:
            offset = 0
            for part in parts:
                if not part:
                    break
                offset += len(part) + 1
            where = "leading" if offset == 0 else "trailing" if offset >= len(text) else "double"
            tidy = " ".join(p for p in parts if p)
            return FEN102.error(
                ParseError,
                where,
                text=text,
                span=span_at(min(offset, len(text) - 1), 1),
                fix=FEN102.fix(where, tidy),
            )
        diagnostics: list[Diagnostic] = []
        if not syntax.min_fields <= len(parts) <= syntax.max_fields:
            diagnostics.append(self._count_diagnostic(text, parts))
        offset = 0
        for name, part in zip(syntax.field_names, parts, strict=False):
            found = self._field_syntax(name, part, offset)
            if found is not None:
                diagnostics.append(found)
            offset += len(part) + 1
        if diagnostics:
            return ParseError(diagnostics, text)
        return translate_lark_error(exc, text, parser=syntax.lalr(), code="FEN100")  # pragma: no cover

    def _count_diagnostic(self, text: str, parts: list[str]) -> Diagnostic:
        syntax = self.syntax
        n = len(parts)
        wanted = (
            f"exactly {syntax.max_fields}"
            if syntax.min_fields == syntax.max_fields
            else f"{syntax.min_fields} to {syntax.max_fields}"
        )
        code = info(syntax.field_count_code)
        if n > syntax.max_fields:
            start = sum(len(p) + 1 for p in parts[: syntax.max_fields])
            return code.diagnostic(
                "too_many",
                span=span_at(start, len(text) - start),
                fix=self._count_fix("too_many", " ".join(parts[: syntax.max_fields])),
                label=syntax.label,
                wanted=wanted,
                count=n,
                extra=n - syntax.max_fields,
                last=syntax.field_words[syntax.field_names[-1]],
            )
        fix = None
        if n >= 4 and syntax.min_fields == 6:
            fix = self._count_fix("missing", text + (" 0 1" if n == 4 else " 1"))
        return code.diagnostic(
            "missing",
            span=span_at(len(text), 0),
            hint=syntax.count_hint(),
            fix=fix,
            label=syntax.label,
            wanted=wanted,
            count=n,
            missing=", ".join(syntax.field_words[f] for f in syntax.field_names[n : syntax.min_fields]),
        )

    def _count_fix(self, template: str, repaired: str) -> Fix | None:
        """The fix of a wrong field count, offered only when the repaired text is in the grammar's
        language: ``w - 0 1`` (the en-passant field left out) is not repaired by adding a clock."""
        if self.syntax.regex.fullmatch(repaired) is None:
            return None
        return info(self.syntax.field_count_code).fix(template, repaired)

    def _field_syntax(self, name: str, part: str, offset: int) -> Diagnostic | None:
        early = self.precheck(name, part, offset)
        if early is not None:
            return early
        from lark.exceptions import LarkError

        syntax = self.syntax
        parser = syntax.lalr(name)
        try:
            parser.parse(part)
        except LarkError as exc:
            translated = translate_lark_error(
                exc,
                part,
                parser=parser,
                code=syntax.syntax_codes[name],
                field=name,
                hint=syntax.field_hints[name],
            )
            d = translated.diagnostics[0]
            message = (
                d.message.replace(" at the start of the input", "")
                .replace("the end of the input", "the end of the field")
                .replace("<end-of-file>", "the end of the field")
                .replace("unexpected the end of the field", "the field ends too early")
            )
            d = info(d.code).diagnostic(
                "grammar", span=d.span, field=name, hint=d.hint, what=syntax.field_words[name], detail=message
            )
            return d.shifted(offset, 0, offset)
        return None


def check_text(read: Callable[[], Any], warn: Callable[[Any], list[Diagnostic]]) -> list[Diagnostic]:
    """Every diagnostic of a read: its errors, or the warnings of the position it gives."""
    try:
        position = read()
    except NotationError as exc:
        return list(exc.diagnostics)
    return warn(position)


def _grammar_hint(text: str, label: str) -> Callable[[UnexpectedInput], str | None]:
    from lark.exceptions import UnexpectedCharacters

    def hint(exc: UnexpectedInput) -> str:
        if isinstance(exc, UnexpectedCharacters):
            pos = exc.pos_in_stream or 0
            if 0 <= pos < len(text):
                lookalike = lookalike_hint(text[pos])
                if lookalike is not None:
                    return lookalike
        return f"the text must follow the grammar {label} (your extension)"

    return hint


#: The FEN reader: FEN's syntax, transformer, builder, pre-checks and field texts.
READER: PositionReader[FenPosition] = PositionReader(
    SYNTAX, "notation_toolkit.fen.transform:FenTransformer", build, precheck, fen_format.field_texts
)
