"""``core.nodeclass.frozen_dataclass`` against ``@dataclass(frozen=True, slots=True)``.

Every AST class built by it is compared with the same class built by the standard library (a
second interpreter run with ``NTK_STDLIB_DATACLASSES=1``): signatures, fields, ``repr``, hashes,
equality and pickles of parsed positions and rule files must come out byte for byte the same.
Small classes written here cover what the ASTs do not (default factories, ``init=False``, a
field called ``self``, a class without a docstring, its own ``__eq__``).
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import os
from dataclasses import field
from typing import Any

import pytest
from startup_checks import python

from notation_toolkit.core.nodeclass import frozen_dataclass

AST_MODULES = [
    "notation_toolkit.core.ast",
    "notation_toolkit.feen.ast",
    "notation_toolkit.fen.ast",
    "notation_toolkit.dfen.ast",
    "notation_toolkit.mbn.ast",
    "notation_toolkit.fbr.ast",
    # the value classes every command builds: spans, diagnostics, registry entries, bulk results
    "notation_toolkit.core.span",
    "notation_toolkit.core.diagnostics",
    "notation_toolkit.core.registry",
    "notation_toolkit.bulk.run",
]

# Every class of the AST modules and every node of a few parsed texts, described as text: what
# must not depend on how the classes were built.
DESCRIBE = r"""
import dataclasses, importlib, inspect, json, pickle, sys
from notation_toolkit import dfen, fbr, feen, fen, mbn
modules = sys.argv[1:]
out = {}
def default(f):
    return "-" if f.default is dataclasses.MISSING else repr(f.default)
for name in modules:
    module = importlib.import_module(name)
    for attr, cls in sorted(vars(module).items()):
        if not (isinstance(cls, type) and cls.__module__ == name and dataclasses.is_dataclass(cls)):
            continue
        out[f"{name}.{attr}"] = [
            str(inspect.signature(cls)),
            [
                (f.name, str(f.type), default(f), f.init, f.repr, f.compare, f.hash)
                for f in dataclasses.fields(cls)
            ],
            list(cls.__match_args__),
            list(cls.__slots__),
            repr(cls.__dataclass_params__),
            cls.__doc__,
            "__dict__" in dir(cls),
            "__weakref__" in dir(cls),
        ]
texts = [
    feen.parse("lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s"),
    feen.parse("+rnbqk^bnr/8/8/8/8/8/8/RNBQK^BNR 2P/p C/c"),
    fen.parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
    dfen.parse("rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq e3c3a3 0 1"),
    mbn.parse("N=mN+cW"),
    mbn.parse("K=mK-[cW]--(fs)N0"),
    fbr.parse(
        'variant="x" royal promotion+[8]=enter capture=most{M=1,K=1000} freezer=(2) turn#<2>{!p}'
        " gravity<s> announcement/Check/ K Q=R+B +P==QRBN ~ note"
    ),
]
nodes = []
for tree in texts:
    nodes.append(tree)
    nodes.extend(tree.walk() if hasattr(tree, "walk") else ())
from notation_toolkit import bulk
diagnostics = [
    *fen.check("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 x"),
    *feen.check("8/8/8/8/8/8/8/8 2B3P/ C/c", lenient=True),
    *fbr.check("K Q=R+N\nboardsize=0x8\nQ=R("),
]
nodes.extend(diagnostics)
nodes.extend(d.span for d in diagnostics if d.span is not None)
nodes.extend(d.fix for d in diagnostics if d.fix is not None)
nodes.extend(bulk.check(["8/8/8/8/8/8/8/8 w - - 0 1", "bad"], "fen", jobs=1))
nodes.append(bulk.Task.make("convert", "fen", "dfen"))
# hash(None) is its address before Python 3.12: hashes are checked against their definition here
def hash_key(n):
    fields = dataclasses.fields(n)
    return tuple(getattr(n, f.name) for f in fields if (f.compare if f.hash is None else f.hash))
def pickled(n):
    return pickle.dumps(n, 4).hex()
def same_after_pickle(n):
    return n == pickle.loads(pickle.dumps(n))
def hashed(n):
    try:
        return hash(n) == hash(hash_key(n))
    except TypeError as exc:  # a field holds a dict (bulk Result.extra): unhashable in both builds
        return str(exc)
out["nodes"] = [
    [type(n).__qualname__, repr(n), hashed(n), pickled(n), same_after_pickle(n)]
    for n in nodes
]
print(json.dumps(out))
"""


def describe(stdlib: bool) -> dict[str, Any]:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("NTK_STDLIB_DATACLASSES", None)
    if stdlib:
        env["NTK_STDLIB_DATACLASSES"] = "1"
    done = python(["-c", DESCRIBE, *AST_MODULES], env)
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def test_every_ast_class_is_what_the_standard_library_builds() -> None:
    ours, theirs = describe(stdlib=False), describe(stdlib=True)
    assert len(theirs) > 50  # the classes were found (33 in MBN alone, 12 in FBR)
    assert len(theirs["nodes"]) > 50
    assert ours.keys() == theirs.keys()
    for key in theirs:
        assert ours[key] == theirs[key], key


def both(body: dict[str, Any], bases: tuple[type, ...] = ()) -> tuple[Any, Any]:
    """The class of ``body`` built by ``frozen_dataclass`` and by the standard library."""

    def build(decorator: Any) -> Any:
        namespace = dict(body)
        namespace.setdefault("__qualname__", "Sample")
        return decorator(type("Sample", bases, namespace))

    return build(frozen_dataclass), build(dataclasses.dataclass(frozen=True, slots=True))


SAMPLES: list[tuple[dict[str, Any], tuple[Any, ...], dict[str, Any]]] = [
    ({"__annotations__": {"a": "int", "b": "str"}, "__doc__": "Two fields."}, (1, "x"), {}),
    (
        {
            "__annotations__": {"a": "int", "items": "tuple[int, ...]", "span": "object"},
            "items": field(default_factory=tuple),
            "span": field(default=None, compare=False, repr=False),
        },
        (3,),
        {"span": 7},
    ),
    ({"__annotations__": {"self": "int", "other": "int"}, "other": 5}, (2,), {}),
    (
        {
            "__annotations__": {"a": "int", "cache": "object"},
            "cache": field(default=None, init=False, compare=False, hash=False),
        },
        (4,),
        {},
    ),
    (
        {
            "__annotations__": {"a": "int", "tags": "tuple[str, ...]"},
            "tags": field(default=("t",), hash=False),
            "__eq__": lambda self, other: isinstance(other, type(self)),
        },
        (5,),
        {},
    ),
    ({"__annotations__": {}}, (), {}),
]


@pytest.mark.parametrize(("body", "args", "kwargs"), SAMPLES)
def test_a_sample_class_behaves_as_the_standard_librarys(
    body: dict[str, Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    ours, theirs = both(body)
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
    assert ours.__doc__ == theirs.__doc__
    assert ours.__slots__ == theirs.__slots__
    assert ours.__match_args__ == theirs.__match_args__
    assert repr(ours.__dataclass_params__) == repr(theirs.__dataclass_params__)
    assert [(f.name, f.init, f.compare, f.hash) for f in dataclasses.fields(ours)] == [
        (f.name, f.init, f.compare, f.hash) for f in dataclasses.fields(theirs)
    ]
    a, b = ours(*args, **kwargs), theirs(*args, **kwargs)
    assert repr(a) == repr(b)
    assert hash(a) == hash(b)
    assert a == ours(*args, **kwargs)
    assert (a == b) is False  # different classes: neither says equal
    assert dataclasses.astuple(a) == dataclasses.astuple(b)
    # pickling's protocol (the classes here are not importable by name, so copy goes through it)
    assert a.__getstate__() == b.__getstate__()
    assert copy.copy(a) == a
    assert repr(copy.deepcopy(a)) == repr(a)
    assert dataclasses.replace(a) == a
    for name in [f.name for f in dataclasses.fields(ours)]:
        with pytest.raises(dataclasses.FrozenInstanceError) as mine:
            setattr(a, name, 1)
        with pytest.raises(dataclasses.FrozenInstanceError) as std:
            setattr(b, name, 1)
        assert str(mine.value) == str(std.value)
        with pytest.raises(dataclasses.FrozenInstanceError) as mine:
            delattr(a, name)
        with pytest.raises(dataclasses.FrozenInstanceError) as std:
            delattr(b, name)
        assert str(mine.value) == str(std.value)
    # Another name: Python 3.11's slotted frozen classes fail with a TypeError from super() (their
    # __setattr__ refers to the class before __slots__ rebuilt it); this says FrozenInstanceError.
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'other_name'"):
        a.other_name = 1
    with pytest.raises((TypeError, dataclasses.FrozenInstanceError)):
        b.other_name = 1


def test_post_init_runs_after_the_fields_are_set() -> None:
    seen: list[int] = []
    body = {"__annotations__": {"a": "int"}, "__post_init__": lambda self: seen.append(self.a)}
    ours, theirs = both(body)
    ours(1)
    theirs(2)
    assert seen == [1, 2]


def test_a_missing_default_after_a_default_is_refused_as_by_the_standard_library() -> None:
    body = {"__annotations__": {"a": "int", "b": "int"}, "a": 1}
    with pytest.raises(TypeError) as std:
        dataclasses.dataclass(frozen=True, slots=True)(type("Bad", (), dict(body)))
    with pytest.raises(TypeError) as mine:
        frozen_dataclass(type("Bad", (), dict(body)))
    assert str(mine.value) == str(std.value)


def test_a_subclass_of_a_node_class_is_frozen_too() -> None:
    base, _ = both({"__annotations__": {"a": "int"}, "__doc__": "Base."})
    sub = frozen_dataclass(type("Sub", (base,), {"__annotations__": {"b": "int"}, "__doc__": "Sub."}))
    value = sub(1, 2)
    assert repr(value) == "Sub(a=1, b=2)" and value == sub(1, 2) and value != base(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.a = 3
    assert copy.copy(value) == value and value.__getstate__() == [1, 2]


def test_only_the_frozen_slotted_form_is_offered() -> None:
    with pytest.raises(TypeError):
        frozen_dataclass(frozen=False)
    with pytest.raises(TypeError):
        frozen_dataclass(type("KwOnly", (), {"__annotations__": {"a": "dataclasses.KW_ONLY", "b": "int"}}))


def test_eq_false_keeps_identity_equality_as_the_standard_library() -> None:
    body = {"__annotations__": {"key": "str", "table": "object"}, "__doc__": "A compiled thing."}
    ours: Any = frozen_dataclass(eq=False)(type("Sample", (), dict(body)))
    theirs: Any = dataclasses.dataclass(frozen=True, slots=True, eq=False)(type("Sample", (), dict(body)))
    assert repr(ours.__dataclass_params__) == repr(theirs.__dataclass_params__)
    assert ours.__eq__ is object.__eq__ and theirs.__eq__ is object.__eq__
    assert ours.__hash__ is object.__hash__ and theirs.__hash__ is object.__hash__
    a, b = ours("Q", [1]), theirs("Q", [1])
    assert repr(a) == repr(b) == "Sample(key='Q', table=[1])"
    assert a == a and a != ours("Q", [1])  # identity, even with a list (unhashable) inside
    assert isinstance(hash(a), int)  # object's hash: the list field (unhashable) is not hashed
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.key = "R"


def test_init_is_compiled_when_first_looked_up_and_is_then_the_standard_librarys() -> None:
    body = {"__annotations__": {"a": "int", "b": "str"}, "b": "x", "__doc__": "Lazy."}
    ours, theirs = both(body)
    assert type(vars(ours)["__init__"]).__name__ == "_LazyInit"  # nothing compiled at class creation
    assert ours(1).b == "x" and ours(1, "y") == ours(a=1, b="y")
    init = vars(ours)["__init__"]
    assert inspect.isfunction(init) and init.__qualname__ == "Sample.__init__"
    assert init.__annotations__ == vars(theirs)["__init__"].__annotations__
    assert init.__defaults__ == vars(theirs)["__init__"].__defaults__
    with pytest.raises(TypeError):
        ours()  # a missing argument, as with the standard library's
    with pytest.raises(TypeError):
        theirs()

    # Looked up through a subclass first (plain or calling super), the holder's __init__ compiles.
    def later() -> Any:
        return both(body)[0]

    plain = type("Plain", (later(),), {})
    assert repr(plain(2)) == "Plain(a=2, b='x')"

    base = later()

    class Calling(base):  # type: ignore[misc, valid-type]
        def __init__(self, a: int) -> None:
            super().__init__(a, "called")

    assert repr(Calling(3)).endswith(".<locals>.Calling(a=3, b='called')")  # the qualified name
    assert inspect.isfunction(vars(base)["__init__"])
    fresh = later()
    assert (
        str(inspect.signature(fresh))
        == str(inspect.signature(theirs))
        == "(a: 'int', b: 'str' = 'x') -> None"
    )
    assert inspect.isfunction(vars(fresh)["__init__"])
