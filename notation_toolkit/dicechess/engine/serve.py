"""The child's side of ``engine.child``: a ladder player answering DFEN lines with its turns.

Run as ``python -m notation_toolkit.dicechess.engine.serve SPEC SEED`` by ``child.ChildPlayer``;
the protocol is in ``engine.child``.
"""

from __future__ import annotations

import json
import sys
from typing import IO

from notation_toolkit.dicechess.engine.ladder import player_from_spec
from notation_toolkit.dicechess.position import Position


def serve(spec: str, seed: int, source: IO[str], sink: IO[str]) -> int:
    """The child's loop: one answer per DFEN line of ``source`` (see the module docstring)."""
    player = player_from_spec(spec, seed)
    for line in source:
        text = line.strip()
        if not text:
            break
        try:
            pos = Position.from_dfen(text)
            before = getattr(player, "seconds", 0.0)
            moves = player.choose(pos)
            answer: dict[str, object] = {
                "moves": list(moves),
                "seconds": getattr(player, "seconds", 0.0) - before,
            }
        except Exception as exc:  # reported to the parent, which raises ChildPlayerError
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        sink.write(json.dumps(answer) + "\n")
        sink.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the child: ``python -m notation_toolkit.dicechess.engine.serve SPEC SEED``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or not args[1].lstrip("-").isdigit():
        print("usage: python -m notation_toolkit.dicechess.engine.serve SPEC SEED", file=sys.stderr)
        return 2
    return serve(args[0], int(args[1]), sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
