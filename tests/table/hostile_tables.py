"""Tables of every game for the input gate's tests: opened and started the way devices do
it (the host through the API, guests through the page), a seat's moves made at random
through the service, and the check that a table still serves every device.

Sockets are driven with ``async_to_sync`` from the test's own thread (the consumer's
database calls run on it); a test that opens one needs ``django_db(transaction=True)``, as
every socket test does, and ``open_started`` loads the catalogue again after a flush."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from catalog.models import Game
from catalog.services import load_catalogue
from companion.asgi import application
from companion.games.base import RuleError
from companion.games.registry import all_games
from companion.games.table import action_rng
from companion.table import services
from companion.table.models import Action, Table
from tests.games.test_random_play import completer

GUESTS = ("Bea", "Cy", "Dee")


@dataclass
class Devices:
    """A started table and one device per seat: its page client (the host signed in, the
    guests with their session) and its seat token for the API."""

    code: str
    clients: list[Client]
    tokens: list[str]

    def table(self) -> Table:
        return Table.objects.select_related("game", "host").get(code=self.code)

    def stored(self) -> tuple[int, int]:
        """The table's seq and the number of its log entries: what a refusal leaves."""
        table = self.table()
        return table.seq, Action.objects.filter(table=table).count()


def post_json(client: Client, url: str, text: str, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(url, text, content_type="application/json", headers=headers)


def open_started(slug: str, user, *, seed: str = "input-gate") -> Devices:
    """A table of ``slug`` with its fewest players, dealt from ``seed``, started."""
    if not Game.objects.exists():
        load_catalogue()
    host = Client()
    host.force_login(user)
    created = post_json(host, "/api/tables/", json.dumps({"game": slug, "name": "Ada"}))
    assert created.status_code == 201, created.content
    code = created.json()["code"]
    clients = [host]
    for name in GUESTS[: all_games()[slug].min_players - 1]:
        guest = Client()
        assert guest.post(f"/t/{code}/", {"name": name}).status_code == 302
        clients.append(guest)
    Table.objects.filter(code=code).update(seed=seed)
    assert post_json(host, f"/api/tables/{code}/start/", "{}").status_code == 200
    seats = Table.objects.get(code=code).seats.filter(removed=False).order_by("number")
    return Devices(code, clients, [seat.token for seat in seats])


def play(
    devices: Devices,
    steps: int,
    *,
    seen: Callable[[int | None, dict[str, Any]], None] = lambda seat, action: None,
    until: Callable[[Table], bool] = lambda table: False,
    rng_seed: int = 7,
) -> None:
    """Up to ``steps`` moves offered to some seat or the table (None), completed as random
    play completes them and made through the service, never one that would end the game
    (a concession); ``seen`` hears every action offered, ``until`` stops the play early."""
    table = devices.table()
    engine = all_games()[table.game.slug].table_engine()
    complete = completer(all_games()[table.game.slug])
    rng = random.Random(rng_seed)
    for _ in range(steps):
        table = devices.table()
        if until(table) or table.status != "playing":
            return
        offers = [
            (seat, offer)
            for seat in [*range(len(devices.tokens)), None]
            for offer in engine.legal_actions(table.state, seat)
        ]
        if not offers:
            return
        for seat, offer in offers:
            seen(seat, complete(table.state, seat, offer, random.Random(0)))
        rng.shuffle(offers)
        for seat, offer in offers:  # the first that applies and does not end the game
            action = complete(table.state, seat, offer, rng)
            try:
                outcome = engine.apply(table.state, seat, action, action_rng(table.seed, 0))
            except RuleError:
                continue
            if not engine.is_over(outcome.state):
                break
        else:
            return
        try:
            services.act(
                table=table,
                seat=seat,
                payload=action,
                seen_seq=table.seq,
                client_id=uuid.uuid4().hex,
            )
        except (RuleError, services.StaleAction):
            continue


def socket(code: str, client: Client, query: str = "") -> WebsocketCommunicator:
    cookie = "; ".join(f"{k}={v.value}" for k, v in client.cookies.items())
    return WebsocketCommunicator(
        application,
        f"/ws/tables/{code}/{query}",
        headers=[(b"cookie", cookie.encode()), (b"host", b"testserver")],
    )


async def _socket_view(code: str, client: Client, query: str) -> dict[str, Any]:
    communicator = socket(code, client, query)
    connected, _ = await communicator.connect()
    assert connected
    try:
        return await communicator.receive_json_from(timeout=5)
    finally:
        await communicator.disconnect()


def socket_view(code: str, client: Client, query: str = "") -> dict[str, Any]:
    """What a device that connects now is sent first."""
    return async_to_sync(_socket_view)(code, client, query)


def assert_serves(devices: Devices) -> list[dict[str, Any]]:
    """Every device's poll, page, board, API view, API log, log download and a new
    socket connect answer 200 with JSON that reads back (the board's socket too); the
    logs each seat got, for the caller to look into."""
    code = devices.code
    logs = []
    for client, token in zip(devices.clients, devices.tokens, strict=True):
        for url in (f"/t/{code}/", f"/t/{code}/?board=1"):
            assert client.get(url).status_code == 200, url
        for url in (f"/t/{code}/view/", f"/t/{code}/log.json"):
            response = client.get(url)
            assert response.status_code == 200, (url, response.content[:300])
            json.loads(response.content)
        api = Client()
        for url in (f"/api/tables/{code}/", f"/api/tables/{code}/log/"):
            response = api.get(url, headers={"X-Seat-Token": token})
            assert response.status_code == 200, (url, response.content[:300])
            json.loads(response.content)
        first = socket_view(code, client)
        assert first["type"] == "view" and first["seq"] == devices.table().seq
        logs.append(first["data"]["log"])
    board = socket_view(code, Client(), "?board=1")
    assert board["type"] == "view" and board["data"]["me"] is None
    return logs
