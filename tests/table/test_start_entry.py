"""The log is the whole truth: its first entry holds the seats and options the game was
dealt from, so rebuilding from the log gives the same game whoever has left since."""

from __future__ import annotations

import importlib
import uuid

import pytest
from asgiref.sync import sync_to_async
from django.apps import apps
from django.test import Client

from companion.table import selectors, services
from companion.table.models import Action, Seat, Table
from tests.table.test_live_sync import _connect

pytestmark = pytest.mark.django_db


def post(client: Client, url: str, body: dict, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(url, body, content_type="application/json", headers=headers)


def open_mm(client: Client, user, names=("Bea", "Cy", "Dee")) -> tuple[str, list[str]]:
    """An open Missiles & Microchips table: the host (Ada) and a guest per name."""
    client.force_login(user)
    created = post(client, "/api/tables/", {"game": "missiles-and-microchips", "name": "Ada"})
    code, tokens = created.json()["code"], [created.json()["seat_token"]]
    for name in names:
        tokens.append(
            post(Client(), f"/api/tables/{code}/join/", {"name": name}).json()["seat_token"]
        )
    return code, tokens


def start(client: Client, code: str) -> None:
    assert post(client, f"/api/tables/{code}/start/", {}).status_code == 200


def choose(code: str, token: str, target: int) -> None:
    body = {
        "action": {"type": "choose", "target": target, "action": "attack"},
        "seq": Table.objects.get(code=code).seq,
        "client_id": uuid.uuid4().hex,
    }
    response = post(Client(), f"/api/tables/{code}/actions/", body, token)
    assert response.status_code == 200, response.content


def test_the_log_begins_with_the_seats_and_options_dealt(client, user, catalogue):
    code, _ = open_mm(client, user)
    start(client, code)
    table = Table.objects.get(code=code)
    first = table.actions.get(seq=0)
    assert table.seq == 0 and first.seat is None and not first.undone
    assert first.payload["type"] == "start"
    assert [(s["number"], s["name"]) for s in first.payload["seats"]] == [
        (0, "Ada"),
        (1, "Bea"),
        (2, "Cy"),
        (3, "Dee"),
    ]
    assert first.payload["options"] == table.options
    assert all(s["list_body"] is not None for s in first.payload["seats"])


def test_the_start_entry_cannot_be_undone_and_its_lists_are_never_downloaded(
    client, user, catalogue
):
    code, tokens = open_mm(client, user)
    start(client, code)
    undo = post(Client(), f"/api/tables/{code}/undo/", {"seq": 0, "client_id": "u"}, tokens[0])
    assert undo.status_code == 400
    for token in [*tokens, ""]:
        log = Client().get(f"/api/tables/{code}/log/", headers={"X-Seat-Token": token}).json()
        assert log["actions"][0] == {
            "seq": 0,
            "seat": None,
            "at": log["actions"][0]["at"],
            "type": "start",
            "undone": False,
        }
        assert "list_body" not in str(log)


def test_a_seat_removed_then_an_undo_rebuilds_the_same_game_seat_by_seat(client, user, catalogue):
    code, tokens = open_mm(client, user)
    start(client, code)
    choose(code, tokens[2], 3)
    # Mid-game the removed seat leaves the game first (logged, never taken back).
    assert client.post(f"/t/{code}/seats/1/remove/").status_code in (200, 302)
    before = Table.objects.get(code=code).state
    choose(code, tokens[0], 2)
    undo = post(
        Client(),
        f"/api/tables/{code}/undo/",
        {"seq": Table.objects.get(code=code).seq, "client_id": "u-1"},
        tokens[0],
    )
    assert undo.status_code == 200 and undo.json()["applied"] is not None, undo.content
    after = Table.objects.get(code=code).state
    assert [p["name"] for p in after["players"]] == ["Ada", "Bea", "Cy", "Dee"]
    for seat, player in enumerate(before["players"]):
        assert after["players"][seat] == player, f"seat {seat}"
    assert after == before
    table = Table.objects.get(code=code)
    cy = selectors.view_for(table, Seat.objects.get(token=tokens[2]))
    assert cy["me"] == 2 and cy["view"]["players"][2]["name"] == "Cy"
    assert cy["view"]["players"][2].get("choice") is not None  # Cy's own choice, still hers


def test_a_seat_removed_in_the_lobby_leaves_every_player_their_own_seat(client, user, catalogue):
    """The engine knows a seat by its place among the players: the start closes the gap a
    lobby removal left, so seat numbers and places agree and nobody plays another's hand."""
    code, tokens = open_mm(client, user)
    assert client.post(f"/t/{code}/seats/1/remove/").status_code in (200, 302)
    start(client, code)
    table = Table.objects.get(code=code)
    numbers = {s.name: (s.number, s.removed) for s in table.seats.all()}
    assert numbers == {"Ada": (0, False), "Cy": (1, False), "Dee": (2, False), "Bea": (3, True)}
    assert [p["name"] for p in table.state["players"]] == ["Ada", "Cy", "Dee"]
    first = table.actions.get(seq=0).payload
    assert [(s["number"], s["name"]) for s in first["seats"]] == [(0, "Ada"), (1, "Cy"), (2, "Dee")]
    choose(code, tokens[3], 0)  # Dee chooses in secret
    table = Table.objects.get(code=code)
    cy = selectors.view_for(table, Seat.objects.get(token=tokens[2]))
    dee = selectors.view_for(table, Seat.objects.get(token=tokens[3]))
    assert cy["me"] == 1 and dee["me"] == 2
    assert "choice" not in cy["view"]["players"][2]  # Cy never sees Dee's choice
    assert dee["view"]["players"][2]["choice"] is not None
    assert selectors.seat_of(table, token=tokens[1]) is None  # Bea watches


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_socket_opened_in_the_lobby_follows_its_seat_through_the_renumbering(
    user, catalogue
):
    client = Client()
    code, tokens = await sync_to_async(open_mm)(client, user, ("Bea", "Cy"))
    cy = Client()
    await sync_to_async(cy.post)(f"/t/{code}/", {"name": "Cy2"})
    await sync_to_async(client.post)(f"/t/{code}/seats/1/remove/")
    socket, first = await _connect(code, cy)
    assert first["data"]["me"] == 3 and first["data"]["view"] is None
    await sync_to_async(start)(client, code)
    pushed = await socket.receive_json_from(timeout=5)
    assert pushed["data"]["status"] == "playing" and pushed["data"]["me"] == 2
    assert pushed["data"]["view"]["players"][2]["name"] == "Cy2"
    await socket.send_json_to({"type": "sync"})
    assert (await socket.receive_json_from(timeout=5))["data"]["me"] == 2
    await socket.disconnect()


def test_a_device_cannot_send_the_start_entrys_id(client, user, catalogue):
    code, tokens = open_mm(client, user)
    start(client, code)
    body = {
        "action": {"type": "choose", "target": 1, "action": "attack"},
        "seq": 0,
        "client_id": services.START_CLIENT_ID,
    }
    response = post(Client(), f"/api/tables/{code}/actions/", body, tokens[0])
    assert response.status_code == 400 and "client_id" in response.json()


def test_the_migration_writes_the_start_of_tables_already_started(client, user, catalogue):
    """Tables started before the log kept its start get one from their seats: those not
    removed, or all of them when someone left during the game (the log then folds to the
    state only with them)."""
    migration = importlib.import_module("companion.table.migrations.0004_start_entry")
    lobby, lobby_tokens = open_mm(client, user)
    assert client.post(f"/t/{lobby}/seats/1/remove/").status_code in (200, 302)
    start(client, lobby)
    choose(lobby, lobby_tokens[0], 1)
    left, left_tokens = open_mm(client, user)
    start(client, left)
    choose(left, left_tokens[0], 2)
    assert client.post(f"/t/{left}/seats/2/remove/").status_code in (200, 302)
    Action.objects.filter(seq=0).delete()  # as they were before the migration

    migration.write_start_entries(apps, None)
    migration.write_start_entries(apps, None)  # and again: nothing twice
    for code, names in ((lobby, ["Ada", "Cy", "Dee"]), (left, ["Ada", "Bea", "Cy", "Dee"])):
        entry = Action.objects.get(table__code=code, seq=0)
        assert [s["name"] for s in entry.payload["seats"]] == names
        table = Table.objects.get(code=code)
        assert services.rebuild_state(table) == table.state


def test_the_migration_refolds_states_that_kept_a_copy_of_the_log(client, user, catalogue):
    """A table started before the state dropped its log: folded again with today's engine
    (no ``log``, no ``history``, the same game), its start entry given its dealing events."""
    migration = importlib.import_module("companion.table.migrations.0005_state_without_log")
    code, tokens = open_mm(client, user)
    start(client, code)
    choose(code, tokens[0], 1)
    table = Table.objects.get(code=code)
    now = dict(table.state)
    old = {k: v for k, v in now.items() if k != "energy_by_round"}
    old["history"] = [{"round": 1, "lines": ["Round 1 begins."]}]
    table.state = old
    table.save(update_fields=["state"])
    Action.objects.filter(table=table, seq=0).update(events=[{"type": "start", "text": "x"}])

    migration.refold_states(apps, None)

    table.refresh_from_db()
    assert table.state == now and "history" not in table.state
    assert services.rebuild_state(table) == table.state
    entry = Action.objects.get(table=table, seq=0)
    assert entry.events[0] == {"type": "start", "text": "The game started."}
    assert client.get(f"/t/{code}/").status_code == 200
