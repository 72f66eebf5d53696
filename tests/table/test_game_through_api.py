"""Whole games driven through the table API, every round checked against the numbers
worked by hand in the engine's own game tests."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from companion.table.models import Table
from tests.games.missiles_and_microchips.test_engine_game import GAME, choose

pytestmark = pytest.mark.django_db


def post(client: Client, url: str, body: dict, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(url, body, content_type="application/json", headers=headers)


def open_table(client: Client, user, players: int) -> tuple[str, list[str]]:
    client.force_login(user)
    created = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"})
    code, tokens = created.json()["code"], [created.json()["seat_token"]]
    for name in ("Ben", "Cy", "Dee")[: players - 1]:
        tokens.append(
            post(Client(), f"/api/tables/{code}/join/", {"name": name}).json()["seat_token"]
        )
    assert post(client, f"/api/tables/{code}/start/", {}).status_code == 200
    return code, tokens


def send(code: str, token: str, action: dict, as_table: bool = False, client=None) -> dict:
    seq = Table.objects.get(code=code).seq
    response = post(
        client or Client(),
        f"/api/tables/{code}/actions/",
        {"action": action, "seq": seq, "client_id": uuid.uuid4().hex, "as_table": as_table},
        token,
    )
    assert response.status_code == 200, response.content
    return response.json()["view"]


def public(code: str) -> dict:
    return Client().get(f"/api/tables/{code}/").json()["view"]


def test_a_four_player_game_to_its_end(client, user, catalogue):
    code, tokens = open_table(client, user, 4)
    for number, (choices, changes, energies, start, why) in enumerate(GAME, start=1):
        for seat, choice in choices.items():
            send(code, tokens[seat], choose(choice, number))
        while public(code)["phase"] == "change":
            seat = public(code)["turn"]
            action = (
                {"type": "change", "action": changes[seat]} if seat in changes else {"type": "pass"}
            )
            send(code, tokens[seat], action)
        view = public(code)
        assert [p["energy"] for p in view["players"]] == energies, (number, why)
        assert view["start"] == start, (number, why)
    view = public(code)
    assert view["over"] and view["ending"] == "last-computer-standing"
    assert view["winners"] == [3]
    assert Table.objects.get(code=code).status == "over"


def test_scorched_earth_through_the_api(client, user, catalogue):
    code, tokens = open_table(client, user, 3)
    for seat in range(3):  # the host corrects every energy to 1 (a physical-table fix)
        send(
            code,
            tokens[0],
            {"type": "adjust", "seat": seat, "delta": -4},
            as_table=True,
            client=client,
        )
    ring = {0: 1, 1: 2, 2: 0}
    for seat, target in ring.items():
        send(
            code, tokens[seat], {"type": "choose", "target": target, "action": "attack", "round": 1}
        )
    while public(code)["phase"] == "change":
        send(code, tokens[public(code)["turn"]], {"type": "pass"})
    view = public(code)
    assert view["ending"] == "scorched-earth" and view["winners"] == []
    assert [p["energy"] for p in view["players"]] == [0, 0, 0]


def test_only_the_host_may_act_for_the_table(client, user, catalogue):
    code, tokens = open_table(client, user, 3)
    response = post(
        Client(),
        f"/api/tables/{code}/actions/",
        {
            "action": {"type": "adjust", "seat": 0, "delta": 1},
            "seq": 0,
            "client_id": "x",
            "as_table": True,
        },
        tokens[1],
    )
    assert response.status_code == 400  # a guest's "as_table" is ignored: seats cannot adjust


def test_a_little_game_to_its_end_through_the_api(client, user, catalogue):
    """The engine test's hand-worked game (pressure, breaks, a steal, the win), played
    move by move through the table API on a table dealt with the same seed."""
    from catalog.models import Game
    from companion.table import services
    from tests.games.little_game.test_engine import ANN, BEN, SEED
    from tests.games.little_game.test_engine import GAME as LITTLE_GAME

    game = Game.objects.get(slug="little-game")
    table = services.table_create(host=user, game=game, name="Ann", list_body=ANN)
    guest = services.seat_join(table=table, name="Ben", list_body=BEN)
    Table.objects.filter(pk=table.pk).update(seed=SEED)
    services.table_start(table=table, by=user)
    tokens = [table.seats.get(number=0).token, guest.token]
    for seat, action in LITTLE_GAME:
        view = send(table.code, tokens[seat], action)
    result = view["view"]["result"]
    assert result["winner"] == 1 and result["reasons"] == {"0": "has no units"}
    assert view["view"]["last_steal"]["round"] == 1
    assert Table.objects.get(pk=table.pk).status == "over"
    assert view["view"]["hand"] == [1, 2, 3, 5, 6, 7] and view["view"]["hand_counts"] == [4, 6]
