"""`ntk variant play`, `match` and `replay` through click's test runner."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from fsf_oracle import EXAMPLES

from notation_toolkit.variant import Variant
from notation_toolkit.variant.cli import variant

CHESS = str(EXAMPLES / "chess.fbr")
START_FEEN = Variant.load(EXAMPLES / "chess.fbr").start().feen()


def test_play_help_moves_and_a_san_move_against_the_engine() -> None:
    result = CliRunner().invoke(
        variant, ["play", CHESS, "--engine", "builtin:d1"], input="help\nmoves\nNf3\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "undo" in result.output and "quit" in result.output  # the help text
    assert "20 legal moves" in result.output and "Nf3 (g1f3)" in result.output
    assert "builtin:d1 plays" in result.output
    assert "game not finished: *" in result.output


def test_undo_takes_back_a_full_move_against_an_engine() -> None:
    result = CliRunner().invoke(
        variant, ["play", CHESS, "--engine", "random", "--seed", "1"], input="e4\nundo\nfeen\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "random plays" in result.output
    assert f"FEEN {START_FEEN}" in result.output  # both plies taken back


def test_check_and_result_announced_and_the_game_saved(tmp_path: Path) -> None:
    pgn = tmp_path / "fools.pgn"
    result = CliRunner().invoke(variant, ["play", CHESS, "--pgn", str(pgn)], input="f3\ne5\ng4\nQh4#\n")
    assert result.exit_code == 0, result.output
    assert "wins by checkmate: 0-1" in result.output
    text = pgn.read_text()
    assert "1. f3 e5 2. g4 Qh4# 0-1" in text and '[Result "0-1"]' in text
    assert "[RuleFile " in text  # replayed with the rule file it names, relative to the PGN
    again = CliRunner().invoke(variant, ["replay", str(pgn)])
    assert again.exit_code == 0 and "4 plies, 0-1" in again.output


def test_check_is_announced() -> None:
    result = CliRunner().invoke(variant, ["play", CHESS], input="e4\nf5\nQh5\nquit\n")
    assert result.exit_code == 0 and "check!" in result.output


def test_user_input_is_not_markup() -> None:
    result = CliRunner().invoke(variant, ["play", CHESS], input="[bold]x[/bold]\nquit\n")
    assert result.exit_code == 0 and "[bold]x[/bold] is not legal" in result.output


def test_bad_engine_spec() -> None:
    result = CliRunner().invoke(variant, ["play", CHESS, "--engine", "deep-blue"], input="quit\n")
    assert result.exit_code == 1 and "VAR601" in result.output


def test_match_pairs_swap_colours_and_repeat_with_the_seed() -> None:
    args = ["match", "greedy", "random", str(EXAMPLES / "gardner.fbr"), "-n", "4", "--seed", "5", "--json"]
    first = CliRunner().invoke(variant, args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    records = data["records"]
    assert [r["first_white"] for r in records] == [True, False, True, False]
    assert records[0]["seed"] == records[1]["seed"] != records[2]["seed"]
    assert data["wins"] + data["draws"] + data["losses"] == 4
    low, high = data["wilson95"]
    assert low <= data["score"] <= high
    again = json.loads(CliRunner().invoke(variant, args).stdout)["records"]
    assert [{**r, "seconds": 0} for r in again] == [{**r, "seconds": 0} for r in records]


def test_match_games_saved_as_pgn_replay(tmp_path: Path) -> None:
    pgn = tmp_path / "match.pgn"
    args = ["match", "greedy", "random", str(EXAMPLES / "losalamos.fbr"), "-n", "2", "--pgn", str(pgn)]
    assert CliRunner().invoke(variant, args).exit_code == 0
    again = CliRunner().invoke(variant, ["replay", str(pgn), "--json"])
    assert again.exit_code == 0, again.output
    assert [g["ok"] for g in json.loads(again.output)["games"]] == [True, True]


def test_match_bad_spec_is_a_diagnostic() -> None:
    result = CliRunner().invoke(variant, ["match", "builtin:soon", "random", CHESS, "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["diagnostics"][0]["code"] == "VAR601"


def test_replay_points_at_the_illegal_move(tmp_path: Path) -> None:
    pgn = tmp_path / "games.pgn"
    rules = tmp_path / "chess.fbr"
    rules.write_text((EXAMPLES / "chess.fbr").read_text())
    pgn.write_text(
        '[Event "a"]\n[RuleFile "chess.fbr"]\n\n1. e4 e5 2. Nf3 1-0\n\n'
        '[Event "b"]\n[RuleFile "chess.fbr"]\n\n1. e4 e5\n2. Ke3 *\n'
    )
    result = CliRunner().invoke(variant, ["replay", str(pgn), "--json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["failed"] == 1 and data["games"][0]["ok"] is True
    d = data["games"][1]["diagnostics"][0]
    assert d["code"] == "VAR503" and (d["span"]["line"], d["span"]["column"]) == (10, 4)
    plain = CliRunner().invoke(variant, ["replay", str(pgn)])
    assert "Ke2" in plain.output and "1 of 2 games replay" in plain.output


def test_replay_without_rules_and_of_garbage(tmp_path: Path) -> None:
    pgn = tmp_path / "x.pgn"
    pgn.write_text("1. e4 *\n")
    result = CliRunner().invoke(variant, ["replay", str(pgn), "--json"])
    assert result.exit_code == 1
    assert json.loads(result.output)["games"][0]["diagnostics"][0]["code"] == "VAR502"
    pgn.write_bytes(bytes(range(256)) * 10)
    result = CliRunner().invoke(variant, ["replay", str(pgn), "--rules", CHESS])
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_you_second_and_engine_against_engine() -> None:
    second = CliRunner().invoke(
        variant, ["play", CHESS, "--engine", "builtin:d1", "--you", "second"], input="e5\nquit\n"
    )
    assert second.exit_code == 0, second.output
    assert second.output.index("builtin:d1 plays") < second.output.index("you: e5")
    watch = CliRunner().invoke(
        variant,
        ["play", str(EXAMPLES / "losalamos.fbr"), "--engine", "greedy", "--you", "none", "--seed", "2"],
    )
    assert watch.exit_code == 0 and ("wins by" in watch.output or "draw by" in watch.output)
