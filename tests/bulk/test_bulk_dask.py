"""The Dask pipeline gives the same results, in the same order, as the local one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from notation_toolkit.bulk import Result, Task, read_items, run
from notation_toolkit.core.errors import NotationError

pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")


def _key(result: Result) -> tuple[Any, ...]:
    return (result.source, result.line, result.ok, result.output, [d.to_dict() for d in result.located()])


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as dask_client,
    ):
        yield dask_client


def _files(tmp_path: Path) -> list[str]:
    (tmp_path / "a.fen").write_text(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n8/8/8 w - - 0 1\n# note\n\n"
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
        encoding="utf-8",
    )
    (tmp_path / "b.fen").write_bytes(b"\xef\xbb\xbf4k3/8/8/8/8/8/8/4K3 x - - 0 1\r\nbad\r\n")
    (tmp_path / "c.fen").write_text("", encoding="utf-8")
    return sorted(str(p) for p in tmp_path.glob("*.fen"))


@pytest.mark.parametrize("kind", ["check", "format"])
def test_dask_equals_local(tmp_path: Path, client: Any, kind: str) -> None:
    from notation_toolkit.bulk.cluster import run_files

    files = _files(tmp_path)
    task = Task.make(kind, "fen")  # type: ignore[arg-type]
    local = [_key(r) for r in run(task, read_items(files), jobs=1)]
    remote = [_key(r) for r in run_files(task, [str(tmp_path / "*.fen")], client=client)]
    assert remote == local
    assert len(local) == 5 and [k[2] for k in local] == [True, False, True, False, False]


def test_paths_that_match_nothing_are_refused(tmp_path: Path) -> None:
    from notation_toolkit.bulk.cluster import expand_paths

    with pytest.raises(NotationError) as err:
        expand_paths([str(tmp_path / "*.fen")])
    assert err.value.code == "NTK005"


def test_directories_expand_to_their_files(tmp_path: Path) -> None:
    from notation_toolkit.bulk.cluster import expand_paths

    files = _files(tmp_path)
    assert expand_paths([str(tmp_path)]) == files
    assert expand_paths([files[0], files[0]]) == [files[0]]
