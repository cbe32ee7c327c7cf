"""The notation registry, conversions and 'did you mean'."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import UnknownNameError
from notation_toolkit.core.registry import (
    Notation,
    get_conversion,
    get_notation,
    notation_for_path,
    notation_names,
    register_conversion,
    register_notation,
)
from notation_toolkit.core.suggest import close_matches, did_you_mean


@pytest.fixture(autouse=True)
def _restore_registry() -> Iterator[None]:
    # These tests register throw-away notations and conversions; other tests list the registry.
    from notation_toolkit.core import registry

    # Load what ships first: a conversion module registers its conversions when it is imported,
    # once per process, so a snapshot taken before that first import would drop them for every
    # later test in this process (a later `ntk convert` then finds no conversion at all).
    registry.conversions()
    registry.notation_names()
    notations, conversions = dict(registry._registry), dict(registry._conversions)
    yield
    registry._registry.clear()
    registry._registry.update(notations)
    registry._conversions.clear()
    registry._conversions.update(conversions)


def _upper_notation(name: str = "upper-test") -> Notation:
    def parse(text: str, **_: object) -> str:
        return text.upper()

    def check(text: str, **_: object) -> list[Diagnostic]:
        return [] if text.isascii() else [Diagnostic("UP001", "not ASCII")]

    return Notation(name, "upper-case test notation", (".uptest",), True, parse, check, parse)


def test_registered_notation_is_found_by_name_and_extension() -> None:
    n = _upper_notation()
    register_notation(n, replace=True)
    assert get_notation("UPPER-TEST") is n
    assert "upper-test" in notation_names()
    assert notation_for_path("games/list.uptest") is n
    assert notation_for_path("README") is None


def test_duplicate_registration_is_refused() -> None:
    register_notation(_upper_notation("dup-test"), replace=True)
    with pytest.raises(ValueError):
        register_notation(_upper_notation("dup-test"))


def test_unknown_notation_suggests_close_names() -> None:
    register_notation(_upper_notation(), replace=True)
    with pytest.raises(UnknownNameError) as info:
        get_notation("uper-test")
    d = info.value.diagnostics[0]
    assert d.code == "NTK003"
    assert d.hint is not None and d.hint.startswith("did you mean 'upper-test'")


def test_conversions_are_registered_with_what_they_lose() -> None:
    register_notation(_upper_notation("conv-a"), replace=True)
    register_notation(_upper_notation("conv-b"), replace=True)
    register_conversion("conv-a", "conv-b", str.lower, "case")
    conv = get_conversion("conv-a", "conv-b")
    assert conv.convert("ABC") == "abc" and conv.loses == "case"
    with pytest.raises(UnknownNameError):
        get_conversion("conv-b", "conv-a")


def test_did_you_mean_wording() -> None:
    assert did_you_mean("feen", ["fen", "feen-legacy", "dfen"]) is not None
    assert did_you_mean("zzzz", ["fen"]) is None
    assert close_matches("ALICE", ["alice", "atomic"]) == ["alice"]


def test_rich_tree_and_data_never_show_lark_token_names() -> None:
    from lark import Token
    from rich.console import Console

    from notation_toolkit.core.tree import GenericNode, to_data, to_rich_tree

    node = GenericNode("move_number", (Token("MOVE_NUMBER", "42"),))
    console = Console(record=True, width=80, color_system=None)
    console.print(to_rich_tree(node))
    out = console.export_text()
    assert "'42'" in out and "MOVE_NUMBER" not in out and "Token" not in out
    assert to_data(node) == {"type": "GenericNode", "rule": "move_number", "children": ["42"], "span": None}


def test_the_shipped_notations_are_declared_as_entry_points() -> None:
    import tomllib
    from pathlib import Path

    from notation_toolkit.core import registry

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    declared = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["entry-points"][
        registry.ENTRY_POINT_GROUP
    ]
    # The lazy fallback for source checkouts names exactly what the entry points name.
    assert declared == registry._BUILTIN
    assert set(declared) == {"feen", "feen-legacy", "epin", "pin", "sin", "qpi", "fen", "dfen", "fbr", "mbn"}


@pytest.mark.parametrize(
    "name", ["feen", "feen-legacy", "epin", "pin", "sin", "qpi", "fen", "dfen", "fbr", "mbn"]
)
def test_every_declared_target_is_a_notation_of_that_name(name: str) -> None:
    import importlib

    from notation_toolkit.core import registry

    module, _, attribute = registry.declared_notations()[name].partition(":")
    target = getattr(importlib.import_module(module), attribute)
    assert isinstance(target, Notation) and target.name == name
    assert get_notation(name) is target


def test_the_installed_metadata_matches_when_present() -> None:
    from importlib.metadata import PackageNotFoundError, distribution

    from notation_toolkit.core import registry

    try:
        dist = distribution("notation-toolkit")
    except PackageNotFoundError:
        pytest.skip("running from a source checkout without installed metadata")
    installed = {ep.name: ep.value for ep in dist.entry_points if ep.group == registry.ENTRY_POINT_GROUP}
    if not installed:
        pytest.skip("installed metadata predates the entry points (reinstall: pip install -e .)")
    assert installed == registry._BUILTIN


# A broken third-party notation: tests/core/test_entry_points.py (the registry's own entry-point scan).


def test_the_static_extension_table_names_what_the_shipped_notations_declare() -> None:
    from notation_toolkit.core import registry

    # notation_for_path answers shipped extensions from this table without importing the
    # notations; it must say exactly what the Notation objects themselves declare.
    declared = {ext: name for name in registry._BUILTIN for ext in get_notation(name).extensions}
    assert declared == registry._BUILTIN_EXTENSIONS


@pytest.mark.parametrize(
    ("path", "name"),
    [("a.fen", "fen"), ("dir/B.FEEN", "feen"), ("x.dfen", "dfen"), ("r.fbr", "fbr"), ("p.mbn", "mbn")],
)
def test_a_shipped_extension_loads_its_notation_alone(path: str, name: str) -> None:
    import subprocess
    import sys

    # In a fresh interpreter: the lookup must not import the other notations nor scan metadata.
    code = (
        "import sys\n"
        "from notation_toolkit.core.registry import notation_for_path\n"
        f"print(notation_for_path({path!r}).name)\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('notation_toolkit.') "
        "and m.count('.') == 1 and m != 'notation_toolkit.core')))\n"
        "print('importlib.metadata' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    found, packages, metadata = out.splitlines()
    assert found == name
    allowed = {name, "mbn"} if name == "fbr" else {"fen", name} if name == "dfen" else {name}
    assert set(packages.split()) <= {f"notation_toolkit.{p}" for p in allowed}
    assert metadata == "False"
