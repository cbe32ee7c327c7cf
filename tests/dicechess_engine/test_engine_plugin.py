"""Players of your own in the ladder (``py:MODULE:FACTORY[:OPTION]``, ``engine.plugin``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from notation_toolkit.dicechess.engine.cli import ladder_command
from notation_toolkit.dicechess.engine.ladder import LadderError, player_from_spec, run_ladder
from notation_toolkit.dicechess.engine.plugin import PluginPlayer, PluginPlayerError, load_player
from notation_toolkit.dicechess.position import Position

PLAYERS = '''
from notation_toolkit.dicechess.engine.players import GreedyPlayer, RandomPlayer


def make_greedy(option, seed):
    return GreedyPlayer(seed)


class Echo:
    def __init__(self, option, seed):
        self.option, self.seed, self.seconds = option, seed, 0.25

    def choose(self, pos):
        return RandomPlayer(self.seed).choose(pos)


def echo(option, seed):
    return Echo(option, seed)


class Illegal:
    def choose(self, pos):
        return ("a1a8",)


def illegal(option, seed):
    return Illegal()


class Stops:
    """Plays nothing, although a die can always be used at the start."""

    def choose(self, pos):
        return ()


def stops(option, seed):
    return Stops()


class Crashes:
    def choose(self, pos):
        raise KeyError("no such line")


def crashes(option, seed):
    return Crashes()


class Numbers:
    def choose(self, pos):
        return (12,)


def numbers(option, seed):
    return Numbers()


def fails(option, seed):
    raise ValueError("option must be a number")


def nothing(option, seed):
    return 42
'''


@pytest.fixture
def module(tmp_path: Path) -> Path:
    path = tmp_path / "my_players.py"
    path.write_text(PLAYERS, encoding="utf-8")
    return path


def test_a_plugin_plays_the_games_of_the_player_it_wraps(module: Path) -> None:
    spec = f"py:{module}:make_greedy"
    ours = run_ladder([spec, "random"], games=4, seed=5, jobs=1)
    builtin = run_ladder(["greedy", "random"], games=4, seed=5, jobs=1)
    assert [(g.result, g.turns) for g in ours] == [(g.result, g.turns) for g in builtin]
    # worker processes load the file again from its path: the same games
    parallel = run_ladder([spec, "random"], games=4, seed=5, jobs=2)
    assert [(g.result, g.turns) for g in parallel] == [(g.result, g.turns) for g in ours]


def test_option_seed_name_and_seconds(module: Path) -> None:
    spec = f"py:{module}:echo:3:deep"
    player = player_from_spec(spec, 17)
    assert isinstance(player, PluginPlayer)
    assert player.name == spec
    assert (player.inner.option, player.inner.seed) == ("3:deep", 17)
    assert player.seconds == 0.25
    assert load_player(f"py:{module}:echo", 1).inner.option == ""


def test_a_module_by_name(module: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(module.parent))
    player = player_from_spec("py:my_players:make_greedy", 1)
    pos = Position.start()
    pos.set_pool("PNB")
    turn = player.choose(pos)
    assert turn and all(isinstance(m, str) for m in turn)


@pytest.mark.parametrize(
    ("tail", "words"),
    [
        ("", "a player of your own is py:MODULE:FACTORY"),
        ("{file}", "a player of your own is py:MODULE:FACTORY"),
        ("{file}:", "a player of your own is py:MODULE:FACTORY"),
        ("{dir}/missing.py:make", "there is no file"),
        ("no_such_module_for_ntk:make", "cannot import 'no_such_module_for_ntk'"),
        ("{file}:make_greed", "has no function 'make_greed' (did you mean 'make_greedy'?)"),
        ("{file}:fails:x", "fails('x', 1) failed: ValueError: option must be a number"),
        ("{file}:nothing", "nothing returned int, which has no choose(position) method"),
        ("{broken}:make", "loading"),
    ],
)
def test_specs_that_cannot_give_a_player(module: Path, tail: str, words: str) -> None:
    broken = module.parent / "broken.py"
    broken.write_text("def make(option, seed:\n", encoding="utf-8")
    spec = "py:" + tail.format(file=module, dir=module.parent, broken=broken)
    with pytest.raises(LadderError) as info:
        player_from_spec(spec, 1)
    assert words in str(info.value)
    assert repr(spec) in str(info.value)
    if tail.startswith("{broken}"):
        assert "SyntaxError" in str(info.value)


@pytest.mark.parametrize(
    ("factory", "words"),
    [
        ("illegal", "its turn a1a8 is not legal in"),
        ("stops", "its turn a pass is not legal in"),
        ("crashes", "choose() raised KeyError: 'no such line'"),
        ("numbers", "choose() must return UCI strings, got (12,)"),
    ],
)
def test_a_player_that_breaks_the_rules_stops_the_ladder(module: Path, factory: str, words: str) -> None:
    spec = f"py:{module}:{factory}"
    with pytest.raises(PluginPlayerError) as info:
        run_ladder([spec, "random"], games=2, seed=1, jobs=1)
    message = str(info.value)
    assert message.startswith(spec + ": ") and words in message
    assert "position rnbqkbnr/" in message or " in rnbqkbnr/" in message


def test_the_command_reports_plugin_failures_without_a_traceback(module: Path) -> None:
    runner = CliRunner()
    good = runner.invoke(
        ladder_command, ["--players", f"py:{module}:make_greedy,random", "--games", "2", "--json", "--quiet"]
    )
    assert good.exit_code == 0, good.output
    assert [r["player"] for r in json.loads(good.output)["ratings"]] == [f"py:{module}:make_greedy", "random"]
    bad_spec = runner.invoke(ladder_command, ["--players", f"py:{module}:nope,random", "--quiet"])
    assert bad_spec.exit_code == 2 and "has no function 'nope'" in bad_spec.output
    illegal = runner.invoke(
        ladder_command, ["--players", f"py:{module}:illegal,random", "--games", "2", "--quiet"]
    )
    assert illegal.exit_code == 1 and "is not legal" in illegal.output
    for result in (good, bad_spec, illegal):
        assert "Traceback" not in result.output
