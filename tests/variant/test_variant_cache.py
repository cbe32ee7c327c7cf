"""Compiled variants cached on disk (``notation_toolkit.variant.cache``): every rule file plays the
same from the cache as freshly compiled, and a cache entry that is damaged, foreign or hostile is
never trusted: it is a miss, the variant is built again and the entry rewritten."""

from __future__ import annotations

import io
import os
import pickle
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from fsf_oracle import EXAMPLES

from notation_toolkit.core import cache as disk
from notation_toolkit.variant import Variant, perft
from notation_toolkit.variant import cache as variant_cache

RULE_FILES = sorted(EXAMPLES.glob("*.fbr"))
CHESS = (EXAMPLES / "chess.fbr").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    directory = tmp_path / "cache"
    monkeypatch.setenv("NTK_CACHE_DIR", str(directory))
    monkeypatch.delenv("NTK_NO_CACHE", raising=False)
    disk.reset()
    yield directory
    disk.reset()


def _entry(text: str = CHESS) -> Path:
    path = variant_cache.entry_path(text)
    assert path is not None
    return Path(path)


def _write_entry(payload: bytes, text: str = CHESS) -> Path:
    # a well-formed entry (magic, digest) around any payload: what a hostile writer could make
    path = _entry(text)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(variant_cache._MAGIC + variant_cache._digest(payload) + payload)
    return path


@pytest.mark.parametrize("path", RULE_FILES, ids=[p.stem for p in RULE_FILES])
def test_every_rule_file_plays_the_same_from_the_cache(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fresh = Variant.from_text(text)
    Variant.from_text(text, cache=True)  # builds and writes the entry
    cached = variant_cache.load(text, None, Variant)
    assert cached is not None, "the entry was not written or not read back"
    assert cached is not fresh and cached.tables is not fresh.tables
    assert cached.geometry is fresh.geometry  # one shared board object (size and joined edges)
    a, b = fresh.start(), cached.start()
    assert b.feen() == a.feen()
    assert sorted(m.text for m in b.legal_moves()) == sorted(m.text for m in a.legal_moves())
    assert perft(b, 2) == perft(a, 2)
    assert (b.outcome() is None) == (a.outcome() is None)
    assert cached.rule_file == fresh.rule_file  # parsed again from the text on first use


def test_a_second_load_reads_the_entry_instead_of_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    first = Variant.from_text(CHESS, cache=True)
    assert _entry().is_file()
    from notation_toolkit import fbr

    def no_parse(text: str) -> object:
        raise AssertionError("a cached rule file is not parsed again")

    monkeypatch.setattr(fbr, "validate", no_parse)
    second = Variant.from_text(CHESS, cache=True)
    assert second is not first and perft(second.start(), 3) == 8902  # the published chess perft(3)


def test_the_key_is_the_text_and_the_name() -> None:
    Variant.from_text(CHESS, cache=True)
    edited = CHESS.replace('variant="', 'variant="edited ', 1)
    assert edited != CHESS
    assert variant_cache.entry_path(edited) != variant_cache.entry_path(CHESS)
    assert variant_cache.entry_path(CHESS, "mine") != variant_cache.entry_path(CHESS)
    assert variant_cache.load(edited, None, Variant) is None
    named = Variant.from_text(CHESS, name="mine", cache=True)
    again = Variant.from_text(CHESS, name="mine", cache=True)
    assert named.name == again.name == "mine"
    assert Variant.from_text(CHESS, cache=True).name != "mine"


def test_no_cache_writes_nothing(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NTK_NO_CACHE", "1")
    disk.reset()
    assert perft(Variant.from_text(CHESS, cache=True).start(), 1) == 20
    assert not cache_dir.exists() or not list(cache_dir.glob("variant-*"))


def _damaged(data: bytes) -> list[bytes]:
    head = len(variant_cache._MAGIC) + variant_cache._DIGEST_SIZE
    flipped = bytearray(data)
    flipped[head + len(data[head:]) // 2] ^= 0x40
    return [
        b"",
        data[:10],
        data[: len(data) // 2],
        bytes(flipped),  # one bit flipped in the payload: the digest no longer matches
        b"\x00" * len(data),
        data[:head] + b"not a pickle at all",
        data + b"trailing",
    ]


def test_a_damaged_entry_is_a_miss_and_is_rebuilt() -> None:
    Variant.from_text(CHESS, cache=True)
    path = _entry()
    good = path.read_bytes()
    for bad in _damaged(good):
        path.write_bytes(bad)
        assert variant_cache.load(CHESS, None, Variant) is None
        variant = Variant.from_text(CHESS, cache=True)  # rebuilt, no traceback
        assert perft(variant.start(), 2) == 400
        assert variant_cache.load(CHESS, None, Variant) is not None  # and written again


class _Runs:
    """Pickles as a call of ``os.system``: what a hostile entry would hold."""

    def __init__(self, command: str) -> None:
        self.command = command

    def __reduce__(self) -> tuple[object, ...]:
        return (os.system, (self.command,))


class _Calls:
    """Pickles as a call of ``function(*arguments)``: what a hand-made entry can ask for."""

    def __init__(self, function: object, *arguments: object) -> None:
        self.function = function
        self.arguments = arguments

    def __reduce__(self) -> tuple[object, ...]:
        return (self.function, self.arguments)


def test_a_hostile_entry_runs_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    touch = f"touch {marker}"
    payloads = [
        pickle.dumps(_Runs(touch), protocol=5),
        pickle.dumps(_Runs(touch), protocol=0),
        b"\x80\x05cbuiltins\neval\n(V__import__('os').system('touch x')\ntR.",
        # classes of the toolkit itself, but outside the variant core's data: a UCI player would
        # start a process
        b"cnotation_toolkit.fsf.uci\nUciPlayer\n(S'touch'\ntR.",
        # the cache's own rebuilders, asked for what is not the variant core's
        pickle.dumps(_Calls(variant_cache._function, "os", "system"), protocol=5),
        pickle.dumps(_Calls(variant_cache._function, "notation_toolkit.variant.players", "make_player")),
        pickle.dumps(_Calls(variant_cache._closure, "os", "system.<locals>.x", 1, (), None, None)),
        pickle.dumps(
            _Calls(variant_cache._closure, "notation_toolkit.variant.game", "Variant.load", 1, (), None, None)
        ),
        pickle.dumps(_Calls(variant_cache._new, "notation_toolkit.variant.players", "RandomPlayer")),
        pickle.dumps(_Calls(variant_cache._new, "builtins", "object")),
        pickle.dumps(_Calls(variant_cache._method, _Runs(touch), "__reduce__")),
        pickle.dumps(_Calls(variant_cache._geometry, 10**9, 10**9)),
        pickle.dumps(_Calls(variant_cache._enum, "os", "environ", "x")),
    ]
    for payload in payloads:
        _write_entry(payload)
        assert variant_cache.load(CHESS, None, Variant) is None
        assert perft(Variant.from_text(CHESS, cache=True).start(), 1) == 20
    assert not marker.exists()


@pytest.mark.parametrize("name", ["seirawan", "horde"])
def test_hooks_made_inside_a_component_are_made_again_from_the_module_code(name: str) -> None:
    # hooks closing over a variant's settings: gating (Seirawan), the piece-count end (Horde)
    text = (EXAMPLES / f"{name}.fbr").read_text(encoding="utf-8")
    fresh = Variant.from_text(text)
    Variant.from_text(text, cache=True)
    cached = variant_cache.load(text, None, Variant)
    assert cached is not None
    made_inside = 0
    for key, hooks in vars(fresh.tables).items():
        if not (isinstance(hooks, list) and hooks and all(callable(h) for h in hooks)):
            continue
        again = getattr(cached.tables, key)
        assert [h.__qualname__ for h in again] == [h.__qualname__ for h in hooks]
        for before, after in zip(hooks, again, strict=True):
            if "<locals>" in getattr(before, "__qualname__", ""):
                made_inside += 1
                assert after is not before and after.__code__ is before.__code__  # the module's code
    assert made_inside
    assert perft(cached.start(), 3) == perft(fresh.start(), 3)


def test_an_entry_of_another_rule_file_is_not_served() -> None:
    other = (EXAMPLES / "capablanca.fbr").read_text(encoding="utf-8")
    Variant.from_text(other, cache=True)
    _entry(CHESS).write_bytes(_entry(other).read_bytes())  # a valid entry under the wrong key
    assert variant_cache.load(CHESS, None, Variant) is None
    assert perft(Variant.from_text(CHESS, cache=True).start(), 1) == 20


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="ownership and modes are POSIX")
def test_an_entry_others_may_write_is_not_read(cache_dir: Path) -> None:
    Variant.from_text(CHESS, cache=True)
    path = _entry()
    path.chmod(0o666)
    assert variant_cache.load(CHESS, None, Variant) is None
    path.chmod(0o600)
    assert variant_cache.load(CHESS, None, Variant) is not None
    cache_dir.chmod(0o777)
    try:
        assert variant_cache.load(CHESS, None, Variant) is None
    finally:
        cache_dir.chmod(0o700)


def test_only_the_variant_core_is_stored() -> None:
    variant = Variant.from_text(CHESS)
    variant.tables.extra_player = threading.Lock()  # type: ignore[attr-defined]
    assert not variant_cache.store(variant, CHESS)
    variant.tables.extra_player = lambda: None  # type: ignore[attr-defined]
    assert not variant_cache.store(variant, CHESS)
    with pytest.raises(pickle.PicklingError):
        variant_cache._Pickler(io.BytesIO(), protocol=5).dump(os.system)


def test_concurrent_writers_and_readers_leave_one_whole_entry(cache_dir: Path) -> None:
    variant = Variant.from_text(CHESS)
    errors: list[BaseException] = []
    loaded: list[object] = []

    def write() -> None:
        try:
            for _ in range(5):
                assert variant_cache.store(variant, CHESS)
        except BaseException as exc:  # collected for the main thread
            errors.append(exc)

    def read() -> None:
        try:
            for _ in range(10):
                loaded.append(variant_cache.load(CHESS, None, Variant))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=write) for _ in range(4)] + [
        threading.Thread(target=read) for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    # a reader sees no entry yet, or a whole one: never half of one
    assert all(v is None or isinstance(v, Variant) for v in loaded)
    final = variant_cache.load(CHESS, None, Variant)
    assert final is not None and perft(final.start(), 2) == 400
    assert [p.name for p in cache_dir.iterdir() if p.name.endswith(".tmp")] == []
