"""'Did you mean' suggestions for unknown names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def close_matches(name: str, candidates: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """The known names closest to ``name`` (case-insensitive), best first."""
    pool = list(candidates)
    lowered = {c.lower(): c for c in pool}
    hits = difflib.get_close_matches(name.lower(), list(lowered), n=n, cutoff=cutoff)
    return [lowered[h] for h in hits]


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """A hint such as ``did you mean 'feen'?``, or ``None`` when nothing is close."""
    hits = close_matches(name, candidates)
    if not hits:
        return None
    if len(hits) == 1:
        return f"did you mean {hits[0]!r}?"
    return "did you mean " + ", ".join(repr(h) for h in hits[:-1]) + f" or {hits[-1]!r}?"
