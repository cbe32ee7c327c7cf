"""The studio's JSON API, called as the page calls it (through the ASGI app) and directly.

Oracles: python-chess for chess positions, FEN and legal moves; Fairy-Stockfish (pyffish) for
minishogi's legal moves and drops; the published perft table of chess's start position
(chessprogramming.org, "Perft Results": 20, 400, 8902); the rule files' own text for the pieces
pane and the FBR diagnostics of ``ntk check``.
"""

from __future__ import annotations

import random
import re
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import chess
import chess.pgn

with warnings.catch_warnings():
    # starlette's TestClient still runs on httpx and says so; the tests only need a client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from notation_toolkit.studio.api import Limits, Studio
from notation_toolkit.studio.server import create_app

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "examples" / "variants"
CHESS = (VARIANTS / "chess.fbr").read_text(encoding="utf-8")
MINISHOGI = (VARIANTS / "minishogi.fbr").read_text(encoding="utf-8")


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    rules = tmp_path / "mine.fbr"
    rules.write_text(CHESS, encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return TestClient(create_app(rules))


def post(client: TestClient, endpoint: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        response = client.post(f"/api/{endpoint}", json=body)
    payload = response.json()
    assert isinstance(payload, dict) and isinstance(payload.get("ok"), bool)
    return response.status_code, payload


# ------------------------------------------------------------------------------------------------
# The game against python-chess


def test_a_random_chess_game_matches_python_chess_move_by_move(client: TestClient) -> None:
    rnd = random.Random(34)
    board = chess.Board()
    moves: list[str] = []
    for _ in range(30):
        status, game = post(client, "game", {"rules": CHESS, "moves": moves})
        assert status == 200
        assert sorted(m["uci"] for m in game["legal"]) == sorted(m.uci() for m in board.legal_moves)
        # the en-passant square where a pawn could take there (python-chess's "xfen", as
        # Fairy-Stockfish writes it)
        assert game["fen"] == board.fen(en_passant="xfen")
        assert game["check"] == board.is_check()
        assert game["turn"] == ("white" if board.turn else "black")
        assert game["moves"] == moves
        if board.is_game_over():
            break
        move = rnd.choice(list(board.legal_moves))
        board.push(move)
        moves.append(move.uci())


def test_fools_mate_is_shown_as_checkmate(client: TestClient) -> None:
    moves = ["f2f3", "e7e5", "g2g4", "d8h4"]
    board = chess.Board()
    for m in moves:
        board.push_uci(m)
    assert board.is_checkmate()
    status, game = post(client, "game", {"rules": CHESS, "moves": moves})
    assert status == 200
    assert game["outcome"] == {"result": "0-1", "winner": 1, "reason": "checkmate"}
    assert game["legal"] == [] and game["check"] is True
    # the king in check is drawn on a red square
    assert 'fill="#e0413a"' in game["svg"]


def test_the_board_names_every_square_for_the_click_handler(client: TestClient) -> None:
    _, game = post(client, "game", {"rules": CHESS, "moves": ["e2e4"]})
    named = {name for name in chess.SQUARE_NAMES if f'data-square="{name}"' in game["svg"]}
    assert named == set(chess.SQUARE_NAMES)
    assert sorted(game["occupied"]) == sorted(
        chess.square_name(s)
        for s in chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").piece_map()
    )


def test_promotion_moves_carry_their_choice(client: TestClient) -> None:
    fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
    _, game = post(client, "game", {"rules": CHESS, "position": fen})
    promotions = sorted(m["promotion"] for m in game["legal"] if m["from"] == "e7")
    expected = sorted(m.uci()[4:] for m in chess.Board(fen).legal_moves if m.from_square == chess.E7)
    assert promotions == expected == ["b", "n", "q", "r"]
    _, after = post(client, "game", {"rules": CHESS, "position": fen, "moves": ["e7e8n"]})
    board = chess.Board(fen)
    board.push_uci("e7e8n")
    assert after["fen"] == board.fen(en_passant="fen")


def test_perft_of_the_chess_start_position_matches_the_published_table(client: TestClient) -> None:
    for depth, nodes in ((1, 20), (2, 400), (3, 8902)):
        status, answer = post(client, "perft", {"rules": CHESS, "depth": depth, "divide": True})
        assert status == 200 and answer["nodes"] == nodes
        assert sum(answer["divide"].values()) == nodes
    # divide at depth 2 below 1. e4 is 20 replies each, as python-chess counts them
    _, answer = post(client, "perft", {"rules": CHESS, "moves": ["e2e4"], "depth": 2, "divide": True})
    board = chess.Board()
    board.push_uci("e2e4")
    expected = {}
    for move in board.legal_moves:
        board.push(move)
        expected[move.uci()] = board.legal_moves.count()
        board.pop()
    assert answer["divide"] == expected


def test_perft_stops_at_its_time_budget() -> None:
    studio = Studio(None, Limits(perft_seconds=0.05))
    status, answer = studio.handle("POST", "perft", {"rules": CHESS, "depth": 6})
    assert status == 503
    assert [d["code"] for d in answer["diagnostics"]] == ["STU201"]


def test_the_random_opponent_plays_a_legal_move(client: TestClient) -> None:
    for seed in range(5):
        _, answer = post(
            client, "opponent", {"rules": CHESS, "moves": ["e2e4"], "player": "random", "seed": seed}
        )
        board = chess.Board()
        board.push_uci("e2e4")
        assert chess.Move.from_uci(answer["move"]["uci"]) in board.legal_moves


@pytest.mark.parametrize("player", ["greedy", "builtin"])
def test_the_opponents_of_make_player_play_legal_moves(client: TestClient, player: str) -> None:
    moves = ["e2e4", "d7d5"]
    _, answer = post(client, "opponent", {"rules": CHESS, "moves": moves, "player": player, "seconds": 0.2})
    board = chess.Board()
    for m in moves:
        board.push_uci(m)
    assert chess.Move.from_uci(answer["move"]["uci"]) in board.legal_moves
    if player == "greedy":
        # a one-ply capturer takes the pawn that hangs (the only capture: exd5)
        assert answer["move"]["uci"] == "e4d5"


def test_an_unknown_opponent_is_refused_with_the_known_ones(client: TestClient) -> None:
    status, answer = post(client, "opponent", {"rules": CHESS, "player": "deep-blue"})
    assert status == 400
    (d,) = answer["diagnostics"]
    assert d["code"] == "STU203" and "random" in d["hint"]


# ------------------------------------------------------------------------------------------------
# Drops and shogi pieces against Fairy-Stockfish


def test_minishogi_moves_and_drops_match_fairy_stockfish(client: TestClient) -> None:
    pyffish = pytest.importorskip("pyffish")
    start = pyffish.start_fen("minishogi")
    rnd = random.Random(7)
    moves: list[str] = []
    drops_seen = 0
    for _ in range(30):
        expected = sorted(pyffish.legal_moves("minishogi", start, moves))
        status, game = post(client, "game", {"rules": MINISHOGI, "moves": moves})
        assert status == 200
        if game["outcome"] is not None:
            break
        assert sorted(m["uci"] for m in game["legal"]) == expected
        drops_seen += sum(1 for m in game["legal"] if m["drop"])
        moves.append(rnd.choice(expected))
    assert drops_seen > 0


def test_a_drop_from_the_hand(client: TestClient) -> None:
    # minishogi with White's a-pawn in hand: Black's rook now checks along the a-file, and the pawn
    # can be dropped only in between (Fairy-Stockfish's moves for the same position)
    pyffish = pytest.importorskip("pyffish")
    setup = "rbsgk^/4p/5/5/K^GSBR P/ S/s"
    status, game = post(client, "game", {"rules": MINISHOGI, "position": setup})
    assert status == 200 and game["check"] is True
    assert 'data-hand="first:P"' in game["svg"]
    expected = sorted(pyffish.legal_moves("minishogi", "rbsgk/4p/5/5/KGSBR[P] w - - 0 1", []))
    assert sorted(m["uci"] for m in game["legal"]) == expected
    assert {m["to"] for m in game["legal"] if m["drop"] == "P"} == {"a2", "a3", "a4"}
    _, after = post(client, "game", {"rules": MINISHOGI, "position": setup, "moves": ["P@a3"]})
    assert after["feen"].split(" ")[:2] == ["rbsgk^/4p/P4/5/K^GSBR", "/"]


# ------------------------------------------------------------------------------------------------
# The rule file: diagnostics, fixes, saving


def test_check_gives_the_language_servers_diagnostics_with_editor_offsets(client: TestClient) -> None:
    text = (ROOT / "examples" / "mistakes" / "typo_invalid.fbr").read_text(encoding="utf-8")
    status, answer = post(client, "check", {"text": text})
    assert status == 200 and answer["playable"] is False
    by_code = {d["code"]: d for d in answer["diagnostics"]}
    assert set(by_code) == {"FBR202", "FBR203"}
    typo = by_code["FBR202"]
    assert text[typo["from"] : typo["to"]] == "entr"
    # with the explanation `ntk explain FBR202` prints
    from notation_toolkit.core.codes import get_code

    info = get_code("FBR202")
    assert info is not None and info.explanation in typo["explanation"]
    fixed = text[: typo["fix"]["from"]] + typo["fix"]["replacement"] + text[typo["fix"]["to"] :]
    _, again = post(client, "check", {"text": fixed})
    assert "FBR202" not in {d["code"] for d in again["diagnostics"]}


def test_offsets_count_utf16_units_as_the_editor_does(client: TestClient) -> None:
    # a comment with a character outside the BMP (two UTF-16 units) before the mistake
    text = "~ \U0001f600\nroyal promotion+[8]=entr\nK Q=R+B R B N P +P==QRBN\n"
    _, answer = post(client, "check", {"text": text})
    (typo,) = [d for d in answer["diagnostics"] if d["code"] == "FBR202"]
    utf16 = text.encode("utf-16-le")
    assert utf16[typo["from"] * 2 : typo["to"] * 2].decode("utf-16-le") == "entr"


def test_a_rule_file_the_core_cannot_play_says_why(client: TestClient) -> None:
    text = CHESS.replace('startposition="-rnbq-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ-K^BN-R / C/c"', "")
    status, answer = post(client, "check", {"text": text})
    assert status == 200 and answer["playable"] is False
    assert "VAR102" in {d["code"] for d in answer["diagnostics"]}
    status, game = post(client, "game", {"rules": text})
    assert status == 422 and game["where"] == "position"


def test_save_writes_the_rule_file(client: TestClient, tmp_path: Path) -> None:
    text = CHESS.replace('variant="Chess"', 'variant="My chess"')
    status, _ = post(client, "save", {"text": text})
    assert status == 200
    assert (tmp_path / "mine.fbr").read_text(encoding="utf-8") == text
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert client.get("/api/file").json()["text"] == text


def test_save_without_a_file_is_refused() -> None:
    status, answer = Studio(None).handle("POST", "save", {"text": CHESS})
    assert status == 400 and answer["diagnostics"][0]["code"] == "STU202"


# ------------------------------------------------------------------------------------------------
# Pieces, PGN, variants.ini


def test_the_pieces_pane_has_every_piece_of_the_rule_file(client: TestClient) -> None:
    _, answer = post(client, "pieces", {"rules": CHESS})
    written = {}
    for line in CHESS.splitlines():
        head, _, rest = line.partition("=")
        if head in ("K", "Q", "R", "B", "N", "P"):
            written[head] = rest.split("~")[0].strip()
    assert {p["key"]: p["definition"] for p in answer["pieces"]} == written
    assert all(p["svg"].startswith("<svg") for p in answer["pieces"])
    _, shogi = post(client, "pieces", {"rules": MINISHOGI})
    assert {"+R", "+B", "+S", "+P"} <= {p["key"] for p in shogi["pieces"]}


def test_the_pgn_is_read_by_python_chess_into_the_same_game(client: TestClient) -> None:
    import io

    moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"]
    status, answer = post(client, "pgn", {"rules": CHESS, "moves": moves, "white": "Ann", "black": "Bob"})
    assert status == 200
    game = chess.pgn.read_game(io.StringIO(answer["pgn"]))
    assert game is not None and not game.errors
    assert [m.uci() for m in game.mainline_moves()] == moves
    assert game.headers["White"] == "Ann" and game.headers["Variant"] == "Chess"


def test_the_ini_export_is_read_by_fairy_stockfish_as_the_same_game(client: TestClient) -> None:
    pyffish = pytest.importorskip("pyffish")
    status, answer = post(client, "ini", {"rules": MINISHOGI})
    assert status == 200
    name = answer["ini"].split("]", 1)[0].lstrip("[").split(":")[0]
    renamed = answer["ini"].replace(f"[{name}", "[studioexport", 1)
    pyffish.load_variant_config(renamed)
    start = pyffish.start_fen("studioexport")
    _, game = post(client, "game", {"rules": MINISHOGI})
    assert sorted(m["uci"] for m in game["legal"]) == sorted(pyffish.legal_moves("studioexport", start, []))


def test_what_variants_ini_cannot_say_is_a_diagnostic(client: TestClient) -> None:
    # shatranj's bare-king rule (royal=baremove): Fairy-Stockfish has no such rule
    shatranj = (VARIANTS / "shatranj.fbr").read_text(encoding="utf-8")
    status, answer = post(client, "ini", {"rules": shatranj})
    assert status == 422 and answer["where"] == "rules"
    assert [d["code"] for d in answer["diagnostics"]] == ["FSF401"]
    assert "bare" in answer["diagnostics"][0]["message"]


def test_a_uci_engine_plays_as_the_opponent(client: TestClient) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        players = client.get("/api/players").json()
    uci = [p["spec"] for p in players["players"] if p["spec"].startswith("uci:")]
    if not uci:
        pytest.skip("no Fairy-Stockfish on PATH or in /usr/games")
    status, answer = post(
        client, "opponent", {"rules": CHESS, "moves": ["e2e4"], "player": uci[0], "seconds": 0.2}
    )
    assert status == 200
    board = chess.Board()
    board.push_uci("e2e4")
    assert chess.Move.from_uci(answer["move"]["uci"]) in board.legal_moves


# ------------------------------------------------------------------------------------------------
# Bad requests: diagnostics, never a traceback


def test_an_illegal_move_names_its_index(client: TestClient) -> None:
    status, answer = post(client, "game", {"rules": CHESS, "moves": ["e2e4", "e7e4"]})
    assert status == 422
    assert answer["where"] == "moves" and answer["index"] == 1
    assert answer["diagnostics"][0]["code"] == "VAR402"


def test_a_position_diagnostic_carries_its_fix_as_offsets_into_the_position(client: TestClient) -> None:
    setup = "rb1gk^/4p/2s2/P4/K^G1BR 2PS/sb S/s"  # the second hand not in FEEN's order
    status, answer = post(client, "game", {"rules": MINISHOGI, "position": setup})
    assert status == 422 and answer["where"] == "position"
    (d,) = answer["diagnostics"]
    assert d["code"] == "FEEN205"
    fixed = setup[: d["fix"]["from"]] + d["fix"]["replacement"] + setup[d["fix"]["to"] :]
    assert fixed == "rb1gk^/4p/2s2/P4/K^G1BR 2PS/bs S/s"
    assert post(client, "game", {"rules": MINISHOGI, "position": fixed})[0] == 200


def test_a_bad_position_is_a_position_diagnostic(client: TestClient) -> None:
    status, answer = post(client, "game", {"rules": CHESS, "position": "8/8/8 w - - 0 1"})
    assert status == 422 and answer["where"] == "position"
    assert answer["diagnostics"][0]["code"].startswith(("FEN", "VAR", "FEEN"))


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"rules": 3}, "STU103"),
        ({"rules": CHESS, "moves": "e2e4"}, "STU103"),
        ({"rules": CHESS, "moves": [1]}, "STU103"),
        ({"rules": CHESS, "moves": ["e2e4" * 100]}, "STU103"),
        ({"rules": CHESS, "flipped": "yes"}, "STU103"),
        ({"rules": "x" * (300 << 10)}, "STU101"),
    ],
)
def test_bad_fields_are_named(client: TestClient, body: dict[str, Any], code: str) -> None:
    status, answer = post(client, "game", body)
    assert 400 <= status < 500
    assert [d["code"] for d in answer["diagnostics"]] == [code]


def test_transport_errors(client: TestClient) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        not_json = client.post("/api/game", content=b"{", headers={"content-type": "application/json"})
        assert not_json.status_code == 400 and not_json.json()["diagnostics"][0]["code"] == "STU102"
        form = client.post("/api/game", content=b"rules=x", headers={"content-type": "text/plain"})
        assert form.status_code == 415
        huge = client.post(
            "/api/game",
            content=b"x",
            headers={"content-type": "application/json", "content-length": "99999999999"},
        )
        assert huge.status_code == 413 and huge.json()["diagnostics"][0]["code"] == "STU101"
        unknown = client.get("/api/nothing")
        assert unknown.status_code == 404 and unknown.json()["diagnostics"][0]["code"] == "STU104"
        # a page of another site that reaches the studio through its own DNS name is refused
        rebound = client.get("/api/file", headers={"host": "evil.example:8765"})
        assert rebound.status_code == 403
        assert client.get("/", headers={"host": "evil.example"}).status_code == 403


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        page = client.get("/")
        assert page.status_code == 200 and "studio.js" in page.text
        for name in ("studio.js", "studio.css"):
            assert client.get(f"/static/{name}").status_code == 200
        assert client.get("/static/../api.py").status_code == 404


def test_explain_knows_the_studio_codes() -> None:
    from click.testing import CliRunner

    from notation_toolkit.commands.explain import explain

    result = CliRunner().invoke(explain, ["STU201"], standalone_mode=False)
    assert result.exit_code == 0 and "time" in result.output


@pytest.mark.slow
def test_a_request_past_its_time_is_answered_and_the_server_goes_on() -> None:
    # A perft whose own budget (3 s) is beyond the request's (1.5 s), on a depth that takes minutes:
    # the answer is STU201 at the request's limit, and the next request is answered as usual while
    # that computation still runs in its thread (until its own budget stops it).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        limits = Limits(request_seconds=1.5, perft_seconds=3)
        client = TestClient(create_app(None, limits=limits))
        started = time.monotonic()
        response = client.post("/api/perft", json={"rules": CHESS, "depth": 6})
        assert time.monotonic() - started < 4
        assert response.status_code == 503 and response.json()["diagnostics"][0]["code"] == "STU201"
        assert client.post("/api/game", json={"rules": CHESS}).status_code == 200


def test_the_move_list_is_in_fairy_stockfishs_san(client: TestClient) -> None:
    pyffish = pytest.importorskip("pyffish")
    moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6", "e1g1", "f6e4", "d2d4", "e4d6", "b5c6", "d7c6"]
    _, game = post(client, "game", {"rules": CHESS, "moves": moves})
    start = pyffish.start_fen("chess")
    expected = [
        pyffish.get_san("chess", pyffish.get_fen("chess", start, moves[:i]), move)
        for i, move in enumerate(moves)
    ]
    assert game["san"] == expected


@pytest.mark.parametrize("path", sorted(VARIANTS.glob("*.fbr")), ids=lambda p: p.stem)
def test_every_example_variant_opens_in_the_studio(client: TestClient, path: Path) -> None:
    rules = path.read_text(encoding="utf-8")
    _, checked = post(client, "check", {"text": rules})
    assert checked["playable"] and not [d for d in checked["diagnostics"] if d["severity"] == "error"]
    status, game = post(client, "game", {"rules": rules})
    assert status == 200
    width, height = (int(n) for n in re.search(r'boardsize="(\d+)x(\d+)"', rules).groups())  # type: ignore[union-attr]
    assert game["svg"].count("data-square=") == width * height
    for endpoint, extra in (("pieces", {}), ("perft", {"depth": 1}), ("pgn", {})):
        status, answer = post(client, endpoint, {"rules": rules, **extra})
        assert status == 200, (endpoint, answer)
    _, perft = post(client, "perft", {"rules": rules, "depth": 1})
    assert perft["nodes"] == len(game["legal"])
    # one move played, by clicking as the page would: from/to (or the drop) name the move
    first = game["legal"][0]
    status, after = post(client, "game", {"rules": rules, "moves": [first["uci"]]})
    assert status == 200 and after["ply"] == 1
