"""The live table with its Redis unreachable: the real channels_redis layer (and the
cache) pointed at a port nobody listens on. Moves answer success and are in the log,
pages load, and a socket's handshake is accepted and closed cleanly for polling."""

from __future__ import annotations

import time

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from companion.asgi import application
from companion.table import consumers, layer_guard
from companion.table.models import Action, Table

pytestmark = [pytest.mark.fault, pytest.mark.django_db(transaction=True)]

DEAD_REDIS = "redis://127.0.0.1:1/0"


@pytest.fixture
def redis_gone(settings):
    """Channels and the cache on a Redis that refuses every connection."""
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [DEAD_REDIS]},
        }
    }
    settings.CACHES = {
        name: {**conf, "LOCATION": DEAD_REDIS} if "redis" in conf["BACKEND"].lower() else conf
        for name, conf in settings.CACHES.items()
    }
    layer_guard.breaker.reset()
    yield
    layer_guard.breaker.reset()


def post(client: Client, url: str, body: dict, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    began = time.monotonic()
    response = client.post(url, body, content_type="application/json", headers=headers)
    assert time.monotonic() - began < 5, f"{url} took {time.monotonic() - began:.1f} s"
    return response


def _started_table(user) -> tuple[str, list[str], Client]:
    host = Client()
    host.force_login(user)
    created = post(host, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"})
    assert created.status_code == 201, created.content
    code, tokens = created.json()["code"], [created.json()["seat_token"]]
    for name in ("Bea", "Cy"):
        layer_guard.breaker.reset()  # each push really tries the dead Redis
        joined = post(Client(), f"/api/tables/{code}/join/", {"name": name})
        assert joined.status_code == 201, joined.content
        tokens.append(joined.json()["seat_token"])
    layer_guard.breaker.reset()
    assert post(host, f"/api/tables/{code}/start/", {}).status_code == 200
    return code, tokens, host


@pytest.mark.timeout(60)
def test_table_moves_answer_success_and_are_logged_with_redis_gone(user, catalogue, redis_gone):
    code, tokens, host = _started_table(user)
    for seat, target in ((0, 1), (1, 2)):
        layer_guard.breaker.reset()
        body = {
            "action": {"type": "choose", "target": target, "action": "attack"},
            "seq": Table.objects.get(code=code).seq,
            "client_id": f"tap-{seat}",
        }
        acted = post(Client(), f"/api/tables/{code}/actions/", body, tokens[seat])
        assert acted.status_code == 200, acted.content
        assert acted.json()["replayed"] is False
    layer_guard.breaker.reset()
    undone = post(Client(), f"/api/tables/{code}/undo/", {"seq": 2, "client_id": "u"}, tokens[1])
    assert undone.status_code == 200 and undone.json()["applied"] == 3
    log = Action.objects.filter(table__code=code).order_by("seq")
    assert [(a.seq, a.payload["type"], a.undone) for a in log] == [
        (0, "start", False),
        (1, "choose", False),
        (2, "choose", True),
        (3, "undo", False),
    ]
    for url in (f"/t/{code}/", f"/t/{code}/view/", "/tables/", f"/api/tables/{code}/"):
        assert host.get(url).status_code == 200, url


@pytest.mark.timeout(60)
@pytest.mark.asyncio
async def test_a_socket_handshake_with_redis_gone_is_accepted_then_closed_for_polling(
    user, catalogue, redis_gone
):
    code, _, host = await sync_to_async(_started_table)(user)
    layer_guard.breaker.reset()
    cookie = "; ".join(f"{k}={v.value}" for k, v in host.cookies.items()).encode()
    socket = WebsocketCommunicator(
        application,
        f"/ws/tables/{code}/",
        headers=[(b"cookie", cookie), (b"host", b"testserver"), (b"origin", b"http://testserver")],
    )
    began = time.monotonic()
    connected, _ = await socket.connect(timeout=10)
    assert connected
    view = await socket.receive_json_from(timeout=10)
    assert view["type"] == "view" and view["data"]["me"] == 0
    assert await socket.receive_output(timeout=10) == {
        "type": "websocket.close",
        "code": consumers.LAYER_DOWN,
    }
    assert time.monotonic() - began < 5
    await socket.disconnect()
