"""The registry of diagnostic codes: explanations (``ntk explain CODE``) and message templates.

A code is registered once with its title, its explanation and the templates of its messages, and
every diagnostic of that code is built from them (``CODE.diagnostic(span=..., **params)``), so the
wording of a code lives in one place and no caller pastes phrases together:

>>> demo = CodeInfo(
...     "DEMO001", "a demonstration", "Only for this example.",
...     messages={"": "{what} at column {column} is not allowed"},
...     hints={"": "remove {what}"},
... )  # a notation calls register_code(...) with the same arguments
>>> d = demo.diagnostic(what="a tab character", column=3)
>>> d.message, d.hint
('a tab character at column 3 is not allowed', 'remove a tab character')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.errors import NotationError

if TYPE_CHECKING:
    from notation_toolkit.core.span import Span

_HINT_UNSET = "\0unset"
DEFAULT_HINT: str | None = _HINT_UNSET
"""The ``hint`` argument that means "the template's own hint" (for helpers that pass one on)."""

E = TypeVar("E", bound=NotationError)


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """What a diagnostic code means, and how its messages are worded.

    ``title`` is one line and ``explanation`` markdown (``ntk explain``). ``messages`` maps a
    template name to a ``str.format`` template with named fields; most codes have one template,
    named ``""``; a code whose cases read differently (the input is empty / ends with a space)
    names each case. ``hints`` holds the default hint of a template (by the same name), and
    ``fixes`` the description of the repair a template's diagnostic carries (``fix(...)``).
    """

    code: str
    title: str
    explanation: str
    messages: Mapping[str, str] = field(default_factory=dict)
    hints: Mapping[str, str] = field(default_factory=dict)
    fixes: Mapping[str, str] = field(default_factory=dict)

    def message(self, template: str = "", /, **params: object) -> str:
        """The message of ``template`` with ``params`` filled in."""
        try:
            pattern = self.messages[template]
        except KeyError:
            raise KeyError(f"diagnostic code {self.code} has no message template {template!r}") from None
        return pattern.format(**params)

    def diagnostic(
        self,
        template: str = "",
        /,
        *,
        span: Span | None = None,
        field: str | None = None,
        hint: str | None = _HINT_UNSET,
        fix: Fix | None = None,
        severity: Severity = Severity.ERROR,
        **params: object,
    ) -> Diagnostic:
        """A diagnostic of this code: the message of ``template`` filled with ``params``.

        ``hint`` defaults to the template's hint (filled with the same ``params``); pass a string
        to replace it or ``None`` to give no hint.
        """
        return self.diagnostic_from(
            template, params, span=span, field=field, hint=hint, fix=fix, severity=severity
        )

    def diagnostic_from(
        self,
        template: str,
        params: Mapping[str, object],
        /,
        *,
        span: Span | None = None,
        field: str | None = None,
        hint: str | None = _HINT_UNSET,
        fix: Fix | None = None,
        severity: Severity = Severity.ERROR,
    ) -> Diagnostic:
        """:meth:`diagnostic` with the template's fields given as a mapping (for helpers that pass
        on the fields their callers gave)."""
        if hint == _HINT_UNSET:
            pattern = self.hints.get(template)
            hint = pattern.format(**params) if pattern is not None else None
        return Diagnostic(self.code, self.message(template, **params), span, severity, hint, fix, field)

    def error(
        self,
        cls: type[E],
        template: str = "",
        /,
        *,
        text: str | None = None,
        span: Span | None = None,
        field: str | None = None,
        hint: str | None = _HINT_UNSET,
        fix: Fix | None = None,
        **params: object,
    ) -> E:
        """A ``cls`` error (a ``NotationError`` subclass) holding one diagnostic of this code,
        built as :meth:`diagnostic` builds it; ``text`` is the input the error is about."""
        diagnostic = self.diagnostic_from(template, params, span=span, field=field, hint=hint, fix=fix)
        return cls([diagnostic], text)

    def fix(self, template: str, replacement: str, /, span: Span | None = None, **params: object) -> Fix:
        """The repair of ``template``: its fix description filled with ``params``, replacing
        ``span`` (the whole input when ``None``) with ``replacement``."""
        try:
            pattern = self.fixes[template]
        except KeyError:
            raise KeyError(f"diagnostic code {self.code} has no fix template {template!r}") from None
        return Fix(pattern.format(**params), replacement, span)


_CODES: dict[str, CodeInfo] = {}


def register_code(
    code: str,
    title: str,
    explanation: str,
    *,
    messages: Mapping[str, str] | None = None,
    hints: Mapping[str, str] | None = None,
    fixes: Mapping[str, str] | None = None,
) -> CodeInfo:
    """Register (or re-register identically) a diagnostic code; return its ``CodeInfo``.

    Registering a different meaning under an existing code is a programming error: codes are
    stable identifiers users search for.
    """
    info = CodeInfo(
        code, title, explanation.strip(), dict(messages or {}), dict(hints or {}), dict(fixes or {})
    )
    old = _CODES.get(code)
    if (
        old is not None
        and not info.messages
        and (old.code, old.title, old.explanation)
        == (
            info.code,
            info.title,
            info.explanation,
        )
    ):
        return old  # registered again by a module that words no message: the templates stay
    if old is not None and old != info:
        raise RuntimeError(f"diagnostic code {code} registered twice with different meanings")
    _CODES[code] = info
    return info


#: A code's (messages, hints, fixes) templates, each keyed by template name.
Templates = tuple[Mapping[str, str], Mapping[str, str], Mapping[str, str]]


def register_codes(
    codes: Mapping[str, tuple[str, str]], templates: Mapping[str, Templates]
) -> dict[str, CodeInfo]:
    """:func:`register_code` for a notation's table: ``codes`` maps each code to its title and
    explanation, ``templates`` to its templates (a code it leaves out words no message).
    Returns the ``CodeInfo`` of each code, by code."""
    infos: dict[str, CodeInfo] = {}
    for code, (title, explanation) in codes.items():
        messages, hints, fixes = templates.get(code, ({}, {}, {}))
        infos[code] = register_code(code, title, explanation, messages=messages, hints=hints, fixes=fixes)
    return infos


def add_templates(
    code: str,
    *,
    messages: Mapping[str, str],
    hints: Mapping[str, str] | None = None,
    fixes: Mapping[str, str] | None = None,
) -> CodeInfo:
    """Give the registered ``code`` its message templates; return its ``CodeInfo``.

    For a code registered (title and explanation) by a module that words none of its messages:
    the package's ``codes.py`` adds the templates once. Adding templates to a code that has some
    is a programming error, as is adding them to a code nobody registered.
    """
    old = info_of(code)
    new = CodeInfo(old.code, old.title, old.explanation, dict(messages), dict(hints or {}), dict(fixes or {}))
    if old.messages and old != new:
        raise RuntimeError(f"diagnostic code {code} already has message templates")
    _CODES[old.code] = new
    return new


def get_code(code: str) -> CodeInfo | None:
    """The registered information for ``code`` (case-insensitive), or ``None``."""
    return _CODES.get(code.upper())


def info_of(code: str) -> CodeInfo:
    """The registered information for ``code``; ``KeyError`` for a code nobody registered (a
    programming error: every code a module builds is registered by its package's ``codes.py``)."""
    found = _CODES.get(code.upper())
    if found is None:
        raise KeyError(f"unregistered diagnostic code {code}")
    return found


def all_codes() -> dict[str, CodeInfo]:
    """A copy of every registered code."""
    return dict(_CODES)


NTK001 = register_code(
    "NTK001",
    "input too large",
    """
The input is larger than the configured safety cap. The cap protects services that parse
untrusted text from spending unbounded time and memory. Raise it explicitly (for example
`max_input=...` in the API) if you really need to parse larger inputs.
""",
    messages={
        "": "the {what} is {size:,} characters long; the limit is {limit:,}",
        # core.textio: the caps of every reader (files, pipes, standard input, devices)
        "text": "{source} is larger than {limit:,} bytes, the most read as one text",
        "line": "line {line} of {source} is longer than {limit:,} bytes",
        "stream": "{source} is larger than {limit:,} bytes, the most read from one input",
        "setting": "{variable} must be a size in bytes such as 1048576, 64K or 16M, not {value!r}",
        # core.textio.read_prompt_line: interactive prompts (ntk dice play)
        "prompt": "a line of more than {limit:,} characters was skipped",
    },
    hints={
        "": "raise the limit explicitly if you trust this input",
        **{
            name: "raise the cap with {variable}=SIZE (e.g. {variable}=1G) if you trust this input"
            for name in ("text", "line", "stream")
        },
        "setting": "write a number of bytes, optionally with K, M, G or T (powers of 1024)",
        "prompt": "type one command or a few moves per line",
    },
)
NTK002 = register_code(
    "NTK002",
    "nesting too deep",
    """
The input nests brackets or parentheses deeper than the parser accepts. Deep nesting is refused
before parsing so that it cannot exhaust the stack.
""",
    messages={
        "": "the input is nested too deeply to be parsed",
        "write": "the {what} is nested too deeply to be written back as text",
        "read": "the input is nested too deeply to be read",
        "brackets": "brackets are nested more than {max_depth} deep",
    },
    hints={
        **{name: "reduce the nesting depth" for name in ("", "write", "read")},
        "brackets": "split the expression or reduce its nesting",
    },
)
NTK003 = register_code(
    "NTK003",
    "unknown name",
    """
A notation, grammar, rule or other name was not found. The hint lists the closest known names.
""",
    messages={
        "notation": "unknown notation {name!r}",
        "broken": "notation {name!r} is installed but cannot be loaded",
        "conversion": "no conversion from {source} to {target}",
        "option": "unknown {notation} option {name!r}",
        "no_options": "{notation} takes no options and no --grammar",
        "limits": "unknown limits {name!r}",
        "max_input": "max_input must be a number of characters, not {value!r}",
        "flag": "{notation} option {name!r} is true or false, not {value!r}",
        "not_drawable": "{notation} texts are not positions and cannot be drawn",
        "extension": "cannot tell the notation of {path!r} from its extension",
    },
    hints={
        "notation": "available notations: {known}",
        "broken": "its entry point failed: {reason}",
        "conversion": "available: {known}",
        "option": "options: {known}",
        "no_options": "token notations are fixed; extend the FEEN grammar instead",
        "limits": "use {known}",
        "max_input": "write a number such as {example}, or 'none' for no cap",
        "flag": "write true or false (1/0, yes/no and on/off are read too)",
        "not_drawable": "draw one of: {known}",
        "extension": "pass --notation NAME (one of: {known})",
    },
)
NTK004 = register_code(
    "NTK004",
    "grammar cannot be loaded",
    """
A grammar file (usually your own extension grammar passed with `--grammar`) could not be loaded:
the file is missing, has a syntax error, or refers to rules or terminals that do not exist.
Grammars may `%import` the shipped grammars by name (for example `%import feen.placement`).
""",
    messages={
        # core.grammar words these three itself (the same words); to move here.
        "missing_file": "grammar file {path!r} does not exist",
        "unknown": "there is no grammar named {name!r}",
        "cannot_load": "cannot load grammar {name}: {reason}",
        # An extension grammar of a FEN-like notation must keep the rules the fields are read from.
        "no_position": "the grammar {grammar} did not produce a 'position' rule, so the {label} fields "
        "cannot be found",
        "no_field": "the grammar {grammar} has no rule '{rule}' inside 'position', so the {what} cannot "
        "be found",
    },
    hints={
        "missing_file": "check the path given with --grammar",
        "unknown": "known grammars: {known}",
        "cannot_load": "grammars may %import the shipped grammars by name, e.g. `%import feen.placement`",
        "no_position": "%import the {base} rules and keep the rule name 'position' (%override or %extend it)",
        "no_field": "keep the {base} rule '{rule}' (import it by name)",
    },
)
NTK005 = register_code(
    "NTK005",
    "file cannot be read",
    """
A file named on the command line could not be read, or is not valid UTF-8.
""",
    messages={
        "": "cannot read {source}: {reason}",
        "directory": "cannot read {source}: {reason}",
        "not_utf8": "{source} is not UTF-8 text: byte {bytes} at line {line}, column {column} cannot be "
        "decoded",
        "no_match": "no file matches {pattern!r}",
        "catalog": "cannot read the catalog file {path!r}: {reason}",
        # commands/diff.py and fbr/expand/cli.py word this message itself (the same words).
        "two_stdin": "only one of A and B can be standard input",
        "stdin_cluster": "standard input cannot be sent to a Dask cluster",
    },
    hints={
        "": "check the path and the permissions",
        "directory": "give a file, not a directory",
        "not_utf8": "save the file as UTF-8 (most editors offer it under 'Save as' or 'Encoding')",
        "no_match": "check the pattern (quote it for the shell)",
        "catalog": "check the path and the permissions",
        "two_stdin": "read the other one from a file",
        "stdin_cluster": "give files that every worker can read",
    },
)
# NTK006 (number too long) is registered by core.limits, next to the one mechanism that raises it.
NTK007 = register_code(
    "NTK007",
    "optional dependency not installed",
    """
The feature needs a package that is an optional extra of the toolkit and is not installed (for
example Dask for `ntk check --dask`). Install the extra the hint names, such as
`pip install "notation-toolkit[dask]"`.
""",
    messages={"": "{package} is not installed; {feature} needs it"},
    hints={"": 'install the extra: pip install "notation-toolkit[{extra}]"'},
)
NTK008 = register_code(
    "NTK008",
    "service cannot be reached",
    """
A service the command was told to use (for example the Dask scheduler given with `--dask
tcp://HOST:8786`) did not answer. Check the address, that the service runs and that no firewall
stands between them.
""",
    messages={"": "cannot reach the {service} at {address}: {reason}"},
    hints={"": "check the address ({example}) and that the {service} runs"},
)
NTK009 = register_code(
    "NTK009",
    "not supported by the notation",
    """
The notation does not offer what was asked of it: for example lenient formatting
(canonicalization) of a notation that has no lenient mode. Use the strict operation instead.
""",
    messages={"lenient": "{notation} has no lenient mode"},
    hints={"lenient": "format it strictly instead"},
)
NTK010 = register_code(
    "NTK010",
    "worker process died",
    """
A worker process of a bulk run (`ntk check --jobs N`, `ntk fmt`, `ntk convert -i`) died while it
held a range of lines: killed by a signal (the out-of-memory killer, `kill -9`) or ended by a
crash. The range is checked again once in a fresh worker (a warning says so); if that worker dies
too, the lines of the range are reported as not checked and the run goes on with the others.
""",
    messages={
        "retried": "the worker holding lines {first}-{last} of {source} {reason}; the lines were "
        "checked again in a fresh worker",
        "unchecked": "not checked: two workers died holding lines {first}-{last} of {source} (the "
        "last one {reason})",
    },
    hints={
        "retried": "a worker dies when the system kills it (memory) or on a crash; the results are complete",
        "unchecked": "check these lines alone (--jobs 1) to see what stops the worker",
    },
)
