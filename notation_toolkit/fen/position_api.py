"""The public functions of a FEN-like notation (FEN, DFEN), made once over the notation's reader.

``parse``, ``canonicalize``, ``format_text``, ``check`` and ``is_valid`` do the same thing in
every FEN-like notation: they differ only in the reader (``parser.READER``), the warnings, and the
notation's name in their docstrings. ``position_api`` makes them as plain module-level functions
of the calling ``api`` module (its ``__module__``, their own names and docstrings), so ``help()``
and the package's lazy re-exports see what a hand-written function would show.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.fen.grammar import MAX_INPUT
from notation_toolkit.fen.parser import PositionReader, check_text

P = TypeVar("P")
R_co = TypeVar("R_co", covariant=True)

GrammarPath = str | os.PathLike[str] | None


class ReadFunction(Protocol[R_co]):
    """``parse``, ``format_text`` and ``check``: a read of ``text`` with the reading options."""

    def __call__(
        self, text: str, *, lenient: bool = ..., max_input: int | None = ..., grammar: GrammarPath = ...
    ) -> R_co: ...


class CanonicalizeFunction(Protocol):
    """``canonicalize``: always lenient, so no ``lenient`` option."""

    def __call__(
        self, text: str, *, max_input: int | None = ..., grammar: GrammarPath = ...
    ) -> tuple[str, list[Diagnostic]]: ...


class IsValidFunction(Protocol):
    """``is_valid``: the shipped grammar and the default size cap only."""

    def __call__(self, text: str, *, lenient: bool = ...) -> bool: ...


@dataclass(frozen=True, slots=True)
class PositionApi(Generic[P]):
    """The public functions of one FEN-like notation (see ``position_api``)."""

    parse: ReadFunction[P]
    canonicalize: CanonicalizeFunction
    format_text: ReadFunction[str]
    check: ReadFunction[list[Diagnostic]]
    is_valid: IsValidFunction


# The docstrings of the functions but ``parse`` (whose text is each notation's own), indented as
# a module-level function's docstring is, so that ``__doc__`` reads as a hand-written one would.
_DOCS = {
    "canonicalize": (
        "Lenient parse, then the canonical {label} and the fixes applied (INFO diagnostics with a ``Fix``)."
        """

    With ``grammar`` (an extension grammar) the text keeps its own syntax: each known field is
    replaced in place by its canonical spelling.
    """
    ),
    "format_text": (
        "The canonical {label} of ``text`` (strict unless ``lenient``); raises a ``NotationError``."
        """

    Deprecated for standard text: use ``dumps(parse(text))`` (``dumps`` is the one name for "AST
    back to text" across notations), or ``canonicalize`` for a lenient read. It stays (without a
    warning) because with ``grammar`` it does what ``dumps`` cannot: the user's syntax is kept and
    only the known fields are rewritten canonically in place (the registry's ``format``).
    """
    ),
    "check": "Every diagnostic for ``text`` (errors, or warnings when valid); never raises for bad input.",
    "is_valid": "True if ``text`` parses (warnings do not count).",
}


def position_api(
    reader: PositionReader[P],
    warnings: Callable[[P], list[Diagnostic]],
    *,
    position_type: type[P],
    label: str,
    module: str,
    parse_doc: str,
) -> PositionApi[P]:
    """The public functions of the notation ``reader`` reads, as functions of ``module``.

    ``warnings``: the notation's warnings of a valid position (``check``); ``position_type``: the
    class ``parse`` returns (its return annotation); ``label``: the notation's name in the
    docstrings (``FEN``); ``parse_doc``: ``parse``'s docstring.
    """

    # The annotations are written out (not GrammarPath): inspect.signature shows what a hand-written
    # api module showed.
    def parse(
        text: str,
        *,
        lenient: bool = False,
        max_input: int | None = MAX_INPUT,
        grammar: str | os.PathLike[str] | None = None,
    ) -> P:
        position, _fixes = reader.read(text, lenient=lenient, max_input=max_input, grammar=grammar)
        return position

    def canonicalize(
        text: str, *, max_input: int | None = MAX_INPUT, grammar: str | os.PathLike[str] | None = None
    ) -> tuple[str, list[Diagnostic]]:
        return reader.canonical(text, lenient=True, max_input=max_input, grammar=grammar)

    def format_text(
        text: str,
        *,
        lenient: bool = False,
        max_input: int | None = MAX_INPUT,
        grammar: str | os.PathLike[str] | None = None,
    ) -> str:
        return reader.canonical(text, lenient=lenient, max_input=max_input, grammar=grammar)[0]

    def check(
        text: str,
        *,
        lenient: bool = False,
        max_input: int | None = MAX_INPUT,
        grammar: str | os.PathLike[str] | None = None,
    ) -> list[Diagnostic]:
        return check_text(
            lambda: parse(text, lenient=lenient, max_input=max_input, grammar=grammar), warnings
        )

    def is_valid(text: str, *, lenient: bool = False) -> bool:
        return not any(d.is_error for d in check_text(lambda: parse(text, lenient=lenient), lambda _p: []))

    docs = {name: doc.format(label=label) for name, doc in _DOCS.items()} | {"parse": parse_doc}
    functions: tuple[Any, ...] = (parse, canonicalize, format_text, check, is_valid)
    for function in functions:
        function.__doc__ = docs[function.__name__]
        function.__module__ = module
        function.__qualname__ = function.__name__
    # The type, not the TypeVar: typing.get_type_hints(fen.parse) gives FenPosition.
    parse.__annotations__["return"] = position_type
    return PositionApi(parse, canonicalize, format_text, check, is_valid)
