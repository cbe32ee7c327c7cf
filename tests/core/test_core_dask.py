"""``core.dask.dask_client``, the one Dask client of the bulk pipeline and the ladder: its refusals
(NTK007, NTK008) in the caller's error class and words, and a lazy import of Dask."""

from __future__ import annotations

import subprocess
import sys
from contextlib import ExitStack

import pytest

from notation_toolkit.core.dask import dask_client
from notation_toolkit.core.errors import NotationError


class ClusterError(NotationError):
    """A caller's own error class (the ladder's ``LadderClusterError`` is one)."""


def test_importing_the_module_does_not_import_dask() -> None:
    code = (
        "import sys, notation_toolkit.core.dask\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_missing_dask_is_ntk007_in_the_callers_class_and_words(monkeypatch: pytest.MonkeyPatch) -> None:
    # A module set to None in sys.modules makes its import fail, as an uninstalled one does.
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with ExitStack() as stack, pytest.raises(ClusterError) as err:
        dask_client(stack, None, workers=1, feature="playing on a cluster", error=ClusterError)
    [found] = err.value.diagnostics
    assert (found.code, found.message) == ("NTK007", "Dask is not installed; playing on a cluster needs it")
    assert found.hint == 'install the extra: pip install "notation-toolkit[dask]"'


@pytest.mark.parametrize(
    ("raised", "reason"),
    [
        (
            OSError("Timed out trying to connect to tcp://127.0.0.1:1 after 10s"),
            "Timed out trying to connect to tcp://127.0.0.1:1 after 10s",
        ),
        # an exception without a message is named by its class
        (TimeoutError(), "TimeoutError"),
    ],
)
def test_an_unreachable_scheduler_is_ntk008_naming_address_and_reason(
    monkeypatch: pytest.MonkeyPatch, raised: Exception, reason: str
) -> None:
    dask_distributed = pytest.importorskip("dask.distributed")
    calls: list[tuple[str, str]] = []

    def refuse(address: str, timeout: str) -> None:
        calls.append((address, timeout))
        raise raised

    monkeypatch.setattr(dask_distributed, "Client", refuse)
    with ExitStack() as stack, pytest.raises(ClusterError) as err:
        dask_client(stack, "tcp://127.0.0.1:1", workers=None, feature="unused", error=ClusterError)
    assert calls == [("tcp://127.0.0.1:1", "10s")]
    [found] = err.value.diagnostics
    assert (found.code, found.message) == (
        "NTK008",
        f"cannot reach the Dask scheduler at tcp://127.0.0.1:1: {reason}",
    )
    assert found.hint == "check the address (tcp://HOST:8786) and that the Dask scheduler runs"


def test_the_default_error_class_is_notation_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with ExitStack() as stack, pytest.raises(NotationError) as err:
        dask_client(stack, "tcp://127.0.0.1:1", workers=None, feature="running on a cluster")
    assert type(err.value) is NotationError and err.value.diagnostics[0].code == "NTK007"
