"""Parsing FEEN (profiles ``feen`` and ``feen-legacy``): the pipeline and the syntax diagnostics.

The pipeline: the fast path (``feen.grammar``: one regex compiled from the grammar) -> on
refusal, the LALR parser for the exact diagnostic; for a user grammar, LALR -> transform
(``feen.transform``) -> the semantic checks (``feen.validate``). Tests assert that both paths agree.

This module also words the diagnostics for text the grammar refuses (``FEEN101``-``FEEN107``):
wrong characters and spaces are found before the grammar runs, and the grammar's own errors are
re-coded with the field they lie in and explained for the common mistakes.
"""

from __future__ import annotations

import os
import re
import warnings
from typing import Any

import notation_toolkit.feen.codes  # noqa: F401  (registers the diagnostic codes)
from notation_toolkit.core.diagnostics import Diagnostic, Fix
from notation_toolkit.core.errors import LimitError, NotationError, ParseError
from notation_toolkit.core.grammar import check_size, describe_char, lookalike_hint, parse_text
from notation_toolkit.feen.ast import Hand, Hands, Placement, Position, Side, StyleTurn
from notation_toolkit.feen.codes import FEEN101, FEEN104, FEEN105, FEEN106, FEEN107, FEEN301, SYNTAX
from notation_toolkit.feen.format import dumps
from notation_toolkit.feen.grammar import (
    FIELDS,
    Profile,
    _hand_cache,
    fast_position,
    get_profile,
    make_hand,
    make_hands,
    make_placement,
    make_style_turn,
    span_at,
    split_placement,
)
from notation_toolkit.feen.limits import Limits, resolve_limits
from notation_toolkit.feen.validate import (
    canonical_hand,
    canonical_hands,
    coherence_diagnostic,
    hand_diagnostics,
    is_canonical,
    limit_diagnostics,
    raise_for,
    semantics,
    style_diagnostic,
    validate,
)

__all__ = [
    "FIELDS",
    "canonicalize",
    "check",
    "dumps",
    "format_feen",
    "get_profile",
    "is_valid",
    "loads",
    "parse",
    "parse_hand",
    "parse_hands",
    "parse_placement",
    "parse_result",
    "parse_style_turn",
    "validate",
]

# ``_hand_cache`` is re-exported for the benchmark, which clears it to measure cold parses.
_ = _hand_cache


# ----------------------------------------------------------------------------------------------
# diagnostics for text the grammar refuses

_BAD_CHAR = re.compile(r"[^\x21-\x7e ]")


def _field_of(text: str, pos: int) -> int:
    return min(text.count(" ", 0, pos), 2)


def _error(diagnostic: Diagnostic, text: str) -> ParseError:
    return ParseError([diagnostic], text)


def _precheck(text: str, whole: bool, field: str | None) -> NotationError | None:
    """Errors found before the grammar runs: characters and (for whole strings) spaces."""
    m = _BAD_CHAR.search(text)
    if m is not None:
        pos = m.start()
        ch = text[pos]
        f = field or (FIELDS[_field_of(text, pos)] if whole else None)
        if ch.isspace():
            return _error(
                FEEN104.diagnostic(
                    "whitespace",
                    span=span_at(pos, 1),
                    field=f,
                    hint=lookalike_hint(ch) or FEEN104.hints["whitespace"],
                    char=describe_char(ch),
                    column=pos + 1,
                ),
                text,
            )
        return _error(
            FEEN105.diagnostic(
                span=span_at(pos, 1),
                field=f,
                hint=lookalike_hint(ch) or FEEN105.hints[""],
                char=describe_char(ch, kind=True),
                column=pos + 1,
            ),
            text,
        )
    if not text:
        if whole:
            return _error(FEEN104.diagnostic("empty", span=span_at(0, 0)), text)
        return _error(
            FEEN104.diagnostic("empty_field", span=span_at(0, 0), field=field, field_name=field or "field"),
            text,
        )
    if not whole:
        if " " in text:
            pos = text.index(" ")
            return _error(
                FEEN104.diagnostic("space_in_field", span=span_at(pos, 1), field=field, column=pos + 1), text
            )
        return None
    if text[0] == " ":
        span = span_at(0, len(text) - len(text.lstrip(" ")))
        return _error(
            FEEN104.diagnostic("leading_space", span=span, fix=Fix("remove the leading space(s)", "", span)),
            text,
        )
    if text[-1] == " ":
        n = len(text) - len(text.rstrip(" "))
        span = span_at(len(text) - n, n)
        return _error(
            FEEN104.diagnostic(
                "trailing_space", span=span, fix=Fix("remove the trailing space(s)", "", span)
            ),
            text,
        )
    double = text.find("  ")
    if double >= 0:
        n = len(text) - double - len(text[double:].lstrip(" "))
        span = span_at(double, n)
        return _error(
            FEEN104.diagnostic(
                "spaces",
                span=span,
                fix=Fix("use one space", " ", span),
                field=FIELDS[min(_field_of(text, double), 2)],
                count=n,
                column=double + 1,
            ),
            text,
        )
    count = text.count(" ") + 1
    if count > 3:
        pos = [i for i, c in enumerate(text) if c == " "][2]
        return _error(
            FEEN104.diagnostic(
                "extra_fields", span=span_at(pos, len(text) - pos), count=count, column=pos + 2
            ),
            text,
        )
    if count < 3:
        hint = FEEN104.hints["missing_hands" if count == 2 else "fields"]
        return _error(FEEN104.diagnostic("fields", span=span_at(0, len(text)), hint=hint, count=count), text)
    return None


def _refine_syntax(err: NotationError, text: str, profile: Profile, field_index: int | None) -> NotationError:
    """Re-code a grammar error with the field it lies in, and explain common mistakes."""
    d = err.diagnostics[0]
    pos = d.span.offset if d.span else 0
    fi = field_index if field_index is not None else _field_of(text, pos)
    field = FIELDS[fi]
    ch = text[pos] if pos < len(text) else ""
    prev = text[pos - 1] if pos > 0 else ""
    refined: Diagnostic
    if fi in (0, 1) and ch in ("^", "'"):
        if ch == "^" and profile.legacy:
            template = "legacy_terminal"
        elif ch == "^" and prev == "'":
            template = "terminal_after_derived"
        elif ch == prev:
            template = "repeated"
        else:
            template = "misplaced"
        refined = FEEN106.diagnostic(template, span=d.span, fix=d.fix, field=field, marker=ch)
    elif fi == 1 and "0" <= ch <= "9":
        end = pos
        while end < len(text) and "0" <= text[end] <= "9":
            end += 1
        digits = text[pos:end]
        template = "leading_zero" if digits.startswith("0") else "one"
        refined = FEEN107.diagnostic(
            template, span=span_at(pos, end - pos), fix=d.fix, field=field, digits=digits
        )
    else:
        code = SYNTAX[fi]
        hint = d.hint
        if fi == 2 and not profile.legacy and ("A" <= ch <= "Z" or "a" <= ch <= "z"):
            hint = code.hints["letters"]  # the common mistake beats the grammar's generic hint
        elif hint is None and fi == 2 and profile.legacy:
            hint = code.hints["legacy"]
        refined = code.diagnostic(span=d.span, fix=d.fix, field=field, detail=d.message, **_hint(hint))
    return type(err)([refined, *err.diagnostics[1:]], text)


def _hint(hint: str | None) -> dict[str, Any]:
    # No hint of its own: the code's template gives the field's hint.
    return {} if hint is None else {"hint": hint}


def _syntax_error(
    text: str, profile: Profile, start: str = "feen", field_index: int | None = None
) -> NotationError:
    """The exact diagnostic for text the fast path refused (runs the LALR parser)."""
    whole = start == "feen"
    field = None if whole else FIELDS[field_index or 0]
    pre = _precheck(text, whole, field)
    if pre is not None:
        return pre
    parser = profile.field_parser(start)
    try:
        parse_text(parser, text, code=SYNTAX[field_index or 0].code, field=field)
    except NotationError as err:
        if isinstance(err, LimitError):
            return err
        return _refine_syntax(err, text, profile, field_index)
    # The grammar accepts what the fast path refused: cannot happen for the shipped grammars
    # (tests assert agreement); report it rather than guess.
    return FEEN101.error(ParseError, "disagreement", text=text)  # pragma: no cover


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
            raise LimitError(
                [
                    FEEN301.diagnostic(
                        span=span_at(0, len(text)),
                        field=field,
                        size=size,
                        limits=limits.name,
                        limit=limits.max_bytes,
                    )
                ],
                text,
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
        position = fast_position(text, prof, lim)
    if position is None:
        if prof.full is not None:
            if fast:
                raise _syntax_error(text, prof)
            # fast=False: build through the grammar (tests compare both paths)
            if prof.full.fullmatch(text) is None:
                raise _syntax_error(text, prof)
        # A user grammar may change the fields or the characters: only its own rules judge it.
        # Imported here: the transformer needs Lark, which valid input read by the fast path never does.
        from notation_toolkit.feen.transform import transform

        tree = parse_text(prof.parser, text, code=FEEN101.code)
        built = transform(tree, text, prof, lim)
        if not isinstance(built, Position):
            raise FEEN101.error(ParseError, "not_a_position", text=text)
        position = built
    outcome = semantics(position, prof, lim, lenient)
    if outcome.errors:
        raise_for(outcome.errors, text)
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
    segs, seps = split_placement(text)
    placement = make_placement(text, segs, seps, 0, text, lim)
    errors = []
    coherence = coherence_diagnostic(placement)
    if coherence is not None:
        errors.append(coherence)
    errors.extend(limit_diagnostics(placement, lim))
    if errors:
        raise_for(errors, text)
    return placement


def parse_hands(
    text: str, *, profile: str = "feen", limits: Limits | str | None = None, lenient: bool = False
) -> Hands:
    """Parse field 2 alone (``"3P2B/p"``); strict mode requires canonical hands."""
    text, prof, lim = _field(text, "hands", 1, profile, limits)
    hands = make_hands(text, text, 0, prof, lim)
    if is_canonical(hands.first, prof) and is_canonical(hands.second, prof):
        return hands
    canonical = canonical_hands(hands)
    if lenient:
        return canonical
    errs = hand_diagnostics(hands.first, str(canonical), hands.span) + hand_diagnostics(
        hands.second, str(canonical), hands.span
    )
    raise_for(errs, text)
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
        return Hand(side, "", 0, span_at(0, 0), [])
    text, prof, lim = _field(text, "hand", 1, profile, lim)
    hand = make_hand(text, text, 0, side, prof, lim)
    if is_canonical(hand, prof):
        return hand
    canonical = canonical_hand(hand)
    if lenient:
        return canonical
    raise_for(hand_diagnostics(hand, str(canonical), hand.span), text)
    raise AssertionError("unreachable")  # pragma: no cover


def parse_style_turn(text: str, *, profile: str = "feen") -> StyleTurn:
    """Parse field 3 alone (``"C/c"``; ``"CHESS/chess"`` in the legacy profile)."""
    text, _prof, _lim = _field(text, "style_turn", 2, profile, None)
    style_turn = make_style_turn(text, 0)
    problem = style_diagnostic(style_turn)
    if problem is not None:
        raise_for([problem], text)
    return style_turn


def format_feen(text: str, **options: Any) -> str:
    """Deprecated alias of ``dumps(parse(text, **options))`` (``dumps`` is the name in every notation).

    The canonical form of ``text`` in strict mode (raises if it is not canonical already).
    """
    warnings.warn(
        "feen.format_feen(text) is deprecated: use feen.dumps(feen.parse(text))",
        DeprecationWarning,
        stacklevel=2,
    )
    return dumps(parse(text, **options))
