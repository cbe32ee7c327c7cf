"""The studio's web server: Starlette routes around ``notation_toolkit.studio.api.Studio``.

Starlette (with uvicorn) is small, typed and asynchronous, which lets a slow request (perft, the
engine) run in a worker thread under a time limit while the server keeps answering. What the
server adds to the API is only transport safety:

* request bodies are capped (``Limits.body``) before they are read whole, from ``Content-Length``
  and while streaming;
* only JSON objects are read (anything else is STU102), and only with
  ``Content-Type: application/json``, which a web page of another site cannot send without a
  preflight the studio never grants;
* the ``Host`` header must name this machine (127.0.0.1, localhost, [::1]), so that a page
  cannot reach the studio through a DNS name of its own (DNS rebinding);
* each request runs under a wall-clock limit (``Limits.request_seconds``): past it the answer is
  STU201 and the server goes on.
"""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from notation_toolkit.core.codes import info_of
from notation_toolkit.studio import codes
from notation_toolkit.studio.api import LIMITS, ApiError, Limits, Studio, failure

__all__ = ["create_app"]

_STATIC = {
    "index.html": "text/html; charset=utf-8",
    "studio.css": "text/css; charset=utf-8",
    "studio.js": "text/javascript; charset=utf-8",
}
_LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "testserver"}


def _static(name: str) -> bytes:
    return resources.files("notation_toolkit.studio").joinpath("static", name).read_bytes()


def _answer(status: int, payload: dict[str, Any]) -> JSONResponse:
    return JSONResponse(payload, status_code=status, headers={"Cache-Control": "no-store"})


async def _read_body(request: Request, limit: int) -> dict[str, Any]:
    announced = request.headers.get("content-length")
    if announced is not None and (not announced.isdigit() or len(announced) > 15 or int(announced) > limit):
        shown = announced if len(announced) <= 20 else announced[:20] + "..."
        raise ApiError(
            [info_of(codes.TOO_LARGE).diagnostic(size=shown, limit=limit, what="the request", unit="bytes")],
            413,
        )
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(
                [
                    info_of(codes.TOO_LARGE).diagnostic(
                        size=f"more than {limit}", limit=limit, what="the request", unit="bytes"
                    )
                ],
                413,
            )
        chunks.append(chunk)
    data = b"".join(chunks)
    if not data.strip():
        return {}
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind != "application/json":
        raise ApiError(
            [info_of(codes.NOT_JSON).diagnostic(reason=f"Content-Type is {kind or 'missing'}")], 415
        )
    try:
        body = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ApiError([info_of(codes.NOT_JSON).diagnostic(reason=str(exc)[:200])], 400) from None
    if not isinstance(body, dict):
        raise ApiError([info_of(codes.NOT_JSON).diagnostic(reason=f"got a JSON {type(body).__name__}")], 400)
    return body


def create_app(path: Path | None = None, *, limits: Limits = LIMITS) -> Starlette:
    """The studio's ASGI application for the rule file ``path`` (``None``: no file to save to)."""
    studio = Studio(path, limits)
    # At most two computations at once: the machine stays usable while perft or an engine thinks,
    # and a request that overran its time (its thread cannot be stopped) cannot pile up others.
    workers = asyncio.Semaphore(2)

    def local(request: Request) -> bool:
        host = request.headers.get("host", "")
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name in _LOCAL_HOSTS

    async def page(request: Request) -> Response:
        if not local(request):
            return Response("the studio answers only on this machine's own address", status_code=403)
        name = request.path_params.get("name", "index.html")
        if name not in _STATIC:
            return Response("not found", status_code=404)
        return Response(_static(name), media_type=_STATIC[name], headers={"Cache-Control": "no-store"})

    async def api(request: Request) -> Response:
        endpoint = request.path_params["endpoint"]
        if not local(request):
            return _answer(
                403,
                failure(
                    ApiError(
                        [
                            info_of(codes.NOT_FOUND).diagnostic(
                                path=request.url.path,
                                known="the studio answers only on this machine's own address",
                            )
                        ]
                    )
                ),
            )
        try:
            body = await _read_body(request, limits.body) if request.method == "POST" else {}
        except ApiError as exc:
            return _answer(exc.status, failure(exc))
        try:
            async with workers:
                status, payload = await asyncio.wait_for(
                    run_in_threadpool(studio.handle, request.method, endpoint, body), limits.request_seconds
                )
        except TimeoutError:
            error = info_of(codes.TOO_SLOW).diagnostic(
                what=f"/api/{endpoint}",
                limit=f"{limits.request_seconds:g} s",
                hint="the studio goes on; try a smaller request",
            )
            return _answer(503, {"ok": False, "diagnostics": [error.to_dict()]})
        except Exception as exc:  # a bug: answered as a diagnostic, the server goes on
            error = info_of(codes.INTERNAL).diagnostic(path=f"/api/{endpoint}", error=type(exc).__name__)
            return _answer(500, {"ok": False, "diagnostics": [error.to_dict()]})
        return _answer(status, payload)

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/static/{name}", page, methods=["GET"]),
        Route("/api/{endpoint}", api, methods=["GET", "POST"]),
    ]
    return Starlette(routes=routes)
