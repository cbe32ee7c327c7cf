"""Grammar loading and the translation of Lark errors into diagnostics.

The ``.lark`` files in ``grammars/`` are the single source of truth of every syntax. This module
finds them (source checkout, ``pip install .`` or ``pip install -e .``), builds parsers once per
(grammar, start rule, options), lets users' own grammar files ``%import`` and ``%extend`` /
``%override`` the shipped ones, and turns Lark's exceptions into ``NotationError`` diagnostics
written in the user's words: Lark's terminal names never reach a user.

What is built from a grammar is cached on disk (``core.cache``): the Lark parser (Lark's own
``cache=``, one file per grammar content, start rule and options) and the fast-path regexes
(``grammar_regexes``), so the first parse of a process pays no grammar construction.
"""

from __future__ import annotations

import os
import re
import threading
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.codes import DEFAULT_HINT, NTK001, NTK002, NTK004
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.errors import GrammarError, LimitError, NotationError, ParseError
from notation_toolkit.core.span import Span

GrammarRef = str | os.PathLike[str] | None
"""A shipped grammar name, the path of a user's ``.lark`` file, or ``None`` for the default."""

if TYPE_CHECKING:
    from pathlib import Path

    # Lark is imported where it is used: a valid input read by a fast path never needs it, and
    # importing it costs about 25 ms of every command's start-up.
    from lark import Lark, Token, Transformer
    from lark.exceptions import LarkError, UnexpectedInput


# Paths are plain strings inside this module: ``pathlib`` (with ``urllib.parse``) costs about 3 ms
# of start-up, and the fast paths of FEEN, FEN and DFEN come here for their cached regexes. The
# public functions that have always returned ``Path`` objects still do.


def _find_grammar_dir() -> str:
    package_dir = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    # A wheel carries the grammars inside the package; a source checkout or an editable install
    # imports the package from the tree, where grammars/ sits beside it.
    for candidate in (
        os.path.join(package_dir, "grammars"),
        os.path.join(os.path.dirname(package_dir), "grammars"),
    ):
        if os.path.isdir(candidate):
            return candidate
    raise RuntimeError(f"notation-toolkit is installed without its grammars (looked in {package_dir})")


_GRAMMAR_DIR = _find_grammar_dir()

_user_paths: list[str] = []
_lock = threading.Lock()
_parsers: dict[tuple[Any, ...], Lark] = {}
_descriptions: dict[str, dict[str, str]] = {}


def __getattr__(name: str) -> Any:
    # GRAMMAR_DIR, the shipped grammars' directory as a Path, made when it is first asked for.
    if name == "GRAMMAR_DIR":
        from pathlib import Path

        return Path(_GRAMMAR_DIR)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_ANNOTATION = re.compile(r"^\s*//@\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(.+?)\s*$", re.MULTILINE)
_IMPORT = re.compile(
    r"^\s*%import\s+(\.?)([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)", re.MULTILINE
)


def add_grammar_path(path: str | os.PathLike[str]) -> None:
    """Add a directory searched for grammar names and ``%import`` targets (after the shipped one)."""
    p = os.path.realpath(path)
    with _lock:
        if p not in _user_paths:
            _user_paths.append(p)


def _search_dirs(extra: Sequence[str | os.PathLike[str]] = ()) -> list[str]:
    paths = [_GRAMMAR_DIR, *_user_paths, *(os.path.realpath(p) for p in extra)]
    env = os.environ.get("NTK_GRAMMAR_PATH")
    if env:
        paths.extend(os.path.realpath(p) for p in env.split(os.pathsep) if p)
    return paths


def search_path(extra: Sequence[str | os.PathLike[str]] = ()) -> list[Path]:
    """Directories searched for grammars: the shipped ``grammars/``, ``add_grammar_path`` ones, ``extra``."""
    from pathlib import Path

    return [Path(p) for p in _search_dirs(extra)]


def grammar_path(grammar: str | os.PathLike[str], extra: Sequence[str | os.PathLike[str]] = ()) -> Path:
    """Resolve a grammar name (``"fen"``) or a file path to the ``.lark`` file it denotes."""
    from pathlib import Path

    return Path(_grammar_file(grammar, extra))


def _grammar_file(grammar: str | os.PathLike[str], extra: Sequence[str | os.PathLike[str]] = ()) -> str:
    """``grammar_path`` as a string."""
    text = os.fspath(grammar)
    if text.endswith(".lark") or os.sep in text or "/" in text:
        if os.path.isfile(text):
            return os.path.realpath(text)
        raise NTK004.error(GrammarError, "missing_file", path=text)
    for directory in _search_dirs(extra):
        path = os.path.join(directory, f"{text}.lark")
        if os.path.isfile(path):
            return path
    known = sorted(
        {
            name[: -len(".lark")]
            for d in _search_dirs(extra)
            if os.path.isdir(d)
            for name in os.listdir(d)
            if name.endswith(".lark")
        }
    )
    from notation_toolkit.core.suggest import did_you_mean

    raise NTK004.error(
        GrammarError,
        "unknown",
        hint=did_you_mean(str(grammar), known) or DEFAULT_HINT,
        name=str(grammar),
        known=", ".join(known),
    )


def load_parser(
    grammar: str | os.PathLike[str],
    start: str = "start",
    *,
    parser: str = "lalr",
    transformer: Transformer[Any, Any] | None = None,
    search_paths: Sequence[str | os.PathLike[str]] = (),
    **lark_options: Any,
) -> Lark:
    """Build (once) and return the Lark parser for ``grammar`` starting at ``start``.

    ``grammar`` is a shipped grammar name or the path of a user ``.lark`` file, which may
    ``%import`` shipped grammars by name. Positions are propagated so every tree node has a span.
    Parsers are cached in-process per (file, modification time, start, options); LALR parsers
    without a transformer are also cached on disk with Lark's ``cache=`` in the per-user cache
    directory (``core.cache``), keyed by the content of the grammar and of every grammar it
    imports, so an edited user grammar is rebuilt. ``cache=False`` turns the disk cache off.
    """
    from lark import Lark
    from lark.exceptions import LarkError

    path = _grammar_file(grammar, search_paths)
    options: dict[str, Any] = {"propagate_positions": True, "maybe_placeholders": False}
    options.update(lark_options)
    imports = _search_dirs(search_paths)
    key = (
        path,
        _mtime_signature(path),
        start,
        parser,
        id(transformer) if transformer is not None else None,
        tuple(sorted((k, repr(v)) for k, v in options.items())),
        tuple(imports),
    )
    with _lock:
        cached = _parsers.get(key)
    if cached is not None:
        return cached
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        if parser == "lalr" and transformer is None and options.get("cache", True) is True:
            options["cache"] = _lark_cache_file(path, text, imports, start, options)
        lark = Lark(
            text,
            start=start,
            parser=parser,
            transformer=transformer,
            import_paths=list(imports),
            source_path=path,
            **options,
        )
    except (LarkError, OSError, KeyError, AssertionError) as exc:
        raise NTK004.error(
            GrammarError, "cannot_load", name=os.path.basename(path), reason=_short(str(exc))
        ) from None
    with _lock:
        _parsers[key] = lark
    return lark


def _lark_cache_file(
    path: str, text: str, imports: Sequence[str], start: str, options: Mapping[str, Any]
) -> str | bool:
    # Lark checks the grammar's hash itself when it loads the file; the file name is keyed too
    # so that grammars and option sets never overwrite one another's entries.
    from notation_toolkit.core import cache

    shown = {k: v for k, v in options.items() if k != "cache"}
    key = cache.fingerprint(
        grammar_sources(path, imports), start, repr(sorted((k, repr(v)) for k, v in shown.items()))
    )
    target = cache.cache_file("lark", key, ".pickle")
    return target if target is not None else False


def grammar_sources(
    grammar: str | os.PathLike[str], imports: Sequence[str | os.PathLike[str]] | None = None
) -> str:
    """The text of a grammar (a shipped name or a ``.lark`` file) and of every grammar it
    ``%import``\\ s, for cache keys."""
    dirs = _search_dirs() if imports is None else [os.fspath(p) for p in imports]
    parts: list[str] = []
    for current in _imported_files(os.path.realpath(_grammar_file(grammar)), dirs):
        text = _read(current)
        parts.append(f"{current}\n{text if text is not None else '<unreadable>'}")
    return "\n\0".join(parts)


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError:
        return None


def _imported_files(path: str, imports: Sequence[str]) -> list[str]:
    """``path`` and the grammar files it imports, transitively, in a stable order."""
    seen: list[str] = []
    todo = [path]
    while todo:
        current = todo.pop(0)
        if current in seen:
            continue
        seen.append(current)
        text = _read(current)
        if text is None:
            continue
        folder = os.path.dirname(current)
        for relative, dotted in _IMPORT.findall(text):
            parts = dotted.split(".")
            # `%import a.b.C` names module a.b and symbol C; `%import a.b (C, D)` names module a.b.
            for n in (len(parts), len(parts) - 1):
                if n <= 0:
                    continue
                rel = os.path.join(*parts[:n]) + ".lark"
                bases = [folder] if relative else [folder, *imports]
                for base in bases:
                    cand = os.path.join(base, rel)
                    if os.path.isfile(cand):
                        todo.append(os.path.realpath(cand))
                        break
    return seen


_regex_memo: dict[tuple[str, str, tuple[str, ...], tuple[str, ...]], dict[str, str]] = {}


def grammar_regexes(
    grammar: str | os.PathLike[str],
    rules: Sequence[str] = (),
    terminals: Sequence[str] = (),
    *,
    start: str = "start",
) -> dict[str, str]:
    """Regex sources for ``rules`` (``core.regular.compile_regex``) and ``terminals`` of a grammar.

    This is what a notation's fast path is compiled from. The sources are cached on disk under the
    content of the grammar (and its imports), so a process that only reads valid input never builds
    the grammar. Terminals are found by base name (``EPIN`` finds ``feen__EPIN``).
    """
    path = _grammar_file(grammar)
    memo_key = (path, start, tuple(rules), tuple(terminals))
    with _lock:
        found = _regex_memo.get(memo_key)
    if found is not None:
        return found
    from notation_toolkit.core import cache

    key = cache.fingerprint(grammar_sources(path), "regexes", start, *rules, "|", *terminals)
    stored = cache.read_value("regex", key)
    wanted = [*rules, *terminals]
    if isinstance(stored, dict) and all(isinstance(stored.get(k), str) for k in wanted):
        result = {k: str(stored[k]) for k in wanted}
    else:
        result = _build_regexes(path, start, rules, terminals)
        cache.write_value("regex", key, result)
    with _lock:
        _regex_memo[memo_key] = result
    return result


def _build_regexes(path: str, start: str, rules: Sequence[str], terminals: Sequence[str]) -> dict[str, str]:
    from notation_toolkit.core.regular import compile_regex

    # compile_regex reads the grammar definition, which a parser restored from the disk cache lacks.
    parser = load_parser(path, start, cache=False)
    result = {rule: compile_regex(parser, rule) for rule in rules}
    for name in terminals:
        for term in parser.terminals:
            if base_name(term.name) == name:
                result[name] = term.pattern.to_regexp()
                break
        else:
            raise KeyError(f"grammar {os.path.basename(path)} has no terminal {name}")
    return result


def _mtime_signature(path: str) -> tuple[float, ...]:
    # User grammars change while an author works on them; the shipped ones do not, but checking
    # their time stamps costs microseconds and keeps the cache honest for both.
    try:
        return (os.stat(path).st_mtime,)
    except OSError:
        return (0.0,)


def _short(message: str, limit: int = 300) -> str:
    message = " ".join(message.split())
    return message if len(message) <= limit else message[: limit - 1] + "…"


def grammar_descriptions(parser: Lark) -> dict[str, str]:
    """Human descriptions of terminals and rules, read from ``//@ NAME: words`` lines.

    The grammar file of ``parser`` and every grammar it ``%import``s (transitively) are read.
    """
    source = getattr(parser.options, "source_path", None)
    if not source or not os.path.isfile(source):
        return {}
    return _file_descriptions(os.path.realpath(source), _search_dirs())


def _file_descriptions(path: str, imports: Sequence[str]) -> dict[str, str]:
    with _lock:
        cached = _descriptions.get(path)
    if cached is not None:
        return cached
    result: dict[str, str] = {}
    for current in _imported_files(path, imports):
        text = _read(current)
        if text is None:
            continue
        for name, words in _ANNOTATION.findall(text):
            result.setdefault(name, words)
    with _lock:
        _descriptions[path] = result
    return result


def base_name(name: str) -> str:
    """A terminal or rule name without Lark's import namespaces (``dfen__fen__RANK`` -> ``RANK``)."""
    if "__ANON" in name:
        return "__ANON"
    return name.rsplit("__", 1)[-1] if "__" in name.strip("_") else name


def describe_terminal(name: str, parser: Lark, names: Mapping[str, str] | None = None) -> str:
    """Describe a terminal in words: annotations, then ``names``, then the literal it matches."""
    from lark.lexer import PatternStr

    if name in ("$END", "<END-OF-FILE>"):
        return "the end of the input"
    base = base_name(name)
    if names and (name in names or base in names):
        return names.get(name) or names[base]
    described = grammar_descriptions(parser)
    if base in described:
        return described[base]
    for terminal in parser.terminals:
        if terminal.name == name:
            if isinstance(terminal.pattern, PatternStr):
                return _quote(terminal.pattern.value)
            break
    return base.replace("_", " ").lower()


_SPACE_NAMES = {"\n": "a line break", "\r": "a carriage return", "\t": "a tab", " ": "a space"}


def _quote(value: str) -> str:
    if value == " ":
        return "a space"
    if value and value.isspace():
        # A token of white space cannot be shown between quotes: name it instead.
        if len(value) == 1:
            return f"({_SPACE_NAMES.get(value, f'U+{ord(value):04X}')})"
        return f"({len(value)} characters)"
    # Control characters would break the message's line: show them escaped.
    shown = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in value)
    return "'" + shown + "'"


_CONFUSABLES = {
    "А": "A",
    "В": "B",
    "Е": "E",
    "К": "K",
    "М": "M",
    "Н": "H",
    "О": "O",
    "Р": "P",
    "С": "C",
    "Т": "T",
    "Х": "X",
    "а": "a",
    "е": "e",
    "о": "o",
    "р": "p",
    "с": "c",
    "у": "y",
    "х": "x",
    "к": "k",
    "Α": "A",
    "Β": "B",
    "Ε": "E",
    "Κ": "K",
    "Μ": "M",
    "Ν": "N",
    "Ο": "O",
    "Ρ": "P",
    "Τ": "T",
    "Χ": "X",
    "ο": "o",
    "ν": "v",
    "–": "-",
    "—": "-",
    "’": "'",
    "‘": "'",
}


def describe_char(char: str, *, kind: bool = False) -> str:
    """Name a character so a user can see what it is, even when it is invisible or a look-alike.

    The result is a complete noun phrase, never to be prefixed with another one: control and
    white-space characters already say what they are (``a tab character``, ``a NUL byte
    (U+0000)``, ``a control character (U+0001)``). A printable character is quoted with its code
    point and name (``'é' (U+00E9 LATIN SMALL LETTER E WITH ACUTE)``); ``kind=True`` adds what
    kind of character it is when that is the point of the message (``a non-ASCII character 'é'
    (U+00E9 ...)``).
    """
    special = {
        "\t": "a tab character",
        "\n": "a line break",
        "\r": "a carriage return (CR)",
        "\x00": "a NUL byte (U+0000)",
        " ": "a space",
        "\u00a0": "a no-break space (U+00A0)",
    }
    if char in special:
        return special[char]
    code = ord(char)
    if 0x20 < code < 0x7F:
        return f"'{char}'"
    name = unicodedata.name(char, "")
    label = f"U+{code:04X}" + (f" {name}" if name else "")
    if code < 0x20 or 0x7F <= code < 0xA0:
        return f"a control character ({label})"
    if unicodedata.category(char) in ("Zs", "Zl", "Zp"):
        return f"a space character ({label})"
    if unicodedata.category(char) in ("Cf", "Cs", "Co", "Cn"):
        # Invisible (format marks such as U+FEFF), lone surrogates, private or unassigned: quoting
        # them would show nothing useful.
        return f"an invisible or unassigned character ({label})"
    return f"a non-ASCII character '{char}' ({label})" if kind else f"'{char}' ({label})"


def lookalike_hint(char: str) -> str | None:
    """A hint for non-ASCII characters that look like ASCII ones (Cyrillic, full-width ...)."""
    ascii_twin = _CONFUSABLES.get(char)
    if ascii_twin is None:
        folded = unicodedata.normalize("NFKC", char)
        if len(folded) == 1 and ord(folded) < 0x80 and folded != char:
            ascii_twin = folded
    if ascii_twin is not None:
        return f"only ASCII is allowed: replace it with the ASCII character '{ascii_twin}'"
    if char in "\t\r\n" or char == "\u00a0":
        return "fields are separated by exactly one ASCII space; remove tabs and line breaks"
    if ord(char) >= 0x80:
        return "only ASCII characters are allowed here"
    return None


def _join_expected(items: Sequence[str]) -> str:
    uniq = sorted(set(items), key=lambda s: (s.startswith("'"), s))
    if len(uniq) > 7:
        uniq = [*uniq[:6], "…"]
    if len(uniq) == 1:
        return uniq[0]
    return ", ".join(uniq[:-1]) + " or " + uniq[-1]


def _expected_found(expected: Sequence[str], text: str, pos: int, found: str) -> str:
    if not expected:
        if found == "the end of the input":
            return f"the input ends too early{_previous_context(text, pos)}"
        return f"unexpected {found}{_previous_context(text, pos)}"
    return f"expected {_join_expected(expected)}{_previous_context(text, pos)}, found {found}"


def _previous_context(text: str, pos: int) -> str:
    if pos <= 0:
        return " at the start of the input"
    prev = text[pos - 1]
    return f" after {describe_char(prev)}"


def translate_lark_error(
    exc: LarkError,
    text: str,
    *,
    parser: Lark,
    code: str,
    names: Mapping[str, str] | None = None,
    field: str | None = None,
    error_cls: type[NotationError] = ParseError,
    hint: str | Callable[[UnexpectedInput], str | None] | None = None,
) -> NotationError:
    """Translate a Lark exception raised while parsing ``text`` into a ``NotationError``.

    The message names what was found and what was expected, in words taken from the grammar's
    ``//@`` annotations (or ``names``), never Lark's internal terminal names.
    """
    from lark.exceptions import (
        UnexpectedCharacters,
        UnexpectedEOF,
        UnexpectedInput,
        UnexpectedToken,
        VisitError,
    )

    if isinstance(exc, VisitError) and isinstance(exc.orig_exc, NotationError):
        return exc.orig_exc
    extra_hint = hint(exc) if callable(hint) and isinstance(exc, UnexpectedInput) else hint
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
        char = text[pos] if 0 <= pos < len(text) else ""
        allowed = [describe_terminal(t, parser, names) for t in (exc.allowed or ())]
        found = describe_char(char) if char else "the end of the input"
        message = _expected_found(allowed, text, pos, found)
        span = Span(pos, 1 if char else 0, exc.line or 1, exc.column or 1)
        final_hint = extra_hint if isinstance(extra_hint, str) else lookalike_hint(char)
        return error_cls([Diagnostic(code, message, span, Severity.ERROR, final_hint, None, field)], text)
    if isinstance(exc, UnexpectedToken):
        token: Token = exc.token
        # Lark's `accepts` silently drops namespaced terminals of imported grammars (its filter
        # tests `name.isupper()`), so merge in the state's full `expected` set.
        names_expected = set(exc.accepts or ()) | set(exc.expected or ())
        expected = [describe_terminal(t, parser, names) for t in sorted(names_expected)]
        if token.type == "$END":
            pos = len(text)
            span = Span.from_offsets(text, pos, pos)
            found = "the end of the input"
        else:
            span = Span.from_token(token)
            pos = span.offset
            what = describe_terminal(token.type, parser, names)
            shown = _quote(str(token)) if len(str(token)) <= 40 else _quote(str(token)[:37] + "...")
            found = shown if what.startswith("'") or what == "a space" else f"{what} {shown}"
        message = _expected_found(expected, text, pos, found)
        final = extra_hint if isinstance(extra_hint, str) else None
        return error_cls([Diagnostic(code, message, span, Severity.ERROR, final, None, field)], text)
    if isinstance(exc, UnexpectedEOF):
        expected = [describe_terminal(t, parser, names) for t in (exc.expected or ())]
        pos = len(text)
        message = _expected_found(expected, text, pos, "the end of the input")
        span = Span.from_offsets(text, pos, pos)
        final = extra_hint if isinstance(extra_hint, str) else None
        return error_cls([Diagnostic(code, message, span, Severity.ERROR, final, None, field)], text)
    return error_cls(
        [
            Diagnostic(
                code, f"cannot parse the input: {_short(str(exc))}", None, Severity.ERROR, None, None, field
            )
        ],
        text,
    )


def parse_text(
    parser: Lark,
    text: str,
    *,
    code: str,
    names: Mapping[str, str] | None = None,
    field: str | None = None,
    error_cls: type[NotationError] = ParseError,
    hint: str | Callable[[UnexpectedInput], str | None] | None = None,
) -> Any:
    """Parse ``text`` with ``parser``; every failure becomes a ``NotationError``.

    Lark errors are translated (see ``translate_lark_error``); a ``NotationError`` raised inside
    an inline transformer passes through; a ``RecursionError`` (pathologically deep input) becomes
    a ``LimitError`` with code NTK002.
    """
    from lark.exceptions import LarkError, VisitError

    try:
        return parser.parse(text)
    except VisitError as exc:
        if isinstance(exc.orig_exc, NotationError):
            raise exc.orig_exc from None
        if isinstance(exc.orig_exc, RecursionError):
            raise _too_deep(text, field) from None
        raise
    except LarkError as exc:
        raise translate_lark_error(
            exc, text, parser=parser, code=code, names=names, field=field, error_cls=error_cls, hint=hint
        ) from None
    except RecursionError:
        raise _too_deep(text, field) from None


def _too_deep(text: str, field: str | None) -> LimitError:
    return NTK002.error(LimitError, text=text, field=field)


def check_size(text: str, limit: int, *, what: str = "input", field: str | None = None) -> None:
    """Raise ``LimitError`` (NTK001) if ``text`` is longer than ``limit`` characters."""
    if len(text) > limit:
        raise NTK001.error(
            LimitError,
            span=Span(limit, len(text) - limit, 1, limit + 1) if "\n" not in text[:limit] else None,
            field=field,
            what=what,
            size=len(text),
            limit=limit,
        )


def check_nesting(text: str, *, max_depth: int, pairs: str = "()[]{}", field: str | None = None) -> None:
    """Raise ``LimitError`` (NTK002) at the first bracket nested deeper than ``max_depth``.

    Run before parsing inputs that allow nesting, so a hostile input cannot exhaust the stack.
    """
    opening = set(pairs[0::2])
    closing = set(pairs[1::2])
    depth = 0
    for i, ch in enumerate(text):
        if ch in opening:
            depth += 1
            if depth > max_depth:
                raise NTK002.error(
                    LimitError,
                    "brackets",
                    span=Span.from_offsets(text, i, i + 1),
                    text=text,
                    field=field,
                    max_depth=max_depth,
                )
        elif ch in closing and depth > 0:
            depth -= 1


def undescribed_terminals(parser: Lark) -> list[str]:
    """Terminals of ``parser`` that a user could see by their raw name (for tests of grammars).

    A terminal is described when it has a ``//@`` annotation or is a literal string.
    """
    from lark.lexer import PatternStr

    described = grammar_descriptions(parser)
    missing = []
    for terminal in parser.terminals:
        if isinstance(terminal.pattern, PatternStr):
            continue
        if base_name(terminal.name) not in described:
            missing.append(terminal.name)
    return sorted(missing)
