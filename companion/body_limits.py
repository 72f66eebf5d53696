"""Request bodies have a size per kind, refused before they are read whole.

Django's ASGI handler reads the whole body into a spooled file before any middleware
runs, so a 400 MB upload costs its disk and time before a view could say no. This ASGI
middleware sits in front of it: a ``Content-Length`` over the path's limit is answered
413 at once, unread; a body without one (chunked) is read only up to the limit. The
DRF parsers and the settings' ``DATA_UPLOAD_MAX_MEMORY_SIZE`` apply the same numbers
inside Django, so the test client (which skips ASGI) meets them too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

KB = 1024
MB = 1024 * KB

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

# STL designs: upload_check.MAX_BYTES (25 MB) plus the form around the file.
UPLOAD_BYTES = 26 * MB
# A list document or builder form: a list body is at most LIST_BODY_BYTES as JSON; a
# form carries it percent-encoded (up to three times longer) with its other fields.
LIST_BODY_BYTES = 256 * KB
LIST_REQUEST_BYTES = 1 * MB
# One move at a table: a Smalltricks arrangement or a Maker-War order is well under 2 KB.
ACTION_BYTES = 64 * KB
# Everything else: sign-in, homebrew, print and collection forms, table settings.
DEFAULT_BYTES = 256 * KB

# (kind, path pattern, limit), first match wins.
KINDS: tuple[tuple[str, re.Pattern[str], int], ...] = (
    ("upload", re.compile(r"^/(3d/designs/upload|api/stl/designs)/$"), UPLOAD_BYTES),
    (
        "action",
        re.compile(r"^/(t/[^/]+/(act|undo)|api/tables/[^/]+/(actions|undo))/$"),
        ACTION_BYTES,
    ),
    (
        "list",
        re.compile(r"^/(api/[^/]+/(lists|validate)|games/[^/]+/lists)(/|$)"),
        LIST_REQUEST_BYTES,
    ),
)


def limit_for(path: str) -> tuple[str, int]:
    """The kind of body ``path`` takes and the most bytes it may have."""
    for kind, pattern, limit in KINDS:
        if pattern.match(path):
            return kind, limit
    return "default", DEFAULT_BYTES


def too_large_message(kind: str, limit: int) -> str:
    size = f"{limit // MB} MB" if limit >= MB else f"{limit // KB} KB"
    noun = {"default": "this request", "list": "a list", "action": "a table action"}.get(
        kind, "an upload"
    )
    return f"Request body too large: at most {size} for {noun}."


class BodyLimitMiddleware:
    """ASGI middleware: 413 for a body over its path's limit, before Django reads it."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        kind, limit = limit_for(scope.get("path", ""))
        length = _content_length(scope)
        if length is not None:
            if length < 0:
                await _refuse(send, scope, 400, "Content-Length is not a number.")
            elif length > limit:
                await _refuse(send, scope, 413, too_large_message(kind, limit))
            else:
                await self.app(scope, receive, send)
            return
        # No length given (chunked): read up to the limit, then hand the body on.
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _refuse(send, scope, 413, too_large_message(kind, limit))
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay(b"".join(chunks), receive), send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            if not text.isdigit():
                return -1
            return int(text) if len(text) < 19 else 2**63  # beyond any limit, unparsed
    return None


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # later: the disconnect Django listens for

    return replay


async def _refuse(send: Send, scope: Scope, status: int, text: str) -> None:
    if scope.get("path", "").startswith("/api/"):
        body, content_type = json.dumps({"detail": text}).encode(), b"application/json"
    else:
        body, content_type = text.encode(), b"text/plain; charset=utf-8"
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", content_type),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
