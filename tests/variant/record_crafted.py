"""Write Fairy-Stockfish's legal moves for crafted positions to tests/data/variant/crafted.json.

    .venv/bin/python tests/variant/record_crafted.py

Positions chosen for the rules random play rarely reaches: promotion inside a zone with piece
limits (Grand), pins and en passant along a rank (perft position 3), castling on 10 files,
facing generals (Xiangqi). FEN as Fairy-Stockfish writes it; the test maps letters (fsf_oracle).
"""

from __future__ import annotations

import json

from fsf_oracle import DATA, SPECS

CRAFTED = [
    ("grand", "4k5/P9/10/10/10/10/10/10/10/QACRRNNBBK w - - 0 1"),
    ("grand", "4k5/P9/10/10/10/10/10/10/10/QAC1RNNBBK w - - 0 1"),
    ("grand", "4k5/10/P9/10/10/10/10/10/10/QA2RNNBBK w - - 0 1"),
    ("grand", "4k5/10/10/P9/10/10/10/10/10/QACR1NNBBK w - - 0 1"),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("chess", "8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 2"),
    ("chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
    ("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"),
    ("capablanca", "r4k3r/10/10/10/10/10/5r4/R4K3R w KQkq - 0 1"),
    ("xiangqi", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
    ("xiangqi", "4k4/9/9/9/4p4/9/9/9/9/3K5 w - - 0 1"),
    ("berolina", "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1"),
    ("makruk", "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1"),
]


def main() -> None:
    import pyffish

    out = []
    for name, fen in CRAFTED:
        out.append(
            {
                "variant": name,
                "fsf": SPECS[name].fsf,
                "fen": fen,
                "legal": sorted(pyffish.legal_moves(SPECS[name].fsf, fen, [])),
            }
        )
    (DATA / "crafted.json").write_text(
        json.dumps({"fsf_version": ".".join(map(str, pyffish.version())), "positions": out}, indent=1) + "\n"
    )
    print(len(out), "positions")


if __name__ == "__main__":
    main()
