"""Pushes as a table page gets them: each seat's view encoded once per change (never once
per device) and forwarded to its devices untouched, pages and API clients alike (a page
draws the view itself); and the reads of a device's view, each made once."""

from __future__ import annotations

import json
import uuid

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from companion.asgi import application
from companion.table import broadcast, selectors
from companion.table.models import Seat, Table
from companion.table.view_texts import TEXTS
from tests.table.test_live_sync import _open_table, _remove_seat

CHOOSE_CHARGE = '{"type": "choose", "target": 2, "action": "charge"}'


def _socket(code: str, device: Client, query: str = "") -> WebsocketCommunicator:
    cookie = "; ".join(f"{k}={v.value}" for k, v in device.cookies.items())
    return WebsocketCommunicator(
        application,
        f"/ws/tables/{code}/{query}",
        headers=[(b"cookie", cookie.encode()), (b"host", b"testserver")],
    )


async def _open(code: str, device: Client, query: str = "") -> WebsocketCommunicator:
    socket = _socket(code, device, query)
    assert (await socket.connect(timeout=5))[0]
    first = json.loads(await socket.receive_from(timeout=5))
    assert first["type"] == "view" and "html" not in first
    return socket


def _act(code: str, device: Client, action: str) -> int:
    seq = Table.objects.get(code=code).seq
    body = {"action": action, "seq": str(seq), "client_id": uuid.uuid4().hex}
    return device.post(f"/t/{code}/act/", body).status_code


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_each_device_gets_its_own_seats_view_as_the_server_encoded_it_once(user):
    code, devices = await sync_to_async(_open_table)(user)
    bea = [await _open(code, devices[1]) for _ in range(2)]  # Bea's tablet and phone
    ada = await _open(code, devices[0])
    api = await _open(code, devices[1], "?format=json")
    board = await _open(code, Client(), "?board=1")
    assert await sync_to_async(_act)(code, devices[1], CHOOSE_CHARGE) == 200

    texts = [await socket.receive_from(timeout=5) for socket in bea]
    assert texts[0] == texts[1]  # the same text, forwarded untouched
    mine = json.loads(texts[0])
    assert mine["seq"] == 1 and mine["data"]["seq"] == 1
    assert mine["data"]["view"]["players"][1]["choice"]["action"] == "charge"

    others = [await s.receive_from(timeout=5) for s in (ada, board)]
    for other in others:
        assert json.loads(other)["seq"] == 1
        assert "choice" not in json.loads(other)["data"]["view"]["players"][1]
    assert json.loads(others[1])["data"]["me"] is None
    assert "charge" not in others[1]  # the board: Bea's card nowhere in the text
    assert await api.receive_from(timeout=5) == texts[0]  # an API client: the very same text
    for socket in (*bea, ada, api, board):
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_seats_view_is_encoded_once_whatever_its_number_of_devices(user, monkeypatch):
    code, devices = await sync_to_async(_open_table)(user)
    renders: list[int] = []
    real = broadcast.view_message

    def counted(view: dict, error: dict | None = None) -> str:
        renders.append(view["seq"])
        return real(view, error)

    monkeypatch.setattr(broadcast, "view_message", counted)
    sockets = [await _open(code, devices[n]) for n in range(3)]
    renders.clear()  # the first views: one each, read on connecting
    assert await sync_to_async(_act)(code, devices[1], CHOOSE_CHARGE) == 200
    for socket in sockets:
        await socket.receive_from(timeout=5)
    with_one_device_each = len(renders)
    # The three seats, the board when the layer cannot tell nobody watches it, and the
    # tap's own answer.
    assert 4 <= with_one_device_each <= 5

    sockets += [await _open(code, devices[1]) for _ in range(3)]  # three more on seat 1
    assert len(renders) == with_one_device_each  # their first views: the push's own texts
    renders.clear()
    cy_charges_ada = '{"type": "choose", "target": 0, "action": "charge"}'
    assert await sync_to_async(_act)(code, devices[2], cy_charges_ada) == 200
    for socket in sockets:
        assert json.loads(await socket.receive_from(timeout=5))["seq"] == 2
    assert len(renders) == with_one_device_each
    for socket in sockets:
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_removed_seats_page_gets_the_public_view_then_the_public_pushes(user):
    code, devices = await sync_to_async(_open_table)(user)
    socket = await _open(code, devices[2])
    await sync_to_async(_remove_seat)(code, devices[0], 2)
    removed = json.loads(await socket.receive_from(timeout=5))
    assert removed["data"]["me"] is None and removed["data"]["legal_actions"] == []
    # Mid-game the seat leaves the game first: a move of the log (seq 1).
    assert removed["seq"] == 1 and "choice" not in removed["data"]["view"]["players"][1]
    bea_charges_ada = '{"type": "choose", "target": 0, "action": "charge"}'
    assert await sync_to_async(_act)(code, devices[1], bea_charges_ada) == 200
    public = json.loads(await socket.receive_from(timeout=5))
    assert public["seq"] == 2 and public["data"]["me"] is None
    assert "choice" not in public["data"]["view"]["players"][1]
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
def test_a_device_connecting_after_a_change_reads_the_table_and_nothing_else(
    user, django_assert_num_queries, django_assert_max_num_queries
):
    code, devices = _open_table(user)
    table = Table.objects.get(code=code)
    seat = Seat.objects.get(table=table, number=1)
    TEXTS.clear()  # a process that saw no change yet: the table's views built once
    selectors.STANDING.clear()
    # Its version (nothing kept), then the table, seats, newest action, the log's events.
    with django_assert_num_queries(5):
        mine = json.loads(broadcast.device_text(code, seat.pk))["data"]
    assert mine["me"] == 1 and mine["legal_actions"]
    with django_assert_num_queries(1):  # every other device: the table's version only
        public = json.loads(broadcast.device_text(code, None))["data"]
    assert public["me"] is None and public["legal_actions"] == []
    assert _act(code, devices[1], CHOOSE_CHARGE) == 200  # kept only where a push was sent
    with django_assert_max_num_queries(4):  # version, table, seats, newest action
        after = json.loads(broadcast.device_text(code, seat.pk))["data"]
    assert after["seq"] == 1 and after["view"]["players"][1]["choice"]["action"] == "charge"
    with django_assert_num_queries(1):
        assert json.loads(broadcast.device_text(code, None))["data"]["seq"] == 1
    with pytest.raises(LookupError):
        broadcast.device_text("NOPE00", None)


@pytest.mark.django_db(transaction=True)
def test_a_kept_view_is_never_another_versions(user, django_user_model):
    """A removed seat, undo votes or a deleted account change the views without a move:
    each makes a new version, whose views are read again."""
    from companion.accounts import DELETED_PLAYER, account_delete

    code, devices = _open_table(user)
    table = Table.objects.get(code=code)
    bea = Seat.objects.get(table=table, number=1)
    broadcast.device_text(code, bea.pk)  # kept
    _remove_seat(code, devices[0], 1)
    assert json.loads(broadcast.device_text(code, bea.pk))["data"]["me"] is None  # public now
    cy = Seat.objects.get(table=table, number=2)
    assert json.loads(broadcast.device_text(code, cy.pk))["data"]["me"] == 2
    account_delete(user=user)  # the host's: its seat keeps its place under another name
    names = [s["name"] for s in json.loads(broadcast.device_text(code, cy.pk))["data"]["seats"]]
    assert "Ada" not in names and DELETED_PLAYER in names


@pytest.mark.django_db(transaction=True)
def test_the_views_of_a_push_read_each_thing_once_and_only_the_views_wanted(
    user, django_assert_num_queries
):
    code, _ = _open_table(user)
    table = Table.objects.select_related("game").get(code=code)
    selectors.STANDING.clear()
    with django_assert_num_queries(3):  # seats, newest action, events: for every view
        every = selectors.views_by_seat(table)
    assert set(every) == {selectors.PUBLIC, "0", "1", "2"}
    with django_assert_num_queries(2):  # the events are kept: seats and newest action
        two = selectors.views_by_seat(table, keys={"1", selectors.PUBLIC})
    assert two == {k: every[k] for k in ("1", selectors.PUBLIC)}
    with django_assert_num_queries(1):  # a board alone: no newest action
        assert set(selectors.views_by_seat(table, keys={selectors.PUBLIC})) == {"public"}
    with django_assert_num_queries(0):
        assert selectors.views_by_seat(table, seat_rows=[], keys=set()) == {}


def test_a_view_message_is_the_view_with_its_seq_and_a_refusal_when_there_is_one():
    view = {"seq": 7, "me": 1, "view": {"x": [1, 2], "name": "é"}}
    text = broadcast.view_message(view)
    assert json.loads(text) == {"type": "view", "seq": 7, "data": view}
    refused = json.loads(broadcast.view_message(view, {"seq": "Someone acted first."}))
    assert refused["error"] == {"seq": "Someone acted first."} and refused["data"] == view
    assert broadcast.pushed(7, text) == {"seq": 7, "text": text}
    assert broadcast.pushed(7, text, removed=True)["removed"] is True


@pytest.mark.django_db(transaction=True)
def test_a_kept_view_goes_only_to_its_own_seats_devices(user):
    """Bea's secret card is in the text kept for Bea's seat row, and in no other."""
    code, devices = _open_table(user)
    assert _act(code, devices[1], CHOOSE_CHARGE) == 200
    table = Table.objects.get(code=code)
    rows = {s.number: s.pk for s in Seat.objects.filter(table=table)}
    texts = {n: broadcast.device_text(code, pk) for n, pk in rows.items()}
    texts["board"] = broadcast.device_text(code, None)
    assert json.loads(texts[1])["data"]["view"]["players"][1]["choice"]["action"] == "charge"
    for key in (0, 2, "board"):
        assert "choice" not in json.loads(texts[key])["data"]["view"]["players"][1], key
    assert "charge" not in texts["board"]
