"""Does ``startposition=`` fit its rule file? Board shape, pieces the file defines, royal marks,
castling (FBR503-FBR506).

The start position is FEEN (``-rnbq-k^bn-r/... / C/c``) or FEN (``rnbqkbnr/... w KQkq - 0 1``).
Only its placement, hands and castling field matter here, read by a small scanner: the FEEN and
FEN packages sit beside this one (notations do not import each other), and their full checks run
when the variant core reads the position.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.span import Span
from notation_toolkit.fbr import ast
from notation_toolkit.fbr import codes as C
from notation_toolkit.mbn import ast as mbn

_HAND = re.compile(r"[0-9]*([+-]?)([A-Za-z])")


class _Token:
    __slots__ = ("fen_promoted", "file", "letter", "rank", "royal", "start", "state", "text")

    def __init__(self, text: str, start: int, rank: int, file: int) -> None:
        self.text = text
        self.start = start
        self.rank = rank  # 0 = the first rank written (the top of the board)
        self.file = file
        self.state = text[0] if text[0] in "+-" else ""
        self.letter = text[len(self.state)]
        self.royal = "^" in text
        self.fen_promoted = "~" in text


def check_start(
    rule_file: ast.RuleFile, board: tuple[int, int] | None, letters: set[str]
) -> list[Diagnostic]:
    """Diagnostics for the ``startposition=`` of ``rule_file`` (none when it has none)."""
    item = next(
        (i for i in rule_file.items if isinstance(i, ast.Metadata) and i.key == "startposition"), None
    )
    if item is None or item.span is None:
        return []
    value = item.value
    fields = value.split(" ")
    fen = len(fields) >= 2 and fields[1] in ("w", "b")
    placement = fields[0]
    if "//" in placement or not placement:
        return []  # boards of three or more dimensions: not played by the core
    width, height = board or (8, 8)

    def span(start: int, length: int) -> Span:
        assert item is not None and item.span is not None
        offset = item.span.offset + len(item.key) + 2 + start
        return Span(offset, length, item.span.line, item.span.column + (offset - item.span.offset))

    out: list[Diagnostic] = []
    tokens, ranks, pocket = _scan(placement, fen)
    if tokens is None:
        return []  # not a placement this scanner reads: the position's own parser reports it
    if fen and not pocket and len(ranks) == height + 1 and tokens is not None:
        # a FEN pocket written as an extra rank (Fairy-Stockfish reads both forms)
        last_start = ranks.pop()[0]
        pocket = [(t.text, t.start) for t in tokens if t.start >= last_start]
        tokens = [t for t in tokens if t.start < last_start]
    if len(ranks) != height:
        out.append(
            C.INFO[C.START_SHAPE].diagnostic(
                span=span(0, len(placement)), count=len(ranks), height=height, width=width
            )
        )
    else:
        for i, (start, end, count) in enumerate(ranks):
            if count != width:
                out.append(
                    C.INFO[C.START_SHAPE].diagnostic(
                        "rank",
                        span=span(start, end - start),
                        rank=height - i,
                        count=count,
                        width=width,
                        height=height,
                    )
                )
    if out:
        return out

    def square(tok: _Token) -> str:
        return chr(ord("a") + tok.file) + str(height - tok.rank)

    known = " ".join(sorted(k for k in letters if not k.startswith("O-")))
    has_pieces = bool(rule_file.pieces)
    for tok in tokens:
        key = ("+" if tok.state == "+" else "") + tok.letter.upper()
        if has_pieces and key not in letters and tok.letter.upper() not in letters:
            out.append(
                C.INFO[C.START_PIECE].diagnostic(
                    span=span(tok.start, len(tok.text)), token=tok.text, square=square(tok), known=known
                )
            )
    hands = [] if fen else list(_hand_tokens(fields[1] if len(fields) > 1 else "", len(placement) + 1))
    for text, start in [*hands, *pocket]:
        key = text.lstrip("-").upper()
        if has_pieces and key not in letters and key[-1:] not in letters:
            out.append(
                C.INFO[C.START_PIECE].diagnostic("hand", span=span(start, len(text)), token=text, known=known)
            )
    royal_rules = [r for r in rule_file.rules if r.name == "royal" and not r.negated]
    royal = _royal_keys(royal_rules)
    if royal is not None:
        shown = "{" + "".join(sorted(royal)) + "}"
        sides = [False, False]
        for tok in tokens:
            key = ("+" if tok.state == "+" else "") + tok.letter.upper()
            is_royal = key in royal
            if is_royal:
                sides[0 if tok.letter.isupper() else 1] = True
            if fen:
                continue
            if is_royal and not tok.royal:
                fixed = tok.text.replace(tok.letter, tok.letter + "^", 1)
                code = C.INFO[C.START_ROYAL]
                where = span(tok.start, len(tok.text))
                out.append(
                    code.diagnostic(
                        span=where,
                        fix=code.fix("", fixed, where, fixed=fixed),
                        token=tok.text,
                        square=square(tok),
                        fixed=fixed,
                    )
                )
            elif tok.royal and not is_royal:
                fixed = tok.text.replace("^", "", 1)
                code = C.INFO[C.START_ROYAL]
                where = span(tok.start, len(tok.text))
                out.append(
                    code.diagnostic(
                        "extra",
                        span=where,
                        fix=code.fix("extra", fixed, where, fixed=fixed),
                        token=tok.text,
                        square=square(tok),
                        royal=shown,
                        fixed=fixed,
                        key=key,
                    )
                )
        # a side may start without a royal piece when a pieces rule says how it loses (Horde:
        # pieces=morethan(0), 003:590)
        decided = any(
            r.name == "pieces" and any(a.name in ("extinction", "morethan", "win") for a in r.attributes)
            for r in rule_file.rules
        )
        for side, present in zip(("first", "second"), sides, strict=True):
            if not present and not decided:
                out.append(
                    C.INFO[C.START_ROYAL].diagnostic(
                        "none", span=span(0, len(placement)), side=side, royal=shown
                    )
                )
    if _has_castling(rule_file) and royal is not None:
        out.extend(_castling(tokens, royal, fields, fen, placement, span))
    return out


def _castling(
    tokens: list[_Token], royal: set[str], fields: list[str], fen: bool, placement: str, span: object
) -> Iterator[Diagnostic]:
    code = C.INFO[C.START_CASTLING]
    assert callable(span)
    if fen:
        if len(fields) > 2 and fields[2] == "-":
            start = len(fields[0]) + len(fields[1]) + 2
            yield code.diagnostic("fen", span=span(start, 1), severity=Severity.WARNING)
        return
    if not any(t.state == "-" for t in tokens):
        return  # no marks at all: every piece of a start position is unmoved (as Fairy-Stockfish)
    royal_tokens = [t for t in tokens if (("+" if t.state == "+" else "") + t.letter.upper()) in royal]
    partners = {(t.rank, t.letter.isupper()) for t in tokens if t.letter.upper() == "R" and t.state == "-"}
    if any(t.state == "-" and (t.rank, t.letter.isupper()) in partners for t in royal_tokens):
        return
    # the fix marks every royal piece and the rooks of its rank (royal=castle: {R} by default, 003:920)
    marks = {t.start for t in royal_tokens if not t.state}
    ranks = {(t.rank, t.letter.isupper()) for t in royal_tokens}
    marks |= {
        t.start
        for t in tokens
        if t.letter.upper() == "R" and not t.state and (t.rank, t.letter.isupper()) in ranks
    }
    fixed = "".join("-" + ch if i in marks else ch for i, ch in enumerate(placement))
    yield code.diagnostic(
        span=span(0, len(placement)),
        severity=Severity.WARNING,
        fix=code.fix("", fixed, span(0, len(placement))),
        fixed=fixed,
    )


def _has_castling(rule_file: ast.RuleFile) -> bool:
    return any(
        isinstance(item, mbn.PieceDefinition) and item.head.letter.is_castling for item in rule_file.pieces
    )


def _royal_keys(rules: list[ast.FbrRule]) -> set[str] | None:
    if not rules:
        return None
    keys: set[str] = set()
    for rule in rules:
        if rule.piece_set is None:
            keys.add("K")
        elif rule.piece_set.flags:
            return None  # {^K}, {!k}: not a plain list of royal pieces
        else:
            keys.update(m.prefixes + m.letter.key for m in rule.piece_set.members)
    return keys


def _scan(
    placement: str, fen: bool
) -> tuple[list[_Token] | None, list[tuple[int, int, int]], list[tuple[str, int]]]:
    """Piece tokens, ranks as (start, end, squares) and FEN pocket letters with their offsets;
    ``None`` for text that is not a placement."""
    tokens: list[_Token] = []
    ranks: list[tuple[int, int, int]] = []
    pocket: list[tuple[str, int]] = []
    start = 0
    count = 0
    i = 0
    n = len(placement)
    while i < n:
        ch = placement[i]
        if ch == "/":
            ranks.append((start, i, count))
            start, count = i + 1, 0
            i += 1
        elif ch.isdigit():
            j = i
            while j < n and placement[j].isdigit():
                j += 1
            count += int(placement[i:j])
            i = j
        elif fen and ch == "[":
            end = placement.find("]", i)
            if end < 0:
                return None, [], []
            pocket = [
                (m.group(0), i + 1 + m.start()) for m in re.finditer(r"[A-Za-z]", placement[i + 1 : end])
            ]
            ranks.append((start, i, count))
            return tokens, ranks, pocket
        else:
            j = i + 1 if ch in "+-" else i
            if j >= n or not placement[j].isalpha():
                return None, [], []
            j += 1
            while j < n and placement[j] in "^'~":
                j += 1
            tokens.append(_Token(placement[i:j], i, len(ranks), count))
            count += 1
            i = j
    ranks.append((start, n, count))
    if fen and len(ranks) == 0:
        return None, [], []
    return tokens, ranks, pocket


def _hand_tokens(hands: str, offset: int) -> Iterator[tuple[str, int]]:
    for m in _HAND.finditer(hands):
        yield m.group(1) + m.group(2), offset + m.start(1)
