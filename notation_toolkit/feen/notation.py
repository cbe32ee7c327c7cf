"""The registry entries of FEEN (both profiles) and of the Sashité token notations.

``notation_toolkit.core.registry`` maps ``feen``, ``feen-legacy``, ``epin``, ``pin``, ``sin`` and
``qpi`` to the objects below, so ``ntk parse/check/fmt`` work on them without FEEN-specific code.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from notation_toolkit.core.codes import NTK003
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError, UnknownNameError
from notation_toolkit.core.registry import Notation, flag_option, known_options

# The parser, token readers and validator are imported by the functions that call them: listing
# the notations (`ntk notations`) or resolving one by name needs none of them.


def _p() -> ModuleType:
    from notation_toolkit.feen import parser

    return parser


def _t() -> ModuleType:
    from notation_toolkit.feen import tokens

    return tokens


def _did_you_mean(name: str, known: list[str]) -> str | None:
    from notation_toolkit.core.suggest import did_you_mean

    return did_you_mean(name, known)


_OPTIONS = {
    "limits": "default (what the documents allow) | reference (4096 bytes, 3D, 255 cells, regular)",
    "max_input": "input-size cap in characters (default 65536; e.g. 1M, or none)",
    "lenient": "true: accept non-canonical hands and canonicalize them (parse/check)",
}


def _options(options: dict[str, Any]) -> dict[str, Any]:
    known_options("FEEN", options, tuple(_OPTIONS))
    out = dict(options)
    if "lenient" in out:
        out["lenient"] = flag_option("FEEN", "lenient", out["lenient"])
    return out


def _feen(profile: str) -> Notation:
    def parse(text: str, *, grammar: str | None = None, **options: Any) -> Any:
        return _p().parse(text, profile=profile, grammar=grammar, **_options(options))

    def check(text: str, *, grammar: str | None = None, **options: Any) -> list[Diagnostic]:
        try:
            opts = _options(options)
        except NotationError as err:
            return list(err.diagnostics)
        found: list[Diagnostic] = _p().check(text, profile=profile, grammar=grammar, **opts)
        return found

    def fmt(text: str, *, grammar: str | None = None, **options: Any) -> str:
        return str(_p().parse(text, profile=profile, grammar=grammar, **_options(options)))

    def canonicalize(
        text: str, *, grammar: str | None = None, **options: Any
    ) -> tuple[str, list[Diagnostic]]:
        opts = _options(options)
        opts.pop("lenient", None)
        result: tuple[str, list[Diagnostic]] = _p().canonicalize(
            text, profile=profile, grammar=grammar, **opts
        )
        return result

    legacy = profile == "feen-legacy"
    return Notation(
        name=profile,
        title=(
            "FEEN legacy profile (Forsyth–Edwards Enhanced Notation, May 2025: PNN pieces, SNN styles)"
            if legacy
            else "FEEN (Field Expression Encoding Notation, Sashité): EPIN pieces, SIN styles"
        ),
        extensions=() if legacy else (".feen",),
        per_line=True,
        parse=parse,
        check=check,
        format=fmt,
        canonicalize=canonicalize,
        validate=lambda position: _validate(position, profile),
        grammar="feen_legacy" if legacy else "feen",
        options=dict(_OPTIONS),
        example="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / CHESS/chess"
        if legacy
        else "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c",
    )


def _validate(position: Any, profile: str) -> list[Diagnostic]:
    from notation_toolkit.feen.validate import validate

    return validate(position, profile=profile)


def _validate_token(token: Any) -> list[Diagnostic]:
    found: list[Diagnostic] = _t().validate_token(token)
    return found


def _token(name: str, title: str, reader: str, example: str) -> Notation:
    """The entry of a token notation read by ``feen.tokens.<reader>``."""

    def func(text: str) -> Any:
        return getattr(_t(), reader)(text)

    def parse(text: str, *, grammar: str | None = None, **options: Any) -> Any:
        _no_options(name, grammar, options)
        return func(text)

    def check(text: str, *, grammar: str | None = None, **options: Any) -> list[Diagnostic]:
        try:
            _no_options(name, grammar, options)
            func(text)
        except NotationError as err:
            return list(err.diagnostics)
        return []

    def fmt(text: str, *, grammar: str | None = None, **options: Any) -> str:
        _no_options(name, grammar, options)
        return str(func(text))

    def canonicalize(
        text: str, *, grammar: str | None = None, **options: Any
    ) -> tuple[str, list[Diagnostic]]:
        # A token has one spelling: its canonical form is itself, and nothing is ever fixed.
        return fmt(text, grammar=grammar, **options), []

    return Notation(
        name=name,
        title=title,
        extensions=(),
        per_line=True,
        parse=parse,
        check=check,
        format=fmt,
        canonicalize=canonicalize,
        grammar=name,
        options={},
        example=example,
        validate=_validate_token,
        extensible=False,
    )


def _no_options(name: str, grammar: str | None, options: dict[str, Any]) -> None:
    if grammar is not None or options:
        raise NTK003.error(UnknownNameError, "no_options", notation=name)


FEEN = _feen("feen")
FEEN_LEGACY = _feen("feen-legacy")
EPIN = _token("epin", "EPIN piece token (Sashité): [-+]?[A-Za-z]^?'?", "parse_epin", "+K^'")
PIN = _token("pin", "PIN piece token (Sashité): [-+]?[A-Za-z]^?", "parse_pin", "+K^")
SIN = _token("sin", "SIN style token (Sashité): one ASCII letter", "parse_sin", "C")
QPI = _token("qpi", "QPI qualified piece (Sashité): SIN:PIN of one side", "parse_qpi", "C:K^")
