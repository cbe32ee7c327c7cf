"""PGN for variants: game records read and written, with SAN in the rule file's piece letters.

The game model is a small tree like ``chess.pgn``'s: a ``Game`` (the tags and the start position)
is the root ``GameNode``; every node holds the move that leads to it (``move``, the core's move
text such as ``e2e4`` or ``P@e4``), its comments, NAGs and its ``variations`` (the first one is
the main line). Nodes are mutable, so that a board (the studio, ``ntk variant play``) can add
moves and variations as they are played.

SAN follows Fairy-Stockfish and pychess-variants: the piece letter of the rule file (upper case;
``+B`` for a promoted piece), none for pieces that move and capture as the chess pawn does; the
file, the rank or both of the piece that moves when another piece of the same kind can reach the
square; ``x`` for captures (a pawn's file before it); ``=Q`` for a promotion to a piece, ``+`` for
a promotion to the ``+`` state of the rule file (``=`` for a declined promotion when the text
would otherwise read as another move); ``P@e4`` for drops; ``O-O`` / ``O-O-O``; ``+`` / ``#`` for
check and checkmate. The reader also accepts coordinates (``e2e4``), ``0-0``, annotations
(``!?``), a needless pawn letter, and Fairy-Stockfish's letters of promoted shogi pieces after
``=`` (``Bd8=H``).

Tags: the Seven Tag Roster, ``[Variant "..."]`` (the rule file's ``variant=`` name),
``[RuleFile "..."]`` (the path of the rule file, relative to the PGN file), and for a start
position other than the variant's: ``[SetUp "1"]`` with ``[FEN "..."]`` (boards of 8+ files
without hands) or ``[FEEN "..."]``.

Errors are ``PgnError`` (a ``NotationError``) with a diagnostic pointing into the PGN text (VAR501
syntax, VAR502 tags, VAR503 illegal move, VAR504 ambiguous move, VAR505 limits). Work is bounded
by ``Limits``.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from notation_toolkit.core.codes import info_of
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.span import Span
from notation_toolkit.variant import codes
from notation_toolkit.variant.position import CAPTURE, CASTLE, DROP, NOPROMO, PASS, SQ, Move, Position
from notation_toolkit.variant.tables import GATE_ON_PARTNER, GATE_SHIFT, Core, VariantLike

__all__ = [
    "Game",
    "GameNode",
    "Limits",
    "PgnError",
    "ReplayResult",
    "parse_san",
    "read_game",
    "read_games",
    "replay",
    "san",
    "write_game",
    "write_games",
]


class PgnError(NotationError):
    """A game record that cannot be read or replayed (VAR501-VAR505)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds of the reader: games per call, plies per game, nesting depth of variations."""

    max_games: int = 10_000
    max_plies: int = 5_000
    max_depth: int = 64


DEFAULT_LIMITS = Limits()

# -- SAN ---------------------------------------------------------------------------------------------


_PAWN_LIKE: weakref.WeakKeyDictionary[Core, list[bool]] = weakref.WeakKeyDictionary()


def _pawn_like(core: Core) -> list[bool]:
    """Per piece type: moves one step forward (or two, from any rank) and captures one step
    diagonally forward, as the chess pawn (its SAN has no letter; Fairy-Stockfish's PAWN type)."""
    cached = _PAWN_LIKE.get(core)
    if cached is not None:
        return cached
    g = core.geometry
    w, h = g.width, g.height
    out: list[bool] = []
    sq = (h // 2) * w + w // 2
    for t, piece in enumerate(core.pieces):
        if core.royal[t] or w < 3 or h < 3:
            out.append(False)
            continue
        ahead = sq + w
        quiets = piece.quiets(sq, 0, 0)
        attacks = piece.attacks(sq, 0, 0)
        # a double step from every rank (torpedo) keeps it Fairy-Stockfish's pawn type
        steps = quiets in (1 << ahead, (1 << ahead) | (1 << (ahead + w)))
        out.append(steps and attacks == (1 << (ahead - 1)) | (1 << (ahead + 1)))
    _PAWN_LIKE[core] = out
    return out


def _letter(core: Core, t: int) -> str:
    key = core.keys[t]
    return key.upper()


def _file_rank(name: str) -> tuple[str, str]:
    i = len(name.rstrip("0123456789"))
    return name[:i], name[i:]


def _base_san(pos: Position, code: int, legal: list[Move], pawn_like: list[bool]) -> str:
    text = _move_san(pos, code, legal, pawn_like)
    gate = code >> GATE_SHIFT & SQ
    if gate:
        # Fairy-Stockfish's SAN of gating: Nf3/H, and with the square for a castling (O-O/Hh1)
        text += "/" + _letter(pos.core, gate - 1).lstrip("+")
        if code & CASTLE:
            square = (code >> 20 & SQ) - 1 if code & GATE_ON_PARTNER else code & SQ
            text += pos.core.names[square]
    return text


def _move_san(pos: Position, code: int, legal: list[Move], pawn_like: list[bool]) -> str:
    core = pos.core
    names = core.names
    to = code >> 10 & SQ
    if code & DROP:
        return _letter(core, code & SQ).lstrip("+") + "@" + names[to]
    if code & PASS:
        return "pass"  # the end of a turn of several moves where no further move is possible
    frm = code & SQ
    if code & CASTLE:
        return "O-O" if to % core.geometry.width > frm % core.geometry.width else "O-O-O"
    piece = pos.board[frm]
    t = piece >> 1
    out = ""
    if pawn_like[t]:
        if code & CAPTURE:
            out = _file_rank(names[frm])[0] + "x"
    else:
        out = _letter(core, t)
        others = [
            m.code & SQ
            for m in legal
            if m.code >> 10 & SQ == to
            and not m.code & (DROP | CASTLE)
            and m.code & SQ != frm
            and pos.board[m.code & SQ] == piece
        ]
        if others:
            f, r = _file_rank(names[frm])
            if all(_file_rank(names[o])[0] != f for o in others):
                out += f
            elif all(_file_rank(names[o])[1] != r for o in others):
                out += r
            else:
                out += f + r
        if code & CAPTURE:
            out += "x"
    out += names[to]
    promo = code >> 20 & SQ
    if promo:
        key = core.keys[promo - 1]
        out += "+" if key.startswith("+") else "=" + key.upper()
    return out


def san(pos: Position, move: Move | str) -> str:
    """The SAN of a legal move of ``pos`` (see the module doc), with ``+`` / ``#``.

    >>> from notation_toolkit.variant import Variant
    >>> chess = Variant.load("examples/variants/chess.fbr")
    >>> pos = chess.start()
    >>> san(pos, "g1f3"), san(pos, "e2e4")
    ('Nf3', 'e4')
    """
    legal = pos.legal_moves()
    mv = pos.parse_move(move) if isinstance(move, str) else move
    return _full_san(pos, mv, legal, _pawn_like(pos.core))


def _suffix(pos: Position, mv: Move) -> str:
    # "#" for a check that ends the game in the mover's favour: checkmate, and the last check of
    # royal=maxchecks(N), as Fairy-Stockfish marks it
    mover = pos.turn
    pos.push(mv)
    try:
        if not pos.core.royal_types or not pos.is_check():
            return ""
        outcome = pos.outcome()
        return "#" if outcome is not None and outcome.winner == mover else "+"
    finally:
        pos.pop()


def _full_san(pos: Position, mv: Move, legal: list[Move], pawn_like: list[bool]) -> str:
    text = _base_san(pos, mv.code, legal, pawn_like)
    suffix = _suffix(pos, mv)
    if mv.code & NOPROMO and suffix == "+":
        # "Pg7+" would also be the promotion to the + state without check: mark the declined one
        frm, to = mv.code & SQ, mv.code >> 10 & SQ
        for m in legal:
            promo = m.code >> 20 & SQ
            if (
                promo
                and not m.code & CASTLE
                and m.code & SQ == frm
                and m.code >> 10 & SQ == to
                and pos.core.keys[promo - 1].startswith("+")
                and not _suffix(pos, m)
            ):
                text += "="
                break
    return text + suffix


_SAN = re.compile(
    r"(?P<piece>\+?[A-Z])?(?P<ff>[a-z])?(?P<fr>[0-9]{1,2})?(?P<x>[x:])?-?"
    r"(?P<to>[a-z][0-9]{1,2})(?P<promo>=\+?[A-Z]|=|\+|\([A-Z]\))?"
)
_DROP = re.compile(r"(?P<piece>\+?[A-Z])?[@*](?P<to>[a-z][0-9]{1,2})")
_CASTLE = re.compile(r"([O0])-\1(-\1)?")


def _matches(pos: Position, text: str, legal: list[Move], pawn_like: list[bool]) -> list[Move] | None:
    """The legal moves a SAN text (no check marks) can name, or ``None`` if it is not SAN; a
    gating suffix (``Nf3/H``, ``O-O/Hh1``) names the piece gated and, for a castling, its square."""
    text, slash, gate = text.partition("/")
    found = _matches_move(pos, text, legal, pawn_like)
    if found is None:
        return None
    if not slash:
        return [m for m in found if not m.code >> GATE_SHIFT & SQ]
    core = pos.core
    out = []
    for m in found:
        g = m.code >> GATE_SHIFT & SQ
        if not g or _letter(core, g - 1).lstrip("+") != gate[:1]:
            continue
        if gate[1:]:
            square = (m.code >> 20 & SQ) - 1 if m.code & GATE_ON_PARTNER else m.code & SQ
            if core.names[square] != gate[1:]:
                continue
        out.append(m)
    return out


def _matches_move(pos: Position, text: str, legal: list[Move], pawn_like: list[bool]) -> list[Move] | None:
    core = pos.core
    names = core.names
    castle = _CASTLE.fullmatch(text)
    if castle:
        long = castle.group(2) is not None
        w = core.geometry.width
        return [m for m in legal if m.code & CASTLE and ((m.code >> 10 & SQ) % w > (m.code & SQ) % w) != long]
    drop = _DROP.fullmatch(text)
    if drop:
        letter = drop["piece"] or "P"
        return [
            m
            for m in legal
            if m.code & DROP
            and names[m.code >> 10 & SQ] == drop["to"]
            and _letter(core, m.code & SQ).lstrip("+") == letter.lstrip("+")
        ]
    found = _SAN.fullmatch(text)
    if not found:
        return None
    piece, ff, fr, to, promo = found["piece"], found["ff"], found["fr"], found["to"], found["promo"]
    if ff == "x" and found["x"] is None and fr is None:
        ff = None  # "Nxd5": the x of a capture, not a file
    letters = {_letter(core, t) for t in range(core.n)}
    out = []
    for m in legal:
        code = m.code
        if code & (DROP | CASTLE) or names[code >> 10 & SQ] != to:
            continue
        frm = code & SQ
        t = pos.board[frm] >> 1
        if piece is None:
            if not pawn_like[t]:
                continue
        elif _letter(core, t) != piece and not (piece == "P" and pawn_like[t]):
            continue
        f, r = _file_rank(names[frm])
        if (ff is not None and ff != f) or (fr is not None and fr != r):
            continue
        p = code >> 20 & SQ
        key = core.keys[p - 1] if p else ""
        if promo is None or promo == "=":
            if p:
                continue
        elif promo == "+":
            if not key.startswith("+"):
                continue
        else:
            want = promo.strip("=()")
            if key.upper() != want and not (key.startswith("+") and want not in letters):
                continue
        out.append(m)
    if not out and piece is None and "P" in letters:
        # "e4" for shogi's or xiangqi's P, whose SAN has its letter
        return _matches_move(pos, "P" + text, legal, pawn_like)
    return out


def parse_san(pos: Position, text: str) -> Move:
    """The legal move of ``pos`` a SAN (or coordinate) text names; ``PgnError`` VAR503 (not legal)
    or VAR504 (ambiguous) otherwise.

    >>> from notation_toolkit.variant import Variant
    >>> chess = Variant.load("examples/variants/chess.fbr")
    >>> parse_san(chess.start(), "Nf3").text
    'g1f3'
    """
    legal = pos.legal_moves()
    return _resolve(
        pos, text, legal, Span(0, len(text)), "the start position" if not pos.stack else "the moves played"
    )


def _resolve(pos: Position, text: str, legal: list[Move], span: Span, before: str) -> Move:
    token = text.rstrip("!?")
    for mv in legal:
        if mv.text == token:
            return mv
    pawn_like = _pawn_like(pos.core)
    bare = token.rstrip("#")
    tries = [bare]
    if bare.endswith("++"):
        tries += [bare[:-1], bare[:-2]]
    elif bare.endswith("+"):
        tries.append(bare[:-1])
    readings = [(attempt, _matches(pos, attempt, legal, pawn_like)) for attempt in tries]
    if sum(1 for _, found in readings if found) > 1:
        # "Pg7+": the promotion, or the declined promotion with check; the full SAN tells
        exact = [
            m for _, found in readings for m in found or () if _full_san(pos, m, legal, pawn_like) == bare
        ]
        if len(exact) == 1:
            return exact[0]
    for _attempt, found in readings:
        if not found:
            continue
        if len(found) == 1:
            return found[0]
        shown = ", ".join(sorted(_base_san(pos, m.code, legal, pawn_like) for m in found))
        raise info_of(codes.PGN_AMBIGUOUS).error(
            PgnError, "ambiguous", span=span, move=text, candidates=shown
        )
    if before == "the start position":
        raise info_of(codes.PGN_ILLEGAL).error(
            PgnError, "illegal_start", span=span, hint=_near(pos, token, legal, pawn_like), move=text
        )
    raise info_of(codes.PGN_ILLEGAL).error(
        PgnError, "illegal", span=span, hint=_near(pos, token, legal, pawn_like), move=text, before=before
    )


def _near(pos: Position, token: str, legal: list[Move], pawn_like: list[bool]) -> str:
    """The legal moves most like ``token``: same target square, then same piece letter."""
    if not legal:
        return "there is no legal move: the game is over"
    sans = [_base_san(pos, m.code, legal, pawn_like) for m in legal]
    target = re.search(r"[a-z][0-9]{1,2}(?=[^a-z0-9]*$)", token)
    close = [s for s in sans if target is not None and target.group(0) in s]
    if not close and token[:1].isupper():
        close = [s for s in sans if s.startswith(token[:1])]
    shown = sorted(close or sans)
    more = " ..." if len(shown) > 12 else ""
    return "legal moves like it: " + ", ".join(shown[:12]) + more


# -- the game tree ------------------------------------------------------------------------------------


class GameNode:
    """A node of a game tree: the ``move`` leading to it (core move text; ``None`` at the root),
    its ``san`` (as read or written), comments, NAGs and ``variations`` (the main line first)."""

    __slots__ = ("comment", "move", "nags", "parent", "san", "span", "starting_comment", "variations")

    def __init__(self, parent: GameNode | None = None, move: str | None = None, san: str = "") -> None:
        self.parent = parent
        self.move = move
        self.san = san
        self.comment = ""
        self.starting_comment = ""
        self.nags: list[int] = []
        self.variations: list[GameNode] = []
        self.span: Span | None = None

    def add_variation(self, move: str, *, san: str = "", comment: str = "") -> GameNode:
        """A new child (a variation after the existing ones; the main line if it is the first)."""
        node = GameNode(self, move, san)
        node.comment = comment
        self.variations.append(node)
        return node

    def add_main_variation(self, move: str, *, san: str = "", comment: str = "") -> GameNode:
        """A new child that becomes the main line (the old main line becomes a variation)."""
        node = self.add_variation(move, san=san, comment=comment)
        self.variations.insert(0, self.variations.pop())
        return node

    @property
    def next(self) -> GameNode | None:
        """The main-line child, if any."""
        return self.variations[0] if self.variations else None

    def game(self) -> Game:
        """The root of the tree."""
        node: GameNode = self
        while node.parent is not None:
            node = node.parent
        assert isinstance(node, Game)
        return node

    def moves(self) -> list[str]:
        """The moves (core text) from the start position to this node."""
        out: list[str] = []
        node: GameNode | None = self
        while node is not None and node.move is not None:
            out.append(node.move)
            node = node.parent
        out.reverse()
        return out

    def position(self) -> Position:
        """The position at this node (the start position with the moves to it played)."""
        pos = self.game().start()
        for mv in self.moves():
            pos.push(mv)
        return pos

    def mainline(self) -> Iterator[GameNode]:
        """The nodes of the main line after this node."""
        node = self.next
        while node is not None:
            yield node
            node = node.next

    def end(self) -> GameNode:
        """The last node of the main line."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node


class Game(GameNode):
    """A game: ``headers`` (the tags, in order), the ``variant`` and the start position ``setup``
    (FEEN or FEN; ``None``: the variant's start), and the moves as a tree of ``GameNode``."""

    __slots__ = ("headers", "setup", "variant")

    def __init__(self, variant: VariantLike | None = None, setup: str | None = None) -> None:
        super().__init__()
        self.variant = variant
        self.setup = setup
        self.headers: dict[str, str] = dict(_ROSTER)
        if variant is not None:
            self.headers["Variant"] = variant.name

    @classmethod
    def from_position(cls, position: Position, *, headers: dict[str, str] | None = None) -> Game:
        """A game of the moves played on ``position`` (its move stack), from the position they
        started in; ``Result`` from its outcome when it is over."""
        # popped from a copy: Position.move_stack replays moves without their check counts
        full = _with_stack(position)
        moves: list[str] = []
        while full.stack:
            moves.append(full.pop().text)
        moves.reverse()
        variant = position.variant
        setup: str | None = full.feen()
        standard = getattr(variant, "start_text", None)
        if standard is not None:
            try:
                if Position.from_text(variant, standard) == full:
                    setup = None
            except NotationError:
                pass
        game = cls(variant, setup)
        if headers:
            game.headers.update(headers)
        node: GameNode = game
        for mv in moves:
            node = node.add_variation(mv)
        outcome = position.outcome()
        if outcome is not None:
            game.headers["Result"] = outcome.result()
        return game

    def start(self) -> Position:
        """The start position (a new ``Position``)."""
        if self.variant is None:
            raise info_of(codes.PGN_TAG).error(PgnError, "no_rules")
        if self.setup is not None:
            return Position.from_text(self.variant, self.setup)
        start = getattr(self.variant, "start", None)
        if callable(start):
            pos = start()
            assert isinstance(pos, Position)
            return pos
        text = getattr(self.variant, "start_text", None)
        if text is None:
            raise info_of(codes.NO_START).error(PgnError, "rule_file_has", name=self.variant.name)
        return Position.from_text(self.variant, text)

    def mainline_moves(self) -> list[str]:
        """The moves of the main line (core text)."""
        return [node.move for node in self.mainline() if node.move is not None]


def _with_stack(position: Position) -> Position:
    """A copy of ``position`` that keeps its move stack (``copy()`` drops it)."""
    other = position.copy()
    other.stack = list(position.stack)
    return other


# -- writing ----------------------------------------------------------------------------------------


def write_game(game: Game, *, width: int = 80) -> str:
    """The game as PGN text (tags, then the movetext wrapped at ``width`` columns)."""
    headers = {name: game.headers.get(name, default) for name, default in _ROSTER.items()}
    headers.update(game.headers)
    if game.variant is not None:
        headers.setdefault("Variant", game.variant.name)
    pos = game.start()
    if game.setup is not None:
        headers["SetUp"] = "1"
        try:
            fen = pos.fen()
            headers["FEN"] = fen
            headers.pop("FEEN", None)
        except NotationError:
            headers["FEEN"] = pos.feen()
            headers.pop("FEN", None)
    lines = [f'[{name} "{_escape(value)}"]' for name, value in headers.items()]
    tokens: list[str] = []
    if game.comment:
        tokens.append("{" + _clean_comment(game.comment) + "}")
    _write_line(game, pos, tokens, True)
    tokens.append(headers.get("Result", "*"))
    return "\n".join(lines) + "\n\n" + _wrap(tokens, width) + "\n"


_ROSTER = {
    "Event": "?",
    "Site": "?",
    "Date": "????.??.??",
    "Round": "?",
    "White": "?",
    "Black": "?",
    "Result": "*",
}


def write_games(games: list[Game]) -> str:
    """Several games as one PGN text."""
    return "\n".join(write_game(g) for g in games)


def _write_line(node: GameNode, pos: Position, tokens: list[str], number_next: bool) -> None:
    """Write the main line after ``node`` (``pos`` is its position), with variations, iteratively
    along the main line (recursion only for variations)."""
    pawn_like = _pawn_like(pos.core)
    pushed = 0
    # turns of several moves: the move number counts the first player's turns, not plies
    turn_no = _turn_number(pos) if pos.core.turn_lengths is not None else None
    try:
        while node.variations:
            main = node.variations[0]
            legal = pos.legal_moves()
            mv = pos.parse_move(main.move or "")
            _write_move(pos, main, mv, legal, pawn_like, tokens, number_next, turn_no)
            number_next = False
            for alt in node.variations[1:]:
                tokens.append("(")
                amv = pos.parse_move(alt.move or "")
                _write_move(pos, alt, amv, legal, pawn_like, tokens, True, turn_no)
                pos.push(amv)
                try:
                    _write_line(alt, pos, tokens, False)
                finally:
                    pos.pop()
                tokens.append(")")
                number_next = True
            if main.comment or len(node.variations) > 1:
                number_next = True
            pos.push(mv)
            pushed += 1
            node = main
            if turn_no is not None and pos.turn == 0 and pos.phase == 0:
                turn_no += 1
    finally:
        for _ in range(pushed):
            pos.pop()


def _turn_number(pos: Position) -> int:
    """The number of the first player's turn ``pos`` stands in (or follows): its turn starts from
    the start of the move stack up to ``pos``, at least 1."""
    moves = []
    while pos.stack:
        moves.append(pos.pop())
    count = 0
    for mv in reversed(moves):
        count += pos.turn == 0 and pos.phase == 0
        pos.push(mv)
    count += pos.turn == 0 and pos.phase == 0
    return max(count, 1)


def _write_move(
    pos: Position,
    node: GameNode,
    mv: Move,
    legal: list[Move],
    pawn_like: list[bool],
    tokens: list[str],
    number: bool,
    turn_no: int | None = None,
) -> None:
    if node.starting_comment:
        tokens.append("{" + _clean_comment(node.starting_comment) + "}")
        number = True
    move_number = pos.ply // 2 + 1 if turn_no is None else turn_no
    if pos.turn == 0 and (pos.phase == 0 or number):
        tokens.append(f"{move_number}.")
    elif number:
        tokens.append(f"{move_number}...")
    node.san = _full_san(pos, mv, legal, pawn_like)
    tokens.append(node.san)
    tokens.extend(f"${n}" for n in node.nags)
    if node.comment:
        tokens.append("{" + _clean_comment(node.comment) + "}")


def _clean_comment(text: str) -> str:
    return text.replace("}", ")").strip()


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _wrap(tokens: list[str], width: int) -> str:
    lines: list[str] = []
    line = ""
    for tok in tokens:
        sep = "" if not line or line.endswith("(") or tok == ")" else " "
        if line and len(line) + len(sep) + len(tok) > width:
            lines.append(line)
            line = tok
        else:
            line += sep + tok
    if line:
        lines.append(line)
    return "\n".join(lines)


# -- reading ----------------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"""
    (?P<ws>[ \t\r\n\f\v]+)
  | (?P<comment>\{[^}]*\}?)
  | (?P<line_comment>;[^\n]*)
  | (?P<tag>\[[ \t]*(?P<tname>[A-Za-z0-9_+#=:\-]+)[ \t]+"(?P<tval>(?:[^"\\\n]|\\.)*)"[ \t]*\])
  | (?P<open>\()
  | (?P<close>\))
  | (?P<nag>\$[0-9]{1,3})
  | (?P<result>(?:1-0|0-1|1/2-1/2|\*)(?![A-Za-z0-9]))
  | (?P<castle>[O0]-[O0](?:-[O0])?(?:/[A-Z][a-z0-9]{0,3})?[+#]*[!?]*)
  | (?P<number>[0-9]+\.*)
  | (?P<move>[A-Za-z+@*][A-Za-z0-9@*+#=:\-()!?/]{0,15}?(?=[\s(){};$]|$)
            |[A-Za-z+@*][A-Za-z0-9@*+#=:\-!?/]{0,15})
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


_NEXT_GAME = re.compile(r"\n(?=\[)")


@dataclass(slots=True)
class _Raw:
    """A game as read, before its moves are checked: the tree holds SAN texts."""

    game: Game
    error: Diagnostic | None = None
    moves: list[tuple[GameNode, Span]] = field(default_factory=list)


def _parse(text: str, limits: Limits) -> Iterator[_Raw]:
    """Split ``text`` into games and build their trees (SAN not resolved yet)."""
    line, line_start = 1, 0
    current: _Raw | None = None
    stack: list[GameNode] = []
    node: GameNode | None = None
    in_moves = False
    skipping = False
    games = 0
    pending_comment = ""

    def span_at(start: int, end: int) -> Span:
        return Span(start, end - start, line, start - line_start + 1)

    def fail(diag: Diagnostic) -> None:
        nonlocal skipping
        assert current is not None
        if current.error is None:
            current.error = diag
        skipping = True

    pos = 0
    n = len(text)
    while pos < n:
        found = _TOKEN.match(text, pos)
        assert found is not None
        kind = found.lastgroup
        start, end = found.start(), found.end()
        value = found.group(0)
        newlines = value.count("\n")
        # a new game starts at a tag after moves, or at the first token that is not white space
        if (kind == "tag" and in_moves) or (current is None and kind not in ("ws", "line_comment")):
            if current is not None:
                yield current
            games += 1
            if games > limits.max_games:
                raise info_of(codes.PGN_LIMIT).error(
                    PgnError, "games", span=span_at(start, end), limit=limits.max_games
                )
            current = _Raw(Game())
            current.game.headers = {}
            node, stack, in_moves, skipping, pending_comment = current.game, [], False, False, ""
        if kind in ("ws", "line_comment") or (kind == "other" and value == "%" and start == line_start):
            if kind == "other":  # an escape line (PGN 6)
                eol = text.find("\n", start)
                end = n if eol < 0 else eol
                newlines = 0
        elif current is None or node is None:
            pass
        elif skipping:
            # the rest of a broken game: on to the next tag at the start of a line
            found_next = _NEXT_GAME.search(text, end)
            stop = n if found_next is None else found_next.start() + 1
            newlines += text.count("\n", end, stop)
            if newlines:
                line_start = text.rindex("\n", 0, stop) + 1
                line += newlines
                newlines = 0
            end = stop
        elif kind == "tag":
            raw_value = found.group("tval")
            current.game.headers[found.group("tname")] = re.sub(r"\\(.)", r"\1", raw_value)
        elif kind == "comment":
            if not value.endswith("}") or len(value) < 2:
                fail(
                    info_of(codes.PGN_SYNTAX).diagnostic(
                        "open", span=span_at(start, start + 1), what="a comment {"
                    )
                )
            else:
                body = value[1:-1].strip()
                if node is current.game and not in_moves:
                    current.game.comment = (current.game.comment + " " + body).strip()
                elif node.move is None or pending_comment:
                    pending_comment = (pending_comment + " " + body).strip()
                else:
                    node.comment = (node.comment + " " + body).strip()
            in_moves = in_moves or node is not current.game
        elif kind == "open":
            in_moves = True
            if node.parent is None or len(stack) >= limits.max_depth:
                if len(stack) >= limits.max_depth:
                    raise info_of(codes.PGN_LIMIT).error(
                        PgnError, "depth", span=span_at(start, end), limit=limits.max_depth
                    )
                fail(info_of(codes.PGN_SYNTAX).diagnostic("token", span=span_at(start, end), token=value))
            else:
                stack.append(node)
                node = node.parent
                pending_comment = ""
        elif kind == "close":
            if not stack:
                fail(
                    info_of(codes.PGN_SYNTAX).diagnostic(
                        "close", span=span_at(start, end), what="a variation )"
                    )
                )
            else:
                node = stack.pop()
        elif kind == "nag":
            node.nags.append(int(value[1:]))
        elif kind == "number":
            in_moves = True
        elif kind == "result":
            in_moves = True
            if stack:
                fail(
                    info_of(codes.PGN_SYNTAX).diagnostic(
                        "open", span=span_at(start, end), what="a variation ("
                    )
                )
            else:
                current.game.headers.setdefault("Result", value)
                yield current
                current, node = None, None
        elif kind in ("move", "castle"):
            in_moves = True
            if len(current.moves) >= limits.max_plies:
                raise info_of(codes.PGN_LIMIT).error(
                    PgnError, "plies", span=span_at(start, end), limit=limits.max_plies
                )
            child = node.add_variation("", san=value)
            child.span = span_at(start, end)
            if pending_comment:
                child.starting_comment, pending_comment = pending_comment, ""
            current.moves.append((child, child.span))
            node = child
        else:  # other
            if value == "[":
                fail(info_of(codes.PGN_SYNTAX).diagnostic("tag", span=span_at(start, end)))
            elif value == "{":
                fail(
                    info_of(codes.PGN_SYNTAX).diagnostic("open", span=span_at(start, end), what="a comment {")
                )
            else:
                fail(info_of(codes.PGN_SYNTAX).diagnostic("token", span=span_at(start, end), token=value))
        if newlines:
            line += newlines
            line_start = start + value.rindex("\n") + 1 if kind != "other" else line_start
        pos = end
    if current is not None:
        if stack and current.error is None:
            current.error = info_of(codes.PGN_SYNTAX).diagnostic(
                "open", span=stack[-1].span, what="a variation ("
            )
        yield current


def _name_key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """A game of a PGN text, replayed: the ``game`` (its moves resolved as far as they are legal)
    and the ``error`` that stopped it (``None``: every move is legal)."""

    game: Game
    error: PgnError | None


def replay(
    text: str,
    *,
    variant: VariantLike | None = None,
    load_rules: Callable[[str], VariantLike] | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> Iterator[ReplayResult]:
    """Read every game of a PGN text and replay it through the core, game by game.

    The variant is ``variant`` when given, else ``load_rules(path)`` of the game's ``[RuleFile]``
    tag. Each result holds the game and the first problem of that game (syntax, tags, an illegal
    or ambiguous move); a ``PgnError`` for the limits stops the reading.
    """
    for raw in _parse(text, limits):
        game = raw.game
        if raw.error is not None:
            yield ReplayResult(game, PgnError([raw.error], text))
            continue
        try:
            _setup(game, variant, load_rules)
            _resolve_tree(game, text)
        except PgnError as exc:
            yield ReplayResult(game, PgnError(exc.diagnostics, text))
            continue
        yield ReplayResult(game, None)


def read_games(
    text: str,
    *,
    variant: VariantLike | None = None,
    load_rules: Callable[[str], VariantLike] | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> list[Game]:
    """Every game of a PGN text, replayed; the first problem raises ``PgnError``."""
    out = []
    for result in replay(text, variant=variant, load_rules=load_rules, limits=limits):
        if result.error is not None:
            raise result.error
        out.append(result.game)
    return out


def read_game(text: str, *, variant: VariantLike | None = None) -> Game:
    """The first game of a PGN text (``PgnError`` if there is none or it cannot be replayed).

    >>> from notation_toolkit.variant import Variant
    >>> chess = Variant.load("examples/variants/chess.fbr")
    >>> game = read_game("1. e4 e5 2. Nf3 {develops} Nc6 (2... d6) *", variant=chess)
    >>> game.mainline_moves(), game.next.next.next.comment
    (['e2e4', 'e7e5', 'g1f3', 'b8c6'], 'develops')
    """
    for game in read_games(text, variant=variant, limits=Limits(max_games=1)):
        return game
    raise info_of(codes.PGN_SYNTAX).error(
        PgnError, "token", span=Span(0, len(text)), token=text[:20], text=text
    )


def _setup(game: Game, variant: VariantLike | None, load_rules: Callable[[str], VariantLike] | None) -> None:
    headers = game.headers
    if variant is None:
        path = headers.get("RuleFile")
        if path is None or load_rules is None:
            raise info_of(codes.PGN_TAG).error(PgnError, "no_rules")
        try:
            variant = load_rules(path)
        except NotationError as exc:
            raise info_of(codes.PGN_TAG).error(
                PgnError,
                "rule_file",
                path=path,
                message=exc.diagnostics[0].message if exc.diagnostics else str(exc),
            ) from None
        except OSError as exc:
            raise info_of(codes.PGN_TAG).error(
                PgnError, "rule_file", path=path, message=exc.strerror or str(exc)
            ) from None
    named = headers.get("Variant")
    if named is not None and _name_key(named) not in (
        _name_key(variant.name),
        "",
        "standard" if _name_key(variant.name) == "chess" else "-",
    ):
        raise info_of(codes.PGN_TAG).error(PgnError, "variant", named=named, name=variant.name)
    game.variant = variant
    for tag in ("FEEN", "FEN"):
        value = headers.get(tag)
        if value is not None:
            try:
                Position.from_text(variant, value)
            except NotationError as exc:
                raise info_of(codes.PGN_TAG).error(
                    PgnError, "position", tag=tag, name=variant.name, message=exc.diagnostics[0].message
                ) from None
            game.setup = value
            break


def _resolve_tree(game: Game, text: str) -> None:
    pos = game.start()
    _resolve_line(game, pos, 0)


def _resolve_line(node: GameNode, pos: Position, depth: int) -> None:
    pushed = 0
    try:
        while node.variations:
            legal = pos.legal_moves()
            for alt in node.variations[1:]:
                mv = _resolve_node(pos, alt, legal)
                pos.push(mv)
                try:
                    _resolve_line(alt, pos, depth + 1)
                finally:
                    pos.pop()
            main = node.variations[0]
            mv = _resolve_node(pos, main, legal)
            pos.push(mv)
            pushed += 1
            node = main
    finally:
        for _ in range(pushed):
            pos.pop()


def _resolve_node(pos: Position, node: GameNode, legal: list[Move]) -> Move:
    span = node.span or Span(0, 0)
    if not legal:
        outcome = pos.outcome()
        raise info_of(codes.PGN_ILLEGAL).error(
            PgnError,
            "over",
            span=span,
            hint="the moves after the end of a game cannot be played",
            move=node.san,
            result=outcome.result() if outcome else "*",
            reason=outcome.reason if outcome else "no legal move",
        )
    mv = _resolve(pos, node.san, legal, span, _before(pos, node))
    node.move = mv.text
    return mv


def _before(pos: Position, node: GameNode) -> str:
    parent = node.parent
    if parent is None or parent.move is None:
        return "the start position"
    n = pos.ply - 1
    return f"{n // 2 + 1}{'.' if n % 2 == 0 else '...'} {parent.san}"
