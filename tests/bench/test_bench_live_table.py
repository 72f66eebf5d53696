"""The live-table benchmark's own checks can fail: fed a doubled action, a lost push or a
push without the view of its seq, its verdict is "not met"."""

from __future__ import annotations

import json

import pytest
from channels.testing import WebsocketCommunicator

from bench import bench_live_table as live
from bench import floor_app

GOOD = {
    "deliveries": 400,
    "p99": 40.0,
    "lost": 0,
    "doubled": 0,
    "mismatched": 0,
    "malformed": 0,
}
FLOOR = {"deliveries": 400, "p99": 8.0, "lost": 0, "doubled": 0}


def test_doubled_counts_log_rows_per_client_id_and_seqs_pushed_twice():
    assert live.doubled(["a", "b", "c"], [[1, 2, 3], [1, 2, 3]]) == 0
    assert live.doubled(["a", "b", "a"], [[1, 2, 3]]) == 1  # one move logged twice
    assert live.doubled(["a"], [[1, 2, 2, 3], [1, 3, 3, 3]]) == 3  # one seq twice, one thrice


def test_the_verdict_fails_on_any_double_loss_wrong_view_or_slow_p99():
    assert live.healthy(GOOD, FLOOR)
    for bad in (
        {"doubled": 1},
        {"lost": 1},
        {"mismatched": 1},
        {"malformed": 1},
        {"p99": live.TARGET_P99_MS + 1},
        {"p99": 90.0},  # within 100 ms, but more than 10x the floor's 8 ms
        {"deliveries": 0},
    ):
        assert not live.healthy({**GOOD, **bad}, FLOOR), bad
    assert not live.healthy(GOOD, {**FLOOR, "doubled": 1})


def test_a_device_records_every_push_and_flags_a_push_without_its_view():
    device = live.Device("ABC234", "token")
    device.take(json.dumps({"type": "view", "seq": 0, "data": {"seq": 0}}))
    device.playing = True
    for seq in (1, 2, 2):
        device.take(json.dumps({"type": "view", "seq": seq, "data": {"seq": seq}}))
    device.take(json.dumps({"type": "view", "seq": 3}))  # no view
    device.take(json.dumps({"type": "view", "seq": 4, "data": {"seq": 3}}))  # another seq's
    assert device.pushed == [1, 2, 2, 3, 4]
    assert device.malformed == 2 and device.seq == 4
    assert live.doubled([], [device.pushed]) == 1


@pytest.mark.django_db
def test_a_move_logged_twice_is_counted_from_the_servers_log(catalogue):
    """The log's unique (table, client id) keeps a resend once per table; the benchmark
    counts rows per client id whatever the table, so a move applied at two tables (a
    client that sent it twice, to the wrong table) is seen."""
    from companion.table import selectors, services
    from companion.table.models import Table

    tables = live._setup(2)
    sent, devices = [], {}
    for code, tokens in tables:
        table = Table.objects.get(code=code)
        action = {"type": "choose", "target": 1, "action": "attack"}
        services.act(table=table, seat=0, payload=action, seen_seq=0, client_id="same-tap")
        sent.append((code, "same-tap", 0.0))
        devices[code] = []
        table.refresh_from_db()
        for token in tokens:
            device = live.Device(code, token)
            view = selectors.view_for(table, selectors.seat_of(table, token=token))
            device.take(json.dumps({"type": "view", "seq": 1, "data": view}))
            devices[code].append(device)
    measured = live._measure(sent, devices)
    assert measured["applied"] == 2 and measured["lost"] == 0
    assert measured["doubled"] == 1
    assert measured["mismatched"] == 0  # every device holds its seat's view
    assert not live.healthy(measured, FLOOR)
    devices[tables[0][0]][1].view = {**devices[tables[0][0]][1].view, "me": 3}  # another's
    assert live._measure(sent, devices)["mismatched"] == 1


@pytest.mark.asyncio
async def test_the_floor_app_pushes_each_move_to_every_socket_of_its_table():
    sockets = [WebsocketCommunicator(floor_app.application, "/floor/F0001/") for _ in range(2)]
    for socket in sockets:
        assert (await socket.connect(timeout=5))[0]
        assert json.loads(await socket.receive_from(timeout=5))["type"] == "view"
    await sockets[0].send_to(text_data=json.dumps({"type": "act", "client_id": "c-1"}))
    answers = [json.loads(await sockets[0].receive_from(timeout=5)) for _ in range(2)]
    assert {"type": "applied", "seq": 1, "client_id": "c-1"} in answers
    pushed = json.loads(await sockets[1].receive_from(timeout=5))
    assert pushed["seq"] == 1 and pushed["data"]["client_id"] == "c-1"
    assert len(json.dumps(pushed)) >= len(floor_app.PAD)
    for socket in sockets:
        await socket.disconnect()
