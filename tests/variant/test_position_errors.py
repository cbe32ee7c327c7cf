"""The core's position errors point at the offending token, not the whole position, and say how
to write it."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation_toolkit.core.errors import NotationError
from notation_toolkit.variant import Variant

CHESS = Variant.load(Path(__file__).resolve().parents[2] / "examples" / "variants" / "chess.fbr")
CRAZYHOUSE = Variant.load(Path(__file__).resolve().parents[2] / "examples" / "variants" / "crazyhouse.fbr")


@pytest.mark.parametrize(
    ("variant", "text", "token", "hint"),
    [
        (CHESS, "-rnbq-kbn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ-K^BN-R / C/c", "-k", "write -k^"),
        (CHESS, "-rnbq-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ^-K^BN-R / C/c", "Q^", "write Q"),
        (CHESS, "-rnbq-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ-K^BX-R / C/c", "X", "pieces:"),
        # the pawn's double step is a range ([1-2]), not an initial move: no '-' to keep
        (CHESS, "-rnbq-k^bn-r/pppp-pppp/8/8/8/8/PPPPPPPP/-RNBQ-K^BN-R / C/c", "-p", "write p"),
        (CRAZYHOUSE, "4k^3/8/8/8/8/8/8/4K^3 2Z/ C/c", "Z", None),
    ],
)
def test_the_error_points_at_the_token(variant: Variant, text: str, token: str, hint: str | None) -> None:
    with pytest.raises(NotationError) as caught:
        variant.position(text)
    d = caught.value.diagnostics[0]
    assert d.span is not None
    assert text[d.span.offset : d.span.offset + d.span.length] == token
    if hint is not None:
        assert d.hint is not None and d.hint.startswith(hint)


def test_the_column_is_the_token_s() -> None:
    text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / C/c"
    with pytest.raises(NotationError) as caught:
        CHESS.position(text)
    span = caught.value.diagnostics[0].span
    assert span is not None and (span.line, span.column) == (1, text.index("k") + 1)
    assert "column 5" in str(caught.value)
