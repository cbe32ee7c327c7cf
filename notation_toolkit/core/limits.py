"""Numbers read from text, bounded before they are converted.

Python refuses to convert a decimal string of more than 4,300 digits (``int()`` raises
``ValueError``: a guard against quadratic-time conversion), and a few thousand digits are already
far beyond any board size, count or range a notation means. Every number a notation reads from its
input therefore goes through :func:`bounded_int`, which checks the *length* of the digit run first
and raises the notation's own limit diagnostic (a ``LimitError``) when it is too long:

>>> bounded_int("42", max_digits=3)
42
>>> try:
...     bounded_int("9" * 5000, max_digits=100)
... except LimitError as err:
...     print(err.diagnostics[0].message)
this number has 5,000 digits; the limit is 100

A notation passes its own code (a ``core.codes.CodeInfo`` whose template receives ``digits``,
``limit`` and ``what``) and the span of the number, so the user sees where the number is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.codes import CodeInfo, register_code
from notation_toolkit.core.errors import LimitError, NotationError

if TYPE_CHECKING:
    from notation_toolkit.core.span import Span

__all__ = ["MAX_SAFE_DIGITS", "NUMBER_TOO_LONG", "bounded_int", "digits_error"]

MAX_SAFE_DIGITS = 4000
"""The longest digit run any notation may convert: safely below Python's 4,300-digit limit."""

NUMBER_TOO_LONG = register_code(
    "NTK006",
    "number too long",
    """
A number in the input has more digits than the notation accepts. Numbers are refused by their
length before they are converted, so a hostile run of digits costs no time. No notation accepts
more than 4,000 digits; most accept far fewer.

A text that is not a number at all reaching the conversion is a fault of the caller (the grammars
read numbers as digit runs); it is refused under this code too, rather than by Python's `int()`.
""",
    messages={
        "": "this {what} has {digits:,} digits; the limit is {limit:,}",
        "not_a_number": "{number!r} is not a number",
    },
    hints={"": "numbers this long are refused before they are read", "not_a_number": "write digits only"},
)


def digits_error(
    digits: str,
    *,
    max_digits: int,
    code: CodeInfo = NUMBER_TOO_LONG,
    span: Span | None = None,
    text: str | None = None,
    field: str | None = None,
    what: str = "number",
    error_cls: type[NotationError] = LimitError,
) -> NotationError:
    """The error for a digit run longer than ``max_digits`` (``code``'s template, with its span)."""
    diagnostic = code.diagnostic(span=span, field=field, digits=len(digits), limit=max_digits, what=what)
    return error_cls([diagnostic], text)


def bounded_int(
    digits: str,
    *,
    max_digits: int = MAX_SAFE_DIGITS,
    code: CodeInfo = NUMBER_TOO_LONG,
    span: Span | None = None,
    text: str | None = None,
    field: str | None = None,
    what: str = "number",
    error_cls: type[NotationError] = LimitError,
) -> int:
    """``int(digits)`` for a run of ASCII digits (an optional sign first) no longer than ``max_digits``.

    ``max_digits`` is capped at :data:`MAX_SAFE_DIGITS`. A longer run raises ``error_cls`` with
    one diagnostic built from ``code`` (parameters ``digits``, ``limit``, ``what``) at ``span``;
    ``text`` is the whole input, for rendering. The grammar is expected to have checked that
    ``digits`` is a number; anything else raises a ``ParseError`` rather than reaching ``int()``.
    """
    limit = min(max_digits, MAX_SAFE_DIGITS)
    body = digits[1:] if digits[:1] in ("+", "-") else digits
    if not (body.isascii() and body.isdigit()):
        from notation_toolkit.core.errors import ParseError

        # A notation's own code may word this case; the core's template serves every other one.
        worded = code if "not_a_number" in code.messages else NUMBER_TOO_LONG
        raise worded.error(ParseError, "not_a_number", span=span, text=text, field=field, number=digits[:40])
    if len(body) > limit:
        raise digits_error(
            body,
            max_digits=limit,
            code=code,
            span=span,
            text=text,
            field=field,
            what=what,
            error_cls=error_cls,
        )
    return int(digits)
