"""The game cores fed hostile input: the Dice Chess API and commands, the variant core's bounds.

Every case ends in one of three ways, never in another exception or a traceback: a
``NotationError`` with a code (the API, exit 1 on the command line), a ``TypeError`` that says what
the call takes, or a usage error (exit 2) for a command-line value out of its documented range. Each
call stays within a second of CPU time (``fuzz_harness.slow_call_bound``: 1 s on the reference
machine, scaled on a slower one) and 200 MB of memory (``tracemalloc`` peak). The variant cases are
the ones that hung: multi-leg riders on a 26x26 board, a hand larger than the board, ``push`` of
something that is not a move.
"""

from __future__ import annotations

import io
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from fuzz_harness import SLOW_CALL, slow_call_bound
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation_toolkit.cli import main
from notation_toolkit.core.errors import NotationError
from notation_toolkit.dicechess import dice
from notation_toolkit.dicechess.game import Game
from notation_toolkit.dicechess.position import Position as DicePosition

MEMORY_BOUND = 200 * 1024 * 1024
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
TEN_MB = 10 * 1024 * 1024


def _bounded(call: Callable[[], Any]) -> tuple[Any, BaseException | None]:
    """Run ``call`` and fail past the CPU bound; returns the result or the exception it raised."""
    start = time.process_time()
    try:
        result, error = call(), None
    except BaseException as exc:  # classified by the caller (SystemExit included)
        result, error = None, exc
    elapsed = time.process_time() - start
    if elapsed > SLOW_CALL:
        assert elapsed <= slow_call_bound(), f"took {elapsed:.2f} s of CPU time"
    return result, error


def _small(call: Callable[[], Any]) -> tuple[Any, BaseException | None]:
    """Run ``call`` under ``tracemalloc`` (which slows it: no time bound here) and fail past the
    memory bound; returns the result or the exception it raised."""
    tracemalloc.start()
    try:
        result, error = call(), None
    except BaseException as exc:
        result, error = None, exc
    finally:
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert peak <= MEMORY_BOUND, f"peak memory {peak / 2**20:.0f} MB"
    return result, error


def _coded(error: BaseException | None, prefix: str) -> NotationError:
    assert isinstance(error, NotationError), repr(error)
    assert error.diagnostics and error.code.startswith(prefix), error.code
    for d in error.diagnostics:
        assert len(d.message) < 300, "the message repeats the whole input"
    return error


# ------------------------------------------------------------------------------------ Dice API

HOSTILE_DICE = ["PPPP", "", "-", "X", "P X", "ＰＮＢ", "\x00", "pnbq", "KKK ", "P" * TEN_MB, "[/x]"]


@pytest.mark.parametrize("letters", HOSTILE_DICE, ids=lambda s: repr(s[:12]))
def test_a_bad_roll_is_a_dice_diagnostic(letters: str) -> None:
    _result, error = _bounded(lambda: Game(seed=1).roll(letters))
    _coded(error, "DICE004")


@pytest.mark.parametrize("letters", ["PPPP", "KKKK", "X", "P" * TEN_MB])
def test_a_bad_pool_is_a_dice_diagnostic(letters: str) -> None:
    for call in (
        lambda: dice.from_letters(letters),
        lambda: dice.pool_of(letters),
        lambda: DicePosition.start().set_pool(letters),
    ):
        _result, error = _bounded(call)
        _coded(error, "DICE004")


@pytest.mark.parametrize(
    "value", [[1, 1, 1, 1], [0], [7], ["P"], range(10**12), 1 << 40, -1, 0xFFF], ids=repr
)
def test_bad_die_faces_and_packed_pools(value: object) -> None:
    call = (lambda: dice.pool_of(value)) if isinstance(value, int) else (lambda: dice.from_types(value))  # type: ignore[arg-type]
    _result, error = _bounded(call)
    _coded(error, "DICE004")


@pytest.mark.parametrize("value", [None, 123, b"e2e4", 1.5, ["e2e4"]], ids=repr)
def test_play_refuses_what_is_not_a_move_with_a_type_error(value: object) -> None:
    game = Game(seed=1)
    game.roll("PNB")
    with pytest.raises(TypeError, match=r"play\(\) takes a micro-move in UCI as a string"):
        game.play(value)  # type: ignore[arg-type]
    if value is not None:  # roll() rolls the dice itself
        with pytest.raises(TypeError, match=r"roll\(\) takes die letters"):
            Game(seed=1).roll(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a pool is die letters"):
        dice.pool_of(1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text", ["", "[/x]", "[bold]e2e4", "e2e4" * (TEN_MB // 4), "\x00", "e9e10", "e2e4 e4e5", "ｅ２ｅ４"]
)
def test_a_hostile_micro_move_is_a_dice_diagnostic(text: str) -> None:
    game = Game(seed=1)
    game.roll("PNB")
    _result, error = _bounded(lambda: game.play(text))
    _coded(error, "DICE001")
    _result, error = _small(lambda: game.play(text))
    _coded(error, "DICE001")


@pytest.mark.parametrize(
    "spec", ["nobody", "engine:d²", "engine:d99", "random:1", "engine:x", "", "engine:d1w²"], ids=repr
)
def test_a_bad_player_spec_is_a_dice_diagnostic(spec: str) -> None:
    from notation_toolkit.dicechess.engine.ladder import player_from_spec
    from notation_toolkit.dicechess.engine.players import make_player

    for call in (lambda: make_player(spec), lambda: player_from_spec(spec, 1)):
        _result, error = _bounded(call)
        refused = _coded(error, "DICE005")
        assert str(refused) == refused.diagnostics[0].message  # what the command line shows


def test_the_engine_refuses_a_position_without_dice() -> None:
    from notation_toolkit.dicechess.engine.search import Engine

    _result, error = _bounded(lambda: Engine().best_turn(DicePosition.start()))
    _coded(error, "DICE003")


# ------------------------------------------------------------------------------------ Dice CLI


def _ntk(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``ntk ARGV`` run in this process (click's usage errors end
    in ``SystemExit``, the command's own in a returned code)."""
    result, error = _bounded(lambda: main(list(argv)))
    if isinstance(error, SystemExit):
        code = error.code
    else:
        assert error is None, repr(error)
        code = result
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    assert "internal error" not in captured.out + captured.err
    assert isinstance(code, int)
    return code, captured.out, captured.err


USAGE_ERRORS = [
    ("dice", "play", "--time", "nan"),
    ("dice", "play", "--time", "inf"),
    ("dice", "play", "--time", "1e308"),
    ("dice", "play", "--time", "0"),
    ("dice", "play", "--depth", str(10**30)),
    ("dice", "play", "--depth", "0"),
    ("dice", "analyse", START, "--time", "nan"),
    ("dice", "analyse", START, "--depth", "99"),
    ("dice", "selfplay", "--games", "2", "--time", "inf"),
    ("dice", "selfplay", "--games", "0"),
    ("dice", "selfplay", "--games", "2", "--jobs", str(10**30)),
    ("dice", "perft", START, "--depth", str(10**30)),
    ("dice", "perft", START, "--depth", "-1"),
    ("dice", "ladder", "--players", "engine:d1w²,random"),
    ("dice", "ladder", "--players", "engine:d²,random"),
    ("dice", "ladder", "--players", "engine:nan,random"),
    ("dice", "ladder", "--elo1", "nan"),
    ("dice", "ladder", "--games", str(10**30)),
]


@pytest.mark.parametrize("argv", USAGE_ERRORS, ids=lambda a: " ".join(a[1:])[:50])
def test_out_of_range_options_are_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    code, _out, err = _ntk(capsys, *argv)
    assert code == 2
    assert "Error" in err or "error" in err


@pytest.mark.parametrize(
    "argv",
    [
        ("dice", "moves", START, "--dice", "PPPP"),
        ("dice", "turns", START, "--dice", "KKKKK"),
        ("dice", "moves", START, "--dice", "P" * 100_000),
        ("dice", "analyse", START, "--dice", "PX"),
    ],
    ids=lambda a: " ".join(a[1:])[-30:],
)
def test_bad_dice_on_the_command_line_are_diagnostics(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    code, out, err = _ntk(capsys, *argv)
    assert code == 1
    assert "DICE004" in out + err


def _play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code, out, _err = _ntk(capsys, "dice", "play", "--depth", "1", "--seed", "1")
    return code, out


def test_typed_text_is_never_markup(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = _play(capsys, monkeypatch, "[/x]\n[bold]e2e4\n[red]\\\nquit\n")
    assert code == 0
    # echoed as typed, and refused as typed
    assert "your move> [/x]\n" in out and "[/x]: '[/x]' is not a UCI micro-move" in out
    assert "your move> [bold]e2e4\n" in out and "[bold]e2e4: '[bold]e2e4' is not a UCI micro-move" in out
    assert "[red]\\: " in out


@pytest.mark.parametrize("newline", ["", "\ne2e4\n"], ids=["no newline", "then a move"])
def test_a_ten_megabyte_line_at_the_prompt_is_skipped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, newline: str
) -> None:
    argv = ["dice", "play", "--depth", "1", "--seed", "1"]
    monkeypatch.setattr("sys.stdin", io.StringIO("e" * TEN_MB + newline))
    result, error = _small(lambda: main(argv))
    assert error is None and result == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("e" * TEN_MB + newline))
    result, error = _bounded(lambda: main(argv))
    assert error is None and result == 0
    out = capsys.readouterr().out
    assert "a line of more than 4,096 characters was skipped" in out
    assert "eeee" * 100 not in out
    assert ("your move> e2e4" in out) == bool(newline)


# ------------------------------------------------------------------------------------ variant core


def _rule_file(pieces: str, rows: list[str], size: int = 26) -> str:
    return (
        f'variant="hostile"\nboardsize="{size}x{size}"\nstartposition="{"/".join(rows)} / C/c"\n'
        f"royal\nK=W+F\n{pieces}\n"
    )


def _blank(size: int, first: str, last: str) -> list[str]:
    return [last] + [str(size)] * (size - 2) + [first]


# (name, rule file): the multi-leg riders that did not finish perft 1 in 120 s
MULTI_LEG = {
    "8 x W0-W0": _rule_file("X=W0-W0", _blank(26, "K^XXXXXXXX17", "k^xxxxxxxx17")),
    "32 legs of N0": _rule_file("X=" + "-".join(["N0"] * 32), _blank(26, "K^X24", "k^x24")),
    "8 x N0-F0-W0-N0": _rule_file("X=N0-F0-W0-N0", _blank(26, "K^XXXXXXXX17", "k^xxxxxxxx17")),
    "64 legs, 3 pieces": _rule_file(
        "X=" + "-".join(["W0", "N", "F0", "mN0"] * 16), _blank(26, "K^XXX22", "k^xxx22")
    ),
    "20 x 32 legs of nN": _rule_file(
        "X=" + "-".join(["nN"] * 32), _blank(26, "K^" + "X" * 20 + "5", "k^" + "x" * 20 + "5")
    ),
    "20 x 16 legs of pR": _rule_file(
        "X=" + "-".join(["pR"] * 16), _blank(26, "K^" + "X" * 20 + "5", "k^" + "x" * 20 + "5")
    ),
}


ATOMS = ["W", "F", "N", "W0", "F0", "N0", "nN", "nA", "pR", "pB", "mW0", "cF", "gW0", "fW", "[1-3]N0", "A0"]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    legs=st.lists(st.sampled_from(ATOMS), min_size=2, max_size=12),
    size=st.integers(8, 26),
    count=st.integers(1, 8),
)
def test_random_multi_leg_pieces_run_perft_1_in_bounds(legs: list[str], size: int, count: int) -> None:
    """Any multi-leg piece the compiler takes, several of them a side on a board up to 26x26."""
    from notation_toolkit.variant import Variant, perft

    count = min(count, size - 1)
    first = "K^" + "X" * count + (str(size - 1 - count) if size - 1 - count else "")
    text = _rule_file("X=" + "-".join(legs), _blank(size, first, first.lower()), size)
    variant, error = _bounded(lambda: Variant.from_text(text))
    if error is not None:
        _coded(error, "VAR")  # a piece the compiler refuses, with its reason
        return
    pos = variant.start()
    count_1, error = _bounded(lambda: perft(pos, 1))
    assert error is None and isinstance(count_1, int)


def _clear_piece_caches() -> None:
    from notation_toolkit.variant.pieces import compiler

    compiler._compile_cached.cache_clear()
    compiler._ray_table.cache_clear()


@pytest.mark.parametrize(
    "name",
    [
        "8 x W0-W0",
        "32 legs of N0",
        pytest.param("8 x N0-F0-W0-N0", marks=pytest.mark.slow),
        pytest.param("64 legs, 3 pieces", marks=pytest.mark.slow),
        pytest.param("20 x 32 legs of nN", marks=pytest.mark.slow),
        pytest.param("20 x 16 legs of pR", marks=pytest.mark.slow),
    ],
)
def test_multi_leg_riders_on_26x26_load_and_run_perft_1_in_bounds(name: str) -> None:
    from notation_toolkit.variant import Variant, perft

    text = MULTI_LEG[name]
    _clear_piece_caches()
    variant, error = _bounded(lambda: Variant.from_text(text))
    assert error is None, repr(error)
    pos = variant.start()
    count, error = _bounded(lambda: perft(pos, 1))
    assert error is None and isinstance(count, int)


def _joined(name: str, rule: str) -> str:
    """A case of ``MULTI_LEG`` on a board whose edges join (FBR ``cylindric``/``torus``): the
    second player's pieces moved to the middle rank, since on a torus the first and last ranks
    touch and the kings would stand side by side."""
    text = MULTI_LEG[name].replace("royal\n", f"royal\n{rule}\n", 1)
    head, rest = text.split('startposition="', 1)
    placement, tail = rest.split(" ", 1)
    rows = placement.split("/")
    rows = ["26"] * 12 + [rows[0]] + ["26"] * 12 + [rows[-1]]
    return head + 'startposition="' + "/".join(rows) + " " + tail


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("8 x W0-W0", "torus"),
        ("32 legs of N0", "cylindric"),
        pytest.param("8 x N0-F0-W0-N0", "torus", marks=pytest.mark.slow),
        pytest.param("64 legs, 3 pieces", "torus", marks=pytest.mark.slow),
        pytest.param("20 x 16 legs of pR", "cylindric", marks=pytest.mark.slow),
    ],
)
def test_multi_leg_riders_on_a_26x26_cylinder_or_torus_in_bounds(name: str, rule: str) -> None:
    """Lines that go round the board are no longer than a board's side, and multi-leg moves step
    whole square sets round it (docs/pieces.md): the same bounds as on the plain board."""
    from notation_toolkit.variant import Variant, perft

    text = _joined(name, rule)
    _clear_piece_caches()
    variant, error = _bounded(lambda: Variant.from_text(text))
    assert error is None, repr(error)
    assert variant.geometry.wraps
    pos = variant.start()
    count, error = _bounded(lambda: perft(pos, 1))
    assert error is None and isinstance(count, int)


# A 26x26 rule file with 20 piece types, each in both hands (drops on every empty square).
DROP_LETTERS = "ABCDEFGHIJLMNOQRSTU"
DROP_MOVES = ["W", "F", "W0", "F0", "N", "N0", "A", "D", "H", "C", "Z", "G", "W0F0", "WN", "FN"]
DROP_MOVES += ["mW+cF", "K", "WA", "FD"]
TWENTY_TYPES = (
    f'variant="drops"\nboardsize="26x26"\nstartposition="{"/".join(_blank(26, "K^25", "k^25"))} '
    f'{DROP_LETTERS}/{DROP_LETTERS.lower()} C/c"\nroyal\nholding\nK=W+F\n'
    + "\n".join(f"{a}={b}" for a, b in zip(DROP_LETTERS, DROP_MOVES, strict=True))
)

_PEAK_SCRIPT = """
import resource, sys
from notation_toolkit.variant import Variant, perft
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
pos = Variant.from_text(sys.stdin.read()).start()
perft(pos, 1)
print(before, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


@pytest.mark.slow
@pytest.mark.parametrize("name", [*MULTI_LEG, "20 types in hand"])
def test_26x26_rule_files_stay_within_200_mb(name: str) -> None:
    """The peak resident memory of a fresh process that loads the rule file and runs perft 1, less
    what the interpreter and the imports took before."""
    import subprocess
    import sys

    text = TWENTY_TYPES if name == "20 types in hand" else MULTI_LEG[name]
    done = subprocess.run(
        [sys.executable, "-c", _PEAK_SCRIPT],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    before, peak = (int(kb) for kb in done.stdout.split())
    assert (peak - before) * 1024 <= MEMORY_BOUND, f"{(peak - before) / 1024:.0f} MB"


def test_hands_larger_than_the_board_are_refused() -> None:
    from notation_toolkit.variant import Variant

    crazyhouse = Variant.load("examples/variants/crazyhouse.fbr")
    board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    fits = crazyhouse.position(f"{board}[{'Q' * 32}] w KQkq - 0 1")
    assert len(fits.legal_moves()) > 0
    for text in (
        f"{board}[{'Q' * 65}] w KQkq - 0 1",
        f"{board}[{'Q' * 33}] w KQkq - 0 1",
        f"{board}[{'q' * TEN_MB}] w KQkq - 0 1",
    ):
        _result, error = _bounded(lambda text=text: crazyhouse.position(text))  # type: ignore[misc]
        refused = _coded(error, "VAR301")
        assert "more than the 64 squares of the board" in refused.diagnostics[0].message
    feen_board = "-rnbq-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ-K^BN-R"
    for hand in ("65Q/", "99999999999999999999Q/q"):
        _result, error = _bounded(lambda hand=hand: crazyhouse.position(f"{feen_board} {hand} C/c"))  # type: ignore[misc]
        assert isinstance(error, NotationError) and error.diagnostics


@pytest.mark.parametrize("value", [None, 123, b"e2e4", 1.5, ("e2", "e4")], ids=repr)
def test_push_refuses_what_is_not_a_move_with_a_type_error(value: object) -> None:
    from notation_toolkit.variant import Variant

    pos = Variant.load("examples/variants/chess.fbr").start()
    with pytest.raises(TypeError, match=r"push\(\) takes a Move of legal_moves\(\) or a move's text"):
        pos.push(value)  # type: ignore[arg-type]
    assert pos.move_stack == [] and len(pos.legal_moves()) == 20


@pytest.mark.parametrize(
    "text", ["e2e4" * (TEN_MB // 4), "", "\x00", "e2e5", "Q@e4", "[/x]"], ids=lambda s: repr(s[:8])
)
def test_a_hostile_move_text_is_a_variant_diagnostic(text: str) -> None:
    from notation_toolkit.variant import Variant

    pos = Variant.load("examples/variants/chess.fbr").start()
    _result, error = _bounded(lambda: pos.push(text))
    _coded(error, "VAR40")
