"""The WebSocket of each device: a push after every committed change, each device its own
view, and the server's state again after a reconnect."""

from __future__ import annotations

import uuid

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from companion.asgi import application
from companion.table.models import Table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def _open_table(user) -> tuple[str, list[Client]]:
    """A started three-player table; one signed-in host and two guests with sessions."""
    from catalog.services import load_catalogue

    load_catalogue()
    host = Client()
    host.force_login(user)
    code = host.post(
        "/api/tables/",
        {"game": "missiles-and-microchips", "name": "Ada"},
        content_type="application/json",
    ).json()["code"]
    devices = [host]
    for name in ("Bea", "Cy"):
        guest = Client()
        guest.post(f"/t/{code}/", {"name": name})
        devices.append(guest)
    host.post(f"/api/tables/{code}/start/", content_type="application/json")
    return code, devices


def _socket(code: str, device: Client) -> WebsocketCommunicator:
    cookie = "; ".join(f"{k}={v.value}" for k, v in device.cookies.items())
    return WebsocketCommunicator(
        application,
        f"/ws/tables/{code}/",
        headers=[(b"cookie", cookie.encode()), (b"host", b"testserver")],
    )


async def _connect(code: str, device: Client) -> tuple[WebsocketCommunicator, dict]:
    socket = _socket(code, device)
    connected, _ = await socket.connect()
    assert connected
    return socket, await socket.receive_json_from(timeout=5)


async def test_every_device_gets_its_own_view_after_an_action(user):
    code, devices = await sync_to_async(_open_table)(user)
    sockets = []
    for device in devices:
        socket, first = await _connect(code, device)
        assert first["type"] == "view" and first["seq"] == 0
        sockets.append(socket)
    table = await sync_to_async(Table.objects.get)(code=code)

    def choose() -> int:
        return (
            devices[1]
            .post(
                f"/t/{code}/act/",
                {
                    "action": '{"type": "choose", "target": 2, "action": "charge"}',
                    "seq": "0",
                    "client_id": uuid.uuid4().hex,
                },
            )
            .status_code
        )

    assert await sync_to_async(choose)() == 200
    for number, socket in enumerate(sockets):
        message = await socket.receive_json_from(timeout=5)
        assert message["seq"] == 1
        me = message["data"]["view"]["players"][1]
        assert me["chosen"] is True
        assert ("choice" in me) == (number == 1)  # only Bea's own device sees her cards
    for socket in sockets:
        await socket.disconnect()
    assert table.pk


async def test_a_reconnect_shows_the_servers_state(user):
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _connect(code, devices[0])
    await socket.disconnect()

    def two_moves() -> None:
        for seat, target in ((1, 2), (2, 0)):
            seq = Table.objects.get(code=code).seq
            devices[seat].post(
                f"/t/{code}/act/",
                {
                    "action": f'{{"type": "choose", "target": {target}, "action": "attack"}}',
                    "seq": str(seq),
                    "client_id": uuid.uuid4().hex,
                },
            )

    await sync_to_async(two_moves)()
    socket, first = await _connect(code, devices[0])
    table = await sync_to_async(Table.objects.get)(code=code)
    assert first["seq"] == table.seq == 2
    await socket.send_json_to({"type": "ping"})
    assert (await socket.receive_json_from(timeout=5)) == {"type": "pong", "seq": 2}
    await socket.disconnect()


async def test_an_unknown_table_closes_the_socket(user):
    socket = WebsocketCommunicator(application, "/ws/tables/NOPE00/")
    connected, code = await socket.connect()
    assert not connected


def _remove_seat(code: str, host: Client, number: int) -> None:
    assert host.post(f"/t/{code}/seats/{number}/remove/").status_code in (200, 302)


async def test_a_removed_seats_device_watches_the_public_board_and_cannot_act(user):
    code, devices = await sync_to_async(_open_table)(user)
    socket, first = await _connect(code, devices[2])
    assert first["data"]["me"] == 2
    await sync_to_async(_remove_seat)(code, devices[0], 2)
    pushed = await socket.receive_json_from(timeout=5)
    assert pushed["data"]["me"] is None and pushed["data"]["legal_actions"] == []
    await socket.send_json_to(
        {"type": "act", "action": {"type": "choose", "target": 0, "action": "attack"}, "seq": 0}
    )
    refused = await socket.receive_json_from(timeout=5)
    assert refused == {"type": "error", "errors": {"seat": "Spectators cannot act."}}
    await socket.disconnect()


async def test_a_socket_forwards_the_servers_encoded_view_to_an_api_client(user):
    """``format=json`` clients get the view as the server encoded it once for the seat."""
    code, devices = await sync_to_async(_open_table)(user)
    cookie = "; ".join(f"{k}={v.value}" for k, v in devices[1].cookies.items())
    socket = WebsocketCommunicator(
        application,
        f"/ws/tables/{code}/?format=json",
        headers=[(b"cookie", cookie.encode()), (b"host", b"testserver")],
    )
    assert (await socket.connect())[0]
    first = await socket.receive_json_from(timeout=5)
    assert "html" not in first and first["data"]["me"] == 1
    await socket.send_json_to(
        {
            "type": "act",
            "action": {"type": "choose", "target": 2, "action": "charge"},
            "seq": 0,
            "client_id": "c-1",
        }
    )
    replies = [await socket.receive_json_from(timeout=5) for _ in range(2)]
    kinds = sorted(r["type"] for r in replies)
    assert kinds == ["applied", "view"]
    view = next(r for r in replies if r["type"] == "view")
    assert view["seq"] == 1 and view["data"]["view"]["players"][1]["choice"]["action"] == "charge"
    await socket.disconnect()
