"""Optional compiled builds (mypyc) of a game core: build, guard, status, clean.

A game core (``notation_toolkit.dicechess``, ``notation_toolkit.variant``) names its hot modules
in a :class:`NativeBuild`; ``ntk dice compile`` / ``ntk variant compile`` call :meth:`build`,
which compiles them with mypyc into C extensions placed next to their sources, so that Python
imports the extension instead of the ``.py``. It needs the ``native`` extra (``pip install
'notation-toolkit[native]'``: mypy, which ships mypyc, and setuptools) and a C compiler. The
pure-Python modules stay the reference: the answers are the same, only the speed differs.

A build writes a manifest with the SHA-256 of every compiled source. :meth:`guard`, called when
the core's package is imported, compares it with the sources: if one changed since the build (an
edit, an upgrade that kept the old extensions), the core warns once and imports the sources of
*every* compiled module instead (the extensions share one runtime library and must not be mixed
with newer sources). ``NTK_PURE_PYTHON=1`` does the same without a warning: the way to run the
pure-Python path on a machine that has the build (tests, A/B benchmarks).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType

__all__ = ["PURE_ENV", "BuildError", "NativeBuild", "SourceFinder", "source_path"]

PURE_ENV: Final = "NTK_PURE_PYTHON"

# the directory that holds the top-level package (site-packages, or a source checkout)
ROOT: Final = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class BuildError(Exception):
    """The compiled build could not be made (missing tools, compiler error); the message says why."""


def source_path(module: str, root: str = ROOT) -> str:
    """The ``.py`` file of a dotted module name under ``root``."""
    return os.path.join(root, *module.split(".")) + ".py"


def pure_requested() -> bool:
    """True when ``NTK_PURE_PYTHON`` asks for the pure-Python modules."""
    return os.environ.get(PURE_ENV, "").strip().lower() not in ("", "0", "false", "no")


class SourceFinder:
    """A ``sys.meta_path`` finder that loads the listed modules from their ``.py`` files, so that an
    extension next to a source is not used."""

    def __init__(self, modules: Sequence[str], root: str = ROOT) -> None:
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


def digest(path: str) -> str:
    """The SHA-256 of a file's bytes."""
    import hashlib

    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def stat(path: str) -> list[int]:
    """Size and modification time of a file (a source that kept both is not read again)."""
    info = os.stat(path)
    return [info.st_size, info.st_mtime_ns]


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


def require_tools() -> str:
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


class NativeBuild:
    """The compiled build of one game core.

    ``name``: what the warnings call it (``"Dice Chess"``); ``package``: the core's package;
    ``modules``: the compiled modules, or a function of the root directory that lists them (so
    that a package of rule components is compiled whole, whatever modules it holds); ``command``:
    the command that rebuilds it (named in the warning of a stale build)."""

    def __init__(
        self,
        name: str,
        package: str,
        modules: Sequence[str] | Callable[[str], Sequence[str]],
        command: str,
        *,
        manifest: str = "_native.json",
    ) -> None:
        self.name = name
        self.package = package
        self._modules = modules
        self.command = command
        self.manifest_name = manifest
        self.group = f"{package}._compiled"  # mypyc's runtime: <package>/_compiled__mypyc.<abi>.so
        self._guarded = False

    def modules(self, root: str = ROOT) -> tuple[str, ...]:
        """The modules the build compiles (for the sources under ``root``)."""
        found = self._modules(root) if callable(self._modules) else self._modules
        return tuple(found)

    def manifest_path(self, root: str = ROOT) -> str:
        """Where the build under ``root`` keeps its manifest (beside the shared runtime)."""
        return os.path.join(root, *self.package.split("."), self.manifest_name)

    def read_manifest(self, root: str = ROOT) -> dict[str, object] | None:
        """The manifest of the build under ``root``, or ``None`` if there is none (or it is unreadable)."""
        import json

        try:
            with open(self.manifest_path(root), encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def stale_modules(self, manifest: dict[str, object], root: str = ROOT) -> list[str]:
        """The compiled modules whose source is not the one the manifest recorded (or is missing),
        and the modules the build would compile today that it did not.

        A source with the recorded size and modification time is current without being read (the
        check runs on every import of the package); any other is hashed and compared.
        """
        recorded = manifest.get("sources")
        stats = manifest.get("stats")
        expected = self.modules(root)
        if not isinstance(recorded, dict):
            return list(expected)
        if not isinstance(stats, dict):
            stats = {}
        stale = []
        for module in (*expected, *(m for m in recorded if m not in expected)):
            path = source_path(module, root)
            try:
                if stats.get(module) == stat(path) and module in recorded:
                    continue
                current: str | None = digest(path)
            except OSError:
                current = None
            if current is None or recorded.get(module) != current or module not in expected:
                stale.append(module)
        return stale

    def guard(self) -> None:
        """Keep a stale or unwanted compiled build out of the imports (see the module docstring).

        Called once when the core's package is imported; without a manifest (no build) it costs
        one ``stat``."""
        if self._guarded:
            return
        self._guarded = True
        pure = pure_requested()
        if not pure and not os.path.exists(self.manifest_path()):
            return
        manifest = self.read_manifest()
        recorded = manifest.get("sources") if manifest is not None else None
        compiled = list(recorded) if isinstance(recorded, dict) else list(self.modules())
        if not pure:
            stale = self.stale_modules(manifest) if manifest is not None else compiled
            if not stale:
                return
            import warnings

            warnings.warn(
                f"the compiled {self.name} modules are older than their sources ({', '.join(stale)}); "
                f"the sources are used. Run `{self.command}` to rebuild or `{self.command} --clean` "
                "to remove the build.",
                RuntimeWarning,
                stacklevel=3,
            )
        finders = [f for f in sys.meta_path if isinstance(f, SourceFinder)]
        if finders:
            finders[0].paths.update({m: source_path(m) for m in (*compiled, *self.modules())})
        else:
            sys.meta_path.insert(0, SourceFinder([*compiled, *self.modules()]))

    def built_files(self, root: str = ROOT) -> list[str]:
        """The build's files under ``root``: the extensions of the compiled modules (those the
        manifest lists and those the build would compile), the shared runtime and the manifest
        (those that exist)."""
        from importlib.machinery import EXTENSION_SUFFIXES

        manifest = self.read_manifest(root)
        recorded = manifest.get("sources") if manifest is not None else None
        listed = [m for m in recorded if isinstance(m, str)] if isinstance(recorded, dict) else []
        try:
            current = list(self.modules(root))
        except OSError:
            current = []
        found = []
        for module in dict.fromkeys([*current, *listed, self.group + "__mypyc"]):
            base = os.path.join(root, *module.split("."))
            for suffix in EXTENSION_SUFFIXES:
                if os.path.exists(base + suffix):
                    found.append(base + suffix)
        path = self.manifest_path(root)
        if os.path.exists(path):
            found.append(path)
        return found

    def status(self, root: str = ROOT) -> dict[str, object]:
        """The state of the build: per module, whether it is built, current, and what imports give."""
        manifest = self.read_manifest(root)
        stale = set(self.stale_modules(manifest, root)) if manifest is not None else set()
        files = self.built_files(root)
        modules = []
        for module in self.modules(root):
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
            "pure_python_requested": pure_requested(),
            "manifest": manifest,
            "modules": modules,
        }

    def build(self, *, root: str = ROOT, opt_level: str = "3", verbose: bool = False) -> list[str]:
        """Compile the modules under ``root`` with mypyc and install the extensions next to their
        sources; returns the files written. Raises ``BuildError`` with the compiler's last lines
        when a tool is missing or the build fails. Takes a few minutes (one large C file)."""
        import json
        import shutil
        import subprocess
        import tempfile

        mypy_version = require_tools()
        sources = {m: source_path(m, root) for m in self.modules(root)}
        missing = [p for p in sources.values() if not os.path.exists(p)]
        if missing or not sources:
            where = missing[0] if missing else os.path.join(root, *self.package.split("."))
            raise BuildError(f"source not found: {where} (the build compiles the installed sources)")
        digests = {m: digest(p) for m, p in sources.items()}
        stats = {m: stat(p) for m, p in sources.items()}
        with tempfile.TemporaryDirectory(prefix="ntk-native-") as work:
            out = os.path.join(work, "out")
            args = json.dumps(
                [list(sources.values()), self.group, out, os.path.join(work, "temp"), opt_level]
            )
            # A child process: setuptools reads the working directory's configuration and keeps
            # global state, and the build's output is only worth showing when it fails.
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
            self.clean(root=root)
            written = []
            try:
                for directory, _subdirs, names in os.walk(out):
                    for name in names:
                        built = os.path.join(directory, name)
                        target = os.path.join(root, os.path.relpath(built, out))
                        # a new file renamed over the old one: a process that has the old
                        # extension mapped keeps it (overwriting it in place could crash it)
                        shutil.copy2(built, target + ".part")
                        os.replace(target + ".part", target)
                        written.append(target)
                if not written:
                    raise BuildError("mypyc finished without producing an extension")
                manifest = self.manifest_path(root)
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
                self.clean(root=root)
                raise BuildError(f"cannot write the build under {root}: {exc.strerror or exc}") from None
        written.append(manifest)
        return sorted(written)

    def clean(self, *, root: str = ROOT) -> list[str]:
        """Remove the build's files under ``root`` (the sources are used again); returns them.
        ``BuildError`` if one cannot be removed."""
        removed = []
        for path in self.built_files(root):
            try:
                os.remove(path)
            except OSError as exc:
                raise BuildError(f"cannot remove {path}: {exc.strerror or exc}") from None
            removed.append(path)
        return removed


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
