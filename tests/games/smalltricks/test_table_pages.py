"""Smalltricks through the live table: options at creation, two seats with saved faction
lists, a secret set-up that no other device sees, then moves, refusals and undo. The tests
marked ``browser`` read the table as a device draws it (``static/view.js``, ``drawn``)."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from armies import services as list_services
from catalog.models import Game
from companion.table.models import Table
from tests.games.smalltricks.table_fixtures import board_state, end_turns

pytestmark = pytest.mark.django_db

HOST_UNITS = ["mounted", "spears", "archers", "cannons", "assault-beasts", "battery-ram"]
GUEST_UNITS = ["spears", "spears", "archers", "muskets", "aerial", "militia"]


def post(client: Client, url: str, body: dict, token: str = ""):
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(url, body, content_type="application/json", headers=headers)


def saved_faction(owner, units, arrangement):
    game = Game.objects.get(slug="smalltricks")
    body = {"units": units, "arrangement": arrangement, "show_arrangement": False}
    return list_services.list_create(owner=owner, game=game, name="Mine", body=body)


@pytest.fixture
def started(client, user, other_user, catalogue):
    """Ada (seat 0, rows 1-3) and Bert (seat 1, rows 4-6), each with a saved faction."""
    host_list = saved_faction(user, HOST_UNITS, ["C2", "C3", "B2", "D2", "E2", "F3"])
    guest_list = saved_faction(other_user, GUEST_UNITS, ["A2", "B2", "C2", "D2", "E2", "F2"])
    client.force_login(user)
    created = post(
        client,
        "/api/tables/",
        {
            "game": "smalltricks",
            "name": "Ada",
            "list": host_list.pk,
            "options": {"match": "best-of-3", "round_limit": 5, "trample_damage": True},
        },
    )
    assert created.status_code == 201, created.content
    code = created.json()["code"]
    guest = Client()
    guest.force_login(other_user)
    joined = post(guest, f"/api/tables/{code}/join/", {"name": "Bert", "list": guest_list.pk})
    assert joined.status_code == 201, joined.content
    assert post(client, f"/api/tables/{code}/start/", {}).status_code == 200
    return code, [created.json()["seat_token"], joined.json()["seat_token"]]


def send(code: str, token: str, action: dict, seq: int | None = None):
    seq = Table.objects.get(code=code).seq if seq is None else seq
    return post(
        Client(),
        f"/api/tables/{code}/actions/",
        {"action": action, "seq": seq, "client_id": uuid.uuid4().hex},
        token,
    )


def view(code: str, token: str = "") -> dict:
    headers = {"X-Seat-Token": token} if token else {}
    return Client().get(f"/api/tables/{code}/", headers=headers).json()


def test_the_table_keeps_its_options_and_each_seats_faction(started):
    code, tokens = started
    v = view(code, tokens[0])["view"]
    assert v["options"]["match"] == "best-of-3" and v["options"]["round_limit"] == 5
    assert v["options"]["trample_damage"] is True
    assert v["lists"] == [HOST_UNITS, GUEST_UNITS]
    assert v["phase"] == "setup"
    assert v["default_cells"] == ["C2", "C3", "B2", "D2", "E2", "F3"]


def test_a_table_with_a_bad_option_is_refused_by_name(client, user, catalogue):
    client.force_login(user)
    for options, path in (
        ({"round_limit": 0}, "options.round_limit"),
        ({"end_of_game": "sudden-death"}, "options.end_of_game"),
        ({"trample_damage": "yes please"}, "options.trample_damage"),
    ):
        body = {"game": "smalltricks", "name": "Ada", "options": options}
        response = post(client, "/api/tables/", body)
        assert response.status_code == 400 and path in response.json()
    assert not Table.objects.exists()


def test_the_set_up_is_secret_until_both_are_ready(started):
    code, tokens = started
    # The guest's saved arrangement, mirrored into rows 4-6, is never shown to the host.
    guest_default = view(code, tokens[1])["view"]["default_cells"]
    assert guest_default == ["F5", "E5", "D5", "C5", "B5", "A5"]
    assert view(code, tokens[0])["view"]["default_cells"] != guest_default
    response = send(code, tokens[0], {"type": "setup", "cells": "C2,C3,B2,D2,E2,F3"})
    assert response.status_code == 200, response.content
    for other in (view(code, tokens[1]), view(code)):
        text = json.dumps(other["view"]["units"]) + json.dumps(other["log"])
        assert "C3" not in text and "F3" not in text
        assert other["view"]["my_setup"] == []
        assert other["view"]["ready"] == [True, False]
    assert view(code, tokens[0])["view"]["my_setup"] == ["C2", "C3", "B2", "D2", "E2", "F3"]
    # A stale seq does not stop a secret set-up: both may submit at once.
    response = send(code, tokens[1], {"type": "setup", "cells": guest_default}, seq=0)
    assert response.status_code == 200, response.content
    payload = view(code, tokens[1])
    v = payload["view"]
    assert v["phase"] == "turn" and v["round"] == 1
    assert [u["cell"] for u in v["units"]][:6] == ["C2", "C3", "B2", "D2", "E2", "F3"]
    log = payload["log"]  # the dealing's events first, from the start entry
    assert [e["type"] for e in log] == ["first", "game", "ready", "ready", "reveal", "round"]
    assert "Both arrangements revealed" in log[-2]["text"] and "C3" in log[-2]["text"]


def test_moves_refusals_and_undo_at_the_table(started):
    code, tokens = started
    send(code, tokens[0], {"type": "setup", "cells": "C2,C3,B2,D2,E2,F3"})
    send(code, tokens[1], {"type": "setup", "cells": "C5,C4,E5,D5,B5,A5"})
    state = Table.objects.get(code=code).state
    first = state["first"]
    token, other = tokens[first], tokens[1 - first]
    # Not your turn.
    assert send(code, other, {"type": "end-turn"}).status_code == 400
    # The first faction's legal moves are offered as complete actions with labels.
    moves = [a for a in view(code, token)["legal_actions"] if a["type"] == "move"]
    assert moves and all(a["label"] for a in moves)
    if first == 0:
        # Ada's Mounted passes her own Spears in C3 and charges C4, where Bert's Spears
        # stand: the Charge is countered and the rider takes the 2 damage.
        response = send(code, token, {"type": "move", "unit": "0-0", "path": ["C3", "C4"]})
        assert response.status_code == 200, response.content
        rider = response.json()["view"]["view"]["units"][0]
        assert rider["cell"] == "C4" and rider["life"] == 3
        bad = send(code, token, {"type": "move", "unit": "0-2", "path": ["B4"]})
        assert bad.status_code == 400 and "not next to" in json.dumps(bad.json())
    else:
        # Bert's Spears C4 -> C3 enter Ada's Spears: a plain move, it stops there.
        response = send(code, token, {"type": "move", "unit": "1-1", "path": ["C3"]})
        assert response.status_code == 200, response.content
        assert response.json()["view"]["view"]["units"][7]["cell"] == "C3"
        bad = send(code, token, {"type": "move", "unit": "1-1", "path": ["C2"]})
        assert bad.status_code == 400 and "already been activated" in json.dumps(bad.json())
    # A stale move is refused with the current table.
    stale = send(code, token, {"type": "end-turn"}, seq=1)
    assert stale.status_code == 409
    # The move was no reveal and no roll: its author takes it back.
    seq = Table.objects.get(code=code).seq
    undone = post(
        Client(), f"/api/tables/{code}/undo/", {"seq": seq, "client_id": uuid.uuid4().hex}, token
    )
    assert undone.status_code == 200, undone.content
    state = Table.objects.get(code=code).state
    assert all(not u["activated"] for u in state["units"])
    # The reveal is a barrier: nothing further back can be undone.
    seq = Table.objects.get(code=code).seq
    again = post(
        Client(), f"/api/tables/{code}/undo/", {"seq": seq, "client_id": uuid.uuid4().hex}, token
    )
    assert again.status_code == 400


@pytest.mark.browser
def test_the_page_turns_form_fields_into_set_up_and_moves(started, client, drawn):
    code, tokens = started
    assert client.get(f"/t/{code}/").status_code == 200
    html = drawn(client.get(f"/t/{code}/view/").json())
    assert 'class="st-board"' in html and 'data-cell="A1"' in html
    assert 'id="st-cells"' in html and "C2,C3,B2,D2,E2,F3" in html
    assert "is the first faction of game 1." in html  # the log, dealt at the start
    response = client.post(
        f"/t/{code}/act/",
        {
            "action": '{"type": "setup"}',
            "field_cells": "C2,C3,B2,D2,E2,F3",
            "seq": str(Table.objects.get(code=code).seq),
            "client_id": uuid.uuid4().hex,
        },
    )
    assert response.status_code == 200
    assert "Your arrangement is in" in drawn(response.json())
    assert Table.objects.get(code=code).state["setup"][0] == ["C2", "C3", "B2", "D2", "E2", "F3"]


@pytest.mark.browser
def test_the_page_offers_resolution_choices_and_reads_them_back(started, client, drawn):
    """A hand-made position (the Mortar Fire scenario of the engine tests) put on the table:
    the page shows seat 0's choice as a select, and the posted choice resolves the step."""
    code, _tokens = started
    state = end_turns(
        board_state([(0, "cannons", "C2"), (0, "spears", "C4"), (1, "militia", "C4")])
    )
    Table.objects.filter(code=code).update(state=state)
    html = drawn(client.get(f"/t/{code}/view/").json())
    assert 'name="map_choices__0-0"' in html and 'value="C4"' in html
    response = client.post(
        f"/t/{code}/act/",
        {
            "action": '{"type": "orders", "step": "ranged"}',
            "map_choices__0-0": "C4",
            "seq": str(Table.objects.get(code=code).seq),
            "client_id": uuid.uuid4().hex,
        },
    )
    assert response.status_code == 200
    lives = {u["id"]: u["life"] for u in Table.objects.get(code=code).state["units"]}
    assert lives["0-1"] == 1 and lives["1-0"] == 2


@pytest.mark.browser
def test_rolled_factions_are_rolled_at_the_table_before_the_set_up(client, user, catalogue, drawn):
    client.force_login(user)
    created = post(
        client,
        "/api/tables/",
        {"game": "smalltricks", "name": "Ada", "options": {"rolled_factions": True}},
    )
    code, host = created.json()["code"], created.json()["seat_token"]
    guest = post(Client(), f"/api/tables/{code}/join/", {"name": "Bert"}).json()["seat_token"]
    assert post(client, f"/api/tables/{code}/start/", {}).status_code == 200
    assert "Roll my six dice" in drawn(client.get(f"/t/{code}/view/").json())
    for token in (host, guest):
        assert send(code, token, {"type": "roll"}).status_code == 200
    assert Table.objects.get(code=code).actions.filter(barrier=True).count() == 2
    for token in (host, guest):
        assert send(code, token, {"type": "keep"}).status_code == 200
    state = Table.objects.get(code=code).state
    assert state["phase"] == "setup"
    dice = state["roll"][0]["dice"]
    faces = [u["face"] for u in state["units"] if u["seat"] == 0]
    assert faces == dice
    html = drawn(client.get(f"/t/{code}/view/").json())
    assert 'id="st-chips"' in html and html.count('class="chip"') == 6
