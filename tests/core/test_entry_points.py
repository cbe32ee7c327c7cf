"""``core.entry_points``: the installed entry points read without ``importlib.metadata``, and the
registry's handling of a broken third-party notation found that way."""

from __future__ import annotations

import importlib.metadata

import pytest

from notation_toolkit.core import registry
from notation_toolkit.core.entry_points import entry_point_values
from notation_toolkit.core.errors import UnknownNameError
from notation_toolkit.core.registry import get_notation, notation_names


@pytest.mark.parametrize(
    "group", ["notation_toolkit.notations", "notation_toolkit.conversions", "console_scripts"]
)
def test_the_scan_lists_what_importlib_metadata_lists(group: str) -> None:
    expected = sorted((ep.name, ep.value) for ep in importlib.metadata.entry_points(group=group))
    assert sorted(entry_point_values(group)) == expected


def test_the_registry_declares_what_the_installed_metadata_declares() -> None:
    declared = registry.declared_notations()
    for ep in importlib.metadata.entry_points(group=registry.ENTRY_POINT_GROUP):
        assert ep.name in declared


def test_a_broken_third_party_notation_does_not_break_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = [
        ("broken-test", "notation_toolkit_no_such_module:NOTATION"),
        ("feen", "notation_toolkit_no_such_module:FEEN"),
    ]

    def fake_entries(group: str) -> list[tuple[str, str]]:
        return entries if group == registry.ENTRY_POINT_GROUP else []

    monkeypatch.setattr(registry, "_group_entries", fake_entries)
    monkeypatch.setattr(registry, "_entry_points_loaded", False)
    monkeypatch.setattr(registry, "_broken", {})
    names = notation_names()
    assert "feen" in names and "broken-test" not in names
    # a third party cannot replace a shipped notation by reusing its name
    assert get_notation("feen").parse.__module__ == "notation_toolkit.feen.notation"
    with pytest.raises(UnknownNameError) as info:
        get_notation("broken-test")
    d = info.value.diagnostics[0]
    assert "cannot be loaded" in d.message and d.hint is not None and "ModuleNotFoundError" in d.hint
