"""Parsing, validating and formatting FEEN (profiles ``feen`` and ``feen-legacy``).

The grammar files are the source of truth. Two paths use them:

* the fast path: one regular expression compiled *from the grammar* (``core.regular``) accepts or
  rejects the whole string, and the fields are tokenized with regexes built from the grammar's own
  terminals; the AST is then assembled cheaply (interned pieces, lazy squares);
* the LALR path (Lark), used when the fast path rejects, to produce the exact diagnostic, and for
  users' extension grammars (``grammar=``).

Both paths end in the same semantic checks (dimensional coherence, cardinality, style case,
canonical hands, limits). Tests assert that both paths agree.
"""

from __future__ import annotations

import itertools
import os
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import VisitError

import notation_toolkit.feen.codes  # noqa: F401  (registers the diagnostic codes)
from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.errors import (
    CanonicalFormError,
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
)
from notation_toolkit.core.regular import compile_regex
from notation_toolkit.core.span import Span
from notation_toolkit.core.tree import GenericNode
from notation_toolkit.feen.ast import (
    Hand,
    HandItem,
    Hands,
    Piece,
    Placement,
    Position,
    Side,
    Style,
    StyleTurn,
    piece,
    style,
)
from notation_toolkit.feen.limits import Limits, resolve_limits

FIELDS = ("placement", "hands", "style-turn")
_SYNTAX_CODES = ("FEEN101", "FEEN102", "FEEN103")


def _span(offset: int, length: int) -> Span:
    # FEEN is one line: the column is the offset plus one.
    return Span(offset, length, 1, offset + 1)


# ----------------------------------------------------------------------------------------------
# profiles: a grammar and everything compiled from it


@dataclass(frozen=True, slots=True)
class Profile:
    """A FEEN grammar with its compiled fast-path regexes.

    ``name`` is ``feen`` or ``feen-legacy`` (or the path of a user grammar); ``cardinality`` says
    whether pieces <= squares is checked (not in the legacy profile, 001 has no such rule).
    """

    name: str
    grammar: str
    parser: Lark
    full: re.Pattern[str] | None
    placement_re: re.Pattern[str] | None
    hands_re: re.Pattern[str] | None
    hand_re: re.Pattern[str] | None
    style_turn_re: re.Pattern[str] | None
    rank_tokens: re.Pattern[str] | None
    hand_items: re.Pattern[str] | None
    cardinality: bool
    legacy: bool


_profiles: dict[str, Profile] = {}
_profiles_lock = threading.Lock()


def _terminal(parser: Lark, name: str) -> str:
    for term in parser.terminals:
        if base_name(term.name) == name:
            return term.pattern.to_regexp()
    raise KeyError(name)


def get_profile(name: str = "feen", grammar: str | os.PathLike[str] | None = None) -> Profile:
    """The compiled profile ``feen`` / ``feen-legacy``, or one built from a user grammar file.

    A user grammar gets no fast path (its language may not be regular): it is parsed by LALR
    and the rules it adds appear in ``Position.extensions`` as ``GenericNode``.
    """
    key = f"{name}|{os.fspath(grammar) if grammar is not None else ''}"
    with _profiles_lock:
        found = _profiles.get(key)
    if found is not None:
        return found
    legacy = name == "feen-legacy"
    if grammar is None:
        grammar_name = "feen_legacy" if legacy else "feen"
        # Core issue: a parser restored from Lark's disk cache (load_parser's default) has no
        # ``.grammar`` for compile_regex to read, so the profile loads its grammar uncached.
        parser = load_parser(grammar_name, cache=False)
        epin = _terminal(parser, "EPIN")
        count = _terminal(parser, "COUNT")
        hand_count = _terminal(parser, "HAND_COUNT")
        profile = Profile(
            name=name,
            grammar=grammar_name,
            parser=parser,
            full=re.compile(compile_regex(parser, "feen")),
            placement_re=re.compile(compile_regex(parser, "placement")),
            hands_re=re.compile(compile_regex(parser, "hands")),
            hand_re=re.compile(compile_regex(parser, "hand")),
            style_turn_re=re.compile(compile_regex(parser, "style_turn")),
            rank_tokens=re.compile(f"({count})|({epin})"),
            hand_items=re.compile(f"({hand_count})?({epin})"),
            cardinality=not legacy,
            legacy=legacy,
        )
    else:
        parser = load_parser(grammar)
        profile = Profile(
            name=name,
            grammar=os.fspath(grammar),
            parser=parser,
            full=None,
            placement_re=None,
            hands_re=None,
            hand_re=None,
            style_turn_re=None,
            rank_tokens=None,
            hand_items=None,
            cardinality=not legacy,
            legacy=legacy,
        )
    with _profiles_lock:
        _profiles[key] = profile
    return profile


def _field_parser(profile: Profile, start: str) -> Lark:
    if start == "feen":
        return profile.parser
    return load_parser(profile.grammar, start)


# ----------------------------------------------------------------------------------------------
# placement analysis shared by both paths

_SEP_SPLIT = re.compile(r"(/+)")
_DIGITS = re.compile(r"[0-9]+")
_ONES: dict[int, tuple[int, ...]] = {}


def _count_too_long(text: str, offset: int, digits: str, limits: Limits, field: str) -> LimitError:
    return LimitError(
        [
            Diagnostic(
                "FEEN305",
                f"this count has {len(digits):,} digits; the limit is {limits.max_count_digits}",
                _span(offset, len(digits)),
                Severity.ERROR,
                "counts this long are refused before they are read; raise max_count_digits "
                "in a custom Limits if you really need them",
                None,
                field,
            )
        ],
        text,
    )


def _make_placement(
    text: str, segments: Sequence[str], seps: tuple[int, ...], offset: int, field: str, limits: Limits
) -> Placement:
    """Build the placement of a validated field: n and the piece count straight from the text."""
    runs = _DIGITS.findall(field)
    digit_chars = sum(map(len, runs))
    longest = max(map(len, runs), default=0)
    if longest > limits.max_count_digits:
        for m in _DIGITS.finditer(field):
            if len(m.group()) > limits.max_count_digits:
                raise _count_too_long(text, offset + m.start(), m.group(), limits, "placement")
    # Every character of a valid field is a digit, a letter, a marker or a slash; lengths are
    # compared above before any int(), so a hostile digit run never reaches int().
    non_letters = (
        digit_chars
        + field.count("/")
        + field.count("+")
        + field.count("-")
        + field.count("^")
        + field.count("'")
    )
    pieces = len(field) - non_letters
    squares = pieces + sum(map(int, runs))
    return Placement(tuple(segments), seps, squares, pieces, _span(offset, len(field)), {})


def _split_placement(field: str) -> tuple[list[str], tuple[int, ...]]:
    if "//" not in field:
        segs = field.split("/")
        n = len(segs) - 1
        ones = _ONES.get(n)
        if ones is None:
            ones = (1,) * n
            if n < 1024:
                _ONES[n] = ones
        return segs, ones
    parts = _SEP_SPLIT.split(field)
    return parts[0::2], tuple(len(s) for s in parts[1::2])


# ----------------------------------------------------------------------------------------------
# the fast path


# hand text -> (pieces with multiplicity, canonical?, longest count in digits); a pure-function memo
_hand_cache: dict[str, tuple[int, bool, int]] = {}
_HAND_CACHE_MAX = 50_000
_GENERIC_HAND_ITEM = re.compile(r"([0-9]*)([-+]?[A-Za-z][\^']*)")


def _scan_hand(hand: str, profile: Profile) -> tuple[int, bool, int]:
    found = _hand_cache.get(hand)
    if found is not None:
        return found
    # A user grammar has no compiled tokenizer; its hands passed its own grammar already.
    items = profile.hand_items or _GENERIC_HAND_ITEM
    size = 0
    canonical = True
    longest = 0
    prev: tuple[int, tuple[str, int, int, int, int]] | None = None
    seen: set[str] = set()
    for count, token in items.findall(hand):
        if count:
            longest = max(longest, len(count))
            n = int(count) if len(count) <= 4000 else 0  # refused by the digit limit anyway
        else:
            n = 1
        key = (-n, piece(token).order)
        # Strictly increasing keys and distinct tokens: sorted and aggregated ("3P3Q2P" is sorted
        # by count yet holds P twice).
        if (prev is not None and not prev < key) or token in seen:
            canonical = False
        seen.add(token)
        prev = key
        size += n
    info = (size, canonical, longest)
    if len(_hand_cache) >= _HAND_CACHE_MAX:
        _hand_cache.clear()
    _hand_cache[hand] = info
    return info


def _make_hand(text: str, hand: str, offset: int, side: Side, profile: Profile, limits: Limits) -> Hand:
    if not hand:
        return Hand(side, "", 0, _span(offset, 0), [])
    size, _canonical, longest = _scan_hand(hand, profile)
    if longest > limits.max_count_digits:
        for m in _DIGITS.finditer(hand):
            if len(m.group()) > limits.max_count_digits:
                raise _count_too_long(text, offset + m.start(), m.group(), limits, "hands")
    return Hand(side, hand, size, _span(offset, len(hand)), [])


def _make_hands(text: str, field: str, offset: int, profile: Profile, limits: Limits) -> Hands:
    slash = field.index("/")
    return Hands(
        _make_hand(text, field[:slash], offset, Side.FIRST, profile, limits),
        _make_hand(text, field[slash + 1 :], offset + slash + 1, Side.SECOND, profile, limits),
        _span(offset, len(field)),
    )


def _make_style_turn(field: str, offset: int) -> StyleTurn:
    slash = field.index("/")
    return StyleTurn(style(field[:slash]), style(field[slash + 1 :]), _span(offset, len(field)))


def _fast_position(text: str, profile: Profile, limits: Limits) -> Position | None:
    assert profile.full is not None
    if profile.full.fullmatch(text) is None:
        return None
    # The full match guarantees exactly two single spaces and no other whitespace.
    placement_text, hands_text, style_text = text.split(" ")
    segs, seps = _split_placement(placement_text)
    placement = _make_placement(text, segs, seps, 0, placement_text, limits)
    h_off = len(placement_text) + 1
    hands = _make_hands(text, hands_text, h_off, profile, limits)
    style_turn = _make_style_turn(style_text, h_off + len(hands_text) + 1)
    return Position(placement, hands, style_turn, _span(0, len(text)))


# ----------------------------------------------------------------------------------------------
# the LALR path: one handler per grammar rule


@dataclass(frozen=True, slots=True)
class _Rank:
    text: str
    offset: int


class FeenTransformer(Transformer[Token, Any]):
    """Builds the FEEN AST from a Lark tree; one handler per rule of ``feen.lark``.

    Handlers are the ``rule_<name>`` methods; rules added by a user's extension grammar become
    ``GenericNode``s.
    """

    def __init__(self, text: str, profile: Profile, limits: Limits) -> None:
        super().__init__(visit_tokens=False)
        self._text = text
        self._profile = profile
        self._limits = limits

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        # Every rule comes here: rules imported by an extension grammar carry a namespace
        # (``feen__rank``), so handlers are found by the rule's base name.
        handler = getattr(self, "rule_" + base_name(str(data)), None)
        if handler is None:
            return GenericNode(str(data), tuple(children), Span.from_meta(meta))
        return handler(meta, children)

    def rule_start(self, meta: Any, children: list[Any]) -> Any:
        """``start: feen`` (or a single field when a field rule is the start)."""
        return children[0] if len(children) == 1 else GenericNode("start", tuple(children), None)

    def rule_feen(self, meta: Any, children: list[Any]) -> Position:
        """``feen: placement SP hands SP style_turn`` (extensions may add more)."""
        placement = next(c for c in children if isinstance(c, Placement))
        hands = next(c for c in children if isinstance(c, Hands))
        style_turn = next(c for c in children if isinstance(c, StyleTurn))
        extras = tuple(c for c in children if not isinstance(c, Placement | Hands | StyleTurn | Token))
        return Position(placement, hands, style_turn, Span(0, len(self._text), 1, 1), extras)

    def rule_placement(self, meta: Any, children: list[Any]) -> Placement:
        """``placement: rank (SEPARATOR rank)*``."""
        ranks = [c for c in children if isinstance(c, _Rank)]
        seps = tuple(len(c) for c in children if isinstance(c, Token))
        start = ranks[0].offset
        end = ranks[-1].offset + len(ranks[-1].text)
        field = self._text[start:end]
        return _make_placement(self._text, [r.text for r in ranks], seps, start, field, self._limits)

    def rule_rank(self, meta: Any, children: list[Any]) -> _Rank:
        """``rank: (COUNT | EPIN COUNT?) (EPIN COUNT?)*``: the rank's text and where it starts."""
        return _Rank("".join(str(c) for c in children), meta.start_pos)

    def rule_hands(self, meta: Any, children: list[Any]) -> Hands:
        """``hands: hand SLASH hand``; empty hands get zero-length spans around the slash."""
        slash = next(c for c in children if isinstance(c, Token))
        first, second = (c for c in children if isinstance(c, tuple))
        start = meta.start_pos
        end = meta.end_pos
        s = slash.start_pos
        assert s is not None
        return Hands(
            self._hand(Side.FIRST, first, start, s - start),
            self._hand(Side.SECOND, second, s + 1, end - s - 1),
            _span(start, end - start),
        )

    def _hand(self, side: Side, items: tuple[HandItem, ...], offset: int, length: int) -> Hand:
        return Hand(side, "".join(map(str, items)), sum(i.count for i in items), _span(offset, length), [])

    def rule_hand(self, meta: Any, children: list[Any]) -> tuple[HandItem, ...]:
        """``hand: hand_item*``."""
        return tuple(children)

    def rule_hand_item(self, meta: Any, children: list[Any]) -> HandItem:
        """``hand_item: HAND_COUNT? EPIN``."""
        token = children[-1]
        count = 1
        if len(children) == 2:
            digits = str(children[0])
            if len(digits) > self._limits.max_count_digits:
                raise _count_too_long(self._text, meta.start_pos, digits, self._limits, "hands")
            count = int(digits)
        return HandItem(piece(str(token)), count, _span(meta.start_pos, meta.end_pos - meta.start_pos))

    def rule_style_turn(self, meta: Any, children: list[Any]) -> StyleTurn:
        """``style_turn: sin SLASH sin``."""
        active, inactive = (c for c in children if isinstance(c, Style))
        return StyleTurn(active, inactive, _span(meta.start_pos, meta.end_pos - meta.start_pos))

    def rule_sin(self, meta: Any, children: list[Any]) -> Style:
        """``sin: STYLE_LETTER`` (``feen``) or ``sin: SNN`` (``feen-legacy``)."""
        return style(str(children[0]))


def _transform(tree: Any, text: str, profile: Profile, limits: Limits) -> Any:
    try:
        return FeenTransformer(text, profile, limits).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, NotationError):
            raise exc.orig_exc from None
        # Only an extension grammar that reshapes the shipped rules can get here.
        raise ParseError.single(
            "FEEN101",
            f"the grammar's tree for rule {base_name(str(exc.rule))!r} has a shape the FEEN builder "
            "cannot read",
            text=text,
            hint="extend the shipped rules with %override/%extend without changing what they contain",
        ) from None


# ----------------------------------------------------------------------------------------------
# diagnostics for text the grammar refuses

_BAD_CHAR = re.compile(r"[^\x21-\x7e ]")


def _field_of(text: str, pos: int) -> int:
    return min(text.count(" ", 0, pos), 2)


def _precheck(text: str, whole: bool, field: str | None) -> NotationError | None:
    """Errors found before the grammar runs: characters and (for whole strings) spaces."""
    m = _BAD_CHAR.search(text)
    if m is not None:
        pos = m.start()
        ch = text[pos]
        where = f" at column {pos + 1}"
        f = field or (FIELDS[_field_of(text, pos)] if whole else None)
        if ch.isspace():
            return ParseError.single(
                "FEEN104",
                f"{describe_char(ch)}{where}: fields are separated by exactly one ASCII space",
                span=_span(pos, 1),
                text=text,
                hint=lookalike_hint(ch) or "remove it, or replace it with one ASCII space between fields",
                field=f,
            )
        kind = "a control character" if ord(ch) < 0x20 or ord(ch) == 0x7F else "a non-ASCII character"
        return ParseError.single(
            "FEEN105",
            f"{kind} {describe_char(ch)}{where}: FEEN is ASCII only",
            span=_span(pos, 1),
            text=text,
            hint=lookalike_hint(ch) or "remove it",
            field=f,
        )
    if not text:
        return ParseError.single(
            "FEEN104",
            "the input is empty" if whole else f"the {field or 'field'} is empty",
            span=_span(0, 0),
            text=text,
            hint="a FEEN string has three fields, e.g. '8/8/8/8/8/8/8/8 / C/c'" if whole else None,
            field=field,
        )
    if not whole:
        if " " in text:
            pos = text.index(" ")
            return ParseError.single(
                "FEEN104",
                f"a space at column {pos + 1}: a single field has no spaces",
                span=_span(pos, 1),
                text=text,
                hint="give one field only",
                field=field,
            )
        return None
    if text[0] == " ":
        return ParseError.single(
            "FEEN104",
            "the input starts with a space",
            span=_span(0, len(text) - len(text.lstrip(" "))),
            text=text,
            hint="remove the leading space(s)",
            fix=Fix("remove the leading space(s)", "", _span(0, len(text) - len(text.lstrip(" ")))),
        )
    if text[-1] == " ":
        n = len(text) - len(text.rstrip(" "))
        return ParseError.single(
            "FEEN104",
            "the input ends with a space",
            span=_span(len(text) - n, n),
            text=text,
            hint="remove the trailing space(s)",
            fix=Fix("remove the trailing space(s)", "", _span(len(text) - n, n)),
        )
    double = text.find("  ")
    if double >= 0:
        n = len(text) - double - len(text[double:].lstrip(" "))
        return ParseError.single(
            "FEEN104",
            f"{n} spaces in a row at column {double + 1}: fields are separated by exactly one space",
            span=_span(double, n),
            text=text,
            hint="use exactly one space between fields",
            fix=Fix("use one space", " ", _span(double, n)),
            field=FIELDS[min(_field_of(text, double), 2)],
        )
    count = text.count(" ") + 1
    if count != 3:
        extra = ""
        if count > 3:
            pos = [i for i, c in enumerate(text) if c == " "][2]
            extra = f"; the fourth starts at column {pos + 2}"
            span = _span(pos, len(text) - pos)
        else:
            span = _span(0, len(text))
        return ParseError.single(
            "FEEN104",
            f"expected 3 fields (placement, hands, style-turn) separated by single spaces, "
            f"found {count}{extra}",
            span=span,
            text=text,
            hint="write 'placement hands style-turn', e.g. '8/8/8/8/8/8/8/8 / C/c'"
            + ("; a missing hands field is written '/'" if count == 2 else ""),
        )
    return None


def _refine_syntax(err: NotationError, text: str, profile: Profile, field_index: int | None) -> NotationError:
    """Re-code a grammar error with the field it lies in, and explain common mistakes."""
    d = err.diagnostics[0]
    pos = d.span.offset if d.span else 0
    fi = field_index if field_index is not None else _field_of(text, pos)
    field = FIELDS[fi]
    code = _SYNTAX_CODES[fi]
    message = d.message
    hint = d.hint
    span = d.span
    ch = text[pos] if pos < len(text) else ""
    prev = text[pos - 1] if pos > 0 else ""
    if fi in (0, 1) and ch in ("^", "'"):
        code = "FEEN106"
        if ch == "^" and profile.legacy:
            message = "the terminal marker '^' does not exist in the feen-legacy profile (PNN pieces)"
            hint = "remove '^', or use the current profile (feen)"
        elif ch == "^" and prev == "'":
            message = "the terminal marker '^' must come before the derivation marker \"'\""
            hint = "write the markers in the order state, letter, '^', \"'\" (like K^')"
        elif ch == prev:
            message = f"a piece has at most one {ch!r} marker"
            hint = "remove the repeated marker"
        else:
            message = f"the marker {ch!r} must follow a piece letter"
            hint = "write the markers in the order state, letter, '^', \"'\" (like +K^')"
    elif fi == 1 and "0" <= ch <= "9":
        end = pos
        while end < len(text) and "0" <= text[end] <= "9":
            end += 1
        digits = text[pos:end]
        code = "FEEN107"
        span = _span(pos, end - pos)
        if digits.startswith("0"):
            message = f"hand count {digits!r} is not allowed: counts have no leading zero"
            hint = "write the count without leading zeros (and no count at all for a single piece)"
        else:
            message = f"hand count {digits!r} is not allowed: a hand count is 2 or more"
            hint = "a single piece is written without a count (P, not 1P)"
    elif fi == 2 and not profile.legacy and ("A" <= ch <= "Z" or "a" <= ch <= "z"):
        hint = "a style is one letter (SIN), e.g. C/c; multi-letter names such as CHESS are feen-legacy"
    if hint is None:
        hint = (
            _FIELD_HINTS[fi] if fi != 2 or not profile.legacy else "write two style names such as CHESS/chess"
        )
    return type(err)(
        [Diagnostic(code, message, span, Severity.ERROR, hint, d.fix, field), *err.diagnostics[1:]], text
    )


_FIELD_HINTS = (
    "the placement is ranks of pieces and empty-square counts separated by '/', e.g. 8/8/8/8/8/8/8/8",
    "the hands are first/second with exactly one '/', e.g. 2P/p, or / when both are empty",
    "the style-turn is two style letters of opposite case, e.g. C/c",
)


def _syntax_error(
    text: str, profile: Profile, start: str = "feen", field_index: int | None = None
) -> NotationError:
    """The exact diagnostic for text the fast path refused (runs the LALR parser)."""
    whole = start == "feen"
    field = None if whole else FIELDS[field_index or 0]
    pre = _precheck(text, whole, field)
    if pre is not None:
        return pre
    parser = _field_parser(profile, start)
    try:
        parse_text(parser, text, code=_SYNTAX_CODES[field_index or 0], field=field)
    except NotationError as err:
        if isinstance(err, LimitError):
            return err
        return _refine_syntax(err, text, profile, field_index)
    # The grammar accepts what the fast path refused: cannot happen for the shipped grammars
    # (tests assert agreement); report it rather than guess.
    return ParseError.single(  # pragma: no cover
        "FEEN101", "internal disagreement between the fast path and the grammar", text=text
    )


# ----------------------------------------------------------------------------------------------
# semantic checks shared by both paths


def _incoherent_separator(seps: tuple[int, ...]) -> int | None:
    """Index of a separator group that breaks dimensional coherence, or None.

    A group of length N may only separate parts that contain groups of length N-1 (and no
    longer ones, which holds because N is the longest in its part).
    """
    top = max(seps, default=0)
    stack = [(0, len(seps), top)]  # (first sep index, end sep index, level the part must have)
    while stack:
        lo, hi, level = stack.pop()
        if level == 0:
            continue
        cuts = [i for i in range(lo, hi) if seps[i] == level]
        bounds = [lo - 1, *cuts, hi]
        for a, b in itertools.pairwise(bounds):
            sub_lo, sub_hi = a + 1, b
            inner = max(seps[sub_lo:sub_hi], default=0)
            if inner != level - 1:
                # Blame the group that separates the defective part (the one after it, if any).
                return b if b < hi else a
            stack.append((sub_lo, sub_hi, level - 1))
    return None


def _coherence_diagnostic(placement: Placement) -> Diagnostic | None:
    seps = placement.separators
    if not seps or max(seps) == 1:
        return None
    bad = _incoherent_separator(seps)
    if bad is None:
        return None
    n = seps[bad]
    group = "/" * n if n <= 8 else f"a group of {n} '/'"
    want = "/" * (n - 1) if n - 1 <= 8 else f"groups of {n - 1} '/'"
    left = placement.segments[bad]
    right = placement.segments[bad + 1]
    return Diagnostic(
        "FEEN201",
        f"separator {group!r} must separate parts that contain {want!r}; "
        f"around it: {_short(left)!r} and {_short(right)!r}",
        placement.separator_span(bad),
        Severity.ERROR,
        f"a group of {n} slashes marks dimension {n + 1}: each part it separates must itself be "
        f"split by {n - 1} slash{'es' if n - 1 != 1 else ''} (like a/b//c/d)",
        None,
        "placement",
    )


def _short(s: str) -> str:
    return s if len(s) <= 20 else s[:17] + "..."


def _limit_diagnostics(placement: Placement, limits: Limits) -> list[Diagnostic]:
    out = []
    dims = placement.dimensions
    if limits.max_dimensions is not None and dims > limits.max_dimensions:
        out.append(
            Diagnostic(
                "FEEN302",
                f"the board has {dims} dimensions; the {limits.name} limits allow {limits.max_dimensions}",
                placement.span,
                Severity.ERROR,
                "use the default limits to accept boards of any dimension",
                None,
                "placement",
            )
        )
    shape = placement.shape
    if limits.regular_only and shape is None:
        out.append(
            Diagnostic(
                "FEEN304",
                f"the board is irregular (ranks of lengths {_lengths(placement)}); "
                f"the {limits.name} limits accept regular boards only",
                placement.span,
                Severity.ERROR,
                "use the default limits to accept irregular boards",
                None,
                "placement",
            )
        )
    if limits.max_cells is not None:
        sizes = shape if shape is not None else (len(placement.segments), max(placement.lengths))
        biggest = max(sizes)
        if biggest > limits.max_cells:
            out.append(
                Diagnostic(
                    "FEEN303",
                    f"the board has {biggest:,} cells along one dimension; "
                    f"the {limits.name} limits allow {limits.max_cells}",
                    placement.span,
                    Severity.ERROR,
                    "use the default limits to accept larger boards",
                    None,
                    "placement",
                )
            )
    return out


def _lengths(placement: Placement) -> str:
    seen = sorted(set(placement.lengths))
    return ", ".join(map(str, seen[:6])) + (" ..." if len(seen) > 6 else "")


def _cardinality_diagnostic(position: Position) -> Diagnostic | None:
    placement = position.placement
    in_hands = position.hands.piece_count
    pieces = placement.piece_count + in_hands
    squares = placement.square_count
    if pieces <= squares:
        return None
    return Diagnostic(
        "FEEN202",
        f"{pieces} pieces ({placement.piece_count} on the board, {in_hands} in hands) "
        f"for {squares} square{'s' if squares != 1 else ''}: there cannot be more pieces than squares",
        position.hands.span if in_hands else placement.span,
        Severity.ERROR,
        "remove pieces or enlarge the board",
        None,
        "hands" if in_hands else "placement",
    )


def _style_diagnostic(style_turn: StyleTurn) -> Diagnostic | None:
    a, b = style_turn.active, style_turn.inactive
    if a.side is not b.side:
        return None
    case = "uppercase" if a.side is Side.FIRST else "lowercase"
    return Diagnostic(
        "FEEN203",
        f"both styles are {case} ({a}/{b}): one must be uppercase (first player) and one lowercase "
        "(second player)",
        style_turn.span,
        Severity.ERROR,
        f"write {a.name.upper()}/{b.name.lower()} (first player to move) or "
        f"{a.name.lower()}/{b.name.upper()} (second player to move)",
        None,
        "style-turn",
    )


def canonical_items(items: Sequence[HandItem]) -> tuple[HandItem, ...]:
    """Hand items aggregated (one item per piece) and sorted in canonical order."""
    totals: dict[Piece, int] = {}
    first_span: dict[Piece, Span | None] = {}
    repeated: set[Piece] = set()
    for item in items:
        if item.piece in totals:
            repeated.add(item.piece)
        totals[item.piece] = totals.get(item.piece, 0) + item.count
        first_span.setdefault(item.piece, item.span)
    out = [HandItem(p, n, None if p in repeated else first_span[p]) for p, n in totals.items()]
    out.sort(key=lambda i: i.sort_key)
    return tuple(out)


def _hand_diagnostics(hand: Hand, canonical_hands: str, hands_span: Span | None) -> list[Diagnostic]:
    """Aggregation and order problems of one hand (each with the canonical hands as the fix)."""
    items = hand.items
    out: list[Diagnostic] = []
    side = "first" if hand.side is Side.FIRST else "second"
    fix = Fix("write the hands in canonical form", canonical_hands, hands_span)
    seen: dict[Piece, HandItem] = {}
    for item in items:
        prior = seen.get(item.piece)
        if prior is not None:
            total = sum(i.count for i in items if i.piece is item.piece)
            out.append(
                Diagnostic(
                    "FEEN204",
                    f"hand items must be aggregated: {item.piece} appears more than once in the "
                    f"{side} hand; write {total}{item.piece} once",
                    item.span,
                    Severity.ERROR,
                    f"canonical hands: {canonical_hands}",
                    fix,
                    "hands",
                )
            )
            break
        seen[item.piece] = item
    for before, after in itertools.pairwise(items):
        if out:  # aggregation first: "PpP" is a duplicate, not a sorting problem
            break
        if before.piece is not after.piece and after.sort_key < before.sort_key:
            out.append(
                Diagnostic(
                    "FEEN205",
                    f"hand items must be sorted: {after} must come before {before}",
                    after.span,
                    Severity.ERROR,
                    f"canonical hands: {canonical_hands} ({_order_reason(after, before)})",
                    fix,
                    "hands",
                )
            )
            break
    return out


def _order_reason(a: HandItem, b: HandItem) -> str:
    if a.count != b.count:
        return "higher counts first"
    pa, pb = a.piece, b.piece
    if pa.letter.lower() != pb.letter.lower():
        return "letters in alphabetical order"
    if pa.side is not pb.side:
        return "uppercase before lowercase"
    if pa.state is not pb.state:
        return "state '-' before '+' before none"
    if pa.terminal != pb.terminal:
        return "without '^' before with"
    return 'without "\'" before with'


def _canonical_hand(hand: Hand) -> Hand:
    items = canonical_items(hand.items)
    # A rewritten hand no longer matches the input, so it carries no span.
    return Hand(hand.side, "".join(map(str, items)), hand.size, None, [])


def _canonical_hands(hands: Hands) -> Hands:
    return Hands(_canonical_hand(hands.first), _canonical_hand(hands.second), hands.span)


def _is_canonical(hand: Hand, profile: Profile) -> bool:
    return not hand.text or _scan_hand(hand.text, profile)[1]


@dataclass(frozen=True, slots=True)
class _Outcome:
    position: Position
    errors: list[Diagnostic]
    fixes: list[Diagnostic]


def _semantics(position: Position, profile: Profile, limits: Limits, lenient: bool) -> _Outcome:
    """Every check the grammar cannot express; lenient mode canonicalizes the hands instead."""
    errors: list[Diagnostic] = []
    fixes: list[Diagnostic] = []
    placement = position.placement
    coherence = _coherence_diagnostic(placement)
    if coherence is not None:
        errors.append(coherence)
    if limits.max_dimensions is not None or limits.regular_only or limits.max_cells is not None:
        errors.extend(_limit_diagnostics(placement, limits))
    style_problem = _style_diagnostic(position.style_turn)
    if style_problem is not None:
        errors.append(style_problem)
    if profile.cardinality:
        card = _cardinality_diagnostic(position)
        if card is not None:
            errors.append(card)
    hands = position.hands
    if not (_is_canonical(hands.first, profile) and _is_canonical(hands.second, profile)):
        canonical = _canonical_hands(hands)
        canonical_text = str(canonical)
        found = _hand_diagnostics(hands.first, canonical_text, hands.span) + _hand_diagnostics(
            hands.second, canonical_text, hands.span
        )
        if lenient:
            fixes.extend(
                Diagnostic(d.code, d.message, d.span, Severity.INFO, d.hint, d.fix, d.field) for d in found
            )
            position = Position(placement, canonical, position.style_turn, position.span, position.extensions)
        else:
            errors.extend(found)
    return _Outcome(position, errors, fixes)


def _raise_for(errors: list[Diagnostic], text: str) -> None:
    codes = {d.code for d in errors}
    if any(c.startswith("FEEN30") for c in codes):
        cls: type[NotationError] = LimitError
    elif codes <= {"FEEN204", "FEEN205"}:
        cls = CanonicalFormError
    else:
        cls = ValidationError
    ordered = sorted(
        errors, key=lambda d: (not d.code.startswith("FEEN30"), d.code in ("FEEN204", "FEEN205"))
    )
    raise cls(ordered, text)


# ----------------------------------------------------------------------------------------------
# public entry points


def _check_input(text: object, limits: Limits, field: str | None = None) -> str:
    if not isinstance(text, str):
        raise TypeError(f"FEEN input must be a str, not {type(text).__name__}")
    if limits.max_input is not None:
        check_size(text, limits.max_input, what="input", field=field)
    if limits.max_bytes is not None and len(text) * 4 > limits.max_bytes:
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > limits.max_bytes:
            raise LimitError.single(
                "FEEN301",
                f"the input is {size:,} bytes; the {limits.name} limits allow {limits.max_bytes:,}",
                span=_span(0, len(text)),
                text=text,
                hint="use the default limits to accept longer FEEN strings",
                field=field,
            )
    return text


def parse_result(
    text: str,
    *,
    profile: str = "feen",
    limits: Limits | str | None = None,
    max_input: int | str | None = None,
    lenient: bool = False,
    grammar: str | os.PathLike[str] | None = None,
    fast: bool = True,
) -> tuple[Position, list[Diagnostic]]:
    """Parse and validate; return the position and (lenient mode) the fixes applied.

    Raises ``ParseError`` (not FEEN syntax), ``ValidationError`` (a rule the grammar cannot
    express), ``CanonicalFormError`` (strict mode: hands not canonical; the diagnostic carries the
    fix) or ``LimitError`` (FEEN that the configured limits refuse).
    """
    lim = resolve_limits(limits, max_input)
    _check_input(text, lim)
    prof = get_profile(profile, grammar)
    position: Position | None = None
    if fast and prof.full is not None:
        position = _fast_position(text, prof, lim)
    if position is None:
        if prof.full is not None:
            if fast:
                raise _syntax_error(text, prof)
            # fast=False: build through the grammar (tests compare both paths)
            if prof.full.fullmatch(text) is None:
                raise _syntax_error(text, prof)
        # A user grammar may change the fields or the characters: only its own rules judge it.
        tree = parse_text(prof.parser, text, code="FEEN101")
        built = _transform(tree, text, prof, lim)
        if not isinstance(built, Position):
            raise ParseError.single("FEEN101", "the grammar did not produce a FEEN position", text=text)
        position = built
    outcome = _semantics(position, prof, lim, lenient)
    if outcome.errors:
        _raise_for(outcome.errors, text)
    return outcome.position, outcome.fixes


def parse(
    text: str,
    *,
    profile: str = "feen",
    limits: Limits | str | None = None,
    max_input: int | str | None = None,
    lenient: bool = False,
    grammar: str | os.PathLike[str] | None = None,
) -> Position:
    """Parse a FEEN string into a ``Position`` (strict by default).

    ``profile``: ``"feen"`` (EPIN/SIN, default) or ``"feen-legacy"`` (PNN/SNN, 001).
    ``limits``: ``"default"``, ``"reference"`` or a ``Limits`` object; ``max_input`` overrides
    the input-size cap. ``lenient=True`` accepts non-canonical hands and returns the canonical
    position (use :func:`canonicalize` to also get the list of fixes). ``grammar``: your own
    ``.lark`` file extending ``feen.lark`` (parsed by LALR; added rules land in
    ``Position.extensions``).

    >>> str(parse("8/8/8/8/8/8/8/8 / C/c").placement.shape)
    '(8, 8)'
    """
    return parse_result(
        text, profile=profile, limits=limits, max_input=max_input, lenient=lenient, grammar=grammar
    )[0]


def loads(text: str, **options: Any) -> Position:
    """Alias of :func:`parse` (the ``json``-style name)."""
    return parse(text, **options)


def dumps(position: Position) -> str:
    """The canonical FEEN string of a position (same as ``str(position)``)."""
    return str(position)


def check(
    text: str,
    *,
    profile: str = "feen",
    limits: Limits | str | None = None,
    max_input: int | str | None = None,
    lenient: bool = False,
    grammar: str | os.PathLike[str] | None = None,
) -> list[Diagnostic]:
    """Every diagnostic for ``text`` (empty list: valid). Never raises for bad input."""
    try:
        _, fixes = parse_result(
            text, profile=profile, limits=limits, max_input=max_input, lenient=lenient, grammar=grammar
        )
    except NotationError as err:
        return list(err.diagnostics)
    return fixes


def is_valid(text: str, **options: Any) -> bool:
    """True if ``text`` is valid FEEN under the given options (see :func:`parse`)."""
    try:
        parse_result(text, **options)
    except NotationError:
        return False
    return True


def canonicalize(
    text: str,
    *,
    profile: str = "feen",
    limits: Limits | str | None = None,
    max_input: int | str | None = None,
    grammar: str | os.PathLike[str] | None = None,
) -> tuple[str, list[Diagnostic]]:
    """Lenient mode: the canonical FEEN string and the fixes applied (INFO diagnostics with a Fix).

    >>> canonicalize("8/8/8/8/8/8/8/8 PpP/p C/c")[0]
    '8/8/8/8/8/8/8/8 2Pp/p C/c'
    """
    position, fixes = parse_result(
        text, profile=profile, limits=limits, max_input=max_input, lenient=True, grammar=grammar
    )
    return str(position), fixes


def format_feen(text: str, **options: Any) -> str:
    """The canonical form of ``text`` in strict mode (raises if it is not canonical already)."""
    return str(parse(text, **options))


# ----------------------------------------------------------------------------------------------
# field-level parsers


def _field(
    text: str, start: str, index: int, profile: str, limits: Limits | str | None
) -> tuple[str, Profile, Limits]:
    lim = resolve_limits(limits)
    _check_input(text, lim, FIELDS[index])
    prof = get_profile(profile)
    pattern = {
        "placement": prof.placement_re,
        "hands": prof.hands_re,
        "hand": prof.hand_re,
        "style_turn": prof.style_turn_re,
    }[start]
    assert pattern is not None
    if pattern.fullmatch(text) is None:
        raise _syntax_error(text, prof, start, index)
    return text, prof, lim


def parse_placement(text: str, *, profile: str = "feen", limits: Limits | str | None = None) -> Placement:
    """Parse field 1 alone (``"8/8/8/8/8/8/8/8"``), with dimensional coherence and limits checked."""
    text, _prof, lim = _field(text, "placement", 0, profile, limits)
    segs, seps = _split_placement(text)
    placement = _make_placement(text, segs, seps, 0, text, lim)
    errors = []
    coherence = _coherence_diagnostic(placement)
    if coherence is not None:
        errors.append(coherence)
    errors.extend(_limit_diagnostics(placement, lim))
    if errors:
        _raise_for(errors, text)
    return placement


def parse_hands(
    text: str, *, profile: str = "feen", limits: Limits | str | None = None, lenient: bool = False
) -> Hands:
    """Parse field 2 alone (``"3P2B/p"``); strict mode requires canonical hands."""
    text, prof, lim = _field(text, "hands", 1, profile, limits)
    hands = _make_hands(text, text, 0, prof, lim)
    if _is_canonical(hands.first, prof) and _is_canonical(hands.second, prof):
        return hands
    canonical = _canonical_hands(hands)
    if lenient:
        return canonical
    errs = _hand_diagnostics(hands.first, str(canonical), hands.span) + _hand_diagnostics(
        hands.second, str(canonical), hands.span
    )
    _raise_for(errs, text)
    raise AssertionError("unreachable")  # pragma: no cover


def parse_hand(
    text: str,
    *,
    side: Side = Side.FIRST,
    profile: str = "feen",
    limits: Limits | str | None = None,
    lenient: bool = False,
) -> Hand:
    """Parse one hand (``"3P2B"``, or ``""`` for an empty hand) held by ``side``."""
    lim = resolve_limits(limits)
    if text == "":
        return Hand(side, "", 0, _span(0, 0), [])
    text, prof, lim = _field(text, "hand", 1, profile, lim)
    hand = _make_hand(text, text, 0, side, prof, lim)
    if _is_canonical(hand, prof):
        return hand
    canonical = _canonical_hand(hand)
    if lenient:
        return canonical
    _raise_for(_hand_diagnostics(hand, str(canonical), hand.span), text)
    raise AssertionError("unreachable")  # pragma: no cover


def parse_style_turn(text: str, *, profile: str = "feen") -> StyleTurn:
    """Parse field 3 alone (``"C/c"``; ``"CHESS/chess"`` in the legacy profile)."""
    text, _prof, _lim = _field(text, "style_turn", 2, profile, None)
    style_turn = _make_style_turn(text, 0)
    problem = _style_diagnostic(style_turn)
    if problem is not None:
        _raise_for([problem], text)
    return style_turn
