"""A move made over a socket: its pushes leave from the consumer on the event loop (the
database thread only queues them, ``broadcast.OUTBOX``), the other devices have them by
the time the mover has its answer, and a layer that fails while sending them leaves the
committed move answered as applied. And how a socket finds its table and seat
(``selectors.device_at``), with SQL of its own."""

from __future__ import annotations

import uuid

import pytest
from asgiref.sync import sync_to_async

from companion.table import broadcast, layer_guard, selectors
from companion.table.models import Seat, Table
from tests.table.test_live_sync import _connect, _open_table

CHARGE = {"type": "choose", "target": 2, "action": "charge"}


async def _act_over(socket, seq: int = 0) -> dict:
    await socket.send_json_to(
        {"type": "act", "action": CHARGE, "seq": seq, "client_id": uuid.uuid4().hex}
    )
    return await socket.receive_json_from(timeout=5)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_other_devices_have_the_push_when_the_mover_has_its_answer(user):
    code, devices = await sync_to_async(_open_table)(user)
    host, _ = await _connect(code, devices[0])
    mover, _ = await _connect(code, devices[1])
    answer = await _act_over(mover)
    assert answer["type"] == "applied" and answer["seq"] == 1
    assert not broadcast.OUTBOX.get(), "the consumer's outbox does not outlive its move"
    pushed = await host.receive_json_from(timeout=0.5)  # already there: sent before the answer
    assert pushed["seq"] == 1 and "choice" not in pushed["data"]["view"]["players"][1]
    mine = await mover.receive_json_from(timeout=5)  # its own view, after its answer
    assert mine["seq"] == 1 and "choice" in mine["data"]["view"]["players"][1]
    for socket in (host, mover):
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("fault", [layer_guard.LayerDown("gone"), RuntimeError("a bug")])
async def test_a_layer_failing_as_the_pushes_leave_still_answers_the_move_applied(
    user, monkeypatch, fault
):
    code, devices = await sync_to_async(_open_table)(user)
    mover, _ = await _connect(code, devices[1])

    async def failing(layer, messages):
        raise fault

    monkeypatch.setattr(broadcast, "_send_all", failing)
    answer = await _act_over(mover)
    assert answer == {"type": "applied", "seq": 1, "replayed": False}
    table = await sync_to_async(Table.objects.get)(code=code)
    assert table.seq == 1  # committed, and answered so
    await mover.send_json_to({"type": "sync"})  # the device catches up by asking
    assert (await mover.receive_json_from(timeout=5))["seq"] == 1
    await mover.disconnect()


@pytest.mark.django_db(transaction=True)
def test_a_socket_finds_its_seat_by_its_user_or_token_and_the_board_none(user):
    code, _ = _open_table(user)
    table = Table.objects.get(code=code)
    ada, bea = (Seat.objects.get(table=table, number=n) for n in (0, 1))

    found, seat = selectors.device_at(code.lower(), user=user)
    assert found.pk == table.pk and found.code == code and seat.pk == ada.pk
    assert seat.number == 0 and seat.table_id == table.pk
    assert selectors.device_at(code, token=bea.token)[1].pk == bea.pk
    assert selectors.device_at(code, user=user, token=bea.token)[1].pk == ada.pk  # user first
    assert selectors.device_at(code, user=user, board=True) == (found, None)
    assert selectors.device_at(code, token="not-a-seat")[1] is None  # a spectator
    assert selectors.device_at("NOPE00", user=user) == (None, None)
    Seat.objects.filter(pk=bea.pk).update(removed=True)
    assert selectors.device_at(code, token=bea.token)[1] is None
    assert selectors.seat_number(bea.pk) is None and selectors.seat_number(ada.pk) == 0


@pytest.mark.django_db(transaction=True)
def test_the_version_read_alone_is_the_rows_own(user):
    from companion.table.view_texts import version

    code, _ = _open_table(user)
    table = Table.objects.get(code=code)
    assert selectors.table_version(code.lower()) == version(table)
    assert selectors.table_version("NOPE00") is None
    rows = selectors.seats_for_views(table)
    ordered = list(table.seats.order_by("number"))
    assert [(s.pk, s.number, s.name, s.removed, s.user_id) for s in rows] == [
        (s.pk, s.number, s.name, s.removed, s.user_id) for s in ordered
    ]
