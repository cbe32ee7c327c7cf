"""``ntk studio``: the command starts the server on 127.0.0.1 and serves the rule file it is given."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

ROOT = Path(__file__).resolve().parents[2]


def test_the_command_serves_its_rule_file_on_this_machine_only(tmp_path: Path) -> None:
    rules = tmp_path / "mine.fbr"
    rules.write_text((ROOT / "examples" / "variants" / "minishogi.fbr").read_text(encoding="utf-8"), "utf-8")
    child = subprocess.Popen(
        [sys.executable, "-m", "notation_toolkit", "studio", str(rules), "--port", "0", "--no-browser"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    try:
        assert child.stderr is not None
        line = child.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, line
        url = found.group(0)
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(url + "api/file", timeout=5) as answer:
                    payload = json.loads(answer.read())
                break
            except OSError:
                assert time.monotonic() < deadline, "the studio does not answer"
                time.sleep(0.1)
        assert payload["path"] == str(rules.resolve())
        assert payload["text"] == rules.read_text(encoding="utf-8")
        # bound to the loopback address only
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://{_other_address()}:{found.group(1)}/api/file", timeout=2)
    finally:
        child.send_signal(signal.SIGINT)
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def _other_address() -> str:
    """An address of this machine that is not 127.0.0.1 (the route to a public address), or a
    loopback address the server did not bind (127.0.0.2) when there is no network."""
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent on a UDP connect
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.2"
    finally:
        probe.close()
    return "127.0.0.2" if address.startswith("127.") or address == "0.0.0.0" else address


def test_without_the_studio_extra_the_command_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from notation_toolkit.studio.cli import studio

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # what an installation without the extra has
    result = CliRunner().invoke(studio, ["--no-browser"], standalone_mode=False)
    assert result.return_value == 2
    assert "pip install 'notation-toolkit[studio]'" in result.output
