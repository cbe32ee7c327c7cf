"""The rating ladder: seeded round robin, colours swapped in pairs, Elo fit, SPRT, SVG, the command."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from notation_toolkit.dicechess.engine.cli import ladder_command
from notation_toolkit.dicechess.engine.ladder import (
    LadderError,
    LadderGame,
    elo_ratings,
    games_from_records,
    ladder_svg,
    pair_results,
    player_from_spec,
    report,
    report_data,
    run_ladder,
    schedule,
    sprt,
)
from notation_toolkit.dicechess.engine.players import EnginePlayer


def _games(first: int, second: int, results: list[float]) -> list[LadderGame]:
    out = []
    for k, s in enumerate(results):
        first_white = k % 2 == 0
        res = "1/2-1/2" if s == 0.5 else "1-0" if (s == 1.0) == first_white else "0-1"
        out.append(LadderGame(first, second, k, k // 2, first_white, res, 10, 0.0))
    return out


def test_first_score_follows_colour() -> None:
    games = _games(0, 1, [1.0, 1.0, 0.0, 0.5])
    assert [g.first_score for g in games] == [1.0, 1.0, 0.0, 0.5]
    assert [g.result for g in games] == ["1-0", "0-1", "0-1", "1/2-1/2"]


def test_elo_of_two_players_is_the_logistic_formula() -> None:
    # 75% for the second player: Elo difference 400 log10(3) = 190.85 (no prior)
    games = _games(0, 1, [0.0, 0.0, 0.0, 1.0] * 25)
    a, b = elo_ratings(["a", "b"], games, prior_draws=0.0)
    assert a.elo == 0.0
    assert b.elo == pytest.approx(400 * math.log10(3), abs=0.01)
    # standard error of a score p over n games, mapped through the logistic slope
    p, n = 0.75, 100
    slope = math.log(10) / 400 * p * (1 - p)
    assert b.error == pytest.approx(1.96 / math.sqrt(n * p * (1 - p)) * p * (1 - p) / slope, rel=0.01)


def test_perfect_score_stays_finite_with_the_prior() -> None:
    games = _games(0, 1, [0.0] * 10)
    _, b = elo_ratings(["random", "engine"], games)
    # 10.5 of 11 points with one virtual draw
    assert b.elo == pytest.approx(-400 * math.log10(1 / (10.5 / 11) - 1), abs=0.01)


def test_three_players_are_consistent() -> None:
    games = (
        _games(0, 1, [0.0, 1.0] * 10)
        + _games(1, 2, [0.0, 0.0, 0.0, 1.0] * 5)
        + _games(0, 2, [0.0, 0.0, 0.0, 1.0] * 5)
    )
    ratings = elo_ratings(["a", "b", "c"], games, prior_draws=0.0)
    assert ratings[0].elo == 0.0
    assert ratings[1].elo == pytest.approx(0.0, abs=1e-6)
    assert ratings[2].elo == pytest.approx(400 * math.log10(3), abs=0.01)
    assert [p.score for p in pair_results(["a", "b", "c"], games)] == [0.5, 0.25, 0.25]


def test_sprt_verdicts() -> None:
    players = ["new", "base"]
    strong = _games(0, 1, [1.0, 1.0, 0.0, 1.0] * 40)  # 75%
    assert sprt(players, strong, "new", "base").verdict == "H1"
    weak = _games(0, 1, [0.0, 1.0, 0.0, 1.0, 0.5, 0.0] * 40)  # about 42%
    assert sprt(players, weak, "new", "base").verdict == "H0"
    few = _games(0, 1, [1.0, 0.0, 1.0, 0.5])
    assert sprt(players, few, "new", "base").verdict == "continue"
    # the same games read from the other side mirror the LLR's sign of the score term
    flipped = sprt(players, strong, "base", "new")
    assert flipped.verdict == "H0"


def test_schedule_swaps_colours_in_pairs_with_one_seed() -> None:
    tasks = schedule(3, 4, seed=10)
    assert len(tasks) == 3 * 4
    per_pair: dict[tuple[int, int], list[int]] = {}
    for i, j, k, _ in tasks:
        per_pair.setdefault((i, j), []).append(k)
    assert all(ks == [0, 1, 2, 3] for ks in per_pair.values())


def test_ladder_games_are_reproducible_and_parallel_safe() -> None:
    specs = ["random", "greedy"]
    one = run_ladder(specs, games=4, seed=3, jobs=1)
    two = run_ladder(specs, games=4, seed=3, jobs=2)
    assert one == two
    assert [g.first_white for g in one] == [True, False, True, False]
    assert [g.seed for g in one] == [3, 3, 4, 4]
    rep = report(specs, one)
    assert {r.name for r in rep.ratings} == set(specs)
    svg = ladder_svg(rep.ratings)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "greedy" in svg and "random" in svg


def test_player_specs() -> None:
    engine = player_from_spec("engine:0.25", 1)
    assert isinstance(engine, EnginePlayer) and engine.time_limit == 0.25 and engine.name == "engine:0.25"
    for bad in ("engine:fast", "alpha", "random:3", "engine:-1", "baseline:1"):
        with pytest.raises(LadderError):
            player_from_spec(bad, 1)


def test_the_reference_player_of_the_benchmarks_loads_as_a_player_of_your_own() -> None:
    from notation_toolkit.dicechess import Position

    baseline = Path(__file__).resolve().parents[2] / "benchmarks" / "baseline_engine.py"
    player = player_from_spec(f"py:{baseline}:player:d1", 1)
    pos = Position.from_dfen("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1 PNR")
    # the knight check leaves the king on e8 for the rook: the capture wins at once (R17)
    assert player.choose(pos) == ("e4f6", "e1e8")
    with pytest.raises(LadderError, match="fixed depth must be d1 or d2"):
        player_from_spec(f"py:{baseline}:player:d3", 1)


def test_ladder_command() -> None:
    runner = CliRunner()
    result = runner.invoke(
        ladder_command, ["--players", "random,greedy", "--games", "2", "--json", "--quiet"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 2 and [r["player"] for r in data["ratings"]] == ["random", "greedy"]
    assert data["sprt"] is None
    for args in (
        ["--games", "3"],
        ["--players", "random"],
        ["--players", "random,random"],
        ["--jobs", "0"],
        ["--players", "random,greedy", "--sprt", "random,engine:1"],
        ["--players", "random,nobody"],
        ["--players", "random,engine:d3"],
        ["--players", "random,engine:d99999999@pure"],
    ):
        bad = runner.invoke(ladder_command, [*args, "--quiet"])
        assert bad.exit_code == 2, (args, bad.output)
        assert "Traceback" not in bad.output


def test_json_game_records_rebuild_the_report_and_merge_runs() -> None:
    specs = ["random", "greedy"]
    first_run = run_ladder(specs, games=4, seed=3, jobs=1)
    data = report_data(report(specs, first_run))
    records = data["game_records"]
    assert isinstance(records, list) and len(records) == 4
    assert [r["white"] for r in records] == ["random", "greedy", "random", "greedy"]
    players, games = games_from_records(records)
    assert players == specs
    assert [(g.first, g.second, g.seed, g.first_white, g.result) for g in games] == [
        (g.first, g.second, g.seed, g.first_white, g.result) for g in first_run
    ]
    assert report_data(report(players, games))["pairs"] == data["pairs"]
    # a second run on other seeds, rated together with the first, anchored on greedy
    second_run = report_data(report(specs, run_ladder(specs, games=2, seed=50, jobs=1)))
    both = [*records, *second_run["game_records"]]  # type: ignore[misc]
    players, games = games_from_records(both, ["greedy", "random"])
    merged = report(players, games)
    assert merged.pairs[0].wins + merged.pairs[0].draws + merged.pairs[0].losses == 6
    assert merged.ratings[0].name == "greedy" and merged.ratings[0].elo == 0


_RECORD = {"player": "a", "opponent": "b", "white": "a", "result": "1-0", "index": 0, "seed": 1, "turns": 3}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": None}, "missing or malformed"),
        ({"turns": "three"}, "missing or malformed"),
        ({"white": "c"}, "white one of the pair"),
        ({"opponent": "a"}, "two different players"),
        ({"result": "2-0"}, "result must be"),
        ({"opponent": "x"}, "not in"),
    ],
)
def test_bad_game_records_are_ladder_errors(change: dict[str, object], message: str) -> None:
    record = {k: v for k, v in {**_RECORD, **change}.items() if v is not None}
    with pytest.raises(LadderError, match=message):
        games_from_records([record], ["a", "b"])


def test_ladder_command_merges_json_runs(tmp_path: Path) -> None:
    runner = CliRunner()
    files = []
    for seed in (1, 9):
        result = runner.invoke(
            ladder_command,
            ["--players", "random,greedy", "--games", "2", "--seed", str(seed), "--json", "--quiet"],
        )
        assert result.exit_code == 0, result.output
        files.append(tmp_path / f"run{seed}.json")
        files[-1].write_text(result.output, encoding="utf-8")
    args = [a for f in files for a in ("--merge", str(f))]
    merged = runner.invoke(ladder_command, [*args, "--json"])
    assert merged.exit_code == 0, merged.output
    data = json.loads(merged.output)
    assert data["games"] == 4 and [r["player"] for r in data["ratings"]] == ["random", "greedy"]
    assert sorted(r["seed"] for r in data["game_records"]) == [1, 1, 9, 9]
    anchored = runner.invoke(ladder_command, [*args, "--players", "greedy,random", "--json"])
    assert [r["player"] for r in json.loads(anchored.output)["ratings"]] == ["greedy", "random"]
    text = runner.invoke(ladder_command, args)
    assert text.exit_code == 0 and "Head to head" in text.output
    (tmp_path / "bad.json").write_text('{"ratings": []}', encoding="utf-8")
    (tmp_path / "junk.json").write_text("not json", encoding="utf-8")
    for bad, code, message in (
        ("bad.json", 2, "no game_records"),
        ("junk.json", 2, "not JSON"),
        ("missing.json", 3, "cannot read"),
    ):
        out = runner.invoke(ladder_command, ["--merge", str(tmp_path / bad)])
        assert out.exit_code == code, out.output
        assert message in out.output and "Traceback" not in out.output
    wrong = runner.invoke(ladder_command, [*args, "--players", "greedy,engine:1"])
    assert wrong.exit_code == 2 and "not in" in wrong.output
    for extra in (["--games", "4"], ["--seed", "3"], ["--jobs", "2"], ["--dask"]):
        ignored = runner.invoke(ladder_command, [*args, *extra])
        assert ignored.exit_code == 2 and "--merge plays no games" in ignored.output, extra
