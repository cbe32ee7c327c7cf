"""The studio in a real headless browser (Debian's chromium driven by Playwright).

One session of a variant author: type a rule file with a mistake and see its diagnostic, jump to
it, apply its quick fix and see the new variant's board, save, play 1. e4 by clicking and see the
opponent's reply, undo, flip; switch to shogi (9×9, drops), play into a capture with a promotion
choice, drop the captured piece from the hand, and download the game as PGN.

Skipped when chromium or Playwright is missing (.ci/run installs both, so CI runs it). Set
NTK_STUDIO_SCREENSHOTS=DIR to keep the screenshots docs/studio.md shows (docs/img).
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import chess
import pytest

from notation_toolkit.variant import Variant
from notation_toolkit.variant.pgn import read_game, san

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "examples" / "variants"


@pytest.fixture
def studio_url(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    uvicorn = pytest.importorskip("uvicorn")
    from notation_toolkit.studio.server import create_app

    path = tmp_path / "studio.fbr"
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(path), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the studio did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/", path
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listener.close()


@pytest.fixture
def page(studio_url: tuple[str, Path]) -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(studio_url[0])
        tab.wait_for_selector("#board svg [data-square='e2']")
        try:
            yield tab
        finally:
            browser.close()
        assert not errors, f"errors in the page's script: {errors}"


def _shot(page: Any, name: str) -> None:
    folder = os.environ.get("NTK_STUDIO_SCREENSHOTS")
    if folder:
        page.wait_for_timeout(300)
        page.screenshot(path=str(Path(folder) / name))


def _click_square(page: Any, name: str) -> None:
    # Click where a player clicks: the middle of the square, whatever piece is drawn on it.
    square = page.locator(f"#board svg [data-square='{name}']")
    square.wait_for()
    box = square.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _plies(page: Any) -> list[str]:
    return [text.strip() for text in page.locator("#move-list .ply").all_inner_texts()]


def _wait_plies(page: Any, count: int) -> list[str]:
    page.wait_for_function(f"document.querySelectorAll('#move-list .ply').length === {count}")
    return _plies(page)


def test_a_variant_authors_session(page: Any, studio_url: tuple[str, Path], tmp_path: Path) -> None:
    path = studio_url[1]
    chess_text = (VARIANTS / "chess.fbr").read_text(encoding="utf-8")
    mine = chess_text.replace('variant="Chess"', 'variant="Test chess"').replace("=enter", "=entr")

    # a rule file with a mistake: its diagnostic, the cursor on it, its quick fix
    page.fill("#rules", mine)
    item = page.locator("#diagnostics li", has_text="FBR202")
    item.wait_for()
    item.click()
    selected = page.evaluate(
        "(() => { const e = document.getElementById('rules'); "
        "return e.value.slice(e.selectionStart, e.selectionEnd); })()"
    )
    assert selected == "entr"
    _shot(page, "studio-diagnostics.png")
    item.locator("button.fix").click()
    page.wait_for_function("document.getElementById('variant-name').textContent === 'Test chess'")
    assert page.locator("#diagnostics li").count() == 0
    assert "=enter" in page.input_value("#rules")

    page.click("#save")
    page.wait_for_function("document.getElementById('check-state').textContent.startsWith('saved')")
    assert path.read_text(encoding="utf-8") == page.input_value("#rules")

    # 1. e4 by clicking; the builtin engine (Black) answers
    page.select_option("#player", "builtin")
    page.fill("#seconds", "0.3")
    page.wait_for_selector("#board svg [data-square='e2']")
    _click_square(page, "e2")
    assert page.locator("#board svg circle.target").count() == 2  # e3 and e4
    _click_square(page, "e4")
    plies = _wait_plies(page, 2)
    assert plies[0] == _shown(Variant.load(VARIANTS / "chess.fbr"), ["e2e4"])[0]
    page.wait_for_function("document.getElementById('status').textContent.startsWith('White to move')")
    # a piece's moves are shown when it is selected, and hidden when it is clicked again
    _click_square(page, "g1")
    assert sorted(
        page.locator("#board svg circle.target").evaluate_all("(dots) => dots.map((d) => d.dataset.target)")
    ) == ["e2", "f3", "h3"]
    _shot(page, "studio-chess.png")
    _click_square(page, "g1")
    assert page.locator("#board svg circle.target").count() == 0

    # undo takes back the full move; flip turns the board
    page.click("#undo")
    _wait_plies(page, 0)
    page.click("#flip")
    page.wait_for_function(
        "(() => { const a = document.querySelector('#board [data-square=\"a1\"]'), "
        "h = document.querySelector('#board [data-square=\"h8\"]'); "
        "return a && h && +a.getAttribute('x') > +h.getAttribute('x'); })()"
    )
    page.click("#flip")

    # perft of the start position: the published count (chessprogramming.org, "Perft Results")
    page.click(".tabs button[data-tab='perft']")
    page.fill("#perft-depth", "2")
    page.click("#perft-run")
    page.wait_for_function(
        "document.getElementById('perft-result').textContent.includes('perft 2: 400 nodes')"
    )
    assert page.locator("#perft-result tr").count() == 20

    # a position pasted in the Position pane: a FEN the variant refuses says why, a good one is set up
    page.click(".tabs button[data-tab='position']")
    page.fill("#fen", "8/8/8 w - - 0 1")
    page.click("#set-fen")
    page.locator("#position-diagnostics li").first.wait_for()
    fen = "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1"
    page.fill("#fen", fen)
    page.click("#set-fen")
    page.wait_for_function("document.querySelectorAll('#board svg .piece').length === 4")
    assert page.locator("#position-diagnostics li").count() == 0
    assert page.input_value("#fen") == fen
    _click_square(page, "e1")
    assert sorted(
        page.locator("#board svg circle.target").evaluate_all("(dots) => dots.map((d) => d.dataset.target)")
    ) == sorted(
        chess.square_name(m.to_square) for m in chess.Board(fen).legal_moves if m.from_square == chess.E1
    )
    # a back-rank mate: check, the result and its reason are shown (python-chess agrees it is mate)
    mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
    board = chess.Board(mate)
    board.push_uci("a1a8")
    assert board.is_checkmate()
    page.fill("#fen", mate)
    page.click("#set-fen")
    page.wait_for_function("document.querySelectorAll('#board svg .piece').length === 6")
    _click_square(page, "a1")
    _click_square(page, "a8")
    page.wait_for_function("document.getElementById('status').textContent.includes('checkmate')")
    assert page.inner_text("#status").startswith("1-0")
    assert page.locator("#board svg rect[fill='#e0413a']").count() == 1  # the mated king's square
    page.click(".tabs button[data-tab='moves']")
    assert page.inner_text("#result") == "1-0 (checkmate)"

    # shogi: 9×9 with drops; a bishop exchange with its promotion choice, then a drop
    page.select_option("#opponent-side", "none")
    page.fill("#rules", (VARIANTS / "shogi.fbr").read_text(encoding="utf-8"))
    page.wait_for_function("document.getElementById('variant-name').textContent === 'Shogi'")
    page.wait_for_selector("#board svg [data-square='i9']")
    for ply, (frm, to) in enumerate((("c3", "c4"), ("g7", "g6"))):
        _click_square(page, frm)
        _click_square(page, to)
        _wait_plies(page, ply + 1)
    _click_square(page, "b2")
    _click_square(page, "h8")
    choice = page.locator("#promotion")
    choice.wait_for()
    assert sorted(choice.locator("button[data-uci]").all_inner_texts()) == ["+ promote", "no promotion"]
    choice.locator("button", has_text="+ promote").click()
    _wait_plies(page, 3)
    _click_square(page, "a7")
    _click_square(page, "a6")
    _wait_plies(page, 4)
    page.locator("#board svg [data-hand='first:B']").click()
    assert page.locator("#board svg circle.target").count() > 40
    _shot(page, "studio-shogi.png")
    _click_square(page, "e5")
    plies = _wait_plies(page, 5)
    played = ["c3c4", "g7g6", "b2h8+", "a7a6", "B@e5"]
    shogi = Variant.load(VARIANTS / "shogi.fbr")
    assert plies == _shown(shogi, played)

    # the pieces pane: one card per piece of the rule file, each with its diagram
    page.click(".tabs button[data-tab='pieces']")
    page.wait_for_selector("#pieces .piece-card svg")
    definitions = re.findall(
        r"^\+?[A-Z]=", (VARIANTS / "shogi.fbr").read_text(encoding="utf-8"), re.MULTILINE
    )
    assert page.locator("#pieces .piece-card").count() == len(definitions) == 14
    _shot(page, "studio-pieces.png")

    # the game as PGN, downloaded
    page.click(".tabs button[data-tab='pgn']")
    page.wait_for_function("document.getElementById('pgn').value.includes('B@e5')")
    with page.expect_download() as download:
        page.click("#pgn-download")
    target = tmp_path / "game.pgn"
    download.value.save_as(str(target))
    pgn = target.read_text(encoding="utf-8")
    assert '[Variant "Shogi"]' in pgn and "B@e5" in pgn
    # the rule file exported for Fairy-Stockfish
    page.click(".tabs button[data-tab='ini']")
    page.click("#ini-export")
    page.wait_for_function("document.getElementById('ini').textContent.startsWith('[shogi')")
    assert "maxFile = i" in page.inner_text("#ini")

    # the PGN reader replays it through the core to the position the page shows
    game = read_game(pgn, variant=shogi)
    assert game.mainline_moves() == played
    pos = game.end().position()
    assert pos.feen() == page.input_value("#feen")
    # and so does `ntk variant replay`
    replayed = subprocess.run(
        [
            sys.executable,
            "-m",
            "notation_toolkit",
            "variant",
            "replay",
            str(target),
            "--rules",
            str(VARIANTS / "shogi.fbr"),
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["games"] == [{"game": 1, "ok": True, "plies": 5, "result": "*"}]


def _shown(variant: Variant, moves: list[str]) -> list[str]:
    """The moves as the move list shows them: in SAN, as ``notation_toolkit.variant.pgn`` writes it."""
    pos = variant.start()
    out = []
    for move in moves:
        out.append(san(pos, move))
        pos.push(move)
    return out
