"""A table socket lives no longer than the session that opened it (issue 26, finding 4):
a sign-out, a password change or a deleted account closes the sockets it opened with
``SESSION_ENDED``, and a socket that never heard of it (the message lost, Redis down)
finds out on its next act or sync, before anything is applied or sent. A handshake whose
table code or seat token no device sends closes cleanly (finding 10a)."""

from __future__ import annotations

import json
import logging
import time

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from companion.asgi import application
from companion.table import broadcast, consumers, device_sessions
from companion.table.models import Seat, Table, new_token
from tests.table.fake_layers import DeadLayer, HangingLayer
from tests.table.test_live_sync import _open_table, _remove_seat

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-passphrase-42"
ENDED = {"type": "websocket.close", "code": consumers.SESSION_ENDED}


def _socket(code: str, device: Client | None = None, path: str = "") -> WebsocketCommunicator:
    headers = [(b"host", b"testserver")]
    if device is not None:
        cookie = "; ".join(f"{k}={v.value}" for k, v in device.cookies.items())
        headers.append((b"cookie", cookie.encode()))
    return WebsocketCommunicator(application, path or f"/ws/tables/{code}/", headers=headers)


async def _open(code: str, device: Client) -> tuple[WebsocketCommunicator, dict]:
    socket = _socket(code, device)
    assert (await socket.connect(timeout=5))[0]
    return socket, await socket.receive_json_from(timeout=5)


def _act_message(target: int, client_id: str = "c-1") -> dict:
    action = {"type": "choose", "target": target, "action": "charge"}
    return {"type": "act", "action": action, "seq": 0, "client_id": client_id}


def _second_session(user) -> Client:
    device = Client()
    device.force_login(user)
    return device


def _seq(code: str) -> int:
    return Table.objects.get(code=code).seq


@pytest.fixture
def lost_messages(monkeypatch):
    """Sessions end but their sockets are never told (the message lost, Redis down)."""
    monkeypatch.setattr(device_sessions, "_send", lambda group, message: None)


async def _still_open(socket: WebsocketCommunicator) -> None:
    """Answers a ping (after any view pushed meanwhile)."""
    await socket.send_json_to({"type": "ping"})
    answer = await socket.receive_json_from(timeout=5)
    while answer["type"] == "view":
        answer = await socket.receive_json_from(timeout=5)
    assert answer["type"] == "pong"


# --- the session's sockets are closed -------------------------------------------------


@pytest.mark.asyncio
async def test_signing_out_closes_that_sessions_socket_and_no_other(user):
    code, devices = await sync_to_async(_open_table)(user)
    socket, first = await _open(code, devices[0])
    assert first["data"]["me"] == 0
    phone, _ = await _open(code, await sync_to_async(_second_session)(user))  # still signed in
    guest, _ = await _open(code, devices[1])

    assert (await sync_to_async(devices[0].post)("/accounts/logout/")).status_code == 302
    assert await socket.receive_output(timeout=5) == ENDED
    for other in (phone, guest):
        await _still_open(other)
        await other.disconnect()


@pytest.mark.asyncio
async def test_a_guest_signing_out_closes_the_socket_of_the_seat_its_session_held(user):
    code, devices = await sync_to_async(_open_table)(user)
    socket, first = await _open(code, devices[1])
    assert first["data"]["me"] == 1
    await sync_to_async(devices[1].post)("/accounts/logout/")
    assert await socket.receive_output(timeout=5) == ENDED


@pytest.mark.asyncio
async def test_a_password_change_closes_every_socket_of_the_user(user):
    code, devices = await sync_to_async(_open_table)(user)
    here, _ = await _open(code, devices[0])
    phone, _ = await _open(code, await sync_to_async(_second_session)(user))
    guest, _ = await _open(code, devices[1])
    changed = await sync_to_async(devices[0].post)(
        "/accounts/password_change/",
        {
            "old_password": PASSWORD,
            "new_password1": "another-passphrase-43",
            "new_password2": "another-passphrase-43",
        },
    )
    assert changed.status_code == 302
    assert await phone.receive_output(timeout=5) == ENDED
    assert await here.receive_output(timeout=5) == ENDED  # this page reconnects, signed in
    await _still_open(guest)
    await guest.disconnect()


@pytest.mark.asyncio
async def test_a_password_reset_closes_every_socket_of_the_user(user):
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _open(code, devices[0])

    def reset() -> int:
        from django.contrib.auth.tokens import default_token_generator
        from django.utils.encoding import force_bytes
        from django.utils.http import urlsafe_base64_encode

        uid = urlsafe_base64_encode(force_bytes(user.pk))
        mailbox = Client()  # the e-mailed link, opened on another device
        form = mailbox.get(f"/accounts/reset/{uid}/{default_token_generator.make_token(user)}/")
        new = "another-passphrase-43"
        return mailbox.post(
            form["Location"], {"new_password1": new, "new_password2": new}
        ).status_code

    assert await sync_to_async(reset)() == 302
    assert await socket.receive_output(timeout=5) == ENDED


@pytest.mark.asyncio
async def test_deleting_the_account_closes_its_sockets(user):
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _open(code, devices[0])
    guest, _ = await _open(code, devices[1])
    deleted = await sync_to_async(devices[0].post)(
        "/accounts/delete/", {"password": PASSWORD, "confirm": "on"}
    )
    assert deleted.status_code == 302
    assert await socket.receive_output(timeout=5) == ENDED
    await _still_open(guest)
    await guest.disconnect()


@pytest.mark.asyncio
async def test_a_closed_socket_forwards_nothing_queued_after_its_session_ended(user):
    """A push already on its way when the session's end arrives is dropped, not sent."""
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _open(code, devices[0])
    consumer_message = {"type": "table.changed", "seq": 9, "text": '{"secret": "hand"}'}
    await sync_to_async(devices[0].post)("/accounts/logout/")
    assert await socket.receive_output(timeout=5) == ENDED
    await socket.send_input(consumer_message)  # never a handler for it after the close
    assert await socket.receive_nothing(timeout=0.3)


@pytest.mark.parametrize("layer", [DeadLayer(), HangingLayer()], ids=["refused", "hangs"])
def test_signing_out_with_the_layer_down_still_signs_out_within_a_second(
    user, monkeypatch, caplog, layer
):
    """Telling the sockets is best effort: a dead or hanging Redis costs a sign-out at
    most the layer's bounded wait, never the sign-out (their next act finds out)."""
    monkeypatch.setattr(device_sessions, "get_channel_layer", lambda: layer)
    device = Client()
    device.force_login(user)
    began = time.monotonic()
    assert device.post("/accounts/logout/").status_code == 302
    assert time.monotonic() - began < 3
    assert "_auth_user_id" not in device.session
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "hunter2" not in caplog.text


@pytest.mark.asyncio
async def test_a_seat_given_away_closes_the_sockets_that_held_it(user):
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _open(code, devices[1])
    other, _ = await _open(code, devices[2])
    seat = await sync_to_async(lambda: Seat.objects.get(table__code=code, number=1).pk)()
    await sync_to_async(device_sessions.end_seat)(code, seat)
    assert await socket.receive_output(timeout=5) == {
        "type": "websocket.close",
        "code": consumers.SEAT_LOST,
    }
    await _still_open(other)
    await other.disconnect()


# --- a socket that never heard it finds out on its next act or sync -------------------


@pytest.mark.asyncio
async def test_an_act_after_sign_out_is_refused_and_closes_when_the_message_was_lost(
    user, lost_messages
):
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _open(code, devices[1])  # a guest's seat, by its session
    await sync_to_async(devices[1].post)("/accounts/logout/")
    assert await socket.receive_nothing(timeout=0.3)  # the message was lost
    await socket.send_json_to(_act_message(target=2))
    refused = await socket.receive_json_from(timeout=5)
    assert refused == {"type": "error", "errors": consumers.SESSION_GONE}
    assert await socket.receive_output(timeout=5) == ENDED
    assert await sync_to_async(_seq)(code) == 0  # nothing applied


@pytest.mark.asyncio
async def test_a_sync_after_sign_out_sends_no_view_when_the_message_was_lost(user, lost_messages):
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _open(code, devices[0])
    await sync_to_async(devices[0].post)("/accounts/logout/")
    await socket.send_json_to({"type": "sync"})
    answer = await socket.receive_json_from(timeout=5)
    assert answer == {"type": "error", "errors": consumers.SESSION_GONE}  # no seat view
    assert await socket.receive_output(timeout=5) == ENDED


@pytest.mark.asyncio
async def test_a_password_changed_elsewhere_ends_this_devices_seat(user, lost_messages):
    code, devices = await sync_to_async(_open_table)(user)
    phone = await sync_to_async(_second_session)(user)
    socket, first = await _open(code, phone)
    assert first["data"]["me"] == 0

    def change() -> None:
        user.set_password("another-passphrase-43")
        user.save()

    await sync_to_async(change)()  # the phone's session row stays; its hash is stale
    await socket.send_json_to(_act_message(target=1))
    assert (await socket.receive_json_from(timeout=5))["errors"] == consumers.SESSION_GONE
    assert await socket.receive_output(timeout=5) == ENDED
    assert await sync_to_async(_seq)(code) == 0


@pytest.mark.asyncio
async def test_a_deleted_account_cannot_act_when_the_message_was_lost(user, lost_messages):
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _open(code, devices[0])
    other = await sync_to_async(_second_session)(user)
    await sync_to_async(other.post)("/accounts/delete/", {"password": PASSWORD, "confirm": "on"})
    await socket.send_json_to(_act_message(target=1))
    answer = await socket.receive_json_from(timeout=5)
    while answer["type"] == "view":  # the seat's leaving, pushed (its close was lost)
        answer = await socket.receive_json_from(timeout=5)
    assert answer["errors"] == consumers.SESSION_GONE
    assert await socket.receive_output(timeout=5) == ENDED


@pytest.mark.asyncio
async def test_a_live_session_still_acts(user):
    """The check every act pays lets a session that still holds its seat act."""
    code, devices = await sync_to_async(_open_table)(user)
    socket, _ = await _open(code, devices[1])
    await socket.send_json_to(_act_message(target=2))
    replies = [await socket.receive_json_from(timeout=5) for _ in range(2)]
    assert sorted(r["type"] for r in replies) == ["applied", "view"]
    await socket.disconnect()


def test_proving_the_seat_again_is_the_one_query_an_act_made_before(
    user, django_assert_num_queries
):
    """The seat's number (which every act read before), its session and its user: one
    indexed query, whatever proves the seat."""
    code, devices = _open_table(user)
    guest = Client()  # an API client: its token alone
    holders = []
    for device in devices[:2]:
        store = device_sessions._store_class()(device.session.session_key)
        token = (store.get("table_seats") or {}).get(code)
        who = user if device is devices[0] else AnonymousUser()
        seat = Seat.objects.get(table__code=code, number=0 if device is devices[0] else 1)
        holders.append(
            device_sessions.holder_of(
                seat.pk, store, who, code=code, token=token, token_in_session=token is not None
            )
        )
    cy = Seat.objects.get(table__code=code, number=2)
    holders.append(
        device_sessions.holder_of(
            cy.pk, guest.session, AnonymousUser(), code=code, token=cy.token, token_in_session=False
        )
    )
    assert [h.user_id is not None for h in holders] == [True, False, False]
    for number, holder in enumerate(holders):
        with django_assert_num_queries(1):
            assert device_sessions.check(holder) == (device_sessions.HELD, number)
    devices[1].post("/accounts/logout/")
    with django_assert_num_queries(1):
        assert device_sessions.check(holders[1]) == (device_sessions.ENDED, None)
    Seat.objects.filter(pk=cy.pk).update(token=new_token())
    assert device_sessions.check(holders[2]) == (device_sessions.LOST, None)
    Seat.objects.filter(pk=cy.pk).update(removed=True)
    assert device_sessions.check(holders[2]) == (device_sessions.REMOVED, None)


@pytest.mark.asyncio
@pytest.mark.parametrize("seat", [0, 1], ids=["signed-in", "guest"])
async def test_a_seat_given_to_someone_else_cannot_be_played_from_the_old_device(user, seat):
    """The host gives a seat away (a new token, no account): a device that held it can
    neither act for it nor read its view, even without a message to tell it."""
    code, devices = await sync_to_async(_open_table)(user)
    socket, first = await _open(code, devices[seat])
    assert first["data"]["me"] == seat
    await sync_to_async(
        lambda: Seat.objects.filter(table__code=code, number=seat).update(
            user=None, token=new_token()
        )
    )()
    await socket.send_json_to({"type": "sync"})
    assert await socket.receive_json_from(timeout=5) == {
        "type": "error",
        "errors": consumers.SEAT_GONE,
    }
    assert await socket.receive_output(timeout=5) == {
        "type": "websocket.close",
        "code": consumers.SEAT_LOST,
    }


@pytest.mark.asyncio
async def test_an_api_client_with_its_seat_token_is_not_tied_to_a_session(user):
    code, devices = await sync_to_async(_open_table)(user)
    token = await sync_to_async(lambda: Seat.objects.get(table__code=code, number=2).token)()
    socket = _socket(code, path=f"/ws/tables/{code}/?seat={token}")
    assert (await socket.connect(timeout=5))[0]
    assert (await socket.receive_json_from(timeout=5))["data"]["me"] == 2
    await socket.send_json_to(_act_message(target=0))
    replies = [await socket.receive_json_from(timeout=5) for _ in range(2)]
    assert sorted(r["type"] for r in replies) == ["applied", "view"]
    await socket.disconnect()


@pytest.mark.asyncio
async def test_a_removed_seats_device_never_gets_that_seats_view_again_even_if_told_late(
    user, monkeypatch
):
    """The host's removal needs no message to take effect: the seat's sockets answer a sync
    with the public view and refuse to act, whether or not the removal's push arrived."""
    code, devices = await sync_to_async(_open_table)(user)
    socket, first = await _open(code, devices[1])
    assert first["data"]["me"] == 1
    monkeypatch.setattr(broadcast, "after_commit", lambda table, **kwargs: None)  # push lost
    await sync_to_async(_remove_seat)(code, devices[0], 1)
    await socket.send_json_to({"type": "sync"})
    view = await socket.receive_json_from(timeout=5)
    assert view["data"]["me"] is None and view["data"]["legal_actions"] == []
    await socket.send_json_to(_act_message(target=2))
    refused = await socket.receive_json_from(timeout=5)
    assert refused == {"type": "error", "errors": {"seat": "Spectators cannot act."}}
    await socket.disconnect()


# --- handshakes no device sends (finding 10a) ------------------------------------------


@pytest.mark.parametrize(
    ("path", "query", "closed"),
    [
        ("/ws/tables/%00/", b"", consumers.NOT_FOUND),
        ("/ws/tables/AB%00CD/", b"", consumers.NOT_FOUND),
        ("/ws/tables/\ud800/", b"", consumers.NOT_FOUND),
        ("/ws/tables/" + "A" * 5000 + "/", b"", consumers.NOT_FOUND),
        (None, b"seat=%00", consumers.BAD_REQUEST),
        (None, b"seat=ab%00cd", consumers.BAD_REQUEST),
        (None, b"seat=\xed\xa0\x80", consumers.BAD_REQUEST),  # a surrogate, raw
        (None, b"seat=%ED%A0%80", consumers.BAD_REQUEST),
        (None, b"seat=" + b"x" * 5000, consumers.BAD_REQUEST),
        (None, b"seat=\xff", consumers.BAD_REQUEST),
    ],
    ids=[
        "nul-code",
        "nul-inside-code",
        "surrogate-code",
        "long-code",
        "nul-token",
        "nul-inside-token",
        "raw-surrogate-token",
        "encoded-surrogate-token",
        "long-token",
        "not-utf8",
    ],
)
@pytest.mark.asyncio
async def test_a_handshake_no_device_sends_closes_cleanly(user, caplog, path, query, closed):
    code, devices = await sync_to_async(_open_table)(user)
    socket = _socket(code, devices[1], path or f"/ws/tables/{code}/")
    socket.scope["query_string"] = query
    with caplog.at_level(logging.WARNING):
        assert await socket.connect(timeout=5) == (False, closed)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    await socket.disconnect()


@pytest.mark.asyncio
async def test_a_session_cookie_no_server_made_is_a_spectator_not_an_error(user, caplog):
    code, _ = await sync_to_async(_open_table)(user)
    for cookie in (b"sessionid=abcdefgh\x00ijkl", b"sessionid=" + b"z" * 5000):
        socket = WebsocketCommunicator(
            application,
            f"/ws/tables/{code}/",
            headers=[(b"host", b"testserver"), (b"cookie", cookie)],
        )
        assert (await socket.connect(timeout=5))[0]
        view = json.loads(await socket.receive_from(timeout=5))
        assert view["data"]["me"] is None
        await socket.disconnect()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
