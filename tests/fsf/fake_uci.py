"""A scripted UCI engine for the driver's tests: ``fake_uci.py MODE`` where MODE is ``illegal``
(answers every search with a move no variant has), ``silent`` (never answers ``uci``), ``nooption``
(a UCI engine without VariantPath) or ``garbage`` (endless output without ``bestmove``)."""

from __future__ import annotations

import sys


def main() -> None:
    mode = sys.argv[1]
    for line in sys.stdin:
        word = line.split()[0] if line.split() else ""
        if word == "quit":
            return
        if mode == "silent":
            continue
        if word == "uci":
            print("id name Fake")
            if mode != "nooption":
                print("option name UCI_Variant type combo default chess var chess")
                print("option name VariantPath type string default <empty>")
            print("uciok", flush=True)
        elif word == "isready":
            print("readyok", flush=True)
        elif word == "go":
            if mode == "garbage":
                while True:
                    print("info string still thinking", flush=True)
            print("info depth 1 score cp 0 pv a1a1")
            print("bestmove a1a1", flush=True)


if __name__ == "__main__":
    main()
