"""A table socket opens only from the site's own pages, scheme, host and port compared
exactly as Django's CSRF check compares a form's ``Origin`` (issue 26, finding 9): another
port or plain ``http`` of an allowed host must not drive a player's seat."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.middleware.csrf import CsrfViewMiddleware
from django.test import RequestFactory, override_settings

from companion.asgi import application
from companion.table.origin import SiteOriginValidator
from tests.table.test_live_sync import _open_table

HOST = b"127.0.0.1:8000"  # the page as `make run` serves it


def _socket(code: str, device: Any, origin: bytes, host: bytes = HOST) -> WebsocketCommunicator:
    cookie = "; ".join(f"{k}={v.value}" for k, v in device.cookies.items())
    headers = [(b"cookie", cookie.encode()), (b"host", host), (b"origin", origin)]
    return WebsocketCommunicator(application, f"/ws/tables/{code}/", headers=headers)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize(
    "origin",
    [
        b"http://127.0.0.1:9999",  # another program on the player's machine
        b"https://127.0.0.1",
        b"http://127.0.0.1",
        b"https://127.0.0.1:8000",
        b"http://localhost:8000",  # an allowed host, but not the page's
        b"null",
    ],
)
async def test_another_port_or_scheme_of_an_allowed_host_cannot_drive_a_seat(user, origin):
    code, devices = await sync_to_async(_open_table)(user)
    socket = _socket(code, devices[1], origin)
    connected, _ = await socket.connect(timeout=5)
    assert not connected
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_page_on_the_handshakes_own_origin_drives_its_seat(user):
    code, devices = await sync_to_async(_open_table)(user)
    socket = _socket(code, devices[1], b"http://127.0.0.1:8000")
    assert (await socket.connect(timeout=5))[0]
    assert (await socket.receive_json_from(timeout=5))["data"]["me"] == 1
    await socket.disconnect()


# --- the rule alone, against Django's own CSRF check ------------------------------------


async def _accepted(headers: list[tuple[bytes, bytes]], scheme: str = "ws") -> bool:
    async def app(scope, receive, send):
        await send({"type": "websocket.accept"})

    socket = WebsocketCommunicator(SiteOriginValidator(app), "/ws/tables/ABCDEF/", headers)
    socket.scope["scheme"] = scheme
    connected, _ = await socket.connect(timeout=5)
    await socket.disconnect()
    return connected


def _csrf_accepts(host: str, origin: str, secure: bool, forwarded: str | None) -> bool:
    """What Django's CSRF check says of a form posted from ``origin`` to ``host``."""
    extra = {"HTTP_HOST": host, "HTTP_ORIGIN": origin}
    if forwarded:
        extra["HTTP_X_FORWARDED_PROTO"] = forwarded
    request = RequestFactory().post("/", secure=secure, **extra)
    return CsrfViewMiddleware(lambda r: None)._origin_verified(request)


TRUSTED = ["https://muster.example", "https://*.club.example"]
CASES = [  # host, scheme of the socket, X-Forwarded-Proto, Origin
    ("127.0.0.1:8000", "ws", None, "http://127.0.0.1:8000"),
    ("127.0.0.1:8000", "ws", None, "http://127.0.0.1:9999"),
    ("127.0.0.1:8000", "ws", None, "https://127.0.0.1:8000"),
    ("127.0.0.1:8000", "wss", None, "https://127.0.0.1:8000"),
    ("127.0.0.1:8000", "wss", None, "http://127.0.0.1:8000"),
    ("localhost", "ws", None, "http://localhost"),
    ("localhost", "ws", None, "http://localhost:80"),
    ("localhost", "ws", "https", "https://localhost"),  # behind the TLS proxy
    ("localhost", "ws", "https", "http://localhost"),
    ("evil.example", "ws", None, "http://evil.example"),  # a host not ours: rebinding
    ("127.0.0.1:8000", "ws", None, "https://muster.example"),
    ("127.0.0.1:8000", "ws", None, "https://muster.example:8443"),
    ("127.0.0.1:8000", "ws", None, "http://muster.example"),
    ("127.0.0.1:8000", "ws", None, "https://hall.club.example"),
    ("127.0.0.1:8000", "ws", None, "https://club.example"),
    ("127.0.0.1:8000", "ws", None, "http://hall.club.example"),
    ("127.0.0.1:8000", "ws", None, "https://hall.club.example.evil"),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("host", "scheme", "forwarded", "origin"), CASES)
async def test_a_socket_accepts_exactly_the_origins_djangos_csrf_check_accepts(
    host, scheme, forwarded, origin
):
    headers = [(b"host", host.encode()), (b"origin", origin.encode())]
    if forwarded:
        headers.append((b"x-forwarded-proto", forwarded.encode()))
    with override_settings(
        CSRF_TRUSTED_ORIGINS=TRUSTED,
        SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https") if forwarded else None,
    ):
        expected = _csrf_accepts(host, origin, scheme == "wss", forwarded)
        assert await _accepted(headers, scheme) is expected


def test_the_cases_cover_both_answers():
    with override_settings(CSRF_TRUSTED_ORIGINS=TRUSTED):
        answers = {_csrf_accepts(h, o, s == "wss", None) for h, s, f, o in CASES if not f}
    assert answers == {True, False}


@pytest.mark.asyncio
async def test_a_client_without_an_origin_is_accepted_and_two_origins_are_not():
    host = (b"host", HOST)
    assert await _accepted([host])  # an API client with its seat token
    good = (b"origin", b"http://127.0.0.1:8000")
    assert await _accepted([host, good])
    assert not await _accepted([host, good, (b"origin", b"http://evil.example")])
