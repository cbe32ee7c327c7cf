"""``frozen_dataclass``: ``@dataclass(frozen=True, slots=True)`` built with no ``exec`` until used.

``dataclasses.dataclass`` compiles six functions per frozen class (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``), one ``exec`` each: about 0.3 ms a
class, 10-25 ms of the start of every command that loads the MBN/FBR AST (45 classes). Here
``__init__`` is the text ``dataclasses`` writes (the parsers build every node through it),
compiled the first time the class's ``__init__`` is looked up (``_LazyInit``: instantiation,
``inspect.signature``), so a class a command never instantiates compiles nothing; ``__eq__`` and
``__hash__`` are the text ``dataclasses`` writes, compiled the first time a class's instances are
compared or hashed; ``__repr__``, ``__setattr__``,
``__delattr__`` and the pickling state are shared functions that read the field names from the
class. The class is still made by ``dataclasses.dataclass`` (fields, ``__match_args__``, the
slotted class), so ``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` see a
frozen slotted dataclass, and equality, hashing, ``repr``, pickling and ``FrozenInstanceError``
behave as the standard library's (``tests/core/test_nodeclass.py`` compares the two on every AST
class).

Modules use it under the name ``dataclass`` for type checkers::

    if TYPE_CHECKING:
        from dataclasses import dataclass
    else:
        from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass

``NTK_STDLIB_DATACLASSES=1`` in the environment makes it ``dataclasses.dataclass`` itself (the
tests build both and compare them).

A module that may be compiled with mypyc (the variant core: ``ntk variant compile``) imports
:func:`dataclass` instead, with no ``TYPE_CHECKING`` branch (mypyc compiles an ``else`` branch
of ``TYPE_CHECKING`` as unreachable code)::

    from notation_toolkit.core.nodeclass import dataclass

Type checkers and mypyc see ``dataclasses.dataclass``; at run time it is ``frozen_dataclass`` for
a module run from its source and ``dataclasses.dataclass`` for a compiled one (whose native class
has its slots already).
"""

from __future__ import annotations

import _thread
import dataclasses
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["frozen_dataclass"]

T = TypeVar("T", bound=type)

_MISSING: Any = dataclasses.MISSING


class _HasDefaultFactory:
    def __repr__(self) -> str:
        return "<factory>"  # how dataclasses shows it in a signature


_HAS_DEFAULT_FACTORY = _HasDefaultFactory()

_reference_params: dict[bool, Any] = {}


def _params(eq: bool = True) -> Any:
    # The __dataclass_params__ of a frozen slotted dataclass, taken from a real one (built once)
    # rather than made from the private class, whose fields differ between Python versions.
    params = _reference_params.get(eq)
    if params is None:
        reference: Any = dataclasses.dataclass(frozen=True, slots=True, eq=eq)(type("Reference", (), {}))
        params = _reference_params[eq] = reference.__dataclass_params__
    return params


_repr_running: set[tuple[int, int]] = set()


def _repr(self: Any) -> str:
    key = (id(self), _thread.get_ident())
    if key in _repr_running:  # as dataclasses' reprlib guard: a node reached again shows as ...
        return "..."
    _repr_running.add(key)
    try:
        names: tuple[str, ...] = type(self).__node_repr__
        text: str = (
            self.__class__.__qualname__
            + "("
            + ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
            + ")"
        )
        return text
    finally:
        _repr_running.discard(key)


# __eq__ and __hash__ are on the hot path of the parsers' users (sets of nodes, tree equality):
# each class gets the very function dataclasses writes, compiled the first time it is called, so
# that importing 33 classes compiles none and comparing nodes costs what it costs with
# dataclasses. The stub is replaced on the class that holds it.


def _owner(cls: type, stub: object, name: str) -> type:
    for klass in cls.__mro__:
        if klass.__dict__.get(name) is stub:
            return klass
    return cls


def _tuple_text(prefix: str, names: tuple[str, ...]) -> str:
    # as dataclasses._tuple_str: "(self.a,self.b,)", or "()" for no field
    return "(" + "".join(f"{prefix}.{name}," for name in names) + ")" if names else "()"


def _compile(cls: type, name: str, text: str) -> Callable[..., Any]:
    namespace: dict[str, Any] = {}
    exec(text, namespace)  # our own text, made of field names
    function: Callable[..., Any] = namespace[name]
    function.__qualname__ = f"{cls.__qualname__}.{name}"
    function.__module__ = cls.__module__
    setattr(cls, name, function)
    return function


def _eq(self: Any, other: Any) -> Any:
    cls = _owner(type(self), _eq, "__eq__")
    names: tuple[str, ...] = getattr(cls, "__node_compare__")  # noqa: B009  (set by _build, unknown to mypy)
    text = (
        "def __eq__(self, other):\n"
        "  if other.__class__ is self.__class__:\n"
        f"    return {_tuple_text('self', names)}=={_tuple_text('other', names)}\n"
        "  return NotImplemented\n"
    )
    return _compile(cls, "__eq__", text)(self, other)


def _hash(self: Any) -> int:
    cls = _owner(type(self), _hash, "__hash__")
    names: tuple[str, ...] = getattr(cls, "__node_hash__")  # noqa: B009  (set by _build, unknown to mypy)
    text = f"def __hash__(self):\n  return hash({_tuple_text('self', names)})\n"
    value: int = _compile(cls, "__hash__", text)(self)
    return value


def _setattr(self: Any, name: str, value: Any) -> None:
    cls = type(self)
    if cls.__dict__.get("__setattr__") is _setattr or name in cls.__node_fields__:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def _delattr(self: Any, name: str) -> None:
    cls = type(self)
    if cls.__dict__.get("__delattr__") is _delattr or name in cls.__node_fields__:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
    object.__delattr__(self, name)


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, name) for name in type(self).__node_fields__]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(type(self).__node_fields__, state, strict=False):
        object.__setattr__(self, name, value)


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """The ``__init__`` ``dataclasses`` writes for a frozen class, compiled in one ``exec``."""
    self_name = "__dataclass_self__" if any(f.name == "self" for f in fields) else "self"
    namespace: dict[str, Any] = {
        "__node_set__": object.__setattr__,
        "__node_factory__": _HAS_DEFAULT_FACTORY,
    }
    params: list[str] = []
    body: list[str] = []
    seen_default = False
    for f in fields:
        default_name = f"__node_default_{f.name}__"
        if f.default_factory is not _MISSING:
            namespace[default_name] = f.default_factory
            if f.init:
                params.append(f"{f.name}=__node_factory__")
                value = f"{default_name}() if {f.name} is __node_factory__ else {f.name}"
            else:
                value = f"{default_name}()"
        elif f.init:
            if f.default is _MISSING:
                params.append(f.name)
            else:
                namespace[default_name] = f.default
                params.append(f"{f.name}={default_name}")
            value = f.name
        elif f.default is not _MISSING:
            namespace[default_name] = f.default
            value = default_name
        else:
            continue  # neither an argument nor a default: left unset, as dataclasses does
        if f.init:
            has_default = f.default is not _MISSING or f.default_factory is not _MISSING
            if seen_default and not has_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            seen_default = seen_default or has_default
        body.append(f"  __node_set__({self_name}, {f.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append(f"  {self_name}.__post_init__()")
    text = f"def __init__({', '.join([self_name, *params])}):\n" + ("\n".join(body) or "  pass") + "\n"
    exec(text, namespace)
    function: Callable[..., None] = namespace["__init__"]
    function.__qualname__ = f"{cls.__qualname__}.__init__"
    function.__module__ = cls.__module__
    function.__annotations__ = {f.name: f.type for f in fields if f.init} | {"return": None}
    return function


class _LazyInit:
    """A class's ``__init__`` until it is first looked up: then compiled (``_init``) in its place.

    Compiling costs about 80 µs a class, the most of building one; a command that reads one line
    instantiates a few of the classes it imports. Every use of ``__init__`` looks it up on the
    class (``cls(...)``, ``super().__init__``, ``cls.__init__``, ``inspect.signature(cls)``), and
    the lookup calls ``__get__`` here, which puts the compiled function on the class and returns
    it: from then on the class holds the very ``__init__`` the eager build made.
    """

    __slots__ = ("cls", "fields")

    def __init__(self, cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> None:
        self.cls = cls
        self.fields = fields

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        cls = self.cls
        function: Any = cls.__dict__.get("__init__")
        if function is self:  # (two threads may both compile it: the same function either way)
            function = _init(cls, self.fields)
            type.__setattr__(cls, "__init__", function)
        return function.__get__(instance, owner)


def frozen_dataclass(
    cls: T | None = None, /, *, frozen: bool = True, slots: bool = True, eq: bool = True
) -> Any:
    """``@dataclass(frozen=True, slots=True)``, built faster (see the module's docstring).

    Only that form is offered: ``frozen`` and ``slots`` must be true; ``InitVar`` and
    keyword-only fields are refused (``TypeError``), as no node uses them. ``eq=False`` keeps
    ``object``'s equality and hash (identity), as ``dataclass(eq=False)`` does.
    """
    if not (frozen and slots):
        raise TypeError("frozen_dataclass makes frozen slotted dataclasses only")
    if os.environ.get("NTK_STDLIB_DATACLASSES") == "1":
        stdlib: Any = dataclasses.dataclass(frozen=True, slots=True, eq=eq)
        return stdlib if cls is None else stdlib(cls)
    if cls is None:
        return lambda klass: _build(klass, eq)
    return _build(cls, eq)


def _build(cls: T, eq: bool = True) -> T:
    own = cls.__dict__
    had_doc = own.get("__doc__") is not None
    # Methods the class writes itself are kept, as dataclasses keeps them; a class that defines
    # __eq__ alone has __hash__ = None in its namespace, which dataclasses replaces.
    own_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if "__repr__" not in own:
        cls.__repr__ = _repr  # type: ignore[assignment]
    if eq:
        if "__eq__" not in own:
            cls.__eq__ = _eq  # type: ignore[assignment]
        if not own_hash:
            cls.__hash__ = _hash  # type: ignore[assignment]
    # A subclass of a frozen dataclass must be declared frozen (dataclasses checks it): its
    # __setattr__/__delattr__ are then generated (two small classes in the whole toolkit).
    dataclass_base = any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:])
    made: Any = dataclasses.dataclass(
        cls, init=False, repr=False, eq=False, frozen=dataclass_base, slots=True
    )
    fields = dataclasses.fields(made)
    if len(fields) != len(made.__dataclass_fields__) or any(f.kw_only for f in fields):
        raise TypeError(f"{cls.__qualname__}: frozen_dataclass takes neither InitVar nor keyword-only fields")
    if not dataclass_base:
        made.__setattr__ = _setattr
        made.__delattr__ = _delattr
        made.__getstate__ = _getstate
        made.__setstate__ = _setstate
    made.__dataclass_params__ = _params(eq)
    made.__node_fields__ = tuple(f.name for f in fields)
    made.__node_repr__ = tuple(f.name for f in fields if f.repr)
    made.__node_compare__ = tuple(f.name for f in fields if f.compare)
    made.__node_hash__ = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
    made.__init__ = _LazyInit(made, fields)
    if not had_doc:
        import inspect  # only for a class without a docstring, as dataclasses does

        made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
    result: T = made
    return result


if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:

    def dataclass(cls=None, /, *, frozen=True, slots=True, eq=True):
        """``@dataclass(frozen=True, slots=True)`` for a module mypyc may compile (see the module's
        docstring): ``frozen_dataclass`` from source, ``dataclasses.dataclass`` when compiled."""

        def make(klass):
            from importlib.machinery import EXTENSION_SUFFIXES

            module = sys.modules.get(klass.__module__)
            if not str(getattr(module, "__file__", "") or "").endswith(tuple(EXTENSION_SUFFIXES)):
                return frozen_dataclass(klass, frozen=frozen, slots=slots, eq=eq)
            return dataclasses.dataclass(frozen=frozen, eq=eq)(klass)  # a native class: slots are set

        return make if cls is None else make(cls)
