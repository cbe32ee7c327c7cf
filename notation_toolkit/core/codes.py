"""The registry of diagnostic codes and their long explanations (``ntk explain CODE``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """What a diagnostic code means: a one-line title and a longer explanation (markdown)."""

    code: str
    title: str
    explanation: str


_CODES: dict[str, CodeInfo] = {}


def register_code(code: str, title: str, explanation: str) -> None:
    """Register (or re-register identically) a diagnostic code.

    Registering a different meaning under an existing code is a programming error: codes are
    stable identifiers users search for.
    """
    info = CodeInfo(code, title, explanation.strip())
    old = _CODES.get(code)
    if old is not None and old != info:
        raise RuntimeError(f"diagnostic code {code} registered twice with different meanings")
    _CODES[code] = info


def get_code(code: str) -> CodeInfo | None:
    """The registered information for ``code`` (case-insensitive), or ``None``."""
    return _CODES.get(code.upper())


def all_codes() -> dict[str, CodeInfo]:
    """A copy of every registered code."""
    return dict(_CODES)


register_code(
    "NTK001",
    "input too large",
    """
The input is larger than the configured safety cap. The cap protects services that parse
untrusted text from spending unbounded time and memory. Raise it explicitly (for example
`max_input=...` in the API) if you really need to parse larger inputs.
""",
)
register_code(
    "NTK002",
    "nesting too deep",
    """
The input nests brackets or parentheses deeper than the parser accepts. Deep nesting is refused
before parsing so that it cannot exhaust the stack.
""",
)
register_code(
    "NTK003",
    "unknown name",
    """
A notation, grammar, rule or other name was not found. The hint lists the closest known names.
""",
)
register_code(
    "NTK004",
    "grammar cannot be loaded",
    """
A grammar file (usually your own extension grammar passed with `--grammar`) could not be loaded:
the file is missing, has a syntax error, or refers to rules or terminals that do not exist.
Grammars may `%import` the shipped grammars by name (for example `%import feen.placement`).
""",
)
register_code(
    "NTK005",
    "file cannot be read",
    """
A file named on the command line could not be read, or is not valid UTF-8.
""",
)
