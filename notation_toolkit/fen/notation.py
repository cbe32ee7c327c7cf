"""Registration of FEN with the notation registry (``ntk parse fen ...``, ``.fen`` files)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from notation_toolkit import fen
from notation_toolkit.core.codes import NTK003
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.limits import bounded_int
from notation_toolkit.core.registry import Notation, flag_option, known_options
from notation_toolkit.fen.codes import MAX_INPUT

_MAX_INPUT_HELP = f"largest input accepted, in characters (default {MAX_INPUT}; 'none' = no cap)"


def _limit(options: dict[str, Any]) -> int | None:
    raw = options.pop("max_input", MAX_INPUT)
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("none", "0", "")):
        return None
    if isinstance(raw, str):
        text = raw.strip()
        if not (text.isascii() and text.isdigit()):
            raise NTK003.error(
                NotationError,
                "max_input",
                value=text if len(text) <= 20 else text[:20] + "...",
                example="4096",
            )
        # The toolkit's one mechanism for numbers read from text: counted before int() (NTK006).
        return bounded_int(text, max_digits=12, what="max_input")
    return int(raw)


_OPTIONS = ("lenient", "max_input")


def _known(label: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` when every name is one of ``_OPTIONS``, with ``lenient`` read as true/false; else
    NTK003 (a misspelt ``--set lenent`` is refused, as in every notation, instead of being ignored)."""
    known_options(label, options, _OPTIONS)
    if "lenient" in options:
        options["lenient"] = flag_option(label, "lenient", options["lenient"])
    return options


def position_notation(module: ModuleType, name: str, title: str, lenient_help: str, example: str) -> Notation:
    """A ``Notation`` over a position module exposing ``parse``/``check``/``format_text``/``canonicalize``
    and ``validate`` (FEN's and DFEN's public API).

    ``grammar`` (``--grammar FILE``) is a user extension grammar, passed through to the module.
    An option other than ``lenient`` and ``max_input`` is NTK003.
    """
    label = name.upper()

    def parse(text: str, *, grammar: str | None = None, **options: Any) -> Any:
        options = _known(label, options)
        return module.parse(
            text, lenient=options.pop("lenient", False), max_input=_limit(options), grammar=grammar
        )

    def check(text: str, *, grammar: str | None = None, **options: Any) -> list[Diagnostic]:
        try:
            options = _known(label, options)
        except NotationError as err:  # check reports, it never raises for what it was given
            return list(err.diagnostics)
        found: list[Diagnostic] = module.check(
            text, lenient=options.pop("lenient", False), max_input=_limit(options), grammar=grammar
        )
        return found

    def format_text(text: str, *, grammar: str | None = None, **options: Any) -> str:
        options = _known(label, options)
        result: str = module.format_text(
            text, lenient=options.pop("lenient", False), max_input=_limit(options), grammar=grammar
        )
        return result

    def canonicalize(
        text: str, *, grammar: str | None = None, **options: Any
    ) -> tuple[str, list[Diagnostic]]:
        options = _known(label, options)
        result: tuple[str, list[Diagnostic]] = module.canonicalize(
            text, max_input=_limit(options), grammar=grammar
        )
        return result

    return Notation(
        name=name,
        title=title,
        extensions=(f".{name}",),
        per_line=True,
        parse=parse,
        check=check,
        format=format_text,
        canonicalize=canonicalize,
        grammar=name,
        validate=lambda ast: module.validate(ast),  # the package loads its validator on first use
        options={"lenient": lenient_help, "max_input": _MAX_INPUT_HELP},
        example=example,
    )


NOTATION = position_notation(
    fen,
    "fen",
    "FEN, Forsyth-Edwards Notation (chess positions)",
    "accept '44', castling out of KQkq order and leading zeros (true/false)",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
)
