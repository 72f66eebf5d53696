"""The live table through the production server (gunicorn + uvicorn workers, the Redis
channel layer, PostgreSQL) under hostile or careless devices: a page on another site
cannot open a seat's socket, malformed messages leave the socket open, and a seat removed
before an undo leaves every seat its own game."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
import uuid
from typing import Any

import pytest
import websockets
from django.contrib.auth import get_user_model
from django.db import connection

from catalog.models import Game
from companion.table import services
from companion.table.models import Table
from tests.faults.production import Server, production_server

pytestmark = [pytest.mark.fault, pytest.mark.timeout(180)]


@pytest.fixture
def server(transactional_db, catalogue):
    if connection.vendor != "postgresql":
        pytest.skip("the production server runs on PostgreSQL")
    with production_server(workers=2, pool_max=4) as running:
        yield running


def _mm_table(players: int = 4) -> tuple[Table, list[str]]:
    """A started Missiles & Microchips table and every seat's token."""
    host = get_user_model().objects.create_user(f"host-{uuid.uuid4().hex[:6]}")
    game = Game.objects.get(slug="missiles-and-microchips")
    table = services.table_create(host=host, game=game, name="Ada")
    tokens = [table.seats.get(number=0).token]
    for name in ("Bea", "Cy", "Dee")[: players - 1]:
        tokens.append(services.seat_join(table=table, name=name).token)
    services.table_start(table=table, by=host)
    return Table.objects.get(pk=table.pk), tokens


def _post(server: Server, path: str, body: dict[str, Any], token: str) -> tuple[int, Any]:
    request = urllib.request.Request(
        server.origin + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Seat-Token": token},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def _socket_url(server: Server, code: str, token: str) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/tables/{code}/?seat={token}&format=json"


async def _answer(ws: Any) -> dict[str, Any]:
    """The next message that is not a pushed view."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if message.get("type") != "view":
            return message


def test_a_page_on_another_site_cannot_open_a_seats_socket(server):
    table, tokens = _mm_table()

    async def attempt(origin: str) -> int | dict[str, Any]:
        try:
            async with websockets.connect(
                _socket_url(server, table.code, tokens[1]), origin=origin, open_timeout=10
            ) as ws:
                return json.loads(await asyncio.wait_for(ws.recv(), 10))
        except websockets.InvalidStatus as refused:
            return refused.response.status_code

    assert asyncio.run(attempt("http://evil.example")) == 403
    own = asyncio.run(attempt(server.origin))
    assert isinstance(own, dict) and own["type"] == "view" and own["data"]["me"] == 1


def test_malformed_socket_messages_get_errors_and_the_socket_stays_open(server):
    table, tokens = _mm_table()
    deep = "[" * 10_000 + "]" * 10_000
    bad = [
        "not json",
        "[]",
        "1",
        deep,
        json.dumps({"type": "act", "action": [], "seq": "x", "client_id": 5}),
        json.dumps({"type": "act", "action": {"type": "choose\x00"}, "seq": 0, "client_id": "a"}),
        json.dumps({"type": "nonsense"}),
        "x" * 200_000,
    ]

    async def play() -> list[dict[str, Any]]:
        url = _socket_url(server, table.code, tokens[1])
        async with websockets.connect(url, origin=server.origin, max_size=2**22) as ws:
            await asyncio.wait_for(ws.recv(), 10)  # the first view
            answers = []
            for text in bad:
                await ws.send(text)
                answers.append(await _answer(ws))
            await ws.send(json.dumps({"type": "ping"}))
            answers.append(await _answer(ws))
            return answers

    answers = asyncio.run(play())
    assert [a["type"] for a in answers[:-1]] == ["error"] * len(bad), answers
    assert answers[-1]["type"] == "pong"


def test_a_seat_removed_then_an_undo_rebuilds_the_same_game_seat_by_seat(server):
    table, tokens = _mm_table()

    def choose(token: str, target: int) -> None:
        seq = Table.objects.values_list("seq", flat=True).get(pk=table.pk)
        body = {
            "action": {"type": "choose", "target": target, "action": "attack"},
            "seq": seq,
            "client_id": uuid.uuid4().hex,
        }
        status, answer = _post(server, f"/api/tables/{table.code}/actions/", body, token)
        assert status == 200, answer

    choose(tokens[2], 3)
    # Mid-game the removed seat leaves the game (logged, never taken back); the undo that
    # follows takes back the next move, rebuilt seat by seat by the production server.
    services.seat_remove(table=table, number=1, by=table.host)
    before = Table.objects.get(pk=table.pk).state
    choose(tokens[0], 2)
    seq = Table.objects.values_list("seq", flat=True).get(pk=table.pk)
    status, answer = _post(
        server, f"/api/tables/{table.code}/undo/", {"seq": seq, "client_id": "undo-1"}, tokens[0]
    )
    assert status == 200 and answer["applied"] is not None, answer
    after = Table.objects.get(pk=table.pk).state
    for seat, player in enumerate(before["players"]):
        assert after["players"][seat] == player, f"seat {seat}"
    assert after == before
