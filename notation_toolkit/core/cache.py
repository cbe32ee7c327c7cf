"""A per-user disk cache for what is built from the grammars: Lark parsers and fast-path regexes.

Building a Lark grammar costs tens of milliseconds; a command-line run parsing one line would pay
it every time. What is built from a grammar is therefore stored under a key made of the grammar's
content (and of every grammar it ``%import``\\ s), the Lark version and the Python version, so an
edited grammar or an upgraded Lark can never be served a stale entry.

The directory is ``$NTK_CACHE_DIR``, else ``$XDG_CACHE_HOME/notation-toolkit``, else
``~/.cache/notation-toolkit``. ``NTK_NO_CACHE=1`` turns the cache off. When the directory cannot be
created or written (a read-only home, a sandbox), everything still works, only without the disk
cache: no error ever comes from here.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["cache_dir", "cache_file", "fingerprint", "lark_version", "read_value", "write_value"]

_FORMAT = "2"  # bump when what is stored changes shape (2: values in marshal, not JSON)
_lock = threading.Lock()
_state: dict[str, Any] = {}


# Paths are plain strings here: ``pathlib`` (with ``urllib.parse``) costs about 3 ms of start-up,
# and the fast paths of FEEN, FEN and DFEN read their cached regexes through this module.


def cache_dir() -> str | None:
    """The writable per-user cache directory, or ``None`` (cache off or not writable)."""
    with _lock:
        if "dir" in _state:
            found: str | None = _state["dir"]
            return found
    found = _find_dir()
    with _lock:
        _state["dir"] = found
    return found


def _find_dir() -> str | None:
    if os.environ.get("NTK_NO_CACHE", "").strip().lower() in ("1", "true", "yes", "on"):
        return None
    explicit = os.environ.get("NTK_CACHE_DIR")
    if explicit:
        base = explicit
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        if xdg:
            parent = xdg
        else:
            home = os.path.expanduser("~")
            if home == "~":  # no home directory to expand to
                return None
            parent = os.path.join(home, ".cache")
        base = os.path.join(parent, "notation-toolkit")
    try:
        os.makedirs(base, exist_ok=True)
    except OSError:
        return None
    return base if os.access(base, os.W_OK | os.X_OK) else None


def reset() -> None:
    """Forget the cache directory found so far (tests change the environment)."""
    with _lock:
        _state.clear()


def lark_version() -> str:
    """The installed Lark version, read without importing Lark (importing it costs ~25 ms)."""
    with _lock:
        if "lark" in _state:
            return str(_state["lark"])
    import importlib.util
    import re

    version = "unknown"
    spec = importlib.util.find_spec("lark")
    if spec is not None and spec.origin:
        with contextlib.suppress(OSError):
            with open(spec.origin, encoding="utf-8") as handle:
                text = handle.read()
            m = re.search(r"""^__version__\s*(?::\s*str\s*)?=\s*['"]([^'"]+)['"]""", text, re.MULTILINE)
            if m:
                version = m.group(1)
    with _lock:
        _state["lark"] = version
    return version


class _Digest(Protocol):
    def update(self, data: bytes, /) -> None: ...

    def hexdigest(self) -> str: ...


def _sha256() -> Callable[[], _Digest]:
    """SHA-256 from CPython's built-in implementation when there is one, else from ``hashlib``.

    ``import hashlib`` loads OpenSSL (about 3 ms of every start-up, for digesting a few kilobytes
    of grammar); the built-in module gives the same digest. ``_sha2`` is its name from Python 3.12.
    """
    for name in ("_sha2", "_sha256"):
        try:
            module = __import__(name)
        except ImportError:
            continue
        found: Callable[[], _Digest] = module.sha256
        return found
    import hashlib

    return hashlib.sha256


def fingerprint(*parts: str | bytes) -> str:
    """A short stable digest of ``parts`` plus the cache format, Lark and Python versions."""
    digest = _sha256()()
    for part in (_FORMAT, lark_version(), f"{sys.version_info[0]}.{sys.version_info[1]}", *parts):
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()[:32]


def cache_file(kind: str, key: str, suffix: str) -> str | None:
    """The path of cache entry ``kind-key.suffix``, or ``None`` when there is no cache."""
    base = cache_dir()
    return None if base is None else os.path.join(base, f"{kind}-{key}{suffix}")


def read_value(kind: str, key: str) -> Any:
    """The value stored under ``kind``/``key``, or ``None`` (missing, unreadable, corrupt).

    Values are strings, numbers and lists/dicts of them, stored with ``marshal``: built into the
    interpreter, so reading a cached regex costs no import (``json`` costs about 1 ms of
    start-up). Its format can change between Python versions, which the key includes
    (``fingerprint``). Callers check the shape of what they get.
    """
    path = cache_file(kind, key, ".marshal")
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            return marshal.load(f)
    except (OSError, ValueError, EOFError, TypeError):
        return None


def write_value(kind: str, key: str, data: Any) -> None:
    """Store ``data`` under ``kind``/``key``, atomically; failures are ignored (it is a cache)."""
    path = cache_file(kind, key, ".marshal")
    if path is None:
        return
    import tempfile  # only writers pay for it (~2 ms at start-up otherwise)

    try:
        fd, tmp = tempfile.mkstemp(
            dir=os.path.dirname(path), prefix=f".{os.path.basename(path)}.", suffix=".tmp"
        )
        try:
            with os.fdopen(fd, "wb") as f:
                marshal.dump(data, f)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except (OSError, ValueError):  # ValueError: a value marshal cannot store
        pass
