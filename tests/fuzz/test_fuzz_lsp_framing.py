"""Fuzzing the language server's framing (``notation_toolkit.lsp.framing.FrameReader``).

Whatever bytes arrive, in whatever chunks: the reader never raises, its buffer stays bounded, a
well-formed stream gives exactly its messages, and a well-formed message sent after any garbage
and a blank line is read (the reader resynchronises on its header). The last target sends the
same garbage to a live ``ntk lsp`` over stdio: a hover after it is always answered.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation_toolkit.lsp.framing import FrameReader, Malformed, Message

pytestmark = pytest.mark.fuzz

MAX_BODY = 4096
MAX_HEADER = 512

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
# Bytes biased toward what confuses a framer: header words, digits, newlines, braces.
pieces = st.sampled_from(
    [b"Content-Length:", b"content-length: ", b"Content-Type: x", b"\r\n", b"\n", b"\r\n\r\n",
     b"-1", b"0", b"12", b"99999999999999999999", b"{", b"}", b'"', b"\x00", b"\xff", b" "]
)  # fmt: skip
garbage = st.lists(st.binary(max_size=30) | pieces, max_size=30).map(b"".join)


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def feed(reader: FrameReader, data: bytes, cuts: list[int]) -> list[Message | Malformed]:
    events: list[Message | Malformed] = []
    points = sorted({0, len(data), *(c % (len(data) + 1) for c in cuts)})
    for start, end in itertools.pairwise(points):
        chunk = data[start:end]
        events.extend(reader.feed(chunk))
        assert len(reader._buffer) <= MAX_BODY + MAX_HEADER + len(chunk) + 64
    return events


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=3000) | garbage, cuts=st.lists(st.integers(0, 4000), max_size=12))
def test_any_bytes_in_any_chunks_never_raise_and_stay_bounded(data: bytes, cuts: list[int]) -> None:
    reader = FrameReader(max_body=MAX_BODY, max_header=MAX_HEADER)
    for event in feed(reader, data, cuts):
        assert isinstance(event, (Message, Malformed))
        if isinstance(event, Message):
            assert len(event.body) <= MAX_BODY
        else:
            assert event.reason and "\n" not in event.reason


@settings(max_examples=200, deadline=None)
@given(
    values=st.lists(json_values, min_size=1, max_size=5),
    indent=st.none() | st.integers(0, 2),
    cuts=st.lists(st.integers(0, 4000), max_size=12),
)
def test_a_well_formed_stream_gives_exactly_its_messages(
    values: list[object], indent: int | None, cuts: list[int]
) -> None:
    bodies = [json.dumps(v, indent=indent, ensure_ascii=False).encode() for v in values]
    reader = FrameReader(max_body=MAX_BODY * 16, max_header=MAX_HEADER)
    events = feed(reader, b"".join(frame(b) for b in bodies), cuts)
    assert events == [Message(b) for b in bodies]


@settings(max_examples=300, deadline=None)
@given(noise=garbage, value=json_values, cuts=st.lists(st.integers(0, 4000), max_size=12))
def test_a_message_after_any_garbage_and_a_blank_line_is_read(
    noise: bytes, value: object, cuts: list[int]
) -> None:
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "params": value}).encode()
    reader = FrameReader(max_body=MAX_BODY, max_header=MAX_HEADER)
    events = feed(reader, noise + b"\r\n\r\n" + frame(body), cuts)
    assert events and events[-1] == Message(body)


@pytest.fixture(scope="module")
def live_server() -> Iterator[Any]:
    pytest.importorskip("pygls")
    from lsp.test_hostile_client import Driver  # type: ignore[import-not-found]  # tests/lsp

    driver = Driver()
    driver.start()
    yield driver
    code, stderr = driver.stop()
    assert code == 0 and "Traceback" not in stderr


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(noise=garbage)
def test_a_live_server_answers_a_hover_after_any_garbage(live_server: Any, noise: bytes) -> None:
    live_server.send(noise + b"\r\n\r\n")
    assert live_server.hover().get("result") is not None
