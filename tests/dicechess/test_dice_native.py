"""The optional compiled build (``ntk dice compile``, ``dicechess.native``) without compiling.

What CI can check in seconds: the manifest's staleness rule, the finder that keeps extensions out
of the imports, the guard (in a child process, on a copy of the package with a stale manifest),
the errors when the tools are missing, and the command's output. Building takes minutes and a C
compiler: ``benchmarks/bench_native.py`` builds a copy, and ``docs/engine.md`` ("Compiled build")
gives the commands that run the test suite on it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from notation_toolkit.cli import main
from notation_toolkit.dicechess import native

ROOT = Path(native.__file__).resolve().parents[2]


def _digests(root: Path) -> dict[str, str]:
    return {
        m: hashlib.sha256(Path(native.source_path(m, str(root))).read_bytes()).hexdigest()
        for m in native.COMPILED_MODULES
    }


def test_compiled_modules_are_real_modules_of_the_package() -> None:
    for module in native.COMPILED_MODULES:
        assert Path(native.source_path(module, str(ROOT))).is_file(), module


def test_a_manifest_of_the_current_sources_is_not_stale() -> None:
    assert native.stale_modules({"sources": _digests(ROOT)}, str(ROOT)) == []


def test_an_edited_source_makes_its_module_stale() -> None:
    digests = _digests(ROOT)
    digests["notation_toolkit.dicechess.position"] = "0" * 64
    assert native.stale_modules({"sources": digests}, str(ROOT)) == ["notation_toolkit.dicechess.position"]


def test_a_source_with_the_recorded_size_and_time_is_not_read() -> None:
    stats = {m: native._stat(native.source_path(m, str(ROOT))) for m in native.COMPILED_MODULES}
    wrong = dict.fromkeys(native.COMPILED_MODULES, "0" * 64)
    assert native.stale_modules({"sources": wrong, "stats": stats}, str(ROOT)) == []
    stats["notation_toolkit.dicechess.tables"] = [0, 0]  # touched: hashed, and the hash decides
    assert native.stale_modules({"sources": wrong, "stats": stats}, str(ROOT)) == [
        "notation_toolkit.dicechess.tables"
    ]
    right = _digests(ROOT)
    assert native.stale_modules({"sources": right, "stats": stats}, str(ROOT)) == []


def test_a_manifest_without_sources_makes_every_module_stale() -> None:
    assert native.stale_modules({"mypy": "1.0"}, str(ROOT)) == list(native.COMPILED_MODULES)


def test_a_missing_source_is_stale(tmp_path: Path) -> None:
    assert native.stale_modules({"sources": _digests(ROOT)}, str(tmp_path)) == list(native.COMPILED_MODULES)


def test_the_source_finder_answers_only_for_its_modules() -> None:
    finder = native.SourceFinder(["notation_toolkit.dicechess.position"], str(ROOT))
    spec = finder.find_spec("notation_toolkit.dicechess.position")
    assert spec is not None and spec.origin == native.source_path(
        "notation_toolkit.dicechess.position", str(ROOT)
    )
    assert finder.find_spec("notation_toolkit.dicechess.game") is None


def test_status_agrees_with_the_files_and_the_imports() -> None:
    """In a checkout without a build every module imports from source; with a current build
    (``native_build_check.py`` runs this file on one) every module imports compiled."""
    from importlib.machinery import EXTENSION_SUFFIXES

    state = native.status()
    pure = state["pure_python_requested"]
    for row in state["modules"]:  # type: ignore[attr-defined]
        base = native.source_path(row["module"], str(ROOT))[: -len(".py")]
        built = any(os.path.exists(base + suffix) for suffix in EXTENSION_SUFFIXES)
        assert row["built"] is built
        if not built:
            assert row["current"] is False
        assert row["imports"] == ("compiled" if built and row["current"] and not pure else "source")
        module = sys.modules.get(row["module"])
        if module is not None:
            assert module.__file__ is not None
            assert module.__file__.endswith(".py") is (row["imports"] == "source")


def _child(code: str, path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    environment.update(env, PYTHONPATH=str(path))
    return subprocess.run(
        [sys.executable, "-W", "always", "-c", code],
        capture_output=True,
        text=True,
        env=environment,
        cwd=path,
        check=False,
    )


@pytest.fixture(scope="module")
def package_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package (sources only) to plant manifests in."""
    root = tmp_path_factory.mktemp("native")
    shutil.copytree(
        ROOT / "notation_toolkit",
        root / "notation_toolkit",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", native.MANIFEST),
    )
    return root


_PROBE = (
    "import sys, notation_toolkit.dicechess.position as p; from notation_toolkit.dicechess import native; "
    "print(p.__file__); print(any(isinstance(f, native.SourceFinder) for f in sys.meta_path))"
)


def test_the_guard_does_nothing_without_a_build(package_copy: Path) -> None:
    done = _child(_PROBE, package_copy)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(package_copy / "notation_toolkit/dicechess/position.py"), "False"]
    assert "RuntimeWarning" not in done.stderr


def test_the_guard_uses_the_sources_of_a_stale_build_and_says_so(package_copy: Path) -> None:
    manifest = package_copy / "notation_toolkit/dicechess" / native.MANIFEST
    digests = _digests(package_copy)
    digests["notation_toolkit.dicechess.engine.search"] = "0" * 64
    manifest.write_text(json.dumps({"sources": digests}), encoding="utf-8")
    try:
        done = _child(_PROBE, package_copy)
    finally:
        manifest.unlink()
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[1] == "True"
    assert "RuntimeWarning" in done.stderr and "notation_toolkit.dicechess.engine.search" in done.stderr
    assert "ntk dice compile" in done.stderr


def test_the_guard_leaves_a_current_build_alone(package_copy: Path) -> None:
    manifest = package_copy / "notation_toolkit/dicechess" / native.MANIFEST
    manifest.write_text(json.dumps({"sources": _digests(package_copy)}), encoding="utf-8")
    try:
        done = _child(_PROBE, package_copy)
    finally:
        manifest.unlink()
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[1] == "False" and "RuntimeWarning" not in done.stderr


def test_pure_python_requested_installs_the_finder_silently(package_copy: Path) -> None:
    done = _child(_PROBE, package_copy, **{native.PURE_ENV: "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[1] == "True" and "RuntimeWarning" not in done.stderr


def test_a_missing_tool_is_a_build_error_naming_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "mypyc" else real(name, *a)
    )
    with pytest.raises(native.BuildError, match=r"mypyc is not installed.*notation-toolkit\[native\]"):
        native.build(root=str(ROOT))


def test_a_build_of_a_tree_without_the_sources_is_refused(tmp_path: Path) -> None:
    with pytest.raises(native.BuildError, match="source not found"):
        native.build(root=str(tmp_path))


def test_clean_removes_only_the_build(tmp_path: Path) -> None:
    from importlib.machinery import EXTENSION_SUFFIXES

    package = tmp_path / "notation_toolkit" / "dicechess"
    (package / "engine").mkdir(parents=True)
    source = package / "position.py"
    source.write_text("x = 1\n", encoding="utf-8")
    planted = [
        package / ("position" + EXTENSION_SUFFIXES[0]),
        package / "engine" / ("search" + EXTENSION_SUFFIXES[0]),
        package / ("_compiled__mypyc" + EXTENSION_SUFFIXES[0]),
        package / native.MANIFEST,
    ]
    for path in planted:
        path.write_bytes(b"")
    assert sorted(native.clean(root=str(tmp_path))) == sorted(str(p) for p in planted)
    assert source.exists() and not any(p.exists() for p in planted)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["dice", "compile", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_status_command_lists_every_module(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--status", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["action"] == "status" and data["ok"] is True
    assert [m["module"] for m in data["modules"]] == list(native.COMPILED_MODULES)
    search = data["modules"][-1]
    code, out, _ = run(capsys, "--status")
    assert code == 0
    row = next(line for line in out.splitlines() if "notation_toolkit.dicechess.engine.search" in line)
    assert search["imports"] in row and ("yes" in row) is search["built"]


def test_clean_and_status_together_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--clean", "--status")
    assert code == 2 and "cannot be combined" in err


def test_a_failed_build_is_reported_without_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(**_: object) -> list[str]:
        raise native.BuildError("mypyc failed (exit 1):\nerror: no compiler")

    monkeypatch.setattr(native, "build", fail)
    code, out, err = run(capsys)
    assert code == 1 and "no compiler" in err and "Traceback" not in err + out
    code, out, _ = run(capsys, "--json")
    assert code == 1 and json.loads(out) == {
        "action": "build",
        "ok": False,
        "error": "mypyc failed (exit 1):\nerror: no compiler",
    }


def test_a_build_file_that_cannot_be_removed_is_a_build_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    package = tmp_path / "notation_toolkit" / "dicechess"
    package.mkdir(parents=True)
    (package / native.MANIFEST).write_text("{}", encoding="utf-8")

    def refuse(path: str) -> None:
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(os, "remove", refuse)
    with pytest.raises(native.BuildError, match=r"cannot remove .*_native\.json: Permission denied"):
        native.clean(root=str(tmp_path))
    original = native.clean
    monkeypatch.setattr(native, "clean", lambda **_: original(root=str(tmp_path)))
    code, out, err = run(capsys, "--clean")
    assert code == 1 and "Permission denied" in err and "Traceback" not in err + out
