"""Every diagnostic is written from its code's template: one template per code.

Outside ``core/`` no module builds a ``Diagnostic(...)`` by hand, no module (the core included)
hands a message string to ``NotationError.single(...)``, and no Dice Chess reason is worded at an
``IllegalMoveError.because(...)`` call: diagnostics come from ``CODE.diagnostic(template, ...)``
(``core.codes.CodeInfo``), so a code's wording lives in its package's ``codes.py`` and the
message checks of ``tests/<family>/test_messages.py`` see all of it. The source is read with
``ast`` (nothing is imported).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "notation_toolkit"

#: Sites that remain, each with the reason. The list only shrinks: a stale entry fails the test.
ALLOWED_DIAGNOSTIC_CALLS: dict[str, str] = {}

#: ``NotationError.single(code, message)`` calls with a hand-written message that remain (none:
#: every message comes from its code's templates).
ALLOWED_SINGLE_CALLS: dict[str, str] = {}

#: Hand-worded Dice Chess reasons (``.because(message)``) that remain (none: ``DICEnnn.error``).
ALLOWED_BECAUSE_CALLS: dict[str, str] = {}


def _python_files(*, core: bool = False) -> list[Path]:
    # The core builds diagnostics for everyone (codes.py, errors.py, the Lark translation); only
    # its hand-written messages are scanned (``core=True``).
    return sorted(p for p in SOURCE.rglob("*.py") if core or "core" not in p.relative_to(SOURCE).parts[:1])


def _is_diagnostic_constructor(node: ast.Call) -> bool:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id == "Diagnostic"
    # ``diagnostics.Diagnostic(...)``; the LSP's ``types.Diagnostic`` is another class.
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "Diagnostic"
        and not (isinstance(func.value, ast.Name) and func.value.id == "types")
    )


def _is_single_with_message(node: ast.Call) -> bool:
    func = node.func
    if not (isinstance(func, ast.Attribute) and func.attr == "single"):
        return False
    # A message given as text (a literal, an f-string or a concatenation) is wording at a call site.
    message = node.args[1] if len(node.args) > 1 else None
    return isinstance(message, ast.Constant | ast.JoinedStr | ast.BinOp)


def _is_because(node: ast.Call) -> bool:
    # ``IllegalMoveError.because(message)``: a reason worded at the call site.
    return isinstance(node.func, ast.Attribute) and node.func.attr == "because"


def _sites(predicate: object, *, core: bool = False) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for path in _python_files(core=core):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and callable(predicate) and predicate(node):
                found.setdefault(path.relative_to(SOURCE).as_posix(), []).append(node.lineno)
    return found


def test_no_diagnostic_is_built_by_hand_outside_core() -> None:
    sites = _sites(_is_diagnostic_constructor)
    unexpected = {path: lines for path, lines in sites.items() if path not in ALLOWED_DIAGNOSTIC_CALLS}
    assert not unexpected, f"build these with CODE.diagnostic(...) from the package's codes.py: {unexpected}"
    stale = sorted(set(ALLOWED_DIAGNOSTIC_CALLS) - set(sites))
    assert not stale, f"no longer build Diagnostic(...): remove them from the allow-list: {stale}"


def test_no_error_carries_a_hand_written_message_outside_core() -> None:
    sites = _sites(_is_single_with_message, core=True)
    unexpected = {path: lines for path, lines in sites.items() if path not in ALLOWED_SINGLE_CALLS}
    assert not unexpected, f"build these errors from a code's template: {unexpected}"
    stale = sorted(set(ALLOWED_SINGLE_CALLS) - set(sites))
    assert not stale, f"no longer hand-write messages: remove them from the allow-list: {stale}"


def test_no_illegal_move_is_worded_at_its_call_site() -> None:
    sites = _sites(_is_because)
    unexpected = {path: lines for path, lines in sites.items() if path not in ALLOWED_BECAUSE_CALLS}
    assert not unexpected, f"raise DICEnnn.error(IllegalMoveError, template, ...) instead: {unexpected}"
    stale = sorted(set(ALLOWED_BECAUSE_CALLS) - set(sites))
    assert not stale, f"no longer word reasons by hand: remove them from the allow-list: {stale}"


def test_the_scan_sees_constructor_and_single_calls() -> None:
    # The scan only means something if it recognises the shapes it looks for.
    tree = ast.parse(
        "Diagnostic('X1', 'm')\n"
        "diagnostics.Diagnostic('X1', 'm')\n"
        "types.Diagnostic(range=r, message='m')\n"
        "ParseError.single('X1', f'bad {x}')\n"
        "ParseError.single('X1', MESSAGE)\n"
    )
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    assert [_is_diagnostic_constructor(c) for c in calls] == [True, True, False, False, False]
    assert [_is_single_with_message(c) for c in calls] == [False, False, False, True, False]
    because = ast.parse("IllegalMoveError.because(str(exc), code='DICE004')\nGame.play('e2e4')\n")
    assert [_is_because(c) for c in ast.walk(because) if isinstance(c, ast.Call)] == [True, False, False]


# ------------------------------------------------------------------------------------------------
# Every call that names a code's template gives the fields the template needs. A template filled
# without one of its fields would raise KeyError (a traceback) on a path no test happens to reach.

_OPTIONS = {"span", "field", "hint", "fix", "severity", "text", "template", "code", "cls"}


def _code_names() -> dict[str, set[str]]:
    # Constant name -> codes: `NO_START = "VAR102"` in a codes module, and each code as its own name.
    import importlib

    from notation_toolkit.core.codes import all_codes

    for path in SOURCE.rglob("codes.py"):  # every codes module registers its codes
        parts = path.relative_to(SOURCE).with_suffix("").parts
        importlib.import_module(".".join(("notation_toolkit", *parts)))
    names: dict[str, set[str]] = {code: {code} for code in all_codes()}
    for path in SOURCE.rglob("codes.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
                and node.value.value in names
            ):
                names.setdefault(node.targets[0].id, set()).add(node.value.value)
    return names


def _fields(pattern: str) -> set[str]:
    import string

    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(pattern) if name}


def _messages(code: str) -> dict[str, str]:
    from notation_toolkit.core.codes import get_code

    info = get_code(code)
    return dict(info.messages) if info is not None else {}


def _template_calls() -> list[tuple[str, int, set[str], str, set[str], bool]]:
    """(path, line, candidate codes, template name, keyword names, has **kwargs) of each call
    that names a code (a constant, ``CODE.diagnostic``) and a template (a string literal)."""
    names = _code_names()
    found = []
    for path in _python_files():
        if path.name == "codes.py":
            continue  # registrations, not diagnostics
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            method = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if method not in {"diagnostic", "error", "refuse", "_diag", "_err", "note"}:
                continue
            codes: set[str] = set()
            # The code: the object the method is called on (FEN110.diagnostic, info_of(codes.X).error,
            # C.INFO[C.X].diagnostic), or a constant among the arguments (_diag(codes.X, ...)).
            scope: list[ast.AST] = [*node.args]
            if isinstance(func, ast.Attribute):
                scope.append(func.value)
            for part in scope:
                for sub in ast.walk(part):
                    key = sub.attr if isinstance(sub, ast.Attribute) else getattr(sub, "id", None)
                    if isinstance(key, str) and key in names and key.isupper():
                        codes |= names[key]
            if not codes:
                continue
            # The template: the string literal among the arguments that names one of the code's
            # templates (other literals are field names and the like); none means the main one.
            literal = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            template = next((t for t in literal if any(t in _messages(c) for c in codes)), "")
            keywords = {k.arg for k in node.keywords if k.arg is not None}
            splat = any(k.arg is None for k in node.keywords)
            found.append((path.relative_to(SOURCE).as_posix(), node.lineno, codes, template, keywords, splat))
    return found


def test_every_template_call_gives_the_fields_of_its_template() -> None:
    from notation_toolkit.core.codes import get_code

    problems = []
    checked = 0
    for path, line, codes, template, keywords, splat in _template_calls():
        infos = [i for i in (get_code(c) for c in codes) if i is not None and template in i.messages]
        if not infos:
            continue
        checked += 1
        if splat:
            continue
        needed = (
            set().union(*(_fields(i.messages[template]) | _fields(i.hints.get(template, "")) for i in infos))
            - _OPTIONS
        )
        # A call with several candidate codes (a constant shared by two packages) needs the fields
        # of one of them.
        if not any(
            (_fields(i.messages[template]) | _fields(i.hints.get(template, ""))) <= keywords for i in infos
        ):
            problems.append(f"{path}:{line}: {template!r} needs {sorted(needed - keywords)}")
    assert not problems, "\n".join(problems)
    assert checked > 150
