"""Players in a pure-Python child process (``SPEC@pure``): same games as in-process, clean failures."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from notation_toolkit.dicechess.engine import serve as serve_module
from notation_toolkit.dicechess.engine.child import ChildPlayer, ChildPlayerError, child_environment
from notation_toolkit.dicechess.engine.cli import ladder_command
from notation_toolkit.dicechess.engine.ladder import LadderError, player_from_spec, run_ladder
from notation_toolkit.dicechess.engine.players import EnginePlayer
from notation_toolkit.dicechess.engine.serve import serve
from notation_toolkit.dicechess.native import PURE_ENV
from notation_toolkit.dicechess.position import Position

KIWIPETE_NBQ = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 NBQ"


@pytest.mark.slow
def test_pure_players_play_the_same_games_as_in_process_players() -> None:
    plain = run_ladder(["random", "engine:d1", "greedy"], games=2, seed=11)
    isolated = run_ladder(["random", "engine:d1@pure", "greedy@pure"], games=2, seed=11)
    assert [(g.first, g.second, g.index, g.result, g.turns) for g in plain] == [
        (g.first, g.second, g.index, g.result, g.turns) for g in isolated
    ]
    # the child's thinking time reaches the ladder (engine players report theirs)
    assert all(g.seconds > 0 for g in isolated if g.second == 1)


def test_child_player_answers_like_the_player_it_runs() -> None:
    pos = Position.from_dfen(KIWIPETE_NBQ)
    expected = EnginePlayer(depth=1).choose(pos.copy())
    with ChildPlayer("engine:d1", 0) as player:
        assert player.name == "engine:d1@pure"
        assert player.choose(pos.copy()) == expected
        assert player.choose(pos.copy()) == expected  # one child serves every turn
        assert player.turns == 2 and player.seconds > 0
    player.close()  # closing twice is harmless


def test_the_child_runs_on_the_pure_python_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PURE_ENV, raising=False)
    assert child_environment()[PURE_ENV] == "1"
    assert PURE_ENV not in os.environ  # the parent's own environment is left alone


def test_specs_with_a_suffix() -> None:
    player = player_from_spec("engine:1@pure", 5)
    assert isinstance(player, ChildPlayer) and player.name == "engine:1@pure" and player.seed == 5
    with pytest.raises(LadderError, match="unknown suffix '@fast'"):
        player_from_spec("engine:1@fast", 0)
    with pytest.raises(LadderError, match="time per turn"):
        player_from_spec("engine:x@pure", 0)  # the spec is checked before any process starts


def _fake_child(monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    def start(self: ChildPlayer) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-c", code],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    monkeypatch.setattr(ChildPlayer, "_start", start)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("import sys; sys.stderr.write('boom in the child'); sys.exit(3)", "exited without an answer"),
        ("import sys; sys.stdin.readline(); print('hello')", "answered 'hello'"),
        (
            'import sys; sys.stdin.readline(); print(\'{"error": "ValueError: bad"}\')',
            "reported: ValueError: bad",
        ),
        ("import sys; sys.stdin.readline(); print('[1, 2]')", "answered '[1, 2]'"),
    ],
)
def test_child_failures_are_child_player_errors(
    monkeypatch: pytest.MonkeyPatch, code: str, message: str
) -> None:
    _fake_child(monkeypatch, code)
    player = ChildPlayer("engine:d1", 0)
    with pytest.raises(ChildPlayerError, match=re.escape(message)) as info:
        player.choose(Position.from_dfen(KIWIPETE_NBQ))
    assert "engine:d1@pure" in str(info.value)
    if "boom" in code:
        assert "boom in the child" in str(info.value)  # the end of its standard error is quoted
    assert player._proc is not None and player._proc.poll() is not None  # the child is gone


def test_the_command_reports_a_failed_child_without_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_child(monkeypatch, "import sys; sys.stderr.write('no engine here'); sys.exit(1)")
    runner = CliRunner()
    args = ["--players", "random,greedy@pure", "--games", "2", "--quiet"]
    result = runner.invoke(ladder_command, args)
    assert result.exit_code == 1, result.output
    assert "ntk dice ladder: error: the child process of player 'greedy@pure' failed" in result.output
    assert "no engine here" in result.output and "Traceback" not in result.output
    as_json = runner.invoke(ladder_command, [*args, "--json"])
    assert as_json.exit_code == 1
    answer = json.loads(as_json.stdout)
    assert answer["ok"] is False and "greedy@pure" in answer["error"]


def test_serve_answers_line_by_line_and_reports_errors() -> None:
    source = io.StringIO(KIWIPETE_NBQ + "\nnot a position\n\nignored after the empty line\n")
    sink = io.StringIO()
    assert serve("engine:d1", 0, source, sink) == 0
    answers = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert len(answers) == 2
    assert tuple(answers[0]["moves"]) == EnginePlayer(depth=1).choose(Position.from_dfen(KIWIPETE_NBQ))
    assert answers[1]["error"].startswith("ParseError: DFEN201")


def test_child_main_usage() -> None:
    assert serve_module.main(["engine:1"]) == 2
    assert serve_module.main(["engine:1", "x"]) == 2
