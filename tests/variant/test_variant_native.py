"""The optional compiled build of the variant core (``ntk variant compile``, mypyc).

The module list follows the package (every rule component is compiled), the command reports and
refuses as ``ntk dice compile`` does, and, in the slow run, a build of a copy of the package plays
every example rule file exactly as the pure-Python modules do (perft), its chess the published
perft of the start position.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fsf_oracle import EXAMPLES

from notation_toolkit.cli import main
from notation_toolkit.core import native as core_native
from notation_toolkit.variant import Variant, native, perft

ROOT = Path(native.__file__).resolve().parents[2]


def test_the_compiled_modules_are_the_core_and_every_rule_component() -> None:
    rules = ROOT / "notation_toolkit" / "variant" / "rules"
    components = sorted(
        f"notation_toolkit.variant.rules.{p.stem}" for p in rules.glob("*.py") if p.name != "__init__.py"
    )
    modules = native.compiled_modules(str(ROOT))
    assert modules == (*native.CORE_MODULES, *components)
    assert len(components) >= 10
    for module in modules:
        assert Path(core_native.source_path(module, str(ROOT))).is_file(), module


def test_a_component_added_to_the_package_is_compiled_too(tmp_path: Path) -> None:
    rules = tmp_path / "notation_toolkit" / "variant" / "rules"
    rules.mkdir(parents=True)
    for name in ("__init__.py", "royal.py", "newrule.py", "notes.txt"):
        (rules / name).write_text("", encoding="utf-8")
    found = native.compiled_modules(str(tmp_path))
    assert found[-2:] == ("notation_toolkit.variant.rules.newrule", "notation_toolkit.variant.rules.royal")
    assert native.BUILD.stale_modules({"sources": {}}, str(tmp_path)) == list(found)


def test_a_manifest_of_the_current_sources_is_current() -> None:
    digests = {
        m: core_native.digest(core_native.source_path(m, str(ROOT))) for m in native.compiled_modules()
    }
    assert native.BUILD.stale_modules({"sources": digests}, str(ROOT)) == []
    edited = dict(digests, **{"notation_toolkit.variant.position": "0" * 64})
    assert native.BUILD.stale_modules({"sources": edited}, str(ROOT)) == ["notation_toolkit.variant.position"]
    # a build made before a component was added does not cover the package any more
    fewer = {m: d for m, d in digests.items() if m != "notation_toolkit.variant.rules.royal"}
    assert native.BUILD.stale_modules({"sources": fewer}, str(ROOT)) == [
        "notation_toolkit.variant.rules.royal"
    ]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(["variant", "compile", *argv])
    except SystemExit as exc:  # (the variant commands exit with their code)
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_status_lists_every_module(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--status", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["action"] == "status" and data["ok"] is True
    assert [m["module"] for m in data["modules"]] == list(native.compiled_modules())
    code, out, _ = run(capsys, "--status")
    assert code == 0 and "notation_toolkit.variant.position" in out


def test_clean_and_status_together_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--clean", "--status")
    assert code == 2 and "cannot be combined" in err


def test_a_failed_build_is_reported_without_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(**_: object) -> list[str]:
        raise core_native.BuildError("mypyc failed (exit 1):\nerror: no compiler")

    monkeypatch.setattr(native.BUILD, "build", fail)
    code, out, err = run(capsys)
    assert code == 1 and "no compiler" in err and "Traceback" not in err + out
    code, out, _ = run(capsys, "--json")
    assert code == 1 and json.loads(out)["error"] == "mypyc failed (exit 1):\nerror: no compiler"


def test_a_build_of_a_tree_without_the_sources_is_refused(tmp_path: Path) -> None:
    with pytest.raises(core_native.BuildError, match="source not found"):
        native.BUILD.build(root=str(tmp_path))


_PLAY = r"""
import json, sys
from pathlib import Path
from notation_toolkit.core.native import loaded_from
from notation_toolkit.variant import Variant, perft
from notation_toolkit.variant import cache
out = {"imports": [loaded_from(m) for m in json.loads(sys.argv[1])], "perft": {}, "cached": {}}
for path in sorted(Path(sys.argv[2]).glob("*.fbr")):
    text = path.read_text(encoding="utf-8")
    fresh = Variant.from_text(text, cache=True)  # compiled, and the entry written
    again = cache.load(text, None, Variant)  # None where the compiled objects are not cached
    out["perft"][path.stem] = perft(fresh.start(), 2)
    out["cached"][path.stem] = None if again is None else perft(again.start(), 2)
out["chess4"] = perft(Variant.load(Path(sys.argv[2]) / "chess.fbr").start(), 4)
print(json.dumps(out))
"""


@pytest.mark.slow
def test_a_compiled_build_plays_every_example_as_the_pure_modules(tmp_path: Path) -> None:
    pytest.importorskip("mypyc")
    pytest.importorskip("setuptools")
    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.skip("no C compiler")
    shutil.copytree(
        ROOT / "notation_toolkit",
        tmp_path / "notation_toolkit",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "_native.json"),
    )
    shutil.copytree(ROOT / "grammars", tmp_path / "grammars")  # (a source tree finds them there)
    # -O1: the same answers as the optimised build, in less of the run's time
    native.BUILD.build(root=str(tmp_path), opt_level="1")
    modules = list(native.compiled_modules(str(tmp_path)))
    env = {k: v for k, v in os.environ.items() if k != core_native.PURE_ENV}
    env.update(PYTHONPATH=str(tmp_path), NTK_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run(
        [sys.executable, "-c", _PLAY, json.dumps(modules), str(EXAMPLES)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
        timeout=1800,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    compiled = json.loads(done.stdout)
    assert set(compiled["imports"]) == {"compiled"}
    pure = {p.stem: perft(Variant.load(p).start(), 2) for p in sorted(EXAMPLES.glob("*.fbr"))}
    assert compiled["perft"] == pure
    # a variant read from the cache plays as the fresh one (where the compiled build caches it)
    assert {k: v for k, v in compiled["cached"].items() if v is not None} == {
        k: pure[k] for k, v in compiled["cached"].items() if v is not None
    }
    assert compiled["chess4"] == 197_281  # the published perft(4) of the start position
