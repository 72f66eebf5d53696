"""Which pages may open a table's WebSocket: the site's own, compared exactly.

A browser sends the player's cookie with a WebSocket handshake from any page, so a page
on another site could otherwise open a seat's socket, read its hidden view and act. Every
browser names the page's origin in the handshake (RFC 6455, 4.1), so an ``Origin`` that
is present must be one of ours, scheme, host and port, as Django's CSRF check compares a
form's ``Origin`` (``CsrfViewMiddleware._origin_verified``): the handshake's own
``scheme://Host`` (the host one of ``ALLOWED_HOSTS``, the scheme ``https`` behind the TLS
proxy by ``SECURE_PROXY_SSL_HEADER``), or an entry of ``CSRF_TRUSTED_ORIGINS`` (its
``https://*.example.com`` form for subdomains). Channels' ``AllowedHostsOriginValidator``
compares host names only: another port or plain ``http`` of an allowed host passed it.

A handshake with no ``Origin`` passes: only a non-browser client sends none (an API
client with its ``?seat=`` token, the benchmark), it carries no one else's cookie, and it
could write any ``Origin`` it liked, so refusing it would stop nobody.
"""

from __future__ import annotations

import io
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest
from django.http.request import is_same_domain

# The page's scheme for the socket's (ws: a page on http, wss: on https).
_PAGE_SCHEME = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


def _origins(scope: dict[str, Any]) -> list[str]:
    return [
        value.decode("latin-1") for name, value in scope.get("headers", []) if name == b"origin"
    ]


def own_origin(scope: dict[str, Any]) -> str | None:
    """``scheme://host[:port]`` of the page that may open this handshake, as Django reads
    a request's (``get_host``: ``ALLOWED_HOSTS``, ``USE_X_FORWARDED_HOST``; ``scheme``:
    ``SECURE_PROXY_SSL_HEADER``); None when its host is not ours."""
    scheme = _PAGE_SCHEME.get(str(scope.get("scheme") or "ws"), "http")
    # Only what ``get_host`` and ``scheme`` read: the path and the query play no part.
    http = {**scope, "type": "http", "method": "GET", "scheme": scheme, "query_string": b""}
    request = ASGIRequest(http, io.BytesIO())
    try:
        return f"{request.scheme}://{request.get_host()}"
    except DisallowedHost:
        return None


def trusted(origin: str) -> bool:
    """``origin`` is one of ``CSRF_TRUSTED_ORIGINS``: exactly, or within a
    ``scheme://*.domain`` entry, as Django's CSRF check reads them."""
    entries = settings.CSRF_TRUSTED_ORIGINS
    if origin in (entry for entry in entries if "*" not in entry):
        return True
    try:
        parsed = urlsplit(origin)
    except ValueError:
        return False
    wildcards = (urlsplit(entry) for entry in entries if "*" in entry)
    return any(
        entry.scheme == parsed.scheme and is_same_domain(parsed.netloc, entry.netloc.lstrip("*"))
        for entry in wildcards
    )


def origin_allowed(scope: dict[str, Any]) -> bool:
    """Whether this handshake may go on: no ``Origin`` (not a browser), or exactly the
    site's own origin or a trusted one. Two different ``Origin`` headers: refused."""
    sent = set(_origins(scope))
    if not sent:
        return True
    if len(sent) > 1:
        return False
    origin = sent.pop()
    return origin == own_origin(scope) or trusted(origin)


class SiteOriginValidator:
    """ASGI middleware: ``application`` behind ``origin_allowed``; a refused handshake is
    denied before the application sees it."""

    def __init__(self, application: Any):
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            raise ValueError("SiteOriginValidator guards WebSocket handshakes only")
        if origin_allowed(scope):
            return await self.application(scope, receive, send)
        # Refused as Channels' ``WebsocketDenier`` does (HTTP 403), without its trip to the
        # database thread: a page elsewhere must cost the server nothing.
        if (await receive())["type"] == "websocket.connect":
            await send({"type": "websocket.close"})
        return None


def site_origins_only(application: Any) -> SiteOriginValidator:
    """``application`` behind the check, with the origins Django's CSRF check allows."""
    return SiteOriginValidator(application)
