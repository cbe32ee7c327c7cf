"""The fast path of MBN (and of the FBR rules of a rule file): a hand-written reader of the shipped grammar.

``grammars/mbn.lark`` (with ``fbr.lark`` for rules) stays the single source of truth: this module
reads exactly the language of the shipped grammars, token for token as Lark's contextual lexer
splits it, and builds exactly the nodes ``MbnTransformer`` / ``FbrTransformer`` build, with the
same spans. It is a recursive-descent reader over one whitespace-free item; each function below
names the grammar rule it reads.

It never reports an error: on anything it does not read (a syntax error, a number longer than the
transformer accepts, a rule part given twice, any text a user grammar would be needed for) it
returns ``None`` and the caller parses with Lark, so every diagnostic still comes from the Lark
path. ``tests/mbn/test_fast_mbn.py`` and ``tests/fbr/test_fast_fbr.py`` compare both paths, node
for node and span for span, on the corpus, on grammar-generated sentences and on mutations.

Where the lexer decides rather than the grammar, the reader follows the lexer (the terminal
priorities of ``mbn.lark``): a castling ``O-O`` is one token wherever a head letter may stand, an
amalgamated ``(fs)`` or circular ``(f)`` is one token wherever the grammar accepts one (so
``N(fs)`` is an atom with its circular part, never ``N`` and a group), ``==`` is read before ``=``,
``--`` before ``-``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from types import CodeType, FunctionType, MemberDescriptorType
from typing import Any, TypeVar

from notation_toolkit.core.span import Span
from notation_toolkit.mbn import ast
from notation_toolkit.mbn.codes import MAX_NUMBER_DIGITS

__all__ = ["Reader", "parse_item", "parse_moves"]

_UPPER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")
_DIGITS = frozenset("0123456789")
_RANGE_SYMBOLS = frozenset("#.+*:")

# The terminals of mbn.lark longer than one character (tests/mbn/test_fast_mbn.py checks each
# pattern against the grammar, the single source of truth).
_INT = re.compile(r"[0-9]+")
_PREFIXES = re.compile(r"[-+#*$%&]+")
_COMPOUND = re.compile(r":[A-Za-z][A-Za-z0-9]{0,2}:")
_EXTENDED = re.compile(r":[0-9]+,[0-9]+:")
_CASTLING = re.compile(r"O-O(-O)?")
_AMALGAM = re.compile(r"\([bdflrstvz]{2,}\)")
_CIRCULAR = re.compile(r"\([bdflrstvz]\)")
_PIECE_NAME = re.compile(r"\|[^|\r\n\x00]*\|")
_ANNOUNCEMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# A run of bare atoms (the commonest partial move: `W`, `BN`, `W0`, `F4`): letters with steps.
# A run of bare modifier letters may precede them (`mfW`, `cK`): group 1 ends the modifiers.
_PLAIN_UNITS = re.compile(r"([a-z]*)(?:[A-Z](?:[0-9]+\*?)?)+")
_PLAIN_END = frozenset("+-=)]")
# A run of head letters (castling first, as its priority makes the lexer read it).
_HEAD_LETTERS = re.compile(r"(?:O-O(?:-O)?|[A-Z]|:[A-Za-z][A-Za-z0-9]{0,2}:)+")


class Decline(Exception):
    """The text is not read here (invalid, or beyond what the reader handles): use Lark."""


_T = TypeVar("_T")


def builder(cls: type[_T]) -> Callable[..., _T]:
    """A constructor of the frozen, slotted dataclass ``cls`` taking every field, in order, positionally.

    It fills the slots directly instead of calling the frozen ``__init__`` (one
    ``object.__setattr__`` per field): about twice as fast, and an item makes a dozen nodes and as
    many spans, which is most of the reading time. The instances are those ``cls(...)`` makes: no
    node class has a ``__post_init__``, and a class that had one (or no slots) is returned itself.
    """
    built: Callable[..., _T] | None = _BUILT.get(cls)
    if built is not None:
        return built
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if hasattr(cls, "__post_init__") or not all(
        isinstance(getattr(cls, name, None), MemberDescriptorType) for name in names
    ):
        return cls
    # One code object per number of fields, compiled once: the function of a class is that code
    # with the class and its slots' setters as globals (fbr.fast asks for the same classes again).
    code = _BUILD_CODE.get(len(names))
    if code is None:
        params = ", ".join(f"a{i}" for i in range(len(names)))
        body = "".join(f"    set{i}(node, a{i})\n" for i in range(len(names)))
        namespace: dict[str, Any] = {}
        exec(f"def build({params}):\n    node = new(cls)\n{body}    return node\n", namespace)
        code = _BUILD_CODE[len(names)] = namespace["build"].__code__
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    for i, name in enumerate(names):
        scope[f"set{i}"] = getattr(cls, name).__set__
    built = FunctionType(code, scope, f"build_{cls.__name__}")
    _BUILT[cls] = built
    return built


_BUILD_CODE: dict[int, CodeType] = {}
_BUILT: dict[type, Callable[..., Any]] = {}


_Span = builder(Span)
_PieceLetter = builder(ast.PieceLetter)
_SetMember = builder(ast.SetMember)
_PieceSet = builder(ast.PieceSet)
_PieceHead = builder(ast.PieceHead)
_PieceDefinition = builder(ast.PieceDefinition)
_PieceDeclaration = builder(ast.PieceDeclaration)
_MoveSequence = builder(ast.MoveSequence)
_Alternatives = builder(ast.Alternatives)
_PartialMove = builder(ast.PartialMove)
_Modifier = builder(ast.Modifier)
_Atom = builder(ast.Atom)
_Steps = builder(ast.Steps)


class Reader:
    """Reads items of ``text`` between ``start`` and ``end``, all on line ``line``.

    ``line_start`` is the offset of the first character of that line (columns count from it).
    Methods named after grammar rules read that rule at ``self.pos`` and return its node (or the
    value of a structural rule); they raise ``Decline`` on anything else.
    """

    __slots__ = ("end", "line", "pos", "shift", "text")

    def __init__(self, text: str, start: int, end: int, line: int = 1, line_start: int = 0) -> None:
        self.text = text
        self.pos = start
        self.end = end
        self.line = line
        self.shift = line_start - 1  # column = offset - shift

    # -- helpers ----------------------------------------------------------------------------------

    def span(self, start: int) -> Span:
        """The span from ``start`` to the current position."""
        return _Span(start, self.pos - start, self.line, start - self.shift)

    def peek(self) -> str:
        """The character at the current position ('' at the end of the item)."""
        pos = self.pos
        return self.text[pos] if pos < self.end else ""

    def accept(self, char: str) -> bool:
        """Consume ``char`` if it comes next; whether it did."""
        pos = self.pos
        if pos < self.end and self.text[pos] == char:
            self.pos = pos + 1
            return True
        return False

    def expect(self, char: str) -> None:
        """Consume ``char`` or decline."""
        pos = self.pos
        if pos >= self.end or self.text[pos] != char:
            raise Decline
        self.pos = pos + 1

    def match(self, pattern: re.Pattern[str]) -> str | None:
        """Consume a match of ``pattern`` at the current position, if any."""
        found = pattern.match(self.text, self.pos, self.end)
        if found is None:
            return None
        self.pos = found.end()
        return found.group()

    def digits(self) -> str:
        """An INT (declined when longer than the transformer accepts)."""
        found = _INT.match(self.text, self.pos, self.end)
        if found is None:
            raise Decline
        value = found.group()
        if len(value) > MAX_NUMBER_DIGITS:
            raise Decline  # the transformer's LimitError (MBN102 / FBR103) comes from Lark
        self.pos = found.end()
        return value

    def at_end(self) -> bool:
        """True at the end of the item."""
        return self.pos >= self.end

    # -- letters, piece sets, board ranges ----------------------------------------------------------

    def piece_letter(self) -> ast.PieceLetter:
        """``piece_letter: UPPER | LOWER | COMPOUND``."""
        start = self.pos
        char = self.peek()
        if char in _UPPER or char in _LOWER:
            self.pos = start + 1
            return _PieceLetter(char, _Span(start, 1, self.line, start - self.shift))
        if char == ":":
            text = self.match(_COMPOUND)
            if text is not None:
                return _PieceLetter(text, self.span(start))
        raise Decline

    def head_letter(self) -> ast.PieceLetter:
        """``head_letter: UPPER | COMPOUND | CASTLING`` (castling first: its priority is higher)."""
        start = self.pos
        char = self.peek()
        if char == "O":
            text = self.match(_CASTLING)
            if text is not None:
                return _PieceLetter(text, self.span(start))
        if char in _LOWER:
            raise Decline
        return self.piece_letter()

    def prefixes(self) -> str:
        """``prefixes: prefix+`` (or the empty string when there is none)."""
        return self.match(_PREFIXES) or ""

    def piece_set(self) -> ast.PieceSet:
        """``piece_set: "{" set_flags? set_member* "}"``."""
        start = self.pos
        self.expect("{")
        written = ""
        char = self.peek()
        if char == "!" or char == "^":
            # set_flags: "!" "^"? | "^" "!"?; G8: both orders mean the same, the AST keeps "!^".
            self.pos += 1
            written = char
            other = "^" if char == "!" else "!"
            if self.peek() == other:
                self.pos += 1
                written += other
        flags = ("!" if "!" in written else "") + ("^" if "^" in written else "")
        members: list[ast.SetMember] = []
        while True:
            char = self.peek()
            if char == "}":
                self.pos += 1
                return _PieceSet(flags, tuple(members), self.span(start))
            at = self.pos
            prefixes = self.prefixes()
            letter = self.piece_letter()
            members.append(_SetMember(prefixes, letter, self.span(at)))

    def board_range(self) -> ast.BoardRange:
        """``board_range: "[" range_complement? single_range ("," single_range)* "]"``."""
        start = self.pos
        self.expect("[")
        complement = self.accept("^")
        ranges = [self.single_range()]
        while True:
            char = self.peek()
            if char == ",":
                self.pos += 1
                ranges.append(self.single_range())
            elif char == "]":
                self.pos += 1
                return ast.BoardRange(complement, tuple(ranges), self.span(start))
            else:
                raise Decline

    def single_range(self) -> ast.SingleRange:
        """``single_range``: files (ranks (level row?)?)?, ranks (level row?)?, or a symbol."""
        start = self.pos
        char = self.peek()
        if char in _RANGE_SYMBOLS:
            self.pos += 1
            return ast.SingleRange(symbol=char, span=self.span(start))
        files = ranks = level = row = None
        if char in _LOWER:
            files = self._span1d(ast.FileSpan, _LOWER)
            char = self.peek()
        if char in _DIGITS:
            ranks = self._rank_span()
            if self.peek() in _UPPER:
                level = self._span1d(ast.LevelSpan, _UPPER)
                if self.peek() in _DIGITS:
                    row = self._rank_span()
        elif files is None:
            raise Decline
        return ast.SingleRange(files=files, ranks=ranks, level=level, row=row, span=self.span(start))

    def _span1d(self, cls: Any, letters: frozenset[str]) -> Any:
        # file_span: LOWER ("-" LOWER)?, level_span: UPPER ("-" UPPER)?
        start = self.pos
        first = self.text[start]
        self.pos = start + 1
        last = None
        if self.peek() == "-":
            self.pos += 1
            char = self.peek()
            if not char or char not in letters:
                raise Decline
            self.pos += 1
            last = char
        return cls(first, last, self.span(start))

    def _rank_span(self) -> ast.RankSpan:
        # rank_span: INT ("-" INT)?
        start = self.pos
        first = self.digits()
        last = None
        if self.peek() == "-":
            self.pos += 1
            last = self.digits()
        return ast.RankSpan(first, last, self.span(start))

    # -- heads ------------------------------------------------------------------------------------

    def board_numbers(self) -> tuple[str, ...]:
        """``board_numbers: "*" | INT ("," INT)*``."""
        if self.peek() == "*":
            self.pos += 1
            return ("*",)
        numbers = [self.digits()]
        while self.peek() == ",":
            self.pos += 1
            numbers.append(self.digits())
        return tuple(numbers)

    def board_id(self) -> ast.BoardId:
        """``board_id``: ``<n>``, ``<<n>>`` (reflected), ``<<n>;<m>>`` or ``<<n;m>>`` (4D)."""
        start = self.pos
        self.expect("<")
        if self.peek() != "<":
            boards = self.board_numbers()
            self.expect(">")
            return ast.BoardId("3d", (boards,), self.span(start))
        self.pos += 1
        first = self.board_numbers()
        char = self.peek()
        if char == ";":
            self.pos += 1
            second = self.board_numbers()
            self.expect(">")
            self.expect(">")
            return ast.BoardId("4d", (first, second), self.span(start))
        self.expect(">")
        if self.peek() == ">":
            self.pos += 1
            return ast.BoardId("reflected", (first,), self.span(start))
        self.expect(";")
        self.expect("<")
        second = self.board_numbers()
        self.expect(">")
        self.expect(">")
        return ast.BoardId("4d", (first, second), self.span(start))

    def announcement_condition(self) -> ast.AnnouncementCondition:
        """``announcement_condition: "/" ANNOUNCEMENT "/"``."""
        start = self.pos
        self.expect("/")
        name = self.match(_ANNOUNCEMENT)
        if name is None:
            raise Decline
        self.expect("/")
        return ast.AnnouncementCondition(name, self.span(start))

    # -- items ------------------------------------------------------------------------------------

    def mbn_item(self) -> Any:
        """``mbn_item``: a definition, declaration, promotion rule or cancellation, to the end."""
        start = self.pos
        if self.peek() == "!":
            self.pos += 1
            item = self._item()
            return ast.Cancellation(item, self.span(start))
        return self._item()

    def _item(self) -> Any:
        # piece_head / promotion_head share their beginning; what follows the letters decides.
        start = self.pos
        macro = self.accept("@")
        prefixes_at = self.pos
        prefixes = self.prefixes()
        letter = self.head_letter()
        # More letters make a promotion head (`*KQRBNP==X`); they are built only once '==' is
        # found, so a long run of letters that is no promotion head is declined in one scan.
        extra_at = self.pos
        run = _HEAD_LETTERS.match(self.text, extra_at, self.end)
        if run is not None:
            self.pos = run.end()
        extra_end = self.pos
        extra = extra_end > extra_at
        board = self.board_id() if self.peek() == "<" else None
        name = None
        if self.peek() == "|":
            if extra:
                raise Decline
            found = self.match(_PIECE_NAME)
            if found is None:
                raise Decline
            name = found[1:-1]
        condition = self.announcement_condition() if self.peek() == "/" else None
        char = self.peek()
        if char == "=" and self.text.startswith("==", self.pos, self.end):
            if macro or name is not None:
                raise Decline
            letters = (letter, *self._head_letters(extra_at, extra_end))
            head = ast.PromotionHead(prefixes, letters, board, condition, self.span(prefixes_at))
            self.pos += 2
            targets = self.promotion_targets()
            return ast.PromotionRule(head, targets, self.span(start))
        if extra:
            raise Decline
        piece_head = _PieceHead(macro, prefixes, letter, board, name, condition, self.span(start))
        if char == "":
            return _PieceDeclaration(piece_head, self.span(start))
        moves: list[ast.MoveSequence] = []
        while self.peek() == "=":
            self.pos += 1
            moves.append(self.move_sequence())
        if not moves or not self.at_end():
            raise Decline
        return _PieceDefinition(piece_head, tuple(moves), self.span(start))

    def _head_letters(self, start: int, end: int) -> tuple[ast.PieceLetter, ...]:
        # The head letters between start and end (a run _HEAD_LETTERS matched), as head_letter reads them.
        pos = self.pos
        self.pos = start
        letters: list[ast.PieceLetter] = []
        while self.pos < end:
            letters.append(self.head_letter())
        self.pos = pos
        return tuple(letters)

    def promotion_targets(self) -> tuple[ast.PromotionTarget | ast.MoveTarget, ...]:
        """``promotion_targets: promotion_target+`` up to the end of the item."""
        targets: list[ast.PromotionTarget | ast.MoveTarget] = []
        while not self.at_end():
            start = self.pos
            if self.peek() == "(":
                self.pos += 1
                moves = self.move_sequence()
                self.expect(")")
                targets.append(ast.MoveTarget(moves, self.span(start)))
                continue
            drop = self.accept("@")
            prefixes = self.prefixes()
            letter = self.piece_letter()
            targets.append(ast.PromotionTarget(drop, prefixes, letter, self.span(start)))
        if not targets:
            raise Decline
        return tuple(targets)

    # -- move expressions ---------------------------------------------------------------------------

    def move_sequence(self) -> ast.MoveSequence:
        """``move_sequence: leg (link leg)*``."""
        start = self.pos
        legs = [self.leg()]
        links: list[str] = []
        while self.peek() == "-":
            if self.text.startswith("--", self.pos, self.end):
                links.append("--")
                self.pos += 2
            else:
                links.append("-")
                self.pos += 1
            legs.append(self.leg())
        # One leg covers the whole sequence: its span is the same (equal, immutable) value.
        span = legs[0].span if not links else self.span(start)
        return _MoveSequence(tuple(legs), tuple(links), span)

    def leg(self) -> ast.Alternatives | ast.OptionalLeg:
        """``leg: alternatives | optional_leg`` ('[' is a board range when one reads, G3)."""
        start = self.pos
        if self.peek() == "[":
            try:
                origin = self.board_range()
            except Decline:
                # Not a board range: an optional leg (the two languages are disjoint).
                self.pos = start + 1
                moves = self.move_sequence()
                self.expect("]")
                return ast.OptionalLeg(moves, self.span(start))
            return self.alternatives(start, origin)
        return self.alternatives(start, None)

    def alternatives(self, start: int, origin: ast.BoardRange | None) -> ast.Alternatives:
        """``alternatives: partial_move ("+" partial_move)*`` (``origin``: an origin already read)."""
        moves = [self.partial_move(start, origin)]
        while self.peek() == "+":
            self.pos += 1
            moves.append(self.partial_move(self.pos, None))
        span = moves[0].span if len(moves) == 1 else self.span(start)
        return _Alternatives(tuple(moves), span)

    def partial_move(self, start: int, origin: ast.BoardRange | None) -> ast.PartialMove:
        """``partial_move``: setup? transition? condition? origin? attackers? modifiers units dest?"""
        text = self.text
        setup = False
        transition = condition = None
        if origin is None:
            # The commonest partial move, bare atoms (`W`, `BN`, `W0`), in one regular expression
            # when what follows them ends the partial move.
            plain = _PLAIN_UNITS.match(text, self.pos, self.end)
            if plain is not None:
                after = plain.end()
                if after >= self.end or text[after] in _PLAIN_END:
                    units_at = plain.end(1)
                    line, shift = self.line, self.shift
                    letters = tuple(
                        _Modifier(text[at], False, None, None, _Span(at, 1, line, at - shift))
                        for at in range(self.pos, units_at)
                    )
                    self.pos = units_at
                    atoms = self._plain_units(after)
                    return _PartialMove(
                        atoms, letters, False, None, None, None, None, None, self.span(start), (), ()
                    )
            char = self.peek()
            if char == "!":
                setup = True
                self.pos += 1
                char = self.peek()
            if char == "<":
                transition = self.board_transition()
                char = self.peek()
            if char == "/":
                condition = self.move_condition()
                char = self.peek()
            if char == "[":
                origin = self.board_range()
        attackers: list[ast.PieceSet] = []
        while self.peek() == "{":
            attackers.append(self.piece_set())
        modifiers: list[ast.Modifier] = []
        directions: list[ast.Direction] = []
        while True:
            char = self.peek()
            if char in _LOWER:
                modifiers.append(self.modifier())
            elif char == "(":
                at = self.pos
                found = self.match(_AMALGAM)
                if found is None:
                    break
                directions.append(ast.Direction(found, self.span(at)))
            else:
                break
        units: list[Any] = [self.move_unit()]
        while True:
            char = self.peek()
            if (char in _UPPER and char) or char == "(" or char == ":":
                units.append(self.move_unit())
            else:
                break
        destination = self.board_range() if self.peek() == "[" else None
        return _PartialMove(
            tuple(units),
            tuple(modifiers),
            setup,
            transition,
            condition,
            origin,
            attackers[0] if attackers else None,
            destination,
            self.span(start),
            tuple(directions),
            tuple(attackers[1:]),
        )

    def _plain_units(self, end: int) -> tuple[ast.Atom, ...]:
        # Bare atoms up to `end` (matched by _PLAIN_UNITS): a letter, then digits and '*'.
        text = self.text
        line, shift = self.line, self.shift
        units: list[ast.Atom] = []
        pos = self.pos
        while pos < end:
            at = pos
            letter = text[pos]
            pos += 1
            steps = None
            if pos < end and text[pos] in _DIGITS:
                steps_at = pos
                found = _INT.match(text, pos, end)
                assert found is not None
                pos = found.end()
                if pos - steps_at > MAX_NUMBER_DIGITS:
                    raise Decline
                if pos < end and text[pos] == "*":
                    pos += 1
                steps = _Steps(text[steps_at:pos], _Span(steps_at, pos - steps_at, line, steps_at - shift))
            units.append(_Atom(letter, None, steps, _Span(at, pos - at, line, at - shift)))
        self.pos = end
        return tuple(units)

    def board_transition(self) -> ast.BoardTransition:
        """``board_transition``: ``<t>``, ``<t;u>``, ``<<t>>``, ``<<t;u>>``."""
        start = self.pos
        self.expect("<")
        reflected = self.accept("<")
        transitions = [self.transition()]
        if self.peek() == ";":
            self.pos += 1
            transitions.append(self.transition())
        self.expect(">")
        if reflected:
            self.expect(">")
        return ast.BoardTransition(tuple(transitions), self.span(start), reflected=reflected)

    def transition(self) -> ast.Transition:
        """``transition: "+" "-"? INT? | "-" INT? | INT ("," INT)*``."""
        start = self.pos
        char = self.peek()
        if char == "+":
            self.pos += 1
            if self.peek() == "-":
                self.pos += 1
            if self.peek() in _DIGITS:
                self.digits()
        elif char == "-":
            self.pos += 1
            if self.peek() in _DIGITS:
                self.digits()
        else:
            self.digits()
            while self.peek() == ",":
                self.pos += 1
                self.digits()
        return ast.Transition(self.text[start : self.pos], self.span(start))

    def move_condition(self) -> ast.MoveCondition:
        """``move_condition: "/" (piece_set | piece_letter) (board_range | square) "/"``."""
        start = self.pos
        self.expect("/")
        piece: ast.PieceSet | ast.PieceLetter = (
            self.piece_set() if self.peek() == "{" else self.piece_letter()
        )
        where: ast.BoardRange | ast.Square
        if self.peek() == "[":
            where = self.board_range()
        else:
            at = self.pos
            file = self.peek()
            if not file or file not in _LOWER:
                raise Decline
            self.pos += 1
            rank = self.digits()
            where = ast.Square(file, rank, self.span(at))
        self.expect("/")
        return ast.MoveCondition(piece, where, self.span(start))

    def modifier(self) -> ast.Modifier:
        """``modifier: LOWER optional? (piece_set | board_range)?``."""
        start = self.pos
        letter = self.text[start]
        self.pos = start + 1
        optional = self.accept("?")
        char = self.peek()
        piece_set = board_range = None
        if char == "{":
            piece_set = self.piece_set()
        elif char == "[":
            board_range = self.board_range()
        return _Modifier(letter, optional, piece_set, board_range, self.span(start))

    def move_unit(self) -> ast.Atom | ast.Group:
        """``move_unit: atom | group``."""
        start = self.pos
        char = self.peek()
        if char == "(":
            self.pos += 1
            moves = self.move_sequence()
            self.expect(")")
            direction = None
            char = self.peek()
            if char in _LOWER:
                direction = char
                self.pos += 1
            elif char == "(":
                direction = self.match(_AMALGAM)
            steps = self.steps()
            return ast.Group(moves, direction, steps, self.span(start))
        if char in _UPPER:
            self.pos += 1
            letter = char
        elif char == ":":
            found = self.match(_COMPOUND) or self.match(_EXTENDED)
            if found is None:
                raise Decline
            letter = found
            if "," in letter and any(len(d) > MAX_NUMBER_DIGITS for d in letter[1:-1].split(",")):
                raise Decline
        else:
            raise Decline
        circular = None
        if self.peek() == "(":
            circular = self.match(_AMALGAM) or self.match(_CIRCULAR)
        steps = self.steps()
        return _Atom(letter, circular, steps, self.span(start))

    def steps(self) -> ast.Steps | None:
        """``steps: INT "*"? | "*" "*" | "#"`` when present."""
        start = self.pos
        char = self.peek()
        if char in _DIGITS:
            self.digits()
            if self.peek() == "*":
                self.pos += 1
        elif char == "*":
            self.pos += 1
            self.expect("*")
        elif char == "#":
            self.pos += 1
        else:
            return None
        return _Steps(self.text[start : self.pos], self.span(start))


def read(text: str, start: int, end: int, line: int, line_start: int, what: str) -> Any:
    """Read ``text[start:end]`` (one line) as ``what`` ("mbn_item" or "move_sequence"), or ``None``."""
    reader = Reader(text, start, end, line, line_start)
    try:
        node = reader.mbn_item() if what == "mbn_item" else reader.move_sequence()
    except (Decline, RecursionError, IndexError):
        return None
    return node if reader.pos == end else None


def parse_item(text: str) -> Any:
    """The MBN item of ``text`` as the shipped grammar reads it, or ``None`` (then use Lark)."""
    return read(text, 0, len(text), 1, 0, "mbn_item")


def parse_moves(text: str) -> ast.MoveSequence | None:
    """The move sequence of ``text`` as the shipped grammar reads it, or ``None`` (then use Lark)."""
    result: ast.MoveSequence | None = read(text, 0, len(text), 1, 0, "move_sequence")
    return result
