"""The error boundary of ``ntk`` and its command registration, run as real processes.

Every failure ends in a one-line message and a documented exit code (``notation_toolkit.core.cli``),
never a traceback unless ``--debug`` / ``NTK_DEBUG=1`` asks for one. Third-party commands join
through the ``notation_toolkit.commands`` entry points; a broken one is a one-line warning.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from notation_toolkit import __version__
from notation_toolkit.core.cli import EXIT_BROKEN_PIPE, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_IO, EXIT_USAGE

NTK = [sys.executable, "-m", "notation_toolkit"]
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

PLUGIN = '''
import sys
import time

import click


@click.command()
@click.argument("who", default="world")
def hello(who):
    """Say hello (a third-party command)."""
    click.echo(f"hello {who}")
    return 0


@click.command()
def boom():
    """A command with a bug."""
    raise RuntimeError("kaboom")


@click.command()
def sleepy():
    """Wait to be interrupted."""
    print("ready", flush=True)
    time.sleep(60)


@click.command()
def gauntlet():
    """A third-party subcommand of `ntk dice`."""
    click.echo("gauntlet of engines")


not_a_command = 42
'''

ENTRY_POINTS = """
[notation_toolkit.commands]
hello = ntk_fake_plugin:hello
boom = ntk_fake_plugin:boom
sleepy = ntk_fake_plugin:sleepy
missing = ntk_no_such_module:cmd
notcmd = ntk_fake_plugin:not_a_command
parse = ntk_fake_plugin:hello

[notation_toolkit.commands.dice]
gauntlet = ntk_fake_plugin:gauntlet
"""


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """An environment where a fake distribution on PYTHONPATH registers commands."""
    root = tmp_path_factory.mktemp("plugin")
    (root / "ntk_fake_plugin.py").write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    dist = root / "ntk_fake_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: ntk-fake-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.pop("NTK_DEBUG", None)
    env["COLUMNS"] = "200"
    yield env


def ntk(
    *args: str, env: dict[str, str] | None = None, stdin: int | bytes | None = None
) -> subprocess.CompletedProcess[str]:
    environ = env if env is not None else {k: v for k, v in os.environ.items() if k != "NTK_DEBUG"}
    if isinstance(stdin, bytes):
        return subprocess.run(
            [*NTK, *args], input=stdin.decode(), capture_output=True, text=True, env=environ, check=False
        )
    return subprocess.run(
        [*NTK, *args], stdin=stdin, capture_output=True, text=True, env=environ, check=False
    )


# ------------------------------------------------------------------------------ streams


def test_closed_stdin_is_a_one_line_io_error() -> None:
    done = subprocess.run(
        [*NTK, "dice", "play", "--seed", "7"],
        capture_output=True,
        text=True,
        check=False,
        close_fds=True,
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == EXIT_IO
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == "ntk: error: standard input is closed [EBADF]"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_full_disk_on_stdout_is_a_one_line_io_error() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*NTK, "parse", "feen", "8/8/8/8/8/8/8/8 / C/c"], stdout=full, stderr=subprocess.PIPE, check=False
        )
    err = done.stderr.decode()
    assert done.returncode == EXIT_IO
    assert "Traceback" not in err and "Exception ignored" not in err
    assert err.strip() == "ntk: error: No space left on device [ENOSPC]"


@pytest.mark.parametrize(
    "args",
    [
        ("check", "{big}"),
        ("fmt", "{good}"),
        ("parse", "feen", "8/8/8/8/8/8/8/8 / C/c"),
        ("dice", "moves", START_FEN + " PNB"),
        ("--help",),
    ],
)
def test_closed_pipe_ends_quietly(tmp_path: Path, args: tuple[str, ...]) -> None:
    big = tmp_path / "big.feen"
    big.write_text("rkr//PPPP / C/c\n" * 3000, encoding="utf-8")
    good = tmp_path / "good.feen"
    good.write_text("8/8/8/8/8/8/8/8 / C/c\n" * 3000, encoding="utf-8")
    argv = [a.format(big=big, good=good) for a in args]
    # The reader is gone before ntk writes: the first write fails with EPIPE.
    proc = subprocess.Popen([*NTK, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == EXIT_BROKEN_PIPE
    assert err == ""


def _default_sigint() -> None:
    # A shell starts a background job with SIGINT ignored, and Python keeps an ignored SIGINT, so
    # under `cmd &` the child would never see the interrupt this test sends.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_sigint_exits_130_without_traceback(plugin_env: dict[str, str]) -> None:
    proc = subprocess.Popen(
        [*NTK, "sleepy"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=plugin_env,
        preexec_fn=_default_sigint,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().strip() == "ready"
    proc.send_signal(signal.SIGINT)
    err = proc.stderr.read()
    assert proc.wait(timeout=30) == EXIT_INTERRUPTED
    assert "Traceback" not in err and err.strip() == "ntk: interrupted"


# ------------------------------------------------------------------------------ bugs and --debug


def test_an_internal_error_is_one_line(plugin_env: dict[str, str]) -> None:
    done = ntk("boom", env=plugin_env)
    assert done.returncode == EXIT_INTERNAL
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("ntk: internal error: RuntimeError: kaboom") and "--debug" in line


@pytest.mark.parametrize("how", ["flag-first", "flag-last", "env"])
def test_debug_shows_the_traceback(plugin_env: dict[str, str], how: str) -> None:
    env = dict(plugin_env)
    args = ["boom"]
    if how == "env":
        env["NTK_DEBUG"] = "1"
    else:
        args = ["--debug", "boom"] if how == "flag-first" else ["boom", "--debug"]
    done = ntk(*args, env=env)
    assert done.returncode == EXIT_INTERNAL
    assert "Traceback" in done.stderr and "RuntimeError: kaboom" in done.stderr


def test_debug_shows_the_traceback_of_an_io_error() -> None:
    done = subprocess.run(
        [*NTK, "--debug", "dice", "play"],
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == EXIT_IO and "Traceback" in done.stderr


def test_usage_errors_exit_2_without_traceback() -> None:
    for args in (("parse",), ("no-such-command",), ("check", "--max-diagnostics", "x", "f")):
        done = ntk(*args)
        assert done.returncode == EXIT_USAGE
        assert "Traceback" not in done.stderr and "Error" in done.stderr


# ------------------------------------------------------------------------------ commands from entry points


def test_third_party_commands_join_ntk(plugin_env: dict[str, str]) -> None:
    done = ntk("hello", "you", env=plugin_env)
    assert (done.returncode, done.stdout) == (0, "hello you\n")
    done = ntk("dice", "gauntlet", env=plugin_env)
    assert (done.returncode, done.stdout) == (0, "gauntlet of engines\n")


def test_a_third_party_command_cannot_replace_a_shipped_one(plugin_env: dict[str, str]) -> None:
    done = ntk("parse", "feen", "8/8/8/8/8/8/8/8 / C/c", "--json", env=plugin_env)
    assert done.returncode == 0 and '"valid": true' in done.stdout


def test_broken_entry_points_are_one_line_warnings(plugin_env: dict[str, str]) -> None:
    done = ntk("--help", env=plugin_env)
    assert done.returncode == 0
    assert "hello" in done.stdout and "dice" in done.stdout and "parse" in done.stdout
    warnings = [line for line in done.stderr.splitlines() if line.strip()]
    assert all(line.startswith("ntk: warning: ") for line in warnings), warnings
    assert any("'missing'" in w and "ModuleNotFoundError" in w for w in warnings)
    assert any("'notcmd'" in w and "not a click command" in w for w in warnings)
    assert any("'parse' from ntk-fake-plugin ignored" in w for w in warnings)
    assert "Traceback" not in done.stderr
    done = ntk("missing", env=plugin_env)
    assert done.returncode == EXIT_USAGE and "Traceback" not in done.stderr


def test_help_lists_the_dice_subcommands(plugin_env: dict[str, str]) -> None:
    done = ntk("dice", "--help", env=plugin_env)
    assert done.returncode == 0
    for name in ("perft", "moves", "turns", "play", "selfplay", "analyse", "ladder", "gauntlet"):
        assert name in done.stdout
    assert "analyze" not in done.stdout  # the alias is hidden


# ------------------------------------------------------------------------------ start and completion


def test_python_dash_m_and_version() -> None:
    done = ntk("--version")
    assert (done.returncode, done.stdout) == (0, f"ntk {__version__}\n")


def test_parse_imports_only_its_notation(modules_after_ntk: Callable[..., set[str]]) -> None:
    modules = modules_after_ntk("parse", "feen", "8/8/8/8/8/8/8/8 / C/c")
    assert "notation_toolkit.feen" in modules
    for name in ("notation_toolkit.fbr", "notation_toolkit.mbn", "notation_toolkit.dicechess", "rich_click"):
        assert name not in modules
    # the shipped commands are found without importlib.metadata (about 30 ms of start-up)
    assert "importlib.metadata" not in modules


def test_help_does_not_import_the_notations_it_does_not_need(
    modules_after_ntk: Callable[..., set[str]],
) -> None:
    modules = modules_after_ntk("--help")
    for name in ("notation_toolkit.feen", "notation_toolkit.fen", "notation_toolkit.dfen"):
        assert name not in modules


def test_bash_completion() -> None:
    env = {k: v for k, v in os.environ.items() if k != "NTK_DEBUG"}
    source = subprocess.run(
        NTK, env={**env, "_NTK_COMPLETE": "bash_source"}, capture_output=True, text=True, check=False
    )
    assert source.returncode == 0 and "_NTK_COMPLETE=bash_complete" in source.stdout
    done = subprocess.run(
        NTK,
        env={**env, "_NTK_COMPLETE": "bash_complete", "COMP_WORDS": "ntk di", "COMP_CWORD": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert {"plain,dice", "plain,diff"} <= set(done.stdout.split())
    done = subprocess.run(
        NTK,
        env={**env, "_NTK_COMPLETE": "bash_complete", "COMP_WORDS": "ntk dice p", "COMP_CWORD": "2"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert {"plain,perft", "plain,play"} <= set(done.stdout.split())


@pytest.mark.parametrize(
    "args",
    [
        ("lsp",),
        ("variant", "play", "examples/variants/chess.fbr"),
        ("draw", "fen", "-"),
    ],
)
def test_closed_stdin_is_a_one_line_io_error_in_every_reader(args: tuple[str, ...]) -> None:
    done = subprocess.run(
        [*NTK, *args],
        capture_output=True,
        text=True,
        check=False,
        close_fds=True,
        cwd=Path(__file__).resolve().parents[1],
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == EXIT_IO, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == "ntk: error: standard input is closed [EBADF]"


def test_draw_reads_standard_input_as_every_command() -> None:
    """'-' is read by core.textio: a leading BOM is dropped, bytes that are not UTF-8 are NTK005."""
    fen = "8/8/8/8/8/8/8/8 w - - 0 1\r\n"
    done = subprocess.run(
        [*NTK, "draw", "fen", "-"], input=b"\xef\xbb\xbf" + fen.encode(), capture_output=True, check=False
    )
    assert done.returncode == 0, done.stdout.decode() + done.stderr.decode()
    assert b"<svg" in done.stdout
    done = subprocess.run(
        [*NTK, "draw", "fen", "-", "--json"],
        input=b"8/8/8/8/8/8/8/8 w - - 0 1\xff",
        capture_output=True,
        check=False,
    )
    assert done.returncode == 1
    assert json.loads(done.stdout)["diagnostics"][0]["code"] == "NTK005"
