"""The layering contract of docs/architecture.md, checked on the import graph of the source.

Every module of ``notation_toolkit`` is parsed with ``ast`` (nothing is imported); every import
counts, at module level, inside functions and under ``TYPE_CHECKING`` alike, because a lazy import
is still a dependency. The graph must have:

* no upward edge: a module imports only from its own package and from lower layers;
* no sideways edge between notations except ``dfen -> fen`` and ``fbr -> mbn``;
* no cycle, neither between packages nor between modules;
* the CLI kit (``core.cli``) used only by command modules (``cli.py``) and the root CLI.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "notation_toolkit"
SOURCE = ROOT / PACKAGE

# The layers of docs/architecture.md. A new top-level package must be given its layer here.
LAYERS: dict[str, int] = {
    "": 0,  # notation_toolkit/__init__.py: only the version
    "core": 0,
    "feen": 1,
    "fen": 1,
    "dfen": 1,
    "fbr": 1,
    "mbn": 1,
    "dicechess": 2,
    "variant": 2,
    "convert": 2,
    "svg": 3,
    "lexers": 3,
    "lsp": 3,
    "bulk": 3,
    "fsf": 3,  # the Fairy-Stockfish bridge (variants.ini export, UCI player)
    "studio": 4,  # the variant studio: a face built on lsp, svg and variant (and fsf)
    "commands": 4,  # the generic commands (parse, check, fmt ...) of the root `ntk` group
    "cli": 4,  # notation_toolkit/cli.py: the root `ntk` group
    "__main__": 4,  # python -m notation_toolkit
}
NOTATION_LAYER = 1
ALLOWED_SIDEWAYS = {("dfen", "fen"), ("fbr", "mbn")}
CLI_KIT = f"{PACKAGE}.core.cli"

# Edges that break the contract and are tolerated for now, each as (importing module, imported
# module) with a comment saying why; none today. test_known_violations_are_still_present fails
# on a stale entry, so the list can only shrink.
KNOWN_VIOLATIONS_TO_REMOVE: frozenset[tuple[str, str]] = frozenset()


@dataclass(frozen=True, slots=True)
class Edge:
    """One import: ``source`` imports ``target`` at ``line`` of ``path``."""

    source: str
    target: str
    path: str
    line: int


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(SOURCE.rglob("*.py")) if "__pycache__" not in p.parts}


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _imports(module: str, path: Path, known: dict[str, Path]) -> Iterator[Edge]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    rel = str(path.relative_to(ROOT))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == PACKAGE or alias.name.startswith(PACKAGE + "."):
                    yield Edge(module, alias.name, rel, node.lineno)
        elif isinstance(node, ast.Call) and _is_import_call(node):
            # importlib.import_module("notation_toolkit.x") hides an import from a plain reading.
            yield Edge(module, node.args[0].value, rel, node.lineno)  # type: ignore[attr-defined]
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, path.name == "__init__.py", node)
            if not (target == PACKAGE or target.startswith(PACKAGE + ".")):
                continue
            for alias in node.names:
                # `from pkg import sub` imports the submodule when there is one.
                sub = f"{target}.{alias.name}"
                yield Edge(module, sub if sub in known else target, rel, node.lineno)


def _is_import_call(node: ast.Call) -> bool:
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if name not in ("import_module", "__import__") or not node.args:
        return False
    first = node.args[0]
    return (
        isinstance(first, ast.Constant)
        and isinstance(first.value, str)
        and (first.value == PACKAGE or first.value.startswith(PACKAGE + "."))
    )


@functools.cache
def _graph_once() -> tuple[Edge, ...]:
    known = _modules()
    edges = [e for m, p in known.items() for e in _imports(m, p, known)]
    return tuple(e for e in edges if e.source != e.target)


def _graph() -> list[Edge]:
    return list(_graph_once())


def _package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _is_command_module(module: str) -> bool:
    return module.rsplit(".", 1)[-1] == "cli" or LAYERS.get(_package(module)) == LAYERS["cli"]


def _layer(package: str) -> int:
    if package not in LAYERS:
        raise AssertionError(
            f"notation_toolkit/{package}/ is a top-level package that tests/test_architecture.py does not "
            f"know: give it its layer in LAYERS (core 0, notations 1, game cores/convert 2, faces 3, cli 4)"
        )
    return LAYERS[package]


def _current_edges() -> list[Edge]:
    return [e for e in _graph() if (e.source, e.target) not in KNOWN_VIOLATIONS_TO_REMOVE]


def _show(edges: list[Edge]) -> str:
    return "\n".join(f"  {e.path}:{e.line}: {e.source} -> {e.target}" for e in edges)


def test_every_top_level_package_has_a_layer() -> None:
    for module in _modules():
        _layer(_package(module))


def test_no_upward_edge() -> None:
    bad = [e for e in _current_edges() if _layer(_package(e.target)) > _layer(_package(e.source))]
    assert not bad, "imports that point up a layer (docs/architecture.md):\n" + _show(bad)


def test_no_sideways_edge_between_notations() -> None:
    bad = []
    for e in _current_edges():
        a, b = _package(e.source), _package(e.target)
        if a != b and _layer(a) == _layer(b) == NOTATION_LAYER and (a, b) not in ALLOWED_SIDEWAYS:
            bad.append(e)
    assert not bad, "notations import each other (only dfen -> fen and fbr -> mbn may):\n" + _show(bad)


def test_only_commands_use_the_cli_kit() -> None:
    bad = [
        e
        for e in _current_edges()
        if e.target == CLI_KIT and not _is_command_module(e.source) and _package(e.source) != "core"
    ]
    assert not bad, "library modules import the click command kit (only cli.py modules may):\n" + _show(bad)


def _cycles(nodes: set[str], edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(nodes):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    item = stack.pop()
                    on_stack.discard(item)
                    component.append(item)
                    if item == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_cycle_between_packages() -> None:
    edges: dict[str, set[str]] = {}
    for e in _current_edges():
        a, b = _package(e.source), _package(e.target)
        if a != b:
            edges.setdefault(a, set()).add(b)
    cycles = _cycles(set(edges) | {b for bs in edges.values() for b in bs}, edges)
    assert not cycles, f"packages that import each other: {cycles}"


def test_no_cycle_between_modules() -> None:
    current = _current_edges()
    edges: dict[str, set[str]] = {}
    for e in current:
        edges.setdefault(e.source, set()).add(e.target)
    cycles = _cycles(set(_modules()), edges)
    detail = [_show([e for e in current if e.source in c and e.target in c]) for c in cycles]
    assert not cycles, "modules that import each other (lazily or not):\n" + "\n".join(detail)


def test_known_violations_are_still_present() -> None:
    present = {(e.source, e.target) for e in _graph()}
    stale = sorted(KNOWN_VIOLATIONS_TO_REMOVE - present)
    if stale:
        pytest.fail(
            "these edges are gone: remove them from KNOWN_VIOLATIONS_TO_REMOVE in "
            "tests/test_architecture.py: " + ", ".join(f"{a} -> {b}" for a, b in stale)
        )


def test_the_checker_sees_function_level_and_relative_imports(tmp_path: Path) -> None:
    # The checker itself must not miss the imports it exists to find.
    source = tmp_path / "m.py"
    source.write_text(
        "def f():\n    from notation_toolkit.fen import ast\n    from . import sibling\n"
        "    importlib.import_module('notation_toolkit.fbr.api')\n",
        encoding="utf-8",
    )
    tree = ast.parse(source.read_text(encoding="utf-8"))
    froms = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert [_resolve("notation_toolkit.feen.parser", False, n) for n in froms] == [
        "notation_toolkit.fen",
        "notation_toolkit.feen",
    ]
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _is_import_call(n)]
    assert len(calls) == 1
    assert _cycles({"a", "b", "c"}, {"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
