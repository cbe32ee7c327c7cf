"""The bulk pipeline's own refusals: each has its code (NTK005, NTK007, NTK008, NTK009) and the
code's template, with the hint a user acts on.

NTK006 is "number too long"; the Dask errors used it (and an unregistered NTK007) before they had
codes of their own, so the codes are checked against their registered titles here.
"""

from __future__ import annotations

import dataclasses
import sys
from contextlib import ExitStack
from pathlib import Path

import pytest

from notation_toolkit.bulk import Task, read_items, run
from notation_toolkit.core import registry
from notation_toolkit.core.codes import get_code
from notation_toolkit.core.errors import NotationError


def _file(tmp_path: Path) -> str:
    path = tmp_path / "a.fen"
    path.write_text("4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", encoding="utf-8")
    return str(path)


def test_a_missing_dask_is_ntk007_with_the_extra_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from notation_toolkit.bulk.cluster import run_files

    # A module set to None in sys.modules makes its import fail, as an uninstalled one does.
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with pytest.raises(NotationError) as err:
        list(run_files(Task.make("check", "fen"), [_file(tmp_path)]))
    found = err.value.diagnostics[0]
    assert (found.code, found.message) == ("NTK007", "Dask is not installed; running on a cluster needs it")
    assert found.hint == 'install the extra: pip install "notation-toolkit[dask]"'
    info = get_code("NTK007")
    assert info is not None and info.title == "optional dependency not installed"


def test_an_unreachable_scheduler_is_ntk008_naming_the_address(monkeypatch: pytest.MonkeyPatch) -> None:
    # The name cluster.py imports: dask.distributed copies distributed's names when first imported.
    dask_distributed = pytest.importorskip("dask.distributed")
    from notation_toolkit.bulk.cluster import _client

    def refuse(address: str, timeout: str) -> None:
        # What distributed raises when nothing answers (without waiting for its timeout).
        raise OSError(f"Timed out trying to connect to {address} after {timeout}")

    monkeypatch.setattr(dask_distributed, "Client", refuse)
    with ExitStack() as stack, pytest.raises(NotationError) as err:
        _client("tcp://127.0.0.1:1", None, stack)
    found = err.value.diagnostics[0]
    assert found.code == "NTK008"
    assert found.message == (
        "cannot reach the Dask scheduler at tcp://127.0.0.1:1: "
        "Timed out trying to connect to tcp://127.0.0.1:1 after 10s"
    )
    assert found.hint == "check the address (tcp://HOST:8786) and that the Dask scheduler runs"


def test_a_pattern_that_matches_nothing_is_ntk005_quoting_it(tmp_path: Path) -> None:
    from notation_toolkit.bulk.cluster import expand_paths

    pattern = str(tmp_path / "*.fen")
    with pytest.raises(NotationError) as err:
        expand_paths([pattern])
    found = err.value.diagnostics[0]
    assert (found.code, found.message) == ("NTK005", f"no file matches {pattern!r}")
    assert found.hint == "check the pattern (quote it for the shell)"


def test_canonicalizing_a_notation_without_lenient_mode_is_ntk009(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A plugin notation may have no lenient mode; every shipped one has, so one is made here.
    strict = dataclasses.replace(registry.get_notation("fen"), name="strict-fen", canonicalize=None)
    monkeypatch.setitem(registry._registry, "strict-fen", strict)
    [result] = run(Task.make("canonicalize", "strict-fen"), read_items([_file(tmp_path)]), jobs=1)
    assert not result.ok and result.output is None
    [found] = result.diagnostics
    assert (found.code, found.message, found.hint) == (
        "NTK009",
        "strict-fen has no lenient mode",
        "format it strictly instead",
    )
