"""A table's socket through faults: a channel layer that is down or hangs at the
handshake, a page on another site, and malformed messages, none of which may fail the
handshake with a 500 or close an open socket with 1011."""

from __future__ import annotations

import json
import time

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from companion.asgi import application
from companion.table import consumers, services, socket_messages
from tests.table.fake_layers import DeadLayer, HangingLayer
from tests.table.test_live_sync import _connect, _open_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def _cookie(device) -> bytes:
    return "; ".join(f"{k}={v.value}" for k, v in device.cookies.items()).encode()


def _socket(code: str, device, origin: bytes | None = None) -> WebsocketCommunicator:
    headers = [(b"cookie", _cookie(device)), (b"host", b"testserver")]
    if origin is not None:
        headers.append((b"origin", origin))
    return WebsocketCommunicator(application, f"/ws/tables/{code}/", headers=headers)


@pytest.mark.parametrize(
    "layer",
    [DeadLayer(), DeadLayer(only=("group_add",)), HangingLayer()],
    ids=["redis-refused", "group-add-refused", "redis-hangs"],
)
async def test_a_dead_layer_sends_the_view_then_closes_cleanly_for_polling(
    user, monkeypatch, layer
):
    code, devices = await sync_to_async(_open_table)(user)
    monkeypatch.setattr(consumers, "get_channel_layer", lambda alias: layer)
    socket = _socket(code, devices[1])
    began = time.monotonic()
    connected, _ = await socket.connect(timeout=5)
    assert connected
    view = await socket.receive_json_from(timeout=5)
    assert view["type"] == "view" and view["data"]["me"] == 1
    closed = await socket.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": consumers.LAYER_DOWN}
    assert time.monotonic() - began < 4  # one bounded try, never the layer's own timeouts
    await socket.disconnect()


async def test_after_a_failure_the_next_handshake_skips_the_layer(user, monkeypatch):
    code, devices = await sync_to_async(_open_table)(user)
    layer = DeadLayer()
    monkeypatch.setattr(consumers, "get_channel_layer", lambda alias: layer)
    for _ in range(2):
        socket = _socket(code, devices[0])
        assert (await socket.connect(timeout=5))[0]
        await socket.receive_json_from(timeout=5)
        assert (await socket.receive_output(timeout=5))["code"] == consumers.LAYER_DOWN
        await socket.disconnect()
    assert layer.calls == ["new_channel"]


@pytest.mark.parametrize(
    "origin", [b"http://evil.example", b"https://testserver.evil.example", b"null"]
)
async def test_a_page_on_another_site_cannot_open_a_seats_socket(user, origin):
    code, devices = await sync_to_async(_open_table)(user)
    socket = _socket(code, devices[1], origin=origin)
    connected, _ = await socket.connect(timeout=5)
    assert not connected
    await socket.disconnect()


@pytest.mark.parametrize("origin", [b"http://testserver", None])  # ports: test_socket_origin
async def test_the_sites_own_pages_and_clients_without_an_origin_are_accepted(user, origin):
    """Every browser sends its page's Origin; only non-browser clients (API clients with a
    seat token, the benchmark) send none, and they carry no one else's cookie."""
    code, devices = await sync_to_async(_open_table)(user)
    socket = _socket(code, devices[1], origin=origin)
    connected, _ = await socket.connect(timeout=5)
    assert connected
    assert (await socket.receive_json_from(timeout=5))["data"]["me"] == 1
    await socket.disconnect()


MALFORMED = {
    "not JSON": "{'type': 'ping'",
    "an array": "[1, 2, 3]",
    "a number": "1",
    "null": "null",
    "10,000 deep": "[" * 10_000 + "]" * 10_000,
    "deep object": json.dumps(
        {"type": "act", "action": {"type": "x", "a": [[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]}}
    ),
    "oversized": json.dumps({"type": "ping", "pad": "x" * socket_messages.MAX_CHARS}),
    "huge integer": '{"type": "act", "seq": ' + "9" * 5000 + "}",
    "wrong types": json.dumps({"type": "act", "action": [], "seq": "0", "client_id": 7}),
    "action without type": json.dumps({"type": "act", "action": {"target": 1}, "seq": 0}),
    "seq true": json.dumps(
        {"type": "act", "action": {"type": "pass"}, "seq": True, "client_id": "c"}
    ),
    "long client id": json.dumps(
        {"type": "act", "action": {"type": "pass"}, "seq": 0, "client_id": "c" * 65}
    ),
    "reserved client id": json.dumps(
        {"type": "act", "action": {"type": "pass"}, "seq": 0, "client_id": "table:start"}
    ),
    "unknown type": json.dumps({"type": ["ping"]}),
}


async def test_malformed_messages_get_an_error_and_the_socket_stays_open(user):
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _connect(code, devices[1])
    for name, text in MALFORMED.items():
        await socket.send_to(text_data=text)
        answer = await socket.receive_json_from(timeout=5)
        assert answer["type"] == "error" and answer["errors"], name
        await socket.send_json_to({"type": "ping"})
        assert (await socket.receive_json_from(timeout=5))["type"] == "pong", name
    for frame in ({"bytes": b"\x00\x01"}, {"text": ""}):  # binary, and an empty text
        await socket.send_input({"type": "websocket.receive", **frame})
        assert (await socket.receive_json_from(timeout=5))["type"] == "error"
    wrong = await _answer(socket, MALFORMED["wrong types"])
    assert set(wrong["errors"]) == {"action", "seq", "client_id"}
    await socket.send_json_to(
        {
            "type": "act",
            "action": {"type": "choose", "target": 2, "action": "charge"},
            "seq": 0,
            "client_id": "c-1",
        }
    )
    replies = [await socket.receive_json_from(timeout=5) for _ in range(2)]
    assert sorted(r["type"] for r in replies) == ["applied", "view"]  # still a working seat
    await socket.disconnect()


async def _answer(socket: WebsocketCommunicator, text: str) -> dict:
    await socket.send_to(text_data=text)
    return await socket.receive_json_from(timeout=5)


async def test_a_server_fault_on_one_message_answers_an_error_and_keeps_the_socket(
    user, monkeypatch
):
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _connect(code, devices[1])

    def broken(**kwargs):
        raise TypeError("an engine bug")

    monkeypatch.setattr(services, "act", broken)
    answer = await _answer(
        socket,
        json.dumps({"type": "act", "action": {"type": "pass"}, "seq": 0, "client_id": "c"}),
    )
    assert answer == {"type": "error", "errors": {"message": "The server could not do that."}}
    await socket.send_json_to({"type": "ping"})
    assert (await socket.receive_json_from(timeout=5))["type"] == "pong"
    await socket.disconnect()
