"""A committed move always answers success: pushing the new views is best effort, so a
channel layer that fails or hangs costs the table its pushes, never a 500 or a lie."""

from __future__ import annotations

import logging
import time
import uuid

import pytest
from django.test import Client

from companion.table import broadcast, layer_guard, selectors
from companion.table.models import Action, Seat, Table
from tests.table.fake_layers import SECRET, DeadLayer, HangingLayer

# on_commit pushes run only when the transaction really commits.
pytestmark = pytest.mark.django_db(transaction=True)


def post(client: Client, url: str, body: dict, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(url, body, content_type="application/json", headers=headers)


@pytest.fixture
def dead(monkeypatch) -> DeadLayer:
    layer = DeadLayer()
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)
    return layer


def failed_push(layer: DeadLayer, request):
    """``request()``'s response, after checking that its push reached the dead layer (the
    breaker closed first, so every path is tried, not skipped)."""
    layer_guard.breaker.reset()
    before = len(layer.calls)
    response = request()
    tried = layer.calls[before:]  # every seat's group_send of the change, sent together
    assert tried and set(tried) == {"group_send"}, "the push was not tried"
    return response


def test_every_write_answers_success_and_is_logged_with_the_layer_down(
    client, user, catalogue, dead, caplog
):
    client.force_login(user)
    created = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"})
    code, tokens = created.json()["code"], [created.json()["seat_token"]]
    for name in ("Bea", "Cy", "Dee"):
        joined = failed_push(
            dead, lambda n=name: post(Client(), f"/api/tables/{code}/join/", {"name": n})
        )
        assert joined.status_code == 201, joined.content
        tokens.append(joined.json()["seat_token"])
    started = failed_push(dead, lambda: post(client, f"/api/tables/{code}/start/", {}))
    assert started.status_code == 200 and started.json()["status"] == "playing"

    body = {"action": {"type": "choose", "target": 1, "action": "attack"}, "seq": 0}
    body["client_id"] = "tap-1"
    acted = failed_push(
        dead, lambda: post(Client(), f"/api/tables/{code}/actions/", body, tokens[0])
    )
    assert acted.status_code == 200 and acted.json() | {"view": None} == {
        "applied": 1,
        "replayed": False,
        "view": None,
    }
    again = post(Client(), f"/api/tables/{code}/actions/", body, tokens[0])
    assert again.json()["replayed"] is True  # the resend finds it: it had been applied once
    assert Action.objects.get(table__code=code, client_id="tap-1").seq == 1

    undone = failed_push(
        dead,
        lambda: post(
            Client(), f"/api/tables/{code}/undo/", {"seq": 1, "client_id": "u-1"}, tokens[0]
        ),
    )
    assert undone.status_code == 200 and undone.json()["applied"] == 2
    removed = failed_push(dead, lambda: client.post(f"/t/{code}/seats/3/remove/"))
    assert removed.status_code in (200, 302)
    assert Seat.objects.get(table__code=code, number=3).removed

    log = list(Action.objects.filter(table__code=code).values_list("seq", "payload__type"))
    assert log == [(0, "start"), (1, "choose"), (2, "undo"), (3, "leave")]  # seat 3 left
    assert "ConnectionError" in caplog.text
    assert SECRET not in caplog.text and "10.9.9.9" not in caplog.text


def test_the_page_forms_answer_success_with_the_layer_down(client, user, catalogue, dead):
    client.force_login(user)
    code = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"}).json()[
        "code"
    ]
    for name in ("Bea", "Cy"):
        guest = Client()
        assert failed_push(
            dead, lambda g=guest, n=name: g.post(f"/t/{code}/", {"name": n})
        ).status_code in (200, 302)
    assert failed_push(dead, lambda: client.post(f"/t/{code}/start/")).status_code in (200, 302)
    acted = failed_push(
        dead,
        lambda: client.post(
            f"/t/{code}/act/",
            {
                "action": '{"type": "choose", "target": 1, "action": "attack"}',
                "seq": "0",
                "client_id": uuid.uuid4().hex,
            },
        ),
    )
    assert acted.status_code == 200
    assert Table.objects.get(code=code).seq == 1
    assert client.get(f"/t/{code}/").status_code == 200


def test_a_hanging_layer_costs_one_move_a_second_then_is_left_alone(
    client, user, catalogue, monkeypatch
):
    client.force_login(user)
    created = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"})
    code, token = created.json()["code"], created.json()["seat_token"]
    for name in ("Bea", "Cy"):
        post(Client(), f"/api/tables/{code}/join/", {"name": name})
    post(client, f"/api/tables/{code}/start/", {})
    hanging = HangingLayer()
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: hanging)

    def choose(target: int, seq: int) -> float:
        began = time.monotonic()
        body = {
            "action": {"type": "choose", "target": target, "action": "attack"},
            "seq": seq,
            "client_id": uuid.uuid4().hex,
        }
        assert post(Client(), f"/api/tables/{code}/actions/", body, token).status_code == 200
        return time.monotonic() - began

    first = choose(1, 0)
    assert layer_guard.TIMEOUT_S <= first < layer_guard.TIMEOUT_S + 2
    sent = list(hanging.calls)  # the seats' group_sends, together, all hanging
    assert sent and set(sent) == {"group_send"}
    post(Client(), f"/api/tables/{code}/undo/", {"seq": 1, "client_id": "u-1"}, token)
    assert choose(2, 2) < layer_guard.TIMEOUT_S  # the breaker is open: no wait at all
    assert hanging.calls == sent
    assert Table.objects.get(code=code).seq == 3


def test_a_push_that_cannot_be_built_still_answers_success(
    client, user, catalogue, monkeypatch, caplog
):
    client.force_login(user)
    created = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"})
    code, token = created.json()["code"], created.json()["seat_token"]
    for name in ("Bea", "Cy"):
        post(Client(), f"/api/tables/{code}/join/", {"name": name})
    post(client, f"/api/tables/{code}/start/", {})

    def broken(*args, **kwargs):
        raise KeyError(f"secret card of seat 2: {SECRET}")

    monkeypatch.setattr(selectors, "views_by_seat", broken)
    body = {
        "action": {"type": "choose", "target": 1, "action": "attack"},
        "seq": 0,
        "client_id": "tap-1",
    }
    with caplog.at_level(logging.ERROR, logger="companion.table.broadcast"):
        acted = post(Client(), f"/api/tables/{code}/actions/", body, token)
    assert acted.status_code == 200 and acted.json()["applied"] == 1
    assert "KeyError" in caplog.text and SECRET not in caplog.text
