"""Write Fairy-Stockfish's figures for the example variants to tests/data/variant/<name>.json.

    .venv/bin/python tests/variant/record_oracle.py [name ...]

Needs pyffish. The tests compare the variant core with these files (and re-ask pyffish when it is
installed). Known differences between the FBR meaning and Fairy-Stockfish's are recorded beside
the raw lists (``fsf_only``), never folded into them: see docs/variants.md.
"""

from __future__ import annotations

import json
import re
import sys

from fsf_oracle import DATA, EXAMPLES, SPECS, Spec, fsf_legal, record, to_fsf


def drop_mates(
    spec: Spec, start: str, nomate: tuple[str, ...], moves: list[str], legal: list[str]
) -> list[str]:
    """The drops of ``legal`` (pieces ``nomate``) that mate: Fairy-Stockfish lists them, FBR not."""
    import pyffish

    return [
        m
        for m in legal
        if nomate
        and m.startswith(nomate)
        and not fsf_legal(spec, start, [*moves, m])
        and pyffish.game_result(spec.fsf, start, [*moves, m]) > 0
    ]


def main(names: list[str]) -> None:

    for name in names or list(SPECS):
        spec = SPECS[name]
        try:
            data = record(spec, name)
        except Exception as exc:  # a variant the core refuses is reported, not recorded
            print(name, "not recorded:", str(exc)[:120])
            continue
        start = data["start_fen"]
        # uchifuzume: Fairy-Stockfish plays a mating pawn drop as a legal move that loses;
        # FBR drop{P}=nomate (003:304) forbids the move (the pieces the file names: P, tori's S)
        nomate = tuple(
            f"{spec.letters.get(x, x)}@"
            for x in re.findall(r"drop\{(\w)\}=nomate", (EXAMPLES / spec.file).read_text())
        )

        for entry in data["positions"]:
            fsf_moves = [to_fsf(spec, m) for m in entry["moves"]]
            entry["fsf_only"] = drop_mates(spec, start, nomate, fsf_moves, entry["legal"])
            if entry.get("perft2") is not None and nomate:
                # the same moves one ply deeper: leaves of Fairy-Stockfish's perft 2 that FBR has not
                entry["perft2_fsf_only"] = sum(
                    len(
                        drop_mates(
                            spec, start, nomate, [*fsf_moves, m], fsf_legal(spec, start, [*fsf_moves, m])
                        )
                    )
                    for m in entry["legal"]
                )
        (DATA / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(name, "perft", data["perft"], len(data["positions"]), "positions")


if __name__ == "__main__":
    main(sys.argv[1:])
