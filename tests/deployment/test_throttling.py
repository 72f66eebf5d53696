"""Costly requests are rate-limited with a 429 that says when to come back; reads never."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def tight(settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "validate": "3/min", "signup": "2/hour"}
    settings.CACHES = {
        **settings.CACHES,
        "throttle": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "t"},
    }


def _validate(client):
    return client.post(
        reverse("api-validate", args=["little-game"]), {}, content_type="application/json"
    )


def test_validation_past_its_rate_answers_429_with_retry_after(client, catalogue, tight):
    statuses = [_validate(client).status_code for _ in range(4)]
    assert statuses[:3] == [statuses[0]] * 3 and statuses[0] != 429
    response = _validate(client)
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    assert "try again in" in response.json()["detail"]


def test_each_signed_in_user_has_a_budget_of_their_own(client, catalogue, tight, user, other_user):
    client.force_login(user)
    for _ in range(3):
        _validate(client)
    assert _validate(client).status_code == 429
    client.force_login(other_user)
    assert _validate(client).status_code != 429


def test_sign_up_page_past_its_rate_says_so_in_plain_text(client, tight):
    for n in range(2):
        client.post(reverse("signup"), {"username": f"u{n}"})
    response = client.post(reverse("signup"), {"username": "u9"})
    assert response.status_code == 429
    assert response["Content-Type"].startswith("text/plain")


def test_reading_pages_is_never_throttled(client, catalogue, tight):
    for _ in range(10):
        assert client.get(reverse("catalog:home")).status_code == 200


def test_throttle_counts_survive_a_dead_redis(client, catalogue, settings):
    """The throttle's cache on Redis fails open: no 500 when Redis is gone."""
    settings.CACHES = {
        **settings.CACHES,
        "throttle": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.2},
        },
    }
    assert _validate(client).status_code < 500


async def _answer_to_act(socket) -> dict:
    """The socket's answer to an action: the first message that is not a pushed view."""
    answer = await socket.receive_json_from(timeout=5)
    return answer if answer["type"] != "view" else await _answer_to_act(socket)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_socket_actions_past_the_table_rate_are_refused_and_the_socket_stays(user, settings):
    from asgiref.sync import sync_to_async

    from tests.table.test_live_sync import _connect, _open_table

    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "table": "2/min"}
    settings.CACHES = {
        **settings.CACHES,
        "throttle": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "s"},
    }
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _connect(code, devices[1])
    answers = []
    for n in range(3):
        await socket.send_json_to(
            {"type": "act", "action": {"type": "nonsense"}, "seq": 0, "client_id": f"c{n}"}
        )
        answers.append(await _answer_to_act(socket))
    assert "Too many actions" not in json.dumps(answers[:2])
    assert "Too many actions" in answers[2]["errors"]["action"]
    await socket.send_json_to({"type": "ping"})
    assert (await socket.receive_json_from(timeout=5))["type"] == "pong"
    await socket.disconnect()
