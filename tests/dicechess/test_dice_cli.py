"""``ntk dice perft|moves|turns``: output, JSON and exit codes (0 ok, 1 invalid input, 2 usage)."""

from __future__ import annotations

import json

import pytest
from dicechess_testdata import KIWIPETE, START

from notation_toolkit.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["dice", *argv])
    return code, capsys.readouterr().out


def test_perft_per_die_matches_the_reference_suite(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "perft", KIWIPETE, "--depth", "2", "--die", "P", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["nodes"], data["depth"]) == (63, 2)


def test_perft_divide_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "perft", *START.split(), "--depth", "2", "--die", "N", "--divide")
    assert code == 0
    assert "16 nodes" in out and "g1f3" in out


def test_full_turn_perft_json_divide_by_roll(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "perft", START, "--depth", "1", "--divide", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["nodes"] == 11245
    assert len(data["divide"]) == 56 and data["divide"]["PNB"] == 340 and data["divide"]["BBB"] == 1


def test_moves_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "moves", "8/4P3/5K2/8/2k5/8/1P6/8 w - - 0 1 PNK", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["max_dice"] == 3
    assert sorted(m["uci"] for m in data["moves"]) == [
        "e7e8n",
        "f6e5",
        "f6e6",
        "f6f5",
        "f6f7",
        "f6g5",
        "f6g6",
        "f6g7",
    ]
    assert all(m["dice_used_this_turn"] == 3 for m in data["moves"])


def test_moves_text_and_dice_override(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "moves", START, "--dice", "rk")
    assert code == 0
    assert "no die can be used" in out


def test_turns_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "turns", START + " PNB", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["sequences"], data["positions"]) == (340, 232)
    assert len(data["outcomes"]) == 232


def test_turns_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "turns", START, "--dice", "PPP", "--limit", "3")
    assert code == 0
    assert "3,376" in out and "688" in out


@pytest.mark.parametrize(
    "argv",
    [
        ("moves", START + " PPX"),
        ("moves", "not a dfen"),
        ("moves", START),  # no pool
        ("turns", START, "--dice", "PQZ"),
    ],
)
def test_invalid_input_exits_1(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    code, _ = run(capsys, *argv)
    assert code == 1


@pytest.mark.parametrize(
    "argv",
    [
        ("turns", START + " PNB", "--limit", "-3"),
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    code, _ = run(capsys, *argv)
    assert code == 2


@pytest.mark.parametrize(
    "argv",
    [
        ("perft", START),
        ("moves",),
        ("frobnicate",),
        ("perft", START, "--depth", "-1"),
        ("perft", START, "--depth", str(10**30)),
    ],
)
def test_argparse_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["dice", *argv])
    assert info.value.code == 2


def test_bare_group_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dice"]) == 2
