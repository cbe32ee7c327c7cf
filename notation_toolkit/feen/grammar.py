"""The FEEN grammars, their profiles and the fast path compiled from them.

The grammar files (``grammars/feen.lark``, ``grammars/feen_legacy.lark``) are the source of truth.
A *profile* is a grammar with what is compiled from it:

* the fast path: one regular expression compiled *from the grammar* (``core.regular``) accepts or
  rejects a whole FEEN string, the fields are tokenized with regexes built from the grammar's own
  terminals, and the AST is assembled cheaply (interned pieces, lazy squares). The regex sources
  are cached on disk (``core.grammar.grammar_regexes``), so a process that reads only valid FEEN
  never builds the grammar and never imports Lark;
* the Lark LALR parser (``Profile.parser``, built on first use and cached on disk by Lark's
  ``cache=``), used when the fast path rejects, to produce the exact diagnostic, and for users'
  extension grammars.

The builders of the AST nodes from validated text (``make_placement``, ``make_hands`` ...) live
here too: both paths end in them, so both build the very same nodes.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from notation_toolkit.core.errors import LimitError
from notation_toolkit.core.grammar import grammar_regexes, load_parser
from notation_toolkit.core.limits import MAX_SAFE_DIGITS, digits_error
from notation_toolkit.core.span import Span
from notation_toolkit.feen.ast import Hand, Hands, Placement, Position, Side, StyleTurn, piece, style
from notation_toolkit.feen.codes import FEEN305
from notation_toolkit.feen.limits import Limits

if TYPE_CHECKING:
    from lark import Lark

FIELDS = ("placement", "hands", "style-turn")
"""The names of the three fields, in order (the ``field`` of diagnostics)."""


def span_at(offset: int, length: int) -> Span:
    """The span of ``length`` characters at ``offset`` of a FEEN string (one line: column = offset + 1)."""
    return Span(offset, length, 1, offset + 1)


# ----------------------------------------------------------------------------------------------
# profiles: a grammar and everything compiled from it

_FAST_RULES = ("feen", "placement", "hands", "hand", "style_turn")
_FAST_TERMINALS = ("EPIN", "COUNT", "HAND_COUNT")


@dataclass(frozen=True, slots=True)
class Profile:
    """A FEEN grammar with its compiled fast-path regexes.

    ``name`` is ``feen`` or ``feen-legacy``; ``grammar`` the shipped grammar name or the path of a
    user grammar; ``cardinality`` says whether pieces <= squares is checked (not in the legacy
    profile: 001 has no such rule). A user grammar has no fast path (its language may not be
    regular): every ``*_re`` is ``None`` and it is parsed by LALR.
    """

    name: str
    grammar: str
    full: re.Pattern[str] | None
    placement_re: re.Pattern[str] | None
    hands_re: re.Pattern[str] | None
    hand_re: re.Pattern[str] | None
    style_turn_re: re.Pattern[str] | None
    rank_tokens: re.Pattern[str] | None
    hand_items: re.Pattern[str] | None
    cardinality: bool
    legacy: bool

    @property
    def parser(self) -> Lark:
        """The Lark LALR parser of the whole string (built once per process, cached on disk)."""
        return load_parser(self.grammar)

    def field_parser(self, start: str) -> Lark:
        """The Lark parser of one field's rule (``placement``, ``hands``, ``hand``, ``style_turn``)."""
        return self.parser if start == "feen" else load_parser(self.grammar, start)


_profiles: dict[str, Profile] = {}
_profiles_lock = threading.Lock()


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
        sources = grammar_regexes(grammar_name, _FAST_RULES, _FAST_TERMINALS)
        epin, count, hand_count = (sources[t] for t in _FAST_TERMINALS)
        profile = Profile(
            name=name,
            grammar=grammar_name,
            full=re.compile(sources["feen"]),
            placement_re=re.compile(sources["placement"]),
            hands_re=re.compile(sources["hands"]),
            hand_re=re.compile(sources["hand"]),
            style_turn_re=re.compile(sources["style_turn"]),
            rank_tokens=re.compile(f"({count})|({epin})"),
            hand_items=re.compile(f"({hand_count})?({epin})"),
            cardinality=not legacy,
            legacy=legacy,
        )
    else:
        load_parser(grammar)  # a broken user grammar is reported now, with NTK004
        profile = Profile(
            name=name,
            grammar=os.fspath(grammar),
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


# ----------------------------------------------------------------------------------------------
# the builders: AST nodes from text the grammar (or its regex) accepted

_SEP_SPLIT = re.compile(r"(/+)")
_DIGITS = re.compile(r"[0-9]+")
_ONES: dict[int, tuple[int, ...]] = {}


def count_too_long(text: str, offset: int, digits: str, limits: Limits, field: str) -> LimitError:
    """FEEN305 for a count longer than the limits allow (through ``core.limits``)."""
    error = digits_error(
        digits,
        max_digits=limits.max_count_digits,
        code=FEEN305,
        span=span_at(offset, len(digits)),
        text=text,
        field=field,
        what="count",
    )
    assert isinstance(error, LimitError)
    return error


def make_placement(
    text: str, segments: Sequence[str], seps: tuple[int, ...], offset: int, field: str, limits: Limits
) -> Placement:
    """Build the placement of a validated field: n and the piece count straight from the text."""
    runs = _DIGITS.findall(field)
    digit_chars = sum(map(len, runs))
    longest = max(map(len, runs), default=0)
    if longest > limits.max_count_digits:
        for m in _DIGITS.finditer(field):
            if len(m.group()) > limits.max_count_digits:
                raise count_too_long(text, offset + m.start(), m.group(), limits, "placement")
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
    return Placement(tuple(segments), seps, squares, pieces, span_at(offset, len(field)), {})


def split_placement(field: str) -> tuple[list[str], tuple[int, ...]]:
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


def scan_hand(hand: str, profile: Profile) -> tuple[int, bool, int]:
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
            n = int(count) if len(count) <= MAX_SAFE_DIGITS else 0  # refused by the digit limit anyway
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


def make_hand(text: str, hand: str, offset: int, side: Side, profile: Profile, limits: Limits) -> Hand:
    if not hand:
        return Hand(side, "", 0, span_at(offset, 0), [])
    size, _canonical, longest = scan_hand(hand, profile)
    if longest > limits.max_count_digits:
        for m in _DIGITS.finditer(hand):
            if len(m.group()) > limits.max_count_digits:
                raise count_too_long(text, offset + m.start(), m.group(), limits, "hands")
    return Hand(side, hand, size, span_at(offset, len(hand)), [])


def make_hands(text: str, field: str, offset: int, profile: Profile, limits: Limits) -> Hands:
    slash = field.index("/")
    return Hands(
        make_hand(text, field[:slash], offset, Side.FIRST, profile, limits),
        make_hand(text, field[slash + 1 :], offset + slash + 1, Side.SECOND, profile, limits),
        span_at(offset, len(field)),
    )


def make_style_turn(field: str, offset: int) -> StyleTurn:
    slash = field.index("/")
    return StyleTurn(style(field[:slash]), style(field[slash + 1 :]), span_at(offset, len(field)))


def fast_position(text: str, profile: Profile, limits: Limits) -> Position | None:
    assert profile.full is not None
    if profile.full.fullmatch(text) is None:
        return None
    # The full match guarantees exactly two single spaces and no other whitespace.
    placement_text, hands_text, style_text = text.split(" ")
    segs, seps = split_placement(placement_text)
    placement = make_placement(text, segs, seps, 0, placement_text, limits)
    h_off = len(placement_text) + 1
    hands = make_hands(text, hands_text, h_off, profile, limits)
    style_turn = make_style_turn(style_text, h_off + len(hands_text) + 1)
    return Position(placement, hands, style_turn, span_at(0, len(text)))
