"""How many sections of a variants.ini convert into FBR and play as Fairy-Stockfish plays them.

    .venv/bin/python benchmarks/fsf_variants_ini.py PATH/TO/variants.ini [SECTION ...] [--json]

Fairy-Stockfish's own ``src/variants.ini`` is the file this was written for (it is GPL: fetch it,
do not commit it). Each section is imported (``notation_toolkit.fsf.convert``); a converted
section is loaded in the variant core and compared with pyffish loaded with the same file: perft
1 and 2 from the start, then sorted legal-move lists along three seeded random games of 40 plies.
Prints one line per section (agree / differs / core / refused, and why) and the totals.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any


def _fsf_perft(name: str, fen: str, moves: list[str], depth: int) -> int:
    import pyffish

    legal = pyffish.legal_moves(name, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(_fsf_perft(name, fen, [*moves, m], depth - 1) for m in legal)


def _perft(pos: Any, depth: int) -> int:
    legal = pos.legal_moves()
    if depth == 1:
        return len(legal)
    total = 0
    for m in legal:
        pos.push(m)
        total += _perft(pos, depth - 1)
        pos.pop()
    return total


def _compare(variant: Any, name: str) -> tuple[str, str]:
    import pyffish

    start = pyffish.start_fen(name)
    for depth in (1, 2):
        ours, theirs = _perft(variant.start(), depth), _fsf_perft(name, start, [], depth)
        if ours != theirs:
            return "differs", f"perft {depth}: core {ours}, Fairy-Stockfish {theirs}"
    rnd = random.Random(1)
    for _ in range(3):
        pos = variant.start()
        line: list[str] = []
        for _ in range(40):
            ours_list = sorted(m.text for m in pos.legal_moves())
            theirs_list = sorted(pyffish.legal_moves(name, start, line))
            if ours_list != theirs_list:
                only_core = sorted(set(ours_list) - set(theirs_list))[:4]
                only_fsf = sorted(set(theirs_list) - set(ours_list))[:4]
                return (
                    "differs",
                    f"after {len(line)} plies: core only {only_core}, Fairy-Stockfish only {only_fsf}",
                )
            if not ours_list or pos.outcome() is not None:
                break
            move = rnd.choice(ours_list)
            line.append(move)
            pos.push(move)
    return "agree", ""


def main(argv: list[str]) -> int:
    import pyffish

    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.fsf import convert
    from notation_toolkit.variant import Variant

    as_json = "--json" in argv
    args = [a for a in argv if a != "--json"]
    if not args:
        print(__doc__)
        return 2
    with open(args[0], encoding="utf-8") as handle:
        text = handle.read()
    only = set(args[1:])
    pyffish.load_variant_config(text)
    rows = []
    for section in convert(text).sections:
        if only and section.name not in only:
            continue
        if section.fbr is None:
            errors = [d.message for d in section.diagnostics if d.is_error]
            rows.append((section.name, "refused", errors[0] if errors else "ignored"))
            continue
        try:
            variant = Variant.from_text(section.fbr)
            variant.start()
        except NotationError as exc:
            rows.append((section.name, "core", str(exc).splitlines()[0]))
            continue
        try:
            rows.append((section.name, *_compare(variant, section.name)))
        except (NotationError, ValueError) as exc:  # pyffish rejects what it cannot read
            rows.append((section.name, "differs", f"{type(exc).__name__}: {exc}"))
    totals = {
        state: sum(1 for r in rows if r[1] == state) for state in ("agree", "differs", "core", "refused")
    }
    if as_json:
        print(
            json.dumps(
                {
                    "sections": [dict(zip(("name", "state", "why"), r, strict=True)) for r in rows],
                    "totals": totals,
                },
                indent=1,
            )
        )
    else:
        for name, state, why in rows:
            print(f"{name:28} {state:8} {why}")
        converted = len(rows) - totals["refused"]
        print(
            f"{len(rows)} sections: {converted} convert, {totals['agree']} agree with Fairy-Stockfish, "
            f"{totals['differs']} differ, {totals['core']} not played by the core, "
            f"{totals['refused']} refused"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
