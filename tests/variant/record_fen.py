"""Add Fairy-Stockfish's FEN (``pyffish.get_fen``) to the recorded positions of every example
variant (tests/data/variant/<name>.json, field ``fsf_fen``).

    .venv/bin/python tests/variant/record_fen.py
"""

from __future__ import annotations

import json

from fsf_oracle import DATA, EXAMPLES, SPECS, to_fsf

from notation_toolkit.variant import Variant


def main() -> None:
    import pyffish

    for name, spec in SPECS.items():
        Variant.load(EXAMPLES / spec.file)  # the rule file loads
        path = DATA / f"{name}.json"
        data = json.loads(path.read_text())
        for entry in data["positions"]:
            moves = [to_fsf(spec, m) for m in entry["moves"]]
            entry["fsf_fen"] = pyffish.get_fen(spec.fsf, data["start_fen"], moves)
        path.write_text(json.dumps(data, indent=1) + "\n")
        print(name, len(data["positions"]))


if __name__ == "__main__":
    main()
