"""What every fuzzed input must satisfy, and the counters the fuzz run reports.

For any text and notation: ``parse`` returns an AST or raises a ``NotationError`` (nothing else),
every diagnostic is in the user's words (no Lark internals), each call ends within a second, and a
text that parses round-trips: its canonical form parses, and is its own canonical form. A lenient
read (``canonicalize``) gives text the strict parser accepts.
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from functools import cache
from typing import Any

from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.registry import get_notation

# The median CPU time of a fixed pure-Python loop (``_calibration_seconds``) on the machine the bound
# below was set on, where CI ran the default suite in about 113 s. A machine measured at 0.028-0.034 s
# for the loop (the median of 15; single runs vary by 2x there) took 258-295 s for the suite: 2.3-2.6x.
_REFERENCE_LOOP = 0.014


def _calibration_seconds() -> float:
    """Median of 15 CPU times of a fixed loop of dict and integer work, the mix a parser does."""
    runs = []
    for _ in range(15):
        start = time.process_time()
        table: dict[int, int] = {}
        total = 0
        for i in range(100_000):
            key = i & 1023
            total += table.get(key, i) ^ (i >> 3)
            table[key] = total & 0xFFFF
        runs.append(time.process_time() - start)
    return statistics.median(runs)


# Seconds of CPU time: a call that costs more counts as a failure of "bounded time". CPU time, not
# wall time, so that other processes on a loaded machine do not make our calls look slow. The bound is
# 1 s on the reference machine and grows with a slower interpreter (never below 1 s, at most 4 s), so
# that a slow machine does not fail inputs whose cost is linear and tested as such.
# It is measured only when a call takes over 1 s, which keeps the calibration out of every other run.
SLOW_CALL = 1.0


@cache
def slow_call_bound() -> float:
    """``SLOW_CALL`` scaled to this machine (see above)."""
    return round(SLOW_CALL * min(4.0, max(1.0, _calibration_seconds() / _REFERENCE_LOOP)), 2)


# Lark's internal names: anonymous terminals, namespaced rules, raw upper-case token names.
_INTERNALS = re.compile(r"__ANON|\b[a-z]+__[a-z_]+\b|\$END|\bTerminal\(|\bNonTerminal\(|\bUnexpected")


class FuzzFailure(AssertionError):
    """An input broke one of the invariants (the message names which and shows the input)."""


def _timed(stats: dict[str, Any], call: Callable[[], Any], text: str) -> tuple[Any, BaseException | None]:
    start = time.process_time()
    try:
        result: Any = call()
        error: BaseException | None = None
    except Exception as exc:  # classified by the caller
        result, error = None, exc
    elapsed = time.process_time() - start
    stats["calls"] = stats.get("calls", 0) + 1
    stats["max_call_ms"] = max(stats.get("max_call_ms", 0.0), round(elapsed * 1000, 1))
    if elapsed > SLOW_CALL and elapsed > slow_call_bound():
        stats["slow_calls"] = stats.get("slow_calls", 0) + 1
        raise FuzzFailure(f"a call took {elapsed:.2f} s (over {slow_call_bound()} s) on {text[:300]!r}")
    return result, error


def _check_error(stats: dict[str, Any], exc: BaseException | None, text: str, what: str) -> None:
    if exc is None:
        return
    if not isinstance(exc, NotationError):
        stats["other_exceptions"] = stats.get("other_exceptions", 0) + 1
        raise FuzzFailure(f"{what} raised {type(exc).__name__}: {exc} on {text!r}") from exc
    if not exc.diagnostics:
        raise FuzzFailure(f"{what} raised a NotationError without diagnostics on {text!r}")
    for diagnostic in exc.diagnostics:
        for words in (diagnostic.message, diagnostic.hint or ""):
            if _INTERNALS.search(words):
                raise FuzzFailure(f"{what}: Lark internals in {words!r} on {text!r}")


def exercise(stats: dict[str, Any], notation_name: str, text: str) -> bool:
    """Run every invariant on ``text``; return whether it parsed. Raises ``FuzzFailure``."""
    notation = get_notation(notation_name)
    stats["inputs"] = stats.get("inputs", 0) + 1
    ast, exc = _timed(stats, lambda: notation.parse(text), text)
    _check_error(stats, exc, text, f"{notation_name}.parse")
    diagnostics, exc = _timed(stats, lambda: notation.check(text), text)
    if exc is not None:
        stats["other_exceptions"] = stats.get("other_exceptions", 0) + 1
        raise FuzzFailure(f"{notation_name}.check raised {type(exc).__name__}: {exc} on {text!r}")
    # check reports at least what parse refuses (it may add semantic errors parse leaves to validate).
    if ast is None and not any(d.severity.value == "error" for d in diagnostics):
        raise FuzzFailure(f"{notation_name}: parse refuses {text!r} but check finds no error")
    if notation.canonicalize is not None:
        result, exc = _timed(stats, lambda: notation.canonicalize(text), text)  # type: ignore[misc]
        _check_error(stats, exc, text, f"{notation_name}.canonicalize")
        if result is not None:
            lenient_text = result[0]
            again, exc = _timed(stats, lambda: notation.format(lenient_text), text)
            if exc is not None or again != lenient_text:
                stats["roundtrip_failures"] = stats.get("roundtrip_failures", 0) + 1
                raise FuzzFailure(
                    f"{notation_name}: lenient output {lenient_text!r} of {text!r} is not canonical"
                )
    if ast is None:
        return False
    stats["parsed"] = stats.get("parsed", 0) + 1
    canonical, exc = _timed(stats, lambda: notation.format(text), text)
    _check_error(stats, exc, text, f"{notation_name}.format")
    if canonical is None:
        raise FuzzFailure(f"{notation_name}: parses but has no canonical form: {text!r}")
    second, exc = _timed(stats, lambda: notation.format(canonical), text)
    if exc is not None or second != canonical:
        stats["roundtrip_failures"] = stats.get("roundtrip_failures", 0) + 1
        raise FuzzFailure(f"{notation_name}: canonical {canonical!r} of {text!r} does not round-trip ({exc})")
    return True
