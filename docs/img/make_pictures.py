"""Write the pictures of docs/pictures.md: ``.venv/bin/python docs/img/make_pictures.py``."""

from __future__ import annotations

from pathlib import Path

from notation_toolkit import fen, svg

HERE = Path(__file__).resolve().parent

PICTURES = {
    "chess_e4": lambda: svg.board(
        fen.parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        arrows=[("e2", "e4")],
        squares=["e2", "e4"],
    ),
    "chess_unicode": lambda: svg.board(
        fen.parse("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"),
        pieces=svg.UNICODE_CHESS,
        arrows=[svg.Arrow("h5", "f7", "#c62828")],
    ),
    "shogi_hands": lambda: svg.draw(
        "feen", "ln1gk^g1nl/1r2s2b1/pppp1pppp/9/4p4/9/PPPP1PPPP/1B5R1/LNSGK^GSNL 3P2B/p S/s"
    ),
    "raumschach_3d": lambda: svg.draw(
        "feen",
        "-rnk^n-r/+p+p+p+p+p/5/5/5//buqbu/+p+p+p+p+p/5/5/5//5/5/5/5/5//5/5/5/+P+P+P+P+P/BUQBU"
        "//5/5/5/+P+P+P+P+P/-RNK^N-R / R/r",
    ),
    "one_dimensional": lambda: svg.draw("feen", "K^2+Rk^'1-r / C/c"),
    "wide_12x8": lambda: svg.draw("feen", "rnbcqk^aabcnr/12/12/12/12/12/PPPPPPPPPPPP/RNBCQK^AABCNR / C/c"),
    "dice_chess": lambda: svg.draw(
        "dfen", "rnbqkbnr/1p1p1ppp/8/pPpPp3/P3P3/2N2Q1N/2P2PPP/1RB1KB1R w Kkq a6c6e6 0 1 PNK"
    ),
    "knight_moves": lambda: svg.move_diagram(
        (8, 8),
        "d4",
        "N",
        svg.MoveSets(frozenset({"b3", "b5", "c2", "c6", "e2", "e6", "f3"}), frozenset({"f5"})),
    ),
}

if __name__ == "__main__":
    for name, make in PICTURES.items():
        (HERE / f"{name}.svg").write_text(make(), encoding="utf-8")
        print(f"wrote docs/img/{name}.svg")
