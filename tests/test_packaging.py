"""The built wheel carries the grammars: install it into a fresh venv and parse every notation there."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import lark
import pytest
import rich

ROOT = Path(__file__).resolve().parent.parent

# One valid string of each shipped notation.
EXAMPLES = {
    "feen": "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c",
    "feen-legacy": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / CHESS/chess",
    "epin": "+K^'",
    "pin": "-r",
    "sin": "C",
    "qpi": "c:+p",
    "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "dfen": "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -",
    "fbr": "royal alice K Q=R+N R B N P +P",
    "mbn": "Q=R+N",
}

SCRIPT = """
import json, sys
import notation_toolkit
from notation_toolkit.core.registry import get_notation
from notation_toolkit.core.grammar import GRAMMAR_DIR
examples = json.loads(sys.argv[1])
results = {}
for name, text in examples.items():
    get_notation(name).parse(text)
    results[name] = "ok"
print(json.dumps({"package": notation_toolkit.__file__, "grammars": str(GRAMMAR_DIR), "results": results}))
"""


@pytest.mark.slow
def test_wheel_installs_and_parses_every_notation(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
    )
    wheel = next(dist.glob("notation_toolkit-*.whl"))
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
    )
    # The runtime dependencies come from this environment (no network needed): point the fresh venv
    # at the directories holding lark and rich.
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    deps = {str(Path(lark.__file__).parent.parent), str(Path(rich.__file__).parent.parent)}
    Path(site, "ntk_test_deps.pth").write_text("\n".join(sorted(deps)) + "\n")
    assert sysconfig.get_paths()["purelib"] != site

    out = subprocess.run(
        [str(python), "-c", SCRIPT, json.dumps(EXAMPLES)],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    data = json.loads(out.stdout)
    assert data["package"].startswith(site), data["package"]
    assert data["grammars"].startswith(site), data["grammars"]
    assert data["results"] == {name: "ok" for name in EXAMPLES}

    cli = subprocess.run(
        [str(bindir / "ntk"), "parse", "fen", EXAMPLES["fen"], "--json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert cli.returncode == 0, cli.stderr
    assert json.loads(cli.stdout)["valid"] is True


def test_source_checkout_finds_the_grammars_beside_the_package() -> None:
    from notation_toolkit.core.grammar import GRAMMAR_DIR

    assert GRAMMAR_DIR == ROOT / "grammars"
