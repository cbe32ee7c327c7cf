"""Limits as a profile object (feen-profile.md, "Limits are a profile object, not hard-wired")."""

from __future__ import annotations

from dataclasses import dataclass, replace

# int() is safe and fast up to Python's 4300-digit string conversion limit; stay well below it.
_MAX_SAFE_DIGITS = 4000


@dataclass(frozen=True, slots=True)
class Limits:
    """What a parser configuration accepts beyond the grammar.

    ``max_input``: safety cap on the input length in characters (``None``: no cap).
    ``max_bytes``: cap on the UTF-8 size (the reference implementations: 4096).
    ``max_dimensions``: most dimensions a board may have (``None``: any).
    ``max_cells``: most cells along any one dimension (``None``: any).
    ``regular_only``: refuse irregular boards (ranks of different lengths ...).
    ``max_count_digits``: longest empty-square or hand count, in digits (a safety cap: counts are
    never converted with ``int()`` before their length is checked).
    """

    name: str = "default"
    max_input: int | None = 65_536
    max_bytes: int | None = None
    max_dimensions: int | None = None
    max_cells: int | None = None
    regular_only: bool = False
    max_count_digits: int = 100

    def __post_init__(self) -> None:
        if not 1 <= self.max_count_digits <= _MAX_SAFE_DIGITS:
            raise ValueError(f"max_count_digits must be between 1 and {_MAX_SAFE_DIGITS}")

    def with_max_input(self, max_input: int | None) -> Limits:
        """A copy with another input-size cap (``None`` removes it)."""
        return replace(self, max_input=max_input)


DEFAULT = Limits()
"""What the documents allow: any dimensions, irregular boards; a 64 KiB input cap the caller can raise."""

REFERENCE = Limits(
    name="reference",
    max_input=None,  # the byte limit below is the cap, with its own code (FEEN301)
    max_bytes=4096,
    max_dimensions=3,
    max_cells=255,
    regular_only=True,
    max_count_digits=3,
)
"""The reference implementations: 4096 bytes, 3 dimensions, 255 cells per dimension, regular shapes."""

PRESETS = {"default": DEFAULT, "reference": REFERENCE}


def resolve_limits(limits: Limits | str | None, max_input: int | str | None = None) -> Limits:
    """A ``Limits`` from an object or a preset name, with an optional input cap override."""
    if limits is None:
        result = DEFAULT
    elif isinstance(limits, Limits):
        result = limits
    else:
        key = str(limits).strip().lower()
        if key not in PRESETS:
            from notation_toolkit.core.codes import DEFAULT_HINT, NTK003
            from notation_toolkit.core.errors import UnknownNameError
            from notation_toolkit.core.suggest import did_you_mean

            raise NTK003.error(
                UnknownNameError,
                "limits",
                hint=did_you_mean(key, list(PRESETS)) or DEFAULT_HINT,
                name=_shown(str(limits)),
                known=" or ".join(repr(name) for name in PRESETS),
            )
        result = PRESETS[key]
    if max_input is not None:
        if isinstance(max_input, str):
            text = max_input.strip().lower().replace("_", "")
            value: int | None = None if text in ("none", "0", "unlimited") else _parse_size(text)
        else:
            value = max_input
        result = result.with_max_input(value)
    return result


def _parse_size(text: str) -> int:
    units = {"k": 1024, "m": 1024 * 1024}
    mult = units.get(text[-1:], 1)
    digits = text[:-1] if text[-1:] in units else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > 12:
        from notation_toolkit.core.codes import NTK003
        from notation_toolkit.core.errors import NotationError

        raise NTK003.error(NotationError, "max_input", value=_shown(text), example="65536 or 1M")
    return int(digits) * mult


def _shown(text: str, width: int = 20) -> str:
    """``text`` cut to ``width`` characters for a message (a hostile value can be huge)."""
    return text if len(text) <= width else text[:width] + "..."
