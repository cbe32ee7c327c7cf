"""Write Fairy-Stockfish's figures for the example variants to tests/data/variant/<name>.json.

    .venv/bin/python tests/variant/record_oracle.py [name ...]

Needs pyffish. The tests compare the variant core with these files (and re-ask pyffish when it is
installed). Known differences between the FBR meaning and Fairy-Stockfish's are recorded beside
the raw lists (``fsf_only``), never folded into them: see docs/variants.md.
"""

from __future__ import annotations

import json
import sys

from fsf_oracle import DATA, EXAMPLES, SPECS, fsf_legal, record, to_fsf


def main(names: list[str]) -> None:
    import pyffish

    for name in names or list(SPECS):
        spec = SPECS[name]
        try:
            data = record(spec, name)
        except Exception as exc:  # a variant the core refuses is reported, not recorded
            print(name, "not recorded:", str(exc)[:120])
            continue
        start = data["start_fen"]
        for entry in data["positions"]:
            fsf_moves = [to_fsf(spec, m) for m in entry["moves"]]
            # uchifuzume: Fairy-Stockfish plays a mating pawn drop as a legal move that loses;
            # FBR drop=nomate (003:304) forbids the move.
            entry["fsf_only"] = (
                [
                    m
                    for m in entry["legal"]
                    if "@" in m
                    and m.startswith("P")
                    and not fsf_legal(spec, start, [*fsf_moves, m])
                    and pyffish.game_result(spec.fsf, start, [*fsf_moves, m]) > 0
                ]
                if "nomate" in (EXAMPLES / spec.file).read_text()
                else []
            )
        (DATA / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(name, "perft", data["perft"], len(data["positions"]), "positions")


if __name__ == "__main__":
    main(sys.argv[1:])
