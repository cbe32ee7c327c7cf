"""Fuzzing the studio's JSON API: any request gets a JSON answer with diagnostics, in bounded time.

Bodies are drawn from JSON values of every shape, and from valid requests with their rule file,
position and moves mutated (characters inserted, deleted, swapped, doubled; lines shuffled), so
that the inputs reach the rule-file reader, the variant core and the drawing code, not only the
field checks. Each answer must be a status below 500 (or 503, "too slow"), an object with
``ok``, and when not ok at least one diagnostic with a code, a message in words and no Python
exception name. ``pytest -m fuzz`` runs it; ``--hypothesis-profile=long`` runs longer.
"""

from __future__ import annotations

import json
import re
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation_toolkit.studio.api import Limits, Studio

pytestmark = pytest.mark.fuzz

ROOT = Path(__file__).resolve().parents[2]
RULES = [
    (ROOT / "examples" / "variants" / f"{name}.fbr").read_text(encoding="utf-8")
    for name in ("chess", "minishogi", "xiangqi", "crazyhouse")
]
ENDPOINTS = [
    ("GET", "file"),
    ("GET", "players"),
    ("POST", "check"),
    ("POST", "game"),
    ("POST", "opponent"),
    ("POST", "perft"),
    ("POST", "pieces"),
    ("POST", "pgn"),
    ("POST", "ini"),
    ("POST", "nothing"),
]
FIELDS = [
    "rules",
    "text",
    "position",
    "moves",
    "flipped",
    "depth",
    "divide",
    "player",
    "seed",
    "seconds",
    "white",
    "black",
    "file",
]
# Small budgets: a fuzzed request must end quickly even when it asks for a lot.
STUDIO = Studio(None, Limits(perft_depth=4, perft_seconds=0.5, opponent_seconds=1.0))
# The loaded hypothesis profile's budget (2000 with --hypothesis-profile=long): the long run goes further.
_PROFILE_EXAMPLES = settings.default.max_examples if settings.default is not None else 100
PYTHON_ERRORS = re.compile(r"Traceback|Error\(|RecursionError|MemoryError|KeyError|TypeError|AttributeError")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    chars = list(text)
    for _ in range(draw(st.integers(0, 6))):
        if not chars:
            break
        at = draw(st.integers(0, len(chars) - 1))
        action = draw(st.sampled_from(["insert", "delete", "swap", "double"]))
        if action == "insert":
            chars.insert(
                at, draw(st.sampled_from(list('=+-[](){}~^/ 0123456789KQRBNPkqrbnp!@#,"\n\u00e9\U0001f600')))
            )
        elif action == "delete":
            del chars[at]
        elif action == "swap" and at + 1 < len(chars):
            chars[at], chars[at + 1] = chars[at + 1], chars[at]
        else:
            chars.insert(at, chars[at] * draw(st.integers(2, 40)))
    return "".join(chars)


@st.composite
def requests(draw: st.DrawFn) -> tuple[str, str, dict[str, Any]]:
    method, endpoint = draw(st.sampled_from(ENDPOINTS))
    if draw(st.booleans()):
        body = draw(st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), json_values, max_size=6))
        return method, endpoint, body
    rules = draw(st.sampled_from(RULES))
    body = {"rules": draw(mutated(rules)) if draw(st.booleans()) else rules}
    body["text"] = body["rules"]
    if draw(st.booleans()):
        body["position"] = draw(mutated("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
    body["moves"] = draw(
        st.lists(
            st.sampled_from(["e2e4", "e7e5", "P@e4", "a1a1", "e7e8q", "e2e4+", "", "zz9"])
            | st.text(max_size=6),
            max_size=6,
        )
    )
    body["depth"] = draw(st.integers(-2, 6))
    body["player"] = draw(st.sampled_from(["random", "builtin", "uci:nothing", ""]))
    return method, endpoint, body


def check_answer(status: int, answer: dict[str, Any]) -> None:
    assert status < 500 or status == 503, (status, answer)
    json.dumps(answer)  # JSON-ready
    assert isinstance(answer.get("ok"), bool)
    if not answer["ok"]:
        assert answer["diagnostics"], answer
        for d in answer["diagnostics"]:
            assert re.fullmatch(r"[A-Z]{2,5}[0-9]{3}", d["code"]), d
            assert d["message"] and not PYTHON_ERRORS.search(d["message"]), d


@settings(max_examples=max(150, _PROFILE_EXAMPLES), deadline=None, suppress_health_check=list(HealthCheck))
@given(requests())
def test_every_request_gets_diagnostics_in_bounded_time(request: tuple[str, str, dict[str, Any]]) -> None:
    method, endpoint, body = request
    started = time.process_time()
    status, answer = STUDIO.handle(method, endpoint, body)
    # the opponent and perft have their own budgets (1 s, 0.5 s); loading a mutated rule file is fast
    assert time.process_time() - started < 10
    check_answer(status, answer)


@settings(
    max_examples=max(60, _PROFILE_EXAMPLES // 4), deadline=None, suppress_health_check=list(HealthCheck)
)
@given(st.binary(max_size=300), st.sampled_from(["application/json", "text/plain", ""]))
def test_raw_bodies_through_the_server(data: bytes, kind: str) -> None:
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        from notation_toolkit.studio.server import create_app

        client = TestClient(create_app(None))
        response = client.post("/api/game", content=data, headers={"content-type": kind} if kind else {})
    check_answer(response.status_code, response.json())
