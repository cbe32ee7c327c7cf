"""Shared checks of diagnostic wording, for every notation family's ``test_messages.py``.

Phrases pasted together at call sites give messages that repeat a phrase ("a control character
a control character (U+0001)"). Every diagnostic is written from its code's template
(``core.codes``); these helpers render a corpus of bad inputs per family and check that

* every code of the family has a message template,
* the corpus reaches every code (a code no text can reach is listed by the test, with why),
* no message or hint stutters (doubled words, two noun phrases run together, a repeated
  three-word phrase).

Tests import this module by its bare name (``tests/`` is on ``sys.path`` through the root
``conftest.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from notation_toolkit.core.codes import get_code
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError

_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`|\([^)]*\)")
_DOUBLED_WORD = re.compile(r"\b(\w+)\s+\1\b", re.IGNORECASE)
# Two noun phrases run together: an indefinite article, at most two words, then another one.
_ARTICLES = re.compile(r"\b(?:a|an)\s+(?:[\w-]+\s+){0,2}(?:a|an)\s", re.IGNORECASE)


# The list of a syntax error ("expected X, Y or Z after ..."): the grammar's descriptions of its
# terminals, one per item ("an amalgamated direction such as (fs)"); items are checked one by one.
_EXPECTED = re.compile(r"\bexpected (.+?)(?= after | at the start of |, found |$)")
_LIST_SEPARATOR = re.compile(r", | or ")


def stutters(sentence: str) -> list[str]:
    """The phrases of ``sentence`` that repeat (empty when the prose reads cleanly).

    Quoted tokens and parentheses stand for one word ``Q``: "'P' or 'Q'" lists are not stutters,
    and words with digits or slashes (notation fragments such as ``C/c`` or ``2Pp/p``) are not
    phrases. The items of a syntax error's expected list are separate phrases (each is checked
    on its own, and the list counts as one word in the sentence).
    """
    listed = _EXPECTED.search(sentence)
    if listed is not None:
        problems = [p for item in _LIST_SEPARATOR.split(listed.group(1)) for p in stutters(item)]
        rest = sentence[: listed.start(1)] + "Q" + sentence[listed.end(1) :]
        return problems + _prose_stutters(rest)
    return _prose_stutters(sentence)


def _prose_stutters(sentence: str) -> list[str]:
    prose = _QUOTED.sub("Q", sentence)
    problems = [m.group(0) for m in _DOUBLED_WORD.finditer(prose) if m.group(1) != "Q"]
    problems += [m.group(0) for m in _ARTICLES.finditer(prose + " ")]
    words = [w for w in re.findall(r"\S+", prose.lower()) if "/" not in w and not any(c.isdigit() for c in w)]
    trigrams = [" ".join(words[i : i + 3]) for i in range(len(words) - 2)]
    problems += sorted({t for t in trigrams if trigrams.count(t) > 1})
    return problems


def diagnostics_of(call: Callable[[], object]) -> list[Diagnostic]:
    """The diagnostics ``call`` gives: those of the ``NotationError`` it raises, or those it returns.

    A call that returns something other than a list of diagnostics gives none.
    """
    try:
        result = call()
    except NotationError as exc:
        return list(exc.diagnostics)
    if isinstance(result, list | tuple):
        return [d for d in result if isinstance(d, Diagnostic)]
    return []


def codes_without_template(codes: Iterable[str]) -> list[str]:
    """The codes among ``codes`` that are not registered or have no message template."""
    missing = []
    for code in codes:
        info = get_code(code)
        if info is None or not info.messages:
            missing.append(code)
    return missing


def prose_problems(diagnostics: Iterable[Diagnostic]) -> list[tuple[str, str, list[str]]]:
    """(code, sentence, repeated phrases) for every message or hint that stutters."""
    out = []
    for d in diagnostics:
        for sentence in (d.message, d.hint or ""):
            found = stutters(sentence)
            if found:
                out.append((d.code, sentence, found))
    return out


def unreached(codes: Iterable[str], reached: Iterable[str], unreachable: Mapping[str, str]) -> list[str]:
    """The codes of the family no corpus text reached, and that the test does not explain.

    ``unreachable`` maps each code no text can reach to the reason; a code listed there that the
    corpus does reach is reported too (the list must stay true).
    """
    seen = set(reached)
    missing = [c for c in codes if c not in seen and c not in unreachable]
    stale = [f"{c} (listed as unreachable, but reached)" for c in unreachable if c in seen]
    return missing + stale


def _template_pattern(template: str) -> re.Pattern[str]:
    import string

    parts = []
    for literal, name, _, _ in string.Formatter().parse(template):
        # The literal text of a template with doubled braces reads as single braces once rendered.
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(".+?")
    return re.compile("".join(parts), re.DOTALL)


def unrendered_templates(codes: Iterable[str], diagnostics: Iterable[Diagnostic]) -> list[str]:
    """``CODE:template`` for every message template of ``codes`` that no diagnostic's message
    matches (a corpus that renders each template is the only way to read each one's wording)."""
    found = [(d.code, d.message) for d in diagnostics]
    missing = []
    for code in codes:
        info = get_code(code)
        for name, template in (info.messages if info is not None else {}).items():
            pattern = _template_pattern(template)
            if not any(c == code and pattern.fullmatch(m) for c, m in found):
                missing.append(f"{code}:{name}")
    return missing
