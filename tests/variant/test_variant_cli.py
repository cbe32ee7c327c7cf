"""`ntk variant` commands through click's test runner."""

from __future__ import annotations

import json

from click.testing import CliRunner
from fsf_oracle import EXAMPLES

from notation_toolkit.variant.cli import variant


def test_moves_json() -> None:
    result = CliRunner().invoke(variant, ["moves", str(EXAMPLES / "chess.fbr"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert len(data["moves"]) == 20 and data["outcome"] is None


def test_moves_board_any_size_with_hands() -> None:
    result = CliRunner().invoke(variant, ["moves", str(EXAMPLES / "minishogi.fbr"), "--moves", "e1e4 e5e4"])
    assert result.exit_code == 0, result.output
    assert "hands" in result.output and "[r]" in result.output and "legal moves" in result.output


def test_perft_divide_json() -> None:
    result = CliRunner().invoke(
        variant, ["perft", str(EXAMPLES / "capablanca.fbr"), "-d", "2", "--divide", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["nodes"] == 784 and len(data["divide"]) == 28


def test_perft_progress_plain() -> None:
    result = CliRunner().invoke(variant, ["perft", str(EXAMPLES / "gardner.fbr"), "-d", "3"])
    assert result.exit_code == 0 and "506" in result.output


def test_refused_rule_file_exit_1(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "bouncing.fbr"
    path.write_text('boardsize="8x8" royal bouncing K Q R B N P +P==QRBN\n')
    result = CliRunner().invoke(variant, ["moves", str(path), "--json"])
    assert result.exit_code == 1
    assert "VAR201" in result.output


def test_bad_move_exit_1() -> None:
    result = CliRunner().invoke(variant, ["moves", str(EXAMPLES / "chess.fbr"), "--moves", "e2e5", "--json"])
    assert result.exit_code == 1 and "VAR402" in result.output


def test_missing_file_exit_3() -> None:
    result = CliRunner().invoke(variant, ["moves", "/nonexistent/x.fbr"])
    assert result.exit_code == 3


def test_play_random_both() -> None:
    result = CliRunner().invoke(
        variant,
        ["play", str(EXAMPLES / "gardner.fbr"), "--random", "both", "--seed", "3", "--max-plies", "30"],
    )
    assert result.exit_code in (0, 1) and "random plays" in result.output


def test_play_two_players_quit() -> None:
    result = CliRunner().invoke(
        variant, ["play", str(EXAMPLES / "chess.fbr")], input="e2e4\ne2e5\nundo\nquit\n"
    )
    assert result.exit_code == 0 and "e2e5 is not legal" in result.output


def test_rule_file_not_utf8_is_ntk005_not_an_internal_error(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "bad.fbr"
    path.write_bytes(b"royal\nK=W\xff\n")
    result = CliRunner().invoke(variant, ["moves", str(path), "--json"])
    assert result.exit_code == 1, result.output
    assert json.loads(result.output)["diagnostics"][0]["code"] == "NTK005"


def test_rule_file_with_bom_and_crlf_loads(tmp_path: object) -> None:
    """A leading byte-order mark is dropped, as for every text file (core.textio)."""
    from pathlib import Path

    path = Path(str(tmp_path)) / "bom.fbr"
    text = (EXAMPLES / "chess.fbr").read_text(encoding="utf-8").replace("\n", "\r\n")
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    result = CliRunner().invoke(variant, ["moves", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.output)["moves"]) == 20


def test_variant_load_reads_text_files_as_textio(tmp_path: object) -> None:
    from pathlib import Path

    import pytest

    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.variant import Variant

    bom = Path(str(tmp_path)) / "bom.fbr"
    bom.write_bytes(b"\xef\xbb\xbf" + (EXAMPLES / "chess.fbr").read_bytes())
    assert len(Variant.load(bom).start().legal_moves()) == 20
    bad = Path(str(tmp_path)) / "bad.fbr"
    bad.write_bytes(b"royal\nK=W\xff\n")
    with pytest.raises(NotationError) as info:
        Variant.load(bad)
    assert info.value.diagnostics[0].code == "NTK005"


def test_an_empty_position_is_refused_not_read_as_the_start() -> None:
    # an empty -p is most often an unset shell variable; leaving -p out gives the start position
    result = CliRunner().invoke(variant, ["moves", str(EXAMPLES / "chess.fbr"), "-p", "", "--json"])
    assert result.exit_code == 1
    assert [d["code"] for d in json.loads(result.output)["diagnostics"]] == ["FEEN104"]
