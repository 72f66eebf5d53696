"""Moves made the way an API client makes them, for tests that then read what a device
shows: a POST with the seat's token, and an action at the table's current seq."""

from __future__ import annotations

import uuid

from django.test import Client

from companion.table.models import Table


def post(client: Client, url: str, body: dict, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(url, body, content_type="application/json", headers=headers)


def act(code: str, token: str, action: dict) -> None:
    """``action`` by the seat of ``token``, on the table as it is now; it must apply."""
    body = {
        "action": action,
        "seq": Table.objects.get(code=code).seq,
        "client_id": uuid.uuid4().hex,
    }
    assert post(Client(), f"/api/tables/{code}/actions/", body, token).status_code == 200
