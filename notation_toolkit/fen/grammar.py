"""FEN's grammar: the LALR parsers of ``grammars/fen.lark``, the regex fast path derived from it,
and the loading of a user's extension grammar.

The fast path: ``core.regular.compile_regex`` turns the grammar's ``position`` rule into one
regular expression with a named group per field. A ``fullmatch`` accepts well-formed text in
about a microsecond; only text it refuses goes to the LALR parser (to be explained).

DFEN describes its own syntax with the same :class:`Syntax` record (``dfen/grammar.py``): the
field names and codes of a notation whose grammar extends ``fen.lark``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from notation_toolkit.core import cache
from notation_toolkit.core.grammar import grammar_regexes, grammar_sources, load_parser
from notation_toolkit.fen.codes import MAX_INPUT

__all__ = ["FIELDS", "FIELD_HINTS", "FIELD_WORDS", "MAX_INPUT", "SYNTAX", "Syntax", "extension_parser"]

if TYPE_CHECKING:
    from lark import Lark


FIELD_WORDS: dict[str, str] = {
    "placement": "piece placement",
    "side": "side to move",
    "castling": "castling field",
    "en_passant": "en-passant field",
    "halfmove": "half-move clock",
    "fullmove": "full-move number",
    "dice": "dice pool",
}

FIELD_HINTS: dict[str, str] = {
    "placement": "write ranks 8 to 1 with piece letters and counts 1-8, separated by '/'",
    "side": "write 'w' (White to move) or 'b' (Black to move)",
    "castling": "write '-' or castling letters in the order KQkq",
    "en_passant": "write '-' or one square such as e3 or d6",
    "halfmove": "write a whole number >= 0, for example 0",
    "fullmove": "write a whole number >= 1, for example 1",
    "dice": "write '-' or up to three dice letters from PNBRQK",
}


@dataclass(eq=False)
class Syntax:
    """The syntax of a FEN-like notation: its grammar, fields, and the codes of syntax errors.

    ``syntax_codes`` maps each field to the code of a syntax error in it; ``field_count_code`` is
    the code of a wrong number of fields. The compiled regexes are built once, on first use.
    """

    grammar: str
    label: str
    field_names: tuple[str, ...]
    min_fields: int
    field_count_code: str
    syntax_codes: dict[str, str]
    field_hints: dict[str, str]
    field_words: dict[str, str] = field(default_factory=lambda: dict(FIELD_WORDS))
    _regex: re.Pattern[str] | None = field(default=None, repr=False)
    _field_regexes: dict[str, re.Pattern[str]] = field(default_factory=dict, repr=False)

    @property
    def max_fields(self) -> int:
        """Largest number of fields accepted."""
        return len(self.field_names)

    def lalr(self, start: str = "start") -> Lark:
        """The (cached) LALR parser of the grammar for ``start``."""
        return load_parser(self.grammar, start)

    @property
    def regex(self) -> re.Pattern[str]:
        """The fast-path regex, compiled once from the grammar's ``position`` rule.

        Its source is cached on disk under the content of the grammar and of the grammars it
        imports (``core.cache``), so a process that reads only valid text never builds the
        grammar nor imports Lark; an edited grammar gets a new key, never a stale regex.
        """
        if self._regex is None:
            key = cache.fingerprint(grammar_sources(self.grammar), "position-groups", *self.field_names)
            source = cache.read_value("regex", key)
            if not isinstance(source, str):
                source = self._build_regex()
                cache.write_value("regex", key, source)
            self._regex = re.compile(source)
        return self._regex

    def _build_regex(self) -> str:
        from notation_toolkit.core.regular import compile_regex

        # A parser restored from Lark's disk cache has no ``.grammar`` for compile_regex to read,
        # so the regex is built from an uncached load.
        uncached = load_parser(self.grammar, "start", cache=False)
        return compile_regex(uncached, "position", groups=self.field_names)

    def field_regex(self, name: str) -> re.Pattern[str]:
        """The language of field ``name`` in the shipped grammar (compiled once)."""
        pattern = self._field_regexes.get(name)
        if pattern is None:
            # Disk-cached with the grammar's content (core.grammar.grammar_regexes).
            pattern = re.compile(grammar_regexes(self.grammar, self.field_names)[name])
            self._field_regexes[name] = pattern
        return pattern

    def count_hint(self) -> str:
        """The hint for a wrong number of fields: every field, in order."""
        names = ", ".join(self.field_words[n] for n in self.field_names)
        return f"write the fields {names}, separated by one space"


FIELDS: tuple[str, ...] = ("placement", "side", "castling", "en_passant", "halfmove", "fullmove")

SYNTAX = Syntax(
    grammar="fen",
    label="FEN",
    field_names=FIELDS,
    min_fields=6,
    field_count_code="FEN101",
    syntax_codes={
        "placement": "FEN110",
        "side": "FEN120",
        "castling": "FEN130",
        "en_passant": "FEN140",
        "halfmove": "FEN150",
        "fullmove": "FEN160",
    },
    field_hints=FIELD_HINTS,
)


def extension_parser(grammar: str | os.PathLike[str]) -> tuple[Lark, str]:
    """The LALR parser of a user's extension grammar and the file name to cite in messages.

    A broken grammar raises ``GrammarError`` (NTK004).
    """
    return load_parser(grammar), os.path.basename(os.fspath(grammar))
