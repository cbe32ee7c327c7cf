"""MBN (Modified Betza Notation, C/CIF): piece definitions, move expressions, promotion rules.

``parse_item("Q=R+N")`` returns a typed AST (``notation_toolkit.mbn.ast``), ``format_item``
writes it back canonically, ``check_item`` lists MBN diagnostics. Rule files that combine FBR rules
and MBN items are handled by ``notation_toolkit.fbr``.
"""

from __future__ import annotations

from notation_toolkit.mbn import codes as _codes  # noqa: F401  (registers the MBN codes)
from notation_toolkit.mbn.parser import MAX_DEPTH, MAX_INPUT, parse_item, parse_moves

__all__ = ["MAX_DEPTH", "MAX_INPUT", "parse_item", "parse_moves"]

from notation_toolkit.mbn.check import check_item
from notation_toolkit.mbn.format import format_item, format_moves

__all__ += ["check_item", "format_item", "format_moves"]
