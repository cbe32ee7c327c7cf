"""The optional compiled build of the Dice Chess core and engine (mypyc).

The pure-Python modules are the reference and what a default install runs. ``ntk dice compile``
(or :func:`build`) compiles the hot modules, ``COMPILED_MODULES``, with mypyc into C extensions
placed next to their sources; Python then imports the extension instead of the ``.py``. It needs
the ``native`` extra (``pip install 'notation-toolkit[native]'``: mypy, which ships mypyc, and
setuptools) and a C compiler. The answers are the same (the test suite passes on both builds); the
speed is not (``docs/engine.md``, "Compiled build").

A build writes a manifest, ``_native.json``, with the SHA-256 of every compiled source. On import
of ``notation_toolkit.dicechess`` :func:`guard` compares it with the sources: if one changed since
the build (an edit, an upgrade that kept the old extensions), the package warns once and imports
the sources of *every* compiled module instead (the extensions share one runtime library and must
not be mixed with newer sources). ``NTK_PURE_PYTHON=1`` does the same without a warning: the way to
run the pure-Python path on a machine that has the build (tests, A/B benchmarks).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

COMPILED_MODULES: Final = (
    "notation_toolkit.dicechess.tables",
    "notation_toolkit.dicechess.dice",
    "notation_toolkit.dicechess.moves",
    "notation_toolkit.dicechess.position",
    "notation_toolkit.dicechess.fullturn",
    "notation_toolkit.dicechess.engine.exposure",
    "notation_toolkit.dicechess.engine.evaluate",
    "notation_toolkit.dicechess.engine.search",
)
"""The modules ``ntk dice compile`` builds: move generation, whole turns, and the search."""

GROUP: Final = "notation_toolkit.dicechess._compiled"
"""mypyc's name for the build: its shared runtime is ``_compiled__mypyc.<abi>.so`` in this package."""

MANIFEST: Final = "_native.json"
PURE_ENV: Final = "NTK_PURE_PYTHON"

_PACKAGE_DIR: Final = os.path.dirname(os.path.abspath(__file__))
# the directory that holds the top-level package (site-packages, or a source checkout)
_ROOT: Final = os.path.dirname(os.path.dirname(_PACKAGE_DIR))


class BuildError(Exception):
    """The compiled build could not be made (missing tools, compiler error); the message says why."""


def source_path(module: str, root: str = _ROOT) -> str:
    """The ``.py`` file of a dotted module name under ``root``."""
    return os.path.join(root, *module.split(".")) + ".py"


def _pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "").strip().lower() not in ("", "0", "false", "no")


class SourceFinder:
    """A ``sys.meta_path`` finder that loads the listed modules from their ``.py`` files, so that an
    extension next to a source is not used."""

    def __init__(self, modules: Sequence[str], root: str = _ROOT) -> None:
        self.paths = {m: source_path(m, root) for m in modules}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The source spec of a listed module, ``None`` for any other (the next finder decides)."""
        source = self.paths.get(fullname)
        if source is None or not os.path.exists(source):
            return None
        from importlib.util import spec_from_file_location

        return spec_from_file_location(fullname, source)


def manifest_path(root: str = _ROOT) -> str:
    """Where the build under ``root`` keeps its manifest (beside the shared runtime)."""
    return os.path.join(root, *GROUP.split(".")[:-1], MANIFEST)


def _digest(path: str) -> str:
    import hashlib

    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def read_manifest(root: str = _ROOT) -> dict[str, object] | None:
    """The manifest of the build under ``root``, or ``None`` if there is none (or it is unreadable)."""
    import json

    path = manifest_path(root)
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _stat(path: str) -> list[int]:
    info = os.stat(path)
    return [info.st_size, info.st_mtime_ns]


def stale_modules(manifest: dict[str, object], root: str = _ROOT) -> list[str]:
    """The compiled modules whose source is not the one the manifest recorded (or is missing).

    A source with the recorded size and modification time is current without being read (the
    check runs on every import of the package); any other is hashed and compared.
    """
    recorded = manifest.get("sources")
    stats = manifest.get("stats")
    if not isinstance(recorded, dict):
        return list(COMPILED_MODULES)
    if not isinstance(stats, dict):
        stats = {}
    stale = []
    for module in COMPILED_MODULES:
        path = source_path(module, root)
        try:
            if stats.get(module) == _stat(path):
                continue
            current: str | None = _digest(path)
        except OSError:
            current = None
        if current is None or recorded.get(module) != current:
            stale.append(module)
    return stale


_GUARDED: list[bool] = []


def guard() -> None:
    """Keep a stale or unwanted compiled build out of the imports (see the module docstring).

    Called once by ``notation_toolkit.dicechess``; without a manifest (no build) it costs one
    ``stat``.
    """
    if _GUARDED:
        return
    _GUARDED.append(True)
    pure = _pure_requested()
    if not pure and not os.path.exists(manifest_path()):
        return
    if not pure:
        manifest = read_manifest()
        stale = stale_modules(manifest) if manifest is not None else list(COMPILED_MODULES)
        if not stale:
            return
        import warnings

        warnings.warn(
            f"the compiled Dice Chess modules are older than their sources ({', '.join(stale)}); "
            "the sources are used. Run `ntk dice compile` to rebuild or `ntk dice compile --clean` "
            "to remove the build.",
            RuntimeWarning,
            stacklevel=2,
        )
    if not any(isinstance(f, SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder(COMPILED_MODULES))


def built_files(root: str = _ROOT) -> list[str]:
    """The build's files under ``root``: the extensions of ``COMPILED_MODULES``, the shared runtime
    and the manifest (those that exist)."""
    from importlib.machinery import EXTENSION_SUFFIXES

    found = []
    for module in (*COMPILED_MODULES, GROUP + "__mypyc"):
        base = os.path.join(root, *module.split("."))
        for suffix in EXTENSION_SUFFIXES:
            if os.path.exists(base + suffix):
                found.append(base + suffix)
    manifest = manifest_path(root)
    if os.path.exists(manifest):
        found.append(manifest)
    return found


def loaded_from(module: str) -> str:
    """``"compiled"`` or ``"source"``: what an import of ``module`` gives in this process."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from importlib.util import find_spec

    loaded = sys.modules.get(module)
    origin = getattr(loaded, "__file__", None) if loaded is not None else None
    if origin is None:
        spec = find_spec(module)
        origin = spec.origin if spec is not None else None
    return "compiled" if origin and origin.endswith(tuple(EXTENSION_SUFFIXES)) else "source"


def status(root: str = _ROOT) -> dict[str, object]:
    """The state of the build: per module, whether it is built, current, and what imports give."""
    manifest = read_manifest(root)
    stale = set(stale_modules(manifest, root)) if manifest is not None else set()
    files = built_files(root)
    modules = []
    for module in COMPILED_MODULES:
        base = os.path.join(root, *module.split("."))
        built = any(f.startswith(base + ".") and not f.endswith(".py") for f in files)
        modules.append(
            {
                "module": module,
                "built": built,
                "current": built and manifest is not None and module not in stale,
                "imports": loaded_from(module),
            }
        )
    return {
        "root": root,
        "pure_python_requested": _pure_requested(),
        "manifest": manifest,
        "modules": modules,
    }


_BUILD_SCRIPT: Final = """
import json, sys
from setuptools import setup
from mypyc.build import mypycify
paths, group, out, temp, opt = json.loads(sys.argv[1])
setup(
    name="notation-toolkit-native",
    ext_modules=mypycify(paths, group_name=group, opt_level=opt, target_dir="c"),
    script_args=["build_ext", "--build-lib", out, "--build-temp", temp],
)
"""


def _require_tools() -> str:
    """mypy's version; ``BuildError`` if mypyc or setuptools is missing."""
    from importlib.util import find_spec

    for name in ("mypyc", "setuptools"):
        if find_spec(name) is None:
            raise BuildError(
                f"{name} is not installed: the compiled build needs mypyc (shipped with mypy) and "
                "setuptools. Install them with: pip install 'notation-toolkit[native]'"
            )
    import mypy.version

    return str(mypy.version.__version__)


def build(*, root: str = _ROOT, opt_level: str = "3", verbose: bool = False) -> list[str]:
    """Compile ``COMPILED_MODULES`` under ``root`` with mypyc and install the extensions next to
    their sources; returns the files written. Raises ``BuildError`` with the compiler's last lines
    when a tool is missing or the build fails. Takes a few minutes (one C file of about 10 MB).
    """
    import json
    import shutil
    import subprocess
    import tempfile

    mypy_version = _require_tools()
    sources = {m: source_path(m, root) for m in COMPILED_MODULES}
    missing = [p for p in sources.values() if not os.path.exists(p)]
    if missing:
        raise BuildError(f"source not found: {missing[0]} (the build compiles the installed sources)")
    digests = {m: _digest(p) for m, p in sources.items()}
    stats = {m: _stat(p) for m, p in sources.items()}
    with tempfile.TemporaryDirectory(prefix="ntk-native-") as work:
        out = os.path.join(work, "out")
        args = json.dumps([list(sources.values()), GROUP, out, os.path.join(work, "temp"), opt_level])
        # A child process: setuptools reads the working directory's configuration and keeps global
        # state, and the build's output is only worth showing when it fails.
        done = subprocess.run(
            [sys.executable, "-c", _BUILD_SCRIPT, args],
            cwd=work,
            capture_output=not verbose,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            tail = "\n".join(((done.stdout or "") + (done.stderr or "")).strip().splitlines()[-15:])
            raise BuildError(f"mypyc failed (exit {done.returncode}):\n{tail}".rstrip())
        clean(root=root)
        written = []
        try:
            for directory, _subdirs, names in os.walk(out):
                for name in names:
                    built = os.path.join(directory, name)
                    target = os.path.join(root, os.path.relpath(built, out))
                    # a new file renamed over the old one: a process that has the old extension
                    # mapped keeps it (overwriting it in place could crash that process)
                    shutil.copy2(built, target + ".part")
                    os.replace(target + ".part", target)
                    written.append(target)
            if not written:
                raise BuildError("mypyc finished without producing an extension")
            manifest = manifest_path(root)
            with open(manifest, "w", encoding="utf-8") as handle:
                json.dump(
                    {
                        "mypy": mypy_version,
                        "python": sys.version.split()[0],
                        "opt_level": opt_level,
                        "sources": digests,
                        "stats": stats,
                    },
                    handle,
                    indent=2,
                )
        except OSError as exc:
            clean(root=root)
            raise BuildError(f"cannot write the build under {root}: {exc.strerror or exc}") from None
    written.append(manifest)
    return sorted(written)


def clean(*, root: str = _ROOT) -> list[str]:
    """Remove the build's files under ``root`` (the sources are used again); returns them.
    ``BuildError`` if one cannot be removed."""
    removed = []
    for path in built_files(root):
        try:
            os.remove(path)
        except OSError as exc:
            raise BuildError(f"cannot remove {path}: {exc.strerror or exc}") from None
        removed.append(path)
    return removed
