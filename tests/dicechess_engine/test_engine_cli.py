"""``ntk dice play`` (piped stdin), ``ntk dice selfplay`` and ``ntk dice analyse``: output and exit codes."""

from __future__ import annotations

import io
import json
import random

import pytest

from notation_toolkit.cli import main
from notation_toolkit.dicechess.dice import count, roll
from notation_toolkit.dicechess.tables import KING, ROOK


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["dice", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lines: list[str], *argv: str
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code, out, _ = run(capsys, "play", "--depth", "1", *argv)
    return code, out


def test_analyse_with_dice_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyse", "4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1 PNR", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["king_capture"] is True
    assert data["moves"][-1] == "e1e8"
    assert data["value"] == 10000.0


def test_analyse_before_the_roll_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyse", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1")
    assert code == 0
    text = " ".join(out.split())  # rich wraps long lines at the terminal width
    assert "the 56 roll outcomes" in text
    assert "captures the king with probability 0.4213" in text  # 91/216: rolls with an R die


def test_analyse_dice_option_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyse", "4k3/8/8/8/8/8/8/4R1K1", "w", "-", "-", "--dice", "NNB")
    assert code == 0
    assert "best turn:" in out and "distinct turns" in out


def test_analyse_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "analyse", "this is not a dfen")
    assert code == 1
    code, out, _ = run(capsys, "analyse", "8/8/8/8/8/8/8/K3R3 w - - 0 1", "--json")
    assert code == 1 and "game is over" in json.loads(out)["error"]
    with pytest.raises(SystemExit) as info:
        run(capsys, "analyse", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "--depth", "0")
    assert info.value.code == 2 and "--depth" in capsys.readouterr().err


def test_selfplay_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "selfplay",
        "--games",
        "2",
        "--player",
        "engine:d1",
        "--opponent",
        "random",
        "--seed",
        "3",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    summary = data["summary"]
    assert summary["games"] == 2 and summary["wins"] + summary["draws"] + summary["losses"] == 2
    assert summary["wilson95"][0] <= summary["score"] <= summary["wilson95"][1]
    assert [g["seed"] for g in data["games"]] == [3, 4]


def test_selfplay_table_and_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "selfplay", "--games", "1", "--player", "greedy", "--opponent", "random")
    assert code == 0 and "95% Wilson" in out and "greedy vs random" in out
    with pytest.raises(SystemExit) as info:
        run(capsys, "selfplay", "--games", "0")
    assert info.value.code == 2 and "--games" in capsys.readouterr().err
    code, _, err = run(capsys, "selfplay", "--games", "1", "--opponent", "nobody")
    assert code == 2 and "unknown player" in err
    code, _, err = run(capsys, "selfplay", "--games", "1", "--player", "engine:d3")
    assert code == 2 and "d1 or d2" in err and "Traceback" not in err


def test_play_commands_through_piped_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = play(
        capsys, monkeypatch, ["help", "dfen", "z9z9", "e2e5", "board", "undo", "resign"], "--seed", "2"
    )
    assert code == 0
    assert "Your dice:" in out and "micro-moves" in out
    assert "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 " in out  # dfen command
    assert "'z9z9' is not a UCI micro-move" in out
    assert "Nothing to undo." in out
    assert "You resign." in out and "Result: 0-1" in out


def test_play_end_of_input_abandons(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = play(capsys, monkeypatch, [], "--seed", "5")
    assert code == 0 and "End of input" in out


def _seed_whose_first_roll_has(*pieces: int) -> int:
    seed = 0
    while not all(count(roll(random.Random(seed)), p) for p in pieces):
        seed += 1
    return seed


def test_play_a_whole_game_won_by_the_human(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = _seed_whose_first_roll_has(ROOK)
    start = "k7/8/8/8/8/8/R7/K7 w - - 0 1"
    code, out = play(capsys, monkeypatch, ["a2a8"], "--seed", str(seed), "--start", start)
    assert code == 0
    assert "You capture the king: 1-0" in out
    assert "Final DFEN: R7/8/8/8/8/8/8/K7 w - - 0 1" in out


def test_play_undo_takes_back_a_micro_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = _seed_whose_first_roll_has(ROOK, KING)
    start = "k7/8/8/8/8/8/R7/K7 w - - 0 1"
    # a2a3 spends the R die; the K die keeps the turn open, and undo restores the turn start
    code, out = play(
        capsys, monkeypatch, ["a2a3", "undo", "dfen", "resign"], "--seed", str(seed), "--start", start
    )
    assert code == 0
    assert "Back to the start of your turn: k7/8/8/8/8/8/R7/K7 w - - 0 1 " in out
    assert out.count("k7/8/8/8/8/8/R7/K7 w - - 0 1 ") >= 2  # the dfen command shows the same position


def test_play_as_black_engine_moves_first(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = play(capsys, monkeypatch, ["resign"], "--color", "b", "--seed", "1")
    assert code == 0
    assert "Engine" in out and "rolls" in out
    assert "Result: 1-0" in out


def test_play_bad_start(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, _ = play(capsys, monkeypatch, [], "--start", "not a position")
    assert code == 1
