"""Valid FEN and DFEN are read by the regex fast path alone: once its source is in the disk cache,
a process that reads valid text neither builds the grammar nor imports Lark (start-up of `ntk`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CODE = """
import sys
from notation_toolkit import dfen, fen
print(fen.dumps(fen.parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")))
print(dfen.dumps(dfen.parse("rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq e3c3a3 0 1")))
print("lark" in sys.modules)
"""


def run(cache: Path) -> list[str]:
    env = {**os.environ, "NTK_CACHE_DIR": str(cache)}
    env.pop("NTK_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_a_second_process_reads_valid_text_without_lark(tmp_path: Path) -> None:
    first = run(tmp_path)  # builds the regexes from the grammars and stores them
    second = run(tmp_path)
    assert (
        first[:2]
        == second[:2]
        == [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -",
        ]
    )
    assert first[2] == "True"  # the cold run needed the grammar
    assert second[2] == "False"
