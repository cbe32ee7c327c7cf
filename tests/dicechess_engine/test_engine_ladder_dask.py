"""``ntk dice ladder --dask``: the games played on a Dask cluster are the games of a local run."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from notation_toolkit.dicechess.engine.cli import ladder_command
from notation_toolkit.dicechess.engine.ladder import LOCAL_CLUSTER, LadderClusterError, run_ladder

distributed = pytest.importorskip("distributed")

# fast players: a ladder of 3 pairs x 4 games takes seconds
SPECS = ["random", "greedy", "engine:d1"]


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        yield local


@pytest.mark.slow
def test_dask_games_equal_the_local_games(cluster: Any) -> None:
    local = run_ladder(SPECS, games=4, seed=11, jobs=1)
    seen: list[int] = []
    remote = run_ladder(
        SPECS, games=4, seed=11, dask=cluster.scheduler_address, on_game=lambda g: seen.append(g.index)
    )
    # same games (players, colours, seeds, results, lengths), in schedule order; only the time differs
    assert [(g.first, g.second, g.index, g.seed, g.first_white, g.result, g.turns) for g in remote] == [
        (g.first, g.second, g.index, g.seed, g.first_white, g.result, g.turns) for g in local
    ]
    assert len(remote) == 12 and seen == [g.index for g in local]
    # not a trivial ladder: the engine beats random in every game
    assert all(g.first_score == 0.0 for g in local if (g.first, g.second) == (0, 2))


@pytest.mark.slow
def test_ladder_command_on_a_local_cluster() -> None:
    runner = CliRunner()
    args = ["--players", "random,greedy", "--games", "4", "--seed", "5", "--json", "--quiet"]
    plain = runner.invoke(ladder_command, args)
    on_dask = runner.invoke(ladder_command, [*args, "--dask", "--jobs", "2"])
    assert plain.exit_code == 0 and on_dask.exit_code == 0, on_dask.output
    assert json.loads(on_dask.output) == json.loads(plain.output)


@pytest.mark.slow
def test_unreachable_scheduler_is_an_io_error() -> None:
    args = ["--players", "random,greedy", "--games", "2", "--dask", "tcp://127.0.0.1:9", "--quiet"]
    result = CliRunner().invoke(ladder_command, args)
    assert result.exit_code == 3, result.output
    assert "error[NTK008]: cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output
    assert "Traceback" not in result.output


def test_a_missing_dask_is_ntk007_and_an_io_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # A module set to None in sys.modules makes its import fail, as an uninstalled one does.
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    args = ["--players", "random,greedy", "--games", "2", "--dask", "--quiet"]
    result = CliRunner().invoke(ladder_command, args)
    assert result.exit_code == 3, result.output
    assert "error[NTK007]: Dask is not installed; ntk dice ladder --dask needs it" in result.output
    assert 'pip install "notation-toolkit[dask]"' in result.output and "Traceback" not in result.output
    with pytest.raises(LadderClusterError) as err:
        run_ladder(["random", "greedy"], games=2, seed=1, dask=LOCAL_CLUSTER)
    assert err.value.diagnostics[0].code == "NTK007"
