"""'Did you mean' suggestions for unknown names."""

from __future__ import annotations

from collections.abc import Iterable

from notation_toolkit.core.diagnostics import Fix
from notation_toolkit.core.span import Span


def close_matches(name: str, candidates: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """The known names closest to ``name`` (case-insensitive), best first."""
    import difflib  # about 1 ms of start-up, for a name that is unknown

    pool = list(candidates)
    lowered = {c.lower(): c for c in pool}
    hits = difflib.get_close_matches(name.lower(), list(lowered), n=n, cutoff=cutoff)
    return [lowered[h] for h in hits]


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """A hint such as ``did you mean 'feen'?``, or ``None`` when nothing is close."""
    return suggestion(name, close_matches(name, candidates), None)[0]


def suggestion(name: str, hits: list[str], span: Span | None) -> tuple[str | None, Fix | None]:
    """The 'did you mean' hint of ``hits`` (close matches of ``name``, best first) and the fix
    that writes the best one in ``span``; ``(None, None)`` when nothing is close.

    One wording for every notation that suggests a name: diagnostics pass the hint on instead of
    their code's default hint.
    """
    if not hits:
        return None, None
    if len(hits) == 1:
        hint = f"did you mean {hits[0]!r}?"
    else:
        hint = "did you mean " + ", ".join(repr(h) for h in hits[:-1]) + f" or {hits[-1]!r}?"
    fix = Fix(f"replace {name!r} with {hits[0]!r}", hits[0], span) if span is not None else None
    return hint, fix
