"""Compiled variants cached on disk: a rule file read, checked and compiled once, then loaded.

Loading a rule file parses it (Lark), validates it, reads its rules, compiles every piece into
per-square tables and builds the shared ``Core`` tables: tens of milliseconds for chess, more on
big boards, and the imports of the parser and the compiler on top. ``Variant.load(path,
cache=True)`` (what ``ntk variant`` does) keeps the compiled variant in the per-user cache
directory of ``core.cache`` (``$NTK_CACHE_DIR``, else ``$XDG_CACHE_HOME/notation-toolkit``, else
``~/.cache/notation-toolkit``; ``NTK_NO_CACHE=1`` turns it off), keyed by the rule file's content,
its name, the toolkit's version and a stamp of the variant core's own files (their names, sizes
and modification times), so an edited rule file, an upgrade or an edited core never meets a stale
entry, and the pure and the compiled (mypyc) builds keep separate entries.

An entry is a pickle, but not one that could run code when read:

- it is written by a pickler that stores each object of the variant core as its class's name and
  its attributes, each function of the variant core (a rule component's hook) by its name, or, for
  a hook made inside another function, by the name of its maker and the values it closes over;
  it refuses everything else (classes, builtins, objects and functions of other packages);
- it is read by an unpickler that resolves no global but the rebuilders of this module: an
  object is made with its class's ``__new__`` and its attributes set one by one, so no
  constructor and no ``__setstate__`` runs; only classes of the variant core's data modules
  (``ALLOWED_MODULES``) can be named, and functions only of the variant core's modules, their
  code always the module's own (never code from the file);
- it carries a CRC-32 of its payload (a torn or damaged file is a miss), and is read only when
  the file and its directory belong to the user and nobody else may write them.

Any failure to read an entry (missing, truncated, corrupt, foreign, written by another version)
means a miss: the variant is built from the text and the entry written again. Writers write a
temporary file in the same directory and rename it over the entry, so concurrent writers leave
one whole entry and readers never see half of one.
"""

from __future__ import annotations

import contextlib
import enum
import io
import os
import pickle
import sys
import types
import zlib
from typing import Any, TypeVar

from notation_toolkit.core import cache as _disk

T = TypeVar("T")

__all__ = ["ALLOWED_MODULES", "entry_path", "load", "store"]

_MAGIC = b"NTKVAR1\n"
_DIGEST_SIZE = 4
_MAX_ENTRY = 1 << 28  # 256 MiB: far above the largest board's tables; a bigger file is not ours

ALLOWED_MODULES = (
    "notation_toolkit.variant.game",
    "notation_toolkit.variant.tables",
    "notation_toolkit.variant.notation",
    "notation_toolkit.variant.position",
    "notation_toolkit.variant.rules",
    "notation_toolkit.variant.rules.",
    "notation_toolkit.variant.pieces.model",
    "notation_toolkit.variant.pieces.compiler",
    "notation_toolkit.core.geometry",
    "notation_toolkit.core.span",
    "notation_toolkit.core.diagnostics",
    "notation_toolkit.mbn.ast",
    "notation_toolkit.fbr.ast",
)
"""Modules (or packages, ending in a dot) whose classes an entry may hold: the variant core's
data and game logic, which read no file, start no process and import nothing by name. Functions
(the rule components' hooks) may come from the variant core's modules only."""

_FUNCTION_MODULES = "notation_toolkit.variant."


# what the entry's key depends on besides the text: the files of the variant core and of the data
# modules its objects come from
_STAMPED = ("variant", "core/geometry", "core/span", "core/diagnostics", "mbn/ast", "fbr/ast")


def _allowed(module: str) -> bool:
    return any(module == m or (m.endswith(".") and module.startswith(m)) for m in ALLOWED_MODULES)


# -- the key ----------------------------------------------------------------------------------------

_stamp: list[str] = []


def _code_stamp() -> str:
    """Names, sizes and modification times of the variant core's files (``.py`` or compiled)."""
    if _stamp:
        return _stamp[0]
    import notation_toolkit

    root = os.path.dirname(os.path.abspath(notation_toolkit.__file__))
    found: list[str] = [notation_toolkit.__version__]
    for item in _STAMPED:
        path = os.path.join(root, item)
        if os.path.isdir(path):
            found.extend(_tree_stamp(path, root))
        else:
            directory = os.path.dirname(path)
            base = os.path.basename(path)
            with contextlib.suppress(OSError):
                for entry in sorted(os.scandir(directory), key=lambda e: e.name):
                    if entry.name.split(".", 1)[0] == base and entry.is_file():
                        found.append(_file_stamp(entry, root))
    _stamp.append("\n".join(found))
    return _stamp[0]


def _tree_stamp(path: str, root: str) -> list[str]:
    out: list[str] = []
    with contextlib.suppress(OSError):
        for entry in sorted(os.scandir(path), key=lambda e: e.name):
            if entry.name.startswith((".", "__pycache__")):
                continue
            if entry.is_dir():
                out.extend(_tree_stamp(entry.path, root))
            elif entry.name.endswith((".py", ".so", ".pyd")):
                out.append(_file_stamp(entry, root))
    return out


def _file_stamp(entry: os.DirEntry[str], root: str) -> str:
    stat = entry.stat()
    return f"{os.path.relpath(entry.path, root)} {stat.st_size} {stat.st_mtime_ns}"


def entry_path(text: str, name: str | None = None) -> str | None:
    """Where the compiled variant of rule-file ``text`` (loaded with ``name``) is cached, or
    ``None`` when there is no cache directory."""
    base = _disk.cache_dir()
    if base is None:
        return None
    key = _sha256()
    python = f"{sys.implementation.name} {sys.version_info[0]}.{sys.version_info[1]}"
    for part in (_MAGIC.decode(), python, _code_stamp(), name or "", text):
        data = part.encode("utf-8", "surrogatepass")
        key.update(len(data).to_bytes(8, "little"))
        key.update(data)
    return os.path.join(base, f"variant-{key.hexdigest()[:32]}.pickle")


def _sha256() -> Any:
    # the interpreter's built-in SHA-256 when there is one (hashlib loads OpenSSL: ~3 ms)
    for module_name in ("_sha2", "_sha256"):
        try:
            return __import__(module_name).sha256()
        except ImportError:
            continue
    import hashlib

    return hashlib.sha256()


# -- writing ----------------------------------------------------------------------------------------


_BARE: set[type] = set()  # classes whose objects can be made bare (``__new__`` alone)


class _Pickler(pickle.Pickler):
    """Stores objects of the variant core as (class name, attributes); refuses anything else."""

    def reducer_override(self, obj: Any) -> Any:
        # called for every object but None, bools and plain ints, floats, strings, bytes, lists,
        # tuples, dicts, sets and frozensets, which pickle stores itself
        kind = type(obj)
        if obj in _REBUILDER_FUNCTIONS:
            return NotImplemented  # stored by name: the one global an entry names
        if kind in (int, float, str, bytes, list, tuple, dict, set, frozenset, bool, type(None), complex):
            return NotImplemented  # subclasses of these are classes of their own: below
        if isinstance(obj, types.MethodType):
            owner = obj.__self__
            if isinstance(owner, type) or not _allowed(type(owner).__module__):
                raise pickle.PicklingError(f"cannot cache a method of {type(owner).__qualname__}")
            return _method, (owner, obj.__func__.__name__)
        if isinstance(obj, enum.Enum):
            if not _allowed(kind.__module__):
                raise pickle.PicklingError(f"cannot cache {kind.__qualname__}")
            return _enum, (kind.__module__, kind.__qualname__, obj.name)
        if kind.__name__ == "Geometry" and kind.__module__ == "notation_toolkit.core.geometry":
            # one shared object per board (its own reduction: the size and the joined edges)
            maker, arguments = obj.__reduce__()
            if getattr(maker, "__name__", "") != "_geometry" or not _geometry_arguments(arguments):
                raise pickle.PicklingError(f"cannot cache {obj!r}")
            return _geometry, tuple(arguments)
        if isinstance(obj, types.FunctionType):
            return _reduce_function(obj)
        if isinstance(obj, types.BuiltinFunctionType):  # a function or method compiled by mypyc
            return _reduce_compiled(obj)
        if isinstance(obj, type) or (callable(obj) and not _allowed(kind.__module__)):
            raise pickle.PicklingError(f"cannot cache {obj!r}")
        if not _allowed(kind.__module__) or isinstance(obj, BaseException):
            raise pickle.PicklingError(f"cannot cache an object of {kind.__module__}.{kind.__qualname__}")
        if kind not in _BARE:
            try:  # what the reader will do; a class compiled by mypyc with an __init__ cannot
                kind.__new__(kind)  # type: ignore[call-overload]
            except TypeError:
                raise pickle.PicklingError(f"cannot cache an object of {kind.__qualname__}") from None
            _BARE.add(kind)
        return _new, (kind.__module__, kind.__qualname__), _attributes(obj), None, None, _set_attributes


def _reduce_function(function: types.FunctionType) -> tuple[object, ...]:
    # A module-level function by its name; a function made inside another one (a hook closing over
    # a variant's settings) by the name of the function that makes it, the line it starts on, and
    # the values it closes over. Either way its code is the module's own, never the entry's.
    module, name = function.__module__, function.__qualname__
    home = sys.modules.get(module)
    if home is None or function.__globals__ is not vars(home) or not _function_module(module):
        raise pickle.PicklingError(f"cannot cache the function {module}.{name}")
    if getattr(home, name, None) is function and _function_allowed(module, name):
        return _function, (module, name)
    if "<locals>" not in name:
        raise pickle.PicklingError(f"cannot cache the function {module}.{name}")
    try:
        cells = tuple(cell.cell_contents for cell in function.__closure__ or ())
    except ValueError:  # a variable the function closes over that was never set
        raise pickle.PicklingError(f"cannot cache the function {module}.{name}") from None
    code = function.__code__
    arguments = (module, name, code.co_firstlineno, cells, function.__defaults__, function.__kwdefaults__)
    return _closure, arguments


def _reduce_compiled(function: types.BuiltinFunctionType) -> tuple[object, ...]:
    # the compiled build (ntk variant compile): module-level functions and bound methods of the
    # variant core's compiled modules, by name as in the pure build
    owner = function.__self__
    module, name = getattr(function, "__module__", None), function.__qualname__
    if isinstance(owner, types.ModuleType):
        if _function_allowed(module, name) and getattr(owner, name, None) is function:
            return _function, (module, name)
    elif owner is not None and not isinstance(owner, type) and _allowed(type(owner).__module__):
        return _method, (owner, function.__name__)
    raise pickle.PicklingError(f"cannot cache {function!r}")


def _attributes(obj: object) -> dict[str, Any]:
    getstate = getattr(obj, "__getstate__", None)
    state = getstate() if getstate is not None else None
    if isinstance(state, dict):  # the object's own choice (Variant leaves out its parsed AST)
        if any(not isinstance(key, str) or key.startswith("__") for key in state):
            # (the environment of a function compiled by mypyc: not data the cache holds)
            raise pickle.PicklingError(f"cannot cache an object of {type(obj).__qualname__}")
        return dict(state)
    found: dict[str, Any] = dict(getattr(obj, "__dict__", {}))
    for klass in type(obj).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for slot in (slots,) if isinstance(slots, str) else slots:
            if slot in ("__dict__", "__weakref__") or slot in found:
                continue
            name = f"_{klass.__name__.lstrip('_')}{slot}" if slot.startswith("__") else slot
            with contextlib.suppress(AttributeError):  # an unset slot stays unset
                found[name] = getattr(obj, name)
    return found


def store(variant: object, text: str, name: str | None = None) -> bool:
    """Cache ``variant`` (a ``Variant`` built from rule-file ``text`` with ``name``); False when
    it was not stored (no cache directory, something in it that the cache does not hold, a failed
    write)."""
    path = entry_path(text, name)
    if path is None:
        return False
    buffer = io.BytesIO()
    try:
        _Pickler(buffer, protocol=5).dump(variant)
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return False
    payload = buffer.getvalue()
    data = _MAGIC + _digest(payload) + payload
    import tempfile  # only writers pay for it

    try:
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".variant-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, path)  # atomic: a reader sees the old entry or the new one, whole
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError:
        return False
    return True


def _digest(payload: bytes | memoryview) -> bytes:
    # CRC-32 finds a damaged entry (a torn write, a flipped bit) at memory speed; an entry written
    # on purpose gets no further than the unpickler's names (see the module's docstring)
    return zlib.crc32(payload).to_bytes(4, "little")


# -- reading ----------------------------------------------------------------------------------------


def load(text: str, name: str | None, kind: type[T]) -> T | None:
    """The cached compiled variant (a ``kind``) of rule-file ``text``, or ``None`` (no entry, or
    one that cannot be trusted or read: the caller then builds it and writes it again)."""
    path = entry_path(text, name)
    if path is None:
        return None
    try:
        with open(path, "rb") as handle:
            if not _trusted(handle.fileno(), path):
                return None
            data = handle.read(_MAX_ENTRY + 1)
    except OSError:
        return None
    head = len(_MAGIC) + _DIGEST_SIZE
    if len(data) > _MAX_ENTRY or len(data) < head or not data.startswith(_MAGIC):
        return None
    payload = memoryview(data)[head:]
    if _digest(payload) != data[len(_MAGIC) : head]:
        return None
    import gc

    # the collector would walk the growing heap many times while the tables are rebuilt (they
    # make no cycles it could free): paused, loading Shogi takes a third of the time
    paused = gc.isenabled()
    gc.disable()
    try:
        variant = _Unpickler(io.BytesIO(payload)).load()
    except Exception:  # a foreign or damaged entry fails in any way pickle can: a miss
        return None
    finally:
        if paused:
            gc.enable()
    if not isinstance(variant, kind) or getattr(variant, "text", None) != text:
        return None
    return variant


def _trusted(fd: int, path: str) -> bool:
    """True when the entry and its directory belong to this user and only this user may write
    them (as ssh treats its keys): an entry another user could have written is not read."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:  # Windows: the user's profile directory is private already
        return True
    uid = getuid()
    try:
        stats = (os.fstat(fd), os.stat(os.path.dirname(path)))
    except OSError:
        return False
    return all(st.st_uid == uid and not st.st_mode & 0o022 for st in stats)


_REBUILDERS = frozenset({"_new", "_set_attributes", "_method", "_function", "_closure", "_enum", "_geometry"})
_REBUILDER_FUNCTIONS: list[object] = []  # filled below, once the functions exist


class _Unpickler(pickle.Unpickler):
    """Resolves only the rebuilders of this module: an entry names no other global."""

    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name in _REBUILDERS:
            return getattr(sys.modules[__name__], name)
        raise pickle.UnpicklingError(f"a variant cache entry may not name {module}.{name}")


_classes: dict[tuple[str, str], type] = {}  # the classes resolved so far (each checked once)


def _class(module: str, qualname: str) -> type:
    key = (module, qualname)
    known = _classes.get(key) if type(module) is str and type(qualname) is str else None
    if known is not None:
        return known
    if not isinstance(module, str) or not isinstance(qualname, str) or not _allowed(module):
        raise pickle.UnpicklingError(f"{module!r} is not a module of the variant core")
    import importlib

    found: object = sys.modules.get(module) or importlib.import_module(module)
    for part in qualname.split("."):
        if part.startswith("__"):
            raise pickle.UnpicklingError(f"no class {qualname!r}")
        found = getattr(found, part)
    if not isinstance(found, type) or found.__module__ != module or issubclass(found, BaseException):
        raise pickle.UnpicklingError(f"{module}.{qualname} is not a class of the variant core")
    _classes[key] = found
    return found


def _new(module: str, qualname: str) -> object:
    """A bare object of the named class: ``__new__`` only, no constructor runs."""
    klass = _class(module, qualname)
    if issubclass(klass, enum.Enum):
        raise pickle.UnpicklingError(f"{qualname} is an enumeration")
    return klass.__new__(klass)


def _set_attributes(obj: object, attributes: dict[str, Any]) -> object:
    """Set each attribute as stored (``object.__setattr__``: frozen dataclasses too)."""
    if not isinstance(attributes, dict):
        raise pickle.UnpicklingError("attributes are not a dict")
    for key, value in attributes.items():
        if not isinstance(key, str) or key.startswith("__"):
            raise pickle.UnpicklingError(f"bad attribute name {key!r}")
        object.__setattr__(obj, key, value)
    return obj


def _method(owner: object, name: str) -> object:
    """``owner.name`` where ``name`` is a method its class defines."""
    if not isinstance(name, str) or name.startswith("__") or not _allowed(type(owner).__module__):
        raise pickle.UnpicklingError("bad method")
    for klass in type(owner).__mro__:
        if name in klass.__dict__:
            # a method written in Python, or compiled by mypyc
            if not isinstance(klass.__dict__[name], types.FunctionType | types.MethodDescriptorType):
                raise pickle.UnpicklingError(f"{name!r} is not a method")
            return getattr(owner, name)
    raise pickle.UnpicklingError(f"no method {name!r}")


def _function_module(module: object) -> bool:
    return isinstance(module, str) and module.startswith(_FUNCTION_MODULES) and _allowed(module)


def _function_allowed(module: object, name: object) -> bool:
    # a module-level function (no lambda, no nested or class-level one) of the variant core
    return (
        _function_module(module)
        and isinstance(name, str)
        and name.isidentifier()
        and not name.startswith("__")
    )


def _function(module: str, name: str) -> object:
    """The module-level function ``module.name`` of the variant core (a rule component's hook)."""
    if not _function_allowed(module, name):
        raise pickle.UnpicklingError(f"{module}.{name} is not a function of the variant core")
    import importlib

    found = getattr(importlib.import_module(module), name)
    kinds = (types.FunctionType, types.BuiltinFunctionType)  # (the second: compiled by mypyc)
    if not isinstance(found, kinds) or found.__module__ != module or found.__qualname__ != name:
        raise pickle.UnpicklingError(f"{module}.{name} is not a function of the variant core")
    return found


def _closure(
    module: str,
    qualname: str,
    line: int,
    cells: tuple[object, ...],
    defaults: tuple[object, ...] | None,
    keyword_defaults: dict[str, object] | None,
) -> object:
    """The function ``qualname`` (``Maker.hooks.<locals>.name``) made again from its maker's code,
    with the values it closes over: the code is looked up in the module, never read from the entry."""
    if (
        not _function_module(module)
        or not isinstance(qualname, str)
        or type(line) is not int
        or type(cells) is not tuple
        or not (defaults is None or type(defaults) is tuple)
        or not (keyword_defaults is None or type(keyword_defaults) is dict)
    ):
        raise pickle.UnpicklingError("bad function")
    outer, *inner = qualname.split(".<locals>.")
    if not inner:
        raise pickle.UnpicklingError(f"{qualname!r} is not a function made by another one")
    import importlib

    home = importlib.import_module(module)
    maker: object = home
    for part in outer.split("."):
        if not part.isidentifier() or part.startswith("__"):
            raise pickle.UnpicklingError(f"no function {qualname!r}")
        maker = vars(maker).get(part) if isinstance(maker, type) else getattr(maker, part, None)
    if not isinstance(maker, types.FunctionType) or maker.__module__ != module:
        raise pickle.UnpicklingError(f"no function {qualname!r}")
    code = maker.__code__
    for depth, part in enumerate(inner):
        last = depth == len(inner) - 1
        found = [
            c
            for c in code.co_consts
            if isinstance(c, types.CodeType) and c.co_name == part and (not last or c.co_firstlineno == line)
        ]
        if len(found) != 1:
            raise pickle.UnpicklingError(f"no function {qualname!r}")
        code = found[0]
    if len(cells) != len(code.co_freevars):
        raise pickle.UnpicklingError(f"bad function {qualname!r}")
    function = types.FunctionType(
        code, vars(home), code.co_name, defaults, tuple(types.CellType(value) for value in cells)
    )
    function.__kwdefaults__ = keyword_defaults
    function.__qualname__ = qualname
    return function


def _enum(module: str, qualname: str, member: str) -> object:
    klass = _class(module, qualname)
    if not issubclass(klass, enum.Enum) or not isinstance(member, str):
        raise pickle.UnpicklingError(f"{qualname} is not an enumeration")
    return klass[member]


def _geometry_arguments(arguments: object) -> bool:
    # a board's size (ints) and its joined edges (bools): what core.geometry reduces a board to
    return (
        type(arguments) is tuple
        and 2 <= len(arguments) <= 4
        and all(type(a) is int for a in arguments[:2])
        and all(type(a) is bool for a in arguments[2:])
    )


def _geometry(*arguments: object) -> object:
    """The shared board of that size and those joined edges (``LimitError`` outside 1..26)."""
    from notation_toolkit.core import geometry

    if not _geometry_arguments(arguments):
        raise pickle.UnpicklingError("bad board")
    return geometry._geometry(*arguments)  # type: ignore[arg-type]


_REBUILDER_FUNCTIONS.extend(globals()[name] for name in sorted(_REBUILDERS))
